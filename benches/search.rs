//! Fixed-depth alpha-beta search speed, per game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::dwnsiwn::Dwnsiwn;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::{Style, TranspositionTable, fixed_depth_value};

/// Benches `G` from the position the `tokens` reach from its start.
fn bench_game<G: Game>(c: &mut Criterion, depth: u32, tokens: &str) {
    let mut pos = G::startpos(&GameConfig::default()).expect("startpos");
    for token in tokens.split_whitespace() {
        let mv = pos.parse_move(token).expect("bench tokens are legal");
        pos.make(mv);
    }
    let tt = TranspositionTable::new(16);
    c.bench_function(&format!("{} search depth {depth}", G::NAME), |b| {
        b.iter(|| {
            tt.clear();
            black_box(fixed_depth_value(&pos, depth, Some(&tt), Style::default()))
        })
    });
}

/// Dwnsiwn after its twenty opening rolls (the rulebook's position TV).
const TV: &str = "roll:1 roll:1 roll:2 roll:2 roll:3 roll:4 roll:5 roll:6 roll:6 roll:6 roll:1 roll:2 roll:3 roll:3 roll:4 roll:4 roll:5 roll:5 roll:6 roll:6";

fn search(c: &mut Criterion) {
    bench_game::<TumblingDown>(c, 4, "");
    bench_game::<Dimraw>(c, 7, "");
    bench_game::<Dwindle>(c, 7, "");
    bench_game::<Dwnsiwn>(c, 3, TV);
    bench_game::<Splinter>(c, 3, "");
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
