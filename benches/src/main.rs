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

use std::time::{Duration, Instant};

use dds::model::{Deal, Seat, Strain};
use dds::Solver;
use dds_bench::workload;

use bridge_solver::{BridgeSolver, Table};

mod bridge_solver;
mod cachegrind;
mod capi;
mod engine;
mod pbnread;
mod rusage;
mod stream;

struct Run {
    total: Duration,
    /// User CPU time: of this process for ours and DDS, of the child
    /// processes for bridge-solver.
    user: Duration,
    per_deal: Vec<Duration>,
    nodes: u64,
    /// The growth of the process's peak resident memory during the run, in
    /// bytes (Linux only).
    peak: Option<u64>,
}

/// Reads a memory figure of this process, in bytes, from
/// `/proc/self/status` (`VmRSS`, `VmHWM`).
fn proc_status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Starts measuring peak memory: resets the kernel's high-water mark to the
/// current resident size and returns that size.
fn peak_start() -> Option<u64> {
    // Memory freed by the previous run goes back to the system first, so
    // that this run cannot reuse pages that are already resident.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: glibc's malloc_trim has no preconditions.
        unsafe {
            malloc_trim(0);
        }
    }
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    proc_status_bytes("VmRSS")
}

/// The peak resident memory reached since `peak_start`, above its start.
fn peak_since(start: Option<u64>) -> Option<u64> {
    Some(proc_status_bytes("VmHWM")?.saturating_sub(start?))
}

fn ours(deals: &[Deal]) -> (Run, Vec<Table>) {
    let mut per_deal = Vec::with_capacity(deals.len());
    let mut tables = Vec::with_capacity(deals.len());
    let base = peak_start();
    let mut solver = Solver::new();
    let user = rusage::self_user();
    let start = Instant::now();
    let nodes_before = solver.nodes();
    for deal in deals {
        let t = Instant::now();
        let table = solver.dd_table(deal).expect("workload deals are valid");
        per_deal.push(t.elapsed());
        tables.push(Strain::ALL.map(|s| Seat::ALL.map(|d| table.tricks(s, d))));
    }
    let total = start.elapsed();
    let user = rusage::self_user().saturating_sub(user);
    let nodes = solver.nodes() - nodes_before;
    drop(solver);
    (Run { total, user, per_deal, nodes, peak: peak_since(base) }, tables)
}

#[cfg(feature = "oracle")]
fn theirs(deals: &[Deal]) -> Option<(Run, Vec<Table>)> {
    let mut per_deal = Vec::with_capacity(deals.len());
    let mut tables = Vec::with_capacity(deals.len());
    let base = peak_start();
    let user = rusage::self_user();
    let start = Instant::now();
    for deal in deals {
        let t = Instant::now();
        tables.push(dds_bench::oracle::dd_table(deal).expect("DDS solves the workload"));
        per_deal.push(t.elapsed());
    }
    let total = start.elapsed();
    let user = rusage::self_user().saturating_sub(user);
    Some((Run { total, user, per_deal, nodes: 0, peak: peak_since(base) }, tables))
}

#[cfg(not(feature = "oracle"))]
fn theirs(_deals: &[Deal]) -> Option<(Run, Vec<Table>)> {
    None
}

/// bridge-solver on the deal files, one child process each (its peak
/// memory is not measured: see `rusage.rs`).
fn bridge(bs: &BridgeSolver, files: &[std::path::PathBuf]) -> (Run, Vec<Table>) {
    let mut per_deal = Vec::with_capacity(files.len());
    let mut tables = Vec::with_capacity(files.len());
    let mut user = Duration::ZERO;
    let start = Instant::now();
    for file in files {
        let solved = bs.solve(file).unwrap_or_else(|e| panic!("bridge-solver: {e}"));
        per_deal.push(solved.wall);
        user += solved.user;
        tables.push(solved.table);
    }
    (Run { total: start.elapsed(), user, per_deal, nodes: 0, peak: None }, tables)
}

/// The mid-play positions at a trick boundary (no card of the current
/// trick played): the ones bridge-solver takes.
fn mid_play_at_boundary() -> Vec<workload::MidPlay> {
    workload::mid_play_positions(1000, 0x91a7).into_iter().filter(|p| p.played.is_empty()).collect()
}

