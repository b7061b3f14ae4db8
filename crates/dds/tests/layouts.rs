//! `solve_layouts` against a brute-force enumeration: every way of dealing
//! the unknown cards built independently (bit masks over the unknown cards)
//! and solved by a fresh solver, then the totals, probabilities and scores
//! compared; the same totals with 1, 2 and 3 threads.
//!
//! The full tables run in optimised builds (`cargo test --release`, as CI
//! does) or when `DDS_SLOW_TESTS=1`.

use std::collections::HashMap;
use std::ops::ControlFlow;

use dds::model::{Contract, Deal, Level, Penalty, Seat, Strain, Vulnerability};
use dds::{solve_layouts, DdTable, Error, LayoutOptions, LayoutSummary, LayoutTask, Layouts, Parallel, Solver};
use dds_fixtures::slow_tests_enabled;

/// North-South known; East and West hold ten known cards each and share six
/// unknown ones: 20 layouts.
const SMALL: &str = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98";
/// The same with East and West sharing eight unknown cards: 70 layouts.
const MEDIUM: &str = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.Q 5432.876.A54.A54 76.95.T98.T9";

fn threads(n: usize) -> Parallel {
    Parallel { memory_per_thread: 16 << 20, ..Parallel::with_threads(n) }
}

/// Every deal completing `pbn`: East gets k of the unknown cards, West the
/// rest, enumerated with bit masks.
fn brute_force_deals(pbn: &str) -> Vec<Deal> {
    let partial = Deal::from_pbn_remaining(pbn).unwrap();
    let unknown: Vec<_> = (!partial.cards()).iter().collect();
    let east_gets = 13 - partial.hand(Seat::East).len();
    let mut deals = Vec::new();
    for mask in 0u32..1 << unknown.len() {
        if mask.count_ones() as usize != east_gets {
            continue;
        }
        let mut deal = partial;
        for (i, &card) in unknown.iter().enumerate() {
            let seat = if mask & 1 << i != 0 { Seat::East } else { Seat::West };
            deal[seat].add(card);
        }
        deals.push(deal);
    }
    deals
}

fn run(
    layouts: &Layouts,
    task: LayoutTask,
    options: &LayoutOptions,
    settings: &Parallel,
) -> (LayoutSummary, Vec<(u64, Deal, DdTable)>) {
    let mut results = Vec::new();
    let summary = solve_layouts(layouts, task, options, settings, |r, _| {
        results.push((r.index, r.deal, r.table));
        ControlFlow::Continue(())
    })
    .unwrap();
    (summary, results)
}

/// Checks a complete run against fresh tables of the brute-force deals.
fn check_against_brute_force(pbn: &str, task: LayoutTask) {
    let layouts = Layouts::from_pbn(pbn).unwrap();
    let deals = brute_force_deals(pbn);
    assert_eq!(layouts.count(), deals.len() as u64);
    let expected: HashMap<Deal, DdTable> = deals.iter().map(|d| (*d, Solver::new().dd_table(d).unwrap())).collect();
    let (summary, results) = run(&layouts, task, &LayoutOptions::default(), &threads(2));
    assert!(summary.is_complete());
    assert_eq!(summary.solved(), deals.len() as u64);
    // Each layout once, and each is one of the brute-force deals.
    let mut seen: Vec<u64> = results.iter().map(|r| r.0).collect();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), deals.len());
    let cells: Vec<(Strain, Seat)> = summary.cells().collect();
    for (index, deal, table) in &results {
        assert_eq!(*deal, layouts.layout(*index));
        let want = expected.get(deal).expect("a layout is one of the brute-force deals");
        for &(strain, seat) in &cells {
            assert_eq!(table.tricks(strain, seat), want.tricks(strain, seat), "{deal} {strain} {seat}");
        }
    }
    // Totals, probabilities and expected scores from the brute-force tables.
    for &(strain, seat) in &cells {
        let mut counts = [0u64; 14];
        for table in expected.values() {
            counts[usize::from(table.tricks(strain, seat))] += 1;
        }
        assert_eq!(summary.distribution(strain, seat), Some(&counts), "{strain} {seat}");
        let n = deals.len() as f64;
        for level in Level::ALL {
            let made = expected.values().filter(|t| t.tricks(strain, seat) >= level.tricks_needed()).count();
            let p = summary.make_probability(level, strain, seat).unwrap();
            assert!((p - made as f64 / n).abs() < 1e-12);
            let contract = Contract::new(level, strain, Penalty::Undoubled, seat);
            let vul = Vulnerability::Both;
            let total: i32 = expected.values().map(|t| contract.score(t.tricks(strain, seat), true).unwrap()).sum();
            let score = summary.expected_score(level, strain, seat, vul).unwrap();
            assert!((score - f64::from(total) / n).abs() < 1e-9, "{level:?} {strain} {seat}");
        }
    }
    assert_eq!(cells.len(), if task == LayoutTask::Table { 20 } else { 1 });
}

