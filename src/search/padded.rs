//! A value padded to cache lines of its own.

/// A value alone on its cache lines (128 bytes: adjacent-line prefetch pairs 64-byte lines), so
/// that threads writing it do not slow threads reading its neighbours.
#[repr(align(128))]
#[derive(Default)]
pub struct Padded<T>(pub T);

impl<T> std::ops::Deref for Padded<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
