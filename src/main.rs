//! The `tabula` command: the UGI engine on stdin/stdout, plus bench, perft and selfplay.

use std::process::ExitCode;
use std::sync::atomic::AtomicBool;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};
use tabula::commands::{bench, datagen, perft::print_divide, profile, selfplay};
use tabula::datagen::DatagenSettings;
use tabula::game::GameConfig;
use tabula::game::perft;
use tabula::options::EngineOptions;
use tabula::options::choices::{Choice, PlayoutKind, SearchKind};
use tabula::protocol::Engine;
use tabula::protocol::output::Output;
use tabula::registry::{Entry, Registry};
use tabula::search::SearchLimits;
use tabula::shard::Shard;

/// A game-playing engine for five abstract strategy games, speaking UGI.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The game (default: the first one listed).
    #[arg(long, global = true, value_parser = PossibleValuesParser::new(Registry::standard().names()))]
    game: Option<String>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Searches fixed positions of every game (or of --game) to a fixed depth; the last line is "<nodes> nodes <nps> nps".
    Bench {
        /// Search depth.
        #[arg(default_value_t = bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=bench::MAX_DEPTH as i64))]
        depth: u32,
        /// Search threads (more than one: the node count is no signature; each position's time to the depth is the measure).
        #[arg(long, default_value_t = 1, value_parser = threads)]
        threads: usize,
    },
    /// Runs MCTS for a fixed number of iterations on every game's bench position (or --game's); prints playouts per second.
    BenchMcts {
        /// How leaves are scored: auto (each game's choice), random, cutoff or eval.
        #[arg(long, default_value = "auto", value_parser = PossibleValuesParser::new(PlayoutKind::words()))]
        playout: String,
        /// Random plies before the evaluation with `--playout cutoff`.
        #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(1..))]
        plies: u64,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = threads)]
        threads: usize,
    },
    /// Plays uniform random games from the start position (no tree) for a while; prints playouts and decisions per second.
    BenchPlayouts {
        /// Seconds per game.
        #[arg(long, default_value_t = 2.0, value_parser = seconds)]
        seconds: f64,
    },
    /// Counts the token sequences of a given length, split by root token.
    Perft {
        /// Sequence length.
        #[arg(long, value_parser = clap::value_parser!(u32).range(0..=perft::MAX_DEPTH as i64))]
        depth: u32,
        /// A position text instead of the start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Lists the search profile of --game: every knob with its value, range and meaning.
    Profile {
        /// Instead, print `arena tune` parameters for these number knobs (comma-separated).
        #[arg(long)]
        tune: Option<String>,
    },
    /// Writes a self-play data set of --game: each decision's position with the search's score and every seat's share of the result.
    Datagen {
        /// The data set file to write.
        #[arg(long)]
        out: String,
        /// Games in the whole set (all shards together).
        #[arg(long, default_value_t = 100)]
        games: u64,
        /// Nodes of each decision's search.
        #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: u64,
        /// Random decisions from the start before the searches take over.
        #[arg(long, default_value_t = 8)]
        plies: u32,
        /// Seed of the set: its openings and rolls.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// k/n: play shard k of n (the games g with g % n == k - 1).
        #[arg(long, default_value = "1/1", value_parser = Shard::parse)]
        shard: Shard,
        /// Players, for games of more than two.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The start board, for games with named boards (default: the game's first).
        #[arg(long)]
        board: Option<String>,
        /// The evaluation: `net` (the game's network: --eval-file's, else the built-in one)
        /// or `classic` (the hand-written one), as the `Eval` option.
        #[arg(long, default_value = "net", value_parser = ["net", "classic"])]
        eval: String,
        /// A network file for `--eval net` (as the `EvalFile` option).
        #[arg(long)]
        eval_file: Option<String>,
    },
    /// Merges data sets of one game (shards) into one file, shuffled by --shuffle unless 0.
    DatagenMerge {
        /// The merged file to write.
        #[arg(long)]
        out: String,
        /// Seed of the shuffle; 0 keeps the inputs' order.
        #[arg(long, default_value_t = 1)]
        shuffle: u64,
        /// The data sets to merge.
        #[arg(required = true)]
        inputs: Vec<String>,
    },
    /// Plays a game against itself, drawing the board after every move (rolls drawn from --seed).
    Selfplay {
        /// Milliseconds per move.
        #[arg(long, default_value_t = 200)]
        movetime: u64,
        /// A fixed depth per move instead of a time.
        #[arg(long)]
        depth: Option<u32>,
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = threads)]
        threads: usize,
        /// The search: alphabeta, mcts or random.
        #[arg(long, default_value = "alphabeta", value_parser = PossibleValuesParser::new(SearchKind::words()))]
        search: String,
        /// Players, for games of more than two.
        #[arg(long, default_value_t = 2)]
        players: usize,
        /// The start board, for games with named boards (default: the game's first).
        #[arg(long)]
        board: Option<String>,
        /// Seed of the rolls (and of the random search).
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

