//! Match statistics: Elo with its error, normalized Elo, LOS and the SPRT on pentanomial
//! pair results (two engines), and average scores with their errors and ranks (any number of
//! players), with an Elo and the SPRT for the first engine where every engine has one seat.

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

/// The expected score a seat of an engine `elo` stronger than each of its `players - 1`
/// equal opponents: its share of the winning chances when each player's is proportional to
/// `10^(elo / 400)` (the logistic for two players).
fn expected_share(elo: f64, players: usize) -> f64 {
    1.0 / (1.0 + (players as f64 - 1.0) * 10f64.powf(-elo / 400.0))
}

/// The Elo whose expected share (above) is `share`.
fn elo_of_share(share: f64, players: usize) -> f64 {
    let share = share.clamp(1e-6, 1.0 - 1e-6);
    400.0 * (share / (1.0 - share) * (players as f64 - 1.0)).log10()
}

/// The expected score of an Elo difference (logistic).
fn expected_score(elo: f64) -> f64 {
    expected_share(elo, 2)
}

fn elo_of(score: f64) -> f64 {
    elo_of_share(score, 2)
}

/// The normal approximation of the generalized SPRT's log-likelihood ratio for `n` samples
/// of mean `mean` and variance `variance`, each sample's expected value being `s0` under the
/// null hypothesis and `s1` under the alternative.
fn gsprt_llr(n: f64, mean: f64, variance: f64, (s0, s1): (f64, f64)) -> f64 {
    n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
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
        let expected = (expected_score(sprt.elo0), expected_score(sprt.elo1));
        gsprt_llr(self.pairs(), mean, variance, expected)
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

    /// This engine's Elo against each of `players - 1` equal opponents, by the model of
    /// [`expected_share`], and its 95% error, from the samples' interval; meaningful where
    /// the engine takes one seat of every game.
    pub fn field_elo(&self, players: usize) -> Option<(f64, f64)> {
        let (_, mean, error) = self.sample_interval()?;
        let elo = elo_of_share(mean, players);
        let spread = elo_of_share(mean + error, players) - elo_of_share(mean - error, players);
        Some((elo, spread / 2.0))
    }

    /// The log-likelihood ratio of `sprt`'s hypotheses about [`Standing::field_elo`], from
    /// the samples (the generalization of the pair SPRT to `players` seats). Their variance
    /// is estimated with one pseudo-sample of each score `k / (2 players)` added, `k` from 0
    /// to `2 players` (with two players, the pair SPRT's five pseudo-pairs).
    pub fn field_llr(&self, sprt: &Sprt, players: usize) -> f64 {
        let (n, sum, square) = self.samples;
        if n == 0 {
            return 0.0;
        }
        let steps = 2 * players;
        let pseudo = (0..=steps).map(|k| k as f64 / steps as f64);
        let count = f64::from(n) + (steps + 1) as f64;
        let pseudo_sum = sum + pseudo.clone().sum::<f64>();
        let pseudo_square = square + pseudo.map(|x| x * x).sum::<f64>();
        let pseudo_mean = pseudo_sum / count;
        let variance = (pseudo_square / count - pseudo_mean * pseudo_mean).max(1e-9);
        let expected = (
            expected_share(sprt.elo0, players),
            expected_share(sprt.elo1, players),
        );
        gsprt_llr(f64::from(n), sum / f64::from(n), variance, expected)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SPRT of 0 Elo against `elo1`, with 5% error rates.
    fn sprt_to(elo1: f64) -> Sprt {
        Sprt {
            elo0: 0.0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        }
    }

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
        let sprt = sprt_to(5.0);
        assert!(h.llr(&sprt) > sprt.bounds().1);
        assert!((sprt.bounds().1 - 2.944).abs() < 1e-3);
    }

    #[test]
    fn a_few_identical_pairs_do_not_decide_a_test() {
        let sprt = sprt_to(20.0);
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
    fn the_seat_model_is_the_logistic_for_two_players_and_a_fair_share_at_zero() {
        for elo in [-300.0, -35.0, 0.0, 12.5, 240.0] {
            assert!(
                (expected_share(elo, 2) - 1.0 / (1.0 + 10f64.powf(-elo / 400.0))).abs() < 1e-12
            );
            for players in 2..=6 {
                let back = elo_of_share(expected_share(elo, players), players);
                assert!((back - elo).abs() < 1e-6, "{elo} {players}: {back}");
            }
        }
        assert!((expected_share(0.0, 3) - 1.0 / 3.0).abs() < 1e-12);
        assert!(expected_share(100.0, 4) > 0.25 && expected_share(-100.0, 4) < 0.25);
    }

    #[test]
    fn the_sample_sprt_with_two_players_is_the_pair_sprt() {
        let sprt = sprt_to(5.0);
        let (mut pairs, mut samples) = (HeadToHead::default(), Standing::default());
        for (k, points) in [2.0, 1.0, 1.5, 0.0, 1.0, 2.0, 0.5, 1.0, 2.0, 1.5]
            .iter()
            .enumerate()
        {
            pairs.add_pair(*points);
            samples.add_sample(points / 2.0);
            let (by_pair, by_sample) = (pairs.llr(&sprt), samples.field_llr(&sprt, 2));
            assert!(
                (by_pair - by_sample).abs() < 1e-9,
                "after {k}: {by_pair} {by_sample}"
            );
        }
    }

    #[test]
    fn the_sample_sprt_decides_for_an_engine_that_wins_more_than_its_share() {
        let sprt = sprt_to(10.0);
        let (lower, upper) = sprt.bounds();
        // Three players, one seat each: by sample, the first engine won 2, 1 or 0 of the
        // three rotations, 4/9 of the games in all (an equal engine wins 1/3).
        let (mut strong, mut equal) = (Standing::default(), Standing::default());
        for k in 0..3 {
            strong.add_sample([2.0, 1.0, 1.0][k] / 3.0);
            let llr = strong.field_llr(&sprt, 3);
            assert!(
                llr > lower && llr < upper,
                "decided after {} samples",
                k + 1
            );
        }
        for _ in 0..2000 {
            for wins in [2.0, 1.0, 1.0] {
                strong.add_sample(wins / 3.0);
            }
            for wins in [2.0, 1.0, 0.0] {
                equal.add_sample(wins / 3.0);
            }
        }
        assert!(strong.field_llr(&sprt, 3) > upper);
        assert!(equal.field_llr(&sprt, 3) < lower);
        let (elo, error) = strong.field_elo(3).expect("samples");
        // A share of 4/9 against 1/3 is 400 log10(1.6) Elo.
        assert!(
            (elo - 400.0 * 1.6f64.log10()).abs() < 1e-6 && error > 0.0,
            "{elo}"
        );
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
