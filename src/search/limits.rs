//! What a `go` asks for, and how long that lets the search think.

use std::time::{Duration, Instant};

use crate::game::profile::Profile;

/// Limits of one search, as given by `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchLimits {
    /// Remaining clock time per player, in ms (`p1time` .. `p6time`, `wtime`/`btime`).
    pub time: [Option<u64>; 6],
    /// Increment per move per player, in ms.
    pub inc: [Option<u64>; 6],
    /// Moves until the next time control.
    pub movestogo: Option<u64>,
    /// Exact time for this move, in ms.
    pub movetime: Option<u64>,
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Node budget.
    pub nodes: Option<u64>,
    /// Think until `stop`.
    pub infinite: bool,
    /// When the `go` arrived: the clock runs from then, so that time spent before the search
    /// starts (waiting for the tree, starting threads) counts. None: from the search's start.
    pub received: Option<Instant>,
}

impl SearchLimits {
    /// The clock `player` thinks on, as (time left, increment) in ms: his own, or, when the
    /// `go` gives clocks but not his, the smallest clock it gives (with that player's
    /// increment), so that a runner's oversight never makes a search without end.
    pub fn clock_of(&self, player: usize) -> Option<(u64, u64)> {
        let clock = |p: usize| Some((self.time[p]?, self.inc[p].unwrap_or(0)));
        match self.time.get(player).copied().flatten() {
            Some(_) => clock(player),
            None => (0..self.time.len()).filter_map(clock).min(),
        }
    }
}

/// When to stop: a soft limit checked between iterations, a hard one checked during them.
#[derive(Clone, Copy, Debug)]
pub struct TimePlan {
    start: Instant,
    soft: Option<Duration>,
    hard: Option<Duration>,
}

impl TimePlan {
    /// Plans the time of `player` under `limits`, keeping `overhead_ms` in reserve for I/O, by
    /// `profile`'s time plan: a player is taken to have its `moves_to_go` moves to make when
    /// the clock gives no `movestogo` (and at most that many when it does), a move may spend
    /// `increment_share` percent of the increment beyond its share, and the hard limit is
    /// `hard_time_ratio` times the soft one.
    pub fn new(limits: &SearchLimits, player: usize, overhead_ms: u64, profile: &Profile) -> Self {
        let start = limits.received.unwrap_or_else(Instant::now);
        if limits.infinite {
            return TimePlan {
                start,
                soft: None,
                hard: None,
            };
        }
        if let Some(movetime) = limits.movetime {
            // The whole movetime is used: iterations go on until the hard stop.
            let budget = Duration::from_millis(movetime.saturating_sub(overhead_ms).max(1));
            return TimePlan {
                start,
                soft: None,
                hard: Some(budget),
            };
        }
        let Some((time, inc)) = limits.clock_of(player) else {
            return TimePlan {
                start,
                soft: None,
                hard: None,
            };
        };
        let left = time.saturating_sub(overhead_ms).max(1);
        let moves_left = (profile.moves_to_go as u64).max(1);
        let inc_share = inc * profile.increment_share as u64 / 100;
        let moves_to_go = limits.movestogo.unwrap_or(moves_left).clamp(1, moves_left);
        let soft = (left / moves_to_go + inc_share).min(left * 2 / 5).max(1);
        let hard = (soft * profile.hard_time_ratio as u64)
            .min(left * 3 / 5)
            .max(soft);
        TimePlan {
            start,
            soft: Some(Duration::from_millis(soft)),
            hard: Some(Duration::from_millis(hard)),
        }
    }

    /// Time since the search started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether another iteration is worth starting (it would likely take longer than the last ones together).
    pub fn may_start_iteration(&self) -> bool {
        self.soft.is_none_or(|soft| self.elapsed() * 2 < soft)
    }

    /// Whether a search without iterations (MCTS) has used its time: the soft limit, or the
    /// hard one when there is no soft limit.
    pub fn target_reached(&self) -> bool {
        self.soft
            .or(self.hard)
            .is_some_and(|target| self.elapsed() >= target)
    }

    /// Whether the search must stop now.
    pub fn out_of_time(&self) -> bool {
        self.hard.is_some_and(|hard| self.elapsed() >= hard)
    }

