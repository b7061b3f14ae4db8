//! The `warm` workload: what a solver's table kept warm saves on other
//! leaders of the same deal and along a play.

use std::time::Instant;

use dds::model::{Deal, Seat, Strain};
use dds::Solver;

use crate::report::{median, secs};
use crate::tables::load;

/// The warm-table workload: what reusing a solver's table saves on related
/// positions, the two cases the solver reuses it for (same deal and strain).
/// Leaders: the four opening leads of the first 30 list100 deals in each
/// strain, solved by one solver per deal and strain (the table kept from
/// leader to leader) and by a fresh solver for each. Play: every position
/// of a line of best play (no trump, West leads) of the first 10 list100
/// deals, solved by one solver along the play and by a fresh solver for
/// each position. The answers are asserted equal.
pub(crate) fn run(reps: usize) {
    let deals: Vec<Deal> = load("list100").into_iter().take(30).collect();
    let solve = |solver: &mut Solver, board: &dds::Board| {
        let best = solver.solve_board(board, dds::Target::Max, dds::Solutions::One).expect("solvable");
        best.cards[0].tricks
    };
    let leaders: Vec<Vec<dds::Board>> = deals
        .iter()
        .flat_map(|deal| {
            Strain::ALL.map(|strain| {
                Seat::ALL.iter().map(|&leader| dds::Board::new(deal, strain, leader, &[]).expect("full deal")).collect()
            })
        })
        .collect();
    let mut plays: Vec<Vec<dds::Board>> = Vec::new();
    for deal in deals.iter().take(10) {
        let board = dds::Board::new(deal, Strain::NoTrump, Seat::West, &[]).expect("full deal");
        let line = Solver::new().best_line(&board).cards;
        let mut pos = board;
        let mut boards = Vec::new();
        for lc in &line[..line.len() - 1] {
            pos = pos.after(lc.card).expect("the line is legal");
            boards.push(pos);
        }
        plays.push(boards);
    }
    for (label, groups) in [
        ("leaders: 4 opening leads x 5 strains x 30 list100 deals", &leaders),
        ("play: the 51 positions of a best line, 10 list100 deals", &plays),
    ] {
        let (mut warm_t, mut cold_t) = (Vec::new(), Vec::new());
        let (mut warm_nodes, mut cold_nodes) = (0, 0);
        for _ in 0..reps {
            let start = Instant::now();
            let mut warm_answers = Vec::new();
            warm_nodes = 0;
            for group in groups {
                let mut solver = Solver::new();
                warm_answers.extend(group.iter().map(|b| solve(&mut solver, b)));
                warm_nodes += solver.nodes();
            }
            warm_t.push(start.elapsed());
            let start = Instant::now();
            let mut cold_answers = Vec::new();
            cold_nodes = 0;
            for group in groups {
                for b in group {
                    let mut solver = Solver::new();
                    cold_answers.push(solve(&mut solver, b));
                    cold_nodes += solver.nodes();
                }
            }
            cold_t.push(start.elapsed());
            assert_eq!(warm_answers, cold_answers, "{label}");
        }
        let (warm, cold) = (median(warm_t), median(cold_t));
        println!(
            "
warm: {label}, median of {reps}"
        );
        println!("  one solver kept warm   {}  nodes {warm_nodes}", secs(warm));
        println!("  a fresh solver each    {}  nodes {cold_nodes}", secs(cold));
        println!(
            "  time warm/fresh {:.2}, nodes {:.2}",
            warm.as_secs_f64() / cold.as_secs_f64(),
            warm_nodes as f64 / cold_nodes as f64
        );
    }
}
