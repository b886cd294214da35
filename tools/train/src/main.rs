//! `train`: fits a game's network to its self-play data sets (`tabula datagen`) on CPU and
//! writes it, quantised, as a network file named by its content hash; or, with
//! `--policy-of`, fits a policy head to a value net's hidden layer; or, as `train
//! generation`, runs a whole generation: data, training, a gating match and its ledger row.

mod adam;
mod data;
mod generation;
mod model;
mod policy;
mod quantise;
mod svg;
#[cfg(test)]
mod testdata;
mod training;

use clap::Parser;

use training::Settings;

/// Trains a game's network from a data set and writes it as `<game>-<hash>.tnet`.
#[derive(Parser, Debug)]
#[command(
    name = "train",
    version,
    subcommand_negates_reqs = true,
    args_conflicts_with_subcommands = true
)]
struct Args {
    /// A whole generation instead of one training run.
    #[command(subcommand)]
    command: Option<Command>,
    /// The data sets (`tabula datagen`, or `datagen-merge` of several), all of one game; sets
    /// of different player counts train one net together.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<String>,
    /// The folder the network file is written to.
    #[arg(long, default_value = ".")]
    out_dir: String,
    /// Hidden units (a multiple of 16).
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Passes over the training samples.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Samples per Adam step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// Adam's step size (a tenth of it for the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001)]
    rate: f32,
    /// The result's share of a target; the search's score gives the rest.
    #[arg(long, default_value_t = 0.4)]
    result_weight: f32,
    /// Keep only records whose search score is within this many centipawns of the game's
    /// own static evaluation of the position (quiet ones, for games whose tactics a static
    /// value should not guess; meant for data from the hand-written evaluation's searches).
    #[arg(long)]
    quiet_margin: Option<i32>,
    /// Every this-many-th record is held out for validation (0: none).
    #[arg(long, default_value_t = 20)]
    holdout: usize,
    /// Seeds the initial weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (0: one per core). The net does not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Also draw the loss by epoch as an SVG file here.
    #[arg(long)]
    svg: Option<String>,
    /// Fit a policy head (a correction to MCTS's priors) to this value net's hidden layer
    /// instead, on the moves the data sets' searches chose, and write the net with it; of the
    /// settings above, the epochs, batch, rate, holdout and seed apply.
    #[arg(long, value_name = "NET")]
    policy_of: Option<String>,
}

/// What `train` runs besides one training.
#[derive(clap::Subcommand, Debug)]
enum Command {
    /// Runs one generation of a game's net: self-play data in shards (here or as a Slurm job
    /// array), merged, trained, gated by a match against the parent, and recorded as a row of
    /// the game's `generations.tsv`. Each stage's output is named by the hash of its inputs
    /// and command, so an interrupted generation resumes and a finished stage is not redone.
    Generation(generation::GenerationArgs),
}

fn main() {
    let args = Args::parse();
    if let Some(Command::Generation(generation)) = &args.command {
        if let Err(e) = generation::run(generation) {
            eprintln!("train generation: {e}");
            std::process::exit(1);
        }
        return;
    }
    if let Err(e) = use_threads(args.threads).and_then(|()| run(&args)) {
        eprintln!("train: {e}");
        std::process::exit(1);
    }
}

/// Sizes the thread pool training runs on (0: one thread per core); once per process.
fn use_threads(threads: usize) -> Result<(), String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .map_err(|e| e.to_string())
}

impl Args {
    /// The training settings these arguments give.
    fn settings(&self) -> Settings {
        Settings {
            hidden: self.hidden,
            epochs: self.epochs,
            batch: self.batch,
            rate: self.rate,
            result_weight: self.result_weight,
            quiet_margin: self.quiet_margin,
            holdout: self.holdout,
            seed: self.seed,
        }
    }
}

/// One training run as `args` say: writes the net (and the loss curve where asked) and
/// returns the net's path with its last training and validation losses.
fn run(args: &Args) -> Result<Written, String> {
    let settings = &args.settings();
    let sets = args
        .data
        .iter()
        .map(|path| std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let sets: Vec<&[u8]> = sets.iter().map(Vec::as_slice).collect();
    let report = &mut |line: &str| println!("{line}");
    let trained = match &args.policy_of {
        Some(net) => {
            let bytes = std::fs::read(net).map_err(|e| format!("cannot read '{net}': {e}"))?;
            policy::train(&bytes, &sets, settings, report)
        }
        None => training::train(&sets, settings, report),
    }?;
    let path = std::path::Path::new(&args.out_dir).join(&trained.name);
    let losses = trained
        .losses
        .last()
        .copied()
        .unwrap_or((f64::NAN, f64::NAN));
    std::fs::write(&path, &trained.file)
        .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
    if let Some((training, validation)) = trained.losses.last() {
        println!(
            "{}: final training loss {training:.6}, validation loss {validation:.6}; {}",
            trained.name, trained.agreement
        );
    }
    println!("wrote {}", path.display());
    if let Some(svg) = &args.svg {
        std::fs::write(svg, &trained.svg).map_err(|e| format!("cannot write '{svg}': {e}"))?;
        println!("wrote {svg}");
    }
    Ok(Written { path, losses })
}

/// What one training run wrote.
struct Written {
    /// The net file.
    path: std::path::PathBuf,
    /// The last epoch's training and validation loss.
    losses: (f64, f64),
}
