//! The Texel fit, for any number of players: the players' evaluations, through a softmax (with
//! two players, a logistic curve), predict their shares of the result; the weights that
//! minimize the mean squared error over the training positions are kept.
//!
//! The evaluation is linear in its weights (`eval = w . t`), so a position is a term vector
//! per player and the fit is a smooth minimization: the curve's scale `K` is fitted once to
//! the hand-set weights (it anchors centipawns), then all weights move together by Adam steps
//! on the exact gradient.
//!
//! A player's evaluation is his prospects minus the average of the others' (with two players,
//! his minus his opponent's), so with `n` players the softmax of `(n - 1) / n` times the
//! evaluations is the softmax of the prospects: "who wins" as a multinomial logit. With two
//! players it is the classic model, `p1`'s share `1 / (1 + 10^(-K e / 400))` of his evaluation `e`.

use crate::samples::Sample;

/// The softmax's factor on evaluations of `players` players under scale `k`.
fn slope(k: f64, players: usize) -> f64 {
    let n = players as f64;
    k * 10f64.ln() / 400.0 * (n - 1.0) / n
}

/// The expected shares of players whose evaluations are `evals`, under scale `k`.
pub fn expected(evals: &[f64], k: f64) -> Vec<f64> {
    let slope = slope(k, evals.len());
    let top = evals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let powers: Vec<f64> = evals.iter().map(|e| ((e - top) * slope).exp()).collect();
    let sum: f64 = powers.iter().sum();
    powers.iter().map(|x| x / sum).collect()
}

fn evaluation(weights: &[f64], terms: &[f64]) -> f64 {
    weights.iter().zip(terms).map(|(w, t)| w * t).sum()
}

/// A sample's expected shares under `weights` and scale `k`.
fn predict(sample: &Sample, weights: &[f64], k: f64) -> Vec<f64> {
    let evals: Vec<f64> = sample
        .terms
        .iter()
        .map(|terms| evaluation(weights, terms))
        .collect();
    expected(&evals, k)
}

/// Blends each sample's label with its search: a sample with a searched value gets
/// `result_weight` times its result plus the rest times the shares that value predicts under
/// scale `k` (a label less noisy than the result alone, and one that teaches the evaluation what
/// the search sees beyond it). Samples without a searched value keep their result.
pub fn blend_labels(samples: &mut [Sample], k: f64, result_weight: f64) {
    for sample in samples {
        if let Some(values) = &sample.searched {
            let predicted = expected(values, k);
            for (label, p) in sample.results.iter_mut().zip(predicted) {
                *label = result_weight * *label + (1.0 - result_weight) * p;
            }
        }
    }
}

