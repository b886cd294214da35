//! The gating match's verdict, read from the arena's summary block.

/// What the gating match found for the new net against its parent.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// Games played.
    pub games: u64,
    /// Elo of the new net, and its error bar (95%).
    pub elo: f64,
    /// The error bar.
    pub error: f64,
    /// Game pairs by points, `[0, 1, 2, 3, 4]` halves (the arena's Ptnml(0-2)).
    pub ptnml: String,
    /// The SPRT's log-likelihood ratio and its bounds (lower, upper), where the match ran one.
    pub llr: Option<(f64, (f64, f64))>,
}

impl Verdict {
    /// Reads the last summary block of an arena's output (`match` or `merge`): of two
    /// players, or of more with one seat each (the net's Elo in the N-seat model; no pairs).
    pub fn read(summary: &str) -> Result<Verdict, String> {
        match summary
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("net: Elo"))
        {
            Some(seats) => Self::read_seats(summary, seats),
            None => Self::read_pairs(summary),
        }
    }

    /// The verdict of a two-player match.
    fn read_pairs(summary: &str) -> Result<Verdict, String> {
        let last = |prefix: &str| {
            summary
                .lines()
                .rev()
                .find_map(|line| line.strip_prefix(prefix))
                .map(str::trim)
        };
        let missing = |what: &str| format!("the gate's summary has no {what} line");
        let elo_line = last("Elo:").ok_or_else(|| missing("Elo"))?;
        let mut elo_parts = elo_line.split(',').next().unwrap_or("").split("+/-");
        let number = |text: Option<&str>| {
            text.and_then(|t| t.trim().parse::<f64>().ok())
                .ok_or_else(|| format!("cannot read the gate's Elo from '{elo_line}'"))
        };
        let elo = number(elo_parts.next())?;
        let error = number(elo_parts.next())?;
        let games_line = last("Games:").ok_or_else(|| missing("Games"))?;
        let games = games_line
            .split(',')
            .next()
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("cannot read the games from '{games_line}'"))?;
        let ptnml = last("Ptnml(0-2):")
            .ok_or_else(|| missing("Ptnml"))?
            .to_string();
        Ok(Verdict {
            games,
            elo,
            error,
            ptnml,
            llr: read_llr(summary),
        })
    }

    /// The verdict of a match of more players, from the line `net: Elo e +/- x against each
    /// of the others (N-seat model)` (`seats`: the text after `net: Elo`) and the games of the
    /// `Results (game, N players, G games):` line.
    fn read_seats(summary: &str, seats: &str) -> Result<Verdict, String> {
        let mut parts = seats.split_whitespace();
        let elo = parts.next().and_then(|t| t.parse().ok());
        let error = parts.nth(1).and_then(|t| t.parse().ok());
        let (Some(elo), Some(error)) = (elo, error) else {
            return Err(format!("cannot read the gate's Elo from 'net: Elo{seats}'"));
        };
        let games = summary
            .lines()
            .rev()
            .find_map(|line| line.strip_prefix("Results ("))
            .and_then(|line| line.rsplit(", ").next())
            .and_then(|last| last.split_whitespace().next()?.parse().ok())
            .ok_or("the gate's summary has no Results line with its games")?;
        Ok(Verdict {
            games,
            elo,
            error,
            ptnml: "-".to_string(),
            llr: read_llr(summary),
        })
    }

    /// Whether the new net is kept: the SPRT accepted it; else, where no SPRT ran or one
    /// stopped at the match's last game undecided, the whole error bar lies above zero (an
    /// SPRT that rejected keeps nothing).
    pub fn kept(&self) -> bool {
        let bar_above_zero = self.elo - self.error > 0.0;
        match self.llr {
            Some((llr, (_, upper))) if llr >= upper => true,
            Some((llr, (lower, _))) if llr <= lower => false,
            _ => bar_above_zero,
        }
    }
}

/// The SPRT's log-likelihood ratio and bounds from the summary's last `LLR:` line.
fn read_llr(summary: &str) -> Option<(f64, (f64, f64))> {
    let line = summary
        .lines()
        .rev()
        .find_map(|line| line.strip_prefix("LLR:"))?;
    let value = line.split_whitespace().next()?.parse().ok()?;
    let (lower, upper) = line.split('(').nth(1)?.split(')').next()?.split_once(',')?;
    Some((
        value,
        (lower.trim().parse().ok()?, upper.trim().parse().ok()?),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLOCK: &str = "Results of net vs parent (dimraw, 4 games):
Elo: 88.74 +/- 1385.86, nElo: 81.89 +/- 340.48
LOS: 68.13 %, DrawRatio: 25.00 %
Games: 4, Wins: 2, Losses: 1, Draws: 1, Points: 2.5 (62.50 %)
Ptnml(0-2): [0, 1, 0, 0, 1]
";

    #[test]
    fn a_summary_gives_games_elo_and_pairs_and_a_wide_bar_is_not_kept() {
        let verdict = Verdict::read(BLOCK).unwrap();
        assert_eq!(
            (verdict.games, verdict.elo, verdict.error),
            (4, 88.74, 1385.86)
        );
        assert_eq!(verdict.ptnml, "[0, 1, 0, 0, 1]");
        assert_eq!(verdict.llr, None);
        assert!(!verdict.kept());
    }

    #[test]
    fn the_last_block_counts_and_an_accepting_sprt_keeps() {
        let text = format!(
            "{}Elo: 40.0 +/- 20.0, nElo: 1\nLLR: 2.97 (-2.94, 2.94) [0.00, 10.00]\n",
            BLOCK.replace("Games: 4", "Games: 2")
        );
        let verdict = Verdict::read(&text).unwrap();
        assert_eq!(
            (verdict.elo, verdict.llr),
            (40.0, Some((2.97, (-2.94, 2.94))))
        );
        assert!(verdict.kept());
        let rejected = text.replace("LLR: 2.97", "LLR: -2.95");
        assert!(!Verdict::read(&rejected).unwrap().kept());
        // An SPRT the match's length stopped undecided keeps by the error bar.
        let undecided = text.replace("LLR: 2.97", "LLR: 2.78");
        assert!(Verdict::read(&undecided).unwrap().kept());
        let undecided_even = undecided.replace("Elo: 40.0 +/- 20.0", "Elo: 10.0 +/- 20.0");
        assert!(!Verdict::read(&undecided_even).unwrap().kept());
        assert!(Verdict::read("no summary").is_err());
    }

    #[test]
    fn a_match_of_three_seats_gives_the_nets_elo_and_its_games() {
        let text = "Results (dwindle, 3 players, 12 games):
net: average score 0.400 (by sample 0.400 +/- 0.100 over 4), average rank 1.50 over 12 seats
Equal share: 0.333 a seat (what each engine would average if all were equally strong)
net: Elo 51.30 +/- 60.10 against each of the others (3-seat model)
LLR: 1.20 (-2.94, 2.94) [0.00, 10.00]
";
        let verdict = Verdict::read(text).unwrap();
        assert_eq!(
            (verdict.games, verdict.elo, verdict.error),
            (12, 51.3, 60.1)
        );
        assert_eq!(verdict.ptnml, "-");
        assert_eq!(verdict.llr, Some((1.2, (-2.94, 2.94))));
        assert!(!verdict.kept());
    }
}
