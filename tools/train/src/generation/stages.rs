//! Names of a generation's stage outputs: the hash of what a stage reads (file contents) and
//! of its command, so that an output which exists is a stage done with those very inputs.

use std::path::Path;

use tabula::game::hashing::mix64;

/// A running hash of a stage's inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageKey(u64);

impl StageKey {
    /// The key of a stage named `stage`, before any input.
    pub fn new(stage: &str) -> Self {
        StageKey(0).text(stage)
    }

    /// The key with `text` added (its length too, so that inputs cannot run together).
    pub fn text(self, text: &str) -> Self {
        self.bytes(text.as_bytes())
    }

    /// The key with `bytes` added.
    pub fn bytes(self, bytes: &[u8]) -> Self {
        let mut hash = mix64(self.0 ^ bytes.len() as u64);
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            hash = mix64(hash ^ u64::from_le_bytes(word));
        }
        StageKey(hash)
    }

    /// The key with the contents of the file at `path` added.
    pub fn file(self, path: &Path) -> Result<Self, String> {
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read '{}': {e}", path.display()))?;
        Ok(self.bytes(&bytes))
    }

    /// The key with another key added.
    pub fn key(self, other: StageKey) -> Self {
        self.bytes(&other.0.to_le_bytes())
    }

    /// The key as 16 hexadecimal digits, as output names carry it.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// `text` quoted for a POSIX shell (single quotes, a quote inside closed and escaped).
pub fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// `path` quoted for a POSIX shell.
pub fn quoted_path(path: &Path) -> String {
    quoted(&path.display().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_every_input_and_by_how_inputs_are_split() {
        let base = StageKey::new("data").text("--games 8");
        assert_eq!(base, StageKey::new("data").text("--games 8"));
        assert_ne!(base, StageKey::new("data").text("--games 9"));
        assert_ne!(base, StageKey::new("train").text("--games 8"));
        assert_ne!(
            StageKey::new("x").text("ab").text("c"),
            StageKey::new("x").text("a").text("bc")
        );
        assert_eq!(base.hex().len(), 16);
    }

    #[test]
    fn quoting_survives_a_quote_and_spaces() {
        assert_eq!(quoted("a b"), "'a b'");
        assert_eq!(quoted("it's"), r"'it'\''s'");
    }
}
