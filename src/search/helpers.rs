//! Helper threads kept parked between searches.
//!
//! A search that spawned its helpers would lose their start: a thread spawned while the
//! spawning thread is busy waited about 2 ms on a 2-core VM before it first ran, while a
//! parked thread woken by a condition variable ran within about 20 us. At tens of
//! milliseconds a move that start is a tenth of a helper's time, so helpers are spawned once
//! and parked between searches.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

use crate::sync::lock;

/// The work every helper of one call runs, given its number (1, 2, ...).
type Job = dyn Fn(usize) + Sync;

/// Helpers not working for any search, ready to be handed a job.
static PARKED: Mutex<Vec<Helper>> = Mutex::new(Vec::new());

/// Runs `main` on this thread while `count` helper threads run `helper(1)` to
/// `helper(count)`; returns `main`'s value once `main` and every helper have returned.
/// A panic in a helper is raised again here after all have returned.
pub fn with_helpers<'a, R>(
    count: usize,
    helper: &'a (dyn Fn(usize) + Sync + 'a),
    main: impl FnOnce() -> R,
) -> R {
    let mut crew = Crew {
        helpers: take_parked(count),
    };
    // SAFETY: `Crew`'s drop (which runs however this function is left, unwinding
    // included) waits until every helper has finished the job, so no helper uses
    // `helper` or anything it borrows after this function returns.
    let job =
        unsafe { std::mem::transmute::<&'a (dyn Fn(usize) + Sync + 'a), &'static Job>(helper) };
    for (index, member) in crew.helpers.iter().enumerate() {
        member.hand(job, index + 1);
    }
    let result = main();
    if let Some(payload) = crew.finish() {
        resume_unwind(payload);
    }
    result
}

/// The helpers of one call; dropping it waits for them and parks them again.
struct Crew {
    helpers: Vec<Helper>,
}

impl Crew {
    /// Waits for every helper to finish its job and parks it; returns the first panic.
    fn finish(&mut self) -> Option<Box<dyn Any + Send>> {
        let mut panic = None;
        let helpers = std::mem::take(&mut self.helpers);
        for member in &helpers {
            if let Err(payload) = member.wait() {
                panic.get_or_insert(payload);
            }
        }
        lock(&PARKED).extend(helpers);
        panic
    }
}

impl Drop for Crew {
    fn drop(&mut self) {
        // Reached with helpers left only when `main` panicked; its panic is the one raised.
        let _ = self.finish();
    }
}

/// Takes `count` parked helpers, spawning those missing.
fn take_parked(count: usize) -> Vec<Helper> {
    let mut parked = lock(&PARKED);
    let reused = parked.len().min(count);
    let start = parked.len() - reused;
    let mut helpers: Vec<Helper> = parked.drain(start..).collect();
    drop(parked);
    helpers.extend((reused..count).map(|_| Helper::spawn()));
    helpers
}

/// What a helper thread is doing.
enum State {
    /// Parked, waiting for a job.
    Idle,
    /// Handed a job and its number, not yet finished.
    Working(&'static Job, usize),
    /// Finished the job: `Err` holds its panic.
    Done(Result<(), Box<dyn Any + Send>>),
}

/// One helper thread's mailbox, shared with the thread.
struct Mailbox {
    state: Mutex<State>,
    changed: Condvar,
}

/// A helper thread, known by its mailbox; it lives as long as the process.
struct Helper {
    mailbox: Arc<Mailbox>,
}

impl Helper {
    fn spawn() -> Helper {
        let mailbox = Arc::new(Mailbox {
            state: Mutex::new(State::Idle),
            changed: Condvar::new(),
        });
        let shared = Arc::clone(&mailbox);
        std::thread::Builder::new()
            .name("search helper".into())
            .spawn(move || serve(&shared))
            .expect("the system refused a search helper thread");
        Helper { mailbox }
    }

    fn hand(&self, job: &'static Job, index: usize) {
        *lock(&self.mailbox.state) = State::Working(job, index);
        self.mailbox.changed.notify_all();
    }

    /// Waits until the job handed is done and leaves the helper idle.
    fn wait(&self) -> Result<(), Box<dyn Any + Send>> {
        let mut state = self
            .mailbox
            .changed
            .wait_while(lock(&self.mailbox.state), |state| {
                matches!(state, State::Working(..))
            })
            .unwrap_or_else(PoisonError::into_inner);
        match std::mem::replace(&mut *state, State::Idle) {
            State::Done(result) => result,
            _ => Ok(()),
        }
    }
}

/// A helper thread's life: wait for a job, run it, report, forever.
fn serve(mailbox: &Mailbox) {
    loop {
        let state = mailbox
            .changed
            .wait_while(lock(&mailbox.state), |state| {
                !matches!(state, State::Working(..))
            })
            .unwrap_or_else(PoisonError::into_inner);
        let State::Working(job, index) = *state else {
            unreachable!("woken only with a job");
        };
        drop(state);
        let result = catch_unwind(AssertUnwindSafe(|| job(index)));
        *lock(&mailbox.state) = State::Done(result);
        mailbox.changed.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering::SeqCst};

    #[test]
    fn every_helper_runs_once_with_its_own_number_and_main_returns_its_value() {
        for count in [0, 1, 3, 2] {
            let seen = AtomicUsize::new(0);
            let value = with_helpers(
                count,
                &|index| {
                    seen.fetch_add(1 << (4 * index), SeqCst);
                },
                || 7,
            );
            let expected: usize = (1..=count).map(|i| 1 << (4 * i)).sum();
            assert_eq!((value, seen.load(SeqCst)), (7, expected));
        }
    }

    #[test]
    fn main_returns_only_after_the_helpers_are_done() {
        let finished = AtomicUsize::new(0);
        with_helpers(
            2,
            &|_| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, SeqCst);
            },
            || (),
        );
        assert_eq!(finished.load(SeqCst), 2);
    }

    #[test]
    fn a_helper_s_panic_reaches_the_caller_and_the_helpers_serve_again() {
        let outcome = catch_unwind(|| with_helpers(2, &|i| assert!(i != 2, "helper 2"), || 1));
        assert!(outcome.is_err());
        let ran = AtomicUsize::new(0);
        with_helpers(
            2,
            &|_| {
                ran.fetch_add(1, SeqCst);
            },
            || (),
        );
        assert_eq!(ran.load(SeqCst), 2);
    }
}
