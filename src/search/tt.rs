//! A lock-free transposition table shared by all search threads.
//!
//! Each entry is two atomic words: the packed data, and the key XOR the data.
//! A reader accepts an entry only when both words agree with its key, so a
//! torn write by another thread reads as a miss, never as a wrong entry. There
//! is no data race: every access is atomic. The buckets live in lazily zeroed memory
//! (`zeroed`), so a table of any size is made at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use rayon::prelude::*;

use super::memory::WARM_UP_STEP;
use super::zeroed::{PAGE, Zeroable, ZeroedSlice};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is at most the score (fail low).
    Upper = 1,
    /// The value is at least the score (fail high).
    Lower = 2,
    /// The score is the value.
    Exact = 3,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    /// The best move's code ([`NO_MOVE`] when none).
    pub move_code: u32,
    /// The score, relative to the node (see `score::to_tt`).
    pub score: i32,
    /// The remaining depth it was searched to.
    pub depth: u8,
    /// How the score bounds the value.
    pub bound: Bound,
}

/// The move code stored when an entry has no move.
pub const NO_MOVE: u32 = u32::MAX;
const ENTRIES_PER_BUCKET: usize = 4;
const AGE_MASK: u8 = 63;

struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

// SAFETY: a bucket is atomics only, for which zero bytes are the value 0.
unsafe impl Zeroable for Bucket {}

fn pack(e: &TtEntry, age: u8) -> u64 {
    e.move_code as u64
        | ((e.score as i16 as u16 as u64) << 32)
        | ((e.depth as u64) << 48)
        | ((e.bound as u64) << 56)
        | ((age as u64) << 58)
}

fn unpack(data: u64) -> (TtEntry, u8) {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    let entry = TtEntry {
        move_code: data as u32,
        score: (data >> 32) as u16 as i16 as i32,
        depth: (data >> 48) as u8,
        bound,
    };
    (entry, (data >> 58) as u8)
}

/// The shared table, sized in MiB.
pub struct TranspositionTable {
    buckets: ZeroedSlice<Bucket>,
    age: AtomicU8,
    /// Whether all of the table's memory is known to be mapped (warmed up or written).
    mapped: AtomicBool,
}

impl TranspositionTable {
    /// A table using about `mib` MiB (at least one bucket).
    ///
    /// Panics when the memory cannot be had; see [`TranspositionTable::try_new`].
    pub fn new(mib: usize) -> Self {
        Self::try_new(mib).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A table using about `mib` MiB, or an error when the system refuses that much memory.
    pub fn try_new(mib: usize) -> Result<Self, String> {
        super::memory::check_fits(mib, "the hash table")?;
        let count = mib * 1024 * 1024 / std::mem::size_of::<Bucket>();
        let buckets = ZeroedSlice::new(count)
            .ok_or_else(|| format!("cannot allocate a {mib} MiB hash table"))?;
        Ok(TranspositionTable {
            buckets,
            age: AtomicU8::new(0),
            mapped: AtomicBool::new(false),
        })
    }

    /// Forgets every entry (by writing every one: for a large table, making a new one is
    /// faster).
    pub fn clear(&self) {
        self.buckets.par_iter().for_each(|bucket| {
            for e in &bucket.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        });
        self.age.store(0, Relaxed);
        self.mapped.store(true, Relaxed);
    }

    /// Whether all of the table's memory is mapped (a warm-up or [`TranspositionTable::clear`]
    /// went over all of it), so that clearing it only writes memory.
    pub fn is_mapped(&self) -> bool {
        self.mapped.load(Relaxed)
    }

    /// Has the system map the table's buckets from `from` on, up to `bytes` of them, while
    /// searches may be using it: one compare-exchange per 4 KiB page that leaves every entry as
    /// it is (it writes a 0 over a 0 at most). Searches then find the table mapped instead of
    /// taking the page faults themselves (several microseconds each on a virtual machine, more
    /// when threads take them at once). Returns the bucket to go on from; the table's length
    /// once all is mapped.
    pub fn warm_up(&self, from: usize, bytes: usize) -> usize {
        const PAGE_BUCKETS: usize = PAGE / std::mem::size_of::<Bucket>();
        let end = (from + bytes / std::mem::size_of::<Bucket>()).min(self.buckets.len());
        for bucket in self.buckets[from.min(end)..end]
            .iter()
            .step_by(PAGE_BUCKETS)
        {
            let _ = bucket.entries[0]
                .check
                .compare_exchange(0, 0, Relaxed, Relaxed);
        }
        end
    }

    /// Maps the table's memory now, beside any warm-up thread, a step ([`WARM_UP_STEP`]) at a
    /// time until all of it is mapped or `deadline` has passed, so that the next search takes
    /// fewer page faults in it. Returns whether all of it is mapped.
    pub fn map_until(&self, deadline: Instant) -> bool {
        let mut at = 0;
        while !self.is_mapped() {
            if Instant::now() >= deadline {
                return false;
            }
            at = self.map_step(at);
        }
        true
    }

    /// Maps one step ([`WARM_UP_STEP`]) from bucket `at`, and marks the table mapped when that
    /// step was the last; returns the bucket to go on from.
    fn map_step(&self, at: usize) -> usize {
        let at = self.warm_up(at, WARM_UP_STEP);
        if at == self.buckets.len() {
            self.mapped.store(true, Relaxed);
        }
        at
    }

    /// Starts a thread that maps the table (see [`TranspositionTable::warm_up`]) a step at a
    /// time ([`WARM_UP_STEP`]) until all of it is mapped or the table is dropped.
    pub fn warm_up_apart(table: &Arc<Self>) {
        let table = Arc::downgrade(table);
        let _ = std::thread::Builder::new()
            .name("table warm-up".to_string())
            .spawn(move || {
                let mut at = 0;
                while let Some(table) = table.upgrade()
                    && at < table.buckets.len()
                {
                    at = table.map_step(at);
                }
            });
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&self) {
        let age = (self.age.load(Relaxed) + 1) & AGE_MASK;
        self.age.store(age, Relaxed);
    }

    fn bucket_index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[self.bucket_index(key)]
    }

