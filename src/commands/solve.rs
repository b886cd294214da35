//! `tabula solve`: the result with perfect play of positions of a two-player game without
//! chance (see [`crate::search::solve`]): one position, every line a few plies from it, or
//! every opening of a book, with a tally of who wins.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use ugi::opening::Opening;

use super::cli::{Context, game_options};
use crate::game::Outcome;
use crate::registry::session::Session;

/// `tabula solve`'s arguments.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The start board, for games with named boards (default: the game's first).
    #[arg(long)]
    board: Option<String>,
    /// A position text instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Tokens played from the position before solving.
    #[arg(long, num_args = 1..)]
    moves: Vec<String>,
    /// Solve every position this many plies from the position (each line once) instead of
    /// the position itself.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=6))]
    plies: u32,
    /// An openings file (one `startpos [moves ...]` or position text with optional
    /// `moves ...` per line, `#` comments, as `arena` reads) whose every opening is solved
    /// instead.
    #[arg(long, conflicts_with_all = ["fen", "moves", "plies"])]
    book: Option<String>,
    /// The most positions one solve visits before it gives up (its result is then unknown).
    #[arg(long, default_value_t = 20_000_000, value_parser = clap::value_parser!(u64).range(1..))]
    nodes: u64,
}

impl SolveArgs {
    /// Solves what the arguments name, one line per position and a tally last.
    pub fn run(self, context: &Context) -> Result<(), String> {
        let options = game_options(context.registry, &context.entry, self.board.as_deref())?;
        let mut session = context.entry.session(options.config())?;
        let mut tally = Tally::default();
        let start = Instant::now();
        match &self.book {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("cannot read '{path}': {e}"))?;
                for (number, line) in text.lines().enumerate() {
                    let line = line.trim();
                    if line.is_empty() || line.starts_with('#') {
                        continue;
                    }
                    let at_line = |e: String| format!("{path}:{}: {e}", number + 1);
                    let opening = Opening::parse(line).map_err(at_line)?;
                    let tokens: Vec<&str> = opening.moves.iter().map(String::as_str).collect();
                    session
                        .rules_mut()
                        .set_position(opening.text.as_deref(), &tokens)
                        .map_err(at_line)?;
                    self.solve_one(session.as_ref(), line, &mut tally, context)?;
                }
            }
            None => {
                let tokens: Vec<&str> = self.moves.iter().map(String::as_str).collect();
                session
                    .rules_mut()
                    .set_position(self.fen.as_deref(), &tokens)?;
                let mut line = self.moves.clone();
                self.solve_lines(session.as_mut(), &mut line, self.plies, &mut tally, context)?;
            }
        }
        (context.emit)(&tally.summary(start.elapsed().as_secs_f64()));
        Ok(())
    }

    /// Solves every position `plies` plies on from the session's (`line` the tokens that led
    /// there), depth first in the legal list's order.
    fn solve_lines(
        &self,
        session: &mut dyn Session,
        line: &mut Vec<String>,
        plies: u32,
        tally: &mut Tally,
        context: &Context,
    ) -> Result<(), String> {
        if plies == 0 || session.rules().outcome().is_some() {
            return self.solve_one(session, &line.join(" "), tally, context);
        }
        let base = session.rules().text();
        for token in session.rules().legal_tokens() {
            session.rules_mut().play(&token)?;
            line.push(token);
            self.solve_lines(session, line, plies - 1, tally, context)?;
            line.pop();
            session.rules_mut().set_position(Some(&base), &[])?;
        }
        Ok(())
    }

    /// Solves the session's position (named `name` in the output) and counts its result.
    fn solve_one(
        &self,
        session: &dyn Session,
        name: &str,
        tally: &mut Tally,
        context: &Context,
    ) -> Result<(), String> {
        let name = if name.is_empty() { "start" } else { name };
        let (result, best, nodes) = match session.rules().outcome() {
            Some(over) => (Some(over), None, 0),
            None => {
                let solved = session.solve(self.nodes, &AtomicBool::new(false))?;
                (solved.result, solved.best, solved.nodes)
            }
        };
        tally.count(result, nodes);
        let verdict = match (result, best) {
            (None, _) => format!("unknown after {nodes} nodes"),
            (Some(result), Some(best)) => format!("{} by {best}, {nodes} nodes", result.name()),
            (Some(result), None) => format!("{} (over)", result.name()),
        };
        (context.emit)(&format!("{name}: {verdict}"));
        Ok(())
    }
}

/// Results counted over the positions solved.
#[derive(Default)]
struct Tally {
    wins: [u64; 2],
    draws: u64,
    unknown: u64,
    nodes: u64,
    most_nodes: u64,
}

impl Tally {
    fn count(&mut self, result: Option<Outcome>, nodes: u64) {
        match result {
            Some(Outcome::Win(player)) => self.wins[player as usize] += 1,
            Some(Outcome::Draw) => self.draws += 1,
            None => self.unknown += 1,
        }
        self.nodes += nodes;
        self.most_nodes = self.most_nodes.max(nodes);
    }

    /// The last line: how many of each result, and the work it took.
    fn summary(&self, seconds: f64) -> String {
        let solved = self.wins[0] + self.wins[1] + self.draws;
        format!(
            "solved {solved} of {}: p1win {}, p2win {}, draw {}, unknown {}; {} nodes (most {}) in {seconds:.1} s",
            solved + self.unknown,
            self.wins[0],
            self.wins[1],
            self.draws,
            self.unknown,
            self.nodes,
            self.most_nodes,
        )
    }
}
