//! `cargo xtask test`: every test of the project from one command, on a
//! clean machine as on a developer's: the system packages the tests need
//! (DDS's header and library for the C interface and the differential
//! tests, a C compiler, Python with `venv`, `nm`) are installed with
//! apt-get when missing, then formatting, lints, the Rust tests, the
//! differential tests against DDS 2.9, the C library through Python's
//! ctypes, the C library's threads under ThreadSanitizer (`tsan
//! --stable`), every fuzz target for a minute, an unchanged client (endplay
//! from the Python registry) swapped onto our library, and the Python
//! package (built, installed, tested). `.ci/run` runs exactly this.

use std::path::Path;
use std::process::Command;

use crate::process::run_command;

/// The Debian packages the tests need, and a file or program that tells
/// whether each is there.
const PACKAGES: [(&str, &str); 5] = [
    ("libdds-dev", "/usr/include/dds/dll.h"),
    ("build-essential", "cc"),
    ("python3", "python3"),
    ("python3-venv", "python3 -m venv --help"),
    ("binutils", "nm"),
];

/// How long CI fuzzes each target, in seconds.
const FUZZ_SECONDS: &str = "60";

/// The version of endplay the client test installs.
const ENDPLAY: &str = "endplay==0.5.12";

/// Runs the whole suite; `--offline` leaves out what installs from the
/// Python registry (the endplay client test and the Python package).
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    let offline = match args {
        [] => false,
        ["--offline"] => true,
        _ => return Err("usage: cargo xtask test [--offline]".to_owned()),
    };
    let root = xtask::project_root();
    install_packages()?;
    step("formatting", cargo(&["fmt", "--all", "--check"]))?;
    step("lints", cargo(&["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]))?;
    step("tests", cargo(&["test", "--workspace", "--release"]))?;
    step(
        "differential tests against DDS 2.9",
        cargo(&["test", "--release", "-p", "dds-bench", "--features", "oracle"]),
    )?;
    // The C library side by side with Debian's libdds.so.0, both loaded by
    // path in one C program.
    let mut differential = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    differential
        .current_dir(&root)
        .args(["test", "--release", "-p", "dds-capi", "--test", "c_programs", "differential"])
        .env("DDS_ORACLE", "1")
        .env("DDS_ORACLE_CASES", "300");
    step("the C library against DDS 2.9", run_command(&mut differential))?;
    step("the C library", cargo(&["build", "--release", "-p", "dds-capi"]))?;
    let library = root.join("target/release/libddscapi.so");
    let hands = root.join("fixtures/dds-hands/list100.txt");
    let script = root.join("crates/dds-capi/tests/python/test_ctypes.py");
    step(
        "the C library through Python's ctypes",
        run_command(Command::new("python3").arg(&script).arg(&library).arg(&hands)),
    )?;
    // The C library's threads under ThreadSanitizer with the stable
    // toolchain (the pool-based batch functions left out; the thorough run,
    // `cargo xtask tsan`, needs nightly: docs/sanitizers.md).
    step("ThreadSanitizer (stable)", crate::sanitizers::tsan(&["--stable"]))?;
    // Every fuzz target for a bounded time from its seeds, after replaying
    // the crashes kept in fuzz/regressions/ (no nightly toolchain needed).
    step("fuzzing", crate::fuzz::run(&["--seconds", FUZZ_SECONDS]))?;
    if offline {
        println!("xtask test: the endplay client test and the Python package were left out (--offline)");
        return Ok(());
    }
    let venv = root.join("target/xtask-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        step("a Python environment", run_command(Command::new("python3").args(["-m", "venv"]).arg(&venv)))?;
    }
    step(
        "endplay",
        run_command(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            ENDPLAY,
        ])),
    )?;
    let client = root.join("crates/dds-capi/tests/python/endplay_client.py");
    step("endplay on our library", run_command(Command::new(&python).arg(&client).arg("--ours").arg(&library)))?;
    // The Python package: its wheel built with maturin, installed in a
    // virtual environment of its own with the pinned test tools (endplay
    // among them), and its tests.
    step("the Python package", run_command(Command::new("bash").arg(root.join("python/ci.sh"))))?;
    println!("xtask test: all passed");
    Ok(())
}

/// Installs the packages that are missing, with apt-get (as root, or
/// through sudo).
fn install_packages() -> Result<(), String> {
    let missing: Vec<&str> = PACKAGES.iter().filter(|(_, probe)| !present(probe)).map(|(name, _)| *name).collect();
    if missing.is_empty() {
        return Ok(());
    }
    println!("xtask test: installing {}", missing.join(" "));
    let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0"));
    let apt = |args: &[&str]| {
        let mut cmd = if root { Command::new("apt-get") } else { Command::new("sudo") };
        if !root {
            cmd.arg("apt-get");
        }
        cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run_command(&mut cmd)
    };
    apt(&["update", "-q"])?;
    let mut install = vec!["install", "-y", "-q", "--no-install-recommends"];
    install.extend(&missing);
    apt(&install).map_err(|e| format!("cannot install {}: {e}", missing.join(" ")))?;
    match PACKAGES.iter().find(|(_, probe)| !present(probe)) {
        Some((name, _)) => Err(format!("{name} is still missing after apt-get install")),
        None => Ok(()),
    }
}

/// Whether a probe holds: an absolute path exists, or a command runs.
fn present(probe: &str) -> bool {
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

/// A cargo command in the workspace root.
fn cargo(args: &[&str]) -> Result<(), String> {
    let mut cmd = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()));
    cmd.current_dir(xtask::project_root()).args(args);
    run_command(&mut cmd)
}

/// Announces a step and names it in its error.
fn step(name: &str, result: Result<(), String>) -> Result<(), String> {
    println!("xtask test: {name}: {}", if result.is_ok() { "ok" } else { "FAILED" });
    result.map_err(|e| format!("{name}: {e}"))
}
