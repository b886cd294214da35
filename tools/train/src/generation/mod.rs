//! `train generation`: one generation of a game's net as one command. Stages: self-play data
//! in shards (through the runner), merged here, trained here (value, then the policy head
//! where asked), a gating match against the parent (through the runner, in shards), the
//! nps of both, and a row in the game's `generations.tsv`. `--rebuild N` makes generation
//! N's net again from its row and checks it byte for byte.

mod gate;
mod ledger;
mod nps;
mod parent;
mod runner;
mod stages;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use clap::Parser;

use gate::Verdict;
use ledger::Row;
use nps::nps_ratio;
use parent::{Evaluation, Parent};
use runner::{Job, Runner};
use stages::{StageKey, quoted, quoted_path};

/// The arguments of `train generation`.
#[derive(clap::Args, Debug, Clone)]
pub struct GenerationArgs {
    /// The game.
    #[arg(long)]
    game: String,
    /// The net the generation starts from and is gated against: a net file, `builtin` (the
    /// engine's own) or `classic` (the hand-written evaluation).
    #[arg(long, default_value = "builtin")]
    parent: String,
    /// The folder for every stage's output, each named by the hash of its inputs; a second
    /// run with the same folder resumes.
    #[arg(long)]
    work: PathBuf,
    /// The engine (for datagen, the merge, the gate and the nps).
    #[arg(long, default_value = "tabula")]
    tabula: PathBuf,
    /// The match runner (for the gate).
    #[arg(long, default_value = "arena")]
    arena: PathBuf,
    /// Self-play data shards (jobs).
    #[arg(long, default_value_t = 4)]
    shards: usize,
    /// `tabula datagen`'s settings, besides the game, seed, shard, output and evaluation.
    #[arg(
        long,
        default_value = "--games 400 --nodes 5000 --plies 8",
        allow_hyphen_values = true
    )]
    datagen: String,
    /// The data's seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Earlier data sets (the generations before) trained on with this generation's.
    #[arg(long, num_args = 1..)]
    with_data: Vec<PathBuf>,
    /// `train`'s settings for the value net, besides the data and the folder; `keep` trains
    /// none and fits only the policy head (`--policy`) to the parent's value net (a net file),
    /// as for a head learned from MCTS's own visits.
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    train: String,
    /// `train`'s settings for a policy head on the new value net, where the game keeps one.
    #[arg(long, allow_hyphen_values = true)]
    policy: Option<String>,
    /// `arena match`'s settings for the gate, besides the game, engines, shard and records:
    /// limits, games, openings, an `--sprt` and a seed; kept when the SPRT accepts, or, where
    /// none ran or the games ran out before it decided, when the whole error bar is above
    /// zero. With `--players N` (N > 2) the parent holds the other N - 1 seats.
    #[arg(
        long,
        default_value = "--each movetime=100 --games 200 --openings random=4",
        allow_hyphen_values = true
    )]
    gate: String,
    /// Gating match shards (jobs); an SPRT stops early only in a match of one shard.
    #[arg(long, default_value_t = 1)]
    gate_shards: usize,
    /// Where jobs run: `local` (processes here, --jobs at once) or `slurm` (a job array per
    /// stage, `sbatch --wait`).
    #[arg(long, default_value = "local")]
    runner: String,
    /// Jobs at once under the local runner.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// Training threads (0: one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// The ledger (default: `src/games/<game's folder>/generations.tsv`, from here).
    #[arg(long)]
    ledger: Option<PathBuf>,
    /// Make generation N's net again from its ledger row (its parent, data, seed, shards and
    /// training) and check it against the row's, byte for byte; no gate, no new row.
    #[arg(long, value_name = "N")]
    rebuild: Option<u32>,
}

/// The `--train` that keeps the parent's value net and fits only a policy head.
const KEEP_VALUE: &str = "keep";

/// What the data and training stages made.
struct Made {
    net: PathBuf,
    train_key: StageKey,
    positions: u64,
    seconds: f64,
    validation_loss: f64,
}

