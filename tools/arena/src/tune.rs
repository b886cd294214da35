//! `arena tune`: SPSA over engine options. Each iteration plays a seat-swapped pair of games
//! (one opening, one dice stream) between the engine at theta+ and at theta-, set through the
//! options the parameters name (tabula's hidden `profile.<knob>` options), and moves theta by
//! the pair's result ([`crate::spsa`]). The state file is rewritten after every pair, so an
//! interrupted run resumes from it; a shard is an independent run, and `arena tune-merge`
//! averages the shards' thetas. At the end theta is printed, and written as profile lines
//! into `--profile` when given.

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use ugi::engine::engine_words;

use crate::game::{Contestant, GameJob, GameRules, play};
use crate::records;
use crate::referee::{GameSettings, Opening};
use crate::settings::{parse_engine, parse_openings};
use crate::shard::Shard;
use crate::spsa::{Gains, Param, Spsa};
use crate::tournament::say;

/// The command line of `arena tune`.
#[derive(clap::Args)]
pub struct TuneArgs {
    /// The game (two players).
    #[arg(long, value_parser = crate::game_names())]
    game: String,
    /// The engine: cmd=<command> [name=<name>] [option.<Name>=<value>] [tc=..] ...
    #[arg(long, num_args = 1.., required = true)]
    engine: Vec<String>,
    /// Limits and options for both sides: tc=<base s>+<inc s>, movetime=<ms>, nodes=<n>,
    /// depth=<n>, option.<Name>=<value>.
    #[arg(long, num_args = 1..)]
    each: Vec<String>,
    /// A parameter: <option>=<start>,<min>,<max>,<step> (`tabula profile --tune` prints them).
    #[arg(long, required = true)]
    param: Vec<String>,
    /// Pairs of games to play (SPSA iterations).
    #[arg(long, default_value_t = 1000)]
    iterations: u64,
    /// The step at the last iteration, relative to the step squared (fishtest's R_end).
    #[arg(long, default_value_t = 0.002)]
    r_end: f64,
    /// Openings, pairs at once, seed (also of the flips).
    #[command(flatten)]
    playing: crate::settings::Playing,
    /// The state file, rewritten after every pair; an existing one is resumed.
    #[arg(long, required = true)]
    state: String,
    /// The game-record file, appended as each game ends.
    #[arg(long)]
    records: Option<String>,
    /// Writes the tuned values as `<knob> <value>` lines into this profile text (the
    /// game's `src/games/<game>/profile.txt`), for the options named `profile.<knob>`.
    #[arg(long)]
    profile: Option<String>,
    /// Progress after every this many pairs.
    #[arg(long, default_value_t = 50)]
    report_every: u64,
    /// k/n: run shard k of n, an independent run with its own flips and openings.
    #[arg(long, default_value = "1/1", value_parser = Shard::parse)]
    shard: Shard,
    /// Plies after the opening before a game is adjudicated (equal shares).
    #[arg(long)]
    maxplies: Option<usize>,
    /// Milliseconds an engine may overstep its time before losing.
    #[arg(long, default_value_t = 100)]
    margin: u64,
}

/// The two sides of every pair.
const SIDES: [&str; 2] = ["theta+", "theta-"];

