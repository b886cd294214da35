//! `tune`: fits a game's evaluation weights to the results of arena games (the Texel
//! method) and writes them as the game's `weights.txt`.

mod fit;
mod samples;

use clap::Parser;
use ugi::record::{GameRecord, parse_lines};

use fit::Steps;
use samples::{Sample, Sampling};

/// Fits a game's evaluation weights to the results of the games in arena record files.
#[derive(Parser, Debug)]
#[command(name = "tune", version)]
struct Args {
    /// The game (its evaluation must have tunable weights, as every game's has).
    #[arg(long)]
    game: String,
    /// Arena record files (`arena match --records`).
    #[arg(long, num_args = 1.., required = true)]
    records: Vec<String>,
    /// Plies after each opening that are not sampled.
    #[arg(long, default_value_t = 4)]
    skip: usize,
    /// The depth of the search that decides whether a position is quiet (0 without
    /// --quiet-quiescence: all are).
    #[arg(long, default_value_t = 1)]
    quiet_depth: u32,
    /// The quietness search plays on at its horizon with the game's noisy decisions, as the
    /// engine's quiescence search does (two-player positions only); with --quiet-depth 0 a
    /// position is quiet when its quiescence search keeps about its static value.
    #[arg(long)]
    quiet_quiescence: bool,
    /// A position is quiet when its static value is within this many centipawns of that search.
    #[arg(long, default_value_t = 150)]
    quiet_margin: i32,
    /// Labels each position with its game's result blended with the value of a search to this
    /// depth (the engine's own search with two players, max^n with more; 0: the result alone;
    /// see --result-weight).
    #[arg(long, default_value_t = 0)]
    label_depth: u32,
    /// With --label-depth, the result's share of a label (the search's is the rest).
    #[arg(long, default_value_t = 0.5)]
    result_weight: f64,
    /// The scale K of the logistic curve that turns centipawns into an expected score
    /// (without it: fitted to the results with the built-in weights). A second round fitted
    /// to the games of weights that came from search labels may keep the first round's K:
    /// the results alone give a flatter curve once most games are draws.
    #[arg(long)]
    scale: Option<f64>,
    /// The games of every this-many-th opening (all its seat rotations) are held out to test
    /// the fit (0: none).
    #[arg(long, default_value_t = 10)]
    holdout: usize,
    /// Passes of the fit over the training positions.
    #[arg(long, default_value_t = 2000)]
    epochs: usize,
    /// The fit's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Fits only these terms; the others keep their built-in weights (all are fitted without it).
    #[arg(long, num_args = 1..)]
    only: Vec<String>,
    /// Writes the fitted weights to this file (the game's `src/games/<game>/weights.txt`).
    #[arg(long)]
    write: Option<String>,
    /// Writes the evaluation's scale (`400 / K`) as `evaluation_decade` into this profile text
    /// (the game's `src/games/<game>/profile.txt`), keeping its other lines.
    #[arg(long)]
    write_scale: Option<String>,
}

