//! Balanced openings: random openings kept only where a short search by a judging engine
//! finds neither side ahead by more than a window, so that games are not decided before
//! they start.

use rand::Rng;

use crate::openings::Candidates;
use crate::probe;
use crate::referee::{GameSettings, Opening, Referee};
use ugi::clock::Limits;
use ugi::engine::{EngineProcess, EngineSpec};

/// What the judge made of a position, from the view of the player to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// A score in centipawns.
    Centipawns(i64),
    /// A forced result found (`score mate`).
    Mate,
}

/// How a balanced book came out.
pub struct Balanced {
    /// The openings kept.
    pub openings: Vec<Opening>,
    /// Distinct random openings judged.
    pub tried: usize,
    /// Those dropped for a forced result.
    pub mates: usize,
}

/// A judging engine: one process, asked for a short search of each candidate.
pub struct Judge {
    spec: EngineSpec,
    limits: Limits,
    process: EngineProcess,
}

impl Judge {
    /// Starts the engine of `spec`, set up for `settings`, to search with `limits`.
    pub fn start(
        spec: EngineSpec,
        limits: Limits,
        settings: &GameSettings,
    ) -> Result<Self, String> {
        let process = EngineProcess::start(&spec, &settings.engine_setup())?;
        Ok(Judge {
            spec,
            limits,
            process,
        })
    }

    /// The judge's verdict on `opening`: the last score its search reported.
    pub fn judge(&mut self, settings: &GameSettings, opening: &Opening) -> Result<Verdict, String> {
        let referee = Referee::new(settings, opening)?;
        let name = format!("judge {}", self.spec.name);
        let probe = probe::search(
            &mut self.process,
            &name,
            &referee.position_command(),
            &self.limits,
        )?;
        // Line by line as the engine wrote them: each score replaces the one before, and a
        // `cp` without a number leaves none.
        let verdict = probe.lines.iter().fold(None, |verdict, line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let Some(at) = words.iter().position(|&w| w == "score") else {
                return verdict;
            };
            match (words.get(at + 1), words.get(at + 2)) {
                (Some(&"cp"), Some(cp)) => cp.parse().ok().map(Verdict::Centipawns),
                (Some(&"mate"), _) => Some(Verdict::Mate),
                _ => verdict,
            }
        });
        verdict.ok_or_else(|| format!("{name}: no score before its bestmove"))
    }
}

/// Up to `count` distinct random openings of `plies` plies whose judged score lies within
/// `window` centipawns either way; says how many it judged.
pub fn generate<R: Rng>(
    settings: &GameSettings,
    plies: usize,
    count: usize,
    window: i64,
    judge: &mut Judge,
    rng: &mut R,
) -> Result<Balanced, String> {
    let mut candidates = Candidates::new(settings, plies, count);
    let mut book = Balanced {
        openings: Vec::new(),
        tried: 0,
        mates: 0,
    };
    while book.openings.len() < count
        && let Some(opening) = candidates.next(rng)?
    {
        book.tried += 1;
        match judge.judge(settings, &opening)? {
            Verdict::Centipawns(cp) if cp.abs() <= window => book.openings.push(opening),
            Verdict::Centipawns(_) => {}
            Verdict::Mate => book.mates += 1,
        }
    }
    if book.openings.is_empty() {
        return Err(format!(
            "none of the {} openings judged lies within {window} cp",
            book.tried
        ));
    }
    Ok(book)
}
