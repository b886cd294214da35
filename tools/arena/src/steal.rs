//! How much of the machine's processor time its host gave to others (CPU steal, from
//! `/proc/stat`). On a virtual machine that shares its host, the engines of a match get less
//! than the processors they appear to have, unevenly, and most where they use several at
//! once: timings and thread-scaling results are only as good as that share is small.

/// The machine's processor time counters (all its processors, in clock ticks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuTimes {
    /// All time counted: user, nice, system, idle, iowait, irq, softirq and steal.
    total: u64,
    /// Time the machine wanted to run and its host ran something else.
    steal: u64,
}

impl CpuTimes {
    /// The counters now, where the system keeps them (Linux).
    pub fn now() -> Option<Self> {
        parse(&std::fs::read_to_string("/proc/stat").ok()?)
    }

    /// The part of the processor time since `earlier` that was stolen (0 to 1); `None`
    /// where no time was counted.
    pub fn stolen_since(&self, earlier: &CpuTimes) -> Option<f64> {
        let total = self.total.checked_sub(earlier.total)?;
        let steal = self.steal.checked_sub(earlier.steal)?;
        (total > 0).then(|| steal as f64 / total as f64)
    }
}

/// The machine-wide `cpu` line of `/proc/stat`: `cpu user nice system idle iowait irq softirq
/// steal guest guest_nice` (guest time is counted in user and nice already).
fn parse(text: &str) -> Option<CpuTimes> {
    let line = text.lines().find(|line| line.starts_with("cpu "))?;
    let fields: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let counted = fields.get(..8)?;
    Some(CpuTimes {
        total: counted.iter().sum(),
        steal: counted[7],
    })
}

/// The summary's line on the steal since `start`, and since `last` (the previous report,
/// `None` before the first), so that a disturbed stretch of a long match shows; `None` where
/// the counters are not known.
pub fn steal_line(start: Option<CpuTimes>, last: Option<CpuTimes>) -> Option<String> {
    let now = CpuTimes::now()?;
    let whole = now.stolen_since(&start?)?;
    let recent = last.and_then(|last| now.stolen_since(&last));
    Some(describe(whole, recent))
}

/// The steal line for shares (0 to 1) of the whole match and of the stretch since the last
/// report.
fn describe(whole: f64, recent: Option<f64>) -> String {
    let mut line = format!(
        "CPU steal: {:.1} % of this machine's processor time went to other guests of its host",
        100.0 * whole
    );
    if let Some(recent) = recent {
        line += &format!(" ({:.1} % since the last report)", 100.0 * recent);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    const BEFORE: &str = "cpu  100 0 50 800 10 0 0 40 0 0\ncpu0 50 0 25 400 5 0 0 20 0 0\n";
    const AFTER: &str = "cpu  300 0 70 900 10 0 0 140 30 0\ncpu0 150 0 35 450 5 0 0 70 15 0\n";

    #[test]
    fn the_steal_share_is_stolen_ticks_over_all_ticks_of_the_machine_line() {
        let (before, after) = (parse(BEFORE).unwrap(), parse(AFTER).unwrap());
        assert_eq!(before.total, 1000);
        assert_eq!(before.steal, 40);
        // 100 stolen of 420 ticks; the guest column (30) is in user already.
        let share = after.stolen_since(&before).unwrap();
        assert!((share - 100.0 / 420.0).abs() < 1e-12, "{share}");
        assert_eq!(before.stolen_since(&before), None);
    }

    #[test]
    fn the_line_adds_the_stretch_since_the_last_report_where_there_was_one() {
        assert_eq!(
            describe(0.058, None),
            "CPU steal: 5.8 % of this machine's processor time went to other guests of its host"
        );
        assert_eq!(
            describe(0.058, Some(0.246)),
            "CPU steal: 5.8 % of this machine's processor time went to other guests of its host \
             (24.6 % since the last report)"
        );
    }

    #[test]
    fn a_kernel_without_a_steal_column_or_a_broken_line_gives_nothing() {
        assert_eq!(parse("cpu  1 2 3 4 5 6 7\n"), None);
        assert_eq!(parse("cpu  1 2 x 4 5 6 7 8\n"), None);
        assert_eq!(parse("intr 5\n"), None);
    }
}
