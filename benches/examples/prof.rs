//! `prof`: a fixed amount of solver work for profilers (`perf`, cachegrind),
//! with no DDS and no timing loop: `prof WORKLOAD N` solves the first `N`
//! full tables of `list100`, `list1000`, `random1000` (the bench's seed) or
//! a DDS hand file (`thomas1.txt`), or the first `N` positions of the
//! mid-play workload with solutions 1 or 3 (`midplay1`, `midplay3`), and
//! prints the time, the node count and a checksum of the answers (the same
//! checksum before and after a change means the same answers).
//!
//! `cargo build --release -p dds-bench --examples`, then for example
//! `valgrind --tool=cachegrind target/release/examples/prof random1000 5`.

use dds_bench::workload::{hand_file_deals, random_deals};
/// Runs the workload named by the arguments.
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = args.get(1).map(String::as_str).unwrap_or("list100");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(30);
    if which == "engine" {
        // `prof engine THREADS`: the bench's engine decisions, each one
        // `solve_boards` call on THREADS threads.
        let settings = dds::Parallel::with_threads(n);
        let decisions = dds_bench::workload::engine_decisions(12, 3, 16, 0xbe17);
        let t = std::time::Instant::now();
        let (mut nodes, mut sum) = (0u64, 0u64);
        for d in &decisions {
            let boards: Vec<dds::Board> =
                d.samples.iter().map(|deal| dds::Board::new(deal, d.strain, d.leader, &d.played).unwrap()).collect();
            let solutions = dds::Solutions::from_dds(i64::from(d.solutions)).unwrap();
            for s in dds::solve_boards(&boards, dds::Target::Max, solutions, &settings) {
                let s = s.unwrap();
                nodes += s.nodes;
                sum = sum.wrapping_mul(31).wrapping_add(u64::from(s.cards[0].tricks.unwrap_or(0)));
            }
        }
        println!("{:.3} s nodes {} sum {}", t.elapsed().as_secs_f64(), nodes, sum);
        return;
    }
    if let Some(sol) = which.strip_prefix("midplay") {
        let positions = dds_bench::workload::mid_play_positions(1000, 0x91a7);
        let solutions = if sol == "1" { dds::Solutions::One } else { dds::Solutions::All };
        let mut solver = dds::Solver::new();
        let t = std::time::Instant::now();
        let mut sum = 0u64;
        for p in positions.iter().take(n) {
            let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).unwrap();
            let s = solver.solve_board(&board, dds::Target::Max, solutions).unwrap();
            for c in &s.cards {
                sum = sum.wrapping_mul(31).wrapping_add(c.tricks.unwrap_or(0) as u64 + c.card.to_string().len() as u64);
            }
        }
        println!("{:.3} s nodes {} sum {}", t.elapsed().as_secs_f64(), solver.nodes(), sum);
        return;
    }
    let deals = match which {
        "random1000" => random_deals(1000, 0x5eed),
        "list100" => hand_file_deals("list100.txt"),
        "list1000" => hand_file_deals("list1000.txt"),
        f => hand_file_deals(f),
    };
    let mut solver = dds::Solver::new();
    let t = std::time::Instant::now();
    let mut sum = 0u64;
    for d in deals.iter().take(n) {
        let t = solver.dd_table(d).unwrap();
        for (i, (_, s)) in t.as_by_strain().iter().enumerate() {
            for (j, (_, v)) in s.iter().enumerate() {
                sum = sum.wrapping_mul(31).wrapping_add((*v as u64) * (i * 4 + j + 1) as u64);
            }
        }
    }
    println!("{:.3} s nodes {} sum {}", t.elapsed().as_secs_f64(), solver.nodes(), sum);
}