    /// Asks the processor to bring `key`'s bucket into its cache, so that a lookup soon after
    /// waits less for memory. Only a hint: it changes nothing (and does nothing off x86-64).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        self.buckets.prefetch(self.bucket_index(key));
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        self.bucket(key).entries.iter().find_map(|e| {
            let data = e.data.load(Relaxed);
            (data != 0 && e.check.load(Relaxed) ^ data == key).then(|| unpack(data).0)
        })
    }

    /// Stores an entry, replacing the same key's entry or the least valuable one in its bucket.
    pub fn store(&self, key: u64, mut entry: TtEntry) {
        let age = self.age.load(Relaxed);
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Relaxed);
            if data == 0 {
                victim = e;
                break;
            }
            let (old, old_age) = unpack(data);
            if e.check.load(Relaxed) ^ data == key {
                if entry.bound != Bound::Exact && entry.depth + 2 < old.depth && old_age == age {
                    return;
                }
                if entry.move_code == NO_MOVE {
                    entry.move_code = old.move_code;
                }
                victim = e;
                break;
            }
            let staleness = ((age.wrapping_sub(old_age)) & AGE_MASK) as i32;
            let worth = old.depth as i32 - 8 * staleness;
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let data = pack(&entry, age);
        victim.data.store(data, Relaxed);
        victim.check.store(key ^ data, Relaxed);
    }

    /// Permille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let age = self.age.load(Relaxed);
        let sample = self.buckets.iter().take(250).flat_map(|b| b.entries.iter());
        let (mut used, mut seen) = (0, 0);
        for e in sample {
            seen += 1;
            let data = e.data.load(Relaxed);
            used += (data != 0 && unpack(data).1 == age) as u32;
        }
        (used * 1000).checked_div(seen).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(score: i32, depth: u8) -> TtEntry {
        TtEntry {
            move_code: 77,
            score,
            depth,
            bound: Bound::Lower,
        }
    }

    #[test]
    fn prefetching_changes_no_entry() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF, entry(-29_990, 12));
        for key in [0xDEAD_BEEF, 0xDEAD_BEEE, 0, u64::MAX] {
            tt.prefetch(key);
        }
        assert_eq!(tt.probe(0xDEAD_BEEF), Some(entry(-29_990, 12)));
        assert_eq!(tt.probe(0xDEAD_BEEE), None);
    }

    #[test]
    fn stores_and_finds_negative_scores() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF, entry(-29_990, 12));
        assert_eq!(tt.probe(0xDEAD_BEEF), Some(entry(-29_990, 12)));
        assert_eq!(tt.probe(0xDEAD_BEEE), None);
        tt.clear();
        assert_eq!(tt.probe(0xDEAD_BEEF), None);
    }

    #[test]
    fn warming_up_goes_through_the_table_in_steps_and_changes_nothing() {
        let tt = TranspositionTable::new(1);
        let keys: Vec<u64> = (1..500u64)
            .map(|k| k.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &key in &keys {
            tt.store(key, entry(key as i16 as i32, 3));
        }
        let (mut at, mut steps) = (0, 0);
        while at < tt.buckets.len() {
            at = tt.warm_up(at, 100_000);
            steps += 1;
        }
        assert_eq!(steps, (1 << 20) / 100_000 + 1);
        assert!(
            keys.iter()
                .all(|&k| tt.probe(k) == Some(entry(k as i16 as i32, 3)))
        );
    }

    #[test]
    fn a_table_is_mapped_once_cleared_or_warmed_up_apart() {
        let tt = TranspositionTable::new(1);
        assert!(!tt.is_mapped());
        tt.store(7, entry(5, 2));
        tt.clear();
        assert!(tt.is_mapped());
        assert_eq!(tt.probe(7), None);
        let tt = Arc::new(TranspositionTable::new(1));
        TranspositionTable::warm_up_apart(&tt);
        // Not a timing: the bound only keeps a broken warm-up from hanging the test.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while !tt.is_mapped() {
            assert!(std::time::Instant::now() < deadline, "never mapped");
            std::thread::yield_now();
        }
    }

    #[test]
    fn mapping_a_table_until_a_deadline_keeps_its_entries() {
        let tt = TranspositionTable::new(9);
        tt.store(7, entry(5, 2));
        assert!(!tt.map_until(Instant::now()), "no time: nothing mapped");
        assert!(!tt.is_mapped());
        let later = Instant::now() + std::time::Duration::from_secs(3600);
        assert!(tt.map_until(later), "three steps of 4 MiB");
        assert!(tt.is_mapped());
        assert_eq!(tt.probe(7), Some(entry(5, 2)));
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest() {
        let tt = TranspositionTable::new(0);
        for (i, depth) in [5u8, 1, 9, 7].into_iter().enumerate() {
            tt.store(i as u64 + 1, entry(i as i32, depth));
        }
        tt.store(99, entry(0, 3));
        assert_eq!(tt.probe(2), None, "depth 1 was the cheapest to lose");
        assert!(tt.probe(99).is_some() && tt.probe(3).is_some());
    }

    #[test]
    fn hashfull_counts_this_search_only() {
        let tt = TranspositionTable::new(0);
        tt.store(1, entry(0, 1));
        assert_eq!(tt.hashfull(), 250);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }
}
