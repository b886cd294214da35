//! MCTS speed per game: a fixed number of iterations from the start in a fresh tree.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::{Game, GameConfig};
use tabula::games::dimraw::Dimraw;
use tabula::games::dwindle::Dwindle;
use tabula::games::splinter::Splinter;
use tabula::games::tumbling_down::TumblingDown;
use tabula::search::mcts::tree::Tree;
use tabula::search::mcts::{MctsSettings, search};
use tabula::search::{SearchLimits, SearchParams, Style, TranspositionTable};

/// Benches `iterations` MCTS iterations of `G` from its start, with `cutoff` playouts.
fn bench_game<G: Game>(c: &mut Criterion, iterations: u64, cutoff: u32) {
    let pos = G::startpos(&GameConfig::default()).expect("startpos");
    let limits = SearchLimits {
        nodes: Some(iterations),
        ..Default::default()
    };
    let (tt, stop) = (TranspositionTable::new(1), AtomicBool::new(false));
    let params = SearchParams {
        limits: &limits,
        threads: 1,
        multipv: 1,
        move_overhead: 0,
        tt: &tt,
        stop: &stop,
        output: None,
        style: Style::default(),
    };
    let settings = MctsSettings {
        exploration: 0.5,
        cutoff,
        seed: 1,
    };
    let mut tree = Tree::try_new(16).expect("16 MiB");
    c.bench_function(&format!("{} mcts {iterations} iterations", G::NAME), |b| {
        b.iter(|| {
            tree.clear();
            stop.store(false, std::sync::atomic::Ordering::Relaxed);
            black_box(search(&pos, &params, &settings, &mut tree).best)
        })
    });
}

fn mcts(c: &mut Criterion) {
    bench_game::<TumblingDown>(c, 2_000, 8);
    bench_game::<Dimraw>(c, 10_000, 0);
    bench_game::<Dwindle>(c, 10_000, 0);
    bench_game::<Splinter>(c, 500, 8);
}

criterion_group!(benches, mcts);
criterion_main!(benches);
