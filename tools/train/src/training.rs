//! The training run: samples read, epochs of shuffled Adam steps with the validation loss
//! after each, the model quantised, checked against its float self and written.

use std::time::Instant;

use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use rand_pcg::Pcg64Mcg;

use crate::data::{self, Labels, Samples};
use crate::model::{Model, Trainer, sigmoid};
use crate::quantise::quantise;

/// How to train.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Hidden units.
    pub hidden: usize,
    /// Passes over the training samples.
    pub epochs: usize,
    /// Samples per step.
    pub batch: usize,
    /// Adam's step size.
    pub rate: f32,
    /// The result's share of a target.
    pub result_weight: f32,
    /// Only records whose score is this close to the static evaluation, if set.
    pub quiet_margin: Option<i32>,
    /// Every this-many-th record is held out (0: none).
    pub holdout: usize,
    /// Seeds the weights and shuffles.
    pub seed: u64,
}

/// A trained network.
pub struct Trained {
    /// Its file name (game and content hash).
    pub name: String,
    /// The network file's bytes.
    pub file: Vec<u8>,
    /// The loss curve.
    pub svg: String,
    /// Training and validation loss after each epoch.
    pub losses: Vec<(f64, f64)>,
    /// How far the quantised net is from the float model.
    pub agreement: Agreement,
}

impl Trained {
    /// A trained net from its file's bytes: named by its game and content hash, its loss
    /// curve (`losses`) drawn under the title `<name>: <curve>`.
    pub fn of(
        file: Vec<u8>,
        game: &str,
        losses: Vec<(f64, f64)>,
        curve: &str,
        agreement: Agreement,
    ) -> Trained {
        let content = tabula::net::file::content_hash_field(&file).expect("a net file's header");
        let name = tabula::net::file::file_name(game, content);
        let svg = crate::svg::losses_by_epoch(&format!("{name}: {curve}"), &losses);
        Trained {
            name,
            file,
            svg,
            losses,
            agreement,
        }
    }
}

/// How a quantised net compares with its float model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Agreement {
    /// A value net: the mean and worst difference of their expected shares.
    Shares(f64, f64),
    /// A policy head: the percent of positions where each ranks the searched move first,
    /// float and quantised, and where one ply of the value net does.
    Ranked {
        /// The float head's percent.
        float: f64,
        /// The quantised head's percent.
        quantised: f64,
        /// One ply of the value net's percent (MCTS's priors without a head).
        one_ply: f64,
    },
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Agreement::Shares(mean, worst) => write!(
                f,
                "quantised against float: mean share difference {mean:.5}, worst {worst:.5}"
            ),
            Agreement::Ranked {
                float,
                quantised,
                one_ply,
            } => write!(
                f,
                "searched move ranked first in {float:.2}% of positions (quantised {quantised:.2}%, \
                 one ply of the value net {one_ply:.2}%)"
            ),
        }
    }
}

/// Trains a network on the data sets `sets` (of one game); `report` gets a line per stage and
/// epoch.
pub fn train(
    sets: &[&[u8]],
    settings: &Settings,
    report: &mut dyn FnMut(&str),
) -> Result<Trained, String> {
    if settings.hidden == 0 || settings.hidden % 16 != 0 || settings.hidden > 1024 {
        return Err("--hidden must be a multiple of 16 from 16 to 1024".to_string());
    }
    let started = Instant::now();
    let labels = Labels {
        result_weight: settings.result_weight,
        quiet_margin: settings.quiet_margin,
    };
    let (facts, training, validation) = data::read_all(sets, labels, settings.holdout)?;
    if training.len() == 0 {
        return Err("the data set has no training positions".to_string());
    }
    report(&format!(
        "{}: {} training and {} validation samples, {} inputs, read in {:.1} s",
        facts.name,
        training.len(),
        validation.len(),
        facts.inputs,
        started.elapsed().as_secs_f64()
    ));
    let mut trainer = Trainer::new(Model::new(facts.inputs, settings.hidden, settings.seed));
    let losses = run_epochs(
        &mut trainer,
        settings,
        training.len(),
        |trainer, batch, rate| trainer.step(&training, batch, rate),
        |trainer, epoch, train_loss| {
            let validation_loss = trainer.model.loss(&validation);
            report(&format!(
                "epoch {:>3}: training loss {train_loss:.6}, validation loss \
                 {validation_loss:.6}, {:.0} s",
                epoch + 1,
                started.elapsed().as_secs_f64()
            ));
            validation_loss
        },
    );
    let (shape, weights) = quantise(&trainer.model, &facts);
    let file = tabula::net::file::encode(&shape, &weights)?;
    let checked = if validation.len() > 0 {
        &validation
    } else {
        &training
    };
    let agreement = agreement(&trainer.model, &shape, &weights, checked);
    report(&format!(
        "quantised against float: mean |share difference| {:.5}, worst {:.5}",
        agreement.0, agreement.1
    ));
    let shares = Agreement::Shares(agreement.0, agreement.1);
    Ok(Trained::of(
        file,
        &facts.name,
        losses,
        "loss by epoch",
        shares,
    ))
}