/// Runs `arena tune`.
pub fn run(args: TuneArgs, out: &mut (dyn Write + Send)) -> Result<(), String> {
    let settings = GameSettings {
        variant: args.game.clone(),
        players: 2,
    };
    let each = args.playing.each(&args.each)?;
    let [engine] = &args.engine[..] else {
        return Err("tune takes one --engine, played against itself".to_string());
    };
    let (spec, limits) = parse_engine(&engine_words(engine), &each)?;
    let params = args
        .param
        .iter()
        .map(|p| Param::parse(p))
        .collect::<Result<Vec<_>, _>>()?;
    let seed =
        args.playing.seed ^ (args.shard.index as u64 - 1).wrapping_mul(0x5851_f42d_4c95_7f2d);
    let spsa = start_or_resume(&args, params, seed, out)?;
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let openings = parse_openings(&args.playing.openings, &settings, &mut rng)?;
    let rules = GameRules {
        settings,
        margin: args.margin,
        idle_timeout: Duration::from_secs(60),
        max_plies: args.maxplies,
    };
    let iterations = spsa.gains.iterations;
    let next = AtomicU64::new(spsa.done + 1);
    let run = Run {
        args: &args,
        rules: &rules,
        openings: &openings,
        options: spsa.params.iter().map(|p| p.option.clone()).collect(),
        state: Mutex::new((spsa, Totals::default())),
        out: Mutex::new(out),
        started: Instant::now(),
    };
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..args.playing.concurrency.max(1) {
            scope.spawn(|| {
                let mut sides = SIDES.map(|name| Contestant {
                    spec: ugi::engine::EngineSpec {
                        name: name.to_string(),
                        ..spec.clone()
                    },
                    limits,
                    process: None,
                });
                loop {
                    let k = next.fetch_add(1, Relaxed);
                    if k > iterations || failure.lock().expect("failure").is_some() {
                        break;
                    }
                    if let Err(e) = run.pair(k, &mut sides) {
                        *failure.lock().expect("failure") = Some(e);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("failure") {
        return Err(e);
    }
    let (spsa, totals) = run.state.into_inner().expect("state");
    let out = run.out.into_inner().expect("out");
    say(out, &format!("Done: {}", progress(&spsa, &totals)));
    if let Some(path) = &args.profile {
        write_profile(path, &spsa, &args.game)?;
        say(out, &format!("wrote the tuned values into {path}"));
    }
    Ok(())
}

/// The state to go on from: the state file's, if it exists (its parameters must be the
/// ones given), else a fresh one.
fn start_or_resume(
    args: &TuneArgs,
    params: Vec<Param>,
    seed: u64,
    out: &mut dyn Write,
) -> Result<Spsa, String> {
    let Ok(text) = std::fs::read_to_string(&args.state) else {
        let gains = Gains {
            iterations: args.iterations,
            r_end: args.r_end,
        };
        return Ok(Spsa::new(params, gains, seed));
    };
    let spsa = Spsa::from_text(&text).map_err(|e| format!("'{}': {e}", args.state))?;
    let same =
        |a: &[Param], b: &[Param]| a.iter().map(|p| &p.option).eq(b.iter().map(|p| &p.option));
    if !same(&spsa.params, &params) {
        return Err(format!(
            "'{}' tunes other parameters: give the same --param, or another --state",
            args.state
        ));
    }
    say(
        out,
        &format!(
            "Resuming '{}': {} of {} pairs played",
            args.state, spsa.done, spsa.gains.iterations
        ),
    );
    Ok(spsa)
}

/// Games and points so far.
#[derive(Default)]
struct Totals {
    /// Games played.
    games: u64,
    /// theta+'s points less theta-'s, over all pairs.
    balance: f64,
}

/// What the workers share.
struct Run<'a> {
    args: &'a TuneArgs,
    rules: &'a GameRules,
    openings: &'a [Opening],
    /// The options the parameters set, in their order.
    options: Vec<String>,
    state: Mutex<(Spsa, Totals)>,
    out: Mutex<&'a mut (dyn Write + Send)>,
    started: Instant,
}

impl Run<'_> {
    /// Plays iteration `k`'s pair with `sides` (theta+, theta-) and applies its result.
    fn pair(&self, k: u64, sides: &mut [Contestant; 2]) -> Result<(), String> {
        let (perturbation, values) = {
            let state = self.state.lock().expect("state");
            let perturbation = state.0.perturbation(k);
            let values = [1.0, -1.0].map(|sign| state.0.side(&perturbation, sign));
            (perturbation, values)
        };
        for (side, values) in sides.iter_mut().zip(&values) {
            set_options(side, &self.options, values);
        }
        let sample = (k - 1) as usize;
        let opening = &self.openings[sample % self.openings.len()];
        let mut result = 0.0;
        for rotation in 0..2 {
            let job = GameJob {
                game: 2 * sample + rotation,
                sample,
                rotation,
                seats: if rotation == 0 {
                    vec![0, 1]
                } else {
                    vec![1, 0]
                },
                opening: opening.clone(),
                dice: Pcg64Mcg::seed_from_u64(self.args.playing.seed ^ k.wrapping_mul(0x9e37_79b9)),
            };
            let plus_seat = rotation;
            let record = play(job, sides, self.rules);
            result += record.scores[plus_seat] - record.scores[1 - plus_seat];
            if let Some(path) = &self.args.records {
                records::append(path, &record)?;
            }
        }
        let mut state = self.state.lock().expect("state");
        let (spsa, totals) = &mut *state;
        spsa.apply(&perturbation, result);
        totals.games += 2;
        totals.balance += result;
        let text = spsa.to_text();
        let temporary = format!("{}.tmp", self.args.state);
        std::fs::write(&temporary, text)
            .and_then(|()| std::fs::rename(&temporary, &self.args.state))
            .map_err(|e| format!("cannot write '{}': {e}", self.args.state))?;
        if spsa.done % self.args.report_every.max(1) == 0 {
            let line = format!(
                "{} ({:.0} s)",
                progress(spsa, totals),
                self.started.elapsed().as_secs_f64()
            );
            say(&mut **self.out.lock().expect("out"), &line);
        }
        Ok(())
    }
}

/// Gives `side` the values `values` of `options`: in its spec (for a fresh process) and, when
/// its engine runs, at once by `setoption`.
fn set_options(side: &mut Contestant, options: &[String], values: &[i64]) {
    for (option, value) in options.iter().zip(values) {
        let value = value.to_string();
        match side
            .spec
            .options
            .iter_mut()
            .find(|(name, _)| name == option)
        {
            Some(slot) => slot.1 = value.clone(),
            None => side.spec.options.push((option.clone(), value.clone())),
        }
        if let Some(process) = &mut side.process {
            process.send(&format!("setoption name {option} value {value}"));
        }
    }
}

/// One progress line: pairs done, theta+'s balance and theta.
fn progress(spsa: &Spsa, totals: &Totals) -> String {
    let theta: Vec<String> = spsa
        .params
        .iter()
        .zip(&spsa.theta)
        .map(|(p, t)| format!("{}={t:.1}", p.option))
        .collect();
    format!(
        "pairs {}/{}: theta+ {:+.1} points over theta- in {} games here; theta {}",
        spsa.done,
        spsa.gains.iterations,
        totals.balance,
        totals.games,
        theta.join(" ")
    )
}

/// Writes theta (rounded) into the profile text at `path` for the `profile.<knob>` options.
fn write_profile(path: &str, spsa: &Spsa, game: &str) -> Result<(), String> {
    let mut text = std::fs::read_to_string(path).unwrap_or_default();
    let comment = format!(
        "arena tune, {} pairs of {game} (seed {})",
        spsa.done, spsa.seed
    );
    for (option, value) in spsa.rounded() {
        if let Some(knob) = option.strip_prefix(tabula::game::profile::OPTION_PREFIX) {
            text = tabula::game::profile::set_knob_in_text(&text, knob, value, Some(&comment))?;
        }
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}"))
}

/// `arena tune-merge`: the mean theta of shards' states, written to `out`.
pub fn merge(states: &[String], out: &str) -> Result<(), String> {
    let runs = states
        .iter()
        .map(|path| {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
            Spsa::from_text(&text).map_err(|e| format!("'{path}': {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let merged = crate::spsa::merge(&runs)?;
    std::fs::write(out, merged.to_text()).map_err(|e| format!("cannot write '{out}': {e}"))?;
    println!(
        "merged {} states ({} pairs): {}",
        runs.len(),
        merged.done,
        merged
            .rounded()
            .iter()
            .map(|(o, v)| format!("{o}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    );
    Ok(())
}
