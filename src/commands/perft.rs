//! Perft split by root token (`go perft`, `tabula perft`).

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use super::cli::Context;
use crate::game::GameConfig;
use crate::game::perft::LastPly;
use crate::registry::session::Session;

/// `tabula perft`'s arguments.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// Sequence length.
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=crate::game::perft::MAX_DEPTH as i64))]
    depth: u32,
    /// A position text instead of the start position.
    #[arg(long)]
    fen: Option<String>,
    /// Count the last ply's moves from the legal list's length, none made (bulk counting, as
    /// general game systems count); by default every leaf is made and taken back.
    #[arg(long)]
    bulk: bool,
}

impl PerftArgs {
    /// Counts from the start position of `--game`, or from `--fen`.
    pub fn run(self, context: &Context) -> Result<(), String> {
        let mut session = context.entry.session(GameConfig::default())?;
        session.rules_mut().set_position(self.fen.as_deref(), &[])?;
        let stop = AtomicBool::new(false);
        let last = match self.bulk {
            true => LastPly::Counted,
            false => LastPly::Made,
        };
        print_divide(session.as_ref(), self.depth, last, &stop, context.emit);
        Ok(())
    }
}

/// Writes one `<token>: <count>` line per root token as soon as it is counted (the last ply as
/// `last` says), then the speed and the total (last, as other engines end perft); if `stop`
/// ends it early, a line that says so instead of both.
pub fn print_divide(
    session: &dyn Session,
    depth: u32,
    last: LastPly,
    stop: &AtomicBool,
    emit: &dyn Fn(&str),
) {
    let start = Instant::now();
    let (mut total, mut tokens) = (0, 0);
    let whole = session.divide(depth, last, stop, &mut |token, nodes| {
        emit(&format!("{token}: {nodes}"));
        (total, tokens) = (total + nodes, tokens + 1);
    });
    if !whole {
        return emit(&format!(
            "info string perft stopped after {tokens} root tokens ({total} nodes)"
        ));
    }
    if depth == 0 {
        total = 1;
    }
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    emit(&format!(
        "info string perft {total} nodes in {seconds:.3} s, {:.0} nps",
        total as f64 / seconds
    ));
    emit(&format!("Nodes searched: {total}"));
}
