//! Move generation and make/unmake speed, per game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::perft::perft;
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;

fn bench_game<G: Game>(c: &mut Criterion, depth: u32) {
    let mut pos = G::startpos(&GameConfig::default()).expect("startpos");
    let mut moves = Vec::new();
    c.bench_function(&format!("{} generate startpos", G::NAME), |b| {
        b.iter(|| {
            pos.generate(&mut moves);
            black_box(moves.len())
        })
    });
    c.bench_function(&format!("{} perft {depth}", G::NAME), |b| {
        b.iter(|| black_box(perft(&mut pos, depth)))
    });
}

fn movegen(c: &mut Criterion) {
    bench_game::<TumblingDown>(c, 2);
    bench_game::<Dimraw>(c, 4);
    bench_game::<Dwindle>(c, 5);
    bench_game::<Splinter>(c, 2);
}

criterion_group!(benches, movegen);
criterion_main!(benches);