    /// Whether the plan has a clock at all.
    pub fn is_timed(&self) -> bool {
        self.hard.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard profile with its time plan spread over `moves` moves.
    fn moves_to_go(moves: i32) -> Profile {
        Profile {
            moves_to_go: moves,
            ..Profile::STANDARD
        }
    }

    #[test]
    fn the_clock_runs_from_the_go_s_arrival() {
        let limits = SearchLimits {
            movetime: Some(100),
            received: Some(Instant::now() - Duration::from_millis(150)),
            ..Default::default()
        };
        assert!(TimePlan::new(&limits, 0, 0, &moves_to_go(30)).out_of_time());
        let fresh = SearchLimits {
            received: None,
            ..limits
        };
        assert!(!TimePlan::new(&fresh, 0, 0, &moves_to_go(30)).out_of_time());
    }

    /// Both players on 1 s + 10 ms.
    fn one_second_plus_ten_ms() -> SearchLimits {
        SearchLimits {
            time: [Some(1000), Some(1000), None, None, None, None],
            inc: [Some(10), Some(10), None, None, None, None],
            ..Default::default()
        }
    }

    #[test]
    fn one_second_plus_ten_ms_keeps_most_of_the_clock() {
        let plan = TimePlan::new(&one_second_plus_ten_ms(), 1, 30, &moves_to_go(30));
        let (soft, hard) = (
            plan.soft.unwrap().as_millis(),
            plan.hard.unwrap().as_millis(),
        );
        assert!((20..=60).contains(&soft), "soft {soft}");
        assert!((soft..=582).contains(&hard), "hard {hard}");
    }

    #[test]
    fn a_game_of_fewer_moves_spreads_its_clock_over_fewer() {
        let limits = one_second_plus_ten_ms();
        let long = TimePlan::new(&limits, 0, 30, &moves_to_go(30));
        let short = TimePlan::new(&limits, 0, 30, &moves_to_go(15));
        assert_eq!(long.soft, Some(Duration::from_millis(970 / 30 + 7)));
        assert_eq!(short.soft, Some(Duration::from_millis(970 / 15 + 7)));
        let given = SearchLimits {
            movestogo: Some(40),
            ..limits
        };
        assert_eq!(
            TimePlan::new(&given, 0, 30, &moves_to_go(15)).soft,
            short.soft
        );
        let fewer = SearchLimits {
            movestogo: Some(5),
            ..given
        };
        assert_eq!(
            TimePlan::new(&fewer, 0, 30, &moves_to_go(15)).soft,
            Some(Duration::from_millis(970 / 5 + 7))
        );
    }

    #[test]
    fn a_nearly_empty_clock_still_gives_a_positive_budget() {
        let limits = SearchLimits {
            time: [Some(5), None, None, None, None, None],
            ..Default::default()
        };
        let plan = TimePlan::new(&limits, 0, 30, &moves_to_go(30));
        assert_eq!(plan.hard, Some(Duration::from_millis(1)));
    }

    #[test]
    fn a_mover_without_a_clock_thinks_on_the_smallest_one_given() {
        let limits = SearchLimits {
            time: [Some(9000), Some(3000), None, None, None, None],
            inc: [None, Some(50), None, None, None, None],
            ..SearchLimits::default()
        };
        assert_eq!(limits.clock_of(0), Some((9000, 0)));
        assert_eq!(limits.clock_of(2), Some((3000, 50)));
        let own = TimePlan::new(&limits, 1, 0, &moves_to_go(30));
        let borrowed = TimePlan::new(&limits, 2, 0, &moves_to_go(30));
        assert!(borrowed.is_timed());
        assert_eq!((own.soft, own.hard), (borrowed.soft, borrowed.hard));
        assert_eq!(SearchLimits::default().clock_of(2), None);
        assert!(!TimePlan::new(&SearchLimits::default(), 2, 0, &moves_to_go(30)).is_timed());
    }

    #[test]
    fn movetime_subtracts_the_overhead() {
        let limits = SearchLimits {
            movetime: Some(100),
            ..Default::default()
        };
        let plan = TimePlan::new(&limits, 0, 30, &moves_to_go(30));
        assert_eq!(
            (plan.soft, plan.hard),
            (None, Some(Duration::from_millis(70)))
        );
        assert!(!TimePlan::new(&SearchLimits::default(), 0, 30, &moves_to_go(30)).is_timed());
    }
}
