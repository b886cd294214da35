//! `arena`: engine-vs-engine matches for tabula's games, with tabula's rules as referee.

mod balance;
mod game;
mod lost;
mod merge;
mod openings;
mod probe;
mod records;
mod referee;
mod replay;
mod settings;
mod shard;
mod spsa;
mod stats;
mod steal;
mod times;
mod tournament;
mod tune;

use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

use game::GameRules;
use referee::{GameSettings, Opening};
use settings::{parse_engine, parse_limits, parse_openings, parse_sprt};
use tournament::{MatchConfig, run_match};
use ugi::engine::{engine_words, group_engine_args};

/// Engine-vs-engine matches in tabula's games, with tabula's rules as referee.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Plays a match and prints progress and fastchess-style summaries.
    Match(MatchArgs),
    /// Writes an openings file of distinct random openings for a game.
    Openings {
        /// The game.
        #[arg(long, value_parser = game_names())]
        game: String,
        /// Players (within the game's range).
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// Random plies from the start position.
        #[arg(long)]
        plies: usize,
        /// Openings to write.
        #[arg(long, default_value_t = 100)]
        count: usize,
        /// Seed of the random play.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The file to write.
        #[arg(long)]
        out: String,
        /// nodes=<n>, depth=<n> or movetime=<ms>: keep only openings that the --engine's
        /// search with this limit scores within --window either way.
        #[arg(long, num_args = 1.., requires = "engine")]
        balanced: Vec<String>,
        /// The judging engine for --balanced: cmd=<command> [name=<name>] [option.<Name>=<value>].
        #[arg(long)]
        engine: Option<String>,
        /// The window for --balanced, in centipawns.
        #[arg(long, default_value_t = 100, requires = "balanced")]
        window: i64,
    },
    /// Writes the games of record files as PGN-like text (tags, then the tokens as moves),
    /// which the board loads.
    Export {
        /// The record files.
        #[arg(required = true)]
        records: Vec<String>,
        /// The game, for records that do not name it (written by an older arena).
        #[arg(long, value_parser = game_names())]
        game: Option<String>,
        /// The file to write (standard output without it).
        #[arg(long)]
        out: Option<String>,
    },
    /// Replays recorded games through engines: each searches, under fixed limits, every
    /// position each seat met, game by game as in play; prints each engine's searches, nodes
    /// (against the first engine's), time, and how often it chose the move played.
    Replay {
        /// The record files (a game met in several rotations is replayed once).
        #[arg(required = true)]
        records: Vec<String>,
        /// An engine: cmd=<command> name=<name> [option.<Name>=<value>] [nodes=..]
        /// [depth=..] [movetime=..]; give it once per engine.
        #[arg(long, num_args = 1.., required = true)]
        engine: Vec<String>,
        /// Limits and options for every engine: depth=<n>, nodes=<n>, movetime=<ms>,
        /// option.<Name>=<value>.
        #[arg(long, num_args = 1..)]
        each: Vec<String>,
        /// The game, for records that do not name it (written by an older arena).
        #[arg(long, value_parser = game_names())]
        game: Option<String>,
        /// Replay only the first this many distinct games.
        #[arg(long)]
        games: Option<usize>,
    },
    /// Prints how each engine spent its time over the recorded games: its mean time a
    /// decision in bands of 20 plies after the opening, in all, and a game.
    Times {
        /// The record files.
        #[arg(required = true)]
        records: Vec<String>,
        /// The game, for records that do not name it (written by an older arena).
        #[arg(long, value_parser = game_names())]
        game: Option<String>,
    },
    /// Writes an openings file of the turning points of the games an engine lost: for each
    /// such game, the position where it was to decide at or after each of the given plies
    /// after the game's opening (`match --openings file=...` plays them again).
    Lost {
        /// The record files.
        #[arg(required = true)]
        records: Vec<String>,
        /// The engine whose lost games are read, as the records name it.
        #[arg(long)]
        name: String,
        /// Plies after each game's opening, comma-separated.
        #[arg(long, value_delimiter = ',', required = true)]
        plies: Vec<usize>,
        /// The game, for records that do not name it (written by an older arena).
        #[arg(long, value_parser = game_names())]
        game: Option<String>,
        /// The file to write.
        #[arg(long)]
        out: String,
    },
    /// Tunes engine options by SPSA: pairs of games between the engine at theta+ and theta-.
    Tune(tune::TuneArgs),
    /// Averages the thetas of `arena tune` shards' state files into one state file.
    TuneMerge {
        /// The shards' state files.
        #[arg(required = true)]
        states: Vec<String>,
        /// The merged state file to write.
        #[arg(long)]
        out: String,
    },
    /// Checks that record files are shards of one match (`match --shard`), says what is
    /// missing, and prints the summary one process playing them all would have printed.
    Merge {
        /// The shards' record files.
        #[arg(required = true)]
        records: Vec<String>,
        /// elo0=<e> elo1=<e> alpha=<a> beta=<b>: the SPRT's state over the merged games.
        #[arg(long, num_args = 1..)]
        sprt: Vec<String>,
    },
}

