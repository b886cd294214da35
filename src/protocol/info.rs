//! The protocol's words for a running search: `info` lines from the search's typed events,
//! and the `bestmove` line.

use crate::display::score_text;
use crate::registry::session::SearchListener;
use crate::search::report::Event;

use super::output::Output;

/// The `info` lines of one event, principal variations given as tokens (a line with none, as
/// from a search stopped before its first step, has no `pv` field).
pub fn info_lines(event: &Event<String>) -> Vec<String> {
    let progress = match event {
        Event::MaxNFallback { depth } => {
            return vec![format!(
                "info string every move loses at depth {depth} against all opponents together; searching max^n"
            )];
        }
        Event::Progress(progress) => progress,
    };
    let nps = (progress.nodes as f64 / progress.elapsed.as_secs_f64().max(1e-6)) as u64;
    let several = progress.lines.len() > 1;
    let mut lines: Vec<String> = progress
        .lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            let multipv = if several {
                format!(" multipv {}", k + 1)
            } else {
                String::new()
            };
            let pv = match line.pv.is_empty() {
                true => String::new(),
                false => format!(" pv {}", line.pv.join(" ")),
            };
            format!(
                "info depth {} seldepth {}{multipv} score {} nodes {} nps {nps} time {} hashfull {}{pv}",
                progress.depth,
                progress.seldepth,
                score_text(line.score),
                progress.nodes,
                progress.elapsed.as_millis(),
                progress.hashfull,
            )
        })
        .collect();
    if let Some(scores) = &progress.player_scores {
        let scores: Vec<String> = scores.iter().map(i32::to_string).collect();
        lines.push(format!("info string scores {}", scores.join(" ")));
    }
    lines
}

/// Writes a search's events as `info` lines and its result as `bestmove`.
pub struct InfoWriter(pub Output);

impl SearchListener for InfoWriter {
    fn event(&self, event: Event<String>) {
        for line in info_lines(&event) {
            self.0.line(&line);
        }
    }

    fn best_move(&self, token: &str) {
        self.0.line(&format!("bestmove {token}"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::report::{Line, Progress};

    fn progress(pv: &[&str]) -> Event<String> {
        Event::Progress(Progress {
            depth: 3,
            seldepth: 4,
            nodes: 0,
            elapsed: std::time::Duration::ZERO,
            hashfull: 0,
            lines: vec![Line {
                score: 12,
                pv: pv.iter().map(|t| t.to_string()).collect(),
            }],
            player_scores: None,
        })
    }

    #[test]
    fn a_line_without_moves_has_no_pv_field() {
        let lines = info_lines(&progress(&[]));
        assert_eq!(
            lines,
            ["info depth 3 seldepth 4 score cp 12 nodes 0 nps 0 time 0 hashfull 0"]
        );
        let lines = info_lines(&progress(&["a1", "b2"]));
        assert!(lines[0].ends_with(" hashfull 0 pv a1 b2"), "{lines:?}");
    }
}
