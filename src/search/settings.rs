//! What both searches stand on: the choices that shape a search (`Style`), how to run one
//! (`SearchParams`) and what it found (`SearchReport`). Alpha-beta (`alphabeta`) and MCTS
//! (`mcts`) read these; neither defines them.

use std::sync::atomic::AtomicBool;

use crate::game::Game;
use crate::game::profile::Profile;
use crate::net::Evaluator;

use super::limits::SearchLimits;
use super::report::Reporter;
use super::tt::TranspositionTable;

/// The search games of more than two players get.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ManyPlayers {
    /// The root player against all the others together (alpha-beta); when every move
    /// loses that way, the search falls back to [`ManyPlayers::MaxN`].
    #[default]
    Paranoid,
    /// Best-reply search: only the strongest single reply of any one opponent is
    /// searched between two moves of the root player (alpha-beta).
    BestReply,
    /// Max^n: every player maximizes his own value; no pruning.
    MaxN,
}

/// Choices that shape the search itself (engine options, not limits).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Style {
    /// The search for more than two players.
    pub many_players: ManyPlayers,
    /// Star2 probing at chance plies (before Star1).
    pub chance_probe: bool,
    /// Every other choice and number of the search: the game's profile with the engine's
    /// overrides. The default (the standard profile) has every refinement off, so that a
    /// fixed-depth search returns the textbook search's value.
    pub profile: Profile,
    /// MCTS with these settings instead of alpha-beta.
    pub mcts: Option<MctsSettings>,
    /// What gives the search its static values, alpha-beta's and MCTS's: the game's
    /// evaluation or its network.
    pub evaluator: Evaluator,
}

impl Style {
    /// Plain alpha-beta on `G`'s profile with every refinement off (its numbers, scale and
    /// draw preference kept): what the textbook searches of [`super::reference`] compute.
    pub fn plain<G: Game>() -> Self {
        Style {
            profile: G::PROFILE.plain(),
            ..Style::default()
        }
    }

    /// MCTS's settings in this style: its own, or `Playout auto`'s on its profile.
    pub fn mcts_settings(&self) -> MctsSettings {
        self.mcts
            .unwrap_or_else(|| MctsSettings::auto(&self.profile))
    }

    /// This style with its profile changed by `change`.
    pub fn with(mut self, change: impl FnOnce(&mut Profile)) -> Self {
        change(&mut self.profile);
        self
    }
}

/// How to search game `G`, beyond the limits of one `go`.
pub struct SearchParams<'a, G: Game> {
    /// The limits of this search.
    pub limits: &'a SearchLimits,
    /// Search threads (they split nodes' moves among them and share the table).
    pub threads: usize,
    /// Lines to report.
    pub multipv: usize,
    /// Milliseconds kept in reserve for communication.
    pub move_overhead: u64,
    /// The shared table.
    pub tt: &'a TranspositionTable,
    /// Raised to stop the search (by `stop`, or by the main thread when done).
    pub stop: &'a AtomicBool,
    /// Where progress goes; `None` keeps the search silent.
    pub reporter: Option<&'a dyn Reporter<G>>,
    /// Which search variants to use.
    pub style: Style,
}

/// What a finished search found.
#[derive(Clone, Debug)]
pub struct SearchReport<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the side to move.
    pub score: i32,
    /// The last completed iteration.
    pub depth: u32,
    /// Positions visited by all threads.
    pub nodes: u64,
    /// The principal variation.
    pub pv: Vec<M>,
    /// MCTS's root moves with their visits, in the root's order (none for alpha-beta).
    pub root_visits: Vec<(M, u32)>,
}

/// How MCTS scores the new leaves of its tree (`Playout`; the profile's `mcts_playouts` for
/// `auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeafScoring {
    /// Plain UCT: a playout of `cutoff` random plies and then the evaluation, or to the game's
    /// end for 0.
    Playout {
        /// Random plies before the evaluation (0: none, play to the end).
        cutoff: u32,
    },
    /// The evaluation, guiding a PUCT tree: priors from it and minimax backups of it.
    Evaluation,
}

/// MCTS's choices that are not the profile's: how new leaves are scored (the `Playout`
/// option) and the random streams' seed (`Seed`). Its numbers (exploration, the minimax
/// weight, the prior temperature, the game's scale) it reads from the search's profile where
/// it uses them, as alpha-beta does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsSettings {
    /// How new leaves are scored, and so which tree policy runs.
    pub leaves: LeafScoring,
    /// Seeds the random streams (with the root's hash and the thread's number).
    pub seed: u64,
}

impl MctsSettings {
    /// How a profile scores new leaves under `Playout auto`.
    pub fn leaves_of(profile: &Profile) -> LeafScoring {
        match profile.mcts_playouts {
            true => LeafScoring::Playout { cutoff: 0 },
            false => LeafScoring::Evaluation,
        }
    }

    /// The settings of `Playout auto` on `profile`, with streams from seed 0.
    pub fn auto(profile: &Profile) -> Self {
        MctsSettings {
            leaves: Self::leaves_of(profile),
            seed: 0,
        }
    }
}
