//! Every `unsafe` of the crate, and the switch between the fast and the portable kernels.
//!
//! The rest of the crate is compiled with `unsafe_code = "deny"` (Cargo.toml's `[lints]`); this
//! module alone allows it (its `mod` line in `model/mod.rs`), and clippy's
//! `undocumented_unsafe_blocks` makes every block here say why it is sound. What it offers the
//! rest of the crate is safe to call with any arguments: raw pointers never leave it.
//!
//! - `parallel`: the engine's threads (an operation's parts shared out between the cores, `join`),
//!   a new tensor zeroed part by part by the thread that fills it, and new tensors appended part
//!   by part (`appended_in_parts`, with `stream`)
//! - `products`: the large matrix products, by the packed kernel or by the `gemm` crate, and a
//!   large Linear's output written once by the packed kernel (`packed_new`, split into heads as
//!   its rows are done)
//! - `packed`: the AVX2 + FMA kernel for large products (x86_64 only), and `packed512`, its tile
//!   for AVX-512 (the same bits)
//! - `thin`: the AVX2 + FMA kernel for a Linear of a few rows against a large weight, without
//!   packing it (x86_64 only), and `thin512`, its AVX-512 form (the same bits)
//! - `lane_sums`: the inner loop of a Linear for a few rows (one decoding step) in AVX (x86_64)
//! - `stream`: a new tensor appended front to back with non-temporal stores (x86_64), for
//!   `parallel::appended_in_parts`
//! - `alloc`: mimalloc's option that keeps freed pages for the next pass, and the global
//!   allocator's wrapper that notes a failed allocation (for `tty`)
//! - `tty`: the terminal restored by a SIGABRT handler (an allocation failure ends in an abort)
//!   while a screen is open, and `_exit` for a watchdog that cannot wait for standard output
//! - `mapped_file`: a weights file mapped into memory read-only (memmap2's `Mmap::map`)
//! - `before_main`: the ELF constructor that records, for `process_start`, whether stdout was
//!   closed before Rust's runtime started (Linux)
//! - here: `portable()`, the switch; `avx2_fma()`, whether the x86_64 kernels run; `with_avx2_fma`,
//!   which runs a plain-Rust loop compiled for AVX2 and FMA where the CPU has them
//!
//! Portable first: every kernel has a path in plain Rust that every target compiles (on aarch64
//! NEON is part of the baseline, so the compiler vectorises those loops as they are). An x86_64
//! CPU with AVX2 and FMA runs the same loops compiled for them, and large products through the
//! packed kernel; both give the bits of the portable path (tests/parallel_products.rs, the unit
//! tests of `matmul::small`, `softmax` and `train::adam`, tests/portable.rs). Setting
//! `TRANSFORMER_TUTOR_PORTABLE=1` forces the portable kernels; it is read once, by the first
//! kernel that asks. The `gemm` crate picks its own kernels at run time on every target (AVX2 and
//! FMA, AVX-512, NEON, or plain), which the switch does not reach.

pub mod alloc;
mod before_main;
pub mod lane_sums;
pub mod mapped_file;
pub mod parallel;
pub mod products;
pub mod stream;
pub mod tty;

#[cfg(target_arch = "x86_64")]
mod pack256;
#[cfg(target_arch = "x86_64")]
mod pack512;
#[cfg(target_arch = "x86_64")]
mod packed;
#[cfg(target_arch = "x86_64")]
mod packed512;
#[cfg(target_arch = "x86_64")]
mod thin;
#[cfg(target_arch = "x86_64")]
mod thin512;

use std::sync::OnceLock;

/// The environment variable that forces the portable kernels: set to anything but "" or "0".
pub const PORTABLE_VAR: &str = "TRANSFORMER_TUTOR_PORTABLE";

/// Whether the portable kernels are forced (`TRANSFORMER_TUTOR_PORTABLE`, read once).
pub fn portable() -> bool {
    static FORCED: OnceLock<bool> = OnceLock::new();
    *FORCED.get_or_init(|| std::env::var_os(PORTABLE_VAR).is_some_and(|v| !v.is_empty() && v != "0"))
}

/// Whether the x86_64 kernels run: a CPU with AVX2 and FMA, and the portable kernels not forced.
/// Always false on other targets.
#[inline]
pub fn avx2_fma() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| !portable() && cpu_has_avx2_fma())
}

/// The environment variable that keeps the x86_64 kernels at AVX2 + FMA on a CPU with AVX-512
/// (so that CI, on such a CPU, still tests the AVX2 tile and loops): anything but "" or "0".
pub const NO_AVX512_VAR: &str = "TRANSFORMER_TUTOR_NO_AVX512";

/// Whether the packed kernel takes its AVX-512 tiles, the few-rows `thin` kernel its AVX-512 form
/// (and `with_avx2_fma` its AVX-512 copy):
/// `avx2_fma()`, a CPU with AVX-512F, and `TRANSFORMER_TUTOR_NO_AVX512` not set.
#[cfg(target_arch = "x86_64")]
fn avx512() -> bool {
    static WIDE: OnceLock<bool> = OnceLock::new();
    *WIDE.get_or_init(|| {
        let held_back = std::env::var_os(NO_AVX512_VAR).is_some_and(|v| !v.is_empty() && v != "0");
        avx2_fma() && !held_back && std::is_x86_feature_detected!("avx512f")
    })
}

#[cfg(target_arch = "x86_64")]
fn cpu_has_avx2_fma() -> bool {
    std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma")
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_has_avx2_fma() -> bool {
    false
}

/// `kernel()`, compiled for AVX2 and FMA when `avx2_fma()` (and for AVX-512F too when the CPU
/// has it), else for the target's baseline. For
/// loops in plain Rust: Rust never fuses a multiplication and an addition on its own (only an
/// explicit `mul_add` is fused, and that is exact either way), so both compilations give the same
/// bits; the wider vectors only make the loop faster. Only what is inlined into the AVX2 copy is
/// compiled for AVX2, so: mark the closure `#[inline(always)]` (`with_avx2_fma(#[inline(always)]
/// || kernel(..))`) and the functions it calls too, and write their loops as `for` loops rather
/// than adaptors that take closures (`for_each`, `fold`, `sum`), which the compiler may leave out
/// of line, compiled for the baseline. `objdump -d` shows it: the copies of
/// `compiled_for_avx2_fma` should use `ymm` registers and call no `Iterator::fold`.
#[inline(always)]
pub fn with_avx2_fma<R>(kernel: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if avx512() {
        // SAFETY: `avx512()` has just checked that this CPU has AVX-512F, AVX2 and FMA, the only
        // requirement of calling a function compiled for them
        return unsafe { compiled_for_avx512(kernel) };
    }
    #[cfg(target_arch = "x86_64")]
    if avx2_fma() {
        // SAFETY: `avx2_fma()` has just checked that this CPU has AVX2 and FMA, the only
        // requirement of calling a function compiled for them
        return unsafe { compiled_for_avx2_fma(kernel) };
    }
    kernel()
}

/// `kernel()`, with the closure (and what it inlines) compiled for AVX-512F as well: 16 lanes,
/// the same bits (nothing is fused or reordered that the baseline copy does not fuse or order).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx2,fma")]
#[inline]
fn compiled_for_avx512<R>(kernel: impl FnOnce() -> R) -> R {
    kernel()
}

/// `kernel()`, with the closure (and what it inlines) compiled for AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
#[inline]
fn compiled_for_avx2_fma<R>(kernel: impl FnOnce() -> R) -> R {
    kernel()
}
