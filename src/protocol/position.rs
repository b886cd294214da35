//! `position`: the runner's tokens replayed on a scratch copy of the game, to put the engine's
//! own rolls in under `Dice engine`, and, when a token is refused, to find who played it (for
//! `IllegalMove lose`); and the `position` command itself, which sets the session's position or
//! refuses it.

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::game::any_game::{AnyGame, roll};
use crate::game::{GameConfig, Outcome, Player, Turn};
use crate::options::choices::{DiceKind, IllegalMove};
use crate::registry::Entry;

use super::Engine;

/// Why the tokens of a `position` cannot all be played.
pub struct Refusal {
    /// What was wrong.
    pub message: String,
    /// The player who sent the bad token: the one to move, or at a chance ply the one whose
    /// engine rolls there (the decider the rolls lead to, as `query p1turn` names him); none for
    /// a bad position text or a token after the game's end.
    pub by: Option<Player>,
    /// The tokens played before it (rolls of `Dice engine` included).
    pub before: Vec<String>,
}

/// The tokens to play from `base` for the runner's `moves`: `moves` themselves, and with
/// `engine_dice` (the `DiceSeed`) the engine's rolls wherever chance is to move and the next token
/// is not one of its outcomes (a runner may still send rolls), and after the last token. Each
/// roll is drawn by weight from the seed and the position text and tokens before it, so that
/// engines with the same seed roll the same dice.
pub fn replay(
    entry: &Entry,
    config: GameConfig,
    base: Option<&str>,
    moves: &[&str],
    engine_dice: Option<u64>,
) -> Result<Vec<String>, Refusal> {
    let refusal = |message: String, by, before| Refusal {
        message,
        by,
        before,
    };
    let mut scratch = entry
        .rules(config)
        .and_then(|mut rules| rules.set_position(base, &[]).map(|_| rules))
        .map_err(|e| refusal(e, None, Vec::new()))?;
    let mut tokens: Vec<String> = Vec::new();
    // One step more than there are tokens, to roll after the last (an empty word is no token).
    for (number, &token) in moves.iter().chain([&""]).enumerate() {
        let next = (!token.is_empty()).then_some(token);
        if let Some(seed) = engine_dice {
            while scratch.turn() == Turn::Chance && !next.is_some_and(|t| scratch.is_legal(t)) {
                let roll = engine_roll(scratch.as_ref(), seed, base, &tokens);
                scratch
                    .play(&roll)
                    .map_err(|e| refusal(e, None, tokens.clone()))?;
                tokens.push(roll);
            }
        }
        let Some(token) = next else { break };
        if let Err(e) = scratch.play(token) {
            let by = scratch.next_decider();
            let message = format!("move {} ('{token}'): {e} ({})", number + 1, due(&*scratch));
            return Err(refusal(message, by, tokens));
        }
        tokens.push(token.to_string());
    }
    Ok(tokens)
}

/// What the position waits for, to say beside a refused token.
fn due(rules: &dyn AnyGame) -> String {
    match rules.turn() {
        Turn::Player(player) => format!("p{} is to decide", player + 1),
        Turn::Chance => {
            let outcomes: Vec<String> = rules.chance_outcomes().into_iter().map(|o| o.0).collect();
            format!("a roll is due: {}", outcomes.join(" "))
        }
        Turn::Over => "the game is over".to_string(),
    }
}

/// The roll of `Dice engine` at `rules` (chance to move), reached from `base` by `tokens`.
fn engine_roll(rules: &dyn AnyGame, seed: u64, base: Option<&str>, tokens: &[String]) -> String {
    let mut dice = Pcg64Mcg::seed_from_u64(seed ^ fxhash::hash64(&(base, tokens)));
    roll(&rules.chance_outcomes(), &mut dice)
}

impl Engine {
    /// `position startpos|fen <text> [moves <tokens>]`: the new position, or an error and the
    /// previous one kept (see [`Engine::refuse_position`]).
    pub(super) fn position(&mut self, args: &[&str]) {
        let split = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let (head, moves) = (&args[..split], args.get(split + 1..).unwrap_or(&[]));
        let text = head[1.min(head.len())..].join(" ");
        let base = match head.first() {
            Some(&"startpos") if head.len() == 1 => None,
            Some(&"fen") if head.len() > 1 => Some(text.as_str()),
            _ => return self.error("expected: position startpos|fen <text> [moves <tokens>]"),
        };
        let dice = (self.options.dice == DiceKind::Engine).then_some(self.options.dice_seed);
        let replay = |engine: &Engine| {
            let entry = engine.entry(engine.options.variant);
            replay(entry, engine.options.config(), base, moves, dice)
        };
        // The runner's tokens go to the game as they are; only the engine's rolls need a replay
        // first (and a refused position, to find who sent the bad token).
        let rolled = match dice.map(|_| replay(self)) {
            None => None,
            Some(Ok(tokens)) => Some(tokens),
            Some(Err(refusal)) => return self.refuse_position(base, refusal),
        };
        let tokens: Vec<&str> = match &rolled {
            Some(tokens) => tokens.iter().map(String::as_str).collect(),
            None => moves.to_vec(),
        };
        match self.session.rules_mut().set_position(base, &tokens) {
            Ok(()) => self.forfeit = None,
            Err(e) => match replay(self) {
                Err(refusal) => self.refuse_position(base, refusal),
                Ok(_) => self.error(&format!("{e}; the previous position stays")),
            },
        }
    }

    /// A `position` whose tokens cannot all be played: an error, and the previous position
    /// stays; under `IllegalMove lose` in a two-player game, a bad token ends the game there as
    /// a loss for the player who sent it.
    fn refuse_position(&mut self, base: Option<&str>, refusal: Refusal) {
        let two = self.session.rules().players() == 2;
        let forfeiter = refusal
            .by
            .filter(|_| two && self.options.illegal_move == IllegalMove::Lose);
        let Some(loser) = forfeiter else {
            return self.error(&format!("{}; the previous position stays", refusal.message));
        };
        let before: Vec<&str> = refusal.before.iter().map(String::as_str).collect();
        if let Err(e) = self.session.rules_mut().set_position(base, &before) {
            return self.error(&format!("{e}; the previous position stays"));
        }
        self.forfeit = Some(Outcome::Win(1 - loser));
        self.error(&format!(
            "{}; p{} loses the game by it (IllegalMove lose)",
            refusal.message,
            loser + 1
        ));
    }
}
