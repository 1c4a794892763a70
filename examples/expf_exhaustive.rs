//! `softmax::expf_fma` against the standard `f32::exp` (glibc's `expf`) on every one of the 2^32
//! floats, on both cores (about 20 s here); prints how many differ (0 on this machine):
//!
//!     cargo run --release --example expf_exhaustive
//!
//! `cargo test` checks a sample of them and the edges of glibc's special cases. The promise holds
//! where the softmax uses `expf_fma`: x86_64 Linux with glibc, on a CPU with AVX2 and FMA.

use transformer_tutor::model::fast;
use transformer_tutor::model::softmax::expf_fma;

/// How many of the floats with bits lo..hi differ; compiled for FMA, as the softmax runs it.
fn check(lo: u64, hi: u64) -> u64 {
    fast::with_avx2_fma(
        #[inline(always)]
        || {
            let mut bad = 0;
            for b in lo..hi {
                let x = f32::from_bits(b as u32);
                let (m, l) = (expf_fma(x), x.exp());
                if m.to_bits() != l.to_bits() && !(m.is_nan() && l.is_nan()) {
                    bad += 1;
                    if bad < 5 {
                        eprintln!("{x} {b:#x}: {m} vs {l}");
                    }
                }
            }
            bad
        },
    )
}

fn main() {
    let glibc = cfg!(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu"));
    if !(glibc && fast::avx2_fma()) {
        eprintln!(
            "this check needs x86_64 Linux with glibc, a CPU with AVX2 and FMA, and {} unset",
            fast::PORTABLE_VAR
        );
        std::process::exit(2);
    }
    let half = 1u64 << 31;
    let t = std::thread::spawn(move || check(half, 1 << 32));
    let a = check(0, half);
    let b = t.join().unwrap();
    println!("all 2^32 floats: {} differ", a + b);
}
