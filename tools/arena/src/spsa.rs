//! SPSA (simultaneous perturbation stochastic approximation) as fishtest runs it: every
//! parameter is pushed up or down by its perturbation `c_k` at once, a pair of games between
//! theta+ and theta- measures the difference, and theta moves along the perturbation by
//! `a_k / c_k^2 * c_k * result`. The gains fall as `k` grows (`alpha` 0.602, `gamma` 0.101,
//! `A` a tenth of the iterations); `c_end` is each parameter's perturbation at the last
//! iteration and `a_end = r_end * c_end^2` its step.

use rand::{RngExt as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The decay of the step size.
const ALPHA: f64 = 0.602;
/// The decay of the perturbation.
const GAMMA: f64 = 0.101;

/// One tuned parameter: an engine option and its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    /// The engine option it sets (`profile.futility_margin`).
    pub option: String,
    /// The value it starts from.
    pub start: f64,
    /// The smallest value it may take.
    pub min: f64,
    /// The largest value it may take.
    pub max: f64,
    /// Its perturbation at the last iteration.
    pub c_end: f64,
}

impl Param {
    /// Parses `<option>=<start>,<min>,<max>,<c_end>` (what `tabula profile --tune` prints).
    pub fn parse(text: &str) -> Result<Param, String> {
        let bad = || format!("bad --param '{text}': give <option>=<start>,<min>,<max>,<step>");
        let (option, numbers) = text.split_once('=').ok_or_else(bad)?;
        let numbers: Vec<f64> = numbers
            .split(',')
            .map(|n| n.trim().parse::<f64>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        let [start, min, max, c_end] = numbers[..] else {
            return Err(bad());
        };
        if option.is_empty() || !(min <= start && start <= max && min < max) || c_end <= 0.0 {
            return Err(format!(
                "bad --param '{text}': needs min <= start <= max, min < max and a step above 0"
            ));
        }
        Ok(Param {
            option: option.to_string(),
            start,
            min,
            max,
            c_end,
        })
    }

    /// The value an engine is given for `theta`: clamped to the range and rounded (the
    /// options take whole numbers).
    pub fn engine_value(&self, theta: f64) -> i64 {
        theta.clamp(self.min, self.max).round() as i64
    }
}

/// The schedule of gains for `iterations` pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// The planned number of iterations (pairs).
    pub iterations: u64,
    /// The step at the last iteration, relative to `c_end^2`.
    pub r_end: f64,
}

impl Gains {
    /// The perturbation factor at iteration `k` (1-based): `c_k = c_end * this`.
    pub fn c_factor(&self, k: u64) -> f64 {
        (self.iterations as f64 / k as f64).powf(GAMMA)
    }

    /// The step factor at iteration `k` (1-based): `a_k = r_end * c_end^2 * this`.
    pub fn a_factor(&self, k: u64) -> f64 {
        let big_a = 0.1 * self.iterations as f64;
        ((big_a + self.iterations as f64) / (big_a + k as f64)).powf(ALPHA)
    }
}

/// What one iteration plays: each parameter's direction and perturbation.
#[derive(Clone, Debug, PartialEq)]
pub struct Perturbation {
    /// The iteration, from 1.
    pub k: u64,
    /// +1 or -1 per parameter.
    pub flips: Vec<f64>,
    /// `c_k` per parameter.
    pub c: Vec<f64>,
}

/// A tuning run's state: the iterations done and theta.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The parameters.
    pub params: Vec<Param>,
    /// The gains.
    pub gains: Gains,
    /// Seeds the flips (with the iteration).
    pub seed: u64,
    /// Iterations whose result has been applied.
    pub done: u64,
    /// The current values, one per parameter.
    pub theta: Vec<f64>,
}

impl Spsa {
    /// A fresh run from each parameter's start.
    pub fn new(params: Vec<Param>, gains: Gains, seed: u64) -> Self {
        let theta = params.iter().map(|p| p.start).collect();
        Spsa {
            params,
            gains,
            seed,
            done: 0,
            theta,
        }
    }

