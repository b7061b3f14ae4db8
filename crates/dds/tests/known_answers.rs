//! The solver against DDS's own answers: every TABLE line (all 20 results,
//! no trump included) and every FUT line (SolveBoard with solutions = 3) of
//! the DDS hand files.
//!
//! `list10` runs in every build. The larger files run in optimised builds
//! (`cargo test --release`, as CI does) or when `DDS_SLOW_TESTS=1`; they are
//! split into chunks so the test harness spreads them over the cores.

use std::collections::HashMap;

use dds::model::{Seat, Strain};
use dds::{Board, Solutions, Solver, Target};
use dds_fixtures::{load_gib_file, load_hand_file, slow_tests_enabled, Record};

fn big_suites_enabled() -> bool {
    !cfg!(debug_assertions) || slow_tests_enabled()
}

/// Checks the TABLE lines of `records`, solving each distinct deal once.
fn check_tables(name: &str, records: &[Record]) {
    let mut solver = Solver::new();
    let mut solved = HashMap::new();
    for record in records {
        let Some(expected) = record.table else { continue };
        let table = *solved
            .entry(record.deal)
            .or_insert_with(|| solver.dd_table(&record.deal).expect("fixture deals are valid"));
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                assert_eq!(
                    table.tricks(strain, declarer),
                    expected[strain][declarer],
                    "{name} line {}: {} {strain} declarer {declarer}",
                    record.line,
                    record.deal
                );
            }
        }
    }
}

/// Checks the FUT lines of `records`: the same cards with the same scores and
/// the same equivalent cards, in DDS's order (equal scores included).
fn check_futs(name: &str, records: &[Record]) {
    let mut solver = Solver::new();
    for record in records {
        let Some(fut) = &record.fut else { continue };
        let board = Board::new(&record.deal, record.strain, record.leader, &[]).expect("fixture deals are valid");
        let solution = solver.solve_board(&board, Target::Max, Solutions::All).expect("solvable");
        let got: Vec<(u8, String, String)> = solution
            .cards
            .iter()
            .map(|c| (c.tricks.expect("scored"), c.card.to_string(), c.equals.to_string()))
            .collect();
        let want: Vec<(u8, String, String)> = fut
            .entries
            .iter()
            .map(|e| {
                let equals = dds::model::Hand::from_holding(e.card.suit(), e.equals);
                (e.score as u8, e.card.to_string(), equals.to_string())
            })
            .collect();
        assert_eq!(
            got, want,
            "{name} line {}: {} {} leader {}",
            record.line, record.deal, record.strain, record.leader
        );
    }
}

fn chunk(name: &str, index: usize, chunks: usize) -> Vec<Record> {
    let records = load_hand_file(name).expect("fixture file parses");
    let size = records.len().div_ceil(chunks);
    records.into_iter().skip(index * size).take(size).collect()
}

#[test]
fn list10_tables_and_leads() {
    let records = load_hand_file("list10.txt").unwrap();
    check_tables("list10.txt", &records);
    check_futs("list10.txt", &records);
}

/// A table far too small for a deal is cleared again and again while
/// solving; the answers stay exact.
#[test]
fn list10_tables_with_a_small_table() {
    let mut solver = Solver::with_memory(256 << 10);
    for record in load_hand_file("list10.txt").unwrap().iter().take(4) {
        let table = solver.dd_table(&record.deal).unwrap();
        assert_eq!(*table.as_by_strain(), record.table.unwrap(), "list10.txt line {}", record.line);
    }
}

#[test]
fn sol10_tables() {
    let mut solver = Solver::new();
    for record in load_gib_file("sol10.txt").unwrap() {
        let table = solver.dd_table(&record.deal).unwrap();
        assert_eq!(*table.as_by_strain(), record.table, "sol10.txt line {}", record.line);
    }
}

macro_rules! chunked_tests {
    ($($test:ident: $file:literal, $check:ident, $index:literal of $chunks:literal;)*) => {$(
        #[test]
        fn $test() {
            if !big_suites_enabled() {
                eprintln!("skipped in debug builds: run with --release or DDS_SLOW_TESTS=1");
                return;
            }
            $check($file, &chunk($file, $index, $chunks));
        }
    )*};
}

chunked_tests! {
    list100_tables: "list100.txt", check_tables, 0 of 1;
    list100_leads: "list100.txt", check_futs, 0 of 1;
    list1000_tables_0: "list1000.txt", check_tables, 0 of 4;
    list1000_tables_1: "list1000.txt", check_tables, 1 of 4;
    list1000_tables_2: "list1000.txt", check_tables, 2 of 4;
    list1000_tables_3: "list1000.txt", check_tables, 3 of 4;
    list1000_leads_0: "list1000.txt", check_futs, 0 of 4;
    list1000_leads_1: "list1000.txt", check_futs, 1 of 4;
    list1000_leads_2: "list1000.txt", check_futs, 2 of 4;
    list1000_leads_3: "list1000.txt", check_futs, 3 of 4;
}
