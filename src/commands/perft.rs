//! Perft split by root token (`go perft`, `tabula perft`).

use std::time::Instant;

use crate::registry::session::Session;

/// Writes one `<token>: <count>` line per root token, then the total and the speed.
pub fn print_divide(session: &dyn Session, depth: u32, emit: &dyn Fn(&str)) {
    let start = Instant::now();
    let divided = session.divide(depth);
    let total: u64 = if depth == 0 {
        1
    } else {
        divided.iter().map(|(_, n)| n).sum()
    };
    for (token, nodes) in &divided {
        emit(&format!("{token}: {nodes}"));
    }
    emit(&format!("Nodes searched: {total}"));
    let seconds = start.elapsed().as_secs_f64().max(1e-9);
    emit(&format!(
        "info string perft {total} nodes in {seconds:.3} s, {:.0} nps",
        total as f64 / seconds
    ));
}
