//! `cargo xtask tsan` and `cargo xtask miri`: the C library and the solver's
//! threads under ThreadSanitizer, and the crates with `unsafe` code under
//! Miri. What each runs, its numbers and what cannot run are in
//! `docs/sanitizers.md`.
//!
//! ThreadSanitizer: the C library (`dds-capi`'s `libddscapi.so`) is built
//! with `-Zsanitizer=thread` and the C programs `tests/c/stress.c` (sixteen
//! threads making every call of `dll.h` and `ddsrs.h` at once) and
//! `tests/c/threads.c` with `cc -fsanitize=thread`, linked with Rust's own
//! TSan runtime (`librustc-*_rt.tsan.a`, the one the library's
//! instrumentation was made for: GCC's `libtsan` lacks `__tsan_memcpy` and
//! friends, which rustc's LLVM calls). They must run with no report, exit
//! 0 and give the answers of their sequential run. `stress --race` (a race
//! on purpose) must be reported, and the library must call `__tsan_*`: a
//! build that cannot see races does not pass for a clean one. By default
//! the standard library is rebuilt with the sanitizer (`-Zbuild-std`,
//! nightly with `rust-src`), then the Rust tests of the batch code (`dds`)
//! and `dds-capi`'s Rust calls run under it as well. `--stable` builds with
//! the stable compiler (`RUSTC_BOOTSTRAP=1`, no `rust-src` needed) and its
//! uninstrumented standard library: ThreadSanitizer cannot see the
//! synchronisation inside it (the futex-based `Mutex`, `Condvar` and `Once`)
//! and reports some 500 races that are not, every one of them where rayon's
//! pools hand work back through such a lock; so `--stable` leaves out the
//! functions that run on the pools (`stress --no-batches`: the batch
//! functions of `dll.h` and the good tables; `threads --no-pools`: one
//! library thread, so a table is solved on its calling thread), whose
//! answers the thorough run checks, and holds
//! everything else to the same standard: no report at all.
//!
//! Miri: the unit tests and the cheap integration tests of the crates with
//! `unsafe` code (`dds-model`, `dds-tables`, `dds-tt`, `dds-search`,
//! `dds-capi`), under Stacked Borrows, and the test of `dds-capi` whose
//! calls go through rayon under Tree Borrows (rayon's `crossbeam-epoch` is
//! known not to satisfy Stacked Borrows; it does satisfy Tree Borrows).
//! Tests too slow for Miri are `#[cfg_attr(miri, ignore)]`, each next to a
//! smaller one that runs the same `unsafe` code.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use crate::process::{host_triple, run_command, rustc, NIGHTLY_HINT};

/// How to get Miri.
const MIRI_HINT: &str = "rustup toolchain install nightly --component miri --component rust-src";

/// The records of `list10.txt` the stress program uses (those whose tables
/// take a few milliseconds; `tests/c_programs.rs` uses the same).
const STRESS_RECORDS: &str = "2,4,5,6";

/// ThreadSanitizer's settings for every run: all reports (not only the
/// first), exit status 66 when there was one.
const TSAN_OPTIONS: &str = "halt_on_error=0:exitcode=66:second_deadlock_stack=1";

/// The Rust tests run under ThreadSanitizer (with `-Zbuild-std` only): the
/// batch code of `dds` (rayon pools, a solver per worker) and the C
/// functions called from Rust threads.
const TSAN_RUST_TESTS: [&[&str]; 2] =
    [&["-p", "ddsrs", "--lib", "--test", "batch"], &["-p", "dds-capi", "--test", "calls"]];

