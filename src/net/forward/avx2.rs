//! The forward pass sixteen hidden units at a time, with AVX2 (the same integers as
//! [`super::scalar`]).

use std::arch::x86_64::*;

use super::Rows;

/// Hidden units in one register.
const LANES: usize = 16;
/// Registers of sums an update keeps while it adds rows (128 units).
const BLOCK: usize = 8;

/// [`super::scalar::update`] sixteen units at a time.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn update(rows: Rows, sums: &mut [i16]) {
    assert!(rows.hidden % LANES == 0 && sums.len() == rows.hidden);
    let from = sums.as_ptr();
    // SAFETY: the CPU has AVX2; `from` and `sums` are the same `hidden` units, each block
    // read before it is written.
    unsafe { update_blocks(&rows, from, sums.as_mut_ptr()) }
}

/// [`super::update_into`] sixteen units at a time.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn update_into(rows: Rows, from: &[i16], to: &mut [i16]) {
    assert!(rows.hidden % LANES == 0 && from.len() == rows.hidden && to.len() == rows.hidden);
    // SAFETY: the CPU has AVX2; both hold `hidden` units.
    unsafe { update_blocks(&rows, from.as_ptr(), to.as_mut_ptr()) }
}

/// Writes to `to` the sums at `from` with the rows added and taken away, eight registers
/// (128 units) at a time while that many are left, then one: each block of sums stays in
/// registers while every row's part of it is added, so each row is read once and the sums once.
///
/// # Safety
/// The CPU must have AVX2; `from` and `to` must hold `rows.hidden` units (a multiple of 16),
/// and `to` may be `from` but must not overlap it otherwise.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn update_blocks(rows: &Rows, from: *const i16, to: *mut i16) {
    let hidden = rows.hidden;
    let inside = |&input: &u16| (input as usize + 1) * hidden <= rows.feature.len();
    assert!(rows.added.iter().chain(rows.removed).all(inside));
    let mut start = 0;
    while start + BLOCK * LANES <= hidden {
        // SAFETY: the CPU has AVX2; the block lies within the sums and every row (above).
        unsafe { update_block::<BLOCK>(rows, start, from, to) };
        start += BLOCK * LANES;
    }
    while start < hidden {
        // SAFETY: as above, one register.
        unsafe { update_block::<1>(rows, start, from, to) };
        start += LANES;
    }
}

/// [`update_blocks`] for units `start..start + 16 * N`.
///
/// # Safety
/// As [`update_blocks`], with those units within `hidden` and within every row.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn update_block<const N: usize>(rows: &Rows, start: usize, from: *const i16, to: *mut i16) {
    let (hidden, feature) = (rows.hidden, rows.feature.as_ptr());
    // SAFETY: units `start..start + 16 * N` of `from` lie within the sums (the caller's promise).
    let mut sums: [__m256i; N] = std::array::from_fn(|k| unsafe { load(from, start + k * LANES) });
    for (inputs, add) in [(rows.added, true), (rows.removed, false)] {
        for &input in inputs {
            // SAFETY: the row of `input` holds `hidden` units (the caller's promise), and
            // `start + 16 * N <= hidden`.
            let row = unsafe { feature.add(input as usize * hidden + start) };
            for (k, sum) in sums.iter_mut().enumerate() {
                // SAFETY: unit `16k` of the row's block lies within the row, as above.
                let weights = unsafe { load(row, k * LANES) };
                *sum = match add {
                    true => _mm256_add_epi16(*sum, weights),
                    false => _mm256_sub_epi16(*sum, weights),
                };
            }
        }
    }
    for (k, sum) in sums.iter().enumerate() {
        // SAFETY: units `start + 16k ..+16` of `to` lie within the sums (the caller's promise).
        unsafe { _mm256_storeu_si256(to.add(start + k * LANES).cast(), *sum) };
    }
}

/// Sixteen i16 from `at + offset`.
///
/// # Safety
/// The CPU must have AVX2, and the sixteen units must be readable.
#[inline]
#[target_feature(enable = "avx2")]
unsafe fn load(at: *const i16, offset: usize) -> __m256i {
    // SAFETY: the caller's promise; loadu needs no alignment.
    unsafe { _mm256_loadu_si256(at.add(offset).cast()) }
}

/// [`super::scalar::output_of`] sixteen units at a time.
///
/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn output_of(clip: i16, sums: &[i16], output: &[i16], bias: i32) -> i32 {
    assert!(sums.len() % LANES == 0 && output.len() == sums.len());
    let zero = _mm256_setzero_si256();
    let clip = _mm256_set1_epi16(clip);
    let mut total = _mm256_setzero_si256();
    for start in (0..sums.len()).step_by(LANES) {
        let sum = load_slice(&sums[start..]);
        let clipped = _mm256_min_epi16(_mm256_max_epi16(sum, zero), clip);
        let products = _mm256_madd_epi16(clipped, load_slice(&output[start..]));
        total = _mm256_add_epi32(total, products);
    }
    let mut lanes = [0i32; 8];
    // SAFETY: `lanes` holds eight i32, one register's worth; storeu needs no alignment.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), total) };
    lanes.iter().fold(bias, |sum, &lane| sum.wrapping_add(lane))
}

/// Sixteen i16 from the start of `values` (which must hold that many).
#[inline]
#[target_feature(enable = "avx2")]
fn load_slice(values: &[i16]) -> __m256i {
    let values = &values[..LANES];
    // SAFETY: `values` holds sixteen i16 (checked by the slice above), 32 bytes, and loadu
    // needs no alignment.
    unsafe { _mm256_loadu_si256(values.as_ptr().cast()) }
}
