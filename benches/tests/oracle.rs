//! Differential tests against DDS 2.9 itself (Debian's `libdds-dev`), run
//! with `cargo test --release -p dds-bench --features oracle`: random deals'
//! tables and random positions in the middle of play, which no fixture
//! covers. Without the feature this file is empty.
#![cfg(feature = "oracle")]

use dds::model::{Seat, Strain};
use dds::{Board, Solutions, Solver, Target};
use dds_bench::{oracle, workload};

#[test]
fn random_tables_equal_dds() {
    oracle::single_thread();
    let mut solver = Solver::new();
    for deal in workload::random_deals(if cfg!(debug_assertions) { 3 } else { 40 }, 0xd1ff) {
        let ours = solver.dd_table(&deal).unwrap();
        let theirs = oracle::dd_table(&deal).unwrap();
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                assert_eq!(
                    ours.tricks(strain, declarer),
                    theirs[strain.index()][declarer.index()],
                    "{deal} {strain} {declarer}"
                );
            }
        }
    }
}

/// Every card with its score and equivalent cards, in DDS's order (cards of
/// equal score included), for `solutions` 3, 2 and 1, on random positions in
/// the middle of play.
#[test]
fn mid_play_positions_equal_dds_in_order() {
    oracle::single_thread();
    let mut solver = Solver::new();
    let count = if cfg!(debug_assertions) { 20 } else { 2000 };
    for p in workload::mid_play_positions(count, 0xd1ff) {
        let board = Board::new(&p.remaining, p.strain, p.leader, &p.played).unwrap();
        for (solutions, dds_solutions) in [(Solutions::All, 3), (Solutions::AllOptimal, 2), (Solutions::One, 1)] {
            let ours = solver.solve_board(&board, Target::Max, solutions).unwrap();
            let (theirs, _) = oracle::solve_board(&p.remaining, p.strain, p.leader, &p.played, dds_solutions).unwrap();
            let a: Vec<(String, i32, String)> = ours
                .cards
                .iter()
                .map(|c| (c.card.to_string(), i32::from(c.tricks.unwrap()), c.equals.to_string()))
                .collect();
            let b: Vec<(String, i32, String)> = theirs
                .iter()
                .map(|(card, score, equals)| {
                    let card: dds::model::Card = card.parse().unwrap();
                    let lower = dds::model::Holding::from_dds_bits(*equals as u32).unwrap();
                    (card.to_string(), *score, dds::model::Hand::from_holding(card.suit(), lower).to_string())
                })
                .collect();
            assert_eq!(a, b, "solutions {dds_solutions}: {p:?}");
        }
    }
}

/// The position of issue 16 where the order of equal scores differed.
#[test]
fn equal_scores_come_in_dds_order() {
    oracle::single_thread();
    let remaining = dds::model::Deal::from_pbn_remaining("E:..643.8 3.T4.A. ..T.AT4 KQ2...7").unwrap();
    let board = Board::new(&remaining, Strain::Spades, Seat::South, &[]).unwrap();
    let ours = Solver::new().solve_board(&board, Target::Max, Solutions::All).unwrap();
    let (theirs, _) = oracle::solve_board(&remaining, Strain::Spades, Seat::South, &[], 3).unwrap();
    let a: Vec<String> = ours.cards.iter().map(|c| c.card.to_string()).collect();
    let b: Vec<String> =
        theirs.iter().map(|(card, _, _)| card.parse::<dds::model::Card>().unwrap().to_string()).collect();
    assert_eq!(a, b);
}

/// `DdTable::par` against DDS's `SidesPar` (scores and contract strings of
/// both views) on the tables of random deals, on random tables, and on
/// tables where nobody makes anything, for every vulnerability.
#[test]
fn sides_par_equals_dds() {
    use dds::model::{BySeat, ByStrain};
    use dds::{DdTable, Vulnerability};
    oracle::single_thread();
    let mut solver = Solver::new();
    let mut tables: Vec<DdTable> = workload::random_deals(if cfg!(debug_assertions) { 2 } else { 30 }, 0x5ade)
        .iter()
        .map(|deal| solver.dd_table(deal).unwrap())
        .collect();
    let mut rng = dds_fixtures::DealRng::new(0x5ade);
    for case in 0..2000 {
        let pick = |rng: &mut dds_fixtures::DealRng| match case % 3 {
            0 => rng.below(14) as u8,
            1 => [5, 6, 7][rng.below(3) as usize],
            _ => [0, 6, 7, 13][rng.below(4) as usize],
        };
        tables.push(DdTable::new(ByStrain::from_fn(|_| BySeat::from_fn(|_| pick(&mut rng)))).unwrap());
    }
    tables.push(DdTable::new(ByStrain::from_fn(|_| BySeat([6; 4]))).unwrap());
    let mut passed_out = 0;
    for table in &tables {
        let raw: [[u8; 4]; 5] =
            core::array::from_fn(|s| core::array::from_fn(|d| table.tricks(Strain::ALL[s], Seat::ALL[d])));
        for vul in [Vulnerability::None, Vulnerability::Both, Vulnerability::NorthSouth, Vulnerability::EastWest] {
            let ours = table.par(vul);
            let theirs = oracle::sides_par(raw, vul.to_dds() as i32).unwrap();
            let texts = ours.sides_texts();
            let scores = [ours.ns_first.score, -ours.ew_first.score];
            for side in 0..2 {
                assert_eq!(
                    (scores[side], &texts[side]),
                    (theirs[side].0, &theirs[side].1),
                    "{table:?} {vul:?} side {side}"
                );
            }
            passed_out += usize::from(ours.ns_first.contracts.is_empty());
        }
    }
    assert!(passed_out > 0, "no passed-out table was tried");
}
