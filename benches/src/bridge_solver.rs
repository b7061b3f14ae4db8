//! macroxue's bridge-solver (C++, <https://github.com/macroxue/bridge-solver>)
//! as a third solver beside ours and DDS 2.9 in the full-table workloads.
//!
//! It is not vendored: the bench takes a source checkout from the directory
//! named by `DDS_BENCH_BRIDGE_SOLVER` (the checkout's top directory; default
//! `../tools/bridge-solver/src` beside the workspace) and builds it with its
//! makefile's recipe, profile included: an instrumented build
//! (`-fprofile-generate`) solves the makefile's training deal, then the
//! build with `-fprofile-use`. Both layouts of the repository build
//! ([`Layout`]): the single `solver.cc` at the top (to August 2026, training
//! deal `hard_deals/deal.8`) and the later `src/` directory (`solver.cc`,
//! `solver.h`, `solver-cli.cc`, training deal `deals/hard/deal.8`). The
//! flags are passed explicitly rather than through the
//! makefile: its BMI2 test (`grep -m1 -o bmi2 /proc/cpuinfo`) fails on a
//! processor that also lists `avx512_vbmi2`, so this takes `-O3
//! -march=native -fno-stack-protector` (the newer makefile's flags) and adds
//! `-msse4.2`, `-mbmi`, `-mbmi2` when `/proc/cpuinfo` lists those flags as
//! words. The build lands in `bridge-solver/<hash>/solver` beside the bench
//! binary (in the cargo target directory), keyed by a hash of the files it
//! reads, the flags and the compiler's version: it is built once and
//! rebuilt only when one of them changes.
//!
//! The command line solves one deal a process (`solver -m 0 -f FILE`: the
//! file holds North, then West and East on one line, then South, suits in
//! the order spades, hearts, diamonds, clubs, `-` for a void; with no
//! strain or leader it solves all 20 results). It prints one line per
//! strain (`N`, `S`, `H`, `D`, `C`) with the declarer's tricks for the leads
//! by West, East, North and South, that is for declarers South, North, West
//! and East. Each deal is one child process, waited for with `wait4`, which
//! gives that child's user CPU time (not its peak memory: see `rusage.rs`).
//!
//! Valgrind (3.19) cannot run AVX-512 code and `-march=native` emits some
//! on an AVX-512 processor, so the instruction counts use a second build
//! with `-mno-avx512f` added.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use dds::model::{Deal, Seat, Strain};

use crate::rusage;

/// The environment variable naming bridge-solver's source directory.
pub(crate) const SOURCE_ENV: &str = "DDS_BENCH_BRIDGE_SOLVER";

/// A full table in DDS's order: strains S, H, D, C, NT; declarers N, E, S, W.
pub(crate) type Table = [[u8; 4]; 5];

/// Which build of bridge-solver.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Build {
    /// The makefile's build, for timing.
    Timing,
    /// The same without AVX-512, which valgrind cannot run.
    Valgrind,
}

/// A built bridge-solver and a scratch directory for its deal files.
pub(crate) struct BridgeSolver {
    /// The executable.
    pub(crate) exe: PathBuf,
    /// The source directory it was built from.
    pub(crate) source: PathBuf,
    /// The compiler flags of the build.
    pub(crate) flags: Vec<String>,
    scratch: PathBuf,
}

/// One deal solved by bridge-solver.
pub(crate) struct Solved {
    /// The table.
    pub(crate) table: Table,
    /// Wall time of the child process, start to reaping.
    pub(crate) wall: Duration,
    /// The child's user CPU time.
    pub(crate) user: Duration,
}

impl Drop for BridgeSolver {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.scratch);
    }
}

/// Where a checkout keeps its sources and its training deal.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Layout {
    /// One `solver.cc` at the top; training deal `hard_deals/deal.8`.
    Single,
    /// `src/solver.cc`, `src/solver.h` and `src/solver-cli.cc` (the
    /// command line); training deal `deals/hard/deal.8`.
    Split,
}

