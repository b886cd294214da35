//! The contract between a game and everything else (search, protocol, tools).
//!
//! A game knows its rules and nothing about search; the search core knows this
//! trait and nothing about any particular game. Games are monomorphized: the
//! protocol picks one at run time, and everything below that choice is generic.

pub mod bitset;
pub mod grid;
pub mod hashing;
pub mod outcome;
pub mod perft;
pub mod repetition;
pub mod rules;
pub mod two_player;
pub mod view;
pub mod weights;

use std::fmt::Debug;

pub use outcome::Outcome;

use crate::profile::Profile;

/// A player index: 0 is `p1`, 1 is `p2`, up to 5 for `p6`.
pub type Player = u8;

/// Who makes the next decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// This player decides.
    Player(Player),
    /// Chance decides: the legal list holds the outcomes, weighted by [`Game::chance_weight`].
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

/// One game's rules over one compact position with an undo history.
///
/// `make` and `unmake` work like a stack: `unmake` takes back the most recent
/// `make` still standing. The position keeps whatever game history its rules
/// need (repetition draws), so a clone carries it along.
pub trait Game: Clone + Send + Sync + 'static {
    /// A decision, compact and cheap to copy.
    type Move: Copy + Eq + Default + Debug + Send + Sync + 'static;

    /// The variant name used by `UCI_Variant` and `--game`.
    const NAME: &'static str;
    /// The fewest and the most players the game is played by (`Players`).
    const PLAYERS: (usize, usize) = (2, 2);
    /// The names of the start boards `GameConfig::board` may choose, the default first; empty
    /// for a game with one board.
    const BOARDS: &'static [&'static str] = &[];
    /// The search's choices and numbers for this game: the standard profile with the game's
    /// `profile.txt` applied ([`Profile::parse`]).
    const PROFILE: Profile = Profile::STANDARD;
    /// The positions the benchmarks search.
    const BENCH: BenchSpec;
    /// Moves map into `0..MOVE_INDEX_SPACE` by [`Game::move_index`] (history tables).
    const MOVE_INDEX_SPACE: usize;

    /// The rulebook's start position for these settings.
    fn startpos(config: &GameConfig) -> Result<Self, String>;
    /// Parses a position text (see `seeds/<game>.md`); the history starts anew.
    fn from_text(text: &str, config: &GameConfig) -> Result<Self, String>;
    /// Writes the position text; `from_text(to_text())` gives the same position.
    fn to_text(&self) -> String;
    /// Draws the board for people (`d`, `selfplay`).
    fn draw(&self) -> String;

    /// Number of players in this game.
    fn players(&self) -> usize;
    /// Who decides next.
    fn turn(&self) -> Turn;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Why the game is over, in a player's words ("p2's king fell"), once it is; none where
    /// the game cannot say (a position text that gave the result).
    fn end_reason(&self) -> Option<String> {
        None
    }
    /// Zobrist hash of everything that affects legality or the result, kept incrementally.
    fn hash(&self) -> u64;
    /// The same hash computed from the position alone (to check the incremental one).
    fn hash_from_scratch(&self) -> u64;
    /// Whether the current position already occurred earlier in this game's history, so that
    /// a search scores it as a draw: a repetition the rules will draw if it goes on, or a cycle
    /// in a game whose only end to cycling is a draw (false in games that cannot cycle).
    fn repeats_earlier(&self) -> bool {
        false
    }

    /// Clears `moves` and fills it with every legal decision, each once.
    fn generate(&self, moves: &mut Vec<Self::Move>);
    /// Plays a legal decision.
    fn make(&mut self, mv: Self::Move);
    /// Takes back the most recent decision still standing.
    fn unmake(&mut self);
    /// Hands the turn to `player` out of the rules' order, as if everyone between had passed;
    /// `unmake` takes it back like a move. For the search only: best-reply search (more than
    /// two players) and null-move pruning (two). Returns false, changing nothing, when the
    /// game has no such notion or `player` cannot move here.
    fn hand_turn_to(&mut self, _player: Player) -> bool {
        false
    }
    /// The weight of a chance outcome (only asked at chance plies).
    fn chance_weight(&self, _mv: Self::Move) -> u32 {
        1
    }

    /// The token of a decision in this position.
    fn format_move(&self, mv: Self::Move) -> String;
    /// Checks a token against the game's token grammar, whatever the position.
    fn check_token_syntax(token: &str) -> Result<(), String>;
    /// A code unique among the moves of one position, stored in the hash table.
    fn move_code(mv: Self::Move) -> u32;
    /// An index in `0..MOVE_INDEX_SPACE` for history heuristics.
    fn move_index(mv: Self::Move) -> usize;

    /// The position drawn for a board that knows no game.
    fn view(&self) -> view::View;
    /// Where a legal decision acts on that drawing, and the decision in words.
    fn move_view(&self, mv: Self::Move) -> view::MoveView;

    /// Whether a legal decision here is tactical: it wins material or stops the opponent from
    /// winning some at once (a capture, a mill, a block). Alpha-beta tries such decisions
    /// right after the hash move and killers, before the quiet ones. None by default.
    fn is_tactical(&self, _mv: Self::Move) -> bool {
        false
    }

    /// Whether the decision to make here finishes the mover's previous one (a removal that a
    /// mill earned) instead of starting a turn: under the profile's `extensions` alpha-beta
    /// does not count it as a ply. False by default.
    fn finishes_turn(&self) -> bool {
        false
    }

    /// Whether the player to decide here must answer a threat: the opponent would win
    /// material with his next decision and the player cannot win any with this one. Under
    /// the profile's `extensions` alpha-beta searches such a position a ply deeper. False by
    /// default.
    fn must_answer_threat(&self) -> bool {
        false
    }

    /// Whether a legal decision here is noisy: it wins material at once (a capture, a mill).
    /// Quiescence search plays such decisions past the horizon. None by default.
    fn is_noisy(&self, _mv: Self::Move) -> bool {
        false
    }

    /// The decisions quiescence search looks at here: every noisy one ([`Game::is_noisy`]),
    /// perhaps with others, which it skips, in the order [`Game::generate`] lists them. By
    /// default the whole legal list (quiescence asks `is_noisy` of a move only when it reaches
    /// it); a game that can find its noisy decisions without the rest lists only those.
    fn noisy_candidates(&self, moves: &mut Vec<Self::Move>) {
        self.generate(moves);
    }

    /// Static evaluation in centipawns from `player`'s point of view.
    fn evaluate(&self, player: Player) -> i32;

    /// The names of the evaluation's weighted terms, in the order of [`Game::EVAL_WEIGHTS`]
    /// and [`Game::eval_terms`]; empty when the evaluation has no tunable weights.
    const EVAL_TERMS: &'static [&'static str] = &[];
    /// The evaluation's weights (the game's `weights.txt`), one per term.
    const EVAL_WEIGHTS: &'static [i32] = &[];
    /// The terms' values for `player` here: [`Game::evaluate`] is their dot product with
    /// [`Game::EVAL_WEIGHTS`] (what `tools/tune` fits), to within a centipawn of rounding
    /// (terms may be averages over players). Empty without tunable weights.
    fn eval_terms(&self, _player: Player) -> Vec<f64> {
        Vec::new()
    }

    /// A bound on `|evaluate|` over every position reachable within `plies` plies, if the
    /// game can promise that no game ends that soon (so no win or loss is in reach either).
    /// The search prunes chance plies with it; `None` (the default) promises nothing.
    fn value_bound_within(&self, _plies: u32) -> Option<i32> {
        None
    }

    /// Parses a token and checks that it is legal here.
    fn parse_move(&self, token: &str) -> Result<Self::Move, String> {
        Self::check_token_syntax(token)?;
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves
            .into_iter()
            .find(|&m| self.format_move(m) == token)
            .ok_or_else(|| format!("illegal move '{token}' in this position"))
    }

    /// The tokens of a line of decisions played from here.
    fn line_tokens(&self, line: &[Self::Move]) -> Vec<String> {
        let mut pos = self.clone();
        let mut tokens = Vec::with_capacity(line.len());
        for &mv in line {
            tokens.push(pos.format_move(mv));
            pos.make(mv);
        }
        tokens
    }

    /// Every legal token, in generation order.
    fn legal_tokens(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.generate(&mut moves);
        moves.into_iter().map(|m| self.format_move(m)).collect()
    }

    /// A legal decision drawn at random (for playouts): `moves[random_below(len)]` of the
    /// generated list, a chance outcome by weight. A game may draw the same way without
    /// generating the list; `moves` is scratch space. The game must not be over.
    fn random_move<R: rand::Rng>(&self, rng: &mut R, moves: &mut Vec<Self::Move>) -> Self::Move {
        self.generate(moves);
        if self.turn() == Turn::Chance {
            moves[weighted_index(moves.iter().map(|&m| self.chance_weight(m)), rng)]
        } else {
            moves[random_below(moves.len(), rng)]
        }
    }
}

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
