//! The `line` workload: lines of best play from the opening lead.

use std::time::Instant;

use dds::model::{Deal, Seat, Strain};
use dds::Solver;

use crate::report::{median, secs};
use crate::tables::load;

/// The line workload: a line of best play from the opening lead (no trump,
/// West leads) of the first 20 list100 deals, each with a fresh solver.
pub(crate) fn run(reps: usize) {
    let deals: Vec<Deal> = load("list100").into_iter().take(20).collect();
    let mut times = Vec::new();
    let mut nodes = 0;
    for _ in 0..reps {
        let start = Instant::now();
        nodes = 0;
        for deal in &deals {
            let board = dds::Board::new(deal, Strain::NoTrump, Seat::West, &[]).expect("full deal");
            let mut solver = Solver::new();
            let line = solver.best_line(&board).cards;
            assert_eq!(line.len(), 52);
            nodes += solver.nodes();
        }
        times.push(start.elapsed());
    }
    let t = median(times);
    println!("\nline: best line of play from the opening lead (NT, West leads), 20 list100 deals, median of {reps}");
    println!("  ours   total {}  per line {:.1}ms  nodes {nodes}", secs(t), t.as_secs_f64() * 1000.0 / 20.0);
}
