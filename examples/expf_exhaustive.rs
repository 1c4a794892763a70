//! `softmax::expf_fma` against the standard `f32::exp` (glibc's `expf`) on every one of the 2^32
//! floats, on both cores (about 20 s here); prints how many differ (0 on this machine):
//!
//!     cargo run --release --example expf_exhaustive
//!
//! `cargo test` checks a sample of them and the edges of glibc's special cases.

use transformer_tutor::model::softmax::expf_fma;
/// Compared in a function compiled for FMA, as the softmax runs it.
#[target_feature(enable = "avx2,fma")]
unsafe fn check(lo: u64, hi: u64) -> u64 {
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
}
fn main() {
    assert!(
        is_x86_feature_detected!("fma") && is_x86_feature_detected!("avx2"),
        "this check needs a CPU with AVX2 and FMA"
    );
    let half = 1u64 << 31;
    let t = std::thread::spawn(move || unsafe { check(half, 1 << 32) });
    let a = unsafe { check(0, half) };
    let b = t.join().unwrap();
    println!("all 2^32 floats: {} differ", a + b);
}
