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
