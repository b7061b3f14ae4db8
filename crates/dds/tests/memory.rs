//! Memory stays within the configured budget in every path of the facade,
//! and a small budget still gives exact answers.
//!
//! A counting global allocator records the heap's peak while each path
//! runs with `memory_per_thread` (or `Solver::with_memory`) of 8 MiB: the
//! peak above what was held before must stay under the budget times the
//! solvers the path keeps, plus a fixed allowance for everything that is
//! not a transposition table (search state, move lists, results, rayon's
//! bookkeeping). Answers are compared with DDS's own in the hand files
//! (TABLE, FUT, PLAY/TRACE lines); the layouts path is compared with the
//! tables of a default-size solver.
//!
//! list10's deals run in every build; the hardest deals of the fixtures
//! (`thomas1`, `thomas2`, `largest`) with `DDS_SLOW_TESTS=1`: at 8 MiB they
//! take minutes each (the table is cleared again and again), so the run is
//! made by hand and recorded in `docs/reliability.md`. The tests of this file run
//! one at a time (a lock), since the peak is the whole process's.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
use dds::model::Deal;
use dds::{analyse_plays, dd_tables, solve_boards, Board, Parallel, PlayRequest, Solutions, Solver, Target};
use dds_fixtures::{load_hand_file, slow_tests_enabled, Record};

/// The global allocator: the system's, counting the bytes held and their
/// peak.
struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; the
// counters are only read for the measurement.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        HELD.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

fn grew(bytes: usize) {
    let now = HELD.fetch_add(bytes, Ordering::Relaxed) + bytes;
    PEAK.fetch_max(now, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// One measurement at a time: the counters are the whole process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// The budget under test.
const BUDGET: usize = 8 << 20;

/// What a path may hold besides its solvers' transposition tables: the
/// search's own state and move lists, the results, the worker pool.
const ALLOWANCE: usize = 2 << 20;

/// Runs `work` and returns its result and the heap's peak above what was
/// held when it started.
fn peak_of<T>(work: impl FnOnce() -> T) -> (T, usize) {
    let before = HELD.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let result = work();
    (result, PEAK.load(Ordering::Relaxed).saturating_sub(before))
}

/// Asserts a peak is within `solvers` budgets and the allowance.
fn within(path: &str, peak: usize, solvers: usize) {
    let limit = solvers * BUDGET + ALLOWANCE;
    eprintln!("{path}: peak {:.1} MiB (limit {:.1} MiB)", mib(peak), mib(limit));
    assert!(peak <= limit, "{path}: the heap grew {:.1} MiB, over {:.1} MiB", mib(peak), mib(limit));
}

fn mib(bytes: usize) -> f64 {
    bytes as f64 / f64::from(1 << 20)
}

fn small(threads: usize) -> Parallel {
    Parallel { memory_per_thread: BUDGET, ..Parallel::with_threads(threads) }
}

/// The records whose deals a test solves: list10's first four, and with
/// `DDS_SLOW_TESTS=1` the hardest deals of the fixtures too (`thomas1`,
/// `thomas2`, `largest`: minutes each at this budget).
fn records() -> Vec<(&'static str, Record)> {
    let mut names = vec!["list10.txt"];
    if slow_tests_enabled() {
        names.extend(["thomas1.txt", "thomas2.txt", "largest.txt"]);
    }
    let mut all = Vec::new();
    for name in names {
        let records = load_hand_file(name).expect("fixture file reads");
        let take = if name == "list10.txt" { 4 } else { records.len() };
        all.extend(records.into_iter().take(take).map(|r| (name, r)));
    }
    all
}

fn check_table(name: &str, record: &Record, table: &dds::DdTable) {
    assert_eq!(*table.as_by_strain(), record.table.expect("TABLE line"), "{name} line {}", record.line);
}

#[test]
fn one_solver_tables_within_the_budget_are_exact() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let records = records();
    let mut solver = None;
    let (tables, peak) = peak_of(|| {
        let solver = solver.insert(Solver::with_memory(BUDGET));
        records.iter().map(|(_, r)| solver.dd_table(&r.deal).expect("valid deal")).collect::<Vec<_>>()
    });
    within("Solver::dd_table", peak, 1);
    for ((name, record), table) in records.iter().zip(&tables) {
        check_table(name, record, table);
    }
}

#[test]
fn batch_tables_within_the_budget_are_exact() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let records = records();
    let deals: Vec<Deal> = records.iter().map(|(_, r)| r.deal).collect();
    for threads in [1, 2] {
        let (tables, peak) = peak_of(|| dd_tables(&deals, &small(threads)));
        within(&format!("dd_tables on {threads} thread(s)"), peak, threads);
        for ((name, record), table) in records.iter().zip(&tables) {
            check_table(name, record, table.as_ref().expect("valid deal"));
        }
    }
}

