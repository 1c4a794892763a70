//! Splitting one operation's work between this thread and a helper thread on each other core.
//!
//! A forward pass is a chain of operations of 50 µs to a few ms each, every one split across the
//! cores and joined before the next starts. A thread pool whose idle threads go to sleep (rayon's)
//! has to wake them for every operation, and on this kind of virtual machine a wake-up takes
//! 30–250 µs: as long as many of the operations themselves. So the helpers here keep spinning for
//! a short while after each piece of work (the way OpenMP's threads do for PyTorch) and only park
//! when nothing has come for `SPIN`; the next operation of a pass finds them awake.
//!
//! Work is handed out as numbered parts that the caller and the helpers claim one at a time, so a
//! core that another program slows down simply takes fewer parts. A helper takes a job it was
//! offered by swapping it out of its slot; a job still in the slot when the caller has done every
//! part is withdrawn, so the caller never waits for a helper that has not started (on a machine
//! with more busy threads than cores, a helper may not run for milliseconds, and waiting for it
//! at every operation once made a two-second evaluation take minutes). Which thread computes a
//! part never changes what it computes: results are the same bits with one thread or several.

use super::stream::Appender;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicUsize, Ordering::SeqCst};
use std::sync::{Mutex, Once, OnceLock};
use std::thread::{self, Thread};
use std::time::{Duration, Instant};

/// How long a helper keeps looking for work before it parks.
const SPIN: Duration = Duration::from_millis(2);

/// How many times a caller spins waiting for a helper that has taken its job (and so is running
/// one of its parts) before it also yields its core at each look.
const YIELD_AFTER: u32 = 1 << 16;

/// What a helper's slot holds while it runs the job it took: never dereferenced, only compared.
static TAKEN_MARK: u8 = 0;

fn taken() -> *mut Job<'static> {
    (&raw const TAKEN_MARK).cast::<Job<'static>>().cast_mut()
}

/// One call's parts: `run(i)` for every i in 0..parts, each claimed by exactly one thread.
struct Job<'a> {
    run: &'a (dyn Fn(usize) + Sync),
    parts: usize,
    next: AtomicUsize,
    /// helpers that have finished with this job (and will not touch it again)
    finished: AtomicUsize,
    /// a part panicked on a helper; the caller panics in its turn
    panicked: AtomicBool,
}

impl Job<'_> {
    /// Claim and run parts until none is left.
    fn work(&self) {
        loop {
            let i = self.next.fetch_add(1, SeqCst);
            if i >= self.parts {
                return;
            }
            (self.run)(i);
        }
    }
}

/// A helper thread: the job it is offered (null when idle, `taken()` while it runs one), and
/// whether it is parked.
struct Helper {
    job: AtomicPtr<Job<'static>>,
    parked: AtomicBool,
    thread: OnceLock<Thread>,
}

fn helpers() -> &'static [Helper] {
    static HELPERS: OnceLock<Box<[Helper]>> = OnceLock::new();
    static SPAWN: Once = Once::new();
    let helpers = HELPERS.get_or_init(|| {
        let others = thread::available_parallelism().map_or(1, |n| n.get()).saturating_sub(1);
        (0..others)
            .map(|_| Helper {
                job: AtomicPtr::new(std::ptr::null_mut()),
                parked: AtomicBool::new(false),
                thread: OnceLock::new(),
            })
            .collect()
    });
    SPAWN.call_once(|| {
        for (i, helper) in helpers.iter().enumerate() {
            match thread::Builder::new().name(format!("engine-helper-{i}")).spawn(move || helper_loop(helper)) {
                Ok(handle) => {
                    let _ = helper.thread.set(handle.thread().clone());
                }
                // no helper thread: its slot stays busy for good, and callers do its share
                Err(_) => helper.job.store(std::ptr::dangling_mut(), SeqCst),
            }
        }
    });
    helpers
}

fn helper_loop(helper: &'static Helper) {
    let mut idle_since = Instant::now();
    loop {
        let job = helper.job.load(SeqCst);
        if !job.is_null() {
            // take it, unless the caller has withdrawn it meanwhile
            if helper.job.compare_exchange(job, taken(), SeqCst, SeqCst).is_err() {
                continue;
            }
            // SAFETY: a job taken from the slot can no longer be withdrawn, and the caller keeps
            // it alive until `finished` counts this helper
            let job = unsafe { &*job };
            if catch_unwind(AssertUnwindSafe(|| job.work())).is_err() {
                job.panicked.store(true, SeqCst);
            }
            helper.job.store(std::ptr::null_mut(), SeqCst);
            job.finished.fetch_add(1, SeqCst); // the last touch of the job
            idle_since = Instant::now();
        } else if idle_since.elapsed() < SPIN {
            std::hint::spin_loop();
        } else {
            helper.parked.store(true, SeqCst);
            // a job handed over after this check sees `parked` and unparks this thread
            if helper.job.load(SeqCst).is_null() {
                thread::park();
            }
            helper.parked.store(false, SeqCst);
            idle_since = Instant::now();
        }
    }
}