impl Layout {
    /// The layout of the checkout at `dir`, if it holds either. A top-level
    /// `solver.cc` beside a `solver-cli.cc` (a layout between the two, with
    /// the command line apart) is neither: compiling `solver.cc` alone would
    /// not link.
    pub(crate) fn of(dir: &Path) -> Option<Layout> {
        if dir.join("solver-cli.cc").exists() {
            return None;
        }
        [Layout::Split, Layout::Single].into_iter().find(|l| l.files().iter().all(|f| dir.join(f).is_file()))
    }

    /// The files a build reads: the sources, then the training deal.
    fn files(self) -> &'static [&'static str] {
        match self {
            Layout::Single => &["solver.cc", "hard_deals/deal.8"],
            Layout::Split => &["src/solver.cc", "src/solver.h", "src/solver-cli.cc", "deals/hard/deal.8"],
        }
    }

    /// The files compiled.
    fn units(self) -> &'static [&'static str] {
        match self {
            Layout::Single => &["solver.cc"],
            Layout::Split => &["src/solver.cc", "src/solver-cli.cc"],
        }
    }

    /// The training deal (the last of [`Layout::files`]).
    fn training(self) -> &'static str {
        match self {
            Layout::Single => "hard_deals/deal.8",
            Layout::Split => "deals/hard/deal.8",
        }
    }
}

/// The source directory: `DDS_BENCH_BRIDGE_SOLVER`, or
/// `../tools/bridge-solver/src` beside the workspace.
pub(crate) fn source_dir() -> PathBuf {
    std::env::var_os(SOURCE_ENV).map(PathBuf::from).unwrap_or_else(|| {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap_or(Path::new("."));
        workspace.join("../tools/bridge-solver/src")
    })
}

/// The flags of `/proc/cpuinfo`'s first `flags` line, as words.
fn cpu_flags() -> Vec<String> {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("flags"))
                .map(|l| l.split(':').nth(1).unwrap_or("").split_whitespace().map(str::to_owned).collect())
        })
        .unwrap_or_default()
}

/// The compiler flags of a build (without the profile flags).
fn compile_flags(build: Build) -> Vec<String> {
    let mut flags: Vec<String> =
        ["-std=c++17", "-Wall", "-O3", "-march=native", "-fno-stack-protector"].map(str::to_owned).to_vec();
    let cpu = cpu_flags();
    for (word, flag) in [("sse4_2", "-msse4.2"), ("bmi1", "-mbmi"), ("bmi2", "-mbmi2")] {
        if cpu.iter().any(|f| f == word) {
            flags.push(flag.to_owned());
        }
    }
    if build == Build::Valgrind {
        flags.push("-mno-avx512f".to_owned());
    }
    flags
}

/// FNV-1a, 64 bits: a hash that stays the same from one build of the bench
/// to the next, for the cache key.
fn fnv1a(bytes: &[u8], mut hash: u64) -> u64 {
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    hash
}

fn compiler() -> String {
    std::env::var("CXX").unwrap_or_else(|_| "g++".to_owned())
}

