//! An engine's `info` lines, read into the figures the page shows.

use serde::Serialize;

/// A score as the engine gives it, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// A forced result in this many plies (negative: a loss).
    Mate(i32),
}

impl Score {
    /// Centipawns for a graph: mates as ±10000 less the distance.
    pub fn graph_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n >= 0 => 10_000 - n,
            Score::Mate(n) => -10_000 - n,
        }
    }
}

/// One search report.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct InfoLine {
    /// Which line of a MultiPV search (1 for the best).
    pub multipv: usize,
    /// Iteration depth.
    pub depth: Option<u32>,
    /// Deepest ply reached.
    pub seldepth: Option<u32>,
    /// The score.
    pub score: Option<Score>,
    /// Nodes searched.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Milliseconds spent.
    pub time: Option<u64>,
    /// The principal variation, as tokens.
    pub pv: Vec<String>,
}

/// What an `info` line says: a search report, a message, or nothing the page shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Info {
    /// A search report.
    Report(InfoLine),
    /// `info string <text>`.
    Text(String),
}

/// Reads one line from an engine; `None` unless it is an `info` line.
pub fn parse(line: &str) -> Option<Info> {
    let rest = line.strip_prefix("info ")?;
    if let Some(text) = rest.strip_prefix("string ") {
        return Some(Info::Text(
            scores_in_words(text).unwrap_or_else(|| text.to_string()),
        ));
    }
    let mut info = InfoLine {
        multipv: 1,
        ..InfoLine::default()
    };
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        let mut number = || words.next().and_then(|w| w.parse::<i64>().ok());
        match word {
            "depth" => info.depth = number().map(|n| n as u32),
            "seldepth" => info.seldepth = number().map(|n| n as u32),
            "multipv" => info.multipv = number().map_or(1, |n| n.clamp(1, 256) as usize),
            "nodes" => info.nodes = number().map(|n| n as u64),
            "nps" => info.nps = number().map(|n| n as u64),
            "time" => info.time = number().map(|n| n as u64),
            "score" => {
                let kind = words.next();
                let value = words.next().and_then(|w| w.parse::<i32>().ok());
                info.score = match (kind, value) {
                    (Some("cp"), Some(v)) => Some(Score::Cp(v)),
                    (Some("mate"), Some(v)) => Some(Score::Mate(v)),
                    _ => None,
                };
            }
            "pv" => {
                info.pv = words.by_ref().map(str::to_string).collect();
            }
            _ => {}
        }
    }
    Some(Info::Report(info))
}

/// Values at or beyond this are a won (or, negated, lost) game in `30000 - value` plies.
const MATE_VALUES: i32 = 29_000;

/// `scores <v1> ... <vN>` (each player's value at the end of the line, N players) as a player
/// reads it: `at the end of its line: p1 +0.12, p2 wins in 1, p3 loses in 1`.
fn scores_in_words(text: &str) -> Option<String> {
    let values = text.strip_prefix("scores ")?;
    let values: Vec<i32> = values
        .split_whitespace()
        .map(|v| v.parse().ok())
        .collect::<Option<_>>()?;
    let words: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(k, &v)| match v {
            v if v >= MATE_VALUES => format!("p{} wins in {}", k + 1, 30_000 - v),
            v if v <= -MATE_VALUES => format!("p{} loses in {}", k + 1, 30_000 + v),
            v => format!("p{} {:+.2}", k + 1, f64::from(v) / 100.0),
        })
        .collect();
    (!words.is_empty()).then(|| format!("at the end of its line: {}", words.join(", ")))
}

/// Keeps the latest report of each MultiPV line (a deeper best line drops the others).
pub fn keep(lines: &mut Vec<InfoLine>, info: InfoLine) {
    let k = info.multipv - 1;
    if k == 0 {
        lines.clear();
    }
    if lines.len() <= k {
        lines.resize(k + 1, InfoLine::default());
    }
    lines[k] = info;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_and_messages_are_read() {
        let line = "info depth 4 seldepth 6 multipv 2 score mate -3 nodes 635 nps 9000 time 7 hashfull 0 pv a1 b2";
        let Some(Info::Report(info)) = parse(line) else {
            panic!("a report")
        };
        assert_eq!(
            (
                info.depth,
                info.multipv,
                info.score,
                info.nodes,
                info.pv.len()
            ),
            (Some(4), 2, Some(Score::Mate(-3)), Some(635), 2)
        );
        assert_eq!(
            parse("info string scores 12 -29999 29998 0"),
            Some(Info::Text(
                "at the end of its line: p1 +0.12, p2 loses in 1, p3 wins in 2, p4 +0.00".into()
            ))
        );
        assert_eq!(parse("bestmove a1"), None);
        let Some(Info::Report(junk)) = parse("info depth x score cp") else {
            panic!("a report")
        };
        assert_eq!((junk.depth, junk.score), (None, None));
    }

    #[test]
    fn a_new_best_line_replaces_the_others() {
        let mut lines = Vec::new();
        let line = |multipv, depth| InfoLine {
            multipv,
            depth: Some(depth),
            ..InfoLine::default()
        };
        keep(&mut lines, line(1, 3));
        keep(&mut lines, line(2, 3));
        assert_eq!(lines.len(), 2);
        keep(&mut lines, line(1, 4));
        assert_eq!(lines.len(), 1);
        assert_eq!(Score::Mate(3).graph_cp(), 9_997);
    }
}
