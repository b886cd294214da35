//! The game history that repetition draws need: the positions since set-up, with a cheap filter
//! so that most positions are never looked up in the list.

const SLOTS: usize = 4096;

/// Position keys since set-up, the current position last.
#[derive(Clone, Debug)]
pub struct RepetitionHistory {
    keys: Vec<u64>,
    /// Occurrence counts by the key's low bits: a key counted fewer than `n` times here cannot
    /// have occurred `n` times.
    filter: Box<[u8; SLOTS]>,
}

impl RepetitionHistory {
    /// A history holding only the set-up position.
    pub fn new(key: u64) -> Self {
        let mut history = RepetitionHistory {
            keys: Vec::with_capacity(512),
            filter: Box::new([0; SLOTS]),
        };
        history.push(key);
        history
    }

    /// Records the position a move reached.
    #[inline]
    pub fn push(&mut self, key: u64) {
        self.keys.push(key);
        self.filter[key as usize % SLOTS] += 1;
    }

    /// Forgets the latest position (when its move is taken back).
    #[inline]
    pub fn pop(&mut self) {
        let key = self.keys.pop().expect("history is never empty");
        self.filter[key as usize % SLOTS] -= 1;
    }

    /// Whether the latest position has occurred at least `times` times (itself included).
    /// The list is read from the latest position back, so that a recent repetition is found
    /// without reading a long game's whole history.
    #[inline]
    pub fn occurred(&self, times: usize) -> bool {
        let key = *self.keys.last().expect("history is never empty");
        self.filter[key as usize % SLOTS] as usize >= times
            && self
                .keys
                .iter()
                .rev()
                .filter(|&&k| k == key)
                .take(times)
                .count()
                >= times
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_occurrences_and_forgets_on_pop() {
        let mut h = RepetitionHistory::new(7);
        h.push(9);
        h.push(7);
        assert!(h.occurred(2) && !h.occurred(3));
        h.push(7 + SLOTS as u64);
        assert!(
            !h.occurred(2),
            "a filter collision is confirmed against the list"
        );
        h.pop();
        h.push(7);
        assert!(h.occurred(3));
        h.pop();
        h.pop();
        assert!(!h.occurred(2));
    }
}