/// Runs `program` with `args` in `dir`; an error with its output if it
/// fails. Returns its standard error.
fn run_in(dir: &Path, program: &str, args: &[String]) -> Result<String, String> {
    let out =
        Command::new(program).current_dir(dir).args(args).output().map_err(|e| format!("cannot run {program}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(format!("{program} {} failed ({}):\n{stderr}", args.join(" "), out.status));
    }
    Ok(stderr)
}

/// Builds `source` (laid out as `layout`) into `out` (a directory that
/// will hold `solver`), with the makefile's two profile steps.
fn build_into(source: &Path, layout: Layout, out: &Path, flags: &[String]) -> Result<(), String> {
    let tmp = out.with_extension("tmp");
    let _ = std::fs::remove_dir_all(&tmp);
    let io = |e: std::io::Error| format!("{}: {e}", tmp.display());
    for file in layout.files() {
        let to = tmp.join(file);
        std::fs::create_dir_all(to.parent().unwrap_or(&tmp)).map_err(io)?;
        std::fs::copy(source.join(file), &to).map_err(io)?;
    }
    let cxx = compiler();
    let with = |extra: &[&str]| {
        flags.iter().cloned().chain(extra.iter().chain(layout.units()).map(|s| (*s).to_owned())).collect::<Vec<_>>()
    };
    // Both builds are named `solver`, so that the second reads the
    // profiles the first wrote, with no renaming as the makefile does (GCC
    // names a profile after the output and the source, `solver-solver.gcda`
    // and `solver-solver-cli.gcda`, or `solver.gcda` alone when the one
    // source has the output's name).
    run_in(&tmp, &cxx, &with(&["-fprofile-generate", "-o", "solver"]))?;
    run_in(&tmp, "./solver", &["-if".to_owned(), layout.training().to_owned()])?;
    let warnings = run_in(&tmp, &cxx, &with(&["-fprofile-use", "-o", "solver"]))?;
    if warnings.contains("profile count data file not found") {
        return Err(format!("the profile-guided build found no profile:\n{warnings}"));
    }
    let _ = std::fs::remove_dir_all(out);
    std::fs::rename(&tmp, out).map_err(io)
}

impl BridgeSolver {
    /// Finds the source, builds it if this build is not cached yet, and
    /// makes a scratch directory for deal files. The error says why there
    /// is no bridge-solver (one line when the source is absent).
    pub(crate) fn locate(build: Build) -> Result<BridgeSolver, String> {
        let source = source_dir();
        let layout = Layout::of(&source).ok_or_else(|| {
            format!(
                "bridge-solver: no checkout at {} (set {SOURCE_ENV} to a directory with {}, or with {}); column skipped",
                source.display(),
                Layout::Single.files().join(", "),
                Layout::Split.files().join(", ")
            )
        })?;
        let flags = compile_flags(build);
        let version = Command::new(compiler()).arg("--version").output().map(|o| o.stdout).unwrap_or_default();
        let mut key = 0xcbf2_9ce4_8422_2325;
        for file in layout.files() {
            let bytes = std::fs::read(source.join(file)).map_err(|e| format!("bridge-solver: {file}: {e}"))?;
            key = fnv1a(file.as_bytes(), key);
            key = fnv1a(&bytes, key);
        }
        key = fnv1a(flags.join(" ").as_bytes(), key);
        key = fnv1a(&version, key);
        let exe_dir = std::env::current_exe()
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf))
            .unwrap_or_else(std::env::temp_dir);
        let out = exe_dir.join("bridge-solver").join(format!("{key:016x}"));
        let exe = out.join("solver");
        if !exe.exists() {
            eprintln!(
                "bridge-solver: building {} with PGO into {} ({})",
                source.display(),
                out.display(),
                flags.join(" ")
            );
            std::fs::create_dir_all(exe_dir.join("bridge-solver")).map_err(|e| e.to_string())?;
            build_into(&source, layout, &out, &flags).map_err(|e| format!("bridge-solver: build failed: {e}"))?;
        }
        let scratch = std::env::temp_dir().join(format!("ddsbench-bridge-solver-{}-{build:?}", std::process::id()));
        std::fs::create_dir_all(&scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
        Ok(BridgeSolver { exe, source, flags, scratch })
    }

    /// Writes each deal to a file of the scratch directory, in the order
    /// given; returns their paths.
    pub(crate) fn write_deals(&self, label: &str, deals: &[Deal]) -> Vec<PathBuf> {
        self.write_files(label, deals.iter().map(deal_file))
    }

    /// Writes each text to a file of the scratch directory; returns their
    /// paths.
    pub(crate) fn write_files(&self, label: &str, texts: impl Iterator<Item = String>) -> Vec<PathBuf> {
        texts
            .enumerate()
            .map(|(i, text)| {
                let path = self.scratch.join(format!("{label}.{i}"));
                std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                path
            })
            .collect()
    }

    /// Runs the solver on one deal file (`args` before the file, such as
    /// `-o` to stop after reading it) and waits for it with `wait4`.
    fn spawn(&self, args: &[&str], file: &Path) -> Result<(String, rusage::ChildUsage, Duration), String> {
        let start = Instant::now();
        let mut child = Command::new(&self.exe)
            .args(args)
            .arg("-f")
            .arg(file)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", self.exe.display()))?;
        let mut text = String::new();
        if let Some(mut out) = child.stdout.take() {
            out.read_to_string(&mut text).map_err(|e| e.to_string())?;
        }
        let usage = rusage::wait(child).map_err(|e| e.to_string())?;
        let wall = start.elapsed();
        if !usage.success {
            return Err(format!("{} failed on {}:\n{text}", self.exe.display(), file.display()));
        }
        Ok((text, usage, wall))
    }

    /// Solves the deal in `file`: the full table, timed.
    pub(crate) fn solve(&self, file: &Path) -> Result<Solved, String> {
        let (text, usage, wall) = self.spawn(&["-m", "0"], file)?;
        let table = parse_table(&text).ok_or_else(|| format!("unexpected output on {}:\n{text}", file.display()))?;
        Ok(Solved { table, wall, user: usage.user })
    }

    /// Solves the position in `file` (a `position_file`): the tricks of the
    /// side not on lead, timed as `solve` is (wall, user).
    pub(crate) fn solve_value(&self, file: &Path) -> Result<(u8, Duration, Duration), String> {
        let (text, usage, wall) = self.spawn(&["-m", "0"], file)?;
        let value = parse_value(&text).ok_or_else(|| format!("unexpected output on {}:\n{text}", file.display()))?;
        Ok((value, wall, usage.user))
    }

    /// The cost of one process that reads the deal in `file` and stops
    /// (`-o`: show the deal only, here nothing): the median of `runs` runs,
    /// user time and wall time.
    pub(crate) fn start_up(&self, file: &Path, runs: usize) -> Result<(Duration, Duration), String> {
        let mut user = Vec::with_capacity(runs);
        let mut wall = Vec::with_capacity(runs);
        for _ in 0..runs {
            let (_, usage, w) = self.spawn(&["-o", "-m", "0"], file)?;
            user.push(usage.user);
            wall.push(w);
        }
        user.sort();
        wall.sort();
        Ok((user[runs / 2], wall[runs / 2]))
    }
}

