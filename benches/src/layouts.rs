//! The `layouts` workload: 400 layouts of a 4-4 fit on each thread count.

use std::time::Instant;

use dds::model::{Seat, Strain};

use crate::report::{median, secs};

/// The layouts workload: a 4-4 spade fit with 27 points, East and West
/// unknown (10,400,600 layouts): the first 400 layouts of the shuffled
/// order, South declaring in spades, on each thread count.
pub(crate) fn run(threads: &[usize], reps: usize) {
    let problem = dds::layouts::Layouts::from_pbn("N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -").expect("valid problem");
    let task = dds::layouts::LayoutTask::Lead { strain: Strain::Spades, leader: Seat::West };
    let options = dds::layouts::LayoutOptions { limit: Some(400), ..dds::layouts::LayoutOptions::default() };
    let counts: Vec<usize> = if threads.is_empty() { vec![1, 2] } else { threads.to_vec() };
    println!("\nlayouts: 400 layouts of a 4-4 fit (one lead each), median of {reps}");
    let mut base = None;
    let mut totals = None;
    for &n in &counts {
        let settings = dds::Parallel::with_threads(n);
        let mut times = Vec::new();
        for _ in 0..reps {
            let start = Instant::now();
            let summary = dds::layouts::solve_layouts(&problem, task, &options, &settings, |_, _| {
                std::ops::ControlFlow::Continue(())
            })
            .expect("solvable");
            times.push(start.elapsed());
            let mean = summary.mean_tricks(Strain::Spades, Seat::South);
            assert_eq!(*totals.get_or_insert(mean), mean, "the totals depend on the thread count");
        }
        let t = median(times);
        let base = *base.get_or_insert(t);
        println!(
            "  {n:>2} threads: {}  {:.1} layouts/s  speed-up {:.2}",
            secs(t),
            400.0 / t.as_secs_f64(),
            base.as_secs_f64() / t.as_secs_f64()
        );
    }
}
