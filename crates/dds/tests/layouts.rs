//! `solve_layouts` against a brute-force enumeration: every way of dealing
//! the unknown cards built independently (bit masks over the unknown cards)
//! and solved by a fresh solver, then the totals, probabilities and scores
//! compared; the same totals with 1, 2 and 3 threads.
//!
//! The full tables run in optimised builds (`cargo test --release`, as CI
//! does) or when `DDS_SLOW_TESTS=1`.

use std::collections::HashMap;
use std::ops::ControlFlow;

use dds::layouts::{solve_layouts, LayoutOptions, LayoutShare, LayoutSummary, LayoutTask, Layouts};
use dds::model::Card;
use dds::model::{Contract, Deal, Level, Penalty, Seat, Strain, Vulnerability};
use dds::{Board, DdTable, Error, Parallel, Solutions, Solver, Target};
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
    assert_eq!(Layouts::from_pbn("N:- - - -").unwrap_err(), Error::LayoutSeats { incomplete: 4 });
    let full = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    assert_eq!(Layouts::from_pbn(full).unwrap_err(), Error::LayoutSeats { incomplete: 0 });
    assert!(matches!(Layouts::from_pbn("N:AKQT.AK2.K32.K32 A... - -"), Err(Error::ParseDeal(_))));
    assert!(Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432").is_err());
    let message = Layouts::from_pbn("N:- - - -").unwrap_err().to_string();
    assert!(message.contains("one to three hands"), "{message}");
    // Three hidden hands of 13 cards: 39! / (13!)^3 layouts, only as a sample.
    let three = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - - -").unwrap();
    assert_eq!(three.count(), 84_478_098_072_866_400);
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let go_on = |_: &_, _: &_| ControlFlow::Continue(());
    let whole =
        solve_layouts(&three, task, &LayoutOptions { limit: Some(3), ..LayoutOptions::default() }, &threads(1), go_on);
    assert_eq!(whole.unwrap_err(), Error::LayoutsNeedSample { count: 84_478_098_072_866_400 });
    let sample = LayoutOptions { sample: Some(3), ..LayoutOptions::default() };
    let summary = solve_layouts(&three, task, &sample, &threads(1), go_on).unwrap();
    assert_eq!(summary.solved(), 3);
    let last = three.layout(three.count() - 1);
    assert!(last.validate().is_ok() && last.hands().values().all(|h| h.len() == 13));
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

#[test]
fn every_lead_equals_every_card_of_solve_board() {
    // West leads (a hidden hand: its cards change from layout to layout)
    // and South leads (a known hand), in no trump and hearts; each card's
    // figures against solve_board's score of every card of a fresh solver.
    for (strain, leader) in [(Strain::NoTrump, Seat::West), (Strain::Hearts, Seat::South)] {
        let layouts = Layouts::from_pbn(MEDIUM).unwrap();
        let task = LayoutTask::Leads { strain, leader };
        let declarer = leader.prev();
        let mut per_card: HashMap<Card, [u64; 14]> = HashMap::new();
        let mut best = [0u64; 14];
        for deal in brute_force_deals(MEDIUM) {
            let board = Board::new(&deal, strain, leader, &[]).unwrap();
            let solution = Solver::new().solve_board(&board, Target::Max, Solutions::All).unwrap();
            let mut worst = 13;
            for scored in &solution.cards {
                let tricks = 13 - scored.tricks.unwrap();
                worst = worst.min(tricks);
                for card in std::iter::once(scored.card).chain(scored.equals.iter()) {
                    per_card.entry(card).or_default()[usize::from(tricks)] += 1;
                }
            }
            best[usize::from(worst)] += 1;
        }
        let (summary, _) = run(&layouts, task, &LayoutOptions::default(), &threads(2));
        assert_eq!(summary.distribution(strain, declarer), Some(&best), "{strain} {leader}: the best lead's cell");
        let cards: Vec<Card> = summary.lead_cards().collect();
        assert_eq!(cards.len(), per_card.len(), "{strain} {leader}: the cards led");
        for card in cards {
            let want = per_card[&card];
            assert_eq!(summary.lead_distribution(card), Some(&want), "{strain} {leader}: {card}");
            let held = want.iter().sum::<u64>() as f64;
            let mean = want.iter().enumerate().map(|(t, &n)| t as f64 * n as f64).sum::<f64>() / held;
            assert!((summary.lead_mean_tricks(card).unwrap() - mean).abs() < 1e-12);
            let made: u64 = want[9..].iter().sum();
            let p = summary.lead_make_probability(card, Level::new(3)).unwrap();
            assert!((p - made as f64 / held).abs() < 1e-12);
        }
        // Another task has no lead figures; a summary rebuilt from its
        // figures keeps them.
        let again = LayoutSummary::from_figures(summary.figures());
        assert_eq!(again.lead_cards().collect::<Vec<_>>(), summary.lead_cards().collect::<Vec<_>>());
        let (lead, _) = run(&layouts, LayoutTask::Lead { strain, leader }, &LayoutOptions::default(), &threads(1));
        assert_eq!(lead.lead_cards().count(), 0);
        assert_eq!(lead.distribution(strain, declarer), Some(&best));
    }
}

#[test]
fn shares_of_a_run_add_up_to_the_run() {
    let layouts = Layouts::from_pbn(MEDIUM).unwrap();
    let cases = [
        (LayoutTask::Lead { strain: Strain::Spades, leader: Seat::West }, LayoutOptions::default()),
        (
            LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East },
            LayoutOptions { sample: Some(45), seed: 3, ..LayoutOptions::default() },
        ),
        (
            LayoutTask::Leads { strain: Strain::Hearts, leader: Seat::South },
            LayoutOptions { limit: Some(50), ..LayoutOptions::default() },
        ),
    ];
    for (task, options) in cases {
        let (whole, whole_results) = run(&layouts, task, &options, &threads(1));
        for parts in [1, 2, 3, 5] {
            let mut merged: Option<LayoutSummary> = None;
            let mut indices = Vec::new();
            for part in 0..parts {
                let share = LayoutOptions { share: LayoutShare::new(part, parts), ..options };
                let (summary, results) = run(&layouts, task, &share, &threads(2));
                assert!(summary.is_complete() || summary.solved() == summary.planned(), "{task:?} {part}/{parts}");
                indices.extend(results.iter().map(|r| r.0));
                match &mut merged {
                    None => merged = Some(summary),
                    Some(m) => m.merge(&summary).unwrap(),
                }
            }
            let merged = merged.unwrap();
            // Each layout of the run once, and the run's figures.
            indices.sort_unstable();
            let mut want: Vec<u64> = whole_results.iter().map(|r| r.0).collect();
            want.sort_unstable();
            assert_eq!(indices, want, "{task:?} in {parts} shares");
            assert_eq!((merged.planned(), merged.solved()), (whole.planned(), whole.solved()));
            assert_eq!(merged.is_complete(), whole.is_complete());
            for (strain, seat) in whole.cells() {
                assert_eq!(merged.distribution(strain, seat), whole.distribution(strain, seat));
            }
            for card in whole.lead_cards() {
                assert_eq!(merged.lead_distribution(card), whole.lead_distribution(card));
            }
            assert_eq!(merged.standard_error(0.5), whole.standard_error(0.5), "{task:?} in {parts} shares");
        }
    }
    // Summaries of different tasks or problems are not merged.
    let (mut one, _) = run(&layouts, cases_task(Strain::Spades), &LayoutOptions::default(), &threads(1));
    let (other, _) = run(&layouts, cases_task(Strain::Hearts), &LayoutOptions::default(), &threads(1));
    assert_eq!(one.merge(&other), Err(Error::LayoutMerge));
    let small = Layouts::from_pbn(SMALL).unwrap();
    let (small, _) = run(&small, cases_task(Strain::Spades), &LayoutOptions::default(), &threads(1));
    assert_eq!(one.merge(&small), Err(Error::LayoutMerge));
    assert!(LayoutShare::new(2, 2).is_none() && LayoutShare::new(0, 0).is_none());
}

