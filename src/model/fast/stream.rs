//! New tensors written front to back, with stores that go straight to memory.
//!
//! Writing a tensor larger than the caches costs twice its size in memory traffic with ordinary
//! stores: each cache line is first read (to own it), then written back. A tensor that no
//! operation reads again in the pass (attention's four grids, which only the learner looks at:
//! 16 MB each in note 000's block) can be written with non-temporal stores instead, which skip
//! that read: half the traffic. On x86_64
//! they are SSE2's `movntps` (every x86_64 CPU has SSE2), with `sfence` after; elsewhere, and
//! under `TRANSFORMER_TUTOR_PORTABLE=1`, an ordinary copy. Same values either way.

use std::mem::MaybeUninit;

/// One output being written front to back by `push`: a part of a new tensor, checked to be
/// whole by `parallel::appended_in_parts`.
pub struct Appender<'a> {
    out: &'a mut [MaybeUninit<f32>],
    written: usize,
    streamed: bool,
}

impl<'a> Appender<'a> {
    /// An appender over `out`, by non-temporal stores if `streamed` (for a tensor larger than
    /// the caches: a small one is better left in cache for the operation that reads it next).
    pub(super) fn new(out: &'a mut [MaybeUninit<f32>], streamed: bool) -> Appender<'a> {
        Appender { out, written: 0, streamed }
    }

    /// Append `values` after what is written so far. Panics past the end.
    pub fn push(&mut self, values: &[f32]) {
        let end = self.written + values.len();
        assert!(end <= self.out.len(), "appended past the part's end");
        let dst = &mut self.out[self.written..end];
        if self.streamed {
            stream(dst, values);
        } else {
            copy(dst, values);
        }
        self.written = end;
    }

    /// Whether every value of the part is written.
    pub(super) fn is_full(&self) -> bool {
        self.written == self.out.len()
    }
}

/// From this many numbers (4 MB) a new tensor is written by non-temporal stores: note 000's
/// grids (16 MB at batch 128); note 001's, 100 KB, stay in cache.
pub(super) const STREAMED: usize = 1024 * 1024;

/// dst = src by ordinary stores.
fn copy(dst: &mut [MaybeUninit<f32>], src: &[f32]) {
    for (d, &s) in dst.iter_mut().zip(src) {
        *d = MaybeUninit::new(s);
    }
}

/// dst = src, by non-temporal stores where the CPU has them (see the module's comment); `fence`
/// must follow before another thread reads dst.
fn stream(dst: &mut [MaybeUninit<f32>], src: &[f32]) {
    assert_eq!(dst.len(), src.len());
    #[cfg(target_arch = "x86_64")]
    if !super::portable() {
        // SAFETY: SSE2 is part of x86_64's baseline; dst and src are live slices of one length
        unsafe { stream_sse2(dst, src) };
        return;
    }
    copy(dst, src);
}

/// Orders this thread's non-temporal stores before what it does next (the end of its part,
/// after which another thread may read them): `sfence` on x86_64, nothing elsewhere.
pub(super) fn fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: sfence has no operands, and SSE is part of x86_64's baseline
    unsafe {
        std::arch::x86_64::_mm_sfence()
    };
}

/// # Safety
/// dst.len() == src.len() (SSE2 is always there on x86_64).
// the streamed stores are weakly ordered: `fence` orders them before another thread reads them
#[cfg(target_arch = "x86_64")]
unsafe fn stream_sse2(dst: &mut [MaybeUninit<f32>], src: &[f32]) {
    use std::arch::x86_64::{_mm_loadu_ps, _mm_stream_ps};
    // ordinary stores up to the first 16-byte boundary, movntps from there in fours
    let head = dst.as_ptr().align_offset(16).min(dst.len());
    for (d, &s) in dst[..head].iter_mut().zip(&src[..head]) {
        *d = MaybeUninit::new(s);
    }
    let (body_dst, body_src) = (&mut dst[head..], &src[head..]);
    let fours = body_dst.len() / 4;
    for i in 0..fours {
        // SAFETY: 4·i + 3 < the body's length; the destination is 16-byte aligned (head above)
        // and `MaybeUninit<f32>` has the layout of f32
        unsafe {
            let v = _mm_loadu_ps(body_src.as_ptr().add(4 * i));
            _mm_stream_ps(body_dst.as_mut_ptr().add(4 * i) as *mut f32, v);
        }
    }
    for (d, &s) in body_dst[4 * fours..].iter_mut().zip(&body_src[4 * fours..]) {
        *d = MaybeUninit::new(s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Streamed pushes from any start (a destination 4 bytes past a 16-byte boundary, so each
    /// push has an ordinary head) and of any length (not a multiple of 4: an ordinary tail) write
    /// every value, in order.
    #[test]
    fn streamed_pushes_of_any_alignment_and_length_write_every_value() {
        let values: Vec<f32> = (0..200).map(|i| i as f32 * 0.5 - 3.0).collect();
        let mut out = vec![MaybeUninit::new(f32::NAN); 204];
        let skip = (1..5).find(|&s| out[s..].as_ptr().align_offset(16) != 0).expect("an unaligned start");
        let mut appender = Appender::new(&mut out[skip..skip + 200], true);
        let mut start = 0;
        for len in [1, 5, 7, 3, 90, 94] {
            appender.push(&values[start..start + len]);
            start += len;
        }
        fence();
        assert!(appender.is_full());
        // SAFETY: every value of out was initialised (NaN, then the pushes)
        let written: Vec<f32> = out[skip..skip + 200].iter().map(|v| unsafe { v.assume_init() }).collect();
        assert_eq!(written, values);
    }

    #[test]
    #[should_panic(expected = "appended past the part's end")]
    fn a_push_past_the_end_panics() {
        let mut out = vec![MaybeUninit::new(0.0f32); 3];
        Appender::new(&mut out, true).push(&[1.0; 4]);
    }
}