/// The mean squared error of the predictions of `weights` under scale `k` (per player).
pub fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| {
            let shares = predict(s, weights, k);
            let errors = shares.iter().zip(&s.results).map(|(p, r)| (r - p).powi(2));
            errors.sum::<f64>() / shares.len() as f64
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// The scale `k` in [1/64, 16] that fits `weights` best (golden-section search on log k).
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let f = |log_k: f64| loss(samples, weights, log_k.exp());
    let (mut lo, mut hi) = ((1.0f64 / 64.0).ln(), 16f64.ln());
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let (a, b) = (hi - ratio * (hi - lo), lo + ratio * (hi - lo));
        if f(a) < f(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// How the weights are fitted.
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    /// Passes over all positions, one step each.
    pub epochs: usize,
    /// Adam's step size, in centipawns per weight unit.
    pub rate: f64,
}

/// The loss's gradient with respect to the weights, summed over `samples`.
fn gradient(samples: &[Sample], weights: &[f64], k: f64) -> Vec<f64> {
    let mut gradient = vec![0.0; weights.len()];
    for s in samples {
        let shares = predict(s, weights, k);
        let n = shares.len() as f64;
        // d loss / d share, then through the softmax: d share_p / d z_q = p (delta - q).
        let errors: Vec<f64> = shares
            .iter()
            .zip(&s.results)
            .map(|(p, r)| 2.0 * (p - r) / n)
            .collect();
        let mean_error: f64 = errors.iter().zip(&shares).map(|(e, p)| e * p).sum();
        let slope = slope(k, shares.len());
        for ((terms, share), error) in s.terms.iter().zip(&shares).zip(&errors) {
            let factor = share * (error - mean_error) * slope;
            for (g, t) in gradient.iter_mut().zip(terms) {
                *g += factor * t;
            }
        }
    }
    gradient
}

/// The weights, from `start`, that minimize the loss under scale `k`, moving only those that
/// `free` marks (the others keep their start).
pub fn fit_weights(
    samples: &[Sample],
    start: &[f64],
    free: &[bool],
    k: f64,
    steps: Steps,
) -> Vec<f64> {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let n = start.len();
    let mut weights = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    for epoch in 1..=steps.epochs {
        let gradient = gradient(samples, &weights, k);
        for i in (0..n).filter(|&i| free[i]) {
            let g = gradient[i] / samples.len().max(1) as f64;
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(epoch as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(epoch as i32));
            weights[i] -= steps.rate * m_hat / (v_hat.sqrt() + epsilon);
        }
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two-player positions with two terms whose results follow weights (30, -10) at scale 1,
    /// with fractional results equal to the expectation (so the loss minimum is exactly there).
    fn synthetic() -> Vec<Sample> {
        let mut samples = Vec::new();
        for a in -5..=5 {
            for b in -5..=5 {
                let terms = vec![a as f64, b as f64 * 3.0];
                let opposite: Vec<f64> = terms.iter().map(|t| -t).collect();
                let e = evaluation(&[30.0, -10.0], &terms);
                samples.push(Sample {
                    terms: vec![terms, opposite],
                    results: expected(&[e, -e], 1.0),
                    opening: 0,
                    searched: None,
                });
            }
        }
        samples
    }

    /// Three-player positions: each player's prospects are two terms, his evaluation his
    /// prospects minus the others' average, and the results the softmax of the prospects
    /// under weights (40, 15) at scale 1.
    fn synthetic_three() -> Vec<Sample> {
        let mut samples = Vec::new();
        for a in -3..=3 {
            for b in 0..=4 {
                let prospects = [[a as f64, b as f64], [0.0, 2.0], [-(a as f64), 1.0]];
                let terms: Vec<Vec<f64>> = (0..3)
                    .map(|p| {
                        (0..2)
                            .map(|i| {
                                let others: f64 =
                                    (0..3).filter(|&q| q != p).map(|q| prospects[q][i]).sum();
                                prospects[p][i] - others / 2.0
                            })
                            .collect()
                    })
                    .collect();
                let scores: Vec<f64> = prospects
                    .iter()
                    .map(|t| ((40.0 * t[0] + 15.0 * t[1]) * 10f64.ln() / 400.0).exp())
                    .collect();
                let sum: f64 = scores.iter().sum();
                samples.push(Sample {
                    terms,
                    results: scores.iter().map(|s| s / sum).collect(),
                    opening: 0,
                    searched: None,
                });
            }
        }
        samples
    }

    /// The weights fitted to `samples` from `start` in `epochs` steps of 0.5, moving the free ones.
    fn fit(samples: &[Sample], start: [f64; 2], free: [bool; 2], epochs: usize) -> Vec<f64> {
        let steps = Steps { epochs, rate: 0.5 };
        fit_weights(samples, &start, &free, 1.0, steps)
    }

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let samples = synthetic();
        let fitted = fit(&samples, [5.0, 5.0], [true, true], 3000);
        assert!((fitted[0] - 30.0).abs() < 0.5, "{fitted:?}");
        assert!((fitted[1] + 10.0).abs() < 0.5, "{fitted:?}");
        assert!(loss(&samples, &fitted, 1.0) < loss(&samples, &[5.0, 5.0], 1.0));
    }

    #[test]
    fn a_weight_not_free_keeps_its_start_and_the_other_fits_around_it() {
        let fitted = fit(&synthetic(), [30.0, 5.0], [false, true], 3000);
        assert_eq!(fitted[0], 30.0);
        assert!((fitted[1] + 10.0).abs() < 0.5, "{fitted:?}");
    }

    #[test]
    fn the_fit_recovers_the_weights_of_three_player_results() {
        let fitted = fit(&synthetic_three(), [5.0, 5.0], [true, true], 4000);
        assert!((fitted[0] - 40.0).abs() < 0.5, "{fitted:?}");
        assert!((fitted[1] - 15.0).abs() < 0.5, "{fitted:?}");
    }

    #[test]
    fn the_gradient_is_the_loss_s_slope() {
        for samples in [synthetic(), synthetic_three()] {
            let weights = [12.0, -7.0];
            let gradient = gradient(&samples, &weights, 1.3);
            for i in 0..2 {
                let (mut up, mut down) = (weights, weights);
                up[i] += 1e-4;
                down[i] -= 1e-4;
                let slope = (loss(&samples, &up, 1.3) - loss(&samples, &down, 1.3)) / 2e-4;
                let exact = gradient[i] / samples.len() as f64;
                assert!((slope - exact).abs() < 1e-7, "{slope} {exact}");
            }
        }
    }

    #[test]
    fn a_label_blends_the_result_with_the_search_s_prediction() {
        let sample = |searched: Option<Vec<f64>>| Sample {
            terms: vec![vec![0.0], vec![0.0]],
            results: vec![1.0, 0.0],
            opening: 0,
            searched,
        };
        // An evaluation of 400 at scale 1 predicts 10/11 for the player it favours.
        let mut samples = [sample(Some(vec![-400.0, 400.0])), sample(None)];
        blend_labels(&mut samples, 1.0, 0.25);
        let expected = [0.25 + 0.75 / 11.0, 0.75 * 10.0 / 11.0];
        for (label, want) in samples[0].results.iter().zip(expected) {
            assert!((label - want).abs() < 1e-12, "{:?}", samples[0].results);
        }
        assert_eq!(
            samples[1].results,
            [1.0, 0.0],
            "no search: the result stays"
        );
    }

    #[test]
    fn the_scale_fit_finds_the_scale_of_the_results() {
        let samples = synthetic();
        let k = fit_scale(&samples, &[15.0, -5.0]);
        assert!((k - 2.0).abs() < 0.01, "{k}");
    }

    #[test]
    fn two_players_get_the_logistic_curve_of_the_evaluation() {
        assert_eq!(expected(&[0.0, 0.0], 1.3), [0.5, 0.5]);
        let shares = expected(&[400.0, -400.0], 1.0);
        assert!((shares[0] - 10.0 / 11.0).abs() < 1e-12);
        assert!((shares[0] + shares[1] - 1.0).abs() < 1e-12);
        let three = expected(&[10.0, 10.0, 10.0], 2.0);
        assert!(three.iter().all(|s| (s - 1.0 / 3.0).abs() < 1e-12));
    }
}
