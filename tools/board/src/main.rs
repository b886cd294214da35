//! `board`: serves the web board on 127.0.0.1 (or `--listen`) and prints its address.
//! `board --ugi` is tabula's engine on stdin/stdout, which the board offers when no
//! `--engine` is given.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use board::board::Config;
use board::bounds::Bounds;
use board::lobby::Lobby;
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
    /// A host name the server also answers to (besides its listen address and localhost), as
    /// a browser on another machine names it; give it once per name.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// The longest movetime the page may give an engine, in milliseconds.
    #[arg(long, default_value_t = Bounds::default().max_movetime_ms)]
    max_movetime: u64,
    /// The most nodes a move the page may give an engine.
    #[arg(long, default_value_t = Bounds::default().max_nodes)]
    max_nodes: u64,
    /// The greatest depth the page may give an engine.
    #[arg(long, default_value_t = Bounds::default().max_depth)]
    max_depth: u32,
    /// The longest clock (its base, and its increment) the page may set, in seconds.
    #[arg(long, default_value_t = Bounds::default().max_clock_ms / 1000)]
    max_clock: u64,
    /// The most Threads the page may give an engine (at most the machine's cores).
    #[arg(long, default_value_t = Bounds::default().max_threads)]
    max_threads: u64,
    /// The most Hash (MiB) the page may give an engine.
    #[arg(long, default_value_t = Bounds::default().max_hash_mib)]
    max_hash: u64,
    /// The longest analysis, in seconds (it also stops when no page is watching).
    #[arg(long, default_value_t = Bounds::default().max_analysis.as_secs())]
    max_analysis: u64,
    /// An engine option the page may set; give it once per option. Without any, the page may
    /// set every spin, combo and check option an engine declares, and no string option.
    #[arg(long = "page-option", value_name = "NAME")]
    page_options: Vec<String>,
    /// The most games open at once.
    #[arg(long, default_value_t = 8)]
    max_games: usize,
    /// The most engine processes running at once, over every game.
    #[arg(long, default_value_t = 8)]
    max_engines: usize,
    /// Speak UGI on stdin/stdout as tabula's engine instead of serving the board.
    #[arg(long)]
    ugi: bool,
    /// Be the board's watcher: end the engine process groups it lists on stdin once stdin
    /// closes (the board starts it; see `ugi::watcher`).
    #[arg(long, hide = true)]
    watcher: bool,
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
    if cli.watcher {
        ugi::watcher::run(std::io::stdin().lock(), ugi::engine::kill_group);
        return Ok(());
    }
    if cli.ugi {
        let registry = Registry::standard();
        let first = registry.names()[0];
        let output = Output::stdout();
        return Engine::with_registry(registry, first, output)
            .map(|mut engine| engine.run(std::io::stdin().lock()));
    }
    // Engines must not outlive the board, however it ends: a watcher ends them if it dies.
    let program = std::env::current_exe().map_err(|e| format!("no path to this program: {e}"))?;
    ugi::watcher::start(&program, &["--watcher"])?;
    let config = Config {
        engines: engines(&cli.engine)?,
        margin_ms: cli.margin,
        idle_timeout: Duration::from_secs(cli.timeout),
        max_games: cli.max_games,
        max_engines: cli.max_engines,
        bounds: Bounds {
            max_movetime_ms: cli.max_movetime,
            max_nodes: cli.max_nodes,
            max_depth: cli.max_depth,
            max_clock_ms: cli.max_clock.saturating_mul(1000),
            max_threads: cli.max_threads.min(Bounds::default().max_threads),
            max_hash_mib: cli.max_hash,
            max_analysis: Duration::from_secs(cli.max_analysis),
            page_options: cli.page_options,
        },
        hosts: cli.allow_hosts,
    };
    let lobby = Lobby::new(config)?;
    let address = board::server::spawn(lobby, SocketAddr::new(cli.listen, cli.port))?;
    print_addresses(address);
    until_asked_to_end()?;
    // The engines run in process groups of their own, which the terminal's signal does not
    // reach: they end here, thinking or not.
    ugi::engine::end_all();
    Ok(())
}

/// Prints where to open the board: an address that works, even when it listens on every
/// address (`0.0.0.0` is no address a browser can open), and then this machine's own address
/// for other machines.
fn print_addresses(address: SocketAddr) {
    if !address.ip().is_unspecified() {
        return println!("tabula board: open http://{address}/");
    }
    let (loopback, probe): (IpAddr, SocketAddr) = match address.ip() {
        IpAddr::V4(_) => (Ipv4Addr::LOCALHOST.into(), "192.0.2.1:9".parse().unwrap()),
        IpAddr::V6(_) => (
            Ipv6Addr::LOCALHOST.into(),
            "[2001:db8::1]:9".parse().unwrap(),
        ),
    };
    let port = address.port();
    println!(
        "tabula board: open http://{}/",
        SocketAddr::new(loopback, port)
    );
    // The address this machine would send from: connecting a UDP socket only picks a route,
    // nothing is sent.
    let own = std::net::UdpSocket::bind(SocketAddr::new(address.ip(), 0))
        .and_then(|socket| socket.connect(probe).and_then(|()| socket.local_addr()))
        .map(|local| local.ip())
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified());
    match own {
        Some(ip) => println!(
            "listening on every address: from another machine, open http://{}/",
            SocketAddr::new(ip, port)
        ),
        None => println!("listening on every address of this machine, on port {port}"),
    }
}

/// Waits for SIGINT (Ctrl-C) or, on Unix, SIGTERM.
fn until_asked_to_end() -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot wait for signals: {e}"))?;
    runtime.block_on(async {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            let mut terminate =
                signal(SignalKind::terminate()).map_err(|e| format!("no SIGTERM: {e}"))?;
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        Ok(())
    })
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
