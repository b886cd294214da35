//! A game's rules: its moves, how they change the position, who decides and how it ends.

use super::{GameConfig, Outcome, Player, Turn, random_below, weighted_index};

/// One game's rules over one compact position with an undo history.
///
/// `make` and `unmake` work like a stack: `unmake` takes back the most recent
/// `make` still standing. The position keeps whatever game history its rules
/// need (repetition draws), so a clone carries it along.
pub trait Rules: Clone + Send + Sync + 'static {
    /// A decision, compact and cheap to copy.
    type Move: Copy + Eq + Default + std::fmt::Debug + Send + Sync + 'static;

    /// The variant name used by `UCI_Variant` and `--game`.
    const NAME: &'static str;
    /// The fewest and the most players the game is played by (`Players`).
    const PLAYERS: (usize, usize) = (2, 2);
    /// The names of the start boards `GameConfig::board` may choose, the default first; empty
    /// for a game with one board.
    const BOARDS: &'static [&'static str] = &[];
    /// Moves map into `0..MOVE_INDEX_SPACE` by [`Rules::move_index`] (history tables, a
    /// policy head's outputs).
    const MOVE_INDEX_SPACE: usize;

    /// The rulebook's start position for these settings.
    fn startpos(config: &GameConfig) -> Result<Self, String>;

    /// Number of players in this game; by default the fewest [`Rules::PLAYERS`] allows, which
    /// is right for a game of one player count.
    fn players(&self) -> usize {
        Self::PLAYERS.0
    }
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

    /// A code unique among the moves of one position, stored in the hash table.
    fn move_code(mv: Self::Move) -> u32;
    /// An index in `0..MOVE_INDEX_SPACE` for history heuristics and a policy head; the legal
    /// moves of one decision own distinct ones (`tests/policy.rs`; Splinter's tie choices
    /// still share theirs).
    fn move_index(mv: Self::Move) -> usize;

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
