//! `selfplay`: the engine plays a game against itself, drawing the board after every move;
//! chance plies are rolled from a seed.

use std::sync::atomic::AtomicBool;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use clap::builder::PossibleValuesParser;

use super::cli::{Context, game_options, threads};
use crate::display::{describe, score_text, turn_text};
use crate::game::Turn;
use crate::game::any_game::roll;
use crate::options::EngineOptions;
use crate::options::choices::{Choice, SearchKind};
use crate::registry::Entry;
use crate::search::{SearchLimits, TranspositionTable};

/// `tabula selfplay`'s arguments.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    /// Milliseconds per move.
    #[arg(long, default_value_t = 200)]
    movetime: u64,
    /// A fixed depth per move instead of a time.
    #[arg(long)]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = threads)]
    threads: usize,
    /// The search: alphabeta, mcts or random.
    #[arg(long, default_value = "alphabeta", value_parser = PossibleValuesParser::new(SearchKind::words()))]
    search: String,
    /// Players, for games of more than two.
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// The start board, for games with named boards (default: the game's first).
    #[arg(long)]
    board: Option<String>,
    /// Seed of the rolls (and of the random search).
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl SelfplayArgs {
    /// Plays one game of `--game` (see [`play`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        let entry = &context.entry;
        let defaults = game_options(context.registry, entry, self.board.as_deref())?;
        let settings = SelfplaySettings {
            limits: SearchLimits {
                movetime: self.depth.is_none().then_some(self.movetime),
                depth: self.depth,
                ..SearchLimits::default()
            },
            options: EngineOptions {
                search: SearchKind::from_word(&self.search).expect("clap checked the word"),
                threads: self.threads,
                players: self.players,
                seed: self.seed,
                ..defaults
            },
        };
        play(entry, &settings, context.emit).map(|_| ())
    }
}

/// How selfplay searches.
pub struct SelfplaySettings {
    /// Limits of every move's search.
    pub limits: SearchLimits,
    /// The engine options it plays with: the search, threads, memory, players and board, and
    /// `seed`, which draws the rolls (and the `random` search's moves).
    pub options: EngineOptions,
}

/// Plays one game of `entry`'s game and returns the result's name.
pub fn play(
    entry: &Entry,
    settings: &SelfplaySettings,
    emit: &dyn Fn(&str),
) -> Result<String, String> {
    let options = &settings.options;
    let mut session = entry.session(options.config())?;
    session.set_tree_memory(options.tree_mib())?;
    let tt = TranspositionTable::try_new(options.table_mib())?;
    let style = options.style(entry);
    let mut dice = Pcg64Mcg::seed_from_u64(options.seed);
    emit(&describe(session.rules()));
    let mut ply: u64 = 0;
    loop {
        let rules = session.rules();
        if let Some(outcome) = rules.outcome() {
            let result = outcome.name();
            emit(&format!("result {result} after {ply} plies"));
            return Ok(result);
        }
        ply += 1;
        let mover = turn_text(rules.turn());
        let (token, about) = match (rules.turn(), options.search) {
            (Turn::Chance, _) => (roll(&rules.chance_outcomes(), &mut dice), String::new()),
            (_, SearchKind::Random) => (session.random_move(options.seed ^ ply)?, String::new()),
            _ => {
                let stop = AtomicBool::new(false);
                let thought =
                    session.think(&settings.limits, &tt, options.threads, style, &stop)?;
                let about = format!(
                    " (score {}, {} nodes, pv {})",
                    score_text(thought.score),
                    thought.nodes,
                    thought.pv.join(" ")
                );
                (thought.token, about)
            }
        };
        session.rules_mut().play(&token)?;
        emit(&format!("\nply {ply}: {mover} plays {token}{about}"));
        emit(&describe(session.rules()));
    }
}
