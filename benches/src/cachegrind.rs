//! `--cachegrind N`: instructions per full table for ours, DDS 2.9 and
//! bridge-solver on the first `N` deals of a workload, counted by valgrind's
//! cachegrind (`--cache-sim=no`: instructions only), which does not depend
//! on the machine's load as times do.
//!
//! Start-up is subtracted, each solver by a run that does everything but
//! solve: ours and DDS run in this binary (`ddsbench --solve-only ours|dds
//! WORKLOAD N`: load the workload, make the solver, solve the first `N`
//! tables), counted once with `N` and once with 0 deals; bridge-solver
//! solves one deal a process, each counted once solving and once with `-o`
//! (read the deal, show it, here nothing, and stop). The answers of the
//! three are compared.
//!
//! `midplay` counts the mid-play positions at a trick boundary (the only
//! ones bridge-solver's command line takes), and `engine` its bids'
//! sampled deals, `solutions` 1 for ours and DDS, the value for
//! bridge-solver ([`positions`]).
//!
//! The counting runs go two at a time (their counts do not depend on it).

use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dds::model::Deal;
use dds::Solver;
use dds_bench::workload;

use crate::boundary::{boundary_positions, leader_tricks};
use crate::bridge_solver::{self, deal_file, parse_table, BridgeSolver, Build, Table};
use crate::tables::{load, ours_tables};

/// One program to count.
struct Job {
    program: String,
    args: Vec<String>,
}

/// What a counted run gave: its instruction count and standard output.
type Counted = Result<(u64, String), String>;

/// Runs `job` under cachegrind.
fn count(job: &Job) -> Counted {
    let out = Command::new("valgrind")
        .args(["--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"])
        .arg(&job.program)
        .args(&job.args)
        .output()
        .map_err(|e| format!("cannot run valgrind: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("valgrind {} {} failed ({}):\n{stderr}", job.program, job.args.join(" "), out.status));
    }
    // The summary line `==PID== I   refs:      1,234,567`.
    let refs = stderr
        .lines()
        .find_map(|l| l.split_once("I   refs:").or_else(|| l.split_once("I refs:")))
        .map(|(_, n)| n.trim().replace(',', ""))
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("no instruction count in valgrind's output:\n{stderr}"))?;
    Ok((refs, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// Counts every job, as many at a time as there are cores (at most two).
fn count_all(jobs: &[Job]) -> Vec<Counted> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Counted>>> = Mutex::new(jobs.iter().map(|_| None).collect());
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(2);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = jobs.get(i) else { break };
                let counted = count(job);
                results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(counted);
            });
        }
    });
    results.into_inner().unwrap_or_else(|e| e.into_inner()).into_iter().map(|r| r.expect("every job ran")).collect()
}

/// The answers printed by `--solve-only`: one line of numbers per item.
fn read_answers(text: &str) -> Vec<Vec<u8>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|w| w.parse().expect("a trick count")).collect())
        .collect()
}

/// Prints a table as `--solve-only` does: its 20 numbers on one line.
pub(crate) fn write_table(table: &Table) -> String {
    table.iter().flatten().map(u8::to_string).collect::<Vec<_>>().join(" ")
}

fn millions(n: f64) -> String {
    format!("{:.1} M", n / 1e6)
}

/// A sample to count: the first items of a workload.
pub(crate) struct Sample<'a> {
    /// The workload, as `--solve-only` names it.
    pub(crate) name: &'a str,
    /// What an item is (`full table`, `position`).
    pub(crate) unit: &'a str,
    /// Each item, as a mismatch line names it.
    pub(crate) items: Vec<String>,
    /// Each item's input file for bridge-solver.
    pub(crate) files: Vec<String>,
    /// Item `i`'s answer from bridge-solver's output, in the form that
    /// `--solve-only` prints.
    pub(crate) answer: &'a dyn Fn(usize, &str) -> Option<Vec<u8>>,
}

