//! A match: the schedule of games, workers playing them concurrently, records, progress,
//! summaries, the SPRT's early stop, and resuming from a record file.

use std::collections::{HashMap, HashSet, VecDeque};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Mutex, mpsc};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use crate::game::{Contestant, GameJob, GameRules, play};
use crate::records::{self, GameRecord};
use crate::referee::Opening;
use crate::shard::{Shard, fingerprint};
use crate::stats::{HeadToHead, Sprt, Standing};
use crate::steal::{CpuTimes, steal_line};
use ugi::clock::Limits;
use ugi::engine::EngineSpec;
use ugi::record::Schedule;

/// Everything a match needs.
pub struct MatchConfig {
    /// Game rules and settings.
    pub rules: GameRules,
    /// The engines and their limits.
    pub engines: Vec<(EngineSpec, Limits)>,
    /// Openings, used in turn, one per sample.
    pub openings: Vec<Opening>,
    /// Games to play in all.
    pub games: usize,
    /// Games played at once.
    pub concurrency: usize,
    /// Seed of the dice.
    pub seed: u64,
    /// Stop early when the SPRT decides.
    pub sprt: Option<Sprt>,
    /// The record file.
    pub records: Option<String>,
    /// Skip the games already in the record file.
    pub resume: bool,
    /// A summary after every this many games.
    pub report_every: usize,
    /// The slice of the match this process plays.
    pub shard: Shard,
}

/// What a summary names: the game, its players, the engines in order, and the SPRT asked for.
pub struct Header {
    /// The game.
    pub variant: String,
    /// Players per game.
    pub players: usize,
    /// The engines' names, in the match's order (the first is "us" in head-to-head figures).
    pub names: Vec<String>,
    /// The SPRT, if one was asked for.
    pub sprt: Option<Sprt>,
}

impl Header {
    /// Whether head-to-head figures apply: two engines in a two-player game.
    pub fn head_to_head(&self) -> bool {
        self.players == 2 && self.names.len() == 2
    }

    /// Games per sample: a pair with two players, one rotation per seat with more.
    pub fn rotations(&self) -> usize {
        if self.players == 2 { 2 } else { self.players }
    }

    /// Whether each engine takes one seat of every game (as many engines as players), so
    /// that the first engine has an Elo against the field and an SPRT with more players.
    pub fn one_seat_each(&self) -> bool {
        self.names.len() == self.players
    }

    /// An error where an SPRT is asked for that this match cannot give.
    pub fn check_sprt(&self) -> Result<(), String> {
        match self.sprt.is_some() && !self.head_to_head() && !self.one_seat_each() {
            true => Err(format!(
                "--sprt with {} engines and {} players: it needs each engine in one seat of \
                 every game, as many engines as players",
                self.names.len(),
                self.players
            )),
            false => Ok(()),
        }
    }
}

impl MatchConfig {
    /// Games per sample: a pair with two players, one rotation per seat with more.
    pub fn rotations(&self) -> usize {
        self.header().rotations()
    }

    /// The names and settings a summary shows.
    pub fn header(&self) -> Header {
        Header {
            variant: self.rules.settings.variant.clone(),
            players: self.rules.settings.players,
            names: self.engines.iter().map(|(s, _)| s.name.clone()).collect(),
            sprt: self.sprt,
        }
    }

    /// Where this process's games belong: the match's fingerprint, over everything that
    /// decides its games (not over concurrency, records or reports), and the shard.
    pub fn schedule(&self) -> Schedule {
        let rules = &self.rules;
        let openings: Vec<String> = self.openings.iter().map(Opening::line).collect();
        let decisive = format!(
            "{:?}|{}|{}|{:?}|{}|{}|{:?}|{:?}",
            rules.settings,
            rules.margin,
            rules.idle_timeout.as_millis(),
            rules.max_plies,
            self.games,
            self.seed,
            self.engines,
            openings
        );
        Schedule {
            fingerprint: fingerprint(&decisive),
            variant: rules.settings.variant.clone(),
            engines: self.header().names,
            games: self.games,
            shard: (self.shard.index, self.shard.count),
        }
    }