#[test]
fn one_lead_equals_brute_force() {
    check_against_brute_force(SMALL, LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East });
    check_against_brute_force(SMALL, LayoutTask::Lead { strain: Strain::Hearts, leader: Seat::South });
}

#[test]
fn tables_equal_brute_force() {
    if cfg!(debug_assertions) && !slow_tests_enabled() {
        return;
    }
    check_against_brute_force(SMALL, LayoutTask::Table);
    check_against_brute_force(MEDIUM, LayoutTask::Table);
}

#[test]
fn totals_do_not_depend_on_threads() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::West };
    for options in [
        LayoutOptions::default(),
        LayoutOptions { limit: Some(9), ..LayoutOptions::default() },
        LayoutOptions { sample: Some(11), seed: 5, ..LayoutOptions::default() },
    ] {
        let (one, mut one_results) = run(&layouts, task, &options, &threads(1));
        for n in [2, 3] {
            let (many, mut many_results) = run(&layouts, task, &options, &threads(n));
            assert_eq!(one, many, "{options:?}, {n} threads");
            one_results.sort_by_key(|r| r.0);
            many_results.sort_by_key(|r| r.0);
            assert_eq!(one_results, many_results, "{options:?}, {n} threads");
        }
        let planned = options.limit.or(options.sample).unwrap_or(70);
        assert_eq!(one.solved(), planned);
        assert_eq!(one.planned(), planned);
        assert_eq!(one.is_complete(), planned == 70);
    }
}

#[test]
fn a_run_stops_early_on_request() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let summary = solve_layouts(&layouts, task, &LayoutOptions::default(), &threads(2), |_, so_far| {
        if so_far.solved() >= 5 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })
    .unwrap();
    // The layouts solved or being solved when the run stopped still count.
    assert!((5..70).contains(&summary.solved()), "{}", summary.solved());
    assert!(!summary.is_complete());
    let total: u64 = summary.distribution(Strain::NoTrump, Seat::North).unwrap().iter().sum();
    assert_eq!(total, summary.solved());
    // A time limit of zero stops at once: at most one layout per thread.
    let options = LayoutOptions { time_limit: Some(std::time::Duration::ZERO), ..LayoutOptions::default() };
    let summary = solve_layouts(&layouts, task, &options, &threads(2), |_, _| ControlFlow::Continue(())).unwrap();
    assert!(summary.solved() <= 2, "{}", summary.solved());
}

#[test]
fn the_unknown_cards_and_seats() {
    let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -").unwrap();
    assert_eq!(layouts.count(), 10_400_600);
    assert_eq!(layouts.hidden(), &[Seat::East, Seat::West]);
    assert_eq!(layouts.unknown().len(), 26);
    let last = layouts.layout(layouts.count() - 1);
    assert!(last.validate().is_ok());
    // One incomplete hand: one layout.
    let one = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJT9.QJT 5432.876.A54.A54 -").unwrap();
    assert_eq!(one.count(), 1);
    assert_eq!(one.layout(0).hand(Seat::West).len(), 13);
    // A fixed card in a hidden hand stays there.
    let fixed = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J... 5432.876.A54.A54 -").unwrap();
    assert_eq!(fixed.count(), 5_200_300);
    assert!((0..1000).all(|i| fixed.layout(i * 5200).hand(Seat::East).contains("SJ".parse().unwrap())));
}

