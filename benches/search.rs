//! Fixed-depth alpha-beta search speed, per game.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::{TranspositionTable, fixed_depth_value};

fn bench_game<G: Game>(c: &mut Criterion, depth: u32) {
    let pos = G::startpos(&GameConfig::default()).expect("startpos");
    let tt = TranspositionTable::new(16);
    c.bench_function(&format!("{} search depth {depth}", G::NAME), |b| {
        b.iter(|| {
            tt.clear();
            black_box(fixed_depth_value(&pos, depth, Some(&tt)))
        })
    });
}

fn search(c: &mut Criterion) {
    bench_game::<TumblingDown>(c, 4);
    bench_game::<Dimraw>(c, 7);
    bench_game::<Dwindle>(c, 7);
    bench_game::<Splinter>(c, 3);
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
