//! `pool_calls N THREADS`: the time of N batch calls (`dds::solve_boards`)
//! of one trivial board each (the last trick) with a thread count set, so
//! that what setting up the batch's threads costs shows.

use dds::model::{Seat, Strain};
use dds::{solve_boards, Board, Parallel, Solutions, Target};

/// Runs the calls and prints the time per call.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let threads: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[]).expect("a valid board");
    let settings = parallel(threads);
    let t = std::time::Instant::now();
    let mut sum = 0u64;
    for _ in 0..n {
        sum += checksum(solve_boards(&[board], Target::Max, Solutions::All, &settings));
    }
    let elapsed = t.elapsed().as_secs_f64();
    println!("{n} calls on {threads} threads: {elapsed:.3} s, {:.1} us per call (sum {sum})", elapsed * 1e6 / n as f64);
}

/// `threads` worker threads, 0 for every core (rayon's global pool).
fn parallel(threads: usize) -> Parallel {
    Parallel::with_threads(threads)
}

/// The sum of the first card's scores.
fn checksum(results: Vec<Result<dds::Solution, dds::Error>>) -> u64 {
    results.iter().map(|s| u64::from(s.as_ref().expect("a valid board").cards[0].tricks.unwrap_or(0))).sum()
}