/// `cargo xtask tsan [--stable] [--rounds K]`: see the module documentation.
/// `--rounds` is the stress program's rounds (1 by default: 40 to 90 s on
/// two cores under the sanitizer).
pub(crate) fn tsan(args: &[&str]) -> Result<(), String> {
    let usage = || "usage: cargo xtask tsan [--stable] [--rounds K]".to_owned();
    let (mut stable, mut rounds) = (false, 1u32);
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        match arg {
            "--stable" => stable = true,
            "--rounds" => rounds = rest.next().and_then(|k| k.parse().ok()).filter(|&k| k > 0).ok_or_else(usage)?,
            _ => return Err(usage()),
        }
    }
    let started = Instant::now();
    let root = xtask::project_root();
    let toolchain = if stable { None } else { Some("nightly") };
    let host = host_triple(toolchain)?;
    if !host.contains("linux") || !(host.starts_with("x86_64") || host.starts_with("aarch64")) {
        return Err(format!("ThreadSanitizer runs here on x86_64 or aarch64 Linux only, not {host}"));
    }
    let sysroot = sysroot(toolchain)?;
    if !stable && !sysroot.join("lib/rustlib/src/rust/library").is_dir() {
        return Err(format!(
            "the thorough run rebuilds the standard library with the sanitizer and needs nightly's rust-src: {NIGHTLY_HINT} \
             (or run `cargo xtask tsan --stable`, which leaves the batch functions out; docs/sanitizers.md)"
        ));
    }
    let runtime = tsan_runtime(&sysroot, &host)?;
    require_cc()?;

    // The library.
    let target_dir = root.join(if stable { "target/tsan" } else { "target/tsan-std" });
    let flags = tsan_rustflags(&host, stable);
    let mut build = cargo(toolchain);
    build.args(["build", "--release", "-p", "dds-capi", "--target", &host]).arg("--target-dir").arg(&target_dir);
    if !stable {
        build.arg("-Zbuild-std");
    }
    build.env("RUSTFLAGS", &flags);
    timed("the C library with -Zsanitizer=thread", || run_command(&mut build))?;
    let library = target_dir.join(&host).join("release/libddscapi.so");
    check_instrumented(&library)?;

    // The C programs, linked against it.
    let run_dir = target_dir.join("run");
    std::fs::create_dir_all(&run_dir).map_err(|e| format!("cannot create {}: {e}", run_dir.display()))?;
    for name in ["libdds.so.0", "libdds.so"] {
        let link = run_dir.join(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&library, &link).map_err(|e| format!("cannot link {}: {e}", link.display()))?;
    }
    let sources = root.join("crates/dds-capi/tests/c");
    let include = root.join("crates/dds-capi/include");
    let stress = compile_tsan(&sources.join("stress.c"), &include, &run_dir, &runtime)?;
    let threads = compile_tsan(&sources.join("threads.c"), &include, &run_dir, &runtime)?;

    // The race on purpose: reported, or this build sees no race at all.
    let output = run_in(&run_dir, &stress, &["--race".to_owned()])?;
    let text = text_of(&output);
    if !text.contains("WARNING: ThreadSanitizer: data race") || !text.contains("race_writer") {
        return Err(format!(
            "`stress --race` (a data race on purpose) was not reported: this build does not detect races\n{}",
            tail(&text, 40)
        ));
    }
    println!("xtask tsan: `stress --race` reported, as it must be");

    let list10 = root.join("fixtures/dds-hands/list10.txt").display().to_string();
    let programs: [(&str, &Path, Vec<String>); 2] = [
        (
            "stress",
            &stress,
            vec![list10.clone(), "--records".into(), STRESS_RECORDS.into(), "--rounds".into(), rounds.to_string()],
        ),
        ("threads", &threads, vec![list10]),
    ];
    for (name, exe, mut args) in programs {
        if stable {
            args.push(if name == "stress" { "--no-batches" } else { "--no-pools" }.into());
        }
        let clock = Instant::now();
        let output = run_in(&run_dir, exe, &args)?;
        let text = text_of(&output);
        let log = run_dir.join(format!("{name}.log"));
        std::fs::write(&log, &text).map_err(|e| format!("cannot write {}: {e}", log.display()))?;
        let reports = text.matches("WARNING: ThreadSanitizer:").count();
        let summary = text.lines().find(|l| l.starts_with(&format!("{name}: "))).unwrap_or("(no summary)");
        let loaded = text.lines().find_map(|l| l.strip_prefix("loaded-from: ")).unwrap_or("");
        println!(
            "xtask tsan: {summary}; {reports} reports; {:.0} s (log: {})",
            clock.elapsed().as_secs_f64(),
            log.display()
        );
        if !same_file(Path::new(loaded), &library) {
            return Err(format!("{name} did not load {} (loaded-from: {loaded:?})", library.display()));
        }
        if !summary.ends_with(" 0 failures") {
            return Err(format!("{name} gave wrong answers under ThreadSanitizer:\n{}", tail(&text, 60)));
        }
        if reports > 0 || !output.status.success() {
            return Err(format!(
                "{name}: ThreadSanitizer reported {reports} problems ({}); the first:\n{}",
                output.status,
                first_report(&text)
            ));
        }
    }
    if stable {
        println!("xtask tsan: --stable: the batch functions were left out (docs/sanitizers.md)");
    } else {
        // The Rust tests of the threaded code, under the same build.
        for selection in TSAN_RUST_TESTS {
            let mut test = cargo(toolchain);
            test.args(["test", "-Zbuild-std", "--target", &host]).arg("--target-dir").arg(&target_dir);
            test.args(selection).env("RUSTFLAGS", &flags).env("TSAN_OPTIONS", TSAN_OPTIONS);
            let what = format!("cargo test {} under ThreadSanitizer", selection.join(" "));
            timed(&what, || run_command(&mut test))?;
        }
    }
    println!("xtask tsan: passed in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// One `cargo +nightly miri test` of the set: its cargo arguments (after
/// `test`), the arguments of the test harness, and Miri's flags.
#[derive(Debug)]
struct MiriRun {
    cargo: &'static [&'static str],
    harness: &'static [&'static str],
    flags: &'static str,
}

