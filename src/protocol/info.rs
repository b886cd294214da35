//! The protocol's words for a running search: `info` lines from the search's typed events,
//! and the `bestmove` line.

use crate::display::score_text;
use crate::registry::session::SearchListener;
use crate::search::report::Event;

use super::output::Output;

/// The `info` lines of one event, principal variations given as tokens.
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
            format!(
                "info depth {} seldepth {}{multipv} score {} nodes {} nps {nps} time {} hashfull {} pv {}",
                progress.depth,
                progress.seldepth,
                score_text(line.score),
                progress.nodes,
                progress.elapsed.as_millis(),
                progress.hashfull,
                line.pv.join(" ")
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
