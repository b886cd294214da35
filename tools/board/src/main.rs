//! `board`: serves the web board on 127.0.0.1 (or `--listen`) and prints its address.
//! `board --ugi` is tabula's engine on stdin/stdout, which the board offers when no
//! `--engine` is given.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use board::board::{Board, Config};
use clap::Parser;
use tabula::protocol::Engine;
use tabula::protocol::output::Output;
use tabula::registry::Registry;
use ugi::engine::{EngineSpec, engine_words, group_engine_args};

/// A web board to play, watch and analyse tabula's games against any UGI engine.
#[derive(Parser)]
#[command(version, about)]
struct Cli {
    /// An engine the page may choose: cmd=<command> name=<name> [option.<Name>=<value> ...];
    /// give it once per engine. Without any, tabula itself (alpha-beta, MCTS, random).
    #[arg(long, num_args = 1..)]
    engine: Vec<String>,
    /// The port (0: any free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on; anything but 127.0.0.1 lets other machines in.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    listen: IpAddr,
    /// Milliseconds an engine may overstep its movetime or clock before it loses.
    #[arg(long, default_value_t = 500)]
    margin: u64,
    /// Seconds an engine with a depth or nodes limit may think before it loses.
    #[arg(long, default_value_t = 60)]
    timeout: u64,
    /// Speak UGI on stdin/stdout as tabula's engine instead of serving the board.
    #[arg(long)]
    ugi: bool,
}

fn engines(groups: &[String]) -> Result<Vec<EngineSpec>, String> {
    if groups.is_empty() {
        return board::own_engines();
    }
    groups
        .iter()
        .map(|group| {
            let (spec, rest) = EngineSpec::parse(&engine_words(group))?;
            match rest.first() {
                Some((key, _)) => Err(format!(
                    "unknown key '{key}' in --engine (the page sets the limits)"
                )),
                None => Ok(spec),
            }
        })
        .collect()
}

fn run(cli: Cli) -> Result<(), String> {
    if cli.ugi {
        let registry = Registry::standard();
        let first = registry.names()[0];
        let output = Output::stdout();
        return Engine::with_registry(registry, first, output)
            .map(|mut engine| engine.run(std::io::stdin().lock()));
    }
    let config = Config {
        engines: engines(&cli.engine)?,
        margin_ms: cli.margin,
        idle_timeout: Duration::from_secs(cli.timeout),
    };
    let board = Board::new(config)?;
    let address = board::server::spawn(board, SocketAddr::new(cli.listen, cli.port))?;
    println!("tabula board: open http://{address}/");
    loop {
        std::thread::park();
    }
}

fn main() -> ExitCode {
    match run(Cli::parse_from(group_engine_args(std::env::args()))) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("board: {e}");
            ExitCode::from(2)
        }
    }
}