    /// The perturbation of iteration `k` (1-based), the same for the same seed and `k`.
    pub fn perturbation(&self, k: u64) -> Perturbation {
        let mut rng = Pcg64Mcg::seed_from_u64(self.seed ^ k.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let flips = self
            .params
            .iter()
            .map(|_| if rng.random::<bool>() { 1.0 } else { -1.0 })
            .collect();
        let c = self
            .params
            .iter()
            .map(|p| p.c_end * self.gains.c_factor(k))
            .collect();
        Perturbation { k, flips, c }
    }

    /// The engine values of theta+ (`sign` 1) or theta- (`sign` -1) under `perturbation`.
    pub fn side(&self, perturbation: &Perturbation, sign: f64) -> Vec<i64> {
        self.params
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let shift = sign * perturbation.c[i] * perturbation.flips[i];
                p.engine_value(self.theta[i] + shift)
            })
            .collect()
    }

    /// Applies a pair's `result` (theta+'s points less theta-'s, -2 to 2).
    pub fn apply(&mut self, perturbation: &Perturbation, result: f64) {
        for (i, p) in self.params.iter().enumerate() {
            let c = perturbation.c[i];
            let a = self.gains.r_end * p.c_end * p.c_end * self.gains.a_factor(perturbation.k);
            let step = a / (c * c) * c * result * perturbation.flips[i];
            self.theta[i] = (self.theta[i] + step).clamp(p.min, p.max);
        }
        self.done += 1;
    }

    /// The state as text: `key value` lines, one `param` line per parameter.
    pub fn to_text(&self) -> String {
        let mut text = format!(
            "# arena tune state\niterations {}\nr_end {}\nseed {}\ndone {}\n",
            self.gains.iterations, self.gains.r_end, self.seed, self.done
        );
        for (p, theta) in self.params.iter().zip(&self.theta) {
            text += &format!(
                "param {} {} {} {} {} {theta}\n",
                p.option, p.start, p.min, p.max, p.c_end
            );
        }
        text
    }

    /// Reads a state that [`Spsa::to_text`] wrote.
    pub fn from_text(text: &str) -> Result<Spsa, String> {
        let mut spsa = Spsa::new(
            Vec::new(),
            Gains {
                iterations: 0,
                r_end: 0.0,
            },
            0,
        );
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let words: Vec<&str> = line.split_whitespace().collect();
            let number = |i: usize| -> Result<f64, String> {
                words
                    .get(i)
                    .and_then(|w| w.parse::<f64>().ok())
                    .ok_or_else(|| format!("bad state line '{line}'"))
            };
            match words[0] {
                "iterations" => spsa.gains.iterations = number(1)? as u64,
                "r_end" => spsa.gains.r_end = number(1)?,
                "seed" => spsa.seed = number(1)? as u64,
                "done" => spsa.done = number(1)? as u64,
                "param" if words.len() == 7 => {
                    spsa.params.push(Param {
                        option: words[1].to_string(),
                        start: number(2)?,
                        min: number(3)?,
                        max: number(4)?,
                        c_end: number(5)?,
                    });
                    spsa.theta.push(number(6)?);
                }
                _ => return Err(format!("bad state line '{line}'")),
            }
        }
        match spsa.params.is_empty() || spsa.gains.iterations == 0 {
            true => Err("the state names no parameter or no iterations".to_string()),
            false => Ok(spsa),
        }
    }

    /// Theta as the engine takes it: `option value` per parameter, rounded.
    pub fn rounded(&self) -> Vec<(String, i64)> {
        self.params
            .iter()
            .zip(&self.theta)
            .map(|(p, &t)| (p.option.clone(), p.engine_value(t)))
            .collect()
    }
}