/// The registered games' names, for `--game`.
pub(crate) fn game_names() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(tabula::registry::Registry::standard().names())
}

#[derive(clap::Args)]
struct MatchArgs {
    /// The game.
    #[arg(long, value_parser = game_names())]
    game: String,
    /// Players (within the game's range).
    #[arg(long, default_value_t = 2)]
    players: usize,
    /// An engine: cmd=<command> name=<name> [option.<Name>=<value>] [tc=..] [movetime=..]
    /// [nodes=..] [depth=..]; give it once per engine.
    #[arg(long, num_args = 1.., required = true)]
    engine: Vec<String>,
    /// Limits and options for every engine: tc=<base s>+<inc s>, movetime=<ms>, nodes=<n>,
    /// depth=<n>, option.<Name>=<value>.
    #[arg(long, num_args = 1..)]
    each: Vec<String>,
    /// Games to play in all (rounded up to whole pairs or rotations).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Openings, games at once, seed.
    #[command(flatten)]
    playing: settings::Playing,
    /// elo0=<e> elo1=<e> alpha=<a> beta=<b>: stop when the SPRT decides.
    #[arg(long, num_args = 1..)]
    sprt: Vec<String>,
    /// Plies after the opening before a game is adjudicated (equal shares).
    #[arg(long)]
    maxplies: Option<usize>,
    /// Milliseconds an engine may overstep its time before losing.
    #[arg(long, default_value_t = 100)]
    margin: u64,
    /// Seconds to wait for a move when there is no clock and no movetime.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// The game-record file, appended as each game ends.
    #[arg(long)]
    records: Option<String>,
    /// Continue an interrupted match from its record file.
    #[arg(long, requires = "records")]
    resume: bool,
    /// A summary after every this many games (and at the end).
    #[arg(long, default_value_t = 20)]
    report_every: usize,
    /// k/n: play only slice k of n of the match (whole samples: sample s goes to slice
    /// s mod n + 1), for n processes on n machines; `arena merge` joins their records.
    #[arg(long, default_value = "1/1", value_parser = shard::Shard::parse)]
    shard: shard::Shard,
}

