//! The forward pass one unit at a time: the reference the SIMD paths give the same integers
//! as, and the path of CPUs without them.

use super::Rows;

/// Adds the added rows to `sums` and takes the removed ones away (wrapping).
pub fn update(rows: Rows, sums: &mut [i16]) {
    for &input in rows.added {
        sums.iter_mut()
            .zip(rows.of(input))
            .for_each(|(s, &w)| *s = s.wrapping_add(w));
    }
    for &input in rows.removed {
        sums.iter_mut()
            .zip(rows.of(input))
            .for_each(|(s, &w)| *s = s.wrapping_sub(w));
    }
}

/// The output bias plus each sum, clipped to `0..=clip`, times its output weight.
pub fn output_of(clip: i16, sums: &[i16], output: &[i16], bias: i32) -> i32 {
    sums.iter().zip(output).fold(bias, |sum, (&unit, &weight)| {
        sum.wrapping_add(i32::from(unit.clamp(0, clip)) * i32::from(weight))
    })
}
