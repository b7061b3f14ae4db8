//! Installing Debian packages with apt-get for `cargo xtask test`, waiting
//! for another apt or dpkg process to finish first.
//!
//! A machine that has just booted often runs its own apt (unattended
//! upgrades, a provisioning script) while CI starts: apt-get then fails at
//! once with "Could not get lock ...". dpkg's lock is waited for by apt-get
//! itself when given `-o DPkg::Lock::Timeout=SECONDS`; the package lists'
//! lock (taken by `apt-get update`) is not covered by that option on every
//! apt version, so a failure that names a lock is also retried here until
//! [`LOCK_WAIT`] has passed.

use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long to wait, in all, for other apt or dpkg processes to release
/// their locks before giving up.
pub(crate) const LOCK_WAIT: Duration = Duration::from_secs(15 * 60);

/// How long to sleep between two tries while a lock is held.
const RETRY_PAUSE: Duration = Duration::from_secs(5);

/// How apt-get is started: its program, the arguments before apt-get's own
/// (`sudo apt-get` when not root), and the pacing of the retries.
#[derive(Clone, Debug)]
pub(crate) struct Apt {
    program: OsString,
    prefix: Vec<OsString>,
    wait: Duration,
    pause: Duration,
}

impl Apt {
    /// The system's apt-get: run directly as root, else through sudo.
    pub(crate) fn system() -> Apt {
        let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let (program, prefix) = if root { ("apt-get", vec![]) } else { ("sudo", vec!["apt-get".into()]) };
        Apt { program: program.into(), prefix, wait: LOCK_WAIT, pause: RETRY_PAUSE }
    }

    /// An apt-get that is the shell script `script`, waiting at most
    /// `wait` for locks and pausing `pause` between tries (tests use a
    /// stand-in). The script is run by `sh` rather than executed itself:
    /// a script just written may not be executed while another test's
    /// thread forks with its file still open for writing ("Text file
    /// busy").
    #[cfg(test)]
    fn with_script(script: impl Into<OsString>, wait: Duration, pause: Duration) -> Apt {
        Apt { program: "sh".into(), prefix: vec![script.into()], wait, pause }
    }

    /// Runs `apt-get ARGS` noninteractively. While another process holds an
    /// apt or dpkg lock, waits (dpkg's lock through apt-get's own
    /// `DPkg::Lock::Timeout`, any lock by trying again) for at most the
    /// wait given; any other failure is an error at once.
    pub(crate) fn run(&self, args: &[&str]) -> Result<(), String> {
        let started = Instant::now();
        let mut announced = false;
        loop {
            let left = self.wait.saturating_sub(started.elapsed());
            let mut cmd = Command::new(&self.program);
            cmd.args(&self.prefix)
                .arg("-o")
                .arg(format!("DPkg::Lock::Timeout={}", left.as_secs()))
                .args(args)
                .env("DEBIAN_FRONTEND", "noninteractive")
                .stderr(Stdio::piped());
            let output = cmd.output().map_err(|e| format!("cannot run {:?}: {e}", self.program))?;
            // apt-get's own output goes on as if it had not been captured
            // (through the print macros, which a test's harness captures).
            print!("{}", String::from_utf8_lossy(&output.stdout));
            eprint!("{}", String::from_utf8_lossy(&output.stderr));
            if output.status.success() {
                return Ok(());
            }
            let stderr = String::from_utf8_lossy(&output.stderr);
            let failed = format!("apt-get {} failed: {}", args.join(" "), output.status);
            if !is_lock_error(&stderr) {
                return Err(failed);
            }
            if started.elapsed() + self.pause > self.wait {
                return Err(format!(
                    "{failed}: another apt or dpkg process held its lock for {} s; \
                     wait for it to end (`ps -C apt-get,dpkg,unattended-upgr`) and run again",
                    self.wait.as_secs()
                ));
            }
            if !announced {
                println!(
                    "xtask test: another apt or dpkg process holds its lock; waiting for it (at most {} s)",
                    self.wait.as_secs()
                );
                announced = true;
            }
            std::thread::sleep(self.pause);
        }
    }
}

/// Whether apt-get's error output says that a lock is held by another
/// process (its messages for dpkg's locks and the package lists' lock).
fn is_lock_error(stderr: &str) -> bool {
    stderr.lines().any(|line| {
        line.starts_with("E:")
            && (line.contains("Could not get lock")
                || line.contains("Unable to acquire the dpkg frontend lock")
                || line.contains("Unable to lock directory")
                || line.contains("Unable to lock the administration directory"))
    })
}

