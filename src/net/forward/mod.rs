//! The net's forward pass in integers: the first layer's sums (i16, wrapping) over the active
//! inputs, clipped to `0..=QA`, and their dot product with the output weights (i32). Wrapping
//! sums are exact modulo 2^16, so sums kept up to date by adding and taking away rows equal
//! sums made afresh. The AVX2 path ([`avx2`]) and the scalar path ([`scalar`]) compute the
//! same integers; the AVX2 one is taken where the CPU has it. Another instruction set is one
//! more file of the same three functions.

#[cfg(target_arch = "x86_64")]
mod avx2;
pub mod scalar;

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
#[inline]
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
    refresh(shape, weights, active, &mut sums.0);
    output_of(shape, weights, &sums.0)
}

/// The first layer's sums (the first `hidden` of `sums`) for the active inputs, made afresh.
pub fn refresh(shape: &NetShape, weights: &NetWeights, active: &[u16], sums: &mut [i16]) {
    let sums = &mut sums[..shape.hidden];
    sums.copy_from_slice(&weights.feature_bias);
    update(shape, weights, active, &[], sums);
}

/// Adds the rows of `added` to the sums and takes those of `removed` away.
#[inline]
pub fn update(
    shape: &NetShape,
    weights: &NetWeights,
    added: &[u16],
    removed: &[u16],
    sums: &mut [i16],
) {
    let rows = Rows::new(shape.hidden, weights, added, removed);
    let sums = &mut sums[..shape.hidden];
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::update(rows, sums) };
    }
    scalar::update(rows, sums);
}

/// Writes to `to` the sums `from` with the rows of `added` added and those of `removed`
/// taken away (`from` itself unchanged).
#[inline]
pub fn update_into(
    shape: &NetShape,
    weights: &NetWeights,
    added: &[u16],
    removed: &[u16],
    from: &[i16],
    to: &mut [i16],
) {
    let rows = Rows::new(shape.hidden, weights, added, removed);
    let (from, to) = (&from[..shape.hidden], &mut to[..shape.hidden]);
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::update_into(rows, from, to) };
    }
    to.copy_from_slice(from);
    scalar::update(rows, to);
}

/// The output from the first layer's sums (the first `hidden` of `sums`).
#[inline]
pub fn output_of(shape: &NetShape, weights: &NetWeights, sums: &[i16]) -> i32 {
    let clip = shape.qa as i16;
    let (sums, output) = (&sums[..shape.hidden], &weights.output[..shape.hidden]);
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU has AVX2 (checked just above).
        return unsafe { avx2::output_of(clip, sums, output, weights.output_bias) };
    }
    scalar::output_of(clip, sums, output, weights.output_bias)
}

/// The first-layer rows an update adds and takes away, with the layer's width.
#[derive(Clone, Copy)]
pub struct Rows<'a> {
    /// Hidden units: the length of a row.
    pub hidden: usize,
    /// The first layer's weights, input by input.
    pub feature: &'a [i16],
    /// The inputs whose rows are added.
    pub added: &'a [u16],
    /// The inputs whose rows are taken away.
    pub removed: &'a [u16],
}

impl<'a> Rows<'a> {
    /// The rows of `added` and `removed` in `weights`, each `hidden` long.
    fn new(hidden: usize, weights: &'a NetWeights, added: &'a [u16], removed: &'a [u16]) -> Self {
        Rows {
            hidden,
            feature: &weights.feature,
            added,
            removed,
        }
    }

    /// The row of `input`.
    #[inline]
    pub fn of(&self, input: u16) -> &'a [i16] {
        &self.feature[input as usize * self.hidden..][..self.hidden]
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
                let mut scalar = weights.feature_bias.clone();
                scalar::update(Rows::new(hidden, &weights, &active, &[]), &mut scalar);
                let mut simd = Accumulator::default();
                refresh(&shape, &weights, &active, &mut simd.0);
                assert_eq!(scalar[..], simd.0[..hidden]);
                let expected = scalar::output_of(255, &scalar, &weights.output, 999);
                assert_eq!(output_of(&shape, &weights, &simd.0), expected);
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
        refresh(&shape, &weights, &before, &mut sums.0);
        let mut next = Accumulator::default();
        update_into(&shape, &weights, &[77, 150], &[50], &sums.0, &mut next.0);
        update(&shape, &weights, &[77, 150], &[50], &mut sums.0);
        let mut fresh = Accumulator::default();
        refresh(&shape, &weights, &after, &mut fresh.0);
        assert_eq!(sums.0[..64], fresh.0[..64]);
        assert_eq!(next.0[..64], fresh.0[..64]);
    }
}
