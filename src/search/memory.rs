//! What the machine's memory allows a table or a tree to take.

/// The memory the system can give without swapping, in MiB (`MemAvailable` in
/// `/proc/meminfo`), where the system says.
pub fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Refuses `mib` MiB for `what` when the system has less available. Where the system does not
/// say, the allocation is the only check (and may succeed on overcommitted memory).
pub fn check_fits(mib: usize, what: &str) -> Result<(), String> {
    match available_mib() {
        Some(available) if mib > available => Err(format!(
            "cannot allocate {mib} MiB for {what}: the machine has {available} MiB available"
        )),
        _ => Ok(()),
    }
}

/// How much of a new table or tree a warm-up thread maps at a time (see
/// `TranspositionTable::warm_up_apart` and the MCTS session's): a search that wants the tree
/// waits at most one step for it (about 1 ms; 8 ms on a virtual machine).
pub const WARM_UP_STEP: usize = 4 << 20;

/// Drops `value` on a thread of its own: giving back gigabytes a search has touched takes the
/// system a while, which the caller need not wait for. Where no thread can be had, drops it
/// here.
pub fn free_apart<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("free".to_string())
        .spawn(move || drop(value));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_than_the_machine_has_is_refused() {
        let Some(available) = available_mib() else {
            return;
        };
        assert!(available > 0);
        // Well over what is free: other processes may free memory meanwhile.
        let error = check_fits(available * 2 + 1024, "the test").unwrap_err();
        assert!(error.contains("MiB available"), "{error}");
        assert_eq!(check_fits(1, "the test"), Ok(()));
    }
}