/// A number of threads from 1 to 256 (as the `Threads` option takes).
fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if (1..=256).contains(&n) => Ok(n),
        _ => Err(format!("'{text}' is not a number of threads from 1 to 256")),
    }
}

/// A number of seconds from 0.01 to 3600.
fn seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.01..=3600.0).contains(&s) => Ok(s),
        _ => Err(format!(
            "'{text}' is not a number of seconds from 0.01 to 3600"
        )),
    }
}

/// The default engine options for selfplay of `entry`, on `board` where given (one of the
/// game's own boards).
fn selfplay_options(
    registry: &Registry,
    entry: &Entry,
    board: Option<&str>,
) -> Result<EngineOptions, String> {
    let defaults = EngineOptions::defaults(registry);
    let board = match board {
        None => entry.boards.first().copied().unwrap_or(defaults.board),
        Some(name) => entry
            .boards
            .iter()
            .copied()
            .find(|&b| b == name)
            .ok_or_else(|| match entry.boards {
                [] => format!("{} has one board, with no name", entry.name),
                boards => format!(
                    "{} has no board '{name}' (its boards: {})",
                    entry.name,
                    boards.join(", ")
                ),
            })?,
    };
    Ok(EngineOptions {
        variant: entry.name,
        board,
        ..defaults
    })
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let registry = Registry::standard();
    let output = Output::stdout();
    let emit = |line: &str| output.line(line);
    let entry = match registry.find(cli.game.as_deref().unwrap_or(registry.names()[0])) {
        Ok(entry) => *entry,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command {
        None => Engine::with_registry(registry, entry.name, output.clone())
            .map(|mut engine| engine.run(std::io::stdin().lock())),
        Some(Command::Bench { depth, threads }) => bench::run(
            &registry,
            cli.game.as_deref(),
            Some(depth),
            threads,
            (&AtomicBool::new(false), &AtomicBool::new(false)),
            &emit,
        ),
        Some(Command::BenchMcts {
            playout,
            plies,
            threads,
        }) => {
            let options = EngineOptions {
                search: SearchKind::Mcts,
                playout: PlayoutKind::from_word(&playout).expect("clap checked the word"),
                playout_plies: plies,
                ..EngineOptions::defaults(&registry)
            };
            let style_for = |entry: &Entry| options.style(entry);
            bench::run_mcts(&registry, cli.game.as_deref(), threads, &style_for, &emit)
        }
        Some(Command::BenchPlayouts { seconds }) => bench::run_playouts(
            &registry,
            cli.game.as_deref(),
            std::time::Duration::from_secs_f64(seconds),
            &emit,
        ),
        Some(Command::Perft { depth, fen }) => {
            entry
                .session(GameConfig::default())
                .and_then(|mut session| {
                    session.rules_mut().set_position(fen.as_deref(), &[])?;
                    print_divide(session.as_ref(), depth, &AtomicBool::new(false), &emit);
                    Ok(())
                })
        }
        Some(Command::Profile { tune }) => profile::run(&entry, tune.as_deref(), &emit),
        Some(Command::Datagen {
            out,
            games,
            nodes,
            plies,
            seed,
            shard,
            players,
            board,
            eval,
            eval_file,
        }) => selfplay_options(&registry, &entry, board.as_deref()).and_then(|defaults| {
            let eval_net = eval_file.as_deref().map(entry.load_net).transpose()?;
            let settings = DatagenSettings {
                games,
                nodes,
                opening_plies: plies,
                seed,
                shard,
                options: EngineOptions {
                    players,
                    eval: Choice::from_word(&eval).expect("a word clap checked"),
                    eval_net,
                    ..defaults
                },
            };
            datagen::run(&entry, &settings, &out, &|line| eprintln!("{line}")).map(|n| {
                emit(&format!("wrote {n} positions to {out}"));
            })
        }),
        Some(Command::DatagenMerge {
            out,
            shuffle,
            inputs,
        }) => datagen::merge(&inputs, &out, (shuffle != 0).then_some(shuffle))
            .map(|n| emit(&format!("wrote {n} positions to {out}"))),
        Some(Command::Selfplay {
            movetime,
            depth,
            threads,
            search,
            players,
            board,
            seed,
        }) => selfplay_options(&registry, &entry, board.as_deref()).and_then(|defaults| {
            let settings = selfplay::SelfplaySettings {
                limits: SearchLimits {
                    movetime: depth.is_none().then_some(movetime),
                    depth,
                    ..SearchLimits::default()
                },
                options: EngineOptions {
                    search: SearchKind::from_word(&search).expect("clap checked the word"),
                    threads,
                    players,
                    seed,
                    ..defaults
                },
            };
            selfplay::play(&entry, &settings, &emit).map(|_| ())
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
