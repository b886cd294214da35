//! Fixed-depth alpha-beta search speed, for every registered game from its bench start.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::{Game, GameConfig, GameVisitor, start_then};
use tabula::search::{Style, TranspositionTable, fixed_depth_value};

/// Benches one game's fixed-depth search.
struct Search<'a>(&'a mut Criterion);

impl GameVisitor for Search<'_> {
    fn visit<G: Game>(&mut self) {
        let pos: G = start_then(&GameConfig::default(), G::BENCH.start).expect("bench start");
        let depth = G::BENCH.search_depth;
        let tt = TranspositionTable::new(16);
        self.0
            .bench_function(&format!("{} search depth {depth}", G::NAME), |b| {
                b.iter(|| {
                    tt.clear();
                    black_box(fixed_depth_value(&pos, depth, Some(&tt), Style::default()))
                })
            });
    }
}

fn search(c: &mut Criterion) {
    tabula::games::visit_all(&mut Search(c));
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = search
}
criterion_main!(benches);
