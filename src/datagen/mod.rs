//! Training data from self-play: games the engine plays against itself at a fixed node budget
//! from random openings, each decision's position written with the search's score, its chosen
//! move, an MCTS root's visits and, once the game is over, every seat's share of its result
//! ([`format`]). With MCTS, the first decisions after the opening may play a move drawn in
//! proportion to the root's visits instead of the chosen one, so that games from one opening
//! spread out.
//!
//! A data set is a pure function of its settings: game `g` of the set is played from the seed
//! `mix64(seed ^ g)` whichever shard plays it, one search thread with a fresh table, so shards
//! run anywhere and their files merged hold exactly the records of the whole run.

pub mod format;

use std::sync::atomic::AtomicBool;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::game::Turn;
use crate::game::any_game::{AnyGame, roll};
use crate::game::hashing::mix64;
use crate::options::EngineOptions;
use crate::options::choices::SearchKind;
use crate::registry::Entry;
use crate::registry::session::Thought;
use crate::search::{SearchLimits, TranspositionTable};
use crate::shard::Shard;
use format::{Record, SHARE_UNIT, VISIT_SLOTS};

/// Hash-table size of each game's alpha-beta searches, in MiB (MCTS's tree takes `Hash`).
const TABLE_MIB: usize = 16;

/// How a data set is made.
#[derive(Clone, Debug)]
pub struct DatagenSettings {
    /// Games in the whole set (every shard together).
    pub games: u64,
    /// Nodes of each decision's search.
    pub nodes: u64,
    /// Random decisions from the start before the searches take over.
    pub opening_plies: u32,
    /// Searched decisions after the opening that play a move drawn in proportion to the root's
    /// visits (MCTS only; the record keeps the search's own choice).
    pub sampled_plies: u32,
    /// The set's seed.
    pub seed: u64,
    /// This run's shard: shard `k` of `n` plays the games `g` with `g % n == k - 1`.
    pub shard: Shard,
    /// The engine options: players, board, and the search's settings.
    pub options: EngineOptions,
}

impl DatagenSettings {
    /// The numbers of the games this shard plays, in order.
    pub fn shard_games(&self) -> impl Iterator<Item = u64> + use<> {
        let shard = self.shard;
        (0..self.games).filter(move |&g| shard.plays(g as usize))
    }
}

/// One self-play game: the records of its searched positions, in play order.
pub fn play_game(
    entry: &Entry,
    settings: &DatagenSettings,
    tt: &TranspositionTable,
    game: u64,
) -> Result<Vec<Record>, String> {
    let options = &settings.options;
    let seed = mix64(settings.seed ^ game);
    let mut session = entry.session(options.config())?;
    if options.search == SearchKind::Mcts {
        session.set_tree_memory(options.tree_mib())?;
    }
    let mut dice = Pcg64Mcg::seed_from_u64(seed);
    let limits = SearchLimits {
        nodes: Some(settings.nodes),
        ..SearchLimits::default()
    };
    let style = options.style(entry);
    tt.clear();
    let mut records = Vec::new();
    let (mut ply, mut searched): (u16, u32) = (0, 0);
    let outcome = loop {
        let rules = session.rules();
        if let Some(outcome) = rules.outcome() {
            break outcome;
        }
        let token = match rules.turn() {
            Turn::Chance => roll(&rules.chance_outcomes(), &mut dice),
            _ if u32::from(ply) < settings.opening_plies => {
                session.random_move(seed ^ u64::from(ply))?
            }
            Turn::Player(mover) => {
                let text = rules.text();
                // A search sets its stop flag when it ends: a fresh one for each.
                let thought = session.think(&limits, tt, 1, style, &AtomicBool::new(false))?;
                records.push(Record {
                    score: thought.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
                    mover,
                    ply,
                    shares: [0; 6],
                    text,
                    best: thought.token.clone(),
                    visits: visit_places(rules, &thought)?,
                });
                searched += 1;
                match searched <= settings.sampled_plies {
                    true => drawn_by_visits(&thought, &mut dice),
                    false => thought.token,
                }
            }
            Turn::Over => unreachable!("a game without an outcome is not over"),
        };
        session.rules_mut().play(&token)?;
        ply = ply.saturating_add(1);
    };
    let players = session.rules().players();
    let shares = shares(outcome, players);
    for record in &mut records {
        record.shares = shares;
    }
    Ok(records)
}

/// The root's visits as a record keeps them: each visited move's place in `rules`' generation
/// order with its visits (scaled down to fit 16 bits where the most visited does not), the
/// chosen move first and then the most visited, at most [`VISIT_SLOTS`].
fn visit_places(rules: &dyn AnyGame, thought: &Thought) -> Result<Vec<(u16, u16)>, String> {
    if thought.visits.is_empty() {
        return Ok(Vec::new());
    }
    let tokens = rules.legal_tokens();
    let place = |token: &str| {
        let place = tokens.iter().position(|t| t == token);
        place.ok_or_else(|| format!("the search's move {token} is not legal"))
    };
    let mut visited: Vec<(usize, u32)> = Vec::with_capacity(thought.visits.len());
    for (token, visits) in &thought.visits {
        if *visits > 0 || *token == thought.token {
            visited.push((place(token)?, *visits));
        }
    }
    let chosen = place(&thought.token)?;
    // The chosen move first, then by visits (ties by place, so the order is the rules').
    visited.sort_by_key(|&(place, visits)| (place != chosen, std::cmp::Reverse(visits), place));
    visited.truncate(VISIT_SLOTS);
    let most = visited.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let scale = |visits: u32| match most > u32::from(u16::MAX) {
        true => (u64::from(visits) * u64::from(u16::MAX) / u64::from(most)) as u16,
        false => visits as u16,
    };
    Ok(visited
        .into_iter()
        .map(|(place, visits)| (place as u16, scale(visits)))
        .collect())
}

/// A move drawn in proportion to the root's visits (the chosen move where none has any).
fn drawn_by_visits(thought: &Thought, rng: &mut Pcg64Mcg) -> String {
    use rand::RngExt as _;
    let total: u64 = thought.visits.iter().map(|&(_, v)| u64::from(v)).sum();
    if total == 0 {
        return thought.token.clone();
    }
    let mut left = rng.random_range(0..total);
    for (token, visits) in &thought.visits {
        match left.checked_sub(u64::from(*visits)) {
            Some(rest) => left = rest,
            None => return token.clone(),
        }
    }
    unreachable!("the draw is below the visits' total")
}

/// Each seat's share of a result in sixtieths: all of it to a winner, equal parts in a draw
/// (the expectation a value network learns; the arena's scoring gives a draw of more than
/// two players nothing).
pub fn shares(outcome: crate::game::Outcome, players: usize) -> [u8; 6] {
    let mut shares = [0; 6];
    for (seat, share) in shares.iter_mut().enumerate().take(players) {
        *share = match outcome {
            crate::game::Outcome::Win(winner) if usize::from(winner) == seat => SHARE_UNIT,
            crate::game::Outcome::Win(_) => 0,
            crate::game::Outcome::Draw => SHARE_UNIT / players as u32,
        } as u8;
    }
    shares
}

/// A fresh table for a data run's searches.
pub fn table() -> Result<TranspositionTable, String> {
    TranspositionTable::try_new(TABLE_MIB)
}
