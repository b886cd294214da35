//! Locking shared state the same way everywhere in the crate.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `mutex`, also after a thread panicked holding it: every mutex here guards state that
/// is whole between two statements (a line to write, a table, a stack of split points), so a
/// panic elsewhere must not take the engine down with it.
pub fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