/// Runs `train generation`.
pub fn run(args: &GenerationArgs) -> Result<(), String> {
    crate::use_threads(args.threads)?;
    std::fs::create_dir_all(&args.work)
        .map_err(|e| format!("cannot make '{}': {e}", args.work.display()))?;
    let runner = Runner::parse(&args.runner, args.jobs)?;
    let ledger_path = args.ledger.clone().unwrap_or_else(|| {
        Path::new("src/games")
            .join(args.game.replace('-', "_"))
            .join("generations.tsv")
    });
    if let Some(generation) = args.rebuild {
        return rebuild(args, &runner, &ledger_path, generation);
    }
    let parent = Parent::parse(&args.parent)?;
    let made = make_net(args, &parent, &runner)?;
    let verdict = run_gate(args, &parent, &runner, &made)?;
    let speed = nps_ratio(
        &args.tabula,
        &args.game,
        &Evaluation::File(made.net.clone()).engine_options(),
        &parent.engine_options(),
    )?;
    let rows = ledger::rows(&ledger_path)?;
    let net = net_name(&made.net);
    if let Some(row) = rows.iter().find(|row| {
        (row.get("net"), row.get("parent_hash"), row.get("gate"))
            == (&net, &parent.hash, &args.gate)
    }) {
        println!(
            "generation {} of {} is this one, already recorded in {}: {}",
            row.get("generation"),
            args.game,
            ledger_path.display(),
            row.get("kept")
        );
        return Ok(());
    }
    let generation = rows.len() + 1;
    let kept = if verdict.kept() { "kept" } else { "not kept" };
    let row = Row(vec![
        generation.to_string(),
        args.parent.clone(),
        parent.hash.clone(),
        args.datagen.clone(),
        args.shards.to_string(),
        args.seed.to_string(),
        joined(&args.with_data),
        made.positions.to_string(),
        args.train.clone(),
        args.policy.clone().unwrap_or_default(),
        format!("{:.0}", made.seconds),
        format!("{:.6}", made.validation_loss),
        args.gate.clone(),
        verdict.games.to_string(),
        format!("{:+.1} +/- {:.1}", verdict.elo, verdict.error),
        verdict.ptnml.clone(),
        verdict
            .llr
            .map_or(String::new(), |(llr, _)| format!("{llr:.2}")),
        format!("{speed:.2}"),
        kept.to_string(),
        net,
    ]);
    ledger::append(&ledger_path, &row)?;
    println!(
        "generation {generation} of {}: {} ({} games, Elo {:+.1} +/- {:.1}, Ptnml {}); nps {:.2}x the parent's; net {}; row appended to {}",
        args.game,
        kept,
        verdict.games,
        verdict.elo,
        verdict.error,
        verdict.ptnml,
        speed,
        made.net.display(),
        ledger_path.display()
    );
    Ok(())
}

/// Makes generation `generation`'s net again from its row and compares it with the row's.
fn rebuild(
    args: &GenerationArgs,
    runner: &Runner,
    ledger: &Path,
    generation: u32,
) -> Result<(), String> {
    let row = ledger::find(ledger, generation)?;
    let parent = Parent::parse(row.get("parent"))?;
    if parent.hash != row.get("parent_hash") {
        return Err(format!(
            "the parent '{}' is not the one generation {generation} started from (hash {} against {})",
            row.get("parent"),
            parent.hash,
            row.get("parent_hash")
        ));
    }
    let number = |name: &str| {
        row.get(name)
            .parse()
            .map_err(|_| format!("generation {generation}: a bad {name} '{}'", row.get(name)))
    };
    let from_row = GenerationArgs {
        parent: row.get("parent").to_string(),
        datagen: row.get("datagen").to_string(),
        shards: number("shards")? as usize,
        seed: number("seed")?,
        with_data: row
            .get("with_data")
            .split_whitespace()
            .map(PathBuf::from)
            .collect(),
        train: row.get("train").to_string(),
        policy: Some(row.get("policy").to_string()).filter(|p| !p.is_empty()),
        ..args.clone()
    };
    let made = make_net(&from_row, &parent, runner)?;
    let name = net_name(&made.net);
    if name != row.get("net") {
        return Err(format!(
            "generation {generation} rebuilt as {name}, not as its row's {}",
            row.get("net")
        ));
    }
    println!(
        "generation {generation} of {} rebuilt byte for byte: {}",
        args.game,
        made.net.display()
    );
    Ok(())
}

/// The net file's name: the game and its content hash.
fn net_name(net: &Path) -> String {
    net.file_name()
        .map_or(String::new(), |name| name.to_string_lossy().into_owned())
}

