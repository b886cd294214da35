//! The server's bounds on what a page may ask: each kind of limit, clocks, analysis time,
//! threads and hash, and which of an engine's declared options the page may set at all.

use std::time::Duration;

use ugi::declared::{DeclaredOption, OptionKind};

use ugi::clock::Limits;

/// Options the board sets itself for the game it plays: never the page's.
const SET_BY_THE_BOARD: [&str; 3] = ["UCI_Variant", "Players", "Board"];

/// The most lines (`MultiPV`) a seat or an analysis may ask of an engine: the page offers as
/// many.
pub const MAX_MULTIPV: u64 = 16;

/// What the server allows, from its command line.
#[derive(Clone, Debug)]
pub struct Bounds {
    /// The longest `movetime`, in milliseconds.
    pub max_movetime_ms: u64,
    /// The most `nodes` a move.
    pub max_nodes: u64,
    /// The greatest `depth`.
    pub max_depth: u32,
    /// The longest clock: its base, and its increment, each at most this (milliseconds).
    pub max_clock_ms: u64,
    /// The most `Threads` an engine may be given.
    pub max_threads: u64,
    /// The most `Hash` (MiB) an engine may be given.
    pub max_hash_mib: u64,
    /// How long an analysis may run.
    pub max_analysis: Duration,
    /// The options the page may set, by name; empty: every declared spin, combo and check
    /// option (string and button options only when named).
    pub page_options: Vec<String>,
}

impl Default for Bounds {
    /// A minute a move, 100 million nodes, depth 64, clocks of 3 hours, the machine's cores,
    /// 1 GiB of hash, 10 minutes of analysis, and the default page options.
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get() as u64);
        Bounds {
            max_movetime_ms: 60_000,
            max_nodes: 100_000_000,
            max_depth: 64,
            max_clock_ms: 3 * 3600 * 1000,
            max_threads: cores,
            max_hash_mib: 1024,
            max_analysis: Duration::from_secs(600),
            page_options: Vec::new(),
        }
    }
}

impl Bounds {
    /// Checks a seat's limits; why they are refused, if they are.
    pub fn check_limit(&self, limits: &Limits) -> Result<(), String> {
        let over = |what: &str, most: u64, flag: &str| {
            Err(format!(
                "{what} is at most {most} on this server (--{flag})"
            ))
        };
        let zero = [limits.movetime, limits.nodes, limits.depth.map(u64::from)];
        if zero.contains(&Some(0)) {
            return Err("a limit of 0".to_string());
        }
        if let Some((base, inc)) = limits.clock {
            if base == 0 {
                return Err("a clock needs time".to_string());
            }
            if base.max(inc) > self.max_clock_ms {
                return over("a clock's time (s)", self.max_clock_ms / 1000, "max-clock");
            }
        }
        match *limits {
            Limits {
                movetime: Some(ms), ..
            } if ms > self.max_movetime_ms => {
                over("movetime (ms)", self.max_movetime_ms, "max-movetime")
            }
            Limits {
                nodes: Some(nodes), ..
            } if nodes > self.max_nodes => over("nodes", self.max_nodes, "max-nodes"),
            Limits {
                depth: Some(depth), ..
            } if depth > self.max_depth => over("depth", self.max_depth as u64, "max-depth"),
            _ => Ok(()),
        }
    }

