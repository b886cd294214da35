//! `datagen` and `datagen-merge`: self-play data sets written to a file, with progress and
//! an estimate of the time left; shards' files merged and shuffled into one set.

use std::io::Write as _;
use std::time::Instant;

use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use rand_pcg::Pcg64Mcg;

use crate::datagen::format::{self, Header, RECORD_BYTES};
use crate::datagen::{DatagenSettings, play_game, table};
use crate::registry::Entry;

/// Plays this shard's games and writes them to `out`; `progress` gets a line after each game
/// (games done, positions, rate and time left). Returns the number of positions written.
pub fn run(
    entry: &Entry,
    settings: &DatagenSettings,
    out: &str,
    progress: &dyn Fn(&str),
) -> Result<u64, String> {
    let header = Header {
        game: entry.name.to_string(),
        players: settings.options.players as u8,
    };
    let mut file = std::io::BufWriter::new(
        std::fs::File::create(out).map_err(|e| format!("cannot create '{out}': {e}"))?,
    );
    let write_error = |e: std::io::Error| format!("cannot write '{out}': {e}");
    file.write_all(&header.encode()?).map_err(write_error)?;
    let tt = table()?;
    let planned = settings.shard_games().count();
    let started = Instant::now();
    let mut positions = 0u64;
    for (done, game) in settings.shard_games().enumerate() {
        for record in play_game(entry, settings, &tt, game)? {
            file.write_all(&record.encode()?).map_err(write_error)?;
            positions += 1;
        }
        let done = done + 1;
        let seconds = started.elapsed().as_secs_f64();
        let left = seconds / done as f64 * (planned - done) as f64;
        progress(&format!(
            "game {done} of {planned}: {positions} positions, {:.0} positions/s, about {left:.0} s left",
            positions as f64 / seconds.max(1e-9)
        ));
    }
    file.flush().map_err(write_error)?;
    Ok(positions)
}

/// Writes the records of `inputs` (data sets of one game and player count) to `out`, in an
/// order shuffled by `seed`, or in the inputs' order when `seed` is none.
/// Returns the number of records.
pub fn merge(inputs: &[String], out: &str, seed: Option<u64>) -> Result<u64, String> {
    let mut header: Option<Header> = None;
    let mut records: Vec<[u8; RECORD_BYTES]> = Vec::new();
    for path in inputs {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        let (own, body) = format::split(&bytes).map_err(|e| format!("'{path}': {e}"))?;
        match &header {
            Some(first) if *first != own => {
                return Err(format!(
                    "'{path}' holds {} for {} players, the first file {} for {}",
                    own.game, own.players, first.game, first.players
                ));
            }
            _ => header = Some(own),
        }
        records.extend(body.chunks_exact(RECORD_BYTES).map(|chunk| {
            let mut record = [0; RECORD_BYTES];
            record.copy_from_slice(chunk);
            record
        }));
    }
    let header = header.ok_or("no data sets to merge")?;
    if let Some(seed) = seed {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        records.shuffle(&mut rng);
    }
    let mut bytes = header.encode()?;
    bytes.reserve(records.len() * RECORD_BYTES);
    for record in &records {
        bytes.extend_from_slice(record);
    }
    std::fs::write(out, bytes).map_err(|e| format!("cannot write '{out}': {e}"))?;
    Ok(records.len() as u64)
}