/// The data (in shards, merged) and training stages.
fn make_net(args: &GenerationArgs, parent: &Parent, runner: &Runner) -> Result<Made, String> {
    let engine = StageKey::new("engine").file(&args.tabula)?;
    let data_key = StageKey::new("data")
        .key(engine)
        .text(&args.game)
        .text(&parent.hash)
        .text(&parent.datagen_options())
        .text(&args.datagen)
        .text(&args.seed.to_string())
        .text(&args.shards.to_string());
    let shard_path = |k: usize| args.work.join(format!("data-{}.{k}", data_key.hex()));
    let jobs: Vec<Job> = (1..=args.shards)
        .map(|k| {
            let (out, part) = (
                shard_path(k),
                shard_path(k).with_extension(format!("{k}.part")),
            );
            Job {
                command: format!(
                    "{} datagen --game {} {} --seed {} --shard {k}/{} {} --out {} && mv {} {}",
                    quoted_path(&args.tabula),
                    quoted(&args.game),
                    args.datagen,
                    args.seed,
                    args.shards,
                    parent.datagen_options(),
                    quoted_path(&part),
                    quoted_path(&part),
                    quoted_path(&out)
                ),
                done: out,
            }
        })
        .collect();
    runner.run(&jobs, &args.work, "data")?;
    let merged = args.work.join(format!("merged-{}", data_key.hex()));
    let positions = merge(args, &jobs, &merged)?;

    let mut train_key = StageKey::new("train").key(data_key);
    for earlier in &args.with_data {
        train_key = train_key.file(earlier)?;
    }
    let train_key = train_key
        .text(&args.train)
        .text(args.policy.as_deref().unwrap_or(""));
    let folder = args.work.join(format!("train-{}", train_key.hex()));
    let summary = folder.join("trained.txt");
    if !summary.exists() {
        std::fs::create_dir_all(&folder)
            .map_err(|e| format!("cannot make '{}': {e}", folder.display()))?;
        let started = Instant::now();
        let mut data = vec![merged.clone()];
        data.extend(args.with_data.iter().cloned());
        let written = match (args.train.as_str(), &args.policy, &parent.evaluation) {
            (KEEP_VALUE, Some(policy), Evaluation::File(value)) => {
                train_once(&data, &folder, policy, Some(value))?
            }
            (KEEP_VALUE, _, _) => {
                return Err(format!(
                    "--train {KEEP_VALUE} fits a policy head (--policy) to the parent's value \
                     net: the parent must be a net file"
                ));
            }
            (value, policy, _) => {
                let written = train_once(&data, &folder, value, None)?;
                match policy {
                    Some(policy) => train_once(&data, &folder, policy, Some(&written.path))?,
                    None => written,
                }
            }
        };
        let text = format!(
            "{}\n{:.3}\n{:.6}\n",
            net_name(&written.path),
            started.elapsed().as_secs_f64(),
            written.losses.1
        );
        std::fs::write(&summary, text)
            .map_err(|e| format!("cannot write '{}': {e}", summary.display()))?;
    }
    let text = std::fs::read_to_string(&summary).map_err(|e| e.to_string())?;
    let mut lines = text.lines();
    let mut next = || lines.next().unwrap_or("").to_string();
    let (name, seconds, loss) = (next(), next(), next());
    Ok(Made {
        net: folder.join(name),
        train_key,
        positions,
        seconds: seconds.parse().unwrap_or(f64::NAN),
        validation_loss: loss.parse().unwrap_or(f64::NAN),
    })
}

/// Merges the shards (in shard order, unshuffled: training shuffles by its seed) into
/// `merged` unless that is done; returns its positions.
fn merge(args: &GenerationArgs, shards: &[Job], merged: &Path) -> Result<u64, String> {
    let count_file = merged.with_extension("positions");
    if !count_file.exists() {
        let part = merged.with_extension("part");
        let output = Command::new(&args.tabula)
            .args(["datagen-merge", "--shuffle", "0", "--out"])
            .arg(&part)
            .args(shards.iter().map(|job| &job.done))
            .output()
            .map_err(|e| format!("cannot run '{}': {e}", args.tabula.display()))?;
        let text = String::from_utf8_lossy(&output.stdout);
        let positions = text
            .lines()
            .find_map(|line| {
                line.strip_prefix("wrote ")?
                    .split(' ')
                    .next()?
                    .parse::<u64>()
                    .ok()
            })
            .filter(|_| output.status.success())
            .ok_or_else(|| {
                format!(
                    "the merge failed: {text}{}",
                    String::from_utf8_lossy(&output.stderr)
                )
            })?;
        std::fs::rename(&part, merged).map_err(|e| e.to_string())?;
        std::fs::write(&count_file, positions.to_string()).map_err(|e| e.to_string())?;
    }
    let text = std::fs::read_to_string(&count_file).map_err(|e| e.to_string())?;
    text.trim()
        .parse()
        .map_err(|_| format!("'{}' holds no count", count_file.display()))
}

