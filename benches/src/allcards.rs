//! The `allcards` workload: every card of hard opening leads scored,
//! sequentially and spread over threads.

use std::time::Instant;

use dds::model::{Seat, Strain};
use dds::Solver;

use crate::report::{median, secs};
use crate::tables::load;

/// The every-card workload: the opening leads of the `largest` deals in no
/// trump and spades, every card scored (`solutions = 3`), sequentially
/// (`solve_board`) and spread over threads (`Solver::score_cards`), each
/// position with a fresh solver; the answers are asserted equal.
pub(crate) fn run(threads: &[usize], reps: usize) {
    let deals = load("largest");
    let boards: Vec<dds::Board> = deals
        .iter()
        .flat_map(|deal| {
            [Strain::NoTrump, Strain::Spades]
                .map(|strain| dds::Board::new(deal, strain, Seat::West, &[]).expect("full deal"))
        })
        .collect();
    let counts: Vec<usize> = if threads.is_empty() {
        vec![std::thread::available_parallelism().map_or(1, |n| n.get())]
    } else {
        threads.to_vec()
    };
    println!(
        "\nallcards: {} opening leads (largest deals, NT and spades), every card scored, median of {reps}",
        boards.len()
    );
    let mut sequential = Vec::new();
    let mut answers = Vec::new();
    let mut nodes = 0;
    for _ in 0..reps {
        let start = Instant::now();
        answers = boards
            .iter()
            .map(|b| Solver::new().solve_board(b, dds::Target::Max, dds::Solutions::All).expect("solvable"))
            .collect::<Vec<_>>();
        sequential.push(start.elapsed());
        nodes = answers.iter().map(|a| a.nodes).sum::<u64>();
    }
    let base = median(sequential);
    println!("  sequential (solve_board):  {}  nodes {nodes}", secs(base));
    for &n in &counts {
        let settings = dds::Parallel::with_threads(n);
        let mut times = Vec::new();
        for _ in 0..reps {
            let start = Instant::now();
            let got: Vec<dds::Solution> =
                boards.iter().map(|b| Solver::new().score_cards(b, &settings).expect("solvable")).collect();
            times.push(start.elapsed());
            nodes = got.iter().map(|a| a.nodes).sum::<u64>();
            for (i, (a, b)) in got.iter().zip(&answers).enumerate() {
                assert_eq!(a.cards, b.cards, "allcards position {i}");
            }
        }
        let t = median(times);
        println!(
            "  score_cards, {n:>2} threads: {}  nodes {nodes}  speed-up {:.2}",
            secs(t),
            base.as_secs_f64() / t.as_secs_f64()
        );
    }
}