/// Installs the packages (name, probe) that are missing, with apt-get (as root, or
/// through sudo), waiting for another apt or dpkg process to release its
/// lock first ([`crate::apt`]).
pub(crate) fn ensure(packages: &[(&str, &str)]) -> Result<(), String> {
    let missing: Vec<&str> = packages.iter().filter(|(_, probe)| !present(probe)).map(|(name, _)| *name).collect();
    if missing.is_empty() {
        return Ok(());
    }
    println!("xtask: installing {}", missing.join(" "));
    let apt = Apt::system();
    apt.run(&["update", "-q"])?;
    let mut install = vec!["install", "-y", "-q", "--no-install-recommends"];
    install.extend(&missing);
    apt.run(&install).map_err(|e| format!("cannot install {}: {e}", missing.join(" ")))?;
    match packages.iter().find(|(_, probe)| !present(probe)) {
        Some((name, _)) => Err(format!("{name} is still missing after apt-get install")),
        None => Ok(()),
    }
}

/// Whether a probe holds: an absolute path exists, or a command runs.
pub(crate) fn present(probe: &str) -> bool {
    if probe.starts_with('/') {
        return Path::new(probe).exists();
    }
    let mut words = probe.split_whitespace();
    let Some(program) = words.next() else { return false };
    let mut cmd = Command::new(program);
    cmd.args(words);
    if program == "cc" || program == "nm" {
        cmd.arg("--version");
    }
    cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::null()).status().is_ok_and(|s| s.success())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::path::{Path, PathBuf};

    /// A fresh temporary folder of the test's own.
    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("xtask-apt-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A stand-in for apt-get (a shell script) that appends its arguments to `calls`, then
    /// fails with `message` and status 100 on its first `failures` runs and
    /// succeeds after that.
    fn fake_apt(dir: &Path, failures: usize, message: &str) -> PathBuf {
        let program = dir.join("apt-get");
        let script = format!(
            "#!/bin/sh\n\
             echo \"$*\" >> '{calls}'\n\
             n=$(wc -l < '{calls}')\n\
             if [ \"$n\" -le {failures} ]; then echo '{message}' >&2; exit 100; fi\n\
             echo 'Reading package lists... Done'\n",
            calls = dir.join("calls").display(),
        );
        fs::write(&program, script).unwrap();
        program
    }

    fn calls(dir: &Path) -> Vec<String> {
        fs::read_to_string(dir.join("calls")).unwrap_or_default().lines().map(str::to_owned).collect()
    }

    const HELD: &str = "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)";

    #[test]
    fn waits_while_another_process_holds_the_lock() {
        let dir = scratch("held");
        let apt = Apt::with_script(fake_apt(&dir, 3, HELD), Duration::from_secs(60), Duration::from_millis(10));
        apt.run(&["install", "-y", "chromium"]).unwrap();
        let calls = calls(&dir);
        assert_eq!(calls.len(), 4, "three tries while the lock was held, then one that succeeded: {calls:?}");
        for call in &calls {
            assert!(call.starts_with("-o DPkg::Lock::Timeout="), "{call}");
            assert!(call.ends_with("install -y chromium"), "{call}");
        }
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_lists_lock_of_apt_get_update_is_waited_for_too() {
        let dir = scratch("lists");
        let message = "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 77 (apt-get)\n\
                       E: Unable to lock directory /var/lib/apt/lists/";
        let apt = Apt::with_script(fake_apt(&dir, 1, message), Duration::from_secs(60), Duration::from_millis(10));
        apt.run(&["update", "-q"]).unwrap();
        assert_eq!(calls(&dir).len(), 2);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn gives_up_with_a_clear_error_when_the_lock_stays_held() {
        let dir = scratch("stays");
        let apt = Apt::with_script(fake_apt(&dir, 1000, HELD), Duration::from_millis(200), Duration::from_millis(20));
        let err = apt.run(&["update"]).unwrap_err();
        assert!(err.contains("held its lock"), "{err}");
        assert!(calls(&dir).len() > 1, "it tried more than once");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn other_failures_are_errors_at_once() {
        let dir = scratch("other");
        let message = "E: Unable to locate package no-such-package";
        let apt = Apt::with_script(fake_apt(&dir, 1000, message), Duration::from_secs(60), Duration::from_millis(10));
        let err = apt.run(&["install", "no-such-package"]).unwrap_err();
        assert!(err.contains("apt-get install no-such-package failed"), "{err}");
        assert_eq!(calls(&dir).len(), 1);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn lock_messages_are_told_from_other_errors() {
        assert!(is_lock_error(HELD));
        assert!(is_lock_error(
            "E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?"
        ));
        assert!(!is_lock_error("E: Unable to locate package chromium"));
        assert!(!is_lock_error("W: Could not get lock, a warning only"));
    }
}
