//! An engine's speed with an evaluation, as a generation's row reports it against its parent.

use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{Command, Stdio};

/// The engine's nodes per second with `net` over those with `parent` (engine options), from
/// the start position: the medians of three half-second searches each, interleaved.
pub fn nps_ratio(
    tabula: &Path,
    game: &str,
    net: &[(&str, String)],
    parent: &[(&str, String)],
) -> Result<f64, String> {
    let (mut with_net, mut with_parent) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        with_parent.push(one_search(tabula, game, parent)?);
        with_net.push(one_search(tabula, game, net)?);
    }
    Ok(median(with_net) / median(with_parent))
}

fn median(mut runs: Vec<f64>) -> f64 {
    runs.sort_by(f64::total_cmp);
    runs[runs.len() / 2]
}

/// The nps of one half-second search from the start position with `options` (the engine
/// rolls its own dice, so that a game whose start is a roll has a position to search).
fn one_search(tabula: &Path, game: &str, options: &[(&str, String)]) -> Result<f64, String> {
    let mut script =
        format!("ugi\nsetoption name UCI_Variant value {game}\nsetoption name Dice value engine\n");
    for (name, value) in options {
        script.push_str(&format!("setoption name {name} value {value}\n"));
    }
    script.push_str("isready\nposition startpos\ngo movetime 500\n");
    let mut child = Command::new(tabula)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run '{}': {e}", tabula.display()))?;
    let mut input = child.stdin.take().expect("piped");
    input
        .write_all(script.as_bytes())
        .map_err(|e| e.to_string())?;
    let reader = std::io::BufReader::new(child.stdout.take().expect("piped"));
    let mut last = None;
    for line in reader.lines() {
        let line = line.map_err(|e| e.to_string())?;
        if let Some(value) = line.split(" nps ").nth(1) {
            last = value
                .split_whitespace()
                .next()
                .and_then(|n| n.parse::<f64>().ok());
        }
        if line.starts_with("bestmove") {
            break;
        }
        if line.contains("info string error") {
            return Err(format!(
                "the engine refused the options {options:?}: {line}"
            ));
        }
    }
    let _ = input.write_all(b"quit\n");
    drop(input);
    let _ = child.wait();
    last.ok_or_else(|| "the engine reported no nps".to_string())
}