/// The bids of the `engine` workload (`workload::engine_decisions`, as
/// `engine` draws them) as positions at a trick boundary: each sampled deal
/// with its decision's strain and leader.
fn engine_bids() -> Vec<workload::MidPlay> {
    engine::decisions()
        .into_iter()
        .filter(|d| d.phase == workload::Phase::Bidding)
        .flat_map(|d| {
            d.samples.into_iter().map(move |remaining| workload::MidPlay {
                remaining,
                strain: d.strain,
                leader: d.leader,
                played: Vec::new(),
            })
        })
        .collect()
}

/// The workloads that are not full tables but have positions at a trick
/// boundary for bridge-solver ([`boundary_positions`]).
const AT_BOUNDARY: [&str; 2] = ["midplay", "engine"];

/// The positions at a trick boundary that bridge-solver takes from the
/// workloads that are not full tables ([`AT_BOUNDARY`]): `midplay`'s and
/// `engine`'s bids, with what one of them is (for `--cachegrind`'s lines).
fn boundary_positions(name: &str) -> Option<(Vec<workload::MidPlay>, &'static str)> {
    match name {
        "midplay" => Some((mid_play_at_boundary(), "position (at a trick boundary)")),
        "engine" => Some((engine_bids(), "bid's sampled deal (one strain and leader)")),
        _ => None,
    }
}

/// The tricks of the side on lead at `p` from bridge-solver's `value` (the
/// tricks of the other side); `None` if the value exceeds the tricks left.
fn leader_tricks(p: &workload::MidPlay, value: u8) -> Option<u8> {
    (p.remaining.hands()[p.leader].len() as u8).checked_sub(value)
}