fn cases_task(strain: Strain) -> LayoutTask {
    LayoutTask::Lead { strain, leader: Seat::West }
}

/// Every way of dealing the cards no hand of `partial` holds so that each
/// seat of `hidden` reaches `size` cards: a digit per unknown card (its
/// seat), filtered on the counts.
fn brute_force_hidden(partial: &Deal, hidden: &[Seat], size: usize) -> Vec<Deal> {
    let unknown: Vec<_> = (!partial.cards()).iter().collect();
    let mut deals = Vec::new();
    let total = hidden.len().pow(unknown.len() as u32);
    for code in 0..total {
        let mut deal = *partial;
        let mut rest = code;
        for &card in &unknown {
            deal[hidden[rest % hidden.len()]].add(card);
            rest /= hidden.len();
        }
        if hidden.iter().all(|&s| deal.hand(s).len() == size) {
            deals.push(deal);
        }
    }
    deals
}

#[test]
fn three_hidden_hands_and_endings_equal_brute_force() {
    // A deal: North known; East and West hold 9 known cards, South 12; the
    // nine unknown cards: 9! / (4! 1! 4!) = 630 layouts.
    let pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.Q 5432.876.A54.A5 76.95.T98.T9";
    let layouts = Layouts::from_pbn(pbn).unwrap();
    let partial = Deal::from_pbn_remaining(pbn).unwrap();
    let hidden = [Seat::East, Seat::South, Seat::West];
    let deals = brute_force_hidden(&partial, &hidden, 13);
    assert_eq!((layouts.count(), deals.len()), (630, 630));
    assert_eq!(layouts.hidden(), &hidden);
    let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
    let (summary, results) = run(&layouts, task, &LayoutOptions::default(), &threads(2));
    let mut want = [0u64; 14];
    for deal in &deals {
        want[usize::from(Solver::new().dd_table(deal).unwrap().tricks(Strain::NoTrump, Seat::North))] += 1;
    }
    assert_eq!(summary.distribution(Strain::NoTrump, Seat::North), Some(&want));
    let mut seen: Vec<Deal> = results.iter().map(|r| r.1).collect();
    seen.sort_by_key(|d| d.to_string());
    seen.dedup();
    assert_eq!(seen.len(), 630);
    assert!(seen.iter().all(|d| deals.contains(d)));

    // An ending of three cards a hand, East and West hidden: their six
    // cards dealt again, three each, C(6, 3) = 20; declarer's tricks out of
    // three, against solve_board on each.
    let ending = Deal::from_pbn_remaining("N:AK2... QJ3... T98... 7.65..").unwrap();
    let layouts = Layouts::hide(&ending, &[Seat::West, Seat::East]).unwrap();
    assert_eq!((layouts.count(), layouts.hidden()), (20, &[Seat::East, Seat::West][..]));
    let mut known = ending;
    known[Seat::East] = dds::model::Hand::EMPTY;
    known[Seat::West] = dds::model::Hand::EMPTY;
    let pool = ending.hand(Seat::East) | ending.hand(Seat::West);
    let mut want = [0u64; 14];
    let mut count = 0;
    for mask in 0u32..64 {
        if mask.count_ones() != 3 {
            continue;
        }
        let mut deal = known;
        for (i, card) in pool.iter().enumerate() {
            deal[if mask & 1 << i != 0 { Seat::East } else { Seat::West }].add(card);
        }
        let board = Board::new(&deal, Strain::Spades, Seat::East, &[]).unwrap();
        let defence = Solver::new().solve_board(&board, Target::Max, Solutions::One).unwrap().cards[0].tricks.unwrap();
        want[usize::from(3 - defence)] += 1;
        count += 1;
    }
    assert_eq!(count, 20);
    for task in [
        LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East },
        LayoutTask::Leads { strain: Strain::Spades, leader: Seat::East },
    ] {
        let (summary, _) = run(&layouts, task, &LayoutOptions::default(), &threads(1));
        assert_eq!(summary.distribution(Strain::Spades, Seat::North), Some(&want), "{task:?}");
    }
    let (table, _) = run(&layouts, LayoutTask::Table, &LayoutOptions::default(), &threads(2));
    assert_eq!(table.distribution(Strain::Spades, Seat::North), Some(&want));
    assert!(table.cells().all(|(s, d)| table.distribution(s, d).unwrap()[4..].iter().all(|&n| n == 0)));
}
