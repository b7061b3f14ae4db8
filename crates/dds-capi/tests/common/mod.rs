//! Helpers shared by the C-level tests (`tests/layout.rs`,
//! `tests/c_programs.rs`): the C compiler, DDS's header, scratch
//! directories and the library under test.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{SystemTime, UNIX_EPOCH};

/// What to install when the C toolchain or DDS's header is missing.
pub(crate) const INSTALL_HINT: &str = "run `apt-get install libdds-dev build-essential`";

/// DDS's own header, as Debian's libdds-dev installs it.
pub(crate) const DDS_HEADER: &str = "/usr/include/dds/dll.h";

/// The C sources of the tests.
pub(crate) fn c_source(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests").join("c").join(name)
}

/// A hand file of `fixtures/dds-hands`.
pub(crate) fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures/dds-hands").join(name)
}

/// Fails the test, saying what to install, unless `cc` and DDS's header
/// are there: these tests must never pass by doing nothing.
pub(crate) fn require_c_toolchain() {
    assert!(
        Path::new(DDS_HEADER).is_file(),
        "{DDS_HEADER} is missing: the C-level tests compile against DDS's own header; {INSTALL_HINT}"
    );
    match Command::new("cc").arg("--version").output() {
        Ok(output) if output.status.success() => {}
        Ok(output) => panic!("`cc --version` failed ({}): {INSTALL_HINT}", output.status),
        Err(err) => panic!("no C compiler `cc` ({err}): {INSTALL_HINT}"),
    }
}

/// A scratch directory, removed at the end of a passing test and kept (its
/// path printed) when the test fails.
pub(crate) struct TempDir(PathBuf);

impl TempDir {
    pub(crate) fn new(tag: &str) -> Self {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
        let path = std::env::temp_dir().join(format!("dds-capi-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap_or_else(|err| panic!("cannot create {}: {err}", path.display()));
        TempDir(path)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("kept {} for inspection", self.0.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// Compiles one C program: `cc -std=c99 -Wall -Werror -O1 SOURCE
/// -I/usr/include -o OUT EXTRA...` (libraries go last, in `extra`).
pub(crate) fn compile(source: &Path, out: &Path, extra: &[&str]) {
    let mut cmd = Command::new("cc");
    cmd.args(["-std=c99", "-Wall", "-Werror", "-O1"]).arg(source).arg("-I/usr/include").arg("-o").arg(out);
    cmd.args(extra);
    let output = cmd.output().unwrap_or_else(|err| panic!("cannot run cc ({err}): {INSTALL_HINT}"));
    assert!(output.status.success(), "{cmd:?} failed:\n{}", describe(&output));
}

/// The exit status and both streams of a finished command, for messages.
pub(crate) fn describe(output: &Output) -> String {
    format!(
        "exit status: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The shared library under test.
///
/// `cargo test` builds the crate's library target once for all its crate
/// types, and leaves the cdylib next to the test executables, in
/// `target/<profile>/deps/libddscapi.so` (`cargo build` also copies it to
/// `target/<profile>/`): that copy, built together with this test, is the
/// one used; the copy one level up is only a fallback.
pub(crate) fn our_library() -> PathBuf {
    let exe = std::env::current_exe().expect("the test executable's path");
    let deps = exe.parent().expect("the test executable's directory");
    let candidates = [deps.join("libddscapi.so"), deps.parent().map_or_else(PathBuf::new, |p| p.join("libddscapi.so"))];
    candidates.iter().find(|p| p.is_file()).cloned().unwrap_or_else(|| {
        panic!(
            "libddscapi.so is in neither {} nor {}: build it with `cargo build -p dds-capi` (same profile as the tests)",
            candidates[0].display(),
            candidates[1].display()
        )
    })
}