/// The mean theta of independent runs (shards) of the same parameters, with their iterations
/// added up.
pub fn merge(runs: &[Spsa]) -> Result<Spsa, String> {
    let first = runs.first().ok_or("no state to merge")?;
    if runs.iter().any(|r| r.params != first.params) {
        return Err("the states tune different parameters".to_string());
    }
    let mut merged = first.clone();
    merged.done = runs.iter().map(|r| r.done).sum();
    for i in 0..merged.theta.len() {
        merged.theta[i] = runs.iter().map(|r| r.theta[i]).sum::<f64>() / runs.len() as f64;
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Vec<Param> {
        vec![
            Param::parse("profile.futility_margin=100,10,1000,15").unwrap(),
            Param::parse("profile.aspiration_window=40,5,400,5").unwrap(),
        ]
    }

    fn gains() -> Gains {
        Gains {
            iterations: 1000,
            r_end: 0.002,
        }
    }

    #[test]
    fn params_parse_and_refuse_bad_ranges() {
        let p = &params()[0];
        assert_eq!(
            (p.start, p.min, p.max, p.c_end),
            (100.0, 10.0, 1000.0, 15.0)
        );
        assert!(Param::parse("x=1,2,3,1").is_err(), "start below min");
        assert!(Param::parse("x=1,0,3").is_err(), "no step");
        assert!(Param::parse("x=1,0,3,0").is_err(), "zero step");
        assert!(Param::parse("1,0,3,1").is_err(), "no option");
        assert_eq!(p.engine_value(2000.0), 1000);
        assert_eq!(p.engine_value(99.5), 100);
    }

    #[test]
    fn the_gains_end_at_the_given_perturbation_and_fall_from_the_start() {
        let g = gains();
        assert!((g.c_factor(1000) - 1.0).abs() < 1e-12);
        assert!((g.a_factor(1000) - 1.0).abs() < 1e-12);
        assert!(g.c_factor(1) > g.c_factor(2) && g.a_factor(1) > g.a_factor(500));
    }

    #[test]
    fn theta_moves_towards_the_side_that_won_and_stays_in_range() {
        let mut spsa = Spsa::new(params(), gains(), 7);
        let perturbation = spsa.perturbation(1);
        assert_eq!(perturbation, spsa.perturbation(1), "reproducible");
        let plus = spsa.side(&perturbation, 1.0);
        let minus = spsa.side(&perturbation, -1.0);
        for i in 0..2 {
            let expected = (plus[i] - minus[i]).signum() as f64;
            assert_eq!(
                expected, perturbation.flips[i],
                "theta+ goes the flip's way"
            );
        }
        let before = spsa.theta.clone();
        spsa.apply(&perturbation, 2.0);
        for ((after, before), flip) in spsa.theta.iter().zip(&before).zip(&perturbation.flips) {
            assert_eq!(
                (after - before).signum(),
                *flip,
                "towards theta+, which won"
            );
        }
        assert_eq!(spsa.done, 1);
        let large = Gains {
            iterations: 1000,
            r_end: 1.0,
        };
        let mut spsa = Spsa::new(params(), large, 7);
        for k in 1..1000 {
            let (perturbation, before) = (spsa.perturbation(k), spsa.theta[1]);
            spsa.apply(&perturbation, 2.0 * perturbation.flips[1]);
            assert!(spsa.theta[1] >= before, "theta+ of the second always wins");
        }
        assert_eq!(
            spsa.theta[1], 400.0,
            "pushed up always, it stops at its max"
        );
    }

    #[test]
    fn the_state_round_trips_through_its_text_and_shards_merge_to_the_mean() {
        let mut spsa = Spsa::new(params(), gains(), 3);
        let perturbation = spsa.perturbation(1);
        spsa.apply(&perturbation, -1.0);
        let read = Spsa::from_text(&spsa.to_text()).unwrap();
        assert_eq!(read, spsa);
        let mut other = spsa.clone();
        other.theta = vec![200.0, 60.0];
        let merged = merge(&[spsa.clone(), other]).unwrap();
        assert_eq!(merged.done, 2);
        assert!((merged.theta[1] - (spsa.theta[1] + 60.0) / 2.0).abs() < 1e-9);
        assert!(Spsa::from_text("done 3\n").is_err());
    }
}
