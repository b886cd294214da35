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
    /// The SPRT's log-likelihood ratio and its upper bound, where the match ran one.
    pub llr: Option<(f64, f64)>,
}

impl Verdict {
    /// Reads the last summary block of an arena's output (`match` or `merge`).
    pub fn read(summary: &str) -> Result<Verdict, String> {
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
        let llr = last("LLR:").and_then(|line| {
            let value = line.split_whitespace().next()?.parse().ok()?;
            let bounds = line.split('(').nth(1)?.split(')').next()?;
            let upper = bounds.split(',').nth(1)?.trim().parse().ok()?;
            Some((value, upper))
        });
        Ok(Verdict {
            games,
            elo,
            error,
            ptnml,
            llr,
        })
    }

    /// Whether the new net is kept: the SPRT accepted it (where one ran), else the whole
    /// error bar lies above zero.
    pub fn kept(&self) -> bool {
        match self.llr {
            Some((llr, upper)) => llr >= upper,
            None => self.elo - self.error > 0.0,
        }
    }
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
        assert_eq!((verdict.elo, verdict.llr), (40.0, Some((2.97, 2.94))));
        assert!(verdict.kept());
        let rejected = text.replace("LLR: 2.97", "LLR: -2.95");
        assert!(!Verdict::read(&rejected).unwrap().kept());
        assert!(Verdict::read("no summary").is_err());
    }
}
