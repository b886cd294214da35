//! Match statistics: Elo with its error, normalized Elo, LOS and the SPRT on pentanomial
//! pair results (two engines), and average scores with their errors and ranks (any number of
//! players).

/// The SPRT's hypotheses and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// False positive rate.
    pub alpha: f64,
    /// False negative rate.
    pub beta: f64,
}

impl Sprt {
    /// The (lower, upper) log-likelihood-ratio bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }
}

/// The expected score of an Elo difference (logistic).
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

fn elo_of(score: f64) -> f64 {
    let score = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The error function (Abramowitz and Stegun 7.1.26, error below 1.5e-7).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 { -y } else { y }
}

/// Results of the first engine against the second, counted by game and by pair.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct HeadToHead {
    /// The first engine's games won, drawn and lost, by the seat it played (`p1`, `p2`).
    pub by_seat: [[u32; 3]; 2],
    /// Pairs by the first engine's points in them: 0, 0.5, 1, 1.5, 2.
    pub pentanomial: [u32; 5],
}

impl HeadToHead {
    /// Adds one game: the first engine's score in it (1, 0.5 or 0) and its seat (0 for `p1`).
    pub fn add_game(&mut self, score: f64, seat: usize) {
        let outcome = match score {
            s if s > 0.75 => 0,
            s if s < 0.25 => 2,
            _ => 1,
        };
        self.by_seat[seat.min(1)][outcome] += 1;
    }

    /// Games of both seats with this outcome (0 won, 1 drawn, 2 lost).
    fn counted(&self, outcome: usize) -> u32 {
        self.by_seat.iter().map(|seat| seat[outcome]).sum()
    }

    /// Games won by the first engine.
    pub fn wins(&self) -> u32 {
        self.counted(0)
    }

    /// Games drawn.
    pub fn draws(&self) -> u32 {
        self.counted(1)
    }

    /// Games lost by the first engine.
    pub fn losses(&self) -> u32 {
        self.counted(2)
    }

    /// The first engine's results by seat, as `p1 W-D-L .., p2 W-D-L ..`.
    pub fn seats_text(&self) -> String {
        let [p1, p2] = self.by_seat.map(|[w, d, l]| format!("{w}-{d}-{l}"));
        format!("p1 W-D-L {p1}, p2 W-D-L {p2}")
    }

    /// Adds one finished pair: the first engine's points over its two games.
    pub fn add_pair(&mut self, points: f64) {
        self.pentanomial[((points * 2.0).round() as usize).min(4)] += 1;
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.by_seat.iter().flatten().sum()
    }

    fn pairs(&self) -> f64 {
        self.pentanomial.iter().sum::<u32>() as f64
    }

    /// Mean and variance of a pair's score (points / 2).
    fn pair_moments(&self) -> (f64, f64) {
        moments(self.pentanomial.map(f64::from))
    }

    /// Elo and its 95% error from the pairs.
    pub fn elo(&self) -> (f64, f64) {
        let (mean, variance) = self.pair_moments();
        let error = 1.959_964 * (variance / self.pairs().max(1.0)).sqrt();
        let elo = elo_of(mean);
        (elo, (elo_of(mean + error) - elo_of(mean - error)) / 2.0)
    }

    /// Normalized Elo and its 95% error.
    pub fn normalized_elo(&self) -> (f64, f64) {
        let (mean, variance) = self.pair_moments();
        if variance == 0.0 {
            return (0.0, 0.0);
        }
        let scale = 800.0 / std::f64::consts::LN_10 / (2.0 * variance).sqrt();
        let error = 1.959_964 / self.pairs().max(1.0).sqrt();
        (
            (mean - 0.5) * scale,
            error * 800.0 / std::f64::consts::LN_10 / 2f64.sqrt(),
        )
    }

    /// The likelihood that the first engine is the stronger.
    pub fn los(&self) -> f64 {
        let (mean, variance) = self.pair_moments();
        let stderr = (variance / self.pairs().max(1.0)).sqrt();
        if stderr == 0.0 {
            return if mean > 0.5 {
                1.0
            } else if mean < 0.5 {
                0.0
            } else {
                0.5
            };
        }
        0.5 * (1.0 + erf((mean - 0.5) / (stderr * 2f64.sqrt())))
    }

    /// The log-likelihood ratio of `sprt`'s two hypotheses (the normal approximation of the
    /// generalized SPRT on pair scores). The pair scores' variance is estimated with one
    /// pseudo-pair of each of the five outcomes added: a few identical pairs (whose own
    /// spread is 0) then cannot decide a test, while a run of them still moves the ratio,
    /// and over hundreds of pairs the pseudo-pairs weigh nothing.
    pub fn llr(&self, sprt: &Sprt) -> f64 {
        let (mean, _) = self.pair_moments();
        let (_, variance) = moments(self.pentanomial.map(|count| f64::from(count) + 1.0));
        let (s0, s1) = (expected_score(sprt.elo0), expected_score(sprt.elo1));
        self.pairs() * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }
}

/// Mean and variance of the pair score (points / 2) over pentanomial counts.
fn moments(counts: [f64; 5]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    if n == 0.0 {
        return (0.5, 0.0);
    }
    let (mut mean, mut square) = (0.0, 0.0);
    for (k, &count) in counts.iter().enumerate() {
        let x = k as f64 / 4.0;
        mean += x * count / n;
        square += x * x * count / n;
    }
    (mean, (square - mean * mean).max(0.0))
}

