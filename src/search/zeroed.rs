//! Large tables in zeroed memory taken lazily from the system.
//!
//! Writing every byte of a multi-gigabyte table when it is made would keep the engine from
//! answering for seconds (32.8 s for an 8 GiB hash table on the 2-core machine). Memory from
//! the allocator's zeroed allocation (`calloc`, which maps fresh zero pages for large blocks) is
//! had at once instead: each page is zeroed by the system when the search first touches it.

use std::alloc::{Layout, alloc_zeroed, dealloc};
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// The smallest page the system maps memory in, in bytes.
pub const PAGE: usize = 4096;

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
        let size = len.checked_mul(std::mem::size_of::<T>())?;
        // A slice of a huge page or more starts on a huge page's boundary, so that all of it
        // can be mapped in huge pages.
        let huge = size >= HUGE_PAGE;
        let align = if huge {
            HUGE_PAGE
        } else {
            std::mem::align_of::<T>()
        };
        // Asking for at most 16-byte alignment keeps the allocator on `calloc` (larger ones are
        // zeroed by writing); the slice is then aligned within the block.
        let bytes = size.checked_add(align)?;
        let layout = Layout::from_size_align(bytes, std::mem::align_of::<T>().min(16)).ok()?;
        // SAFETY: the layout's size is at least `align`, so not zero.
        let raw = NonNull::new(unsafe { alloc_zeroed(layout) })?;
        let offset = raw.as_ptr().align_offset(align);
        // SAFETY: `offset < align`, so the slice's `size` bytes after it lie within the block
        // of `size + align` bytes.
        let first = unsafe { raw.add(offset) }.cast::<T>();
        if huge {
            // SAFETY: the slice's whole pages, inside the block, which is ours alone.
            unsafe { ask_for_huge_pages(first.as_ptr().cast(), size) };
        }
        Some(ZeroedSlice {
            raw,
            layout,
            first,
            len,
        })
    }

    /// The slice's size in bytes.
    pub fn bytes(&self) -> usize {
        self.len * std::mem::size_of::<T>()
    }

    /// Has the system map the memory of the slice's bytes `range` now (it maps a page when it
    /// is first written, slowly, and more slowly when threads do it at once), leaving every
    /// value as it is: one byte of every 4 KiB is read and written back.
    pub fn touch(&mut self, range: std::ops::Range<usize>) {
        let end = range.end.min(self.bytes());
        let base = self.first.as_ptr().cast::<MaybeUninit<u8>>();
        for offset in range.step_by(PAGE).take_while(|&offset| offset < end) {
            // SAFETY: the byte lies within the slice, which `&mut self` holds alone; it is
            // copied as `MaybeUninit` (it may be padding), so any byte is fine.
            unsafe {
                let byte = base.add(offset);
                std::ptr::write_volatile(byte, std::ptr::read_volatile(byte));
            }
        }
    }

    /// Asks the processor to bring the value at `index` into its cache, so that reading it
    /// soon after waits less for memory. Only a hint: it changes nothing, and does nothing
    /// for an index past the end or off x86-64.
    #[inline]
    pub fn prefetch(&self, index: usize) {
        #[cfg(target_arch = "x86_64")]
        if index < self.len {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            // SAFETY: the address lies inside the slice; a prefetch reads and writes nothing,
            // and every x86-64 processor has it (SSE).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(self.first.as_ptr().add(index).cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = index;
    }

    /// Sets every value back to zero bytes (by writing them all).
    pub fn fill_zero(&mut self) {
        // SAFETY: `first` starts `len` values of `T` in the block, which `&mut self` holds
        // alone; zero bytes are a valid `T` (`Zeroable`).
        unsafe { std::ptr::write_bytes(self.first.as_ptr(), 0, self.len) }
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
        // SAFETY: the block is ours alone and is freed next; nothing reads it again.
        unsafe { give_back_in_chunks(self.raw.as_ptr(), self.layout.size()) };
        // SAFETY: the block was allocated with `layout` by the global allocator, and only once.
        unsafe { dealloc(self.raw.as_ptr(), self.layout) }
    }
}

