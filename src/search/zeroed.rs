//! Large tables in zeroed memory taken lazily from the system.
//!
//! Writing every byte of a multi-gigabyte table when it is made would keep the engine from
//! answering for seconds (32.8 s for an 8 GiB hash table on the 2-core machine). Memory from
//! the allocator's zeroed allocation (`calloc`, which maps fresh zero pages for large blocks) is
//! had at once instead: each page is zeroed by the system when the search first touches it.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::ptr::NonNull;

/// Types for which a value may be made of zero bytes.
///
/// # Safety
/// All-zero bytes must be a valid value of the type (as for integers and atomics, and arrays
/// and structs of them).
pub unsafe trait Zeroable {}

/// A slice of `len` values of `T`, all zero at first, in memory from the allocator's zeroed
/// allocation, aligned for `T`.
pub struct ZeroedSlice<T: Zeroable> {
    raw: NonNull<u8>,
    layout: Layout,
    first: NonNull<T>,
    len: usize,
}

impl<T: Zeroable> ZeroedSlice<T> {
    /// `len` zero values (at least one), or `None` when the memory cannot be had.
    pub fn new(len: usize) -> Option<Self> {
        let len = len.max(1);
        let align = std::mem::align_of::<T>();
        // Asking for at most 16-byte alignment keeps the allocator on `calloc` (larger ones are
        // zeroed by writing); the slice is then aligned within the block.
        let bytes = len
            .checked_mul(std::mem::size_of::<T>())?
            .checked_add(align)?;
        let layout = Layout::from_size_align(bytes, align.min(16)).ok()?;
        // SAFETY: the layout's size is at least `align`, so not zero.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let offset = raw.as_ptr().align_offset(align);
        // SAFETY: `offset < align`, so the slice's `len * size_of::<T>()` bytes after it lie
        // within the block of `len * size_of::<T>() + align` bytes.
        let first = unsafe { raw.add(offset) }.cast::<T>();
        Some(ZeroedSlice {
            raw,
            layout,
            first,
            len,
        })
    }
}

impl<T: Zeroable> std::ops::Deref for ZeroedSlice<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        // SAFETY: `first` is aligned for `T` and starts `len` values of `T` inside the block,
        // which lives as long as `self`; the bytes were zero when allocated, a valid `T`
        // (`Zeroable`), and are changed only through `&[T]` (interior mutability of `T`).
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

impl<T: Zeroable> Drop for ZeroedSlice<T> {
    fn drop(&mut self) {
        // SAFETY: the block was allocated with `layout` by the global allocator, and only once.
        unsafe { dealloc(self.raw.as_ptr(), self.layout) }
    }
}

// SAFETY: the slice owns its values as a `Box<[T]>` would: it may go to or be shared with
// another thread exactly when `T` may.
unsafe impl<T: Zeroable + Send> Send for ZeroedSlice<T> {}
// SAFETY: as above.
unsafe impl<T: Zeroable + Sync> Sync for ZeroedSlice<T> {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[repr(align(64))]
    struct Line([AtomicU64; 8]);

    // SAFETY: atomics only.
    unsafe impl Zeroable for Line {}

    #[test]
    fn values_start_at_zero_aligned_and_keep_what_is_stored() {
        let lines: ZeroedSlice<Line> = ZeroedSlice::new(1000).unwrap();
        assert_eq!(lines.len(), 1000);
        assert_eq!(lines.as_ptr() as usize % 64, 0);
        assert!(
            lines
                .iter()
                .all(|l| l.0.iter().all(|w| w.load(Relaxed) == 0))
        );
        lines[999].0[7].store(5, Relaxed);
        assert_eq!(lines[999].0[7].load(Relaxed), 5);
        assert_eq!(
            ZeroedSlice::<Line>::new(0).unwrap().len(),
            1,
            "at least one"
        );
    }
}
