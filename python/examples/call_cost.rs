//! The Rust side of `python/bench/bench.py`'s per-call measurement: the
//! same one-item calls as the Python binding makes, made from Rust with one
//! reused solver (as the binding's per-thread solver), timed.
//!
//! Input: a file of lines `solve PBN STRAIN LEADER` (a position to solve
//! with DDS's solutions 3) or `table PBN` (a deal's double dummy table).
//! Output: one line per kind, `KIND CALLS SECONDS CHECKSUM`, the checksum
//! summing the answers so that the two sides can be compared.
//!
//! ```text
//! cargo run --release -p dds-python --example call_cost -- calls.txt
//! ```

use std::time::Instant;

use dds::model::{Deal, Seat};
use dds::{Board, Solutions, Solver, Strain, Target};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args().nth(1).ok_or("usage: call_cost FILE")?;
    let text = std::fs::read_to_string(path)?;
    let mut solves: Vec<(String, Strain, Seat)> = Vec::new();
    let mut tables: Vec<String> = Vec::new();
    for line in text.lines() {
        let words: Vec<&str> = line.split('\t').collect();
        match words.as_slice() {
            ["solve", pbn, strain, leader] => solves.push((pbn.to_string(), strain.parse()?, leader.parse()?)),
            ["table", pbn] => tables.push(pbn.to_string()),
            _ => return Err(format!("bad line {line:?}").into()),
        }
    }
    let mut solver = Solver::new();
    for round in 0..3 {
        let start = Instant::now();
        let mut sum = 0u64;
        for (pbn, strain, leader) in &solves {
            // What the binding does for solve_board(pbn, strain, leader):
            // parse the text, make the board, solve on the thread's solver.
            let board = Board::new(&Deal::from_pbn_remaining(pbn)?, *strain, *leader, &[])?;
            let solution = solver.solve_board(&board, Target::Max, Solutions::All)?;
            sum += solution.cards.iter().map(|c| u64::from(c.tricks.unwrap_or(0))).sum::<u64>();
        }
        let solve_time = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut table_sum = 0u64;
        for pbn in &tables {
            let deal: Deal = pbn.parse()?;
            let table = solver.dd_table(&deal)?;
            table_sum += table.as_by_strain().values().flat_map(|row| row.values()).map(|&t| u64::from(t)).sum::<u64>();
        }
        let table_time = start.elapsed().as_secs_f64();
        println!("round {round} solve {} {solve_time:.6} {sum}", solves.len());
        println!("round {round} table {} {table_time:.6} {table_sum}", tables.len());
    }
    Ok(())
}
