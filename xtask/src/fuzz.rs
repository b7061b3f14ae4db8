//! `cargo xtask fuzz`: builds the libFuzzer targets of `fuzz/` with
//! AddressSanitizer and runs each for a bounded time, after replaying the
//! crashes kept in `fuzz/regressions/<target>/`.
//!
//! It needs no nightly toolchain and no cargo-fuzz: the targets are built
//! by plain cargo with the flags cargo-fuzz passes, and `RUSTC_BOOTSTRAP=1`
//! lets the stable compiler take the `-Z` ones (the stable toolchain ships
//! the sanitizer runtimes). libFuzzer itself is compiled from source by
//! the `libfuzzer-sys` crate, with the C++ compiler of build-essential.
//!
//! A target fails the run when it crashes, panics, leaks, reads out of
//! bounds, times out (30 s an input) or goes over 4 GiB; the input that
//! did it is left in `fuzz/artifacts/<target>/` and the last lines of
//! libFuzzer's log are printed. Each run grows `fuzz/work/<target>/` (the
//! seeds of `fuzz/corpus/<target>/` are only read) and writes its whole log
//! to `fuzz/work/<target>.log`.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::host_triple;

/// Every target of `fuzz/Cargo.toml`, in the order they run.
pub(crate) const TARGETS: [&str; 7] = ["deal_text", "pbn_file", "lin", "position", "par", "capi", "cli"];

/// The flags cargo-fuzz gives rustc for a libFuzzer build: coverage
/// counters and comparison tracing for libFuzzer, `cfg(fuzzing)`, and
/// debug assertions on in the release build.
const COVERAGE_FLAGS: &str = "-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
     -Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
     -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions";

/// What one target's run did, read from libFuzzer's final statistics.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Stats {
    /// Inputs executed.
    pub(crate) runs: u64,
    /// Inputs executed a second, on average.
    pub(crate) per_second: u64,
    /// Inputs that reached new coverage and joined the corpus.
    pub(crate) new_units: u64,
    /// Coverage points reached (libFuzzer's `cov:`), when it printed them.
    pub(crate) coverage: Option<u64>,
    /// Features seen (libFuzzer's `ft:`), when it printed them.
    pub(crate) features: Option<u64>,
    /// The largest resident set the process had, in MB.
    pub(crate) peak_rss_mb: u64,
}

/// Reads the `-print_final_stats=1` lines and the last `cov:`/`ft:` of a
/// libFuzzer log.
pub(crate) fn parse_stats(log: &str) -> Stats {
    let mut stats = Stats::default();
    for line in log.lines() {
        let stat = |name: &str| {
            line.strip_prefix("stat::")
                .and_then(|l| l.strip_prefix(name))
                .and_then(|l| l.strip_prefix(':'))
                .and_then(|v| v.trim().parse().ok())
        };
        if let Some(v) = stat("number_of_executed_units") {
            stats.runs = v;
        } else if let Some(v) = stat("average_exec_per_sec") {
            stats.per_second = v;
        } else if let Some(v) = stat("new_units_added") {
            stats.new_units = v;
        } else if let Some(v) = stat("peak_rss_mb") {
            stats.peak_rss_mb = v;
        } else if line.starts_with('#') {
            let mut words = line.split_whitespace();
            while let Some(word) = words.next() {
                match word {
                    "cov:" => stats.coverage = words.next().and_then(|v| v.parse().ok()).or(stats.coverage),
                    "ft:" => stats.features = words.next().and_then(|v| v.parse().ok()).or(stats.features),
                    _ => {}
                }
            }
        }
    }
    stats
}

