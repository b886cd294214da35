//! A watcher: a small process of its own that ends a tool's engines when the tool dies,
//! however it dies. The tool writes each engine's process group to the watcher's standard
//! input as it starts and ends them (`+<id>`, `-<id>`); when that input closes, which the
//! kernel does for any death of the tool (a SIGKILL included), the watcher kills every group
//! still listed and exits. A tool that ends cleanly ends its engines itself; the watcher then
//! finds none left.

use std::collections::BTreeSet;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::{ChildStdin, Command, Stdio};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// The watcher's input, once started.
static WATCHER: Mutex<Option<ChildStdin>> = Mutex::new(None);

fn watcher() -> MutexGuard<'static, Option<ChildStdin>> {
    WATCHER.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Starts `program` with `args` as this process's watcher ([`run`] is what that program must
/// do), in a process group of its own so that a terminal's Ctrl-C, meant for the tool, leaves
/// it to see the tool end. Engines started before it are not watched.
pub fn start(program: &Path, args: &[&str]) -> Result<(), String> {
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut command, 0);
    let mut child = command
        .spawn()
        .map_err(|e| format!("cannot start the engines' watcher: {e}"))?;
    *watcher() = child.stdin.take();
    // The watcher is not waited for: it outlives this process by design.
    drop(child);
    Ok(())
}

/// Tells the watcher, if there is one, that the process group `id` leads was started
/// (`started`) or has ended.
pub(crate) fn tell(id: u32, started: bool) {
    let mut input = watcher();
    if let Some(pipe) = input.as_mut() {
        let sign = if started { '+' } else { '-' };
        if writeln!(pipe, "{sign}{id}")
            .and_then(|()| pipe.flush())
            .is_err()
        {
            *input = None;
        }
    }
}

/// The watcher's work: reads `+<id>` and `-<id>` lines until its input closes, then calls
/// `kill` on each process group still listed. Returns the groups it killed.
pub fn run(input: impl BufRead, kill: impl Fn(u32)) -> Vec<u32> {
    let mut groups = BTreeSet::new();
    for line in input.lines() {
        let Ok(line) = line else { break };
        let (sign, id) = line.split_at(line.len().min(1));
        match (sign, id.parse::<u32>()) {
            ("+", Ok(id)) => groups.insert(id),
            ("-", Ok(id)) => groups.remove(&id),
            _ => false,
        };
    }
    for &id in &groups {
        kill(id);
    }
    groups.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_groups_still_listed_when_the_input_closes_are_killed() {
        let killed = std::cell::RefCell::new(Vec::new());
        let input = "+10\n+11\n+12\n-11\njunk\n+\n-99\n";
        let listed = run(input.as_bytes(), |id| killed.borrow_mut().push(id));
        assert_eq!(listed, [10, 12]);
        assert_eq!(*killed.borrow(), [10, 12]);
    }
}