/// Run `run(i)` for every i in 0..parts, on this thread and on every idle helper; returns when
/// all parts are done. When every helper is busy (training's two half-batches, `join`, already use
/// both cores) or inside a rayon task, this thread does all the parts itself.
pub fn for_each_part(parts: usize, run: impl Fn(usize) + Sync) {
    if parts <= 1 || rayon::current_thread_index().is_some() {
        (0..parts).for_each(run);
        return;
    }
    let job = Job {
        run: &run,
        parts,
        next: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        panicked: AtomicBool::new(false),
    };
    // SAFETY (of the lifetime erased here): this function does not return before every helper
    // handed the job has counted itself in `finished`, after its last use of the job.
    let shared = &job as *const Job as *mut Job<'static>;
    let mut handed = 0;
    for helper in helpers().iter().take(parts - 1) {
        if helper.job.compare_exchange(std::ptr::null_mut(), shared, SeqCst, SeqCst).is_ok() {
            handed += 1;
            if helper.parked.load(SeqCst)
                && let Some(thread) = helper.thread.get()
            {
                thread.unpark();
            }
        }
    }
    // a panic here must still wait for the helpers, which are reading `job` on this stack
    let own = catch_unwind(AssertUnwindSafe(|| job.work()));
    // every part is claimed: a helper that has not taken the job yet never will need it
    for helper in helpers().iter().take(parts - 1) {
        if helper.job.compare_exchange(shared, std::ptr::null_mut(), SeqCst, SeqCst).is_ok() {
            handed -= 1;
        }
    }
    // the others are running a part of it
    let mut spins = 0u32;
    while job.finished.load(SeqCst) < handed {
        spins = spins.saturating_add(1);
        if spins < YIELD_AFTER {
            std::hint::spin_loop();
        } else {
            thread::yield_now();
        }
    }
    if let Err(panic) = own {
        resume_unwind(panic);
    }
    assert!(!job.panicked.load(SeqCst), "an engine helper thread panicked");
}

/// `(a(), b())`, the two run at once when a helper is free (training's two half-batches): one on
/// this thread, the other on the helper, which is still spinning from the last step. A kernel
/// called inside either hands its parts only to helpers that are idle (on two cores: none until
/// the other half is done). A panic in either reaches the caller as it was raised.
pub fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    let tasks = Mutex::new((Some(a), Some(b)));
    let results = Mutex::new((None, None));
    // each part catches its own panic, so that the caller can raise it again unchanged
    let panics = Mutex::new(Vec::new());
    for_each_part(2, |part| {
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if part == 0 {
                let a = tasks.lock().expect("not poisoned").0.take().expect("part 0 runs once");
                let value = a();
                results.lock().expect("not poisoned").0 = Some(value);
            } else {
                let b = tasks.lock().expect("not poisoned").1.take().expect("part 1 runs once");
                let value = b();
                results.lock().expect("not poisoned").1 = Some(value);
            }
        }));
        if let Err(panic) = outcome {
            panics.lock().expect("not poisoned").push(panic);
        }
    });
    if let Some(panic) = panics.into_inner().expect("not poisoned").pop() {
        resume_unwind(panic);
    }
    let (a, b) = results.into_inner().expect("not poisoned");
    (a.expect("part 0 ran"), b.expect("part 1 ran"))
}

/// How many threads `for_each_part` can use.
pub fn threads() -> usize {
    helpers().len() + 1
}

/// `run(i, chunk)` for every `chunk_len`-long chunk of `data` (the last may be shorter), the
/// chunks shared out as in `for_each_part`.
pub fn for_each_chunk_mut<T: Send>(data: &mut [T], chunk_len: usize, run: impl Fn(usize, &mut [T]) + Sync) {
    let len = data.len();
    let base = Shared(data.as_mut_ptr());
    for_each_part(len.div_ceil(chunk_len.max(1)), |i| {
        let start = i * chunk_len;
        let end = (start + chunk_len).min(len);
        // SAFETY: chunk i is inside `data`, which is borrowed mutably for this call, and no
        // other part has the same i
        let chunk = unsafe { std::slice::from_raw_parts_mut(base.get().add(start), end - start) };
        run(i, chunk);
    });
}

