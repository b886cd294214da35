//! The engine's options: their values ([`EngineOptions`]), the typed table that declares,
//! parses and reads them ([`table`]), and the enumerated values' words ([`choices`]). The
//! protocol, the command-line tools and the match runners all set up searches through them.

pub mod choices;
pub mod table;

use crate::game::GameConfig;
use crate::game::profile::Overrides;
use crate::registry::{Entry, Registry};
use crate::search::mcts::{LeafScoring, MctsSettings};
use crate::search::{ManyPlayers, Style};

use crate::net::{Evaluator, Network};
use choices::{DiceKind, EvalKind, IllegalMove, PlayoutKind, SearchKind};
pub use table::{Effect, OptionChange, OptionTable};

/// Option values as set by `setoption` (or their defaults).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// The game (`UCI_Variant`).
    pub variant: &'static str,
    /// Number of players (`Players`).
    pub players: usize,
    /// Search threads (`Threads`).
    pub threads: usize,
    /// Transposition table (or MCTS tree) size in MiB (`Hash`).
    pub hash_mib: usize,
    /// Search algorithm (`Search`).
    pub search: SearchKind,
    /// Lines to report (`MultiPV`).
    pub multipv: usize,
    /// Milliseconds kept for communication (`MoveOverhead`).
    pub move_overhead: u64,
    /// Seed for randomized searches (`Seed`).
    pub seed: u64,
    /// Seed of the engine's dice (`DiceSeed`): the rolls `go` answers at a chance ply, and
    /// those of `Dice engine`.
    pub dice_seed: u64,
    /// The start board, for games with named boards (`Board`).
    pub board: &'static str,
    /// The search for more than two players (`ManyPlayers`).
    pub many_players: ManyPlayers,
    /// Star2 probing at chance plies (`ChanceProbe`).
    pub chance_probe: bool,
    /// The knobs of the game's search profile that options override: the hidden
    /// `profile.<knob>` options and the public ones that stand for a knob (`Reductions`,
    /// `Exploration`, ...).
    pub profile: Overrides,
    /// How MCTS scores a leaf (`Playout`).
    pub playout: PlayoutKind,
    /// Random plies before the evaluation in `cutoff` playouts (`PlayoutPlies`).
    pub playout_plies: u64,
    /// Who rolls the dice (`Dice`).
    pub dice: DiceKind,
    /// What a bad token in `position` does (`IllegalMove`).
    pub illegal_move: IllegalMove,
    /// The network or the hand-written evaluation (`Eval`).
    pub eval: EvalKind,
    /// The network file `EvalFile` names; empty for the game's embedded one.
    pub eval_file: String,
    /// The network read from `eval_file` (the protocol reads it when the option is set).
    pub eval_net: Option<&'static Network>,
}

impl EngineOptions {
    /// The defaults for an engine offering the games of `registry`.
    pub fn defaults(registry: &Registry) -> Self {
        EngineOptions {
            variant: registry.names().first().copied().unwrap_or_default(),
            players: 2,
            threads: 1,
            hash_mib: 64,
            search: SearchKind::AlphaBeta,
            multipv: 1,
            move_overhead: 30,
            seed: 0,
            dice_seed: 0,
            board: registry.boards().first().copied().unwrap_or_default(),
            many_players: ManyPlayers::Paranoid,
            chance_probe: false,
            profile: Overrides::default(),
            playout: PlayoutKind::Auto,
            playout_plies: 8,
            dice: DiceKind::Runner,
            illegal_move: IllegalMove::Error,
            eval: EvalKind::Net,
            eval_file: String::new(),
            eval_net: None,
        }
    }

    /// The settings that shape the start position.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            players: self.players,
            board: self.board.to_string(),
        }
    }

    /// What evaluates `entry`'s positions: under `Eval net`, the net `EvalFile` read (when it
    /// is this game's), else the game's embedded one, else the hand-written evaluation.
    pub fn evaluator(&self, entry: &Entry) -> Evaluator {
        if self.eval == EvalKind::Classic {
            return Evaluator::Classic;
        }
        let file = self.eval_net.filter(|net| net.shape.game == entry.name);
        file.or_else(entry.embedded_net)
            .map_or(Evaluator::Classic, Evaluator::Net)
    }

    /// The search style these options ask for in `entry`'s game: its profile with the
    /// options' overrides.
    pub fn style(&self, entry: &Entry) -> Style {
        let profile = entry.profile.overridden(&self.profile);
        let evaluator = self.evaluator(entry);
        Style {
            evaluator,
            many_players: self.many_players,
            chance_probe: self.chance_probe,
            profile,
            mcts: (self.search == SearchKind::Mcts).then(|| {
                let leaves = match self.playout {
                    PlayoutKind::Random => LeafScoring::Playout { cutoff: 0 },
                    PlayoutKind::Cutoff => LeafScoring::Playout {
                        cutoff: self.playout_plies as u32,
                    },
                    PlayoutKind::Eval => LeafScoring::Evaluation,
                    PlayoutKind::Auto => MctsSettings::leaves_of(&profile),
                };
                MctsSettings {
                    leaves,
                    seed: self.seed,
                }
            }),
        }
    }

    /// The MCTS tree's size: `Hash` while the search is MCTS, else none.
    pub fn tree_mib(&self) -> usize {
        match self.search {
            SearchKind::Mcts => self.hash_mib,
            _ => 0,
        }
    }

    /// The alpha-beta table's size: `Hash`, or the least while MCTS has the memory.
    pub fn table_mib(&self) -> usize {
        match self.search {
            SearchKind::Mcts => 1,
            _ => self.hash_mib,
        }
    }
}