/// The full tables of `deals`, the first deals of workload `name`.
pub(crate) fn tables(name: &str, deals: &[Deal]) -> usize {
    let table = |_: usize, out: &str| parse_table(out).map(|t| t.iter().flatten().copied().collect());
    run(&Sample {
        name,
        unit: "full table",
        items: deals.iter().map(Deal::to_string).collect(),
        files: deals.iter().map(deal_file).collect(),
        answer: &table,
    })
}

/// Counts the instructions per item of the three solvers on `sample`;
/// returns the number of items on which bridge-solver's answer differs.
pub(crate) fn run(sample: &Sample) -> usize {
    let (name, unit) = (sample.name, sample.unit);
    let n = sample.items.len();
    let version = match Command::new("valgrind").arg("--version").output() {
        Ok(out) if out.status.success() => String::from_utf8_lossy(&out.stdout).trim().to_owned(),
        _ => {
            println!("\n{name}: valgrind not found (apt-get install valgrind); no instruction counts");
            return 0;
        }
    };
    let exe = std::env::current_exe().expect("the bench's own path").to_string_lossy().into_owned();
    let own = |solver: &str, items: usize| Job {
        program: exe.clone(),
        args: vec!["--solve-only".into(), solver.into(), name.into(), items.to_string()],
    };
    let mut jobs = vec![own("ours", n), own("ours", 0)];
    if cfg!(feature = "oracle") {
        jobs.push(own("dds", n));
        jobs.push(own("dds", 0));
    }
    let own_jobs = jobs.len();
    let bridge_solver = match BridgeSolver::locate(Build::Valgrind) {
        Ok(bs) => Some(bs),
        Err(note) => {
            println!("{note}");
            None
        }
    };
    if let Some(bs) = &bridge_solver {
        let program = bs.exe.to_string_lossy().into_owned();
        for file in bs.write_files(name, sample.files.iter().cloned()) {
            let file = file.to_string_lossy().into_owned();
            for args in [&["-m", "0", "-f", &file][..], &["-o", "-m", "0", "-f", &file]] {
                jobs.push(Job { program: program.clone(), args: args.iter().map(|a| (*a).to_owned()).collect() });
            }
        }
    }
    let counted = count_all(&jobs);
    let fail = |r: &Counted| -> (u64, String) {
        r.clone().unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        })
    };
    let per = |full: u64, empty: u64| full.saturating_sub(empty) as f64 / n.max(1) as f64;
    println!("\n{name}: instructions per {unit}, the first {n} ({version}, cachegrind's I refs)");
    let (full, out) = fail(&counted[0]);
    let (empty, _) = fail(&counted[1]);
    let ours = per(full, empty);
    println!(
        "  ours            {:>10} per {unit}  ({} for {n} less {} for the same run with none)",
        millions(ours),
        millions(full as f64),
        millions(empty as f64)
    );
    let mut ratios = Vec::new();
    let mut reference = ("ours", read_answers(&out));
    let mut dds = None;
    if own_jobs == 4 {
        let (full, out) = fail(&counted[2]);
        let (empty, _) = fail(&counted[3]);
        let theirs = per(full, empty);
        println!(
            "  DDS 2.9         {:>10} per {unit}  ({} for {n} less {} for none)",
            millions(theirs),
            millions(full as f64),
            millions(empty as f64)
        );
        assert_eq!(reference.1, read_answers(&out), "{name}: ours and DDS differ under cachegrind");
        ratios.push(format!("ours/DDS {:.2}", ours / theirs));
        dds = Some(theirs);
        reference = ("DDS", read_answers(&out));
    }
    let mut mismatches = 0;
    if bridge_solver.is_some() {
        let (mut full, mut empty) = (0, 0);
        for (i, pair) in counted[own_jobs..].chunks(2).enumerate() {
            let (f, out) = fail(&pair[0]);
            let (e, _) = fail(&pair[1]);
            full += f;
            empty += e;
            let answer = (sample.answer)(i, &out);
            if answer.as_ref() != reference.1.get(i) {
                mismatches += 1;
                println!(
                    "  MISMATCH: bridge-solver's answer on {name} item {i} ({}) differs from {}'s: {answer:?} against {:?}",
                    sample.items[i],
                    reference.0,
                    reference.1.get(i)
                );
            }
        }
        let theirs = per(full, empty);
        println!(
            "  bridge-solver   {:>10} per {unit}  ({} for {n} processes solving less {} for {n} stopping after reading the input, -o; built without AVX-512 for valgrind)",
            millions(theirs),
            millions(full as f64),
            millions(empty as f64)
        );
        ratios.push(format!("ours/bridge-solver {:.2}", ours / theirs));
        if let Some(dds) = dds {
            ratios.push(format!("DDS/bridge-solver {:.2}", dds / theirs));
        }
    }
    if !ratios.is_empty() {
        println!("  instruction ratio: {}", ratios.join(", "));
    }
    mismatches
}