fn main() -> ExitCode {
    let result = match Cli::parse_from(group_engine_args(std::env::args())).command {
        Command::Match(args) => play_match(args),
        Command::Tune(args) => tune::run(args, &mut std::io::stdout()),
        Command::TuneMerge { states, out } => tune::merge(&states, &out),
        Command::Export { records, game, out } => export(&records, game.as_deref(), out.as_deref()),
        Command::Replay {
            records,
            engine,
            each,
            game,
            games,
        } => replay_records(&records, &engine, &each, game.as_deref(), games),
        Command::Times { records, game } => time_report(&records, game.as_deref()),
        Command::Lost {
            records,
            name,
            plies,
            game,
            out,
        } => write_lost(&records, &name, &plies, game.as_deref(), &out),
        Command::Merge { records, sprt } => {
            parse_sprt(&sprt).and_then(|sprt| merge::merge(&records, sprt, &mut std::io::stdout()))
        }
        Command::Openings {
            game,
            players,
            plies,
            count,
            seed,
            out,
            balanced,
            engine,
            window,
        } => {
            let settings = GameSettings {
                variant: game,
                players,
            };
            let book = Book { plies, count, seed };
            match engine {
                Some(judge) => write_balanced(settings, book, &judge, &balanced, window, &out),
                None => write_openings(settings, book, &out),
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("arena: {e}");
            ExitCode::from(2)
        }
    }
}

fn export(paths: &[String], game: Option<&str>, out: Option<&str>) -> Result<(), String> {
    let mut text = String::new();
    for path in paths {
        for record in records::read_all(path)? {
            text += &ugi::export::write(&record, variant_of(&record, game, path)?);
        }
    }
    match out {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}")),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

/// `arena replay`: every engine of `engine_groups` (under `each`) searches the positions of
/// the distinct games of the record files at `paths`, one engine after the other.
fn replay_records(
    paths: &[String],
    engine_groups: &[String],
    each: &[String],
    game: Option<&str>,
    most: Option<usize>,
) -> Result<(), String> {
    let each = parse_limits(each, None)?;
    let mut engines = Vec::new();
    for group in engine_groups {
        let (spec, limits) = parse_engine(&engine_words(group), &each)?;
        if limits.clock.is_some() {
            return Err(format!(
                "{}: a replay takes depth, nodes or movetime, not tc",
                spec.name
            ));
        }
        engines.push((spec, limits));
    }
    let (records, mut games_of): (Vec<_>, Vec<_>) =
        read_with_settings(paths, game)?.into_iter().unzip();
    games_of.dedup();
    let [settings] = &games_of[..] else {
        return Err(match games_of.is_empty() {
            true => "the record files hold no game".to_string(),
            false => "the records mix games or player counts: replay them apart".to_string(),
        });
    };
    let mut games = replay::distinct(&records);
    games.truncate(most.unwrap_or(games.len()));
    let mut baseline = None;
    for (spec, limits) in &engines {
        let totals = replay::replay(spec, limits, settings, &games)?;
        let baseline = baseline.get_or_insert_with(|| totals.clone());
        println!("{}", replay::line(&spec.name, &totals, baseline));
    }
    Ok(())
}

/// `arena times`: each engine's time over the games of the record files at `paths`.
fn time_report(paths: &[String], game: Option<&str>) -> Result<(), String> {
    let engines = times::tally(&read_with_settings(paths, game)?)?;
    println!("{}", times::header());
    for (name, spent) in &engines {
        println!("{}", times::line(name, spent));
    }
    Ok(())
}

/// `arena lost`: the turning points of `name`'s lost games, one opening a line, to `out`.
fn write_lost(
    paths: &[String],
    name: &str,
    plies: &[usize],
    game: Option<&str>,
    out: &str,
) -> Result<(), String> {
    let points = lost::turning_points(&read_with_settings(paths, game)?, name, plies)?;
    save_openings(&points, out)
}

/// Every record of the files at `paths`, each with the game it was played in (as the record
/// names it, else `game`) and its number of players.
fn read_with_settings(
    paths: &[String],
    game: Option<&str>,
) -> Result<Vec<(records::GameRecord, GameSettings)>, String> {
    let mut games = Vec::new();
    for path in paths {
        for record in records::read_all(path)? {
            let settings = GameSettings {
                variant: variant_of(&record, game, path)?.to_string(),
                players: record.seats.len(),
            };
            games.push((record, settings));
        }
    }
    Ok(games)
}

/// The game of `record` (read from `path`): as the record names it, else `game`.
fn variant_of<'a>(
    record: &'a records::GameRecord,
    game: Option<&'a str>,
    path: &str,
) -> Result<&'a str, String> {
    record
        .schedule
        .as_ref()
        .map(|s| s.variant.as_str())
        .or(game)
        .ok_or_else(|| format!("'{path}' does not name its game: give --game"))
}