fn main() {
    if let Err(e) = run(Args::parse()) {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

fn read_records(paths: &[String]) -> Result<Vec<GameRecord>, String> {
    let mut records = Vec::new();
    for path in paths {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        records.extend(parse_lines(&text).map_err(|e| format!("'{path}', {e}"))?);
    }
    Ok(records)
}

/// Splits the samples into training and test sets by opening (the games of every
/// `holdout`-th opening test), so that no game's seat-swapped twin is on the other side.
fn split(samples: Vec<Sample>, holdout: usize) -> (Vec<Sample>, Vec<Sample>) {
    samples
        .into_iter()
        .partition(|s| holdout == 0 || s.opening % holdout != holdout - 1)
}

fn run(args: Args) -> Result<(), String> {
    let records = read_records(&args.records)?;
    let sampling = Sampling {
        skip: args.skip,
        quiet_margin: args.quiet_margin,
        quiet_depth: args.quiet_depth,
        quiet_quiescence: args.quiet_quiescence,
        label_depth: args.label_depth,
    };
    check_numbers(&args)?;
    // The terms named with --only are checked before the records are replayed (no records:
    // only the game's names and weights).
    let terms = samples::collect(&args.game, &[], sampling)?.names;
    if let Some(unknown) = args.only.iter().find(|n| !terms.contains(&n.as_str())) {
        return Err(format!("'{unknown}' is not a term of {}", args.game));
    }
    let mut collected = samples::collect(&args.game, &records, sampling)?;
    let kept = collected.samples.len();
    let (mut train, mut test) = split(std::mem::take(&mut collected.samples), args.holdout);
    if train.is_empty() {
        return Err("no quiet positions to fit".to_string());
    }
    println!(
        "{}: {} games replayed ({} records left out), {} positions after the skipped plies, \
         {kept} quiet: {} to fit, {} to test",
        args.game,
        collected.games,
        collected.skipped,
        collected.seen,
        train.len(),
        test.len()
    );
    let built: Vec<f64> = collected.weights.iter().map(|&w| f64::from(w)).collect();
    let k = chosen_scale(&args, &train, &built);
    if args.label_depth > 0 {
        // The scale comes from the results alone: fitted to labels that hold the search's
        // predictions, it would shrink towards nothing with them.
        fit::blend_labels(&mut train, k, args.result_weight);
        fit::blend_labels(&mut test, k, args.result_weight);
        println!(
            "labels: {} of the result, {} of a {}-ply search's prediction",
            args.result_weight,
            1.0 - args.result_weight,
            args.label_depth
        );
    }
    let steps = Steps {
        epochs: args.epochs,
        rate: args.rate,
    };
    let free: Vec<bool> = collected
        .names
        .iter()
        .map(|name| args.only.is_empty() || args.only.iter().any(|n| n == name))
        .collect();
    let fitted = fit::fit_weights(&train, &built, &free, k, steps);
    let rounded: Vec<i32> = fitted.iter().map(|w| w.round() as i32).collect();
    let rounded_f: Vec<f64> = rounded.iter().map(|&w| f64::from(w)).collect();
    println!("{:<20} {:>9} {:>9}", "term", "built-in", "fitted");
    for ((name, old), new) in collected.names.iter().zip(&collected.weights).zip(&rounded) {
        println!("{name:<20} {old:>9} {new:>9}");
    }
    let losses = |set: &[Sample]| (fit::loss(set, &built, k), fit::loss(set, &rounded_f, k));
    let (train_before, train_after) = losses(&train);
    let (test_before, test_after) = losses(&test);
    println!(
        "loss (mean squared error): fit set {train_before:.5} -> {train_after:.5}, \
         test set {test_before:.5} -> {test_after:.5}"
    );
    let fit = Fit {
        k,
        weights: rounded,
        positions: train.len(),
        test_losses: (test_before, test_after),
    };
    write_outputs(&args, &collected, &fit)
}

/// What a fit found: the scale, the rounded weights, the positions they were fitted on, and
/// the test set's loss before and after.
struct Fit {
    k: f64,
    weights: Vec<i32>,
    positions: usize,
    test_losses: (f64, f64),
}

/// The scale K: `--scale`'s, or fitted to the built-in weights (`built`) on `train`; said.
fn chosen_scale(args: &Args, train: &[Sample], built: &[f64]) -> f64 {
    let k = args.scale.unwrap_or_else(|| fit::fit_scale(train, built));
    println!(
        "scale K {k:.4} ({}; evaluation_decade {:.0})",
        if args.scale.is_some() {
            "given"
        } else {
            "fitted to the built-in weights"
        },
        400.0 / k
    );
    k
}

/// Writes what `--write-scale` and `--write` ask for: `fit`'s scale as `evaluation_decade`,
/// and its weights for the terms of `collected`.
fn write_outputs(args: &Args, collected: &samples::Collected, fit: &Fit) -> Result<(), String> {
    let k = fit.k;
    if let Some(path) = &args.write_scale {
        let decade = (400.0 / k).round() as i64;
        let comment = format!(
            "400 / K for K {k:.4}, fitted by tools/tune to {} games",
            collected.games
        );
        write_scale(path, decade, &comment)?;
        println!("wrote evaluation_decade {decade} to {path}");
    }
    if let Some(path) = &args.write {
        let header = weights_header(args, fit.positions, collected.games, k, fit.test_losses);
        let text = tabula::game::weights::format(&header, &collected.names, &fit.weights);
        std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}"))?;
        println!("wrote {path}");
    }
    Ok(())
}

/// The numeric arguments' ranges.
fn check_numbers(args: &Args) -> Result<(), String> {
    if !(0.0..=1.0).contains(&args.result_weight) {
        return Err("--result-weight must be between 0 and 1".to_string());
    }
    if args.scale.is_some_and(|k| !(k > 0.0 && k.is_finite())) {
        return Err("--scale must be a finite number above 0".to_string());
    }
    Ok(())
}

/// The comment lines written above fitted weights: where they come from and what they gave.
fn weights_header(
    args: &Args,
    fitted: usize,
    games: usize,
    k: f64,
    test_loss: (f64, f64),
) -> String {
    let (test_before, test_after) = test_loss;
    let mut header = format!(
        "{}'s evaluation weights, in centipawns per unit of each term (see eval.rs).\n\
         Fitted by tools/tune from {fitted} quiet positions (within {} cp of a {}-ply{} search, {} plies\n\
         after the opening on) of {games} games (K {k:.4}{}): test-set loss {test_before:.5} with\n\
         the weights before, {test_after:.5} with these.",
        args.game,
        args.quiet_margin,
        args.quiet_depth,
        if args.quiet_quiescence {
            " quiescent"
        } else {
            ""
        },
        args.skip,
        if args.scale.is_some() { ", given" } else { "" }
    );
    if args.label_depth > 0 {
        header.push_str(&format!(
            "\nLabels: {} of the game's result, the rest a {}-ply search's prediction.",
            args.result_weight, args.label_depth
        ));
    }
    if !args.only.is_empty() {
        header.push_str(&format!(
            "\nTerms fitted: {} (the others kept their weights).",
            args.only.join(", ")
        ));
    }
    header
}

/// Sets `evaluation_decade` to `decade` in the profile text at `path`, checked against the
/// knob's range (the build would refuse a value outside it).
fn write_scale(path: &str, decade: i64, comment: &str) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let text =
        tabula::game::profile::set_knob_in_text(&text, "evaluation_decade", decade, Some(comment))?;
    std::fs::write(path, text).map_err(|e| format!("cannot write '{path}': {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample_of(opening: usize) -> Sample {
        Sample {
            terms: vec![vec![0.0], vec![0.0]],
            results: vec![1.0, 0.0],
            opening,
            searched: None,
        }
    }

    #[test]
    fn both_games_of_an_opening_fall_in_the_same_set() {
        // Openings 0..6, each played twice (seats swapped); every third opening tests.
        let samples = (0..12).map(|i| sample_of(i / 2)).collect();
        let (train, test) = split(samples, 3);
        let openings = |set: &[Sample]| set.iter().map(|s| s.opening).collect::<Vec<_>>();
        assert_eq!(openings(&test), [2, 2, 5, 5]);
        assert_eq!(openings(&train), [0, 0, 1, 1, 3, 3, 4, 4]);
    }

    #[test]
    fn no_holdout_keeps_every_sample_for_the_fit() {
        let (train, test) = split((0..4).map(sample_of).collect(), 0);
        assert_eq!((train.len(), test.len()), (4, 0));
    }

    #[test]
    fn the_fitted_scale_is_written_into_the_profile_text_and_a_bad_one_refused() {
        let path = std::env::temp_dir().join(format!("tune-profile-{}.txt", std::process::id()));
        let path = path.to_str().unwrap().to_string();
        std::fs::write(&path, "# header\nnull_move on\nevaluation_decade 400\n").unwrap();
        write_scale(&path, 650, "fitted").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "# header\nnull_move on\nevaluation_decade 650 # fitted\n"
        );
        assert_eq!(
            tabula::game::profile::Profile::parse(&text).evaluation_decade,
            650
        );
        assert!(write_scale(&path, 1, "too small").is_err());
        assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        std::fs::remove_file(&path).unwrap();
    }
}
