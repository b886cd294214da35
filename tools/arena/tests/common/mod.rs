//! Helpers shared by the arena's end-to-end tests: running the arena and the fake engine,
//! temporary files, and reading records and summaries.
#![allow(dead_code)]

pub use std::process::Command;

pub const ARENA: &str = env!("CARGO_BIN_EXE_arena");

pub const FAKE: &str = env!("CARGO_BIN_EXE_fake-engine");

/// Runs the arena with these arguments; returns its standard output (it must exit 0).
pub fn arena(args: &[&str]) -> String {
    let output = Command::new(ARENA).args(args).output().expect("arena runs");
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    assert!(
        output.status.success(),
        "exit {:?}\n{text}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

pub fn engine(mode: &str, name: &str) -> String {
    format!("cmd={FAKE} {mode}|name={name}")
}

/// The arguments of a match between two engines given as `cmd=... name=...` groups.
pub fn match_args<'a>(game: &'a str, engines: &'a [String], rest: &[&'a str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["match".into(), "--game".into(), game.into()];
    for e in engines {
        args.push("--engine".into());
        args.extend(e.split('|').map(str::to_string));
    }
    args.extend(rest.iter().map(|s| s.to_string()));
    args
}

pub fn run(game: &str, engines: &[String], rest: &[&str]) -> String {
    let args = match_args(game, engines, rest);
    arena(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

pub fn temp_file(name: &str) -> String {
    let path = std::env::temp_dir().join(format!("arena-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().to_string()
}

pub fn lines(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The record lines of `path` by game, without the fields that differ between runs of the
/// same games (times, and the shard that played it).
pub fn games_of(path: &str) -> Vec<String> {
    let mut games: Vec<String> = lines(path)
        .iter()
        .map(|line| {
            line.split('\t')
                .filter(|f| !f.starts_with("times=") && !f.starts_with("shard="))
                .collect::<Vec<_>>()
                .join("\t")
        })
        .collect();
    games.sort_by_key(|l| l.split('\t').next().unwrap()[5..].parse::<usize>().unwrap());
    games
}

/// The last summary block of `out`, without the machine's CPU steal (a fact of the machine,
/// not of the games, which a merge cannot know).
pub fn summary_of(out: &str) -> String {
    out[out.rfind("Results").expect("a summary")..]
        .lines()
        .filter(|line| !line.starts_with("CPU steal: "))
        .map(|line| format!("{line}\n"))
        .collect()
}

/// The record file `name` of four Dimraw games between two searching engines `a` and `b`, at
/// 300 nodes a move.
pub fn dimraw_records(name: &str) -> String {
    let records = temp_file(name);
    let engines = [engine("search", "a"), engine("search", "b")];
    let args = ["--each", "nodes=300", "--games", "4", "--records", &records];
    run("dimraw", &engines, &args);
    records
}
