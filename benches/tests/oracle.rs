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

#[test]
fn mid_play_positions_equal_dds() {
    oracle::single_thread();
    let mut solver = Solver::new();
    for p in workload::mid_play_positions(if cfg!(debug_assertions) { 20 } else { 300 }, 0xd1ff) {
        let board = Board::new(&p.remaining, p.strain, p.leader, &p.played).unwrap();
        let ours = solver.solve_board(&board, Target::Max, Solutions::All).unwrap();
        let (theirs, _) = oracle::solve_board(&p.remaining, p.strain, p.leader, &p.played, 3).unwrap();
        let mut a: Vec<(String, i32, String)> = ours
            .cards
            .iter()
            .map(|c| (c.card.to_string(), i32::from(c.tricks.unwrap()), c.equals.to_string()))
            .collect();
        let mut b: Vec<(String, i32, String)> = theirs
            .iter()
            .map(|(card, score, equals)| {
                let card: dds::model::Card = card.parse().unwrap();
                let lower = dds::model::Holding::from_dds_bits(*equals as u32).unwrap();
                (card.to_string(), *score, dds::model::Hand::from_holding(card.suit(), lower).to_string())
            })
            .collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{p:?}");
    }
}
