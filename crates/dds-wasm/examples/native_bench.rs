//! The native side of the WebAssembly benchmark (`bench/bench.mjs` runs it
//! and the package on the same work): the full tables of `list100`'s deals,
//! and positions in the middle of play (after 4, 13, 22 and 31 cards of
//! each `PLAY` line of `list100`) with every card scored (DDS's SolveBoard,
//! solutions 3), each on one solver and one thread, as the package runs
//! them. Prints one JSON line: the milliseconds of each repetition (wall
//! time and this thread's CPU time), the node counts and a checksum of the
//! answers (the package's must equal it).
//!
//! `cargo build --release -p dds-wasm --example native_bench`,
//! then `native_bench [REPS [DEALS]]` (DEALS: the first so many of
//! `list100`, all 100 by default).

use std::time::Instant;

use dds::{Board, Solutions, Solver, Target};
use dds_fixtures::load_hand_file;

/// This thread's CPU time in milliseconds (Linux's `schedstat`: the
/// machine's other work does not count), or `None` elsewhere.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(stat.split_whitespace().next()?.parse::<f64>().ok()? / 1e6)
}

/// Times `f`: wall and CPU milliseconds (CPU as wall where unknown).
fn timed(f: impl FnOnce()) -> (f64, f64) {
    let (start, cpu) = (Instant::now(), cpu_ms());
    f();
    let wall = start.elapsed().as_secs_f64() * 1e3;
    (wall, cpu.zip(cpu_ms()).map_or(wall, |(a, b)| b - a))
}

/// The cards played before each mid-play position.
const PLAYED: [usize; 4] = [4, 13, 22, 31];

fn main() {
    let reps: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(5);
    let deals: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(100);
    let mut records = load_hand_file("list100.txt").expect("fixtures/dds-hands/list100.txt");
    records.truncate(deals);
    let mut positions = Vec::new();
    for record in &records {
        let Some(play) = &record.play else { continue };
        let mut board = Board::new(&record.deal, record.strain, record.leader, &[]).expect("a fixture deal");
        for (i, &card) in play.iter().enumerate() {
            if PLAYED.contains(&i) {
                positions.push(board);
            }
            board = board.after(card).expect("a legal fixture play");
        }
    }
    let (mut tables, mut midplay) = (Vec::new(), Vec::new());
    let (mut table_nodes, mut midplay_nodes, mut sum) = (0, 0, 0u64);
    for _ in 0..reps {
        sum = 0;
        let mut solver = Solver::new();
        tables.push(timed(|| {
            for record in &records {
                let table = solver.dd_table(&record.deal).expect("a full deal");
                let tricks = table.as_by_strain().0.iter().flat_map(|row| row.0);
                sum = tricks.fold(sum, |s, t| s.wrapping_mul(31).wrapping_add(u64::from(t)));
            }
        }));
        table_nodes = solver.nodes();
        let mut solver = Solver::new();
        midplay.push(timed(|| {
            for board in &positions {
                let solution = solver.solve_board(board, Target::Max, Solutions::All).expect("a valid position");
                let tricks = solution.cards.iter().map(|c| c.tricks.unwrap_or(0));
                sum = tricks.fold(sum, |s, t| s.wrapping_mul(31).wrapping_add(u64::from(t)));
            }
        }));
        midplay_nodes = solver.nodes();
    }
    let list =
        |v: &[(f64, f64)]| v.iter().map(|(wall, cpu)| format!("[{wall:.2},{cpu:.2}]")).collect::<Vec<_>>().join(",");
    println!(
        "{{\"deals\":{},\"positions\":{},\"tables_ms\":[{}],\"midplay_ms\":[{}],\"table_nodes\":{table_nodes},\"midplay_nodes\":{midplay_nodes},\"checksum\":\"{sum}\"}}",
        records.len(),
        positions.len(),
        list(&tables),
        list(&midplay),
    );
}