/// One engine's results over games of any number of players.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    /// Seats taken.
    pub seats: u32,
    /// Points scored.
    pub points: f64,
    /// Ranks summed (1 is first; tied seats share the better rank).
    pub ranks: u32,
    /// Complete samples counted by `add_sample`, the sum of their average scores, and the sum
    /// of those averages' squares.
    samples: (u32, f64, f64),
}

impl Standing {
    /// Adds one seat's result given every seat's score in that game.
    pub fn add(&mut self, seat: usize, scores: &[f64]) {
        self.seats += 1;
        self.points += scores[seat];
        self.ranks += 1 + scores.iter().filter(|&&s| s > scores[seat]).count() as u32;
    }

    /// (average score, average rank).
    pub fn averages(&self) -> (f64, f64) {
        let n = self.seats.max(1) as f64;
        (self.points / n, self.ranks as f64 / n)
    }

    /// Adds one complete sample (every rotation of one opening): the engine's average score
    /// per seat in it. Samples are the independent units: the rotations of one opening share
    /// it, and with it much of their result.
    pub fn add_sample(&mut self, average: f64) {
        let (n, sum, square) = &mut self.samples;
        *n += 1;
        *sum += average;
        *square += average * average;
    }

    /// The mean of the samples' average scores and its 95% error, once two samples are in.
    pub fn sample_interval(&self) -> Option<(u32, f64, f64)> {
        let (n, sum, square) = self.samples;
        if n < 2 {
            return None;
        }
        let count = f64::from(n);
        let mean = sum / count;
        let variance = ((square - count * mean * mean) / (count - 1.0)).max(0.0);
        Some((n, mean, 1.959_964 * (variance / count).sqrt()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn even_results_give_zero_elo_and_half_los() {
        let mut h = HeadToHead::default();
        for points in [0.0, 2.0, 1.0, 1.0, 0.5, 1.5] {
            h.add_pair(points);
        }
        assert!(h.elo().0.abs() < 1e-9);
        assert!((h.los() - 0.5).abs() < 1e-9);
        assert!(
            h.llr(&Sprt {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05
            }) < 0.0
        );
    }

    #[test]
    fn a_winning_record_gives_positive_elo_and_crosses_the_upper_bound() {
        let mut h = HeadToHead::default();
        for _ in 0..100 {
            h.add_pair(2.0);
            h.add_pair(1.5);
            h.add_pair(1.0);
        }
        let (elo, error) = h.elo();
        assert!(elo > 100.0 && error > 0.0, "{elo} {error}");
        assert!(h.los() > 0.999);
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        };
        assert!(h.llr(&sprt) > sprt.bounds().1);
        assert!((sprt.bounds().1 - 2.944).abs() < 1e-3);
    }

    #[test]
    fn a_few_identical_pairs_do_not_decide_a_test() {
        let sprt = Sprt {
            elo0: 0.0,
            elo1: 20.0,
            alpha: 0.05,
            beta: 0.05,
        };
        let (lower, upper) = sprt.bounds();
        let mut h = HeadToHead::default();
        for _ in 0..4 {
            h.add_pair(0.0);
            let llr = h.llr(&sprt);
            assert!(
                llr > lower && llr < upper,
                "{llr} after {} pairs",
                h.pairs()
            );
        }
        for _ in 0..40 {
            h.add_pair(0.0);
        }
        assert!(h.llr(&sprt) < lower, "a long run of lost pairs decides");
    }

    #[test]
    fn games_are_counted_by_the_first_engine_seat() {
        let mut h = HeadToHead::default();
        for (score, seat) in [(1.0, 0), (0.5, 0), (0.0, 1), (0.0, 1), (1.0, 1)] {
            h.add_game(score, seat);
        }
        assert_eq!((h.wins(), h.draws(), h.losses(), h.games()), (2, 1, 2, 5));
        assert_eq!(h.seats_text(), "p1 W-D-L 1-1-0, p2 W-D-L 1-0-2");
    }

    #[test]
    fn standings_average_scores_and_ranks() {
        let mut s = Standing::default();
        s.add(0, &[1.0, 0.0, 0.0]);
        s.add(2, &[1.0, 0.0, 0.0]);
        assert_eq!(s.averages(), (0.5, 1.5));
        assert!((erf(1.0) - 0.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn sample_intervals_need_two_samples_and_shrink_with_more() {
        let mut s = Standing::default();
        s.add_sample(0.5);
        assert_eq!(s.sample_interval(), None);
        s.add_sample(0.0);
        let (n, mean, error) = s.sample_interval().expect("two samples");
        // Sample standard deviation sqrt(0.125), over sqrt(2).
        assert_eq!((n, mean), (2, 0.25));
        assert!((error - 1.959_964 * 0.25).abs() < 1e-9, "{error}");
        for _ in 0..49 {
            s.add_sample(0.5);
            s.add_sample(0.0);
        }
        let (n, mean, narrower) = s.sample_interval().expect("many samples");
        assert_eq!(n, 100);
        assert!((mean - 0.25).abs() < 1e-12);
        let expected = 1.959_964 * (0.0625f64 * 100.0 / 99.0 / 100.0).sqrt();
        assert!((narrower - expected).abs() < 1e-9 && narrower < error);
    }
}
