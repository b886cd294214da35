//! The policy run: a value net's hidden layer kept as it is, a head over it fitted to the
//! moves its searches chose (samples read, epochs of shuffled Adam steps, the validation loss
//! and accuracy after each), quantised, checked against its float self and written with the
//! value net as one network file.

mod head;
mod samples;

use std::time::Instant;

use tabula::net::file::{PolicyWeights, decode, encode};

use crate::training::{Agreement, Settings, Trained, run_epochs};
use head::{Head, HeadTrainer};
use samples::PolicySamples;

/// Fits a policy head to the net in `net_bytes` on the data sets `sets` (of its game; records
/// without a move are skipped) and returns the net with it; `report` gets a line per stage
/// and epoch. Of `settings`, the epochs, batch, rate, holdout and seed apply.
pub fn train(
    net_bytes: &[u8],
    sets: &[&[u8]],
    settings: &Settings,
    report: &mut dyn FnMut(&str),
) -> Result<Trained, String> {
    let started = Instant::now();
    let (shape, weights, _) = decode(net_bytes)?;
    let extracted = samples::read(net_bytes, sets, settings.holdout)?;
    let (training, validation) = (&extracted.training, &extracted.validation);
    if training.len() == 0 {
        return Err("the data sets have no positions with a recorded move".to_string());
    }
    let one_ply = percent(extracted.one_ply_hits, validation.len());
    report(&format!(
        "{}: {} training and {} validation positions ({} skipped: no move or one legal move; \
         {} with an MCTS root's visits as their target), {} policy outputs, read in {:.1} s; \
         the value net's best move after one ply is the search's in {one_ply:.1}% of \
         validation positions",
        shape.game,
        training.len(),
        validation.len(),
        extracted.skipped,
        extracted.with_visits,
        extracted.moves,
        started.elapsed().as_secs_f64()
    ));
    let qa = shape.qa as f32;
    let before = Head::new(extracted.moves, shape.hidden).score(validation, qa);
    report(&format!(
        "the moves' scores alone (today's priors): validation loss {:.4}",
        before.loss / validation.len().max(1) as f64
    ));
    let mut trainer = HeadTrainer::new(Head::new(extracted.moves, shape.hidden));
    let losses = run_epochs(
        &mut trainer,
        settings,
        training.len(),
        |trainer, batch, rate| trainer.step(training, batch, qa, rate),
        |trainer, epoch, train_loss| {
            let held = trainer.head.score(validation, qa);
            let validation_loss = held.loss / validation.len().max(1) as f64;
            report(&format!(
                "epoch {:>3}: training loss {train_loss:.4}, validation loss \
                 {validation_loss:.4}, searched move ranked first {:.1}%, {:.0} s",
                epoch + 1,
                percent(held.hits, validation.len()),
                started.elapsed().as_secs_f64()
            ));
            validation_loss
        },
    );
    let policy = trainer.head.quantise(shape.qa);
    let checked = if validation.len() > 0 {
        validation
    } else {
        training
    };
    let float_hits = trainer.head.score(checked, qa).hits;
    let quantised_hits = quantised_hits(&policy, checked, qa);
    let file = encode(
        &shape,
        &tabula::net::file::NetWeights {
            policy: Some(policy),
            ..weights
        },
    )?;
    let agreement = Agreement::Ranked {
        float: percent(float_hits, checked.len()),
        quantised: percent(quantised_hits, checked.len()),
        one_ply,
    };
    let curve = "policy cross-entropy by epoch";
    Ok(Trained::of(file, &shape.game, losses, curve, agreement))
}

/// How many of `samples` the quantised head (with the moves' scores) ranks the searched move
/// first in, its outputs in the engine's own integer arithmetic.
fn quantised_hits(policy: &PolicyWeights, samples: &PolicySamples, qa: f32) -> usize {
    let mut hidden = vec![0i32; samples.hidden];
    let scale = 1.0 / (qa * policy.qp as f32);
    (0..samples.len())
        .filter(|&i| {
            for (h, &a) in hidden.iter_mut().zip(samples.activations_of(i)) {
                *h = i32::from(a);
            }
            let (moves, scores) = (samples.moves_of(i), samples.scores_of(i));
            let logit = |k: usize| {
                tabula::net::policy::output(policy, &hidden, moves[k] as usize) as f32 * scale
                    + scores[k]
            };
            let top = (0..moves.len()).max_by(|&a, &b| logit(a).total_cmp(&logit(b)));
            top == Some(samples.targets[i] as usize)
        })
        .count()
}

