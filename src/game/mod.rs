//! The contract between a game and everything else (search, protocol, tools).
//!
//! A game knows its rules and nothing about search; the search core knows these traits and
//! nothing about any particular game. A game implements one trait per concern, each in the
//! file of its folder that holds that idea: [`Rules`] (moves, make and unmake, outcome, hash),
//! [`Notation`] (position texts and tokens), [`Picture`] (the board's drawing),
//! [`Evaluation`] (the static evaluation and the hints the search asks for), [`Inputs`] (what
//! a network sees of a position) and [`Profiled`]
//! (the search profile and the benchmarks' positions); [`Game`] is all of them. Games are
//! monomorphized: the protocol picks one at run time, and everything below that choice is
//! generic.

pub mod any_game;
pub mod bitset;
pub mod evaluation;
pub mod grid;
pub mod hashing;
pub mod inputs;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod profile;
pub mod repetition;
pub mod rules;
pub mod two_player;
pub mod view;
pub mod weights;

pub use evaluation::Evaluation;
pub use inputs::Inputs;
pub use notation::Notation;
pub use outcome::Outcome;
pub use rules::Rules;
pub use view::Picture;

use profile::Profile;

/// A player index: 0 is `p1`, 1 is `p2`, up to 5 for `p6`.
pub type Player = u8;

/// Who makes the next decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// This player decides.
    Player(Player),
    /// Chance decides: the legal list holds the outcomes, weighted by [`Rules::chance_weight`].
    Chance,
    /// The game is over: nobody decides and the legal list is empty.
    Over,
}

/// Settings that shape a game's start position (`Players`, `Board`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameConfig {
    /// Number of players (only games for more than two accept more than 2).
    pub players: usize,
    /// Name of the board `startpos` uses, for games whose board is data.
    pub board: String,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            players: 2,
            board: String::new(),
        }
    }
}

/// Where the benchmarks look at a game. Positions are tokens played from the start position
/// of the default settings.
#[derive(Clone, Copy, Debug)]
pub struct BenchSpec {
    /// `tabula bench`: each position's tokens, and its depth beyond the bench depth (games
    /// differ in branching). The sum of their node counts is the search's signature.
    pub positions: &'static [(&'static str, i32)],
    /// Where the MCTS bench and the criterion benches start.
    pub start: &'static str,
    /// The criterion move-generation bench's perft depth from `start`.
    pub perft_depth: u32,
    /// The criterion search bench's alpha-beta depth from `start`.
    pub search_depth: u32,
    /// `bench-mcts` iterations from `start` (the criterion MCTS bench runs a fiftieth).
    pub mcts_iterations: u64,
}

/// The search's settings for a game and where its benchmarks look at it.
pub trait Profiled: Rules {
    /// The search's choices and numbers for this game: the standard profile with the game's
    /// `profile.txt` applied ([`Profile::parse`]).
    const PROFILE: Profile = Profile::STANDARD;
    /// The positions the benchmarks search.
    const BENCH: BenchSpec;
}

/// A whole game: its rules, its text, its picture, its evaluation, its network's inputs and
/// its search profile. A game implements each concern in its own trait; this one follows from
/// them, for the code (the protocol, the registry, the engine's search) that needs them all.
pub trait Game: Rules + Notation + Picture + Evaluation + Inputs + Profiled {}

impl<G: Rules + Notation + Picture + Evaluation + Inputs + Profiled> Game for G {}

/// Work done once for every game type, monomorphized: `games::visit_all` runs it on every
/// registered game (the registry itself is collected so; benches and tests use it too).
pub trait GameVisitor {
    /// Does the work for game `G`.
    fn visit<G: Game>(&mut self);
}

/// Plays `tokens` on `pos`, each checked; an error names the first bad one by its number
/// (`pos` then stands after the good ones before it).
pub fn play_tokens<'a, G: Game>(
    pos: &mut G,
    tokens: impl IntoIterator<Item = &'a str>,
) -> Result<(), String> {
    for (i, token) in tokens.into_iter().enumerate() {
        let mv = pos
            .parse_move(token)
            .map_err(|e| format!("move {} ('{token}'): {e}", i + 1))?;
        pos.make(mv);
    }
    Ok(())
}

/// The start position of `config` with `tokens` (space-separated) played, each checked.
pub fn start_then<G: Game>(config: &GameConfig, tokens: &str) -> Result<G, String> {
    let mut pos = G::startpos(config)?;
    play_tokens(&mut pos, tokens.split_whitespace())?;
    Ok(pos)
}

/// A uniform index below `len` by one multiplication (Lemire's method without the rejection
/// step: the bias is below `len / 2^32`, far under what a playout can notice).
pub fn random_below<R: rand::Rng>(len: usize, rng: &mut R) -> usize {
    ((rng.next_u32() as u64 * len as u64) >> 32) as usize
}

/// An index drawn with probability proportional to its weight (chance outcomes).
pub fn weighted_index<R: rand::Rng>(
    weights: impl Iterator<Item = u32> + Clone,
    rng: &mut R,
) -> usize {
    use rand::RngExt as _;
    let total: u32 = weights.clone().sum();
    let mut pick = rng.random_range(0..total);
    weights
        .enumerate()
        .find(|&(_, w)| {
            let hit = pick < w;
            pick -= w.min(pick);
            hit
        })
        .expect("the weights add up")
        .0
}
