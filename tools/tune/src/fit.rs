//! The Texel fit: the evaluation, through a logistic curve, predicts the game's result;
//! the weights that minimize the mean squared error over the training positions are kept.
//!
//! The evaluation is linear in its weights (`eval = w . t`), so a position is its term vector
//! and the fit is a smooth minimization: the curve's scale `K` is fitted once to the
//! hand-set weights (it anchors centipawns), then all weights move together by Adam steps on
//! the exact gradient.

use crate::samples::Sample;

/// The expected score of an evaluation of `eval` centipawns under scale `k`.
pub fn expected(eval: f64, k: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn evaluation(weights: &[f64], terms: &[f64]) -> f64 {
    weights.iter().zip(terms).map(|(w, t)| w * t).sum()
}

/// The mean squared error of the predictions of `weights` under scale `k`.
pub fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    let total: f64 = samples
        .iter()
        .map(|s| (s.result - expected(evaluation(weights, &s.terms), k)).powi(2))
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

/// The weights, from `start`, that minimize the loss under scale `k`.
pub fn fit_weights(samples: &[Sample], start: &[f64], k: f64, steps: Steps) -> Vec<f64> {
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-12);
    let n = start.len();
    let mut weights = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let slope = k * 10f64.ln() / 400.0;
    for epoch in 1..=steps.epochs {
        let mut gradient = vec![0.0; n];
        for s in samples {
            let p = expected(evaluation(&weights, &s.terms), k);
            let factor = 2.0 * (p - s.result) * p * (1.0 - p) * slope;
            for (g, t) in gradient.iter_mut().zip(&s.terms) {
                *g += factor * t;
            }
        }
        for i in 0..n {
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

    /// Positions with two terms whose results follow weights (30, -10) at scale 1, with
    /// fractional results equal to the expectation (so the loss minimum is exactly there).
    fn synthetic() -> Vec<Sample> {
        let mut samples = Vec::new();
        for a in -5..=5 {
            for b in -5..=5 {
                let terms = vec![a as f64, b as f64 * 3.0];
                let result = expected(evaluation(&[30.0, -10.0], &terms), 1.0);
                samples.push(Sample {
                    terms,
                    result,
                    game: 0,
                });
            }
        }
        samples
    }

    #[test]
    fn the_fit_recovers_the_weights_that_made_the_results() {
        let samples = synthetic();
        let steps = Steps {
            epochs: 3000,
            rate: 0.5,
        };
        let fitted = fit_weights(&samples, &[5.0, 5.0], 1.0, steps);
        assert!((fitted[0] - 30.0).abs() < 0.5, "{fitted:?}");
        assert!((fitted[1] + 10.0).abs() < 0.5, "{fitted:?}");
        assert!(loss(&samples, &fitted, 1.0) < loss(&samples, &[5.0, 5.0], 1.0));
    }

    #[test]
    fn the_scale_fit_finds_the_scale_of_the_results() {
        let samples = synthetic();
        let k = fit_scale(&samples, &[15.0, -5.0]);
        assert!((k - 2.0).abs() < 0.01, "{k}");
    }

    #[test]
    fn an_even_evaluation_expects_half_a_point() {
        assert_eq!(expected(0.0, 1.3), 0.5);
        assert!((expected(400.0, 1.0) - 10.0 / 11.0).abs() < 1e-12);
    }
}
