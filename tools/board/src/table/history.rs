//! The game's history on the board: stepping through it, taking back, loading a position
//! text or a record, and writing the record line.

use std::time::Instant;

use tabula::game::Turn;
use ugi::opening::Opening;
use ugi::record::GameRecord;

use super::{Played, Table};

impl Table {
    /// Cuts the game back to `ply` decisions.
    fn cut(&mut self, ply: usize) -> Result<(), String> {
        self.cancel_search();
        self.rules = self.rules_at(ply)?;
        self.moves.truncate(ply);
        self.cursor = ply;
        self.end = None;
        for seat in &mut self.seats {
            seat.fault = None;
        }
        self.turn_started = Instant::now();
        self.note_rules_end();
        Ok(())
    }

    /// Takes back: to the ply on show when it is not the last, else to before the last move
    /// of a person (or one move when nobody plays by hand, which also holds play).
    pub fn take_back(&mut self) -> Result<(), String> {
        if self.moves.is_empty() {
            return Err("nothing to take back".to_string());
        }
        let human = |m: &Played| m.mover.is_some_and(|p| self.seats[p].engine.is_none());
        let ply = if self.cursor < self.moves.len() {
            self.cursor
        } else if let Some(last) = self.moves.iter().rposition(human) {
            last
        } else {
            self.paused = true;
            self.moves.len() - 1
        };
        self.cut(ply)
    }

    /// Shows ply `ply`.
    pub fn show(&mut self, ply: usize) -> Result<(), String> {
        if ply > self.moves.len() {
            return Err(past_the_end(ply, self.moves.len()));
        }
        self.cursor = ply;
        Ok(())
    }

    /// Replaces the game by one read from `text`: a position text, `startpos moves ...`,
    /// `fen <text> moves ...`, an arena record line, or the first game of `arena export` text.
    /// Play is held afterwards.
    pub fn load(&mut self, text: &str) -> Result<(), String> {
        let text = text.trim();
        let exported = text.starts_with('[');
        let (opening, extra) = if exported || text.starts_with("game=") || text.contains('\t') {
            let record = if exported {
                let (record, variant) = ugi::export::read(text)?
                    .into_iter()
                    .next()
                    .ok_or("the text holds no game")?;
                if variant != self.entry.name {
                    return Err(format!(
                        "the game is {variant}; start a game of {variant} first"
                    ));
                }
                record
            } else {
                GameRecord::parse(text)?
            };
            if record.seats.len() != self.config.players {
                return Err(format!(
                    "the record is a game of {} players; start a game of {} players first",
                    record.seats.len(),
                    record.seats.len()
                ));
            }
            (Opening::parse(&record.opening)?, record.moves)
        } else {
            (Opening::parse(text)?, Vec::new())
        };
        let mut rules = self.entry.rules(self.config.clone())?;
        rules
            .set_position(opening.text.as_deref(), &[])
            .map_err(|e| {
                let shown: String = text.chars().take(40).collect();
                let cut = if shown.len() < text.len() { "..." } else { "" };
                format!(
                    "'{shown}{cut}' is not something the board can load: give a {} position text \
                 (as Save shows one), 'startpos moves ...', an arena record line or a game from \
                 arena export ({e})",
                    self.entry.name
                )
            })?;
        let mut moves = Vec::new();
        for (k, token) in opening.moves.iter().chain(&extra).enumerate() {
            let mover = match rules.turn() {
                Turn::Player(p) => Some(p as usize),
                _ => None,
            };
            rules
                .play(token)
                .map_err(|e| format!("move {} '{token}': {e}", k + 1))?;
            moves.push(Played {
                token: token.clone(),
                mover,
                ms: 0,
                eval: None,
            });
        }
        self.cancel_search();
        self.start = Opening {
            text: opening.text,
            moves: Vec::new(),
        };
        self.rules = rules;
        self.cursor = moves.len();
        self.moves = moves;
        self.end = None;
        self.paused = true;
        self.turn_started = Instant::now();
        self.note_rules_end();
        Ok(())
    }

    /// The game as an arena record line.
    pub fn record_line(&self, names: &[String]) -> String {
        let (result, scores, reason) = match &self.end {
            Some(end) => (end.result.clone(), end.scores.clone(), end.reason.clone()),
            None => ("none".to_string(), Vec::new(), "unfinished".to_string()),
        };
        GameRecord {
            game: 0,
            sample: 0,
            rotation: 0,
            seats: names.to_vec(),
            opening: self.start.line(),
            result,
            scores,
            reason,
            moves: self.moves.iter().map(|m| m.token.clone()).collect(),
            times: self.moves.iter().map(|m| m.ms).collect(),
            notes: Vec::new(),
            schedule: None,
        }
        .line()
    }
}

/// Why ply `ply` cannot be shown in a game of `plies` plies, in a player's words.
pub fn past_the_end(ply: usize, plies: usize) -> String {
    let played = match plies {
        1 => "1 ply has".to_string(),
        n => format!("{n} plies have"),
    };
    format!("ply {ply} is past the end of the game: {played} been played")
}
