//! A game's embedded net evaluating the children of its bench start, for every game with one:
//! made afresh from the position's inputs, and from the sums along a searched line (each
//! child played, evaluated and taken back, as a search's leaves are).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::inputs::ActiveInputs;
use tabula::game::{Game, GameConfig, GameVisitor, Turn, start_then};
use tabula::net::embedded;
use tabula::net::line_sums::LineSums;

/// Benches one game's net evaluations.
struct NetEvaluations<'a>(&'a mut Criterion);

impl GameVisitor for NetEvaluations<'_> {
    fn visit<G: Game>(&mut self) {
        let Some(net) = embedded::<G>() else {
            return;
        };
        let mut pos: G = start_then(&GameConfig::default(), G::BENCH.start).expect("bench start");
        let mut moves = Vec::new();
        pos.generate(&mut moves);
        // Each child is evaluated for the player to move there (as negamax asks).
        let seat = |pos: &G| match pos.turn() {
            Turn::Player(p) => p,
            _ => 0,
        };
        self.0
            .bench_function(&format!("{} net children afresh", G::NAME), |b| {
                b.iter(|| {
                    for &mv in &moves {
                        pos.make(mv);
                        let mut active = ActiveInputs::default();
                        pos.active_inputs(seat(&pos), &mut active);
                        black_box(net.output(active.as_slice()));
                        pos.unmake();
                    }
                })
            });
        let mut line = LineSums::new(net, 8, &pos);
        self.0
            .bench_function(&format!("{} net children along the line", G::NAME), |b| {
                b.iter(|| {
                    for &mv in &moves {
                        pos.make(mv);
                        line.played(&pos);
                        black_box(line.output(&pos, seat(&pos)));
                        pos.unmake();
                        line.took_back();
                    }
                })
            });
    }
}

fn net(c: &mut Criterion) {
    tabula::games::visit_all(&mut NetEvaluations(c));
}

criterion_group!(benches, net);
criterion_main!(benches);
