//! Where games start, as a `position` command gives it.

/// An opening: where games start, as a `position` command gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// A position text, or `None` for the start position.
    pub text: Option<String>,
    /// Tokens played from there.
    pub moves: Vec<String>,
}

impl Opening {
    /// Parses `startpos [moves ...]` or `fen <text> [moves ...]` (or a bare position text).
    pub fn parse(line: &str) -> Result<Opening, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let split = words
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(words.len());
        let moves = words[(split + 1).min(words.len())..]
            .iter()
            .map(|w| w.to_string())
            .collect();
        let text = match words[..split] {
            [] => return Err("an empty opening".to_string()),
            ["startpos"] => None,
            ["fen", ref rest @ ..] if !rest.is_empty() => Some(rest.join(" ")),
            ref rest => Some(rest.join(" ")),
        };
        Ok(Opening { text, moves })
    }

    /// The opening as a line of an openings file (and the start of a `position` command).
    pub fn line(&self) -> String {
        let base = match &self.text {
            Some(text) => format!("fen {text}"),
            None => "startpos".to_string(),
        };
        if self.moves.is_empty() {
            base
        } else {
            format!("{base} moves {}", self.moves.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn openings_parse_and_print() {
        let start = Opening::parse("startpos moves a b").unwrap();
        assert_eq!((start.text.clone(), start.moves.len()), (None, 2));
        assert_eq!(start.line(), "startpos moves a b");
        let fen = Opening::parse("fen x y p1 moves c").unwrap();
        assert_eq!(fen.text.as_deref(), Some("x y p1"));
        assert_eq!(Opening::parse("x y p1").unwrap().line(), "fen x y p1");
        assert!(Opening::parse("  ").is_err());
    }
}
