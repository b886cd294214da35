//! Shards: a run (a match, a data set) cut into `n` deterministic slices that independent
//! processes, on other machines, play: shard `k` of `n` takes the units whose number is
//! `k - 1` modulo `n`.

/// One slice of a run: `index` of `count`, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which slice, from 1.
    pub index: usize,
    /// How many slices.
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Parses `k/n` with 1 <= k <= n.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard '{text}': give k/n with 1 <= k <= n, as 2/5");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let number = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
        let (index, count) = (number(index)?, number(count)?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this slice plays unit `unit`.
    pub fn plays(&self, unit: usize) -> bool {
        unit % self.count == self.index - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_split_the_units_between_them() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard { index: k, count: 3 }).collect();
        for unit in 0..30 {
            let players = shards.iter().filter(|s| s.plays(unit)).count();
            assert_eq!(players, 1, "unit {unit}");
        }
        assert!(Shard::WHOLE.plays(17));
        assert_eq!(Shard::parse("2/3"), Ok(shards[1]));
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }
}