/// `--cachegrind N midplay|engine`: the first `N` positions of
/// `positions`, the workload `name`'s positions at a trick boundary, each
/// one `unit`.
fn cachegrind_positions(name: &str, (positions, unit): (Vec<workload::MidPlay>, &str), n: usize) -> usize {
    let positions: Vec<workload::MidPlay> = positions.into_iter().take(n).collect();
    // bridge-solver gives the tricks of the side not on lead.
    let answer = |i: usize, out: &str| {
        let p = &positions[i];
        bridge_solver::parse_value(out).and_then(|v| leader_tricks(p, v)).map(|t| vec![t])
    };
    cachegrind::run(&cachegrind::Sample {
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
fn solve_only(solver: &str, name: &str, n: usize) {
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
        println!("{}", cachegrind::write_table(table));
    }
}

/// Our tables of `deals`, one solver for all (made even for no deals, so
/// that a run with none counts what a run with some does but solving).
fn ours_tables(deals: &[Deal]) -> Vec<Table> {
    let mut solver = Solver::new();
    deals
        .iter()
        .map(|deal| {
            let table = solver.dd_table(deal).expect("workload deals are valid");
            Strain::ALL.map(|s| Seat::ALL.map(|d| table.tricks(s, d)))
        })
        .collect()
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The median wall time of `reps` runs of `run`.
fn median_time(reps: usize, mut run: impl FnMut()) -> Duration {
    median(
        (0..reps)
            .map(|_| {
                let start = Instant::now();
                run();
                start.elapsed()
            })
            .collect(),
    )
}

fn secs(d: Duration) -> String {
    format!("{:.3}s", d.as_secs_f64())
}

fn load(name: &str) -> Vec<Deal> {
    match name {
        "random1000" => workload::random_deals(1000, 0x5eed),
        "random100" => workload::random_deals(100, 0x5eed),
        "hard" => {
            let mut deals = workload::hand_file_deals("largest.txt");
            for file in ["thomas1.txt", "thomas2.txt"] {
                deals.extend(
                    workload::hand_file_deals(file).into_iter().filter(|d| !deals.contains(d)).collect::<Vec<_>>(),
                );
            }
            deals
        }
        file => workload::hand_file_deals(&format!("{file}.txt")),
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--solve-only") {
        let n = args.get(3).and_then(|n| n.parse().ok());
        let (Some(solver), Some(name), Some(n)) = (args.get(1), args.get(2), n) else {
            eprintln!("usage: ddsbench --solve-only ours|dds WORKLOAD N");
            std::process::exit(2)
        };
        solve_only(solver, name, n);
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
    println!("machine: {} cores, {}", std::thread::available_parallelism().map_or(1, |n| n.get()), cpu_name());
    println!("single thread; DDS 2.9 {}", if cfg!(feature = "oracle") { "linked" } else { "not linked" });
    let mut mismatches = 0;
    if let Some(n) = cachegrind_deals {
        for name in &args {
            if let Some(positions) = boundary_positions(name) {
                mismatches += cachegrind_positions(name, positions, n);
                continue;
            }
            if NOT_TABLES.contains(&name.as_str()) {
                println!("\n{name}: --cachegrind counts the full-table workloads, midplay and engine only");
                continue;
            }
            let deals: Vec<Deal> = load(name).into_iter().take(n).collect();
            mismatches += cachegrind::tables(name, &deals);
        }
        finish(mismatches);
        return;
    }
    // bridge-solver, built once for every workload that runs it.
    let bridge_solver = if args.iter().any(|a| AT_BOUNDARY.contains(&a.as_str()) || !NOT_TABLES.contains(&a.as_str())) {
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
            "midplay" => mismatches += mid_play(reps, bridge_solver.as_ref()),
            "allcards" => all_cards(&threads, reps),
            "line" => best_lines(reps),
            "layouts" => layouts(&threads, reps),
            "warm" => warm_tables(reps),
            "capi" => capi::run(reps),
            "engine" => {
                engine::run(&threads, reps);
                if let Some(bs) = bridge_solver.as_ref() {
                    mismatches += engine_bridge_solver(reps, bs);
                }
            }
            "stream" => stream::run(threads.first().copied().unwrap_or(0)),
            "pbnread" => pbnread::run(reps),
            _ => mismatches += tables(name, &threads, reps, bridge_solver.as_ref()),
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

/// A workload of full tables, ours, DDS's and bridge-solver's interleaved
/// (each run runs all three), with the parallel throughput for each of
/// `threads`. Returns the number of tables where bridge-solver's answer
/// differs from DDS's (ours without DDS), each reported on a `MISMATCH`
/// line.
fn tables(name: &str, threads: &[usize], reps: usize, bs: Option<&BridgeSolver>) -> usize {
    let deals = load(name);
    let files = bs.map(|bs| bs.write_deals(name, &deals)).unwrap_or_default();
    let mut our_runs = Vec::new();
    let mut their_runs = Vec::new();
    let mut bs_runs = Vec::new();
    let mut mismatches = std::collections::BTreeSet::new();
    for _ in 0..reps {
        let (run, tables) = ours(&deals);
        our_runs.push(run);
        let mut reference = ("ours", tables);
        if let Some((run, their_tables)) = theirs(&deals) {
            for (i, (a, b)) in reference.1.iter().zip(&their_tables).enumerate() {
                assert_eq!(a, b, "{name}: deal {} differs from DDS: {}", i, deals[i]);
            }
            their_runs.push(run);
            reference = ("DDS", their_tables);
        }
        if let Some(bs) = bs {
            let (run, bs_tables) = bridge(bs, &files);
            bs_runs.push(run);
            for (i, (a, b)) in reference.1.iter().zip(&bs_tables).enumerate() {
                if a != b && mismatches.insert(i) {
                    println!(
                        "MISMATCH {name}: deal {i} ({}): bridge-solver {b:?}, {} {a:?} (strains S H D C NT, declarers N E S W)",
                        deals[i], reference.0
                    );
                }
            }
        }
    }
    report(name, deals.len(), &our_runs, &their_runs, &bs_runs);
    if let (Some(bs), Some(file)) = (bs, files.first()) {
        // A process's start-up (loading the program and its libraries, 1-2
        // ms) is in bridge-solver's times above, once a deal.
        match bs.start_up(file, 21) {
            Ok((user, wall)) => {
                let n = deals.len() as u32;
                let less = |r: &Run| Run {
                    total: r.total.saturating_sub(wall * n),
                    user: r.user.saturating_sub(user * n),
                    per_deal: Vec::new(),
                    nodes: 0,
                    peak: None,
                };
                let bs_less: Vec<Run> = bs_runs.iter().map(less).collect();
                println!(
                    "  bridge-solver start-up, a process that reads the deal and stops (-o), median of 21: user {:.2}ms, wall {:.2}ms",
                    user.as_secs_f64() * 1e3,
                    wall.as_secs_f64() * 1e3,
                );
                println!(
                    "  ratio ours/bridge-solver less {} start-ups: wall {:.2}  user {:.2}",
                    deals.len(),
                    ratio_median(&our_runs, &bs_less, |r| r.total),
                    ratio_median(&our_runs, &bs_less, |r| r.user)
                );
            }
            Err(e) => println!("  bridge-solver start-up not measured: {e}"),
        }
    }
    if !threads.is_empty() {
        parallel(&deals, threads, reps);
    }
    mismatches.len()
}

/// The mid-play workload: 1,000 positions after 1 to 40 random cards,
/// solved with `solutions` 1 and 3, ours and DDS's, one solver each; then
/// the positions at a trick boundary by ours and bridge-solver (value
/// only). Returns the number of positions where bridge-solver's value
/// differs from ours.
fn mid_play(reps: usize, bs: Option<&BridgeSolver>) -> usize {
    let positions = workload::mid_play_positions(1000, 0x91a7);
    for (solutions, label) in [(dds::Solutions::One, 1), (dds::Solutions::All, 3)] {
        let mut ours_t = Vec::new();
        // Filled only when DDS is linked.
        #[cfg_attr(not(feature = "oracle"), allow(unused_mut))]
        let mut theirs_t: Vec<Duration> = Vec::new();
        let mut nodes = 0;
        for _ in 0..reps {
            let mut solver = Solver::new();
            let start = Instant::now();
            let before = solver.nodes();
            let answers: Vec<dds::Solution> = positions
                .iter()
                .map(|p| {
                    let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                    solver.solve_board(&board, dds::Target::Max, solutions).expect("solvable")
                })
                .collect();
            ours_t.push(start.elapsed());
            nodes = solver.nodes() - before;
            #[cfg(feature = "oracle")]
            {
                let start = Instant::now();
                let theirs: Vec<_> = positions
                    .iter()
                    .map(|p| {
                        dds_bench::oracle::solve_board(&p.remaining, p.strain, p.leader, &p.played, label)
                            .expect("DDS solves the position")
                    })
                    .collect();
                theirs_t.push(start.elapsed());
                for (i, (ours, (theirs, _))) in answers.iter().zip(&theirs).enumerate() {
                    let mut a: Vec<(String, i32)> =
                        ours.cards.iter().map(|c| (c.card.to_string(), i32::from(c.tricks.unwrap_or(0)))).collect();
                    let mut b: Vec<(String, i32)> = theirs.iter().map(|c| (c.0.clone(), c.1)).collect();
                    if label == 1 {
                        // One best card: DDS may pick another card of the same score.
                        assert_eq!(a[0].1, b[0].1, "position {i}: {:?}", positions[i]);
                    } else {
                        a.sort();
                        b.sort();
                        assert_eq!(a, b, "position {i}: {:?}", positions[i]);
                    }
                }
            }
            let _ = &answers;
        }
        let ours = median(ours_t);
        println!("\nmidplay: 1000 positions (1-40 cards played), solutions {label}, median of {reps}");
        println!("  ours   total {}  per position {:.2}ms  nodes {nodes}", secs(ours), ours.as_secs_f64());
        if !theirs_t.is_empty() {
            let theirs = median(theirs_t);
            println!("  DDS    total {}  per position {:.2}ms", secs(theirs), theirs.as_secs_f64());
            println!("  ratio ours/DDS: total {:.2}", ours.as_secs_f64() / theirs.as_secs_f64());
        }
    }
    match bs {
        Some(bs) => mid_play_bridge_solver(reps, bs),
        None => 0,
    }
}

/// Ours and bridge-solver on the mid-play positions at a trick boundary:
/// bridge-solver's command line takes no cards of a current trick and
/// gives the value, no score per card. Returns the number of values that
/// differ.
fn mid_play_bridge_solver(reps: usize, bs: &BridgeSolver) -> usize {
    let at_boundary = mid_play_at_boundary();
    let what = format!(
        "the {} positions at a trick boundary (its command line takes no cards of a current trick)",
        at_boundary.len()
    );
    values_bridge_solver("midplay", &what, &at_boundary, reps, bs)
}

/// Ours and bridge-solver on the `engine` workload's bidding decisions
/// (`workload::engine_decisions`, as `engine` draws them): their sampled
/// deals, each solved for its decision's strain and leader. The opening
/// leads and the card play have cards of a current trick, which
/// bridge-solver's command line does not take. Returns the number of values
/// that differ.
fn engine_bridge_solver(reps: usize, bs: &BridgeSolver) -> usize {
    let positions = engine_bids();
    let what = format!("the bidding decisions' {} sampled deals, one strain and leader each", positions.len());
    values_bridge_solver("engine", &what, &positions, reps, bs)
}

/// Ours and bridge-solver on `positions`, each at a trick boundary (`what`
/// says which, `label` names the workload): the value only, one process a
/// position for bridge-solver, one solver for all of them for ours
/// (`solutions` 1). Returns the number of values that differ, each reported
/// on a `MISMATCH` line.
fn values_bridge_solver(
    label: &str,
    what: &str,
    at_boundary: &[workload::MidPlay],
    reps: usize,
    bs: &BridgeSolver,
) -> usize {
    let files = bs
        .write_files(label, at_boundary.iter().map(|p| bridge_solver::position_file(&p.remaining, p.strain, p.leader)));
    let (mut ours_runs, mut bs_runs) = (Vec::new(), Vec::new());
    let mut mismatches = std::collections::BTreeSet::new();
    for _ in 0..reps {
        let mut solver = Solver::new();
        let (user, start) = (rusage::self_user(), Instant::now());
        let values: Vec<u8> = at_boundary
            .iter()
            .map(|p| {
                let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                let best = solver.solve_board(&board, dds::Target::Max, dds::Solutions::One).expect("solvable");
                best.cards[0].tricks.expect("a scored card")
            })
            .collect();
        let total = start.elapsed();
        let user = rusage::self_user().saturating_sub(user);
        ours_runs.push(Run { total, user, per_deal: Vec::new(), nodes: 0, peak: None });
        let (mut wall, mut user) = (Duration::ZERO, Duration::ZERO);
        for (i, (file, p)) in files.iter().zip(at_boundary).enumerate() {
            let (value, w, u) = bs.solve_value(file).unwrap_or_else(|e| panic!("bridge-solver: {e}"));
            wall += w;
            user += u;
            let theirs = leader_tricks(p, value);
            if theirs != Some(values[i]) && mismatches.insert(i) {
                println!(
                    "MISMATCH {label}: position {i} at a trick boundary ({:?}): bridge-solver {} tricks for the leader's side (its value {value}), ours {}",
                    p,
                    theirs.map_or("no".to_string(), |t| t.to_string()),
                    values[i]
                );
            }
        }
        bs_runs.push(Run { total: wall, user, per_deal: Vec::new(), nodes: 0, peak: None });
    }
    let n = at_boundary.len() as u32;
    let (su, sw) = files.first().and_then(|f| bs.start_up(f, 21).ok()).unwrap_or_default();
    let less: Vec<Run> = bs_runs
        .iter()
        .map(|r| Run {
            total: r.total.saturating_sub(sw * n),
            user: r.user.saturating_sub(su * n),
            per_deal: Vec::new(),
            nodes: 0,
            peak: None,
        })
        .collect();
    let med = |runs: &[Run], of: fn(&Run) -> Duration| secs(median(runs.iter().map(of).collect()));
    println!("\n{label}, bridge-solver: {what}, the value only, one process a position, median of {reps}");
    println!("  ours (solutions 1)  wall {}  user {}", med(&ours_runs, |r| r.total), med(&ours_runs, |r| r.user));
    println!(
        "  bridge-solver       wall {}  user {}  (less {n} start-ups of {:.2}ms wall, {:.2}ms user: wall {}  user {})",
        med(&bs_runs, |r| r.total),
        med(&bs_runs, |r| r.user),
        sw.as_secs_f64() * 1e3,
        su.as_secs_f64() * 1e3,
        med(&less, |r| r.total),
        med(&less, |r| r.user)
    );
    println!(
        "  ratio ours/bridge-solver: wall {:.2}  user {:.2};  less its start-ups: wall {:.2}  user {:.2}",
        ratio_median(&ours_runs, &bs_runs, |r| r.total),
        ratio_median(&ours_runs, &bs_runs, |r| r.user),
        ratio_median(&ours_runs, &less, |r| r.total),
        ratio_median(&ours_runs, &less, |r| r.user)
    );
    mismatches.len()
}

/// The every-card workload: the opening leads of the `largest` deals in no
/// trump and spades, every card scored (`solutions = 3`), sequentially
/// (`solve_board`) and spread over threads (`Solver::score_cards`), each
/// position with a fresh solver; the answers are asserted equal.
fn all_cards(threads: &[usize], reps: usize) {
    let deals = load("largest");
    let boards: Vec<dds::Board> = deals
        .iter()
        .flat_map(|deal| {
            [Strain::NoTrump, Strain::Spades]
                .map(|strain| dds::Board::new(deal, strain, Seat::West, &[]).expect("full deal"))
        })
        .collect();
    let counts: Vec<usize> = if threads.is_empty() {
        vec![std::thread::available_parallelism().map_or(1, |n| n.get())]
    } else {
        threads.to_vec()
    };
    println!(
        "\nallcards: {} opening leads (largest deals, NT and spades), every card scored, median of {reps}",
        boards.len()
    );
    let mut sequential = Vec::new();
    let mut answers = Vec::new();
    let mut nodes = 0;
    for _ in 0..reps {
        let start = Instant::now();
        answers = boards
            .iter()
            .map(|b| Solver::new().solve_board(b, dds::Target::Max, dds::Solutions::All).expect("solvable"))
            .collect::<Vec<_>>();
        sequential.push(start.elapsed());
        nodes = answers.iter().map(|a| a.nodes).sum::<u64>();
    }
    let base = median(sequential);
    println!("  sequential (solve_board):  {}  nodes {nodes}", secs(base));
    for &n in &counts {
        let settings = dds::Parallel::with_threads(n);
        let mut times = Vec::new();
        for _ in 0..reps {
            let start = Instant::now();
            let got: Vec<dds::Solution> =
                boards.iter().map(|b| Solver::new().score_cards(b, &settings).expect("solvable")).collect();
            times.push(start.elapsed());
            nodes = got.iter().map(|a| a.nodes).sum::<u64>();
            for (i, (a, b)) in got.iter().zip(&answers).enumerate() {
                assert_eq!(a.cards, b.cards, "allcards position {i}");
            }
        }
        let t = median(times);
        println!(
            "  score_cards, {n:>2} threads: {}  nodes {nodes}  speed-up {:.2}",
            secs(t),
            base.as_secs_f64() / t.as_secs_f64()
        );
    }
}

/// The line workload: a line of best play from the opening lead (no trump,
/// West leads) of the first 20 list100 deals, each with a fresh solver.
fn best_lines(reps: usize) {
    let deals: Vec<Deal> = load("list100").into_iter().take(20).collect();
    let mut times = Vec::new();
    let mut nodes = 0;
    for _ in 0..reps {
        let start = Instant::now();
        nodes = 0;
        for deal in &deals {
            let board = dds::Board::new(deal, Strain::NoTrump, Seat::West, &[]).expect("full deal");
            let mut solver = Solver::new();
            let line = solver.best_line(&board).cards;
            assert_eq!(line.len(), 52);
            nodes += solver.nodes();
        }
        times.push(start.elapsed());
    }
    let t = median(times);
    println!("\nline: best line of play from the opening lead (NT, West leads), 20 list100 deals, median of {reps}");
    println!("  ours   total {}  per line {:.1}ms  nodes {nodes}", secs(t), t.as_secs_f64() * 1000.0 / 20.0);
}

/// The warm-table workload: what reusing a solver's table saves on related
/// positions, the two cases the solver reuses it for (same deal and strain).
/// Leaders: the four opening leads of the first 30 list100 deals in each
/// strain, solved by one solver per deal and strain (the table kept from
/// leader to leader) and by a fresh solver for each. Play: every position
/// of a line of best play (no trump, West leads) of the first 10 list100
/// deals, solved by one solver along the play and by a fresh solver for
/// each position. The answers are asserted equal.
fn warm_tables(reps: usize) {
    let deals: Vec<Deal> = load("list100").into_iter().take(30).collect();
    let solve = |solver: &mut Solver, board: &dds::Board| {
        let best = solver.solve_board(board, dds::Target::Max, dds::Solutions::One).expect("solvable");
        best.cards[0].tricks
    };
    let leaders: Vec<Vec<dds::Board>> = deals
        .iter()
        .flat_map(|deal| {
            Strain::ALL.map(|strain| {
                Seat::ALL.iter().map(|&leader| dds::Board::new(deal, strain, leader, &[]).expect("full deal")).collect()
            })
        })
        .collect();
    let mut plays: Vec<Vec<dds::Board>> = Vec::new();
    for deal in deals.iter().take(10) {
        let board = dds::Board::new(deal, Strain::NoTrump, Seat::West, &[]).expect("full deal");
        let line = Solver::new().best_line(&board).cards;
        let mut pos = board;
        let mut boards = Vec::new();
        for lc in &line[..line.len() - 1] {
            pos = pos.after(lc.card).expect("the line is legal");
            boards.push(pos);
        }
        plays.push(boards);
    }
    for (label, groups) in [
        ("leaders: 4 opening leads x 5 strains x 30 list100 deals", &leaders),
        ("play: the 51 positions of a best line, 10 list100 deals", &plays),
    ] {
        let (mut warm_t, mut cold_t) = (Vec::new(), Vec::new());
        let (mut warm_nodes, mut cold_nodes) = (0, 0);
        for _ in 0..reps {
            let start = Instant::now();
            let mut warm_answers = Vec::new();
            warm_nodes = 0;
            for group in groups {
                let mut solver = Solver::new();
                warm_answers.extend(group.iter().map(|b| solve(&mut solver, b)));
                warm_nodes += solver.nodes();
            }
            warm_t.push(start.elapsed());
            let start = Instant::now();
            let mut cold_answers = Vec::new();
            cold_nodes = 0;
            for group in groups {
                for b in group {
                    let mut solver = Solver::new();
                    cold_answers.push(solve(&mut solver, b));
                    cold_nodes += solver.nodes();
                }
            }
            cold_t.push(start.elapsed());
            assert_eq!(warm_answers, cold_answers, "{label}");
        }
        let (warm, cold) = (median(warm_t), median(cold_t));
        println!(
            "
warm: {label}, median of {reps}"
        );
        println!("  one solver kept warm   {}  nodes {warm_nodes}", secs(warm));
        println!("  a fresh solver each    {}  nodes {cold_nodes}", secs(cold));
        println!(
            "  time warm/fresh {:.2}, nodes {:.2}",
            warm.as_secs_f64() / cold.as_secs_f64(),
            warm_nodes as f64 / cold_nodes as f64
        );
    }
}

/// The layouts workload: a 4-4 spade fit with 27 points, East and West
/// unknown (10,400,600 layouts): the first 400 layouts of the shuffled
/// order, South declaring in spades, on each thread count.
fn layouts(threads: &[usize], reps: usize) {
    let problem = dds::Layouts::from_pbn("N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -").expect("valid problem");
    let task = dds::LayoutTask::Lead { strain: Strain::Spades, leader: Seat::West };
    let options = dds::LayoutOptions { limit: Some(400), ..dds::LayoutOptions::default() };
    let counts: Vec<usize> = if threads.is_empty() { vec![1, 2] } else { threads.to_vec() };
    println!("\nlayouts: 400 layouts of a 4-4 fit (one lead each), median of {reps}");
    let mut base = None;
    let mut totals = None;
    for &n in &counts {
        let settings = dds::Parallel::with_threads(n);
        let mut times = Vec::new();
        for _ in 0..reps {
            let start = Instant::now();
            let summary =
                dds::solve_layouts(&problem, task, &options, &settings, |_, _| std::ops::ControlFlow::Continue(()))
                    .expect("solvable");
            times.push(start.elapsed());
            let mean = summary.mean_tricks(Strain::Spades, Seat::South);
            assert_eq!(*totals.get_or_insert(mean), mean, "the totals depend on the thread count");
        }
        let t = median(times);
        let base = *base.get_or_insert(t);
        println!(
            "  {n:>2} threads: {}  {:.1} layouts/s  speed-up {:.2}",
            secs(t),
            400.0 / t.as_secs_f64(),
            base.as_secs_f64() / t.as_secs_f64()
        );
    }
}

/// Throughput of `dds::dd_tables` with each thread count, against one thread.
fn parallel(deals: &[Deal], threads: &[usize], reps: usize) {
    println!("  parallel batch (ours dds::dd_tables, DDS 2.9 CalcAllTables), wall, median of {reps}:");
    let mut base = None;
    #[cfg_attr(not(feature = "oracle"), allow(unused_mut, unused_variables))]
    let mut their_base: Option<Duration> = None;
    for &n in threads {
        let settings = dds::Parallel::with_threads(n);
        let t = median_time(reps, || {
            for table in dds::dd_tables(deals, &settings) {
                table.expect("workload deals are valid");
            }
        });
        let base = *base.get_or_insert(t);
        print!(
            "    {n:>2} threads: ours {}  {:.1} tables/s  speed-up {:.2}",
            secs(t),
            deals.len() as f64 / t.as_secs_f64(),
            base.as_secs_f64() / t.as_secs_f64()
        );
        #[cfg(feature = "oracle")]
        {
            dds_bench::oracle::set_threads(n as std::ffi::c_int);
            let d = median_time(reps, || {
                dds_bench::oracle::calc_all_tables(deals).expect("DDS solves the workload");
            });
            dds_bench::oracle::set_threads(1);
            let their_base = *their_base.get_or_insert(d);
            print!(
                "; DDS {}  {:.1} tables/s  speed-up {:.2}; ours / DDS {:.2}",
                secs(d),
                deals.len() as f64 / d.as_secs_f64(),
                their_base.as_secs_f64() / d.as_secs_f64(),
                t.as_secs_f64() / d.as_secs_f64()
            );
        }
        println!();
    }
}

/// The median over the runs of the ratio of `of` in `ours` to `of` in
/// `other` (run `i` against run `i`).
fn ratio_median(ours: &[Run], other: &[Run], of: fn(&Run) -> Duration) -> f64 {
    let mut r: Vec<f64> = ours.iter().zip(other).map(|(a, b)| of(a).as_secs_f64() / of(b).as_secs_f64()).collect();
    r.sort_by(f64::total_cmp);
    r[r.len() / 2]
}

/// The report of a full-table workload: for each solver the medians over
/// the runs of the wall and user time, the slowest deal of the run with the
/// median wall time and the peak memory; then the ratios of ours to the
/// others, each the median of the runs' ratios (the runs are interleaved,
/// so a ratio compares times of the same minutes).
fn report(name: &str, deals: usize, ours: &[Run], theirs: &[Run], bridge: &[Run]) {
    struct Summary {
        wall: Duration,
        user: Duration,
        slowest: (usize, Duration),
        nodes: u64,
        peak: Option<u64>,
    }
    let summary = |runs: &[Run]| {
        let wall = median(runs.iter().map(|r| r.total).collect());
        // The run with the median total stands for the per-deal figures.
        let run = runs.iter().min_by_key(|r| r.total.abs_diff(wall)).expect("at least one run");
        let slowest = run.per_deal.iter().copied().enumerate().max_by_key(|&(_, d)| d).expect("deals");
        let peak = runs.iter().filter_map(|r| r.peak).max();
        Summary { wall, user: median(runs.iter().map(|r| r.user).collect()), slowest, nodes: run.nodes, peak }
    };
    let mb = |p: Option<u64>| p.map_or_else(|| "n/a".to_owned(), |b| format!("{:.1} MB", b as f64 / 1e6));
    let line = |label: &str, s: &Summary, extra: &str| {
        println!(
            "  {label:<14} wall {}  user {}  per table {}  slowest {} (deal {})  peak memory {}{extra}",
            secs(s.wall),
            secs(s.user),
            secs(s.wall / deals as u32),
            secs(s.slowest.1),
            s.slowest.0,
            mb(s.peak)
        );
    };
    let ratios = |label: &str, other: &[Run], s: &Summary, o: &Summary| {
        println!(
            "  ratio ours/{label}: wall {:.2}  user {:.2}  slowest {:.2}",
            ratio_median(ours, other, |r| r.total),
            ratio_median(ours, other, |r| r.user),
            s.slowest.1.as_secs_f64() / o.slowest.1.as_secs_f64()
        );
    };
    let mine = summary(ours);
    let others = [("DDS", theirs), ("bridge-solver", bridge)];
    let names: Vec<&str> =
        std::iter::once("ours").chain(others.iter().filter(|o| !o.1.is_empty()).map(|o| o.0)).collect();
    println!("\n{name}: {deals} deals, full tables, {} runs interleaved ({}), medians", ours.len(), names.join(", "));
    line("ours", &mine, &format!("  nodes {}", mine.nodes));
    let mut done = Vec::new();
    for (label, runs) in others {
        if runs.is_empty() {
            continue;
        }
        let theirs = summary(runs);
        line(label, &theirs, "");
        done.push((label, runs, theirs));
    }
    for (label, runs, theirs) in &done {
        ratios(label, runs, &mine, theirs);
    }
    if !done.is_empty() {
        println!("  (ratios: medians of the runs' ratios; slowest: the slowest deals' times, in the median runs)");
    }
}

fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown cpu".to_owned())
}
