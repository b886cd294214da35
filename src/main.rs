//! The `tabula` command: the UGI engine on stdin/stdout, plus bench, perft and selfplay.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use tabula::output::Output;
use tabula::protocol::options::EngineOptions;
use tabula::protocol::session::PositionBase;
use tabula::protocol::{Engine, new_session, print_divide};
use tabula::search::SearchLimits;

/// A game-playing engine for five abstract strategy games, speaking UGI.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// The game: tumbling-down, splinter, dimraw, dwindle or dwnsiwn.
    #[arg(long, global = true, default_value = "tumbling-down")]
    game: String,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Searches fixed positions of every game to a fixed depth; the last line is "<nodes> nodes <nps> nps".
    Bench {
        /// Search depth.
        #[arg(default_value_t = tabula::bench::DEFAULT_DEPTH, value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
    },
    /// Runs MCTS for a fixed number of iterations on every game's bench position; prints playouts per second.
    BenchMcts {
        /// How leaves are scored: auto (each game's choice), random or cutoff.
        #[arg(long, default_value = "auto")]
        playout: String,
        /// Random plies before the evaluation with `--playout cutoff`.
        #[arg(long, default_value_t = 8)]
        plies: u64,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
    /// Counts the token sequences of a given length, split by root token.
    Perft {
        /// Sequence length.
        #[arg(long)]
        depth: u32,
        /// A position text instead of the start position.
        #[arg(long)]
        fen: Option<String>,
    },
    /// Plays a game against itself, drawing the board after every move.
    Selfplay {
        /// Milliseconds per move.
        #[arg(long, default_value_t = 200)]
        movetime: u64,
        /// A fixed depth per move instead of a time.
        #[arg(long)]
        depth: Option<u32>,
        /// Search threads.
        #[arg(long, default_value_t = 1)]
        threads: usize,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let output = Output::stdout();
    let result = match cli.command {
        None => {
            Engine::new(&cli.game, output).map(|mut engine| engine.run(std::io::stdin().lock()))
        }
        Some(Command::Bench { depth }) => {
            tabula::bench::run(Some(depth), &output);
            Ok(())
        }
        Some(Command::BenchMcts {
            playout,
            plies,
            threads,
        }) => {
            let options = EngineOptions {
                playout,
                playout_plies: plies,
                threads: threads.max(1),
                ..EngineOptions::default()
            };
            tabula::bench::run_mcts(&options, &output);
            Ok(())
        }
        Some(Command::Perft { depth, fen }) => perft(&cli.game, depth, fen, &output),
        Some(Command::Selfplay {
            movetime,
            depth,
            threads,
        }) => {
            let options = EngineOptions {
                variant: cli.game.clone(),
                threads: threads.max(1),
                ..EngineOptions::default()
            };
            let limits = SearchLimits {
                movetime: depth.is_none().then_some(movetime),
                depth,
                ..SearchLimits::default()
            };
            tabula::selfplay::play(&options, &limits, &output).map(|_| ())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn perft(game: &str, depth: u32, fen: Option<String>, output: &Output) -> Result<(), String> {
    let options = EngineOptions {
        variant: game.to_string(),
        ..EngineOptions::default()
    };
    let mut session = new_session(&options)?;
    if let Some(text) = fen {
        session.set_position(PositionBase::Text(&text), &[])?;
    }
    print_divide(session.as_ref(), depth, output);
    Ok(())
}
