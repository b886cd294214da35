//! The engine's options: their declaration lines and `setoption` parsing.

use crate::search::mcts::MctsSettings;
use crate::search::{ManyPlayers, Style};
use crate::variants::{VARIANTS, playout_cutoff};

/// Option values as set by `setoption` (or their defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The game (`UCI_Variant`).
    pub variant: String,
    /// Number of players (`Players`).
    pub players: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Transposition table size in MiB (`Hash`).
    pub hash_mib: usize,
    /// Search algorithm (`Search`).
    pub search: String,
    /// Lines to report (`MultiPV`).
    pub multipv: usize,
    /// Milliseconds kept for communication (`MoveOverhead`).
    pub move_overhead: u64,
    /// Seed for randomized searches (`Seed`).
    pub seed: u64,
    /// Dwindle's start board (`Board`).
    pub board: String,
    /// The search for more than two players (`ManyPlayers`).
    pub many_players: String,
    /// Star2 probing at chance plies (`ChanceProbe`).
    pub chance_probe: bool,
    /// The MCTS exploration constant in hundredths (`Exploration`).
    pub exploration: u64,
    /// How MCTS scores a leaf (`Playout`): `auto`, `random` or `cutoff`.
    pub playout: String,
    /// Random plies before the evaluation in `cutoff` playouts (`PlayoutPlies`).
    pub playout_plies: u64,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            variant: VARIANTS[0].to_string(),
            players: 2,
            threads: 1,
            hash_mib: 64,
            search: "alphabeta".to_string(),
            multipv: 1,
            move_overhead: 30,
            seed: 0,
            board: "dw9".to_string(),
            many_players: "paranoid".to_string(),
            chance_probe: false,
            exploration: 50,
            playout: "auto".to_string(),
            playout_plies: 8,
        }
    }
}

const SEARCHES: [&str; 3] = ["alphabeta", "mcts", "random"];
const BOARDS: [&str; 2] = ["dw9", "dw7"];
const MANY_PLAYERS: [&str; 3] = ["paranoid", "brs", "maxn"];
const PLAYOUTS: [&str; 3] = ["auto", "random", "cutoff"];

/// What values an option takes.
enum Kind {
    /// A whole number in `min..=max`.
    Spin { min: u64, max: u64 },
    /// One of these words.
    Combo(&'static [&'static str]),
    /// `true` or `false`.
    Check,
}

/// Every option: its canonical name and its values.
const SPECS: [(&str, Kind); 14] = [
    ("UCI_Variant", Kind::Combo(&VARIANTS)),
    ("Players", Kind::Spin { min: 2, max: 6 }),
    ("Threads", Kind::Spin { min: 1, max: 256 }),
    ("Hash", Kind::Spin { min: 1, max: 65536 }),
    ("Search", Kind::Combo(&SEARCHES)),
    ("MultiPV", Kind::Spin { min: 1, max: 256 }),
    ("MoveOverhead", Kind::Spin { min: 0, max: 5000 }),
    (
        "Seed",
        Kind::Spin {
            min: 0,
            max: u32::MAX as u64,
        },
    ),
    ("Board", Kind::Combo(&BOARDS)),
    ("ManyPlayers", Kind::Combo(&MANY_PLAYERS)),
    ("ChanceProbe", Kind::Check),
    ("Exploration", Kind::Spin { min: 1, max: 1000 }),
    ("Playout", Kind::Combo(&PLAYOUTS)),
    ("PlayoutPlies", Kind::Spin { min: 1, max: 1000 }),
];

impl EngineOptions {
    /// The value of an option, as the protocol writes it.
    fn get(&self, name: &str) -> String {
        match name {
            "UCI_Variant" => self.variant.clone(),
            "Players" => self.players.to_string(),
            "Threads" => self.threads.to_string(),
            "Hash" => self.hash_mib.to_string(),
            "Search" => self.search.clone(),
            "MultiPV" => self.multipv.to_string(),
            "MoveOverhead" => self.move_overhead.to_string(),
            "Seed" => self.seed.to_string(),
            "ManyPlayers" => self.many_players.clone(),
            "ChanceProbe" => self.chance_probe.to_string(),
            "Exploration" => self.exploration.to_string(),
            "Playout" => self.playout.clone(),
            "PlayoutPlies" => self.playout_plies.to_string(),
            _ => self.board.clone(),
        }
    }

