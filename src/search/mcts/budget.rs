//! The iterations of one search shared out among its threads: claimed in chunks from one
//! counter, so that threads seldom write the same cache line, and counted per thread.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::search::padded::Padded;

/// The most iterations one claim takes.
const MAX_CHUNK: u64 = 64;

/// A node limit shared by a search's threads, and what each thread has run.
pub struct IterationBudget {
    claimed: Padded<AtomicU64>,
    limit: u64,
    done: Box<[Padded<AtomicU64>]>,
}

impl IterationBudget {
    /// A budget of `limit` iterations (none: unbounded) for `threads` threads.
    pub fn new(limit: Option<u64>, threads: usize) -> Self {
        IterationBudget {
            claimed: Padded(AtomicU64::new(0)),
            limit: limit.unwrap_or(u64::MAX),
            done: (0..threads.max(1))
                .map(|_| Padded(AtomicU64::new(0)))
                .collect(),
        }
    }

    /// Claims iterations for one thread: how many it may run, 0 once the limit is reached.
    /// Chunks shrink as the limit nears, so that the threads finish together.
    pub fn claim(&self) -> u64 {
        let threads = self.done.len() as u64;
        let remaining = self.limit.saturating_sub(self.claimed.load(Relaxed));
        let chunk = (remaining / (8 * threads)).clamp(1, MAX_CHUNK);
        let start = self.claimed.fetch_add(chunk, Relaxed);
        chunk.min(self.limit.saturating_sub(start))
    }

    /// Records that thread `thread` has run `iterations` in all.
    pub fn record(&self, thread: usize, iterations: u64) {
        self.done[thread].store(iterations, Relaxed);
    }

    /// The iterations all threads have run.
    pub fn done(&self) -> u64 {
        self.done.iter().map(|d| d.load(Relaxed)).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_add_up_to_the_limit_exactly() {
        let budget = IterationBudget::new(Some(1000), 2);
        let mut claims = Vec::new();
        loop {
            match budget.claim() {
                0 => break,
                n => claims.push(n),
            }
        }
        assert_eq!(claims.iter().sum::<u64>(), 1000);
        assert_eq!(claims[0], 62, "an eighth of the remainder per thread");
        assert_eq!(*claims.last().unwrap(), 1, "single iterations at the end");
        assert_eq!(budget.claim(), 0);
    }

    #[test]
    fn an_unbounded_budget_hands_out_whole_chunks() {
        let budget = IterationBudget::new(None, 4);
        assert_eq!(budget.claim(), MAX_CHUNK);
        budget.record(0, 5);
        budget.record(3, 7);
        assert_eq!(budget.done(), 12);
    }
}