/// What an openings file is made of: random openings of `plies` plies, `count` of them,
/// from the random stream of `seed`.
struct Book {
    plies: usize,
    count: usize,
    seed: u64,
}

fn write_openings(settings: GameSettings, book: Book, out: &str) -> Result<(), String> {
    let mut rng = Pcg64Mcg::seed_from_u64(book.seed);
    let openings = openings::generate(&settings, book.plies, book.count, &mut rng)?;
    save_openings(&openings, out)
}

fn write_balanced(
    settings: GameSettings,
    book: Book,
    judge: &str,
    limit: &[String],
    window: i64,
    out: &str,
) -> Result<(), String> {
    let (spec, limits) = parse_engine(&engine_words(judge), &parse_limits(limit, None)?)?;
    let name = spec.name.clone();
    let mut judge = balance::Judge::start(spec, limits, &settings)?;
    let mut rng = Pcg64Mcg::seed_from_u64(book.seed);
    let balanced = balance::generate(
        &settings, book.plies, book.count, window, &mut judge, &mut rng,
    )?;
    println!(
        "judged {} random openings with {name} ({}): kept {} within {window} cp, dropped {} \
         with a forced result and {} further off",
        balanced.tried,
        limit.join(" "),
        balanced.openings.len(),
        balanced.mates,
        balanced.tried - balanced.openings.len() - balanced.mates
    );
    save_openings(&balanced.openings, out)
}

fn save_openings(openings: &[Opening], out: &str) -> Result<(), String> {
    let text: String = openings.iter().map(|o| o.line() + "\n").collect();
    std::fs::write(out, text).map_err(|e| format!("cannot write '{out}': {e}"))?;
    println!("wrote {} openings to {out}", openings.len());
    Ok(())
}

fn play_match(args: MatchArgs) -> Result<(), String> {
    let settings = GameSettings {
        variant: args.game.clone(),
        players: args.players,
    };
    referee::Referee::new(&settings, &referee::Opening::parse("startpos")?)?;
    let each = args.playing.each(&args.each)?;
    let engines = args
        .engine
        .iter()
        .map(|group| parse_engine(&engine_words(group), &each))
        .collect::<Result<Vec<_>, _>>()?;
    if engines.len() < 2 {
        return Err("a match needs at least two --engine".to_string());
    }
    let mut names: Vec<&str> = engines.iter().map(|(spec, _)| spec.name.as_str()).collect();
    names.sort_unstable();
    if let Some(pair) = names.windows(2).find(|pair| pair[0] == pair[1]) {
        return Err(format!(
            "two engines are named '{}' (the name defaults to cmd=): give each its own name=",
            pair[0]
        ));
    }
    if engines.len() > args.players.max(2) {
        return Err(format!(
            "{} engines cannot share {} seats",
            engines.len(),
            args.players
        ));
    }
    let mut rng = Pcg64Mcg::seed_from_u64(args.playing.seed);
    let openings = parse_openings(&args.playing.openings, &settings, &mut rng)?;
    let rules = GameRules {
        settings,
        margin: args.margin,
        idle_timeout: Duration::from_secs(args.timeout),
        max_plies: args.maxplies,
    };
    let mut config = MatchConfig {
        rules,
        engines,
        openings,
        games: args.games,
        concurrency: args.playing.concurrency,
        seed: args.playing.seed,
        sprt: parse_sprt(&args.sprt)?,
        records: args.records,
        resume: args.resume,
        report_every: args.report_every,
        shard: args.shard,
    };
    config.header().check_sprt()?;
    config.games = config.games.div_ceil(config.rotations()) * config.rotations();
    let mut out = std::io::stdout();
    run_match(&config, &mut out)?;
    let _ = out.flush();
    Ok(())
}
