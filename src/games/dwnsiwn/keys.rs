//! The Zobrist keys of a Dwnsiwn position: filled cells, stocks, pending rolls, the decider.

use super::pyramid::CellIndex;
use crate::game::hashing::{key_table, mix64};

/// A Zobrist-style key for one fact about the position.
#[inline]
fn key(kind: u64, fact: u64) -> u64 {
    mix64(kind << 56 ^ fact)
}

/// The key of a filled cell: its die's colour and what it shows (for the dungeon, its placer).
#[inline]
pub(super) fn cell_key(cell: CellIndex, colour: u8, shown: [u8; 3]) -> u64 {
    key(
        1,
        cell as u64
            | (colour as u64) << 5
            | (shown[0] as u64) << 6
            | (shown[1] as u64) << 9
            | (shown[2] as u64) << 12,
    )
}

/// Keys for (stock owner, colour, value, count): counts run 0..=10.
static STOCK_KEYS: [u64; 2 * 2 * 7 * 11] = key_table(0x0073_746f_636b);
/// Keys for (queue slot, entry).
static QUEUE_KEYS: [u64; 20 * 4] = key_table(0x7175_6575);

/// The key of a stock's count of dice of one colour and value.
#[inline]
pub(super) fn stock_key(owner: usize, colour: usize, value: usize, count: u8) -> u64 {
    STOCK_KEYS[((owner * 2 + colour) * 7 + value) * 11 + count as usize]
}

/// The key of a pending roll in its queue slot.
#[inline]
pub(super) fn queue_key(slot: usize, entry: u8) -> u64 {
    QUEUE_KEYS[slot * 4 + entry as usize]
}

/// The key of `p2` deciding.
pub(super) const DECIDER_KEY: u64 = mix64(4 << 56);
