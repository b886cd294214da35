//! The engine's options: their declaration lines and `setoption` parsing.

use crate::variants::VARIANTS;

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
        }
    }
}

const SEARCHES: [&str; 2] = ["alphabeta", "mcts"];
const BOARDS: [&str; 2] = ["dw9", "dw7"];
const MAX_THREADS: u64 = 256;
const MAX_HASH_MIB: u64 = 65536;

/// The `option ...` lines of the handshake.
pub fn declarations() -> Vec<String> {
    let d = EngineOptions::default();
    let combo = |name: &str, default: &str, vars: &[&str]| {
        let vars: String = vars.iter().map(|v| format!(" var {v}")).collect();
        format!("option name {name} type combo default {default}{vars}")
    };
    let spin = |name: &str, default: u64, min: u64, max: u64| {
        format!("option name {name} type spin default {default} min {min} max {max}")
    };
    vec![
        combo("UCI_Variant", &d.variant, &VARIANTS),
        spin("Players", d.players as u64, 2, 6),
        spin("Threads", d.threads as u64, 1, MAX_THREADS),
        spin("Hash", d.hash_mib as u64, 1, MAX_HASH_MIB),
        combo("Search", &d.search, &SEARCHES),
        spin("MultiPV", d.multipv as u64, 1, 256),
        spin("MoveOverhead", d.move_overhead, 0, 5000),
        spin("Seed", d.seed, 0, u32::MAX as u64),
        combo("Board", &d.board, &BOARDS),
    ]
}

/// A parsed `setoption`: the canonical name and the new options.
pub struct OptionChange {
    /// The option's canonical name.
    pub name: &'static str,
    /// All options with the change applied.
    pub options: EngineOptions,
}

fn number(value: &str, min: u64, max: u64) -> Result<u64, String> {
    value
        .parse::<u64>()
        .ok()
        .filter(|v| (min..=max).contains(v))
        .ok_or_else(|| format!("value '{value}' is not a whole number in {min}..={max}"))
}

fn choice(value: &str, vars: &[&str]) -> Result<String, String> {
    vars.iter()
        .find(|v| v.eq_ignore_ascii_case(value))
        .map(|v| v.to_string())
        .ok_or_else(|| format!("value '{value}' is not one of: {}", vars.join(", ")))
}

/// Applies `setoption name <name> value <value>` to a copy of `current`.
pub fn parse_setoption(args: &[&str], current: &EngineOptions) -> Result<OptionChange, String> {
    let (name, value) = match args {
        ["name", name, "value", value] => (*name, *value),
        ["name", name] => return Err(format!("option '{name}' needs a value")),
        _ => return Err("expected: setoption name <Name> value <value>".to_string()),
    };
    let mut options = current.clone();
    let name: &'static str = match name.to_ascii_lowercase().as_str() {
        "uci_variant" => {
            options.variant = choice(value, &VARIANTS)?;
            "UCI_Variant"
        }
        "players" => {
            options.players = number(value, 2, 6)? as usize;
            "Players"
        }
        "threads" => {
            options.threads = number(value, 1, MAX_THREADS)? as usize;
            "Threads"
        }
        "hash" => {
            options.hash_mib = number(value, 1, MAX_HASH_MIB)? as usize;
            "Hash"
        }
        "search" => {
            options.search = choice(value, &SEARCHES)?;
            "Search"
        }
        "multipv" => {
            options.multipv = number(value, 1, 256)? as usize;
            "MultiPV"
        }
        "moveoverhead" => {
            options.move_overhead = number(value, 0, 5000)?;
            "MoveOverhead"
        }
        "seed" => {
            options.seed = number(value, 0, u32::MAX as u64)?;
            "Seed"
        }
        "board" => {
            options.board = choice(value, &BOARDS)?;
            "Board"
        }
        _ => return Err(format!("unknown option '{name}'")),
    };
    Ok(OptionChange { name, options })
}
