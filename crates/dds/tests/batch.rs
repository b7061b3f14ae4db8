//! Parallel batches give the sequential answers, one result per item in
//! input order, and a bad item loses nothing else.

use dds::{dd_tables, solve_boards, Board, Parallel, Solutions, Solver, Target};
use dds_fixtures::load_hand_file;

#[test]
fn tables_in_parallel_equal_the_fixtures_in_order() {
    let records = load_hand_file("list10.txt").unwrap();
    // Repeat the deals so that the batch is larger than the pool.
    let deals: Vec<_> = records.iter().chain(&records).map(|r| r.deal).collect();
    for threads in [1, 3, 0] {
        let tables = dd_tables(&deals, &Parallel::with_threads(threads));
        assert_eq!(tables.len(), deals.len());
        for (table, record) in tables.iter().zip(records.iter().chain(&records)) {
            let table = table.as_ref().expect("fixture deals are valid");
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
    let parallel = solve_boards(&boards, Target::Max, Solutions::All, &Parallel::with_threads(2));
    let mut solver = Solver::new();
    for (board, got) in boards.iter().zip(&parallel) {
        let want = solver.solve_board(board, Target::Max, Solutions::All).unwrap();
        assert_eq!(got.as_ref().map(|s| &s.cards), Ok(&want.cards));
    }
    // A board whose target is out of reach fails alone.
    let mut mixed = boards[..4].to_vec();
    mixed.insert(2, Board::from_pbn("N:A... K... Q... J...", dds::Strain::NoTrump, dds::Seat::West, &[]).unwrap());
    let results = solve_boards(&mixed, Target::AtLeast(2), Solutions::One, &Parallel::with_threads(2));
    assert_eq!(results[2], Err(dds::Error::TargetTooHigh { target: 2, tricks_left: 1 }));
    for (board, got) in mixed.iter().zip(&results).filter(|(b, _)| b.tricks_left() > 1) {
        assert_eq!(got, &solver.solve_board(board, Target::AtLeast(2), Solutions::One));
    }
}

#[test]
fn a_bad_deal_in_a_batch_fails_alone() {
    let record = &load_hand_file("list1.txt").unwrap()[0];
    let good = record.deal;
    let mut bad = good;
    bad[dds::model::Seat::North] = dds::model::Hand::EMPTY;
    let ending = dds::model::Deal::from_pbn_remaining("N:A... K... Q... J...").unwrap();
    let results = dd_tables(&[good, bad, good, ending], &Parallel::with_threads(2));
    assert_eq!(results.len(), 4);
    for i in [0, 2] {
        assert_eq!(results[i].as_ref().map(|t| *t.as_by_strain()), Ok(record.table.unwrap()));
    }
    assert!(matches!(results[1], Err(dds::Error::Deal(_))), "{:?}", results[1]);
    assert_eq!(results[3], Err(dds::Error::NotFullDeal));
}

#[test]
fn filtered_tables_solve_only_their_strains_and_par_matches_the_fixtures() {
    use dds::model::{Seat, Strain};
    use dds::{dd_tables_with, Error, TableOptions, Vulnerability};
    let records = load_hand_file("list10.txt").unwrap();
    let deals: Vec<_> = records.iter().map(|r| r.deal).collect();
    let settings = Parallel::with_threads(2);
    let only = [Strain::NoTrump, Strain::Hearts];
    let filtered = dd_tables_with(&deals, &TableOptions::default().only(&only), &settings);
    for (result, record) in filtered.iter().zip(&records) {
        let result = result.as_ref().expect("fixture deals are valid");
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
        let results = dd_tables_with(&[record.deal], &TableOptions::default().with_par(vul), &settings);
        let par = results[0].as_ref().expect("a valid deal").par.as_ref().expect("par asked for");
        let expected = record.par.as_ref().unwrap();
        assert_eq!(par.score_texts(), expected.score_text, "line {}", record.line);
        assert_eq!(par.contract_texts(), expected.contracts_text, "line {}", record.line);
    }
    let bad = TableOptions::default().only(&only).with_par(Vulnerability::None);
    let results = dd_tables_with(&deals, &bad, &settings);
    assert_eq!(results.len(), deals.len());
    assert!(results.iter().all(|r| r == &Err(Error::ParNeedsAllStrains)));
    // No strain at all: nothing solved, every deal still checked.
    let mut bad_deal = deals[0];
    bad_deal[Seat::North] = dds::model::Hand::EMPTY;
    let results = dd_tables_with(&[deals[0], bad_deal], &TableOptions::default().only(&[]), &settings);
    assert!(results[0].as_ref().is_ok_and(|r| Strain::ALL.iter().all(|&s| r.tricks(s, Seat::North).is_none())));
    assert!(matches!(results[1], Err(Error::Deal(_))));
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