/// Paths as one space-separated text (a ledger field).
fn joined(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|path| path.display().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One training run on the data sets `data` into `folder` with `settings` (train's own
/// arguments).
fn train_once(
    data: &[PathBuf],
    folder: &Path,
    settings: &str,
    policy_of: Option<&Path>,
) -> Result<crate::Written, String> {
    let mut words = vec!["train".to_string(), "--data".to_string()];
    words.extend(data.iter().map(|path| path.display().to_string()));
    words.extend(["--out-dir".to_string(), folder.display().to_string()]);
    if let Some(net) = policy_of {
        words.extend(["--policy-of".to_string(), net.display().to_string()]);
    }
    words.extend(settings.split_whitespace().map(str::to_string));
    let train_args = crate::Args::try_parse_from(&words)
        .map_err(|e| format!("train settings '{settings}': {e}"))?;
    crate::run(&train_args)
}

/// The gating match of the new net against the parent, through the runner; its verdict.
fn run_gate(
    args: &GenerationArgs,
    parent: &Parent,
    runner: &Runner,
    made: &Made,
) -> Result<Verdict, String> {
    // The engine and the parent are in the train key already (through the data key).
    let key = StageKey::new("gate")
        .key(made.train_key)
        .file(&made.net)?
        .key(StageKey::new("arena").file(&args.arena)?)
        .text(&args.gate)
        .text(&args.gate_shards.to_string());
    let options = |options: Vec<(&str, String)>| {
        options
            .iter()
            .map(|(name, value)| quoted(&format!("option.{name}={value}")))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let net_options = options(Evaluation::File(made.net.clone()).engine_options());
    let parent_options = options(parent.engine_options());
    let parent_cmd = quoted(&format!("cmd={}", args.tabula.display()));
    // With more than two players the parent fills every seat but the net's (the N-seat model).
    let parents = (1..gate_players(&args.gate))
        .map(|k| {
            let name = if k == 1 {
                "parent".to_string()
            } else {
                format!("parent{k}")
            };
            format!("--engine {parent_cmd} name={name} {parent_options}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let n = args.gate_shards.max(1);
    let records = |k: usize| args.work.join(format!("gate-{}.{k}.records", key.hex()));
    let jobs: Vec<Job> = (1..=n)
        .map(|k| {
            let done = records(k).with_extension("done");
            let resume = if records(k).exists() { " --resume" } else { "" };
            Job {
                command: format!(
                    "{} match --game {} --engine {parent_cmd} name=net {net_options} {parents} {} --shard {k}/{n} --records {}{resume} && touch {}",
                    quoted_path(&args.arena),
                    quoted(&args.game),
                    args.gate,
                    quoted_path(&records(k)),
                    quoted_path(&done)
                ),
                done,
            }
        })
        .collect();
    runner.run(&jobs, &args.work, "gate")?;
    let summary = if n == 1 {
        std::fs::read_to_string(runner::log_of(&args.work, "gate", 1)).unwrap_or_default()
    } else {
        let output = Command::new(&args.arena)
            .arg("merge")
            .args((1..=n).map(records))
            .output()
            .map_err(|e| format!("cannot run '{}': {e}", args.arena.display()))?;
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    Verdict::read(&summary)
}

/// The players of the gate's match: its settings' `--players`, else 2.
fn gate_players(gate: &str) -> usize {
    let words: Vec<&str> = gate.split_whitespace().collect();
    words
        .windows(2)
        .find(|pair| pair[0] == "--players")
        .and_then(|pair| pair[1].parse().ok())
        .unwrap_or(2)
}
