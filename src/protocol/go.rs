//! Parsing the arguments of `go`.

use crate::game::perft::MAX_DEPTH;
use crate::search::SearchLimits;

/// What a `go` command asks for.
#[derive(Debug, PartialEq, Eq)]
pub enum GoCommand {
    /// A search under these limits.
    Search(Box<SearchLimits>),
    /// `go perft <depth>`.
    Perft(u32),
}

fn value<'a>(args: &mut impl Iterator<Item = &'a str>, key: &str) -> Result<u64, String> {
    let text = args
        .next()
        .ok_or_else(|| format!("'{key}' needs a value"))?;
    text.parse::<u64>()
        .map_err(|_| format!("'{key}' needs a whole number, got '{text}'"))
}

/// Parses the words after `go`.
pub fn parse_go(words: &[&str]) -> Result<GoCommand, String> {
    let mut limits = SearchLimits::default();
    let mut args = words.iter().copied();
    while let Some(key) = args.next() {
        match key {
            "perft" => {
                let depth = value(&mut args, key)?;
                if depth > MAX_DEPTH as u64 {
                    return Err(format!("perft depth must be at most {MAX_DEPTH}"));
                }
                return match args.next() {
                    None => Ok(GoCommand::Perft(depth as u32)),
                    Some(extra) => Err(format!("unexpected '{extra}' after go perft")),
                };
            }
            "wtime" => limits.time[0] = Some(value(&mut args, key)?),
            "btime" => limits.time[1] = Some(value(&mut args, key)?),
            "winc" => limits.inc[0] = Some(value(&mut args, key)?),
            "binc" => limits.inc[1] = Some(value(&mut args, key)?),
            "movestogo" => limits.movestogo = Some(value(&mut args, key)?),
            "movetime" => limits.movetime = Some(value(&mut args, key)?),
            "depth" => limits.depth = Some(value(&mut args, key)?.clamp(1, 250) as u32),
            "nodes" => match value(&mut args, key)? {
                0 => return Err("'nodes' must be at least 1".to_string()),
                nodes => limits.nodes = Some(nodes),
            },
            "infinite" => limits.infinite = true,
            _ => match player_clock(key) {
                Some((player, true)) => limits.time[player] = Some(value(&mut args, key)?),
                Some((player, false)) => limits.inc[player] = Some(value(&mut args, key)?),
                None => return Err(format!("unknown go parameter '{key}'")),
            },
        }
    }
    Ok(GoCommand::Search(Box::new(limits)))
}

/// `p3time` gives `(2, true)`, `p1inc` gives `(0, false)`.
fn player_clock(key: &str) -> Option<(usize, bool)> {
    let rest = key.strip_prefix('p')?;
    let digit = rest.chars().next()?.to_digit(10)? as usize;
    if !(1..=6).contains(&digit) {
        return None;
    }
    match &rest[1..] {
        "time" => Some((digit - 1, true)),
        "inc" => Some((digit - 1, false)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_for_six_players_and_aliases() {
        let GoCommand::Search(l) = parse_go(&[
            "p6time",
            "500",
            "p2inc",
            "7",
            "wtime",
            "9",
            "movestogo",
            "3",
        ])
        .unwrap() else {
            panic!()
        };
        assert_eq!(l.time[5], Some(500));
        assert_eq!(l.inc[1], Some(7));
        assert_eq!(l.time[0], Some(9));
        assert_eq!(l.movestogo, Some(3));
    }

    #[test]
    fn bad_go_arguments_are_errors() {
        assert!(parse_go(&["depth"]).is_err());
        assert!(parse_go(&["depth", "x"]).is_err());
        assert!(parse_go(&["p7time", "5"]).is_err());
        assert!(parse_go(&["sideways"]).is_err());
        assert!(parse_go(&["nodes", "0"]).is_err());
        assert_eq!(parse_go(&["perft", "3"]), Ok(GoCommand::Perft(3)));
    }
}
