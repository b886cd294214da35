//! MCTS speed for every registered game: a fiftieth of its `bench-mcts` iterations from its
//! bench start in a fresh tree, with the game's own playout.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use tabula::game::{Game, GameConfig, GameVisitor, start_then};
use tabula::search::mcts::tree::Tree;
use tabula::search::mcts::{MctsSettings, search};
use tabula::search::{SearchLimits, SearchParams, Style, TranspositionTable};

/// Benches one game's MCTS iterations.
struct Mcts<'a>(&'a mut Criterion);

impl GameVisitor for Mcts<'_> {
    fn visit<G: Game>(&mut self) {
        let pos: G = start_then(&GameConfig::default(), G::BENCH.start).expect("bench start");
        let iterations = G::BENCH.mcts_iterations / 50;
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
            reporter: None,
            style: Style {
                profile: G::PROFILE,
                mcts: Some(MctsSettings {
                    leaves: MctsSettings::leaves_of(&G::PROFILE),
                    seed: 1,
                }),
                ..Style::default()
            },
        };
        let mut tree = Tree::try_new(16).expect("16 MiB");
        self.0
            .bench_function(&format!("{} mcts {iterations} iterations", G::NAME), |b| {
                b.iter(|| {
                    tree.clear();
                    stop.store(false, std::sync::atomic::Ordering::Relaxed);
                    black_box(search(&pos, &params, &mut tree).best)
                })
            });
    }
}

fn mcts(c: &mut Criterion) {
    tabula::games::visit_all(&mut Mcts(c));
}

criterion_group!(benches, mcts);
criterion_main!(benches);
