//! The enumerated option values (`Search`, `Playout`, `Eval`, `Dice`, `IllegalMove`) and the words
//! `setoption` spells them with, `ManyPlayers`' words too (that type belongs to the search).

use crate::search::ManyPlayers;

/// The search `go` runs (`Search`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Iterative-deepening alpha-beta.
    AlphaBeta,
    /// Monte Carlo tree search.
    Mcts,
    /// A uniformly random legal move (a baseline opponent).
    Random,
}

/// How MCTS scores a leaf (`Playout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayoutKind {
    /// Each game's own choice.
    Auto,
    /// Random plies to the end of the game.
    Random,
    /// `PlayoutPlies` random plies, then the evaluation.
    Cutoff,
    /// No playout: the evaluation scores new leaves and guides a PUCT tree.
    Eval,
}

/// Who rolls the dice at chance plies (`Dice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceKind {
    /// The runner sends every roll as a token in `position` (a roll it asked an engine for
    /// with `go`, or one it rolled itself).
    Runner,
    /// The engine rolls each chance ply itself, from `DiceSeed` and the tokens before it; the
    /// runner sends only the players' tokens.
    Engine,
}

/// What an illegal or malformed token in `position` does (`IllegalMove`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// An error line; the previous position stays.
    Error,
    /// In a two-player game, the game ends there as a loss for the player who sent it.
    Lose,
}

/// What gives the search its static values (`Eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalKind {
    /// The game's network (`EvalFile`'s, else the embedded one); the hand-written evaluation
    /// in a game that has no network.
    Net,
    /// The game's hand-written evaluation.
    Classic,
}

/// An enumerated option value and its words.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every value with its word, in declaration order.
    const CHOICES: &'static [(Self, &'static str)];

    /// Every word, in declaration order.
    fn words() -> Vec<&'static str> {
        Self::CHOICES.iter().map(|(_, w)| *w).collect()
    }

    /// The word of this value.
    fn word(self) -> &'static str {
        Self::CHOICES
            .iter()
            .find(|(v, _)| *v == self)
            .expect("every value has a word")
            .1
    }

    /// The value of a word, exactly as declared.
    fn from_word(word: &str) -> Option<Self> {
        Self::CHOICES
            .iter()
            .find(|(_, w)| *w == word)
            .map(|(v, _)| *v)
    }
}

impl Choice for SearchKind {
    const CHOICES: &'static [(Self, &'static str)] = &[
        (SearchKind::AlphaBeta, "alphabeta"),
        (SearchKind::Mcts, "mcts"),
        (SearchKind::Random, "random"),
    ];
}

impl Choice for PlayoutKind {
    const CHOICES: &'static [(Self, &'static str)] = &[
        (PlayoutKind::Auto, "auto"),
        (PlayoutKind::Random, "random"),
        (PlayoutKind::Cutoff, "cutoff"),
        (PlayoutKind::Eval, "eval"),
    ];
}

impl Choice for EvalKind {
    const CHOICES: &'static [(Self, &'static str)] =
        &[(EvalKind::Net, "net"), (EvalKind::Classic, "classic")];
}

impl Choice for DiceKind {
    const CHOICES: &'static [(Self, &'static str)] =
        &[(DiceKind::Runner, "runner"), (DiceKind::Engine, "engine")];
}

impl Choice for IllegalMove {
    const CHOICES: &'static [(Self, &'static str)] =
        &[(IllegalMove::Error, "error"), (IllegalMove::Lose, "lose")];
}

impl Choice for ManyPlayers {
    const CHOICES: &'static [(Self, &'static str)] = &[
        (ManyPlayers::Paranoid, "paranoid"),
        (ManyPlayers::BestReply, "brs"),
        (ManyPlayers::MaxN, "maxn"),
    ];
}
