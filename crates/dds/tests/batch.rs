//! Parallel batches give the sequential answers, in input order.

use dds::{dd_tables, solve_boards, Board, Parallel, Solutions, Solver, Target};
use dds_fixtures::load_hand_file;

#[test]
fn tables_in_parallel_equal_the_fixtures_in_order() {
    let records = load_hand_file("list10.txt").unwrap();
    // Repeat the deals so that the batch is larger than the pool.
    let deals: Vec<_> = records.iter().chain(&records).map(|r| r.deal).collect();
    for threads in [Some(1), Some(3), None] {
        let tables = dd_tables(&deals, &Parallel { threads, ..Parallel::default() }).unwrap();
        assert_eq!(tables.len(), deals.len());
        for (table, record) in tables.iter().zip(records.iter().chain(&records)) {
            assert_eq!(*table.as_by_strain(), record.table.unwrap(), "line {}", record.line);
        }
    }
}

#[test]
fn boards_in_parallel_equal_the_sequential_answers() {
    let records = load_hand_file("list10.txt").unwrap();
    // Full deals interleaved with random endings of 1 to 10 tricks, so that
    // the hardest-first order differs from the input order.
    let mut rng = dds_fixtures::DealRng::new(3);
    let mut boards = Vec::new();
    for (i, r) in records.iter().enumerate() {
        boards.push(Board::new(&r.deal, r.strain, r.leader, &[]).unwrap());
        let ending = rng.partial_deal(1 + i);
        boards.push(Board::new(&ending, r.strain, rng.seat(), &[]).unwrap());
    }
    let parallel =
        solve_boards(&boards, Target::Max, Solutions::All, &Parallel { threads: Some(2), ..Parallel::default() })
            .unwrap();
    let mut solver = Solver::new();
    for (board, got) in boards.iter().zip(&parallel) {
        let want = solver.solve_board(board, Target::Max, Solutions::All).unwrap();
        assert_eq!(got.cards, want.cards);
    }
}

#[test]
fn a_bad_deal_in_a_batch_is_an_error() {
    let good = load_hand_file("list1.txt").unwrap()[0].deal;
    let mut bad = good;
    bad[dds::model::Seat::North] = dds::model::Hand::EMPTY;
    let result = dd_tables(&[good, bad, good], &Parallel::default());
    assert!(matches!(result, Err(dds::Error::Deal(_))), "{result:?}");
}

#[test]
fn filtered_tables_solve_only_their_strains_and_par_matches_the_fixtures() {
    use dds::model::{Seat, Strain};
    use dds::{dd_tables_with, Error, TableOptions, Vulnerability};
    let records = load_hand_file("list10.txt").unwrap();
    let deals: Vec<_> = records.iter().map(|r| r.deal).collect();
    let settings = Parallel { threads: Some(2), ..Parallel::default() };
    let only = [Strain::NoTrump, Strain::Hearts];
    let filtered = dd_tables_with(&deals, &TableOptions::default().only(&only), &settings).unwrap();
    for (result, record) in filtered.iter().zip(&records) {
        let table = record.table.unwrap();
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                let want = only.contains(&strain).then_some(table[strain][seat]);
                assert_eq!(result.tricks(strain, seat), want, "line {} {strain:?} {seat:?}", record.line);
            }
        }
        assert_eq!(result.par, None);
    }
    // Par with each table equals the fixtures' PAR lines (for each record's
    // own vulnerability, one batch per vulnerability).
    for record in &records {
        let vul = Vulnerability::from_dds(record.vulnerability).unwrap();
        let results = dd_tables_with(&[record.deal], &TableOptions::default().with_par(vul), &settings).unwrap();
        let par = results[0].par.as_ref().expect("par asked for");
        let expected = record.par.as_ref().unwrap();
        assert_eq!(par.score_texts(), expected.score_text, "line {}", record.line);
        assert_eq!(par.contract_texts(), expected.contracts_text, "line {}", record.line);
    }
    let bad = TableOptions::default().only(&only).with_par(Vulnerability::None);
    assert_eq!(dd_tables_with(&deals, &bad, &settings), Err(Error::ParNeedsAllStrains));
}

#[test]
fn contract_results_equal_the_fixture_tables() {
    use dds::model::{Contract, Level, Penalty, Seat, Strain};
    use dds::Vulnerability;
    let records = load_hand_file("list10.txt").unwrap();
    let mut solver = Solver::new();
    for record in records.iter().take(3) {
        let table = record.table.unwrap();
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                let contract = Contract::new(Level::new(4), strain, Penalty::Doubled, seat);
                let result = solver.contract_result(&record.deal, contract, Vulnerability::Both).unwrap();
                let tricks = table[strain][seat];
                assert_eq!(result.tricks, tricks, "line {} {contract}", record.line);
                assert_eq!(result.result, tricks as i8 - 10);
                assert_eq!(Some(result.score), contract.score(tricks, true));
                let sign = if seat.side() == dds::model::Side::NorthSouth { 1 } else { -1 };
                assert_eq!(result.score_ns, sign * result.score);
            }
        }
    }
}
