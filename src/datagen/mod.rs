//! Training data from self-play: games the engine plays against itself at a fixed node budget
//! from random openings, each decision's position written with the search's score and, once
//! the game is over, every seat's share of its result ([`format`]).
//!
//! A data set is a pure function of its settings: game `g` of the set is played from the seed
//! `mix64(seed ^ g)` whichever shard plays it, one search thread with a fresh table, so shards
//! run anywhere and their files merged hold exactly the records of the whole run.

pub mod format;

use std::sync::atomic::AtomicBool;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::game::Turn;
use crate::game::any_game::roll;
use crate::game::hashing::mix64;
use crate::options::EngineOptions;
use crate::registry::Entry;
use crate::search::{SearchLimits, TranspositionTable};
use crate::shard::Shard;
use format::{Record, SHARE_UNIT};

/// Hash-table size of each game's searches, in MiB.
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
    let mut dice = Pcg64Mcg::seed_from_u64(seed);
    let limits = SearchLimits {
        nodes: Some(settings.nodes),
        ..SearchLimits::default()
    };
    let style = options.style(entry);
    tt.clear();
    let mut records = Vec::new();
    let mut ply: u16 = 0;
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
                });
                thought.token
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
