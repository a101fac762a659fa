//! How the window's process keeps freed memory.
//!
//! Every frame the tessellator and the GL driver build vertex and index buffers of a few
//! hundred kilobytes and free them again. glibc serves blocks that large with fresh `mmap`s
//! and unmaps them when they are freed, so every frame would pay a page fault per 4 KiB of
//! them (about a sixth of a frame's CPU under llvmpipe). Raising the thresholds keeps such
//! blocks in the heap for reuse, at the cost of up to 128 MiB of freed memory held by the
//! process.

/// Sets the thresholds; a no-op where the C library is not glibc.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // Blocks up to this size come from the heap instead of a mapping of their own.
        const MMAP_THRESHOLD: i32 = 64 << 20;
        // Freed memory kept at the top of the heap before it is returned to the system.
        const KEEP: i32 = 128 << 20;
        // SAFETY: mallopt only sets two of the allocator's tuning parameters; it is called
        // before the window's threads start, and both values are valid for both.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, MMAP_THRESHOLD);
            libc::mallopt(libc::M_TRIM_THRESHOLD, KEEP);
        }
    }
}