/// A new vector of `len` numbers, shared out in `chunk_len`-long chunks as in `for_each_chunk_mut`:
/// each chunk is zeroed by the thread that then runs `fill(i, chunk)` on it, while it is in that
/// core's cache (zeroing the whole vector first, on one core, cost note 000's 16 MB score tensors
/// as much as the operation).
pub fn zeroed_in_parts(len: usize, chunk_len: usize, fill: impl Fn(usize, &mut [f32]) + Sync) -> Vec<f32> {
    let mut out: Vec<f32> = Vec::with_capacity(len);
    for_each_chunk_mut(&mut out.spare_capacity_mut()[..len], chunk_len.max(1), |i, chunk| {
        chunk.fill(std::mem::MaybeUninit::new(0.0));
        // SAFETY: every element of the chunk was initialised on the line above, and
        // `MaybeUninit<f32>` has the layout of `f32`
        let chunk = unsafe { &mut *(chunk as *mut [std::mem::MaybeUninit<f32>] as *mut [f32]) };
        fill(i, chunk);
    });
    // SAFETY: chunks of at least one element cover all `len` elements (`for_each_chunk_mut` runs
    // every chunk, or passes a panic on before this line), and each was initialised
    unsafe { out.set_len(len) };
    out
}

/// One output of `appended_in_parts`: how many numbers it holds, how many each part appends
/// (the last part maybe fewer), and whether the next operation reads it.
#[derive(Clone, Copy)]
pub struct Output {
    pub len: usize,
    pub chunk_len: usize,
    pub read_soon: bool,
}

/// N new tensors made together, part by part on the engine's threads: part i appends chunk i of
/// every output front to back (`Appender::push`), each written once, while the values are in
/// cache. A large output that is not `read_soon` goes to memory by non-temporal stores
/// (`stream`); one that is stays in cache for its reader. Every output must have as many chunks;
/// a part that leaves one short panics.
pub fn appended_in_parts<const N: usize>(
    outputs: [Output; N],
    fill: impl Fn(usize, &mut [Appender; N]) + Sync,
) -> [Vec<f32>; N] {
    let chunk_len = outputs.map(|o| o.chunk_len.max(1));
    let count = outputs.first().map_or(0, |o| o.len.div_ceil(chunk_len[0]));
    assert!((0..N).all(|j| outputs[j].len.div_ceil(chunk_len[j]) == count), "outputs of as many chunks");
    let mut outs: [Vec<f32>; N] = outputs.map(|o| Vec::with_capacity(o.len));
    let streamed = outputs.map(|o| !o.read_soon && o.len >= super::stream::STREAMED);
    {
        let mut chunks: Vec<_> = outs
            .iter_mut()
            .zip(outputs)
            .zip(chunk_len)
            .map(|((v, o), c)| v.spare_capacity_mut()[..o.len].chunks_mut(c))
            .collect();
        let mut parts: Vec<[Appender; N]> = (0..count)
            .map(|_| std::array::from_fn(|j| Appender::new(chunks[j].next().expect("as many chunks"), streamed[j])))
            .collect();
        for_each_chunk_mut(&mut parts, 1, |i, part| {
            fill(i, &mut part[0]);
            super::stream::fence();
            assert!(part[0].iter().all(Appender::is_full), "part {i} left an output short");
        });
    }
    for (out, o) in outs.iter_mut().zip(outputs) {
        // SAFETY: the parts' appenders cover all `o.len` elements of each output, and each was
        // checked full after its part (`for_each_chunk_mut` runs every part, or passes a panic
        // on before this line)
        unsafe { out.set_len(o.len) };
    }
    outs
}

/// A pointer (or a struct of pointers) handed to the threads of one operation, each of which
/// reads it or writes only its own part of what it points to. `get` takes the whole value, so a
/// closure that calls it captures the `Shared`, not the raw pointer inside. Private to `fast`:
/// outside it, nothing can wrap a value that is not safe to share.
#[derive(Clone, Copy)]
pub(super) struct Shared<T: Copy>(pub(super) T);
// SAFETY: `Shared` is only built in this module (`for_each_chunk_mut`), in `products` and in
// `thin`, around raw pointers whose users share out disjoint parts to write (chunks; rows, panels
// or columns of c; the rows of a split that come from a part's own rows of c) and only read the
// rest, within one call that outlives every thread's use
unsafe impl<T: Copy> Sync for Shared<T> {}
// SAFETY: as for `Sync` above
unsafe impl<T: Copy> Send for Shared<T> {}
impl<T: Copy> Shared<T> {
    pub(super) fn get(self) -> T {
        self.0
    }
}