/// `part` of `whole` in percent.
fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testdata::{assert_reproducible, on_threads, tiny_data_set, tiny_mcts_data_set};
    use crate::training::tests::settings;
    use tabula::game::Inputs as _;
    use tabula::games::tumbling_down::TumblingDown;

    fn train_on(threads: usize, bytes: &[u8], seed: u64) -> Trained {
        let net = TumblingDown::EMBEDDED_NET;
        on_threads(threads, || {
            train(net, &[bytes], &settings(seed), &mut |_| {}).unwrap()
        })
    }

    #[test]
    fn the_same_data_and_seed_give_the_same_head_byte_for_byte_on_any_number_of_threads() {
        let bytes = tiny_data_set();
        assert_reproducible(|threads, seed| train_on(threads, &bytes, seed).file);
    }

    #[test]
    fn the_head_learns_the_searched_moves_and_keeps_the_value_net() {
        let bytes = tiny_data_set();
        let trained = train_on(2, &bytes, 5);
        let (first, last) = (trained.losses[0].0, trained.losses.last().unwrap().0);
        assert!(last < first, "training loss {first} -> {last}");
        let Agreement::Ranked {
            float, quantised, ..
        } = trained.agreement
        else {
            panic!("a policy head's agreement is in rankings")
        };
        assert!(
            (float - quantised).abs() <= 5.0,
            "{float}% against {quantised}%"
        );
        let (_, value, _) = decode(TumblingDown::EMBEDDED_NET).unwrap();
        let (_, weights, content) = decode(&trained.file).unwrap();
        assert_eq!(
            tabula::net::file::NetWeights {
                policy: None,
                ..weights.clone()
            },
            value
        );
        let policy = weights.policy.unwrap();
        assert_eq!(policy.moves, 1024);
        assert_eq!(
            trained.name,
            tabula::net::file::file_name("tumbling-down", content)
        );
        assert!(
            tabula::net::load::<TumblingDown>(&trained.file)
                .unwrap()
                .has_policy()
        );
    }

    #[test]
    fn a_head_learns_the_visits_of_mcts_records() {
        let bytes = tiny_mcts_data_set();
        let extracted = samples::read(TumblingDown::EMBEDDED_NET, &[&bytes], 4).unwrap();
        let (training, validation) = (&extracted.training, &extracted.validation);
        assert_eq!(extracted.with_visits, training.len() + validation.len());
        let spread = (0..training.len())
            .filter(|&i| training.wanted_of(i).iter().filter(|&&w| w > 0.0).count() > 1)
            .count();
        assert!(
            spread * 2 > training.len(),
            "{spread} of {} spread",
            training.len()
        );
        for i in 0..training.len() {
            let wanted = training.wanted_of(i);
            assert!((wanted.iter().sum::<f32>() - 1.0).abs() < 1e-4);
            assert!(wanted.iter().all(|&w| w >= 0.0));
            let kept = wanted.iter().filter(|&&w| w > 0.0).count();
            assert!(kept <= tabula::datagen::format::VISIT_SLOTS);
        }
        let trained = train_on(2, &bytes, 5);
        let (first, last) = (trained.losses[0].0, trained.losses.last().unwrap().0);
        assert!(last < first, "training loss {first} -> {last}");
    }

    #[test]
    fn a_data_set_of_another_game_is_refused() {
        let header = tabula::datagen::format::Header {
            game: "dimraw".to_string(),
            players: 2,
        };
        let set = header.encode().unwrap();
        let error = train(
            TumblingDown::EMBEDDED_NET,
            &[&set],
            &settings(1),
            &mut |_| {},
        )
        .err()
        .unwrap();
        assert!(
            error.contains("of dimraw, the network of tumbling-down"),
            "{error}"
        );
    }
}
