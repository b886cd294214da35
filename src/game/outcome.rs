//! Results of finished games.

use super::Player;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// This player won; every other player lost.
    Win(Player),
    /// Nobody won: 1/2 each with two players, 0 each with more.
    Draw,
}

impl Outcome {
    /// The player's score in half points: 2 for a win, 1 for a two-player draw, else 0.
    pub fn half_points(self, player: Player, players: usize) -> u32 {
        match self {
            Outcome::Win(winner) if winner == player => 2,
            Outcome::Win(_) => 0,
            Outcome::Draw if players == 2 => 1,
            Outcome::Draw => 0,
        }
    }

    /// The protocol's name of the result: `p1win` .. `p6win` or `draw`.
    pub fn name(self) -> String {
        match self {
            Outcome::Win(p) => format!("p{}win", p + 1),
            Outcome::Draw => "draw".to_string(),
        }
    }

    /// Every player's score in points (1 for a win, 0.5 each for a two-player draw).
    pub fn scores(self, players: usize) -> Vec<f64> {
        (0..players)
            .map(|p| self.half_points(p as Player, players) as f64 / 2.0)
            .collect()
    }

    /// The score of every player as the protocol writes it (`1 0`, `0.5 0.5`).
    pub fn scores_text(self, players: usize) -> String {
        (0..players)
            .map(|p| match self.half_points(p as Player, players) {
                2 => "1",
                1 => "0.5",
                _ => "0",
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_follow_the_shared_conventions() {
        assert_eq!(Outcome::Win(1).scores_text(2), "0 1");
        assert_eq!(Outcome::Draw.scores_text(2), "0.5 0.5");
        assert_eq!(Outcome::Draw.scores_text(4), "0 0 0 0");
        assert_eq!(Outcome::Win(2).name(), "p3win");
    }
}