    /// Checks `setoption name <name> value <value>` for an engine that declared `declared`:
    /// the option's declared name and the value to send, or why the page may not set it.
    pub fn check_option(
        &self,
        declared: &[DeclaredOption],
        name: &str,
        value: &str,
    ) -> Result<(String, String), String> {
        let option = declared
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
            .ok_or_else(|| format!("the engine declares no option '{}'", name.escape_debug()))?;
        let name = option.name.as_str();
        if SET_BY_THE_BOARD
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
        {
            return Err(format!("{name} is set by the board for the game it plays"));
        }
        let allowed = match self.page_options.is_empty() {
            true => matches!(
                option.kind,
                OptionKind::Spin { .. } | OptionKind::Combo(_) | OptionKind::Check
            ),
            false => self
                .page_options
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name)),
        };
        if !allowed {
            return Err(format!(
                "the page may not set {name} on this server (--page-option names those it may)"
            ));
        }
        let value = option.check(value)?;
        let most = match name {
            "Threads" => Some((self.max_threads, " on this server (--max-threads)")),
            "Hash" => Some((self.max_hash_mib, " on this server (--max-hash)")),
            "MultiPV" => Some((MAX_MULTIPV, " on the board")),
            _ => None,
        };
        if let Some((most, where_)) = most
            && value.parse::<u64>().is_ok_and(|v| v > most)
        {
            return Err(format!("{name} is at most {most}{where_}"));
        }
        Ok((name.to_string(), value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn declared() -> Vec<DeclaredOption> {
        [
            "option name Threads type spin default 1 min 1 max 256",
            "option name Hash type spin default 64 min 1 max 65536",
            "option name UCI_Variant type combo default a var a var b",
            "option name Debug Log File type string default",
            "option name Search type combo default alphabeta var alphabeta var mcts",
        ]
        .iter()
        .filter_map(|line| DeclaredOption::parse(line))
        .collect()
    }

    #[test]
    fn limits_are_bounded() {
        let bounds = Bounds::default();
        let limits = |movetime, nodes, depth| Limits {
            movetime,
            nodes,
            depth,
            clock: None,
        };
        assert!(
            bounds
                .check_limit(&limits(Some(60_000), None, None))
                .is_ok()
        );
        assert!(
            bounds
                .check_limit(&limits(Some(u64::MAX), None, None))
                .is_err()
        );
        assert!(
            bounds
                .check_limit(&limits(None, Some(u64::MAX), None))
                .is_err()
        );
        assert!(bounds.check_limit(&limits(None, None, Some(65))).is_err());
        assert!(bounds.check_limit(&limits(None, Some(0), None)).is_err());
        let clock = |base_ms, inc_ms| Limits {
            clock: Some((base_ms, inc_ms)),
            ..Limits::default()
        };
        assert!(bounds.check_limit(&clock(u64::MAX, 0)).is_err());
        assert!(bounds.check_limit(&clock(1000, u64::MAX)).is_err());
        assert!(bounds.check_limit(&clock(0, 1000)).is_err());
        assert!(bounds.check_limit(&clock(60_000, 1000)).is_ok());
    }

    #[test]
    fn the_page_sets_only_declared_allowed_options_within_bounds() {
        let bounds = Bounds {
            max_threads: 2,
            ..Bounds::default()
        };
        let check = |name, value| bounds.check_option(&declared(), name, value);
        assert_eq!(check("threads", "2"), Ok(("Threads".into(), "2".into())));
        assert!(check("Threads", "3").is_err(), "more than the cores");
        assert!(check("Threads", "256").is_err());
        assert!(check("Hash", "65536").is_err(), "over the server's hash");
        assert_eq!(
            check("Search", "MCTS"),
            Ok(("Search".into(), "mcts".into()))
        );
        assert!(check("Search", "nonsense").is_err());
        assert!(
            check("Debug Log File", "/tmp/x").is_err(),
            "string options are off"
        );
        assert!(check("UCI_Variant", "b").is_err(), "the board's own");
        assert!(check("Ponder", "true").is_err(), "not declared");
        let named = Bounds {
            page_options: vec!["debug log file".into()],
            ..Bounds::default()
        };
        let file = named.check_option(&declared(), "Debug Log File", "/tmp/x");
        assert_eq!(file, Ok(("Debug Log File".into(), "/tmp/x".into())));
        assert!(
            named.check_option(&declared(), "Threads", "1").is_err(),
            "only those named"
        );
    }
}
