//! CPU time from the kernel's accounting: `getrusage` for this process,
//! `wait4` for a child process (Linux; elsewhere the figures are zero).
//!
//! A child's peak memory (`ru_maxrss`) is not reported: Linux counts in it
//! the resident size of the process that spawned it, at the moment of
//! `exec` (the bench's own, tens of MB with DDS's tables), so it does not
//! measure the child.

use std::process::Child;
use std::time::Duration;

/// What a finished child process used.
#[derive(Copy, Clone, Debug, Default)]
pub(crate) struct ChildUsage {
    /// User CPU time.
    pub(crate) user: Duration,
    /// Whether it exited with status 0.
    pub(crate) success: bool,
}

#[cfg(target_os = "linux")]
mod sys {
    use std::ffi::{c_int, c_long};
    use std::time::Duration;

    #[repr(C)]
    #[derive(Default)]
    pub(super) struct Timeval {
        tv_sec: c_long,
        tv_usec: c_long,
    }

    impl Timeval {
        pub(super) fn duration(&self) -> Duration {
            Duration::from_secs(self.tv_sec as u64) + Duration::from_micros(self.tv_usec as u64)
        }
    }

    /// Linux's `struct rusage`: the two times, then 14 counters.
    #[repr(C)]
    #[derive(Default)]
    pub(super) struct Rusage {
        pub(super) ru_utime: Timeval,
        ru_stime: Timeval,
        rest: [c_long; 14],
    }

    extern "C" {
        pub(super) fn getrusage(who: c_int, usage: *mut Rusage) -> c_int;
        pub(super) fn wait4(pid: c_int, status: *mut c_int, options: c_int, usage: *mut Rusage) -> c_int;
    }
}

/// The user CPU time of this process so far (`getrusage(RUSAGE_SELF)`: every
/// thread, DDS's included).
#[cfg(target_os = "linux")]
pub(crate) fn self_user() -> Duration {
    let mut usage = sys::Rusage::default();
    // SAFETY: RUSAGE_SELF (0) and a `struct rusage` to fill.
    if unsafe { sys::getrusage(0, &mut usage) } != 0 {
        return Duration::ZERO;
    }
    usage.ru_utime.duration()
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn self_user() -> Duration {
    Duration::ZERO
}

/// Waits for `child` (whose output must already be read or not piped) with
/// `wait4`, which reports that child's own CPU time. The
/// child is reaped here: `Child::wait` must not be called on it afterwards.
#[cfg(target_os = "linux")]
pub(crate) fn wait(child: Child) -> std::io::Result<ChildUsage> {
    let pid = child.id() as std::ffi::c_int;
    let mut usage = sys::Rusage::default();
    let mut status = 0;
    loop {
        // SAFETY: a child of this process not yet reaped, and a status word
        // and a `struct rusage` to fill.
        if unsafe { sys::wait4(pid, &mut status, 0, &mut usage) } == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
    Ok(ChildUsage {
        user: usage.ru_utime.duration(),
        // WIFEXITED with WEXITSTATUS 0.
        success: status == 0,
    })
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn wait(mut child: Child) -> std::io::Result<ChildUsage> {
    let status = child.wait()?;
    Ok(ChildUsage { success: status.success(), ..ChildUsage::default() })
}