    /// The contestant index of each seat of a game in `rotation`: the engines fill the
    /// seats in turn (A B A for two engines and three seats), and rotation `r` shifts that
    /// by `r` seats (B A A, then A A B).
    fn seats(&self, rotation: usize) -> Vec<usize> {
        let players = self.rules.settings.players;
        (0..players)
            .map(|seat| (seat + rotation) % players % self.engines.len())
            .collect()
    }

    fn job(&self, game: usize) -> GameJob {
        let (sample, rotation) = (game / self.rotations(), game % self.rotations());
        GameJob {
            game,
            sample,
            rotation,
            seats: self.seats(rotation),
            opening: self.openings[sample % self.openings.len()].clone(),
            dice: Pcg64Mcg::seed_from_u64(
                self.seed ^ (sample as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            ),
        }
    }
}

/// The running totals of a match.
#[derive(Default)]
pub struct Tally {
    /// Games finished.
    pub finished: usize,
    /// Per engine name.
    pub standings: HashMap<String, Standing>,
    /// The first engine against the second (two-player games of two engines).
    pub head_to_head: HeadToHead,
    /// Samples not yet complete, by number.
    samples: HashMap<usize, SampleTally>,
    /// Games that ended by a fault, by reason.
    pub faults: Vec<String>,
    /// Disagreements with the referee.
    pub notes: Vec<String>,
}

/// The games of one sample counted so far, and each engine's results in them.
#[derive(Default)]
struct SampleTally {
    games: usize,
    by_engine: HashMap<String, Standing>,
}

impl Tally {
    /// The SPRT's log-likelihood ratio for the first engine: over pairs in a head-to-head
    /// match, over samples where each engine takes one seat of every game; `None` otherwise.
    pub fn llr(&self, header: &Header, sprt: &Sprt) -> Option<f64> {
        if header.head_to_head() {
            return Some(self.head_to_head.llr(sprt));
        }
        let first = self.standings.get(&header.names[0]);
        header
            .one_seat_each()
            .then(|| first.map_or(0.0, |s| s.field_llr(sprt, header.players)))
    }

