//! `position`: the runner's tokens replayed on a scratch copy of the game, to put the engine's
//! own rolls in under `Dice engine`, and, when a token is refused, to find who played it (for
//! `IllegalMove lose`).

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::game::any_game::{AnyGame, roll};
use crate::game::{GameConfig, Player, Turn};
use crate::registry::Entry;

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
