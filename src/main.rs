//! The `tabula` command: the UGI engine on stdin/stdout, plus bench, perft and selfplay.
//! Each subcommand's arguments and work live in its module of `tabula::commands`.

use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};
use tabula::commands::cli::Context;
use tabula::commands::{bench, datagen, net, perft, profile, selfplay, solve};
use tabula::protocol::Engine;
use tabula::protocol::output::Output;
use tabula::registry::Registry;

/// A game-playing engine for abstract strategy games, speaking UGI.
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
    Bench(bench::BenchArgs),
    /// Runs MCTS for a fixed number of iterations on every game's bench position (or --game's); prints playouts per second.
    BenchMcts(bench::MctsBenchArgs),
    /// Plays uniform random games from the start position (no tree) for a while; prints playouts and decisions per second.
    BenchPlayouts(bench::PlayoutBenchArgs),
    /// Counts the token sequences of a given length, split by root token.
    Perft(perft::PerftArgs),
    /// Lists the search profile of --game: every knob with its value, range and meaning.
    Profile(profile::ProfileArgs),
    /// Writes a self-play data set of --game: each decision's position with the search's score and every seat's share of the result.
    Datagen(datagen::DatagenArgs),
    /// Merges data sets of one game (shards) into one file, shuffled by --shuffle unless 0.
    DatagenMerge(datagen::MergeArgs),
    /// Proves the result with perfect play of a two-player game without chance: a position, every line a few plies from it, or a book's openings.
    Solve(solve::SolveArgs),
    /// Describes a network file: its game, format, inputs, layers, scales, heads and hashes, and whether this build loads it.
    Net(net::NetArgs),
    /// Plays a game against itself, drawing the board after every move (rolls drawn from --seed).
    Selfplay(selfplay::SelfplayArgs),
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
    let context = Context {
        registry: &registry,
        entry,
        game: cli.game.as_deref(),
        emit: &emit,
    };
    let result = match cli.command {
        None => Engine::with_registry(registry.clone(), entry.name, output.clone())
            .map(|mut engine| engine.run(std::io::stdin().lock())),
        Some(Command::Bench(args)) => args.run(&context),
        Some(Command::BenchMcts(args)) => args.run(&context),
        Some(Command::BenchPlayouts(args)) => args.run(&context),
        Some(Command::Perft(args)) => args.run(&context),
        Some(Command::Profile(args)) => args.run(&context),
        Some(Command::Datagen(args)) => args.run(&context),
        Some(Command::DatagenMerge(args)) => args.run(&context),
        Some(Command::Selfplay(args)) => args.run(&context),
        Some(Command::Solve(args)) => args.run(&context),
        Some(Command::Net(args)) => args.run(&context),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