    /// Counts one finished game of the match `header` names.
    pub fn add(&mut self, record: &GameRecord, header: &Header) {
        self.finished += 1;
        let sample = self.samples.entry(record.sample).or_default();
        sample.games += 1;
        for (seat, name) in record.seats.iter().enumerate() {
            self.standings
                .entry(name.clone())
                .or_default()
                .add(seat, &record.scores);
            sample
                .by_engine
                .entry(name.clone())
                .or_default()
                .add(seat, &record.scores);
        }
        if record.reason != "rules" && record.reason != "max plies" {
            self.faults
                .push(format!("{}: {}", record.label(), record.reason));
        }
        self.notes.extend(record.notes.iter().cloned());
        let complete = sample.games == header.rotations();
        if header.head_to_head() {
            let seat = record
                .seats
                .iter()
                .position(|name| *name == header.names[0]);
            let points = seat.map_or(0.0, |s| record.scores[s]);
            self.head_to_head.add_game(points, seat.unwrap_or(0));
            if complete {
                let total = sample
                    .by_engine
                    .get(&header.names[0])
                    .map_or(0.0, |s| s.points);
                self.head_to_head.add_pair(total);
            }
        } else if complete {
            for (name, in_sample) in &sample.by_engine {
                if let Some(standing) = self.standings.get_mut(name) {
                    standing.add_sample(in_sample.averages().0);
                }
            }
        }
        if complete {
            self.samples.remove(&record.sample);
        }
    }
}

/// Plays the match, writing progress and summaries to `out`; returns the final tally.
pub fn run_match(config: &MatchConfig, out: &mut dyn Write) -> Result<Tally, String> {
    let (header, schedule) = (config.header(), config.schedule());
    let cpu_at_start = CpuTimes::now();
    // The counters at the last periodic report (none yet).
    let mut last_report = None;
    let (mut tally, done) = resumed(config, &schedule, &header, out)?;
    let rotations = config.rotations();
    let planned = (0..config.games)
        .filter(|g| config.shard.plays(g / rotations))
        .count();
    let queue: Mutex<VecDeque<usize>> = Mutex::new(
        (0..config.games)
            .filter(|g| config.shard.plays(g / rotations) && !done.contains(g))
            .collect(),
    );
    let stop = AtomicBool::new(false);
    let (sender, results) = mpsc::channel::<GameRecord>();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            let sender = sender.clone();
            let (queue, stop, schedule) = (&queue, &stop, &schedule);
            scope.spawn(move || {
                let mut contestants: Vec<Contestant> = config
                    .engines
                    .iter()
                    .map(|(spec, limits)| Contestant {
                        spec: spec.clone(),
                        limits: *limits,
                        process: None,
                    })
                    .collect();
                while !stop.load(Relaxed) {
                    let Some(game) = queue.lock().expect("queue").pop_front() else {
                        break;
                    };
                    let mut record = play(config.job(game), &mut contestants, &config.rules);
                    record.schedule = Some(schedule.clone());
                    if sender.send(record).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        for record in results {
            if let Some(path) = &config.records
                && let Err(e) = records::append(path, &record)
            {
                failure = Some(e);
                stop.store(true, Relaxed);
            }
            tally.add(&record, &header);
            say(out, &progress(&record, tally.finished, planned));
            for note in &record.notes {
                say(out, &format!("Warning: {}: {note}", record.label()));
            }
            if config.report_every > 0 && tally.finished % config.report_every == 0 {
                report(out, &header, &tally, cpu_at_start, last_report);
                last_report = CpuTimes::now();
            }
            // Said once: games already under way when it decides still come in.
            if !stop.load(Relaxed) && sprt_decided(config, &header, &tally, out) {
                stop.store(true, Relaxed);
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let just_reported = config.report_every > 0 && tally.finished % config.report_every == 0;
    if !just_reported || tally.finished == 0 {
        report(out, &header, &tally, cpu_at_start, last_report);
    }
    Ok(tally)
}

/// The games of this match already in its records when it resumes (none otherwise), tallied.
fn resumed(
    config: &MatchConfig,
    schedule: &Schedule,
    header: &Header,
    out: &mut dyn Write,
) -> Result<(Tally, HashSet<usize>), String> {
    let mut tally = Tally::default();
    let mut done = HashSet::new();
    let Some(path) = config.records.as_ref().filter(|_| config.resume) else {
        return Ok((tally, done));
    };
    for record in records::read_all(path)? {
        if record.schedule.as_ref().is_some_and(|s| s != schedule) {
            return Err(format!(
                "'{path}' holds {} of another match or shard; resume with the settings \
                 that wrote it",
                record.label()
            ));
        }
        if record.game < config.games && done.insert(record.game) {
            tally.add(&record, header);
        }
    }
    say(
        out,
        &format!("Resuming: {} games already played", done.len()),
    );
    Ok((tally, done))
}

/// Whether the SPRT's log-likelihood ratio has crossed a bound, which it then says. One shard
/// cannot decide the match: `arena merge` gives the SPRT's state.
fn sprt_decided(config: &MatchConfig, header: &Header, tally: &Tally, out: &mut dyn Write) -> bool {
    let Some(sprt) = config.sprt.filter(|_| config.shard == Shard::WHOLE) else {
        return false;
    };
    let (lower, upper) = sprt.bounds();
    match tally.llr(header, &sprt) {
        Some(llr) if llr <= lower || llr >= upper => {
            let verdict = if llr >= upper { "H1" } else { "H0" };
            say(
                out,
                &format!("SPRT: LLR {llr:.2} crossed a bound: {verdict} accepted; stopping"),
            );
            true
        }
        _ => false,
    }
}

/// The summary block, and the machine's CPU steal since the match began (`cpu_at_start`) and
/// since the last report (`last_report`, `None` before the first), where known.
fn report(
    out: &mut dyn Write,
    header: &Header,
    tally: &Tally,
    cpu_at_start: Option<CpuTimes>,
    last_report: Option<CpuTimes>,
) {
    say(out, &summary(header, tally));
    if let Some(line) = steal_line(cpu_at_start, last_report) {
        say(out, &line);
    }
}

/// Writes one line to `out` and flushes it.
pub fn say(out: &mut dyn Write, text: &str) {
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

fn progress(record: &GameRecord, finished: usize, games: usize) -> String {
    format!(
        "Finished {} ({} of {games}): {} - {} {{{}}}",
        record.label(),
        finished,
        record.seats.join(" vs "),
        record.result,
        record.reason
    )
}

/// The summary block: fastchess-style head-to-head numbers for two engines in a
/// two-player game, average score and rank per engine otherwise.
pub fn summary(header: &Header, tally: &Tally) -> String {
    let rule = "-".repeat(60);
    let mut lines = vec![rule.clone()];
    if header.head_to_head() {
        lines.extend(head_to_head_lines(header, &tally.head_to_head));
    } else {
        lines.extend(field_lines(header, tally));
    }
    if let Some(sprt) = &header.sprt
        && let Some(llr) = tally.llr(header, sprt)
    {
        let (lower, upper) = sprt.bounds();
        lines.push(format!(
            "LLR: {llr:.2} ({lower:.2}, {upper:.2}) [{:.2}, {:.2}]",
            sprt.elo0, sprt.elo1
        ));
    }
    if !tally.faults.is_empty() {
        lines.push(format!("Faults: {}", tally.faults.len()));
    }
    if !tally.notes.is_empty() {
        lines.push(format!(
            "Disagreements with the referee: {}",
            tally.notes.len()
        ));
    }
    lines.push(rule);
    lines.join("\n")
}

/// The summary of a match between two engines: Elo, normalized Elo, LOS, the score, the
/// pentanomial counts and the score by seat.
fn head_to_head_lines(header: &Header, h: &HeadToHead) -> Vec<String> {
    let names = &header.names;
    let mut lines = Vec::new();
    let (elo, elo_error) = h.elo();
    let (nelo, nelo_error) = h.normalized_elo();
    let games = h.games().max(1) as f64;
    let points = h.wins() as f64 + h.draws() as f64 / 2.0;
    lines.push(format!(
        "Results of {} vs {} ({}, {} games):",
        names[0],
        names[1],
        header.variant,
        h.games()
    ));
    lines.push(format!(
        "Elo: {elo:.2} +/- {elo_error:.2}, nElo: {nelo:.2} +/- {nelo_error:.2}"
    ));
    lines.push(format!(
        "LOS: {:.2} %, DrawRatio: {:.2} %",
        100.0 * h.los(),
        100.0 * h.draws() as f64 / games
    ));
    lines.push(format!(
        "Games: {}, Wins: {}, Losses: {}, Draws: {}, Points: {points:.1} ({:.2} %)",
        h.games(),
        h.wins(),
        h.losses(),
        h.draws(),
        100.0 * points / games
    ));
    lines.push(format!("Ptnml(0-2): {:?}", h.pentanomial));
    lines.push(format!("{} by seat: {}", names[0], h.seats_text()));
    lines
}

/// The summary of a match of more than two seats: each engine's average score and rank, the
/// equal share, and the first engine's Elo against the field where each engine has one seat.
fn field_lines(header: &Header, tally: &Tally) -> Vec<String> {
    let names = &header.names;
    let mut lines = Vec::new();
    lines.push(format!(
        "Results ({}, {} players, {} games):",
        header.variant, header.players, tally.finished
    ));
    for name in names {
        let standing = tally.standings.get(name).cloned().unwrap_or_default();
        let (score, rank) = standing.averages();
        let error = standing
            .sample_interval()
            .map_or(String::new(), |(samples, mean, error)| {
                format!(" (by sample {mean:.3} +/- {error:.3} over {samples})")
            });
        lines.push(format!(
            "{name}: average score {score:.3}{error}, average rank {rank:.2} over {} seats",
            standing.seats
        ));
    }
    let (points, seats) = tally
        .standings
        .values()
        .fold((0.0, 0), |(p, n), s| (p + s.points, n + s.seats));
    lines.push(format!(
        "Equal share: {:.3} a seat (what each engine would average if all were equally strong)",
        points / f64::from(seats.max(1))
    ));
    let first = tally.standings.get(&names[0]);
    if let Some((elo, error)) = first
        .filter(|_| header.one_seat_each())
        .and_then(|s| s.field_elo(header.players))
    {
        lines.push(format!(
            "{}: Elo {elo:.2} +/- {error:.2} against each of the others ({}-seat model)",
            names[0], header.players
        ));
    }
    lines
}

#[cfg(test)]
mod tests;