/// The Miri set (see the module documentation; docs/sanitizers.md lists
/// the tests each crate leaves out and why).
const MIRI_RUNS: [MiriRun; 5] = [
    MiriRun { cargo: &["-p", "ddsrs-model", "--lib"], harness: &[], flags: "" },
    // No `unsafe` code: its unit tests only (tests/reference.rs compares
    // every holding with a reference, hours under Miri).
    MiriRun { cargo: &["-p", "ddsrs-tables", "--lib"], harness: &[], flags: "" },
    MiriRun { cargo: &["-p", "ddsrs-tt", "--lib"], harness: &[], flags: "" },
    MiriRun { cargo: &["-p", "ddsrs-search", "--lib", "--tests"], harness: &[], flags: "" },
    // The C functions called from Rust: under Stacked Borrows all but the
    // batches, whose calls go through rayon.
    MiriRun { cargo: &["-p", "dds-capi", "--test", "calls"], harness: &["--skip", "batches_"], flags: "" },
];

/// The batches of `tests/calls.rs` under Tree Borrows: rayon's pools live
/// to the end of the process (hence `-Zmiri-ignore-leaks`) and
/// `crossbeam-epoch` casts integers to pointers (permissive provenance).
const MIRI_TREE_BORROWS: MiriRun = MiriRun {
    cargo: &["-p", "dds-capi", "--test", "calls"],
    harness: &["batches_"],
    flags: "-Zmiri-tree-borrows -Zmiri-ignore-leaks -Zmiri-permissive-provenance",
};

/// `cargo xtask miri`: see the module documentation.
pub(crate) fn miri(args: &[&str]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask miri".to_owned());
    }
    let started = Instant::now();
    let root = xtask::project_root();
    let version = cargo(Some("nightly")).args(["miri", "--version"]).output();
    match version {
        Ok(output) if output.status.success() => {
            println!("xtask miri: {}", String::from_utf8_lossy(&output.stdout).trim());
        }
        _ => return Err(format!("Miri is missing: it needs a nightly toolchain with the miri component: {MIRI_HINT}")),
    }
    timed("Miri's standard library", || run_command(cargo(Some("nightly")).args(["miri", "setup"])))?;
    let target_dir = root.join("target/miri");
    for run in MIRI_RUNS.iter().chain([&MIRI_TREE_BORROWS]) {
        let mut test = cargo(Some("nightly"));
        test.args(["miri", "test"]).args(run.cargo).arg("--target-dir").arg(&target_dir);
        if !run.harness.is_empty() {
            test.arg("--").args(run.harness);
        }
        test.env("MIRIFLAGS", run.flags);
        let mut what = format!("cargo miri test {}", run.cargo.join(" "));
        if !run.harness.is_empty() {
            what.push_str(&format!(" -- {}", run.harness.join(" ")));
        }
        if !run.flags.is_empty() {
            what.push_str(&format!(" (MIRIFLAGS={})", run.flags));
        }
        timed(&what, || run_command(&mut test))?;
    }
    println!("xtask miri: passed in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// A cargo command through rustup's proxy, on `toolchain` (`+nightly`) or
/// the default one, in the workspace root, free of the settings of the
/// cargo that runs xtask.
fn cargo(toolchain: Option<&str>) -> Command {
    let mut cmd = Command::new("cargo");
    if let Some(toolchain) = toolchain {
        cmd.arg(format!("+{toolchain}"));
    } else {
        // The stable compiler takes -Z flags with this (as `cargo xtask
        // fuzz` does).
        cmd.env("RUSTC_BOOTSTRAP", "1");
    }
    cmd.current_dir(xtask::project_root());
    for var in ["RUSTUP_TOOLCHAIN", "RUSTC", "RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", "CARGO_BUILD_RUSTFLAGS"] {
        cmd.env_remove(var);
    }
    cmd
}

/// The toolchain's sysroot.
fn sysroot(toolchain: Option<&str>) -> Result<PathBuf, String> {
    Ok(PathBuf::from(rustc(toolchain, &["--print", "sysroot"])?.trim()))
}

/// Rust's ThreadSanitizer runtime, which the toolchain ships
/// (`librustc-<channel>_rt.tsan.a`).
fn tsan_runtime(sysroot: &Path, host: &str) -> Result<PathBuf, String> {
    let dir = sysroot.join("lib/rustlib").join(host).join("lib");
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("librustc-") && n.ends_with("_rt.tsan.a"))
        })
        .ok_or_else(|| format!("no ThreadSanitizer runtime (librustc-*_rt.tsan.a) in {}", dir.display()))
}