/// Runs `cargo xtask fuzz [--seconds N] [--no-sanitizer] [TARGET ...]`.
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    const USAGE: &str = "usage: cargo xtask fuzz [--seconds N] [--no-sanitizer] [TARGET ...]";
    let mut seconds = 60u64;
    let mut sanitizer = true;
    let mut targets: Vec<&str> = Vec::new();
    let mut rest = args.iter();
    while let Some(&arg) = rest.next() {
        match arg {
            "--seconds" => {
                seconds = rest
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&s| s > 0)
                    .ok_or_else(|| format!("--seconds takes a positive number; {USAGE}"))?;
            }
            "--no-sanitizer" => sanitizer = false,
            target if TARGETS.contains(&target) => targets.push(target),
            other => {
                return Err(format!("unknown target or option {other:?} (targets: {}); {USAGE}", TARGETS.join(" ")))
            }
        }
    }
    if targets.is_empty() {
        targets = TARGETS.to_vec();
    }
    let dir = xtask::project_root().join("fuzz");
    let binaries = build(&dir, sanitizer)?;
    let mut failed = Vec::new();
    let mut summary = String::new();
    for target in targets {
        let binary = binaries.join(target);
        let asan = if target == "position" {
            // The brute force of the position target allocates much; short
            // allocation stacks keep AddressSanitizer's bookkeeping cheap.
            "malloc_context_size=0"
        } else {
            ""
        };
        for folder in ["work", "artifacts"] {
            fs::create_dir_all(dir.join(folder).join(target))
                .map_err(|e| format!("cannot make fuzz/{folder}/{target}: {e}"))?;
        }
        if let Err(e) = replay(&dir, target, &binary, asan) {
            failed.push(format!("{target} (regressions)"));
            eprintln!("{e}");
        }
        println!("xtask fuzz: {target} for {seconds} s");
        let log_path = dir.join("work").join(format!("{target}.log"));
        let log = fs::File::create(&log_path).map_err(|e| format!("cannot write {}: {e}", log_path.display()))?;
        let err = log.try_clone().map_err(|e| e.to_string())?;
        let status = Command::new(&binary)
            .current_dir(&dir)
            .args([
                format!("-max_total_time={seconds}"),
                "-dict=dict/bridge.dict".to_owned(),
                "-timeout=30".to_owned(),
                "-rss_limit_mb=4096".to_owned(),
                "-print_final_stats=1".to_owned(),
                format!("-artifact_prefix=artifacts/{target}/"),
                format!("work/{target}"),
                format!("corpus/{target}"),
            ])
            .env("ASAN_OPTIONS", asan)
            .stdout(log)
            .stderr(err)
            .status()
            .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
        let text = fs::read_to_string(&log_path).unwrap_or_default();
        let stats = parse_stats(&text);
        let _ = writeln!(
            summary,
            "{target:<10} {:>11} {:>9} {:>6} {:>7} {:>7} {:>6}  {}",
            stats.runs,
            stats.per_second,
            stats.new_units,
            stats.coverage.map_or("-".to_owned(), |c| c.to_string()),
            stats.features.map_or("-".to_owned(), |c| c.to_string()),
            stats.peak_rss_mb,
            if status.success() { "ok" } else { "FAILED" },
        );
        if !status.success() {
            failed.push(target.to_owned());
            let lines: Vec<&str> = text.lines().collect();
            eprintln!("xtask fuzz: {target} failed ({status}); the end of {}:", log_path.display());
            for line in &lines[lines.len().saturating_sub(60)..] {
                eprintln!("  {line}");
            }
        }
    }
    println!(
        "{:<10} {:>11} {:>9} {:>6} {:>7} {:>7} {:>6}",
        "target", "executions", "execs/s", "new", "cov", "ft", "MB"
    );
    print!("{summary}");
    if failed.is_empty() {
        println!("xtask fuzz: every target ran {seconds} s without a finding");
        Ok(())
    } else {
        Err(format!("fuzzing found a fault in {} (inputs in fuzz/artifacts/)", failed.join(", ")))
    }
}

/// Builds every target (release, debug assertions, optionally
/// AddressSanitizer) and returns the folder of the binaries.
fn build(dir: &Path, sanitizer: bool) -> Result<PathBuf, String> {
    // The sanitizer must not reach build scripts, so the build names a
    // target: the host's.
    let host = host_triple(None)?;
    let mut flags = COVERAGE_FLAGS.to_owned();
    if sanitizer {
        flags.push_str(" -Zsanitizer=address");
    }
    // Its own target folder per kind of build, so the two do not rebuild
    // each other.
    let target_dir = dir.join(if sanitizer { "target" } else { "target/nosan" });
    println!("xtask fuzz: building the targets{}", if sanitizer { " with AddressSanitizer" } else { "" });
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
        .current_dir(dir)
        .args(["build", "--release", "--bins", "--target", &host, "--target-dir"])
        .arg(&target_dir)
        .env("RUSTFLAGS", flags)
        .env("RUSTC_BOOTSTRAP", "1")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("the fuzz targets do not build".to_owned());
    }
    Ok(target_dir.join(host).join("release"))
}

/// Runs each input kept in `fuzz/regressions/<target>/` once.
fn replay(dir: &Path, target: &str, binary: &Path, asan: &str) -> Result<(), String> {
    let kept = dir.join("regressions").join(target);
    let Ok(entries) = fs::read_dir(&kept) else { return Ok(()) };
    let mut inputs: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.is_file()).collect();
    if inputs.is_empty() {
        return Ok(());
    }
    inputs.sort();
    println!("xtask fuzz: {target}: replaying {} kept crash input(s)", inputs.len());
    let output = Command::new(binary)
        .current_dir(dir)
        .arg("-runs=1")
        .args(&inputs)
        .env("ASAN_OPTIONS", asan)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", binary.display()))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "xtask fuzz: {target}: a kept crash input fails again:\n{}",
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_libfuzzer_final_statistics() {
        let log = "INFO: Seed: 1\n#2\tINITED cov: 10 ft: 12 corp: 1/1b exec/s: 0 rss: 30Mb\n\
                   #4096\tpulse  cov: 1520 ft: 4021 corp: 80/2Kb lim: 43 exec/s: 2048 rss: 60Mb\n\
                   Done 235995 runs in 11 second(s)\nstat::number_of_executed_units: 235995\n\
                   stat::average_exec_per_sec:     21454\nstat::new_units_added:          3026\n\
                   stat::slowest_unit_time_sec:    0\nstat::peak_rss_mb:              505\n";
        let stats = parse_stats(log);
        assert_eq!(
            stats,
            Stats {
                runs: 235_995,
                per_second: 21_454,
                new_units: 3026,
                coverage: Some(1520),
                features: Some(4021),
                peak_rss_mb: 505
            }
        );
        assert_eq!(parse_stats("no statistics"), Stats::default());
    }
}
