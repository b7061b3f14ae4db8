//! The full-table workloads (a DDS hand file, `random1000`, `random100`,
//! `hard`): ours, DDS's and bridge-solver's tables interleaved run by run,
//! and the throughput of parallel batches.

use std::time::{Duration, Instant};

use dds::model::{Deal, Seat, Strain};
use dds::Solver;
use dds_bench::workload;

use crate::bridge_solver::{BridgeSolver, Table};
use crate::report::{median_time, peak_since, peak_start, ratio_median, report, secs, Run};
use crate::rusage;

pub(crate) fn load(name: &str) -> Vec<Deal> {
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

/// Our tables of `deals`, one solver for all (made even for no deals, so
/// that a run with none counts what a run with some does but solving).
pub(crate) fn ours_tables(deals: &[Deal]) -> Vec<Table> {
    let mut solver = Solver::new();
    deals
        .iter()
        .map(|deal| {
            let table = solver.dd_table(deal).expect("workload deals are valid");
            Strain::ALL.map(|s| Seat::ALL.map(|d| table.tricks(s, d)))
        })
        .collect()
}

/// A workload of full tables, ours, DDS's and bridge-solver's interleaved
/// (each run runs all three), with the parallel throughput for each of
/// `threads`. Returns the number of tables where bridge-solver's answer
/// differs from DDS's (ours without DDS), each reported on a `MISMATCH`
/// line.
pub(crate) fn run(name: &str, threads: &[usize], reps: usize, bs: Option<&BridgeSolver>) -> usize {
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
