//! Move generation and make/unmake speed, per game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::perft::perft;
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;

/// Benches `G` from the position the `tokens` reach from its start.
fn bench_game<G: Game>(c: &mut Criterion, depth: u32, tokens: &str) {
    let mut pos = G::startpos(&GameConfig::default()).expect("startpos");
    for token in tokens.split_whitespace() {
        let mv = pos.parse_move(token).expect("bench tokens are legal");
        pos.make(mv);
    }
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

/// Dwnsiwn after its twenty opening rolls (the rulebook's position TV).
const TV: &str = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";

fn movegen(c: &mut Criterion) {
    bench_game::<TumblingDown>(c, 2, "");
    bench_game::<Dimraw>(c, 4, "");
    bench_game::<Dwindle>(c, 5, "");
    bench_game::<Dwnsiwn>(c, 3, TV);
    bench_game::<Splinter>(c, 2, "");
}

criterion_group!(benches, movegen);
criterion_main!(benches);
