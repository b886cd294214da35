//! Move generation and make/unmake speed, for every registered game from its bench start.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::perft::perft;
use tabula::game::{Game, GameConfig, GameVisitor, start_then};

/// Benches one game's move generation and perft.
struct Movegen<'a>(&'a mut Criterion);

impl GameVisitor for Movegen<'_> {
    fn visit<G: Game>(&mut self) {
        let mut pos: G = start_then(&GameConfig::default(), G::BENCH.start).expect("bench start");
        let depth = G::BENCH.perft_depth;
        let mut moves = Vec::new();
        self.0
            .bench_function(&format!("{} generate startpos", G::NAME), |b| {
                b.iter(|| {
                    pos.generate(&mut moves);
                    black_box(moves.len())
                })
            });
        self.0
            .bench_function(&format!("{} perft {depth}", G::NAME), |b| {
                b.iter(|| black_box(perft(&mut pos, depth)))
            });
    }
}

fn movegen(c: &mut Criterion) {
    tabula::games::visit_all(&mut Movegen(c));
}

criterion_group!(benches, movegen);
criterion_main!(benches);
