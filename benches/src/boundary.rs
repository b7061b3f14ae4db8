//! The positions at a trick boundary that bridge-solver takes from the
//! workloads that are not full tables (`midplay`'s, the `engine`'s bids),
//! and its values on them against ours.

use std::time::{Duration, Instant};

use dds::Solver;
use dds_bench::workload;

use crate::bridge_solver::{self, BridgeSolver};
use crate::report::{median, ratio_median, secs, Run};
use crate::{engine, midplay, rusage};

/// The workloads that are not full tables but have positions at a trick
/// boundary for bridge-solver ([`boundary_positions`]).
pub(crate) const AT_BOUNDARY: [&str; 2] = ["midplay", "engine"];

/// The positions at a trick boundary that bridge-solver takes from the
/// workloads that are not full tables ([`AT_BOUNDARY`]): `midplay`'s and
/// `engine`'s bids, with what one of them is (for `--cachegrind`'s lines).
pub(crate) fn boundary_positions(name: &str) -> Option<(Vec<workload::MidPlay>, &'static str)> {
    match name {
        "midplay" => Some((midplay::at_boundary(), "position (at a trick boundary)")),
        "engine" => Some((engine::bids(), "bid's sampled deal (one strain and leader)")),
        _ => None,
    }
}

/// The tricks of the side on lead at `p` from bridge-solver's `value` (the
/// tricks of the other side); `None` if the value exceeds the tricks left.
pub(crate) fn leader_tricks(p: &workload::MidPlay, value: u8) -> Option<u8> {
    (p.remaining.hands()[p.leader].len() as u8).checked_sub(value)
}

/// Ours and bridge-solver on `positions`, each at a trick boundary (`what`
/// says which, `label` names the workload): the value only, one process a
/// position for bridge-solver, one solver for all of them for ours
/// (`solutions` 1). Returns the number of values that differ, each reported
/// on a `MISMATCH` line.
pub(crate) fn values_bridge_solver(
    label: &str,
    what: &str,
    at_boundary: &[workload::MidPlay],
    reps: usize,
    bs: &BridgeSolver,
) -> usize {
    let files = bs
        .write_files(label, at_boundary.iter().map(|p| bridge_solver::position_file(&p.remaining, p.strain, p.leader)));
    let (mut ours_runs, mut bs_runs) = (Vec::new(), Vec::new());
    let mut mismatches = std::collections::BTreeSet::new();
    for _ in 0..reps {
        let mut solver = Solver::new();
        let (user, start) = (rusage::self_user(), Instant::now());
        let values: Vec<u8> = at_boundary
            .iter()
            .map(|p| {
                let board = dds::Board::new(&p.remaining, p.strain, p.leader, &p.played).expect("legal play");
                let best = solver.solve_board(&board, dds::Target::Max, dds::Solutions::One).expect("solvable");
                best.cards[0].tricks.expect("a scored card")
            })
            .collect();
        let total = start.elapsed();
        let user = rusage::self_user().saturating_sub(user);
        ours_runs.push(Run { total, user, per_deal: Vec::new(), nodes: 0, peak: None });
        let (mut wall, mut user) = (Duration::ZERO, Duration::ZERO);
        for (i, (file, p)) in files.iter().zip(at_boundary).enumerate() {
            let (value, w, u) = bs.solve_value(file).unwrap_or_else(|e| panic!("bridge-solver: {e}"));
            wall += w;
            user += u;
            let theirs = leader_tricks(p, value);
            if theirs != Some(values[i]) && mismatches.insert(i) {
                println!(
                    "MISMATCH {label}: position {i} at a trick boundary ({:?}): bridge-solver {} tricks for the leader's side (its value {value}), ours {}",
                    p,
                    theirs.map_or("no".to_string(), |t| t.to_string()),
                    values[i]
                );
            }
        }
        bs_runs.push(Run { total: wall, user, per_deal: Vec::new(), nodes: 0, peak: None });
    }
    let n = at_boundary.len() as u32;
    let (su, sw) = files.first().and_then(|f| bs.start_up(f, 21).ok()).unwrap_or_default();
    let less: Vec<Run> = bs_runs
        .iter()
        .map(|r| Run {
            total: r.total.saturating_sub(sw * n),
            user: r.user.saturating_sub(su * n),
            per_deal: Vec::new(),
            nodes: 0,
            peak: None,
        })
        .collect();
    let med = |runs: &[Run], of: fn(&Run) -> Duration| secs(median(runs.iter().map(of).collect()));
    println!("\n{label}, bridge-solver: {what}, the value only, one process a position, median of {reps}");
    println!("  ours (solutions 1)  wall {}  user {}", med(&ours_runs, |r| r.total), med(&ours_runs, |r| r.user));
    println!(
        "  bridge-solver       wall {}  user {}  (less {n} start-ups of {:.2}ms wall, {:.2}ms user: wall {}  user {})",
        med(&bs_runs, |r| r.total),
        med(&bs_runs, |r| r.user),
        sw.as_secs_f64() * 1e3,
        su.as_secs_f64() * 1e3,
        med(&less, |r| r.total),
        med(&less, |r| r.user)
    );
    println!(
        "  ratio ours/bridge-solver: wall {:.2}  user {:.2};  less its start-ups: wall {:.2}  user {:.2}",
        ratio_median(&ours_runs, &bs_runs, |r| r.total),
        ratio_median(&ours_runs, &bs_runs, |r| r.user),
        ratio_median(&ours_runs, &less, |r| r.total),
        ratio_median(&ours_runs, &less, |r| r.user)
    );
    mismatches.len()
}
