//! The net's forward pass in integers: the first layer summed over the active inputs (i16,
//! wrapping), clipped to `0..=QA`, and its dot product with the output weights (i32). The
//! AVX2 path and the scalar path compute the same integers; the AVX2 one is taken where the
//! CPU has it.

use super::file::{NetShape, NetWeights};

/// The most hidden units a net may have.
pub const MAX_HIDDEN: usize = 1024;

/// The output for the active inputs, in QA x QB per logit.
pub fn output(shape: &NetShape, weights: &NetWeights, active: &[u16]) -> i32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::output(shape, weights, active) };
    }
    scalar_output(shape, weights, active)
}

/// The output computed one unit at a time (the reference for the SIMD path).
pub fn scalar_output(shape: &NetShape, weights: &NetWeights, active: &[u16]) -> i32 {
    let hidden = shape.hidden;
    let mut accumulator = [0i16; MAX_HIDDEN];
    let accumulator = &mut accumulator[..hidden];
    accumulator.copy_from_slice(&weights.feature_bias);
    for &input in active {
        let row = &weights.feature[input as usize * hidden..][..hidden];
        for (sum, &weight) in accumulator.iter_mut().zip(row) {
            *sum = sum.wrapping_add(weight);
        }
    }
    let clip = shape.qa as i16;
    accumulator
        .iter()
        .zip(&weights.output)
        .fold(weights.output_bias, |sum, (&unit, &weight)| {
            sum.wrapping_add(i32::from(unit.clamp(0, clip)) * i32::from(weight))
        })
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::{NetShape, NetWeights};

    /// Hidden units in one register.
    const LANES: usize = 16;

    /// [`super::scalar_output`] sixteen units at a time.
    ///
    /// # Safety
    /// The CPU must have AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn output(shape: &NetShape, weights: &NetWeights, active: &[u16]) -> i32 {
        let hidden = shape.hidden;
        assert!(hidden % LANES == 0 && weights.feature.len() >= hidden * shape.inputs);
        let zero = _mm256_setzero_si256();
        let clip = _mm256_set1_epi16(shape.qa as i16);
        let mut total = _mm256_setzero_si256();
        for start in (0..hidden).step_by(LANES) {
            let mut sum = load(&weights.feature_bias[start..]);
            for &input in active {
                let row = &weights.feature[input as usize * hidden + start..];
                sum = _mm256_add_epi16(sum, load(row));
            }
            let clipped = _mm256_min_epi16(_mm256_max_epi16(sum, zero), clip);
            let products = _mm256_madd_epi16(clipped, load(&weights.output[start..]));
            total = _mm256_add_epi32(total, products);
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` holds eight i32, one register's worth.
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::file::{CLIPPED_RELU, NetShape, NetWeights};
    use rand::{Rng as _, SeedableRng as _};

    #[test]
    fn the_simd_path_and_the_scalar_path_give_the_same_integers() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
        for hidden in [16, 32, 64, 128] {
            let inputs = 300;
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
                (0..n)
                    .map(|_| (rng.next_u32() % (2 * range as u32 + 1)) as i16 - range)
                    .collect()
            };
            let weights = NetWeights {
                feature: draw(inputs * hidden, 200),
                feature_bias: draw(hidden, 300),
                output: draw(hidden, 127),
                output_bias: 999,
            };
            for count in [0, 1, 7, 40] {
                let active: Vec<u16> = (0..count).map(|i| ((i * 37) % inputs) as u16).collect();
                let scalar = scalar_output(&shape, &weights, &active);
                assert_eq!(output(&shape, &weights, &active), scalar);
            }
        }
    }
}
