//! The options an engine declares in its handshake (`option name <Name> type <kind> ...`), so
//! that a tool can check a value before it sends a `setoption`.

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number from `min` to `max`.
    Spin {
        /// The least value.
        min: i64,
        /// The greatest value.
        max: i64,
    },
    /// One of these words.
    Combo(Vec<String>),
    /// `true` or `false`.
    Check,
    /// Free text (file names among them).
    String,
    /// No value: an action.
    Button,
}

/// One declared option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeclaredOption {
    /// Its name as declared (it may hold spaces).
    pub name: String,
    /// Its values.
    pub kind: OptionKind,
}

impl DeclaredOption {
    /// Reads an `option name ... type ...` line; none for any other line or an unknown type.
    pub fn parse(line: &str) -> Option<DeclaredOption> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let rest = words.strip_prefix(&["option", "name"])?;
        let type_at = rest.iter().position(|&w| w == "type")?;
        let name = rest[..type_at].join(" ");
        let fields = &rest[type_at + 1..];
        let value_of = |key: &str| {
            let at = fields.iter().position(|&w| w == key)?;
            fields.get(at + 1).copied()
        };
        let kind = match *fields.first()? {
            "spin" => OptionKind::Spin {
                min: value_of("min")?.parse().ok()?,
                max: value_of("max")?.parse().ok()?,
            },
            "combo" => {
                let vars = fields.windows(2).filter(|pair| pair[0] == "var");
                OptionKind::Combo(vars.map(|pair| pair[1].to_string()).collect())
            }
            "check" => OptionKind::Check,
            "string" => OptionKind::String,
            "button" => OptionKind::Button,
            _ => return None,
        };
        (!name.is_empty()).then_some(DeclaredOption { name, kind })
    }

    /// Checks `value` against the declaration: the value as the engine should get it (a combo
    /// word or `true`/`false` in its declared spelling), or why it is refused.
    pub fn check(&self, value: &str) -> Result<String, String> {
        let name = &self.name;
        match &self.kind {
            OptionKind::Spin { min, max } => value
                .parse::<i64>()
                .ok()
                .filter(|v| (min..=max).contains(&v))
                .map(|v| v.to_string())
                .ok_or_else(|| format!("{name} takes a whole number from {min} to {max}")),
            OptionKind::Combo(words) => words
                .iter()
                .find(|w| w.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| format!("{name} takes one of: {}", words.join(", "))),
            OptionKind::Check => match value.to_ascii_lowercase().as_str() {
                word @ ("true" | "false") => Ok(word.to_string()),
                _ => Err(format!("{name} takes true or false")),
            },
            OptionKind::String => Ok(value.to_string()),
            OptionKind::Button => Err(format!("{name} is a button: it takes no value")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_are_read_as_uci_writes_them() {
        let spin = DeclaredOption::parse("option name Hash type spin default 64 min 1 max 65536");
        assert_eq!(
            spin,
            Some(DeclaredOption {
                name: "Hash".into(),
                kind: OptionKind::Spin { min: 1, max: 65536 }
            })
        );
        let combo = DeclaredOption::parse(
            "option name Search type combo default alphabeta var alphabeta var mcts",
        )
        .unwrap();
        assert_eq!(
            combo.kind,
            OptionKind::Combo(vec!["alphabeta".into(), "mcts".into()])
        );
        let file = DeclaredOption::parse("option name Debug Log File type string default").unwrap();
        assert_eq!(
            (file.name.as_str(), file.kind),
            ("Debug Log File", OptionKind::String)
        );
        assert_eq!(DeclaredOption::parse("id name tabula"), None);
        assert_eq!(
            DeclaredOption::parse("option name X type spin default 1"),
            None
        );
    }

    #[test]
    fn values_are_checked_against_the_declaration() {
        let spin = DeclaredOption::parse("option name Threads type spin default 1 min 1 max 256");
        let spin = spin.unwrap();
        assert_eq!(spin.check("4"), Ok("4".into()));
        assert!(spin.check("0").is_err() && spin.check("257").is_err() && spin.check("x").is_err());
        let combo = DeclaredOption::parse("option name Search type combo default mcts var mcts");
        assert_eq!(combo.unwrap().check("MCTS"), Ok("mcts".into()));
        let check = DeclaredOption::parse("option name Ponder type check default false").unwrap();
        assert_eq!(check.check("TRUE"), Ok("true".into()));
        assert!(check.check("yes").is_err());
    }
}
