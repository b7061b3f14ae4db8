//! `cargo xtask test`: every test of the project from one command, on a
//! clean machine as on a developer's: the system packages the tests need
//! (DDS's header and library for the C interface and the differential
//! tests, a C compiler, Python with `venv`, `nm`, Chromium) are installed
//! with apt-get when missing (after waiting for any other apt or dpkg
//! process to finish), then formatting, tidy (with the workflows checked
//! by actionlint), lints, the Rust tests, the differential tests against
//! DDS 2.9, the C library through Python's ctypes, the C library's threads
//! under ThreadSanitizer (`tsan --stable`), every fuzz target for a minute,
//! an unchanged client (endplay from the Python registry) swapped onto our
//! library, the Python package (built, installed, tested), the release
//! artifacts of Linux x86_64 and the packages in clean rooms (`cargo xtask
//! dist`, whose npm step runs the npm package's tests, with the pinned
//! `wasm-bindgen` built once if missing) and the web page in headless
//! Chromium. `.ci/run` runs exactly this.

use std::path::Path;
use std::process::Command;

use crate::process::run_command;

/// The Debian packages the tests need, and a file or program that tells
/// whether each is there.
const PACKAGES: [(&str, &str); 6] = [
    ("libdds-dev", "/usr/include/dds/dll.h"),
    ("build-essential", "cc"),
    ("python3", "python3"),
    ("python3-venv", "python3 -m venv --help"),
    ("binutils", "nm"),
    // The page's tests drive Debian's Chromium.
    ("chromium", "/usr/bin/chromium"),
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
    crate::apt::ensure(&PACKAGES)?;
    step("formatting", cargo(&["fmt", "--all", "--check"]))?;
    step("tidy, and the workflows by actionlint", crate::tidy::run(&root))?;
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
        println!("xtask test: the endplay client test, the Python package, the npm package and the page were left out (--offline)");
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
    // The release artifacts of Linux x86_64 (the static command, the C
    // library's tarball, the manylinux wheel) and the packages (sdist, npm
    // tarball with its Node tests, crates) built and tried in clean rooms;
    // the cross targets are `cargo xtask dist --test` (docs/release.md).
    step(
        "the release artifacts (Linux x86_64 and packages) in clean rooms",
        crate::dist::run(&["--platform", "linux-x86_64", "--platform", "packages", "--test"]),
    )?;
    let web = root.join("web");
    step("the page's package", run_command(Command::new("sh").arg(web.join("build.sh"))))?;
    step(
        "the page's test tools",
        run_command(Command::new("npm").current_dir(web.join("tests")).args([
            "ci",
            "--no-audit",
            "--no-fund",
            "--silent",
        ])),
    )?;
    step("the page in Chromium", run_command(Command::new("npm").current_dir(web.join("tests")).args(["test"])))?;
    println!("xtask test: all passed");
    Ok(())
}

/// The `wasm-bindgen` command of the version the package pins: the one on
/// the PATH if it is that version, else one built once into
/// `target/tools/` (a debug build: 1.5 minutes instead of 6 on two cores,
/// and fast enough for one module).
pub(crate) fn wasm_bindgen(root: &Path) -> Result<std::path::PathBuf, String> {
    let version = crate::wasm::bindgen_version(root)?;
    let is_pinned = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).split_whitespace().nth(1) == Some(version.as_str()))
    };
    let on_path = std::path::PathBuf::from("wasm-bindgen");
    if is_pinned(&on_path) {
        return Ok(on_path);
    }
    let tools = root.join("target/tools/wasm-bindgen");
    let built = tools.join("bin/wasm-bindgen");
    if !is_pinned(&built) {
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
        step(
            "wasm-bindgen",
            run_command(
                Command::new(cargo)
                    .args(["install", "--debug", "--force", "wasm-bindgen-cli", "--version"])
                    .arg(format!("={version}"))
                    .arg("--root")
                    .arg(&tools),
            ),
        )?;
    }
    Ok(built)
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
