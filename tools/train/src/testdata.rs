//! Data for the trainer's tests.

use tabula::commands::datagen::run;
use tabula::datagen::DatagenSettings;
use tabula::options::EngineOptions;
use tabula::options::choices::SearchKind;
use tabula::registry::Registry;
use tabula::shard::Shard;

/// A small Tumbling Down data set, the same on every run.
pub fn tiny_data_set() -> Vec<u8> {
    tiny_data_set_of(SearchKind::AlphaBeta)
}

/// The same games' openings played by MCTS, whose records keep the root's visits.
pub fn tiny_mcts_data_set() -> Vec<u8> {
    tiny_data_set_of(SearchKind::Mcts)
}

fn tiny_data_set_of(search: SearchKind) -> Vec<u8> {
    let registry = Registry::standard();
    let entry = registry.find("tumbling-down").unwrap();
    let settings = DatagenSettings {
        games: 6,
        nodes: 200,
        opening_plies: 4,
        sampled_plies: 0,
        seed: 3,
        shard: Shard { index: 1, count: 1 },
        options: EngineOptions {
            variant: entry.name,
            search,
            ..EngineOptions::defaults(&registry)
        },
    };
    static MADE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let made = MADE.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("train-{}-{made}.data", std::process::id());
    let path = std::env::temp_dir().join(name);
    let path = path.to_string_lossy().to_string();
    run(entry, &settings, &path, &|_| {}).unwrap();
    let bytes = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    bytes
}

/// `work` run on a pool of `threads` threads.
pub fn on_threads<T: Send>(threads: usize, work: impl FnOnce() -> T + Send) -> T {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    pool.install(work)
}

/// That `file(threads, seed)`, a trained file, is the same on one thread and on two for one
/// seed, and another for another seed.
pub fn assert_reproducible(file: impl Fn(usize, u64) -> Vec<u8>) {
    let one = file(1, 5);
    assert_eq!(one, file(2, 5), "the same seed on two threads");
    assert_ne!(one, file(2, 6), "another seed gives another file");
}
