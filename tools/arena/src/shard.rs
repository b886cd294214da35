//! Shards of a match ([`Shard`], shared with the engine's data sets) and the fingerprint that
//! tells whether records belong to one match.
//!
//! The unit is the sample (an opening pair, or a rotation of seats), so a sample's games and
//! dice stay together: shard `k` of `n` plays the samples whose number is `k - 1` modulo `n`.
//! Every game keeps its number, opening and dice from the whole match's schedule, so the
//! shards together play exactly the games one process would.

pub use tabula::shard::Shard;

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
    fn the_fingerprint_is_fixed_and_tells_texts_apart() {
        assert_eq!(fingerprint(""), "cbf29ce484222325");
        assert_eq!(fingerprint("a"), "af63dc4c8601ec8c");
        assert_ne!(fingerprint("games=10"), fingerprint("games=12"));
    }
}