/// Blocks at least this large are given back in chunks of this size before they are freed.
const GIVE_BACK_CHUNK: usize = 16 << 20;

#[cfg(target_os = "linux")]
unsafe extern "C" {
    fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: std::ffi::c_int)
    -> std::ffi::c_int;
}

/// A huge page's size on x86-64 Linux: slices at least this large start on its boundary and
/// ask for huge pages.
const HUGE_PAGE: usize = 2 << 20;

/// Asks the system to map the block at `start` (aligned to a page) of `bytes` bytes in huge
/// pages where it can: a hash table's lookups land anywhere in it, and with 4 KiB pages most
/// of them miss the processor's cache of page addresses as well as its data cache. The
/// system may decline (it then maps ordinary pages, as without the request). Linux only;
/// elsewhere it does nothing.
///
/// # Safety
/// The block must be the caller's alone.
unsafe fn ask_for_huge_pages(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const MADV_HUGEPAGE: std::ffi::c_int = 14;
        // SAFETY: whole pages inside the caller's block; the advice changes no byte.
        unsafe { madvise(start.cast(), bytes / PAGE * PAGE, MADV_HUGEPAGE) };
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
}

/// Gives the whole pages of a large block back to the system a chunk at a time, before the
/// block is freed. Freeing gigabytes at once holds the system's lock on the process's memory
/// map for as long as it takes (over a second for 8 GiB the search has touched), and every
/// thread that maps memory meanwhile (making a table, starting a search thread) waits; given
/// back in chunks, such a thread waits for one chunk at most. Linux only; elsewhere it does
/// nothing.
///
/// # Safety
/// The block at `start` of `bytes` bytes must be the caller's alone, and never read again.
unsafe fn give_back_in_chunks(start: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    if bytes >= GIVE_BACK_CHUNK {
        const MADV_DONTNEED: std::ffi::c_int = 4;
        let mut at = start.align_offset(PAGE);
        while at + PAGE <= bytes {
            let len = GIVE_BACK_CHUNK.min((bytes - at) / PAGE * PAGE);
            // SAFETY: whole pages inside the block, which nobody reads again (the caller
            // promises); the allocator's own bookkeeping lies outside them, before the block.
            unsafe { madvise(start.add(at).cast(), len, MADV_DONTNEED) };
            at += len;
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, bytes);
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

    #[test]
    fn a_slice_of_a_huge_page_or_more_starts_on_a_huge_page() {
        for len in [HUGE_PAGE / 64, 3 * HUGE_PAGE / 64 + 5] {
            let lines: ZeroedSlice<Line> = ZeroedSlice::new(len).unwrap();
            assert_eq!(lines.as_ptr() as usize % HUGE_PAGE, 0, "{len}");
            lines[len - 1].0[7].store(9, Relaxed);
            assert_eq!(lines[len - 1].0[7].load(Relaxed), 9);
            assert!(lines[..len - 1].iter().all(|l| l.0[7].load(Relaxed) == 0));
        }
    }

    #[test]
    fn touching_keeps_the_values_and_filling_zeroes_them() {
        let mut lines: ZeroedSlice<Line> = ZeroedSlice::new(10_000).unwrap();
        assert_eq!(lines.bytes(), 640_000);
        let word = |i: usize| &lines[i / 8].0[i % 8];
        for i in 0..80_000 {
            word(i).store(i as u64 + 1, Relaxed);
        }
        lines.touch(3..1_000_000);
        let word = |i: usize| lines[i / 8].0[i % 8].load(Relaxed);
        assert!((0..80_000).all(|i| word(i) == i as u64 + 1));
        lines.fill_zero();
        assert!(
            lines
                .iter()
                .all(|l| l.0.iter().all(|w| w.load(Relaxed) == 0))
        );
    }
}
