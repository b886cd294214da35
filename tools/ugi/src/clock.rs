//! Time control, as every tool that referees engines keeps it (the arena, the board): what an
//! engine may spend on a move, each seat's clock, the `go` command that says both, how long to
//! wait for the answer, the charge once it came, and the token it names.

use std::time::Duration;

/// What an engine may spend on a move: any of a clock, a fixed time, nodes and a depth.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// A clock: base and increment in milliseconds.
    pub clock: Option<(u64, u64)>,
    /// A fixed time per move in milliseconds.
    pub movetime: Option<u64>,
    /// A node budget per move.
    pub nodes: Option<u64>,
    /// A depth per move.
    pub depth: Option<u32>,
}

impl Limits {
    /// The per-move limits as `go` words (each with a space before it); clocks are
    /// [`go_command`]'s.
    pub fn go_words(&self) -> String {
        let mut words = String::new();
        if let Some(ms) = self.movetime {
            words += &format!(" movetime {ms}");
        }
        if let Some(nodes) = self.nodes {
            words += &format!(" nodes {nodes}");
        }
        if let Some(depth) = self.depth {
            words += &format!(" depth {depth}");
        }
        words
    }

    /// The limits in words (`1000 ms a move`, `300 s + 2 s`), none when there are none.
    pub fn describe(&self) -> Option<String> {
        let seconds = |ms: u64| ms as f64 / 1000.0;
        let words: Vec<String> = [
            self.clock
                .map(|(base, inc)| format!("{} s + {} s", seconds(base), seconds(inc))),
            self.movetime.map(|ms| format!("{ms} ms a move")),
            self.nodes.map(|nodes| format!("{nodes} nodes a move")),
            self.depth.map(|depth| format!("depth {depth}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!words.is_empty()).then(|| words.join(", "))
    }

    /// The clock a seat with these limits starts with, if they hold one.
    pub fn start_clock(&self) -> Option<Clock> {
        self.clock.map(|(base, inc)| Clock {
            left_ms: i64::try_from(base).unwrap_or(i64::MAX),
            inc_ms: inc,
        })
    }

    /// How long to wait for an answer under these limits, with `clock` the mover's: its time
    /// left, or the movetime, plus `margin_ms`; `idle` for a search bounded by nodes or depth
    /// alone.
    pub fn wait(&self, clock: Option<Clock>, margin_ms: u64, idle: Duration) -> Duration {
        let margin = Duration::from_millis(margin_ms);
        match (clock, self.movetime) {
            (Some(clock), _) => Duration::from_millis(clock.left_ms.max(0) as u64) + margin,
            (None, Some(ms)) => Duration::from_millis(ms) + margin,
            (None, None) => idle,
        }
    }

    /// Charges `spent_ms` to a mover with these limits and `clock`: its clock runs down (and
    /// gains its increment), or its movetime is checked; why it lost on time, if it did
    /// (more than `margin_ms` over).
    pub fn charge(
        &self,
        clock: Option<&mut Clock>,
        spent_ms: u64,
        margin_ms: u64,
    ) -> Result<(), String> {
        let margin = i64::try_from(margin_ms).unwrap_or(i64::MAX);
        let spent = i64::try_from(spent_ms).unwrap_or(i64::MAX);
        if let Some(clock) = clock {
            clock.left_ms = clock.left_ms.saturating_sub(spent);
            if clock.left_ms < -margin {
                return Err(format!("lost on time ({spent_ms} ms)"));
            }
            clock.left_ms = clock
                .left_ms
                .saturating_add(i64::try_from(clock.inc_ms).unwrap_or(i64::MAX));
        } else if let Some(ms) = self.movetime
            && spent_ms > ms.saturating_add(margin_ms)
        {
            return Err(format!("lost on time ({spent_ms} ms for movetime {ms})"));
        }
        Ok(())
    }
}

/// A seat's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// Milliseconds left (negative once flagged).
    pub left_ms: i64,
    /// Milliseconds added after each move.
    pub inc_ms: u64,
}

/// The `go` command for the seat whose limits are `mover`: every seat's clock (`p<k>time`,
/// `p<k>inc`, seat `k` being `clocks[k - 1]`), then the mover's per-move limits.
pub fn go_command(clocks: &[Option<Clock>], mover: &Limits) -> String {
    let mut go = "go".to_string();
    for (seat, clock) in clocks.iter().enumerate() {
        if let Some(clock) = clock {
            let n = seat + 1;
            go += &format!(
                " p{n}time {} p{n}inc {}",
                clock.left_ms.max(1),
                clock.inc_ms
            );
        }
    }
    go + &mover.go_words()
}

/// The token a `bestmove` line names, or why the line is no answer.
pub fn bestmove_token(line: &str) -> Result<String, String> {
    match line.split_whitespace().nth(1) {
        Some(token) if token != "(none)" => Ok(token.to_string()),
        _ => Err(format!("malformed answer '{line}'")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_runs_down_gains_its_increment_and_flags_past_the_margin() {
        let limits = Limits {
            clock: Some((1000, 100)),
            ..Limits::default()
        };
        let mut clock = limits.start_clock().unwrap();
        assert_eq!(limits.charge(Some(&mut clock), 400, 50), Ok(()));
        assert_eq!(clock.left_ms, 700);
        assert_eq!(limits.charge(Some(&mut clock), 740, 50), Ok(()));
        assert_eq!(clock.left_ms, 60, "40 ms over, within the margin");
        let lost = limits.charge(Some(&mut clock), 200, 50);
        assert_eq!(lost, Err("lost on time (200 ms)".to_string()));
        let idle = Duration::from_secs(60);
        assert_eq!(
            limits.wait(
                Some(Clock {
                    left_ms: -5,
                    inc_ms: 0
                }),
                50,
                idle
            ),
            Duration::from_millis(50)
        );
    }

    #[test]
    fn a_movetime_is_checked_and_waited_for_and_other_limits_wait_idle() {
        let movetime = Limits {
            movetime: Some(100),
            nodes: Some(5000),
            ..Limits::default()
        };
        let idle = Duration::from_secs(60);
        assert_eq!(movetime.wait(None, 30, idle), Duration::from_millis(130));
        assert_eq!(movetime.charge(None, 130, 30), Ok(()));
        assert_eq!(
            movetime.charge(None, 131, 30),
            Err("lost on time (131 ms for movetime 100)".to_string())
        );
        let depth = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        assert_eq!(depth.wait(None, 30, idle), idle);
        assert_eq!(depth.charge(None, 1_000_000, 30), Ok(()));
        assert_eq!(
            movetime.describe().unwrap(),
            "100 ms a move, 5000 nodes a move"
        );
        assert_eq!(Limits::default().describe(), None);
    }

    #[test]
    fn go_names_every_seats_clock_and_the_movers_limits() {
        let clocks = [
            Some(Clock {
                left_ms: 0,
                inc_ms: 10,
            }),
            None,
            Some(Clock {
                left_ms: 2500,
                inc_ms: 0,
            }),
        ];
        let mover = Limits {
            depth: Some(4),
            ..Limits::default()
        };
        assert_eq!(
            go_command(&clocks, &mover),
            "go p1time 1 p1inc 10 p3time 2500 p3inc 0 depth 4"
        );
        assert_eq!(bestmove_token("bestmove a1b2 ponder x"), Ok("a1b2".into()));
        for line in ["bestmove", "bestmove (none)"] {
            assert_eq!(
                bestmove_token(line),
                Err(format!("malformed answer '{line}'"))
            );
        }
    }
}