/// `--cachegrind N midplay|engine`: the first `N` positions of
/// `positions`, the workload `name`'s positions at a trick boundary, each
/// one `unit`.
pub(crate) fn positions(name: &str, (positions, unit): (Vec<workload::MidPlay>, &str), n: usize) -> usize {
    let positions: Vec<workload::MidPlay> = positions.into_iter().take(n).collect();
    // bridge-solver gives the tricks of the side not on lead.
    let answer = |i: usize, out: &str| {
        let p = &positions[i];
        bridge_solver::parse_value(out).and_then(|v| leader_tricks(p, v)).map(|t| vec![t])
    };
    run(&Sample {
        name,
        unit,
        items: positions.iter().map(|p| format!("{p:?}")).collect(),
        files: positions.iter().map(|p| bridge_solver::position_file(&p.remaining, p.strain, p.leader)).collect(),
        answer: &answer,
    })
}

/// `--solve-only ours|dds WORKLOAD N`: solves the first `N` tables of the
/// workload with one solver and prints them, one line of 20 numbers each
/// (the counted runs of `--cachegrind`); for `midplay` and `engine`, the
/// first `N` positions at a trick boundary (`boundary_positions`), the
/// tricks of the best card (solutions 1) on a line each.
pub(crate) fn solve_only(solver: &str, name: &str, n: usize) {
    if let Some((positions, _)) = boundary_positions(name) {
        let positions: Vec<workload::MidPlay> = positions.into_iter().take(n).collect();
        let mut ours = Solver::new();
        for p in &positions {
            let tricks = match solver {
                "ours" => {
                    let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                    let best = ours.solve_board(&board, dds::Target::Max, dds::Solutions::One).expect("solvable");
                    i32::from(best.cards[0].tricks.expect("a scored card"))
                }
                #[cfg(feature = "oracle")]
                "dds" => {
                    dds_bench::oracle::single_thread();
                    let (cards, _) = dds_bench::oracle::solve_board(&p.remaining, p.strain, p.leader, &p.played, 1)
                        .expect("DDS solves the position");
                    cards[0].1
                }
                other => {
                    eprintln!("--solve-only: unknown solver {other} (ours, or dds with the oracle feature)");
                    std::process::exit(2)
                }
            };
            println!("{tricks}");
        }
        return;
    }
    let deals: Vec<Deal> = load(name).into_iter().take(n).collect();
    let tables: Vec<Table> = match solver {
        "ours" => ours_tables(&deals),
        #[cfg(feature = "oracle")]
        "dds" => {
            dds_bench::oracle::single_thread();
            deals.iter().map(|d| dds_bench::oracle::dd_table(d).expect("DDS solves the workload")).collect()
        }
        other => {
            eprintln!("--solve-only: unknown solver {other} (ours, or dds with the oracle feature)");
            std::process::exit(2)
        }
    };
    for table in &tables {
        println!("{}", write_table(table));
    }
}
