//! `ddsbench`: times double dummy tables on fixed workloads, ours and (with
//! the `oracle` feature) DDS 2.9's, interleaved, and prints medians, the
//! slowest deal, node counts and the ratio. Run it through `cargo xtask
//! bench`.
//!
//! Usage: `ddsbench [--reps N] [--threads 1,2,...] [WORKLOAD ...]` where a
//! workload is a DDS hand file (`list100`, `list1000`, `largest`, ...),
//! `random1000` (1,000 deals from a fixed seed), `hard` (the deals of
//! `largest`, `thomas1` and `thomas2`), `midplay` (1,000 positions in the
//! middle of play, SolveBoard with solutions 1 and 3) or `allcards` (every
//! card of hard opening leads scored, sequentially and over threads), `line`
//! (lines of best play), `layouts` (400 layouts of a 4-4 fit) or `warm`
//! (what a table kept warm saves on other leaders and along a play), `capi`
//! (the cost of the C boundary: our `libddscapi.so` loaded by path against
//! DDS 2.9 and against our Rust API, see `capi.rs`), `engine` (a playing
//! engine's sampled deals, BEN-shaped, in batch calls against DDS 2.9's
//! batch call, see `engine.rs`), `stream` (the memory of
//! `dds table` over a million deal lines on standard input, see
//! `stream.rs`), `pbnread` (a 100,000-game PBN file read by name against
//! standard input, see `pbnread.rs`); `--threads` adds the
//! throughput of parallel batches (and sets the thread counts of
//! `allcards`).
//!
//! The full-table workloads (hand files, `random1000`, `random100`, `hard`)
//! also run macroxue's bridge-solver, built from the source directory named
//! by `DDS_BENCH_BRIDGE_SOLVER` (see `bridge_solver.rs`; without a source
//! the column is skipped with a note): one child process per deal,
//! interleaved with ours and DDS in every run, its tables asserted equal to
//! DDS's (to ours without DDS), timed by the child's user CPU and wall time.
//! `midplay` runs it on its positions at a trick boundary (its command line
//! takes no cards of a current trick), and `engine` on its bids' sampled
//! deals, value only. `--cachegrind N`
//! replaces the timing of those workloads by instruction counts per table
//! (per position) of the three solvers on the first `N` deals (positions),
//! see `cachegrind.rs`.
//!
//! Peak memory is the growth of the process's peak resident size during a
//! run (the kernel's high-water mark, reset before each run), the largest
//! over the runs: DDS keeps its memory between calls, so its later runs may
//! add nothing; the first one shows what it needs.
//!
//! Each workload has its module: `tables.rs` (the full tables and the
//! parallel batches), `midplay.rs`, `allcards.rs`, `line.rs`, `warm.rs`,
//! `layouts.rs`, `capi.rs`, `engine.rs`, `stream.rs` and `pbnread.rs`.
//! `report.rs` holds what they share (a run's figures, peak memory,
//! medians, ratios, the report of a full-table workload), `boundary.rs`
//! bridge-solver's positions at a trick boundary and `cachegrind.rs` the
//! instruction counts and `--solve-only`.

use dds::model::Deal;

use bridge_solver::BridgeSolver;

