//! Shards: a match cut into `n` deterministic slices that independent processes (on other
//! machines) play, and the fingerprint that tells whether records belong to one match.
//!
//! The unit is the sample (an opening pair, or a rotation of seats), so a sample's games and
//! dice stay together: shard `k` of `n` plays the samples whose number is `k - 1` modulo `n`.
//! Every game keeps its number, opening and dice from the whole match's schedule, so the
//! shards together play exactly the games one process would.

use ugi::record::Schedule;

/// One slice of a match: `index` of `count`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// The whole match.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Parses `k/n` with 1 <= k <= n.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard '{text}': give k/n with 1 <= k <= n, as 2/5");
        let (index, count) = Schedule::parse_shard(text).ok_or_else(bad)?;
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this slice plays `sample`.
    pub fn plays(&self, sample: usize) -> bool {
        sample % self.count == self.index - 1
    }
}

/// A 64-bit FNV-1a hash of `text` in 16 hex digits: the same on every machine and build, as a
/// fingerprint shared by shards run apart must be.
pub fn fingerprint(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_samples_between_them() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard { index: k, count: 3 }).collect();
        for sample in 0..30 {
            let players = shards.iter().filter(|s| s.plays(sample)).count();
            assert_eq!(players, 1, "sample {sample}");
        }
        assert!(Shard::WHOLE.plays(17));
        assert_eq!(Shard::parse("2/3"), Ok(shards[1]));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_fingerprint_is_fixed_and_tells_texts_apart() {
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_eq!(fingerprint("a"), "af63dc4c8601ec8c");
        assert_ne!(fingerprint("games=10"), fingerprint("games=12"));
    }
}
