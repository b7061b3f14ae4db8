//! The `midplay` workload: 1,000 positions after 1 to 40 random cards,
//! solved with `solutions` 1 and 3, ours and DDS's; then bridge-solver on
//! the positions among them at a trick boundary.

use std::time::{Duration, Instant};

use dds::Solver;
use dds_bench::workload;

use crate::boundary::values_bridge_solver;
use crate::bridge_solver::BridgeSolver;
use crate::report::{median, secs};

/// The mid-play positions at a trick boundary (no card of the current
/// trick played): the ones bridge-solver takes.
pub(crate) fn at_boundary() -> Vec<workload::MidPlay> {
    workload::mid_play_positions(1000, 0x91a7).into_iter().filter(|p| p.played.is_empty()).collect()
}

/// The mid-play workload: 1,000 positions after 1 to 40 random cards,
/// solved with `solutions` 1 and 3, ours and DDS's, one solver each; then
/// the positions at a trick boundary by ours and bridge-solver (value
/// only). Returns the number of positions where bridge-solver's value
/// differs from ours.
pub(crate) fn run(reps: usize, bs: Option<&BridgeSolver>) -> usize {
    let positions = workload::mid_play_positions(1000, 0x91a7);
    for (solutions, label) in [(dds::Solutions::One, 1), (dds::Solutions::All, 3)] {
        let mut ours_t = Vec::new();
        // Filled only when DDS is linked.
        #[cfg_attr(not(feature = "oracle"), allow(unused_mut))]
        let mut theirs_t: Vec<Duration> = Vec::new();
        let mut nodes = 0;
        for _ in 0..reps {
            let mut solver = Solver::new();
            let start = Instant::now();
            let before = solver.nodes();
            let answers: Vec<dds::Solution> = positions
                .iter()
                .map(|p| {
                    let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                    solver.solve_board(&board, dds::Target::Max, solutions).expect("solvable")
                })
                .collect();
            ours_t.push(start.elapsed());
            nodes = solver.nodes() - before;
            #[cfg(feature = "oracle")]
            {
                let start = Instant::now();
                let theirs: Vec<_> = positions
                    .iter()
                    .map(|p| {
                        dds_bench::oracle::solve_board(&p.remaining, p.strain, p.leader, &p.played, label)
                            .expect("DDS solves the position")
                    })
                    .collect();
                theirs_t.push(start.elapsed());
                for (i, (ours, (theirs, _))) in answers.iter().zip(&theirs).enumerate() {
                    let mut a: Vec<(String, i32)> =
                        ours.cards.iter().map(|c| (c.card.to_string(), i32::from(c.tricks.unwrap_or(0)))).collect();
                    let mut b: Vec<(String, i32)> = theirs.iter().map(|c| (c.0.clone(), c.1)).collect();
                    if label == 1 {
                        // One best card: DDS may pick another card of the same score.
                        assert_eq!(a[0].1, b[0].1, "position {i}: {:?}", positions[i]);
                    } else {
                        a.sort();
                        b.sort();
                        assert_eq!(a, b, "position {i}: {:?}", positions[i]);
                    }
                }
            }
            let _ = &answers;
        }
        let ours = median(ours_t);
        println!("\nmidplay: 1000 positions (1-40 cards played), solutions {label}, median of {reps}");
        println!("  ours   total {}  per position {:.2}ms  nodes {nodes}", secs(ours), ours.as_secs_f64());
        if !theirs_t.is_empty() {
            let theirs = median(theirs_t);
            println!("  DDS    total {}  per position {:.2}ms", secs(theirs), theirs.as_secs_f64());
            println!("  ratio ours/DDS: total {:.2}", ours.as_secs_f64() / theirs.as_secs_f64());
        }
    }
    match bs {
        Some(bs) => at_boundary_bridge_solver(reps, bs),
        None => 0,
    }
}

/// Ours and bridge-solver on the mid-play positions at a trick boundary:
/// bridge-solver's command line takes no cards of a current trick and
/// gives the value, no score per card. Returns the number of values that
/// differ.
fn at_boundary_bridge_solver(reps: usize, bs: &BridgeSolver) -> usize {
    let at_boundary = at_boundary();
    let what = format!(
        "the {} positions at a trick boundary (its command line takes no cards of a current trick)",
        at_boundary.len()
    );
    values_bridge_solver("midplay", &what, &at_boundary, reps, bs)
}