#[test]
fn opening_leads_within_the_budget_are_exact() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let records = records();
    let boards: Vec<Board> =
        records.iter().map(|(_, r)| Board::new(&r.deal, r.strain, r.leader, &[]).expect("valid deal")).collect();
    let (solutions, peak) = peak_of(|| solve_boards(&boards, Target::Max, Solutions::All, &small(2)));
    within("solve_boards on 2 threads", peak, 2);
    for ((name, record), solution) in records.iter().zip(&solutions) {
        let fut = record.fut.as_ref().expect("FUT line");
        let got: Vec<(String, u8)> = solution
            .as_ref()
            .expect("solvable")
            .cards
            .iter()
            .map(|c| (c.card.to_string(), c.tricks.expect("scored")))
            .collect();
        let want: Vec<(String, u8)> = fut.entries.iter().map(|e| (e.card.to_string(), e.score as u8)).collect();
        assert_eq!(got, want, "{name} line {}", record.line);
    }
}

#[test]
fn play_analysis_within_the_budget_is_exact() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let records = records();
    let requests: Vec<PlayRequest> = records
        .iter()
        .map(|(_, r)| PlayRequest {
            deal: r.deal,
            strain: r.strain,
            leader: r.leader,
            play: r.play.clone().expect("PLAY line"),
        })
        .collect();
    let (analyses, peak) = peak_of(|| analyse_plays(&requests, &small(2)));
    within("analyse_plays on 2 threads", peak, 2);
    for ((name, record), analysis) in records.iter().zip(&analyses) {
        let trace = record.trace.as_ref().expect("TRACE line");
        assert_eq!(analysis.as_ref().expect("legal play").dds_trace(), &trace[..], "{name} line {}", record.line);
    }
}

#[test]
fn best_line_within_the_budget_keeps_the_value() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let records = records();
    for (name, record) in records.iter().take(6) {
        let board = Board::new(&record.deal, record.strain, record.leader, &[]).expect("valid deal");
        let mut solver = None;
        let (line, peak) = peak_of(|| solver.insert(Solver::with_memory(BUDGET)).best_line(&board));
        within(&format!("best_line, {name} line {}", record.line), peak, 1);
        // The leader's side's tricks from DDS's FUT line: its best lead.
        let best = record.fut.as_ref().expect("FUT line").entries[0].score as u8;
        assert_eq!(line.cards[0].tricks, best, "{name} line {}", record.line);
    }
}

#[test]
fn layouts_within_the_budget_equal_full_size_tables() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    // East and West share eight unknown cards: 70 layouts, full tables.
    let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.Q 5432.876.A54.A54 76.95.T98.T9").unwrap();
    let mut results = Vec::new();
    let (summary, peak) = peak_of(|| {
        solve_layouts(&layouts, LayoutTask::Table, &LayoutOptions::default(), &small(2), |r, _| {
            results.push((r.deal, r.table));
            ControlFlow::Continue(())
        })
    });
    within("solve_layouts on 2 threads", peak, 2);
    assert!(summary.expect("valid layouts").is_complete());
    assert_eq!(results.len(), 70);
    let mut solver = Solver::new();
    for (deal, table) in results {
        assert_eq!(table, solver.dd_table(&deal).unwrap(), "{deal}");
    }
}
