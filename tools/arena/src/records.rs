//! The game-record file: one finished game per line (`ugi::record`), appended as each game
//! ends, read back by `--resume`.

use std::fs::OpenOptions;
use std::io::Write;

pub use ugi::record::GameRecord;

/// Reads every record of a file (a missing file has none).
pub fn read_all(path: &str) -> Result<Vec<GameRecord>, String> {
    match std::fs::read_to_string(path) {
        Ok(text) => ugi::record::parse_lines(&text).map_err(|e| format!("'{path}', {e}")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("cannot read '{path}': {e}")),
    }
}

/// A drawn game's record for tests: game number `game` (from 0), engines `seats` (`a,b`),
/// from `opening`, with `moves` and `times` as the record file writes them (space-separated).
#[cfg(test)]
pub fn drawn(game: usize, seats: &str, opening: &str, moves: &str, times: &str) -> GameRecord {
    GameRecord::parse(&format!(
        "game={game}\tsample=0\trotation=0\tseats={seats}\topening={opening}\tresult=draw\t\
         scores=0.5,0.5\treason=rules\tplies=0\tmoves={moves}\ttimes={times}\tnotes="
    ))
    .expect("a well-formed record")
}

/// Appends one record and flushes it to the file at once.
pub fn append(path: &str, record: &GameRecord) -> Result<(), String> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open '{path}': {e}"))?;
    writeln!(file, "{}", record.line())
        .and_then(|_| file.sync_data())
        .map_err(|e| format!("cannot write '{path}': {e}"))
}