/// One hand in bridge-solver's format: the suits spades to clubs, each from
/// the ace down, `-` for a void, separated by spaces.
fn hand_text(bits: &[u32; 4]) -> String {
    const RANKS: &[u8; 13] = b"23456789TJQKA";
    bits.iter()
        .map(|&suit| {
            let cards: String = (2..=14).rev().filter(|r| suit & (1 << r) != 0).map(|r| RANKS[r - 2] as char).collect();
            if cards.is_empty() {
                "-".to_owned()
            } else {
                cards
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A deal file: North; West, four spaces and East; South. With no strain
/// and leader lines, the solver solves all 20 results.
pub(crate) fn deal_file(deal: &Deal) -> String {
    // DDS's seat order: N, E, S, W.
    let [n, e, s, w] = deal.to_dds_bits();
    format!("{}\n{}    {}\n{}\n", hand_text(&n), hand_text(&w), hand_text(&e), hand_text(&s))
}

/// A position at a trick boundary: the hands as in `deal_file` (each with
/// the same number of cards), then the strain and the seat on lead, so the
/// solver solves that one case.
pub(crate) fn position_file(remaining: &Deal, strain: Strain, leader: Seat) -> String {
    format!("{}{}\n{}\n", deal_file(remaining), strain.to_char(), leader.to_char())
}

/// The value from the solver's output on a `position_file`: one line `X v
/// ...` with `v` the tricks of the side not on lead.
pub(crate) fn parse_value(text: &str) -> Option<u8> {
    text.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        matches!(words.next(), Some("S" | "H" | "D" | "C" | "N"))
            .then(|| words.next()?.parse().ok().filter(|&t: &u8| t <= 13))
            .flatten()
    })
}

/// The table from the solver's output: five lines `X a b c d ...` with `X`
/// the strain (`N` no trump) and `a b c d` the declarer's tricks for South,
/// North, West and East declaring.
pub(crate) fn parse_table(text: &str) -> Option<Table> {
    let mut table = [[0u8; 4]; 5];
    let mut seen = [false; 5];
    for line in text.lines() {
        let mut words = line.split_whitespace();
        let strain = match words.next() {
            Some("S") => 0,
            Some("H") => 1,
            Some("D") => 2,
            Some("C") => 3,
            Some("N") => 4,
            _ => continue,
        };
        let v: Vec<u8> = words.take(4).map(|w| w.parse().ok().filter(|&t| t <= 13)).collect::<Option<_>>()?;
        let [south, north, west, east] = <[u8; 4]>::try_from(v).ok()?;
        table[strain] = [north, east, south, west];
        seen[strain] = true;
    }
    seen.iter().all(|&s| s).then_some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_the_readme_deal() {
        // The README's example file: North, West and East, South.
        let deal: Deal = "N:KQ3..T832.AJ9765 T96.K83.654.T843 AJ854.QT654.KJ9. 72.AJ972.AQ7.KQ2".parse().unwrap();
        assert_eq!(deal_file(&deal), "KQ3 - T832 AJ9765\n72 AJ972 AQ7 KQ2    T96 K83 654 T843\nAJ854 QT654 KJ9 -\n");
    }

    /// A scratch directory, removed when dropped (a failed assertion too).
    struct Scratch(std::path::PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn finds_either_layout() {
        let scratch = Scratch(std::env::temp_dir().join(format!("ddsbench-layout-{}", std::process::id())));
        let dir = &scratch.0;
        let _ = std::fs::remove_dir_all(dir);
        let touch = |files: &[&str]| {
            for file in files {
                let path = dir.join(file);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(path, "").unwrap();
            }
        };
        std::fs::create_dir_all(dir).unwrap();
        assert_eq!(Layout::of(dir), None);
        touch(&["solver.cc"]);
        // No training deal: not a checkout the bench can build.
        assert_eq!(Layout::of(dir), None);
        touch(&["hard_deals/deal.8"]);
        assert_eq!(Layout::of(dir), Some(Layout::Single));
        touch(&["src/solver.cc", "src/solver.h", "deals/hard/deal.8"]);
        assert_eq!(Layout::of(dir), Some(Layout::Single));
        touch(&["src/solver-cli.cc"]);
        assert_eq!(Layout::of(dir), Some(Layout::Split));
        assert_eq!(Layout::Split.training(), "deals/hard/deal.8");
        assert_eq!(Layout::Single.training(), "hard_deals/deal.8");
        for layout in [Layout::Single, Layout::Split] {
            assert_eq!(layout.files().last(), Some(&layout.training()));
        }
        // The command line beside a top-level solver.cc: neither layout.
        touch(&["solver-cli.cc"]);
        assert_eq!(Layout::of(dir), None);
    }

    #[test]
    fn reads_a_table() {
        let text = "N  7  6  6  6  0.15 s  16.6 M\nS  9  9  3  3  0.29 s  18.9 M\nH  6  6  6  7  0.37 s  18.9 M\n\
                    D  9  8  4  4  0.59 s  20.3 M\nC  8  8  4  4  0.69 s  20.3 M\n";
        let table = parse_table(text).unwrap();
        // Strain order S H D C NT; declarers N E S W from columns S N W E.
        assert_eq!(table[4], [6, 6, 7, 6]);
        assert_eq!(table[0], [9, 3, 9, 3]);
        assert_eq!(table[1], [6, 7, 6, 6]);
        assert_eq!(table[2], [8, 4, 9, 4]);
        assert_eq!(table[3], [8, 4, 8, 4]);
        assert!(parse_table("N 7 6 6 6\n").is_none());
        assert_eq!(parse_value("H  4  0.01 s   5.0 M\n"), Some(4));
        assert_eq!(parse_value(""), None);
        assert!(parse_table(&text.replace("H  6", "H 66")).is_none());
    }
}