mod allcards;
mod boundary;
mod bridge_solver;
mod cachegrind;
mod capi;
mod engine;
mod layouts;
mod line;
mod midplay;
mod pbnread;
mod report;
mod rusage;
mod stream;
mod tables;
mod warm;

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--solve-only") {
        let n = args.get(3).and_then(|n| n.parse().ok());
        let (Some(solver), Some(name), Some(n)) = (args.get(1), args.get(2), n) else {
            eprintln!("usage: ddsbench --solve-only ours|dds WORKLOAD N");
            std::process::exit(2)
        };
        cachegrind::solve_only(solver, name, n);
        return;
    }
    let mut reps = 3;
    if let Some(i) = args.iter().position(|a| a == "--reps") {
        reps = args.get(i + 1).and_then(|n| n.parse().ok()).unwrap_or_else(|| {
            eprintln!("--reps needs a number");
            std::process::exit(2)
        });
        args.drain(i..i + 2);
    }
    let mut threads: Vec<usize> = Vec::new();
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        threads = args.get(i + 1).map(|t| t.split(',').filter_map(|n| n.parse().ok()).collect()).unwrap_or_default();
        if threads.is_empty() {
            eprintln!("--threads needs a list of thread counts, such as 1,2");
            std::process::exit(2)
        }
        args.drain(i..i + 2);
    }
    let mut cachegrind_deals = None;
    if let Some(i) = args.iter().position(|a| a == "--cachegrind") {
        cachegrind_deals = Some(args.get(i + 1).and_then(|n| n.parse::<usize>().ok()).unwrap_or_else(|| {
            eprintln!("--cachegrind needs a number of deals");
            std::process::exit(2)
        }));
        args.drain(i..i + 2);
    }
    if let Some(unknown) = args.iter().find(|a| a.starts_with('-')) {
        eprintln!("unknown option {unknown}");
        eprintln!("usage: ddsbench [--reps N] [--threads 1,2,...] [--cachegrind N] [WORKLOAD ...]");
        eprintln!("workloads: a DDS hand file (list100, list1000, largest, ...), random1000, random100, hard, midplay, allcards, line, layouts, warm, capi, engine, stream, pbnread");
        std::process::exit(2)
    }
    if args.is_empty() {
        args.push("list100".to_owned());
    }
    #[cfg(feature = "oracle")]
    dds_bench::oracle::single_thread();
    println!("machine: {} cores, {}", std::thread::available_parallelism().map_or(1, |n| n.get()), report::cpu_name());
    println!("single thread; DDS 2.9 {}", if cfg!(feature = "oracle") { "linked" } else { "not linked" });
    let mut mismatches = 0;
    if let Some(n) = cachegrind_deals {
        for name in &args {
            if let Some(positions) = boundary::boundary_positions(name) {
                mismatches += cachegrind::positions(name, positions, n);
                continue;
            }
            if NOT_TABLES.contains(&name.as_str()) {
                println!("\n{name}: --cachegrind counts the full-table workloads, midplay and engine only");
                continue;
            }
            let deals: Vec<Deal> = tables::load(name).into_iter().take(n).collect();
            mismatches += cachegrind::tables(name, &deals);
        }
        finish(mismatches);
        return;
    }
    // bridge-solver, built once for every workload that runs it.
    let bridge_solver =
        if args.iter().any(|a| boundary::AT_BOUNDARY.contains(&a.as_str()) || !NOT_TABLES.contains(&a.as_str())) {
            match BridgeSolver::locate(bridge_solver::Build::Timing) {
                Ok(bs) => {
                    println!("bridge-solver: {} ({})", bs.source.display(), bs.flags.join(" "));
                    Some(bs)
                }
                Err(note) => {
                    println!("{note}");
                    None
                }
            }
        } else {
            None
        };
    for name in &args {
        match name.as_str() {
            "midplay" => mismatches += midplay::run(reps, bridge_solver.as_ref()),
            "allcards" => allcards::run(&threads, reps),
            "line" => line::run(reps),
            "layouts" => layouts::run(&threads, reps),
            "warm" => warm::run(reps),
            "capi" => capi::run(reps),
            "engine" => {
                engine::run(&threads, reps);
                if let Some(bs) = bridge_solver.as_ref() {
                    mismatches += engine::bids_bridge_solver(reps, bs);
                }
            }
            "stream" => stream::run(threads.first().copied().unwrap_or(0)),
            "pbnread" => pbnread::run(reps),
            _ => mismatches += tables::run(name, &threads, reps, bridge_solver.as_ref()),
        }
    }
    finish(mismatches);
}

/// The workloads that are not full tables of deals.
const NOT_TABLES: [&str; 9] = ["midplay", "allcards", "line", "layouts", "warm", "capi", "engine", "stream", "pbnread"];

/// Exits with status 1 when bridge-solver's answers differed anywhere.
fn finish(mismatches: usize) {
    if mismatches > 0 {
        println!("\nbridge-solver: {mismatches} table(s) differ (MISMATCH lines above)");
        std::process::exit(1)
    }
}
