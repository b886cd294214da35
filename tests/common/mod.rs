//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod dice_race;
pub mod engine;
pub mod nets;

use tabula::game::{Game, GameConfig, start_then};

/// The start position followed by the given tokens, each checked for legality.
pub fn after<G: Game>(tokens: &str) -> G {
    start_then(&GameConfig::default(), tokens).unwrap_or_else(|e| panic!("{e}"))
}

/// The number of legal tokens.
pub fn legal_count<G: Game>(pos: &G) -> usize {
    let mut moves = Vec::new();
    pos.generate(&mut moves);
    moves.len()
}

/// The position after one more token.
pub fn then<G: Game>(pos: &G, token: &str) -> G {
    let mut next = pos.clone();
    let mv = next
        .parse_move(token)
        .unwrap_or_else(|e| panic!("{token}: {e}"));
    next.make(mv);
    next
}

use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64;

/// Plays `plies` random moves from `pos` (stopping early if the game ends).
pub fn random_walk<G: Game>(pos: &mut G, plies: usize, rng: &mut Pcg64) {
    let mut moves = Vec::new();
    for _ in 0..plies {
        pos.generate(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.random_range(0..moves.len())]);
    }
}

/// A deterministic generator for test positions.
pub fn rng(seed: u64) -> Pcg64 {
    Pcg64::seed_from_u64(seed)
}

/// A search reporter that keeps the `info` lines the protocol would write.
#[derive(Default)]
pub struct InfoRecorder(std::sync::Mutex<Vec<String>>);

impl InfoRecorder {
    /// Every line so far, each ending in a newline.
    pub fn text(&self) -> String {
        self.0
            .lock()
            .unwrap()
            .iter()
            .map(|l| format!("{l}\n"))
            .collect()
    }
}

impl<G: Game> tabula::search::report::Reporter<G> for InfoRecorder {
    fn report(&self, root: &G, event: tabula::search::report::Event<G::Move>) {
        let event = event.map_lines(|line| root.line_tokens(line));
        let lines = tabula::protocol::info::info_lines(&event);
        self.0.lock().unwrap().extend(lines);
    }
}

/// An alpha-beta search of `pos` within `limits` on `threads` threads with `multipv` lines in
/// `style`, with a fresh table; returns its report and the `info` lines it wrote.
pub fn search_recorded<G: Game>(
    pos: &G,
    limits: &tabula::search::SearchLimits,
    threads: usize,
    multipv: usize,
    style: tabula::search::Style,
) -> (tabula::search::SearchReport<G::Move>, String) {
    let tt = tabula::search::TranspositionTable::new(16);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let recorder = InfoRecorder::default();
    let params = tabula::search::SearchParams {
        limits,
        threads,
        multipv,
        move_overhead: 0,
        tt: &tt,
        stop: &stop,
        reporter: Some(&recorder),
        style,
    };
    let report = tabula::search::search(pos, &params);
    (report, recorder.text())
}

/// A writer whose contents the test can read back.
#[derive(Clone, Default)]
pub struct SharedBuffer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl SharedBuffer {
    /// Everything written so far.
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

impl std::io::Write for SharedBuffer {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(data);
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// An `info` line without the words that depend on the clock (`nps`, `time` and their values).
pub fn without_clock(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < words.len() {
        if matches!(words[i], "nps" | "time") {
            i += 2;
        } else {
            kept.push(words[i]);
            i += 1;
        }
    }
    kept.join(" ")
}

/// Asserts `pos`'s perft counts at depths 1, 2, ... (`expected[d - 1]` at depth `d`).
pub fn perfts<G: Game>(pos: &G, expected: &[u64]) {
    for (depth, &count) in (1..).zip(expected) {
        let counted = tabula::game::perft::perft(&mut pos.clone(), depth);
        assert_eq!(counted, count, "perft {depth}");
    }
}

/// The start position of test game number `game` and its players: two for an even number,
/// the most the game takes for an odd one.
pub fn start_of_game<G: Game>(game: usize) -> (G, usize) {
    let players = if game % 2 == 0 { 2 } else { G::PLAYERS.1 };
    let config = GameConfig {
        players,
        ..GameConfig::default()
    };
    (G::startpos(&config).unwrap(), players)
}
