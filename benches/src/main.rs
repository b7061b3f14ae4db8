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
//! Peak memory is the growth of the process's peak resident size during a
//! run (the kernel's high-water mark, reset before each run), the largest
//! over the runs: DDS keeps its memory between calls, so its later runs may
//! add nothing; the first one shows what it needs.

use std::time::{Duration, Instant};

use dds::model::{Deal, Seat, Strain};
use dds::Solver;
use dds_bench::workload;

mod capi;
mod engine;
mod pbnread;
mod stream;

struct Run {
    total: Duration,
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

fn ours(deals: &[Deal]) -> (Run, Vec<[[u8; 4]; 5]>) {
    let mut per_deal = Vec::with_capacity(deals.len());
    let mut tables = Vec::with_capacity(deals.len());
    let base = peak_start();
    let mut solver = Solver::new();
    let start = Instant::now();
    let nodes_before = solver.nodes();
    for deal in deals {
        let t = Instant::now();
        let table = solver.dd_table(deal).expect("workload deals are valid");
        per_deal.push(t.elapsed());
        tables.push(Strain::ALL.map(|s| Seat::ALL.map(|d| table.tricks(s, d))));
    }
    let total = start.elapsed();
    let nodes = solver.nodes() - nodes_before;
    drop(solver);
    (Run { total, per_deal, nodes, peak: peak_since(base) }, tables)
}

#[cfg(feature = "oracle")]
fn theirs(deals: &[Deal]) -> Option<(Run, Vec<[[u8; 4]; 5]>)> {
    let mut per_deal = Vec::with_capacity(deals.len());
    let mut tables = Vec::with_capacity(deals.len());
    let base = peak_start();
    let start = Instant::now();
    for deal in deals {
        let t = Instant::now();
        tables.push(dds_bench::oracle::dd_table(deal).expect("DDS solves the workload"));
        per_deal.push(t.elapsed());
    }
    Some((Run { total: start.elapsed(), per_deal, nodes: 0, peak: peak_since(base) }, tables))
}

#[cfg(not(feature = "oracle"))]
fn theirs(_deals: &[Deal]) -> Option<(Run, Vec<[[u8; 4]; 5]>)> {
    None
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
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
    if let Some(unknown) = args.iter().find(|a| a.starts_with('-')) {
        eprintln!("unknown option {unknown}");
        eprintln!("usage: ddsbench [--reps N] [--threads 1,2,...] [WORKLOAD ...]");
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
    for name in &args {
        match name.as_str() {
            "midplay" => mid_play(reps),
            "allcards" => all_cards(&threads, reps),
            "line" => best_lines(reps),
            "layouts" => layouts(&threads, reps),
            "warm" => warm_tables(reps),
            "capi" => capi::run(reps),
            "engine" => engine::run(&threads, reps),
            "stream" => stream::run(threads.first().copied().unwrap_or(0)),
            "pbnread" => pbnread::run(reps),
            _ => tables(name, &threads, reps),
        }
    }
}

/// A workload of full tables, ours and DDS's interleaved, with the parallel
/// throughput for each of `threads`.
fn tables(name: &str, threads: &[usize], reps: usize) {
    let deals = load(name);
    let mut our_runs = Vec::new();
    let mut their_runs = Vec::new();
    for _ in 0..reps {
        let (run, tables) = ours(&deals);
        our_runs.push(run);
        if let Some((run, their_tables)) = theirs(&deals) {
            for (i, (a, b)) in tables.iter().zip(&their_tables).enumerate() {
                assert_eq!(a, b, "{name}: deal {} differs from DDS: {}", i, deals[i]);
            }
            their_runs.push(run);
        }
    }
    report(name, deals.len(), &our_runs, &their_runs);
    if !threads.is_empty() {
        parallel(&deals, threads, reps);
    }
}

/// The mid-play workload: 1,000 positions after 1 to 40 random cards,
/// solved with `solutions` 1 and 3, ours and DDS's, one solver each.
fn mid_play(reps: usize) {
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
    println!("  parallel batch (dds::dd_tables), median of {reps}:");
    let mut base = None;
    for &n in threads {
        let settings = dds::Parallel::with_threads(n);
        let times: Vec<Duration> = (0..reps)
            .map(|_| {
                let start = Instant::now();
                for table in dds::dd_tables(deals, &settings) {
                    table.expect("workload deals are valid");
                }
                start.elapsed()
            })
            .collect();
        let t = median(times);
        let base = *base.get_or_insert(t);
        println!(
            "    {n:>2} threads: {}  {:.1} tables/s  speed-up {:.2}",
            secs(t),
            deals.len() as f64 / t.as_secs_f64(),
            base.as_secs_f64() / t.as_secs_f64()
        );
    }
}

fn report(name: &str, deals: usize, ours: &[Run], theirs: &[Run]) {
    let summary = |runs: &[Run]| {
        let total = median(runs.iter().map(|r| r.total).collect());
        // The run with the median total stands for the per-deal figures.
        let run = runs.iter().min_by_key(|r| r.total.abs_diff(total)).expect("at least one run");
        let slowest = run.per_deal.iter().copied().enumerate().max_by_key(|&(_, d)| d).expect("deals");
        let peak = runs.iter().filter_map(|r| r.peak).max();
        (total, median(run.per_deal.clone()), slowest, run.nodes, peak)
    };
    let mb = |p: Option<u64>| p.map_or_else(|| "n/a".to_owned(), |b| format!("{:.1} MB", b as f64 / 1e6));
    let (total, med, (slow_i, slow), nodes, peak) = summary(ours);
    println!("\n{name}: {deals} deals, full tables, {} runs interleaved, medians", ours.len());
    println!(
        "  ours   total {}  per table {}  slowest {} (deal {slow_i})  nodes {nodes}  peak memory {}",
        secs(total),
        secs(total / deals as u32),
        secs(slow),
        mb(peak)
    );
    let _ = med;
    if !theirs.is_empty() {
        let (t_total, _, (t_slow_i, t_slow), _, t_peak) = summary(theirs);
        println!(
            "  DDS    total {}  per table {}  slowest {} (deal {t_slow_i})  peak memory {}",
            secs(t_total),
            secs(t_total / deals as u32),
            secs(t_slow),
            mb(t_peak)
        );
        println!(
            "  ratio ours/DDS: total {:.2}  slowest {:.2}",
            total.as_secs_f64() / t_total.as_secs_f64(),
            slow.as_secs_f64() / t_slow.as_secs_f64()
        );
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
