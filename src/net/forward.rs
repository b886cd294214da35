//! The net's forward pass in integers: the first layer's sums (i16, wrapping) over the active
//! inputs, clipped to `0..=QA`, and their dot product with the output weights (i32). Wrapping
//! sums are exact modulo 2^16, so sums kept up to date by adding and taking away rows equal
//! sums made afresh. The AVX2 path and the scalar path compute the same integers; the AVX2
//! one is taken where the CPU has it.

use super::file::{MAX_HIDDEN, NetShape, NetWeights};

/// The first layer's sums, kept on cache lines of their own (the SIMD loads themselves need no
/// alignment: they are unaligned loads).
#[derive(Clone)]
#[repr(C, align(64))]
pub struct Accumulator(pub [i16; MAX_HIDDEN]);

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator([0; MAX_HIDDEN])
    }
}

/// Whether the CPU runs the AVX2 path.
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The output for the active inputs, in QA x QB per logit, from sums made afresh.
pub fn output(shape: &NetShape, weights: &NetWeights, active: &[u16]) -> i32 {
    let mut sums = Accumulator::default();
    refresh(shape, weights, active, &mut sums);
    output_of(shape, weights, &sums)
}

/// The first layer's sums for the active inputs, made afresh.
pub fn refresh(shape: &NetShape, weights: &NetWeights, active: &[u16], sums: &mut Accumulator) {
    sums.0[..shape.hidden].copy_from_slice(&weights.feature_bias);
    update(shape, weights, active, &[], sums);
}

/// Adds the rows of `added` to the sums and takes those of `removed` away.
pub fn update(
    shape: &NetShape,
    weights: &NetWeights,
    added: &[u16],
    removed: &[u16],
    sums: &mut Accumulator,
) {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::update(shape.hidden, weights, added, removed, sums) };
    }
    scalar_update(shape.hidden, weights, added, removed, sums);
}

/// The output from the first layer's sums.
pub fn output_of(shape: &NetShape, weights: &NetWeights, sums: &Accumulator) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::output_of(shape, weights, sums) };
    }
    scalar_output_of(shape, weights, sums)
}

/// [`update`] one unit at a time (the reference for the SIMD path).
pub fn scalar_update(
    hidden: usize,
    weights: &NetWeights,
    added: &[u16],
    removed: &[u16],
    sums: &mut Accumulator,
) {
    let sums = &mut sums.0[..hidden];
    for &input in added {
        let row = &weights.feature[input as usize * hidden..][..hidden];
        sums.iter_mut()
            .zip(row)
            .for_each(|(s, &w)| *s = s.wrapping_add(w));
    }
    for &input in removed {
        let row = &weights.feature[input as usize * hidden..][..hidden];
        sums.iter_mut()
            .zip(row)
            .for_each(|(s, &w)| *s = s.wrapping_sub(w));
    }
}

