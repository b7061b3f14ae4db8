//! What the library keeps between calls: the thread count and memory set
//! by `SetMaxThreads`/`SetResources` (atomics: any thread may call at any
//! time), one solver per calling thread (its transposition table, kept
//! between calls as DDS keeps one per thread index). The batch functions
//! run on the facade's thread pools (`dds::Parallel::map`): only `dds`
//! owns threads. Nothing here is shared between two calls in flight.

use std::cell::RefCell;
use std::ffi::c_int;
use std::num::NonZeroUsize;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Once;

use dds::Solver;

use crate::codes::RETURN_UNKNOWN_FAULT;

/// The threads asked for (0: every core).
static THREADS: AtomicUsize = AtomicUsize::new(0);
/// The memory asked for, in MiB (0: the default).
static MEMORY_MB: AtomicUsize = AtomicUsize::new(0);

/// The default memory of a thread's table, MiB.
const DEFAULT_MB: usize = 64;

/// The cores of the machine, found once: asking the system reads the
/// cgroup files (tens of microseconds), too slow for every call's
/// `threadIndex` check.
pub(crate) fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// The threads the batch functions use, and the range of `threadIndex`:
/// the count asked for, at most the cores (as DDS 2.9 configures itself).
pub(crate) fn threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => cores(),
        n => n.min(cores()),
    }
}

/// Sets the thread count (0 or less: every core).
pub(crate) fn set_threads(n: c_int) {
    THREADS.store(usize::try_from(n).unwrap_or(0), Ordering::Relaxed);
}

/// Sets the memory for all threads together, MiB (0 or less: the
/// default per thread).
pub(crate) fn set_memory(mb: c_int) {
    MEMORY_MB.store(usize::try_from(mb).unwrap_or(0), Ordering::Relaxed);
}

/// The bytes of one thread's table.
pub(crate) fn memory_per_thread() -> usize {
    let per_thread = match MEMORY_MB.load(Ordering::Relaxed) {
        0 => DEFAULT_MB,
        total => (total / threads()).clamp(1, DEFAULT_MB * 4),
    };
    per_thread << 20
}

thread_local! {
    /// The calling thread's solver, made on first use.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
    /// A solver handed in for the call in progress (the handle API's),
    /// used instead of the thread's own.
    static GIVEN: std::cell::Cell<*mut Solver> = const { std::cell::Cell::new(std::ptr::null_mut()) };
}

/// Runs `f` with `solver` standing in for the calling thread's solver.
pub(crate) fn with_given_solver<T>(solver: &mut Solver, f: impl FnOnce() -> T) -> T {
    /// Puts back the solver that stood in before, also on unwinding.
    struct Restore(*mut Solver);
    impl Drop for Restore {
        fn drop(&mut self) {
            GIVEN.with(|given| given.set(self.0));
        }
    }
    let _restore = Restore(GIVEN.with(|given| given.replace(solver)));
    f()
}

/// Whether a solver is handed in for the call in progress (the handle
/// API's calls run on it alone, on the calling thread).
pub(crate) fn solver_given() -> bool {
    GIVEN.with(|given| !given.get().is_null())
}

/// Runs `f` with the solver given for this call, or else the calling
/// thread's own, in its default mode: a solver outlives the call, and a
/// setting one call made (`SolveBoard`'s mode 0 skipping forced cards) must
/// not carry over to the next call on the thread or handle (the play
/// analysis would then read a forced card's missing score as no tricks).
pub(crate) fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    with_any_solver(|solver| {
        solver.set_skip_forced(false);
        f(solver)
    })
}

/// Runs `f` with the solver given for this call, or else the calling
/// thread's own, as it is.
fn with_any_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    let given = GIVEN.with(|given| given.replace(std::ptr::null_mut()));
    if !given.is_null() {
        /// Hands the solver back for the rest of the call.
        struct Back(*mut Solver);
        impl Drop for Back {
            fn drop(&mut self) {
                GIVEN.with(|given| given.set(self.0));
            }
        }
        let _back = Back(given);
        // SAFETY: `given` comes from the `&mut Solver` of
        // `with_given_solver`, alive for the whole call; it is taken out
        // while in use, so no second `&mut` to it exists.
        return f(unsafe { &mut *given });
    }
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        let solver = slot.get_or_insert_with(|| Solver::with_memory(memory_per_thread()));
        f(solver)
    })
}

/// Drops the calling thread's solver and its table.
pub(crate) fn free_solver() {
    SOLVER.with(|cell| {
        if let Ok(mut slot) = cell.try_borrow_mut() {
            *slot = None;
        }
    });
}

/// `f(k)` for each `k` in `0..n`, on `threads()` threads of the facade's
/// pools ([`dds::Parallel::map`]), one item at a time per thread, in
/// order. Each worker thread keeps its own solver (`with_solver`), as DDS
/// keeps one per thread index.
pub(crate) fn on_pool<T: Send>(n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
    dds::Parallel::with_threads(threads()).map(n, |k| {
        // A panic on a worker thread is caught by the calling entry
        // point's guard: the hook stays quiet there too.
        INSIDE.with(|inside| inside.set(true));
        f(k)
    })
}

thread_local! {
    /// Whether this thread is inside an entry point (a panic there is
    /// caught and reported as a status code, not printed).
    static INSIDE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs an entry point: a panic becomes `RETURN_UNKNOWN_FAULT`, without
/// a message on standard error (the panic hook stays quiet inside entry
/// points and calls the program's own hook elsewhere).
pub(crate) fn guard(f: impl FnOnce() -> c_int) -> c_int {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !INSIDE.with(std::cell::Cell::get) {
                previous(info);
            }
        }));
    });
    let outer = INSIDE.with(|inside| inside.replace(true));
    let result = catch_unwind(AssertUnwindSafe(f)).unwrap_or(RETURN_UNKNOWN_FAULT);
    INSIDE.with(|inside| inside.set(outer));
    result
}
