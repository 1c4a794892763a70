//! Work that can be called off and says how far it has got. A worker thread computes under a
//! `Work` (`Work::run`); the computation marks its parts (`part(i, n, …)`: part i of n of
//! whatever part it is in), which sets how far it has got, and before each part, and at each
//! `checkpoint`, it stops if the work was cancelled: the thread unwinds to `Work::run` (with
//! `resume_unwind`, which runs no panic hook: nothing is printed, the terminal is not touched),
//! dropping what it computed. On a thread with no work (the screen's own, tests, `--print`), a
//! part is only run and a checkpoint does nothing. A leaf: it imports nothing from the crate.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};

/// One piece of work: whether it was cancelled, how far it has got, whether it has ended.
#[derive(Debug, Default)]
pub struct Work {
    cancelled: AtomicBool,
    /// Thousandths done.
    permille: AtomicU32,
    /// How many parts the computation has entered (at any depth).
    parts: AtomicU32,
    finished: AtomicBool,
    /// The computation panicked (not a cancel).
    failed: AtomicBool,
}

/// The payload a cancelled computation unwinds with.
struct Cancelled;

/// The work this thread computes under, and the part of the whole it is in: [from, to).
struct Current {
    work: Arc<Work>,
    parts: Vec<(f64, f64)>,
}

thread_local! {
    static CURRENT: RefCell<Option<Current>> = const { RefCell::new(None) };
}

impl Work {
    pub fn new() -> Arc<Work> {
        Arc::new(Work::default())
    }

    /// Call the work off: it stops at its next part or checkpoint.
    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }

    /// Whether `run` has returned (done, cancelled, or failed).
    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::Acquire)
    }

    /// How far it has got, in thousandths.
    pub fn permille(&self) -> u32 {
        self.permille.load(Ordering::Relaxed)
    }

    /// How many parts the computation has entered so far, at any depth: each one a point where it
    /// said how far it had got and could have been called off.
    pub fn parts_entered(&self) -> u32 {
        self.parts.load(Ordering::Relaxed)
    }

    /// Whether the computation panicked (a cancel is not a failure).
    pub fn has_failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Run `f` on this thread as this work: its value, or None when the work was cancelled
    /// before it was done. (A panic inside `f` goes on unwinding; the work is finished either way.)
    pub fn run<T>(self: &Arc<Self>, f: impl FnOnce() -> T) -> Option<T> {
        let mut out = None;
        self.run_then(f, |value| out = Some(value));
        out
    }

    /// `run`, handing the value to `deliver` before the work counts as finished, so that whoever
    /// waits for `is_finished` finds what `deliver` stored. A panic inside `f` marks the work
    /// failed and finished, and goes on unwinding.
    pub fn run_then<T>(self: &Arc<Self>, f: impl FnOnce() -> T, deliver: impl FnOnce(T)) {
        CURRENT.with(|c| *c.borrow_mut() = Some(Current { work: self.clone(), parts: vec![(0.0, 1.0)] }));
        let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
        CURRENT.with(|c| *c.borrow_mut() = None);
        match out {
            Ok(value) => {
                deliver(value);
                self.permille.store(1000, Ordering::Relaxed);
            }
            Err(payload) if payload.is::<Cancelled>() => {}
            Err(payload) => {
                self.failed.store(true, Ordering::Relaxed);
                self.finished.store(true, Ordering::Release);
                std::panic::resume_unwind(payload)
            }
        }
        self.finished.store(true, Ordering::Release);
    }
}

/// Stop here if this thread's work was cancelled.
pub fn checkpoint() {
    let cancelled = CURRENT.with(|c| c.borrow().as_ref().is_some_and(|c| c.work.is_cancelled()));
    if cancelled {
        std::panic::resume_unwind(Box::new(Cancelled));
    }
}

/// Run `f` as part `i` of `n` of the part this thread is in (stopping first if the work was
/// cancelled); how far the work has got moves to the part's start, then to its end.
pub fn part<T>(i: usize, n: usize, f: impl FnOnce() -> T) -> T {
    checkpoint();
    let entered = CURRENT.with(|c| {
        let mut c = c.borrow_mut();
        let current = c.as_mut()?;
        let (from, to) = *current.parts.last()?;
        let share = (to - from) / n.max(1) as f64;
        let (start, end) = (from + share * i as f64, from + share * (i + 1) as f64);
        current.parts.push((start, end.min(to)));
        current.work.permille.store((start * 1000.0) as u32, Ordering::Relaxed);
        current.work.parts.fetch_add(1, Ordering::Relaxed);
        Some(())
    });
    let out = f();
    if entered.is_some() {
        CURRENT.with(|c| {
            if let Some(current) = c.borrow_mut().as_mut()
                && let Some((_, end)) = current.parts.pop()
            {
                current.work.permille.store((end * 1000.0) as u32, Ordering::Relaxed);
            }
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_say_how_far_the_work_has_got() {
        let work = Work::new();
        let seen = work.run(|| {
            let mut seen = Vec::new();
            for i in 0..2 {
                part(i, 2, || {
                    for j in 0..2 {
                        part(j, 2, || seen.push(CURRENT.with(|c| c.borrow().as_ref().unwrap().work.permille())));
                    }
                });
            }
            seen
        });
        assert_eq!(seen, Some(vec![0, 250, 500, 750]));
        assert_eq!(work.parts_entered(), 6, "two parts of two parts each");
        assert_eq!(work.permille(), 1000);
        assert!(work.is_finished() && !work.is_cancelled());
    }

    #[test]
    fn a_panic_marks_the_work_failed_and_a_value_is_delivered_before_it_finishes() {
        let work = Work::new();
        let caught = std::panic::catch_unwind(|| work.run_then(|| panic!("boom"), |_: ()| {}));
        assert!(caught.is_err() && work.is_finished() && work.has_failed());
        let work = Work::new();
        let seen = std::cell::Cell::new(false);
        work.run_then(|| 7, |v| seen.set(v == 7 && !work.is_finished()));
        assert!(seen.get() && work.is_finished() && !work.has_failed());
    }

    #[test]
    fn cancelled_work_stops_at_its_next_part() {
        let work = Work::new();
        let mut done = 0;
        let out = work.run(|| {
            for i in 0..4 {
                part(i, 4, || done += 1);
                if i == 1 {
                    work.cancel();
                }
            }
            "all of it"
        });
        assert_eq!(out, None);
        assert_eq!(done, 2, "the parts after the cancel never ran");
        assert!(work.is_finished());
        // outside any work a part only runs
        assert_eq!(part(0, 3, || 7), 7);
        checkpoint();
    }

    #[test]
    fn a_panic_inside_the_work_goes_on() {
        let work = Work::new();
        let caught = std::panic::catch_unwind(|| work.run(|| panic!("boom")));
        assert!(caught.is_err());
        assert!(work.is_finished());
    }
}