/// Runs `settings`' epochs (passes) over `samples` training samples: each shuffles their
/// order, has `step` take every batch of it at the pass's rate (returning the batch's summed
/// loss), then has `validate` see the pass's number and mean training loss (returning the
/// validation loss). Returns each pass's (training, validation) loss.
pub fn run_epochs<T>(
    trainer: &mut T,
    settings: &Settings,
    samples: usize,
    step: impl Fn(&mut T, &[u32], f32) -> f64,
    mut validate: impl FnMut(&T, usize, f64) -> f64,
) -> Vec<(f64, f64)> {
    let mut order: Vec<u32> = (0..samples as u32).collect();
    let mut losses = Vec::new();
    for epoch in 0..settings.epochs {
        let rate = start_epoch(settings, epoch, &mut order);
        let sum: f64 = order
            .chunks(settings.batch.max(1))
            .map(|batch| step(trainer, batch, rate))
            .sum();
        let train_loss = sum / samples as f64;
        losses.push((train_loss, validate(trainer, epoch, train_loss)));
    }
    losses
}

/// Shuffles `order` (sample indices) for pass `epoch`, by the seed alone, and returns the
/// pass's step size: the rate, a tenth of it for the last quarter of the passes.
fn start_epoch(settings: &Settings, epoch: usize, order: &mut [u32]) -> f32 {
    let mut rng = Pcg64Mcg::seed_from_u64(settings.seed ^ (epoch as u64 + 1) << 32);
    order.shuffle(&mut rng);
    match epoch >= settings.epochs * 3 / 4 {
        true => settings.rate / 10.0,
        false => settings.rate,
    }
}

/// How far the quantised net's expected shares are from the float model's over (the first
/// 100,000 of) `samples`: the mean and the worst difference.
fn agreement(
    model: &Model,
    shape: &tabula::net::file::NetShape,
    weights: &tabula::net::file::NetWeights,
    samples: &Samples,
) -> (f64, f64) {
    let scale = f64::from(shape.qa * shape.qb);
    let (mut worst, mut total) = (0.0f64, 0.0f64);
    let count = samples.len().min(100_000);
    for i in 0..count {
        let active = samples.inputs_of(i);
        let float = f64::from(sigmoid(model.logit(active)));
        let output = tabula::net::forward::output(shape, weights, active);
        let quantised = f64::from(sigmoid((f64::from(output) / scale) as f32));
        worst = worst.max((float - quantised).abs());
        total += (float - quantised).abs();
    }
    (total / count.max(1) as f64, worst)
}

#[cfg(test)]
pub mod tests {
    use super::*;
    use crate::testdata::{assert_reproducible, on_threads, tiny_data_set};

    pub fn settings(seed: u64) -> Settings {
        Settings {
            hidden: 32,
            epochs: 4,
            batch: 64,
            rate: 0.01,
            result_weight: 0.4,
            quiet_margin: None,
            holdout: 5,
            seed,
        }
    }

    fn train_on(threads: usize, bytes: &[u8], seed: u64) -> Trained {
        on_threads(threads, || {
            train(&[bytes], &settings(seed), &mut |_| {}).unwrap()
        })
    }

    #[test]
    fn the_same_data_and_seed_give_the_same_net_byte_for_byte_on_any_number_of_threads() {
        let bytes = tiny_data_set();
        assert_reproducible(|threads, seed| train_on(threads, &bytes, seed).file);
    }

    #[test]
    fn training_lowers_the_loss_and_the_quantised_net_agrees_with_the_float_one() {
        let bytes = tiny_data_set();
        let trained = train_on(2, &bytes, 5);
        let (first, last) = (trained.losses[0].0, trained.losses.last().unwrap().0);
        assert!(last < first, "training loss {first} -> {last}");
        let Agreement::Shares(mean, worst) = trained.agreement else {
            panic!("a value net's agreement is in shares")
        };
        assert!(mean < 0.005 && worst < 0.03, "mean {mean}, worst {worst}");
        let (shape, _, content) = tabula::net::file::decode(&trained.file).unwrap();
        assert_eq!(shape.game, "tumbling-down");
        assert_eq!(
            trained.name,
            tabula::net::file::file_name("tumbling-down", content)
        );
        assert!(trained.svg.starts_with("<svg") && trained.svg.contains("<polyline"));
    }

    #[test]
    fn a_quiet_margin_keeps_only_records_near_the_static_evaluation() {
        let bytes = tiny_data_set();
        let count = |quiet_margin| {
            let labels = Labels {
                result_weight: 0.4,
                quiet_margin,
            };
            let (_, training, validation) = data::read(&bytes, labels, 5).unwrap();
            training.len() + validation.len()
        };
        let (all, quiet) = (count(None), count(Some(30)));
        assert!(0 < quiet && quiet < all, "{quiet} of {all} kept");
        assert_eq!(
            count(Some(i32::MAX / 2)),
            all,
            "a margin no score exceeds keeps all"
        );
    }

    #[test]
    fn an_unknown_game_and_sets_of_two_games_are_refused() {
        let set = |game: &str| {
            let header = tabula::datagen::format::Header {
                game: game.to_string(),
                players: 2,
            };
            header.encode().unwrap()
        };
        let error = train(&[&set("chess")], &settings(1), &mut |_| {})
            .err()
            .unwrap();
        assert!(error.contains("unknown"), "{error}");
        let (dimraw, splinter) = (set("dimraw"), set("splinter"));
        let error = train(&[&dimraw, &splinter], &settings(1), &mut |_| {})
            .err()
            .unwrap();
        assert!(error.contains("one game at a time"), "{error}");
    }
}
