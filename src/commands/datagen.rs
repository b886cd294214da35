//! `datagen` and `datagen-merge`: self-play data sets written to a file, with progress and
//! an estimate of the time left; shards' files merged and shuffled into one set.

use std::io::Write as _;
use std::time::Instant;

use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use rand_pcg::Pcg64Mcg;

use super::cli::{Context, game_options};
use crate::datagen::format::{self, Header, RECORD_BYTES};
use crate::datagen::{DatagenSettings, play_game, table};
use crate::options::EngineOptions;
use crate::options::choices::{Choice, SearchKind};
use crate::registry::Entry;
use crate::shard::Shard;

/// `tabula datagen`'s arguments.
#[derive(clap::Args)]
pub struct DatagenArgs {
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
    /// The search that plays and scores: `alphabeta`, or `mcts` (whose records keep the
    /// root's visits, a policy's target), as the `Search` option.
    #[arg(long, default_value = "alphabeta", value_parser = ["alphabeta", "mcts"])]
    search: String,
    /// With `--search mcts`: searched decisions after the opening that play a move drawn in
    /// proportion to the root's visits (the record keeps the search's choice).
    #[arg(long, default_value_t = 0)]
    sample_plies: u32,
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
}

impl DatagenArgs {
    /// Writes `--game`'s data set (see [`run`]), with progress on standard error.
    pub fn run(self, context: &Context) -> Result<(), String> {
        let entry = &context.entry;
        let defaults = game_options(context.registry, entry, self.board.as_deref())?;
        let eval_net = self.eval_file.as_deref().map(entry.load_net).transpose()?;
        let search = SearchKind::from_word(&self.search).expect("a word clap checked");
        if self.sample_plies > 0 && search != SearchKind::Mcts {
            return Err(
                "--sample-plies draws by MCTS's visits: it needs --search mcts".to_string(),
            );
        }
        let settings = DatagenSettings {
            games: self.games,
            nodes: self.nodes,
            opening_plies: self.plies,
            sampled_plies: self.sample_plies,
            seed: self.seed,
            shard: self.shard,
            options: EngineOptions {
                players: self.players,
                eval: Choice::from_word(&self.eval).expect("a word clap checked"),
                eval_net,
                search,
                ..defaults
            },
        };
        let out = &self.out;
        let written = run(entry, &settings, out, &|line| eprintln!("{line}"))?;
        (context.emit)(&format!("wrote {written} positions to {out}"));
        Ok(())
    }
}

/// `tabula datagen-merge`'s arguments.
#[derive(clap::Args)]
pub struct MergeArgs {
    /// The merged file to write.
    #[arg(long)]
    out: String,
    /// Seed of the shuffle; 0 keeps the inputs' order.
    #[arg(long, default_value_t = 1)]
    shuffle: u64,
    /// The data sets to merge.
    #[arg(required = true)]
    inputs: Vec<String>,
}

impl MergeArgs {
    /// Merges the data sets (see [`merge`]).
    pub fn run(self, context: &Context) -> Result<(), String> {
        let shuffle = (self.shuffle != 0).then_some(self.shuffle);
        let written = merge(&self.inputs, &self.out, shuffle)?;
        (context.emit)(&format!("wrote {written} positions to {}", self.out));
        Ok(())
    }
}

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