/// rustc's flags for the instrumented build. Setting `RUSTFLAGS` replaces
/// the workspace's own (`.cargo/config.toml`), whose CPU level is repeated
/// here so that the same code (POPCNT, SSE4.1) is checked. Without
/// `-Zbuild-std` the prebuilt standard library has no sanitizer, which
/// rustc refuses unless told that the mismatch is meant.
fn tsan_rustflags(host: &str, stable: bool) -> String {
    let mut flags = "-Zsanitizer=thread -Cdebuginfo=line-tables-only".to_owned();
    if host.starts_with("x86_64") {
        flags.push_str(" -Ctarget-cpu=x86-64-v2");
    }
    if stable {
        flags.push_str(" -Cunsafe-allow-abi-mismatch=sanitizer");
    }
    flags
}

/// Fails unless `cc` runs.
fn require_cc() -> Result<(), String> {
    match Command::new("cc").arg("--version").output() {
        Ok(output) if output.status.success() => Ok(()),
        _ => Err("ThreadSanitizer's C programs need a C compiler: apt-get install build-essential".to_owned()),
    }
}

/// Fails unless the library calls ThreadSanitizer's entry points.
fn check_instrumented(library: &Path) -> Result<(), String> {
    let output = Command::new("nm")
        .args(["-D", "--undefined-only"])
        .arg(library)
        .output()
        .map_err(|e| format!("cannot run nm ({e}): apt-get install binutils"))?;
    let symbols = String::from_utf8_lossy(&output.stdout);
    if symbols.contains("__tsan_func_entry") && symbols.contains("__tsan_write") {
        Ok(())
    } else {
        Err(format!("{} calls no __tsan_* function: it was built without the sanitizer", library.display()))
    }
}

/// Compiles a C program of `tests/c` with `-fsanitize=thread` against our
/// headers, and links it with our library and Rust's TSan runtime (whole,
/// its symbols exported for the library to find).
fn compile_tsan(source: &Path, include: &Path, dir: &Path, runtime: &Path) -> Result<PathBuf, String> {
    let stem = source.file_stem().and_then(|s| s.to_str()).unwrap_or("program");
    let object = dir.join(format!("{stem}.o"));
    let exe = dir.join(stem);
    let mut compile = Command::new("cc");
    compile.args(["-std=c99", "-Wall", "-Werror", "-O1", "-g", "-fsanitize=thread", "-c"]).arg(source);
    compile.arg(format!("-I{}", include.display())).arg("-o").arg(&object);
    run_command(&mut compile)?;
    let mut link = Command::new("cc");
    link.arg(&object).arg("-o").arg(&exe).arg(format!("-L{}", dir.display())).arg("-ldds");
    link.arg("-Wl,--whole-archive").arg(runtime).arg("-Wl,--no-whole-archive");
    link.args(["-rdynamic", "-lpthread", "-ldl", "-lm", "-lrt"]);
    run_command(&mut link)?;
    Ok(exe)
}

/// Runs a program in `dir` with the library there and TSan's settings.
fn run_in(dir: &Path, exe: &Path, args: &[String]) -> Result<Output, String> {
    Command::new(exe)
        .args(args)
        .current_dir(dir)
        .env("LD_LIBRARY_PATH", dir)
        .env("TSAN_OPTIONS", TSAN_OPTIONS)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))
}

/// Both streams of a finished program.
fn text_of(output: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr))
}

/// The last `n` lines of a text.
fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// The first ThreadSanitizer report of a log (up to 80 lines).
fn first_report(text: &str) -> String {
    let start = text.find("WARNING: ThreadSanitizer").unwrap_or(0);
    text[start..].lines().take(80).collect::<Vec<_>>().join("\n")
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Runs a step, saying what it was and how long it took.
fn timed(what: &str, step: impl FnOnce() -> Result<(), String>) -> Result<(), String> {
    println!("xtask: {what} ...");
    let clock = Instant::now();
    let result = step();
    let seconds = clock.elapsed().as_secs_f64();
    println!("xtask: {what}: {} ({seconds:.0} s)", if result.is_ok() { "ok" } else { "FAILED" });
    result.map_err(|e| format!("{what}: {e}"))
}