#[test]
fn bad_problems_are_errors() {
    assert_eq!(Layouts::from_pbn("N:AKQT.AK2.K32.K32 - - -").unwrap_err(), Error::LayoutSeats { incomplete: 3 });
    let full = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    assert_eq!(Layouts::from_pbn(full).unwrap_err(), Error::LayoutSeats { incomplete: 0 });
    assert!(matches!(Layouts::from_pbn("N:AKQT.AK2.K32.K32 A... - -"), Err(Error::ParseDeal(_))));
    assert!(Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432").is_err());
    let message = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - - -").unwrap_err().to_string();
    assert!(message.contains("one or two hands"), "{message}");
}

#[test]
fn standard_errors() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::West };
    let (all, _) = run(&layouts, task, &LayoutOptions::default(), &threads(2));
    assert_eq!(all.standard_error(0.5), Some(0.0));
    // A random sample of 11 of the 70 layouts: the textbook formula.
    let options = LayoutOptions { sample: Some(11), seed: 5, ..LayoutOptions::default() };
    let (sample, _) = run(&layouts, task, &options, &threads(2));
    let want = (0.25f64 / 11.0 * 59.0 / 69.0).sqrt();
    assert!((sample.standard_error(0.5).unwrap() - want).abs() < 1e-12);
    // The first 9 layouts of the chunk order lie in one chunk of 40: they
    // count as one draw.
    let options = LayoutOptions { limit: Some(9), ..LayoutOptions::default() };
    let (chunk, _) = run(&layouts, task, &options, &threads(1));
    let want = (0.25f64 / 1.0 * 61.0 / 69.0).sqrt();
    assert!((chunk.standard_error(0.5).unwrap() - want).abs() < 1e-12);
    // One layout: no estimate.
    let options = LayoutOptions { limit: Some(1), ..LayoutOptions::default() };
    assert_eq!(run(&layouts, task, &options, &threads(1)).0.standard_error(0.5), None);
    // 45 layouts touch both chunks: two draws.
    let options = LayoutOptions { limit: Some(45), ..LayoutOptions::default() };
    let (two, _) = run(&layouts, task, &options, &threads(1));
    let want = (0.25f64 / 2.0 * 25.0 / 69.0).sqrt();
    assert!((two.standard_error(0.5).unwrap() - want).abs() < 1e-12);
}

#[test]
fn a_slow_caller_still_stops_at_the_time_limit() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let options = LayoutOptions { time_limit: Some(std::time::Duration::from_millis(100)), ..LayoutOptions::default() };
    let summary = solve_layouts(&layouts, task, &options, &threads(2), |_, _| {
        std::thread::sleep(std::time::Duration::from_millis(40));
        ControlFlow::Continue(())
    })
    .unwrap();
    // About three layouts pass the callback in time; the queue (2) and the
    // workers (2) hold a few more.
    assert!(summary.solved() < 12, "{}", summary.solved());
    // A limit too far away to represent is no limit.
    let options = LayoutOptions { time_limit: Some(std::time::Duration::MAX), limit: Some(3), ..options };
    let summary = solve_layouts(&layouts, task, &options, &threads(2), |_, _| ControlFlow::Continue(())).unwrap();
    assert_eq!(summary.solved(), 3);
}

#[test]
fn a_panicking_callback_does_not_hang_the_run() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        solve_layouts(&layouts, task, &LayoutOptions::default(), &threads(2), |_, _| panic!("the caller's bug"))
    }));
    assert!(outcome.is_err());
}

#[test]
fn the_first_hand_may_be_unknown() {
    let layouts = Layouts::from_pbn("N:- AKQT.AK2.K32.K32 - 5432.876.A54.A54").unwrap();
    assert_eq!(layouts.hidden(), &[Seat::North, Seat::South]);
    assert_eq!(layouts.count(), 10_400_600);
    let layouts = Layouts::from_pbn("E:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -").unwrap();
    assert_eq!(layouts.hidden(), &[Seat::North, Seat::South]);
    let options = LayoutOptions { sample: Some(0), ..LayoutOptions::default() };
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let summary = solve_layouts(&layouts, task, &options, &threads(2), |_, _| ControlFlow::Continue(())).unwrap();
    assert_eq!((summary.solved(), summary.planned()), (0, 0));
}
