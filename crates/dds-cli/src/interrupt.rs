//! Stopping on a signal: Ctrl-C (SIGINT), SIGTERM and SIGHUP, caught by
//! the `ctrlc` crate (its `termination` feature adds SIGTERM and SIGHUP).
//!
//! * The batch commands of tables (`table`, `par`, `pbn`, `report`) stop
//!   the searches in flight (within about a millisecond): the deals of the chunk
//!   solved before the first one not solved are written, in input order,
//!   and the rest of the chunk and the records read after it are dropped;
//!   nothing more is read. `layouts` checks between chunks: the layouts
//!   the workers hold are finished. Every result finished is written whole and
//!   flushed, a `-o FILE` run leaves FILE as it was and the finished
//!   results in `FILE.part`, and a message on standard error says how many
//!   were finished and where they are. A wait for standard input (a pipe
//!   that stays open) ends too.
//! * The commands that print one result (`solve`, `line`, `play`) have
//!   nothing finished to keep until their result is found: a signal before
//!   then stops them at once, with a message; one that comes while the
//!   result is being written lets it be written whole.
//! * While a file given by name is read, or an output file opened (before
//!   anything is solved), the first signal stops the command at once:
//!   there is nothing to finish.
//! * A second signal stops any command at once: the output may then end in
//!   a partial record, and `FILE.part` in a partial game (FILE itself is
//!   still left as it was).
//!
//! The exit status is [`EXIT_STATUS`] for each of the three signals: the
//! handler is not told which one came, so one status serves, the one a
//! shell reports for a command ended by Ctrl-C.

use std::io::{IsTerminal, Write};
use std::sync::{LazyLock, Mutex, PoisonError};

use dds::StopFlag;

/// The exit status of a run stopped by a signal (128 + SIGINT's number).
pub(crate) const EXIT_STATUS: u8 = 130;

/// What the first signal does.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// Asks the command to stop: the batches' searches end part way
    /// ([`stop_flag`]), and the commands check [`requested`] between
    /// chunks and results.
    Finish,
    /// Ends the process at once: nothing has been written, and the search
    /// in progress cannot be stopped part way.
    AtOnce,
    /// Ends the process at once with this message: the input is being
    /// read or the output opened, and nothing has been solved or written
    /// (see [`while_reading`], [`while_opening`]).
    Preparing(&'static str),
}

/// The handler's state: the mode, and the signals received. The handler
/// runs on a thread of its own (not in the signal's context), so a lock is
/// fine; it makes the switch from [`Mode::AtOnce`] to writing (see
/// [`finish_from_here`]) and an exit at once exclude each other.
struct State {
    mode: Mode,
    signals: usize,
}

static STATE: Mutex<State> = Mutex::new(State { mode: Mode::Finish, signals: 0 });

/// Set by the first signal: read without the lock, between chunks, and by
/// the searches of a batch, which it stops part way.
static REQUESTED: LazyLock<StopFlag> = LazyLock::new(StopFlag::new);

/// Catches SIGINT, SIGTERM and SIGHUP for the rest of the run, the first
/// one acting as `mode` says. If the handler cannot be set (another one is
/// there), the signals keep their default effect.
pub(crate) fn install(mode: Mode) {
    lock().mode = mode;
    let _ = ctrlc::set_handler(handle);
}

/// Whether a signal has asked the run to stop.
pub(crate) fn requested() -> bool {
    REQUESTED.is_stopped()
}

/// The flag the first signal sets, for the batches' searches
/// ([`dds::dd_tables_stoppable`]).
pub(crate) fn stop_flag() -> &'static StopFlag {
    &REQUESTED
}

/// From here on the first signal no longer ends the process at once: the
/// result has been found and is being written (it is written whole, and
/// the run then exits with [`EXIT_STATUS`]). Waits for an exit already
/// under way, so that no output starts after it.
pub(crate) fn finish_from_here() {
    lock().mode = Mode::Finish;
}

/// Runs `read`, the reading of a file given by name, with the first signal
/// ending the process at once: there is nothing to finish before the
/// input is read, and a large file takes a while. The mode before is back
/// afterwards.
pub(crate) fn while_reading<T>(read: impl FnOnce() -> T) -> T {
    preparing("interrupted while the input was read: nothing is solved or written", read)
}

/// Runs `open`, the opening of an output file, with the first signal
/// ending the process at once: opening a named pipe waits for its reader,
/// and nothing has been solved yet.
pub(crate) fn while_opening<T>(open: impl FnOnce() -> T) -> T {
    preparing("interrupted while the output was opened: nothing is solved or written", open)
}

/// Runs `f` in [`Mode::Preparing`] with `message`, the mode before back
/// afterwards.
fn preparing<T>(message: &'static str, f: impl FnOnce() -> T) -> T {
    let before = std::mem::replace(&mut lock().mode, Mode::Preparing(message));
    let result = f();
    lock().mode = before;
    result
}

fn lock() -> std::sync::MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The handler: counts the signal, and ends the process at once on the
/// second one or in [`Mode::AtOnce`]; else only marks the request (and, on
/// a terminal, says that the work in progress is being finished).
fn handle() {
    let mut state = lock();
    state.signals += 1;
    REQUESTED.stop();
    let message = match (state.signals, state.mode) {
        (1, Mode::Finish) => {
            if std::io::stderr().is_terminal() {
                // On a line of its own, after any progress line.
                let _ = writeln!(
                    std::io::stderr().lock(),
                    "\ndds: interrupted: finishing the work in progress (interrupt again to stop at once)"
                );
            }
            return;
        }
        (1, Mode::AtOnce) => "interrupted before the result was found: nothing is written",
        (1, Mode::Preparing(message)) => message,
        _ => "interrupted again: stopped at once; the output may end in a partial record",
    };
    let _ = writeln!(std::io::stderr().lock(), "dds: {message}");
    // The lock stays held: a `finish_from_here` waits for the exit.
    std::process::exit(i32::from(EXIT_STATUS));
}