/// [`output_of`] one unit at a time (the reference for the SIMD path).
pub fn scalar_output_of(shape: &NetShape, weights: &NetWeights, sums: &Accumulator) -> i32 {
    let clip = shape.qa as i16;
    sums.0[..shape.hidden].iter().zip(&weights.output).fold(
        weights.output_bias,
        |sum, (&unit, &weight)| {
            sum.wrapping_add(i32::from(unit.clamp(0, clip)) * i32::from(weight))
        },
    )
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{Accumulator, NetShape, NetWeights};

    /// Hidden units in one register.
    const LANES: usize = 16;

    /// [`super::scalar_update`] sixteen units at a time.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn update(
        hidden: usize,
        weights: &NetWeights,
        added: &[u16],
        removed: &[u16],
        sums: &mut Accumulator,
    ) {
        assert!(hidden % LANES == 0 && hidden <= sums.0.len());
        for start in (0..hidden).step_by(LANES) {
            let mut sum = load(&sums.0[start..]);
            for &input in added {
                sum = _mm256_add_epi16(
                    sum,
                    load(&weights.feature[input as usize * hidden + start..]),
                );
            }
            for &input in removed {
                sum = _mm256_sub_epi16(
                    sum,
                    load(&weights.feature[input as usize * hidden + start..]),
                );
            }
            store(&mut sums.0[start..], sum);
        }
    }

    /// [`super::scalar_output_of`] sixteen units at a time.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn output_of(shape: &NetShape, weights: &NetWeights, sums: &Accumulator) -> i32 {
        let zero = _mm256_setzero_si256();
        let clip = _mm256_set1_epi16(shape.qa as i16);
        let mut total = _mm256_setzero_si256();
        for start in (0..shape.hidden).step_by(LANES) {
            let sum = load(&sums.0[start..]);
            let clipped = _mm256_min_epi16(_mm256_max_epi16(sum, zero), clip);
            let products = _mm256_madd_epi16(clipped, load(&weights.output[start..]));
            total = _mm256_add_epi32(total, products);
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` holds eight i32, one register's worth; storeu needs no alignment.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), total) };
        lanes
            .iter()
            .fold(weights.output_bias, |sum, &lane| sum.wrapping_add(lane))
    }

    /// Sixteen i16 from the start of `values` (which must hold that many).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load(values: &[i16]) -> __m256i {
        let values = &values[..LANES];
        // SAFETY: `values` holds sixteen i16 (checked by the slice above), 32 bytes, and
        // loadu needs no alignment.
        unsafe { _mm256_loadu_si256(values.as_ptr().cast()) }
    }

    /// Writes sixteen i16 to the start of `values` (which must hold that many).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn store(values: &mut [i16], register: __m256i) {
        let values = &mut values[..LANES];
        // SAFETY: `values` holds sixteen i16 (checked by the slice above), 32 bytes, and
        // storeu needs no alignment.
        unsafe { _mm256_storeu_si256(values.as_mut_ptr().cast(), register) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::file::{CLIPPED_RELU, NetShape, NetWeights};
    use rand::SeedableRng as _;

    fn random_net(inputs: usize, hidden: usize, seed: u64) -> (NetShape, NetWeights) {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let shape = NetShape {
            game: "test".to_string(),
            inputs,
            hidden,
            activation: CLIPPED_RELU,
            qa: 255,
            qb: 64,
            decade: 400,
            layout: 0,
        };
        let mut draw = |n: usize, range: i16| -> Vec<i16> {
            use rand::Rng as _;
            (0..n)
                .map(|_| (rng.next_u32() % (2 * range as u32 + 1)) as i16 - range)
                .collect()
        };
        let weights = NetWeights {
            feature: draw(inputs * hidden, 200),
            feature_bias: draw(hidden, 300),
            output: draw(hidden, 127),
            output_bias: 999,
            policy: None,
        };
        (shape, weights)
    }

    #[test]
    fn the_simd_path_and_the_scalar_path_give_the_same_integers() {
        for hidden in [16, 32, 64, 128] {
            let (shape, weights) = random_net(300, hidden, hidden as u64);
            for count in [0, 1, 7, 40] {
                let active: Vec<u16> = (0..count).map(|i| ((i * 37) % 300) as u16).collect();
                let mut scalar = Accumulator::default();
                scalar.0[..hidden].copy_from_slice(&weights.feature_bias);
                scalar_update(hidden, &weights, &active, &[], &mut scalar);
                let mut simd = Accumulator::default();
                refresh(&shape, &weights, &active, &mut simd);
                assert_eq!(scalar.0[..hidden], simd.0[..hidden]);
                let expected = scalar_output_of(&shape, &weights, &scalar);
                assert_eq!(output_of(&shape, &weights, &simd), expected);
                assert_eq!(output(&shape, &weights, &active), expected);
            }
        }
    }

    #[test]
    fn sums_updated_by_rows_added_and_taken_away_equal_sums_made_afresh() {
        let (shape, weights) = random_net(200, 64, 9);
        let before: Vec<u16> = vec![3, 50, 51, 120, 199];
        let after: Vec<u16> = vec![3, 51, 77, 120, 150, 199];
        let mut sums = Accumulator::default();
        refresh(&shape, &weights, &before, &mut sums);
        update(&shape, &weights, &[77, 150], &[50], &mut sums);
        let mut fresh = Accumulator::default();
        refresh(&shape, &weights, &after, &mut fresh);
        assert_eq!(sums.0[..64], fresh.0[..64]);
    }
}