    /// Sets an option from a value already checked against its [`Kind`].
    fn set(&mut self, name: &str, value: &str) {
        let number = || value.parse::<u64>().expect("checked spin value");
        match name {
            "UCI_Variant" => self.variant = value.to_string(),
            "Players" => self.players = number() as usize,
            "Threads" => self.threads = number() as usize,
            "Hash" => self.hash_mib = number() as usize,
            "Search" => self.search = value.to_string(),
            "MultiPV" => self.multipv = number() as usize,
            "MoveOverhead" => self.move_overhead = number(),
            "Seed" => self.seed = number(),
            "ManyPlayers" => self.many_players = value.to_string(),
            "ChanceProbe" => self.chance_probe = value == "true",
            "Exploration" => self.exploration = number(),
            "Playout" => self.playout = value.to_string(),
            "PlayoutPlies" => self.playout_plies = number(),
            _ => self.board = value.to_string(),
        }
    }
}

impl EngineOptions {
    /// The search style these options ask for.
    pub fn style(&self) -> Style {
        Style {
            many_players: match self.many_players.as_str() {
                "brs" => ManyPlayers::BestReply,
                "maxn" => ManyPlayers::MaxN,
                _ => ManyPlayers::Paranoid,
            },
            chance_probe: self.chance_probe,
            mcts: (self.search == "mcts").then(|| MctsSettings {
                exploration: self.exploration as f32 / 100.0,
                cutoff: match self.playout.as_str() {
                    "random" => 0,
                    "cutoff" => self.playout_plies as u32,
                    _ => playout_cutoff(&self.variant),
                },
                seed: self.seed,
            }),
        }
    }
}

/// The `option ...` lines of the handshake.
pub fn declarations() -> Vec<String> {
    let defaults = EngineOptions::default();
    SPECS
        .iter()
        .map(|(name, kind)| {
            let default = defaults.get(name);
            match kind {
                Kind::Spin { min, max } => {
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                Kind::Combo(vars) => {
                    let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
                    format!("option name {name} type combo default {default}{vars}")
                }
                Kind::Check => format!("option name {name} type check default {default}"),
            }
        })
        .collect()
}

/// A parsed `setoption`: the canonical name and the new options.
pub struct OptionChange {
    /// The option's canonical name.
    pub name: &'static str,
    /// All options with the change applied.
    pub options: EngineOptions,
}

/// Checks a value against an option's kind and returns its canonical spelling.
fn canonical(kind: &Kind, value: &str) -> Result<String, String> {
    match kind {
        Kind::Spin { min, max } => value
            .parse::<u64>()
            .ok()
            .filter(|v| (min..=max).contains(&v))
            .map(|v| v.to_string())
            .ok_or_else(|| format!("value '{value}' is not a whole number in {min}..={max}")),
        Kind::Combo(vars) => vars
            .iter()
            .find(|v| v.eq_ignore_ascii_case(value))
            .map(|v| v.to_string())
            .ok_or_else(|| format!("value '{value}' is not one of: {}", vars.join(", "))),
        Kind::Check => ["true", "false"]
            .into_iter()
            .find(|v| v.eq_ignore_ascii_case(value))
            .map(str::to_string)
            .ok_or_else(|| format!("value '{value}' is not true or false")),
    }
}

/// Applies `setoption name <name> value <value>` to a copy of `current`.
pub fn parse_setoption(args: &[&str], current: &EngineOptions) -> Result<OptionChange, String> {
    let (name, value) = match args {
        ["name", name, "value", value] => (*name, *value),
        ["name", name] => return Err(format!("option '{name}' needs a value")),
        _ => return Err("expected: setoption name <Name> value <value>".to_string()),
    };
    let (name, kind) = SPECS
        .iter()
        .find(|(known, _)| known.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let mut options = current.clone();
    options.set(name, &canonical(kind, value)?);
    Ok(OptionChange { name, options })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_round_trips_through_get_and_set() {
        let mut options = EngineOptions::default();
        for (name, _) in &SPECS {
            let value = options.get(name);
            options.set(name, &value);
        }
        assert_eq!(options, EngineOptions::default());
    }

    #[test]
    fn names_ignore_case_and_values_are_checked() {
        let change = parse_setoption(
            &["name", "multipv", "value", "3"],
            &EngineOptions::default(),
        )
        .unwrap();
        assert_eq!((change.name, change.options.multipv), ("MultiPV", 3));
        assert!(
            parse_setoption(&["name", "Hash", "value", "0"], &EngineOptions::default()).is_err()
        );
        let board = parse_setoption(
            &["name", "Board", "value", "DW7"],
            &EngineOptions::default(),
        )
        .unwrap();
        assert_eq!(board.options.board, "dw7");
    }
}
