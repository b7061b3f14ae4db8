//! The known answers through a swapped transposition table: every TABLE
//! line (all 20 results) and every FUT line (SolveBoard with solutions = 3)
//! of the DDS hand files, solved with dds-tt's exact-position `MapTable`
//! instead of the default `PartitionTable`, through the facade's generic
//! API alone (`Solver::with_table`, `dd_tables_in`).
//!
//! The map never generalises a stored bound, so it searches far more nodes:
//! a wrong answer here is a search that depends on the default table (or a
//! generic path of the facade that does not pass the table through).
//! `list10` runs in every build; `list100`'s FUT lines in optimised builds
//! (`cargo test --release`, as CI does) or when `DDS_SLOW_TESTS=1`, its
//! TABLE lines (minutes of search) only with `DDS_SLOW_TESTS=1`.

use dds::model::{Hand, Seat, Strain};
use dds::tt::{MapTable, TransTable};
use dds::{dd_tables_in, Board, Parallel, Solutions, Solver, Target};
use dds_fixtures::{load_hand_file, slow_tests_enabled, Record};

fn big_suites_enabled() -> bool {
    !cfg!(debug_assertions) || slow_tests_enabled()
}

/// Checks the TABLE lines of `records`, the deals solved as one batch whose
/// worker threads' solvers use map tables.
fn check_tables(name: &str, records: &[Record]) {
    let records: Vec<&Record> = records.iter().filter(|r| r.table.is_some()).collect();
    let deals: Vec<_> = records.iter().map(|r| r.deal).collect();
    let settings = Parallel { memory_per_thread: 1 << 20, ..Parallel::default() };
    let tables = dd_tables_in::<MapTable>(&deals, &settings);
    assert_eq!(tables.len(), records.len());
    for (record, table) in records.iter().zip(tables) {
        let table = table.expect("fixture deals are valid");
        let expected = record.table.expect("filtered");
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

/// Checks the FUT lines of `records` with one solver on a map table: the
/// same cards with the same scores and the same equivalent cards, in DDS's
/// order.
fn check_futs(name: &str, records: &[Record]) {
    let mut solver: Solver<MapTable> = Solver::with_table(MapTable::new());
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
            .map(|e| (e.score as u8, e.card.to_string(), Hand::from_holding(e.card.suit(), e.equals).to_string()))
            .collect();
        assert_eq!(
            got, want,
            "{name} line {}: {} {} leader {}",
            record.line, record.deal, record.strain, record.leader
        );
    }
    // The searches went through the map (it never hits otherwise).
    assert!(solver.table().stats().hits > 0, "{name}: the map table was not used");
}

#[test]
fn list10_tables_with_a_map_table() {
    check_tables("list10.txt", &load_hand_file("list10.txt").unwrap());
}

#[test]
fn list10_leads_with_a_map_table() {
    check_futs("list10.txt", &load_hand_file("list10.txt").unwrap());
}

#[test]
fn list100_tables_with_a_map_table() {
    if !slow_tests_enabled() {
        eprintln!("skipped: run with DDS_SLOW_TESTS=1 (about two minutes of search)");
        return;
    }
    check_tables("list100.txt", &load_hand_file("list100.txt").unwrap());
}

#[test]
fn list100_leads_with_a_map_table() {
    if !big_suites_enabled() {
        eprintln!("skipped in debug builds: run with --release or DDS_SLOW_TESTS=1");
        return;
    }
    check_futs("list100.txt", &load_hand_file("list100.txt").unwrap());
}
