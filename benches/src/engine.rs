//! The `engine` workload: what a playing engine asks, BEN-shaped and drawn
//! from a fixed seed (`workload::engine_decisions`): bids (50 full deals
//! sharing the bidder's hand, one best score each), opening leads (140
//! deals sharing the leader's hand, the lead in the current trick, one best
//! score each) and card plays (60 deals sharing declarer's and dummy's
//! hands and the cards played, every card's score), each decision one
//! batch call: ours `dds::solve_boards`, DDS 2.9's batch call (`SolveAllChunksBin`) (the
//! `oracle` feature), on the same thread count, interleaved run by run.
//! Every score is asserted equal (the best score, or every card's).
//! Figures per phase: user CPU and wall (medians), the ratio ours / DDS
//! (the median of each run's ratio), our nodes per sampled deal.

use std::time::{Duration, Instant};

use dds::{Board, Parallel, Solutions, Target};
use dds_bench::workload::{self, engine_decisions, Decision, Phase};

use crate::boundary::values_bridge_solver;
use crate::bridge_solver::BridgeSolver;
use crate::capi::user_cpu;

/// Wall and user time of one phase in one run.
#[derive(Clone, Copy, Default)]
struct Time {
    wall: Duration,
    user: Duration,
}

const PHASES: [(Phase, &str); 3] =
    [(Phase::Bidding, "bidding"), (Phase::Lead, "opening leads"), (Phase::Play, "card play")];

/// Each decision's scores: the best score (solutions 1) or every card
/// with its score, sorted (solutions 3).
type Scores = Vec<Vec<(String, i32)>>;

fn ours(decision: &Decision, settings: &Parallel) -> (Scores, u64) {
    let boards: Vec<Board> = decision
        .samples
        .iter()
        .map(|deal| Board::new(deal, decision.strain, decision.leader, &decision.played).expect("legal samples"))
        .collect();
    let solutions = Solutions::from_dds(i64::from(decision.solutions)).expect("1 or 3");
    let answers = dds::solve_boards(&boards, Target::Max, solutions, settings);
    let mut nodes = 0;
    let scores = answers
        .into_iter()
        .map(|a| {
            let a = a.expect("solvable");
            nodes += a.nodes;
            let mut cards: Vec<(String, i32)> =
                a.cards.iter().map(|c| (c.card.to_string(), i32::from(c.tricks.unwrap_or(0)))).collect();
            if decision.solutions == 1 {
                cards = vec![(String::new(), cards[0].1)];
            }
            cards.sort();
            cards
        })
        .collect();
    (scores, nodes)
}

#[cfg(feature = "oracle")]
fn theirs(decision: &Decision) -> Scores {
    dds_bench::oracle::solve_all_boards(
        &decision.samples,
        decision.strain,
        decision.leader,
        &decision.played,
        decision.solutions,
    )
    .expect("DDS solves the samples")
    .into_iter()
    .map(|(cards, _)| {
        let mut cards: Vec<(String, i32)> = cards.into_iter().map(|(card, score, _)| (card, score)).collect();
        if decision.solutions == 1 {
            cards = vec![(String::new(), cards[0].1)];
        }
        cards.sort();
        cards
    })
    .collect()
}

/// Runs every decision of each phase, timing the phases.
fn timed(decisions: &[Decision], mut solve: impl FnMut(&Decision) -> Scores) -> ([Time; 3], Vec<Scores>) {
    let mut times = [Time::default(); 3];
    let mut answers = Vec::with_capacity(decisions.len());
    for (k, (phase, _)) in PHASES.iter().enumerate() {
        let (wall, user) = (Instant::now(), user_cpu());
        for d in decisions.iter().filter(|d| d.phase == *phase) {
            answers.push(solve(d));
        }
        times[k] = Time { wall: wall.elapsed(), user: user_cpu() - user };
    }
    (times, answers)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// The workload's decisions: 12 bids, 3 opening leads and 16 card plays
/// from a fixed seed.
pub(crate) fn decisions() -> Vec<Decision> {
    engine_decisions(12, 3, 16, 0xbe17)
}

/// The `engine` workload on one thread and on each of `threads`.
pub(crate) fn run(threads: &[usize], reps: usize) {
    let decisions = decisions();
    // The decisions in phase order, as `timed` runs them.
    let ordered: Vec<&Decision> =
        PHASES.iter().flat_map(|(p, _)| decisions.iter().filter(move |d| d.phase == *p)).collect();
    let mut counts = [0usize; 3];
    let mut samples = [0usize; 3];
    for d in &decisions {
        let k = PHASES.iter().position(|(p, _)| *p == d.phase).expect("every phase listed");
        counts[k] += 1;
        samples[k] += d.samples.len();
    }
    let mut thread_counts = vec![1];
    thread_counts.extend(threads.iter().copied().filter(|&t| t > 1));
    for &t in &thread_counts {
        let settings = Parallel::with_threads(t);
        #[cfg(feature = "oracle")]
        dds_bench::oracle::set_threads(t as std::ffi::c_int);
        let mut our_runs: Vec<[Time; 3]> = Vec::new();
        #[cfg_attr(not(feature = "oracle"), allow(unused_mut))]
        let mut their_runs: Vec<[Time; 3]> = Vec::new();
        let mut nodes = [0u64; 3];
        for rep in 0..reps {
            let run_ours = |nodes: &mut [u64; 3]| {
                let mut phase_nodes = [0u64; 3];
                let (times, answers) = timed(&decisions, |d| {
                    let (scores, n) = ours(d, &settings);
                    let k = PHASES.iter().position(|(p, _)| *p == d.phase).expect("listed");
                    phase_nodes[k] += n;
                    scores
                });
                *nodes = phase_nodes;
                (times, answers)
            };
            #[cfg(feature = "oracle")]
            {
                let (mine, other) = if rep % 2 == 0 {
                    let mine = run_ours(&mut nodes);
                    (mine, timed(&decisions, theirs))
                } else {
                    let other = timed(&decisions, theirs);
                    (run_ours(&mut nodes), other)
                };
                for (i, (a, b)) in mine.1.iter().zip(&other.1).enumerate() {
                    assert_eq!(a, b, "engine: decision {i} ({:?}) differs from DDS", ordered[i].phase);
                }
                our_runs.push(mine.0);
                their_runs.push(other.0);
            }
            #[cfg(not(feature = "oracle"))]
            {
                let _ = (rep, &ordered);
                our_runs.push(run_ours(&mut nodes).0);
            }
        }
        println!(
            "\nengine: {} decisions, BEN-shaped (seed 0xbe17), {t} thread{}, {reps} runs interleaved, medians",
            decisions.len(),
            if t == 1 { "" } else { "s" }
        );
        let secs = |v: Vec<f64>| median(v);
        let mut sum_ours = vec![0.0; reps];
        let mut sum_theirs = vec![0.0; reps];
        for (k, (_, name)) in PHASES.iter().enumerate() {
            let user: Vec<f64> = our_runs.iter().map(|r| r[k].user.as_secs_f64()).collect();
            let wall: Vec<f64> = our_runs.iter().map(|r| r[k].wall.as_secs_f64()).collect();
            for (s, r) in sum_ours.iter_mut().zip(&our_runs) {
                *s += if t == 1 { r[k].user.as_secs_f64() } else { r[k].wall.as_secs_f64() };
            }
            let per_deal = nodes[k] as f64 / samples[k] as f64;
            print!(
                "  {name:<14} {} calls, {} deals: ours user {:.3}s wall {:.3}s, {per_deal:.0} nodes a deal",
                counts[k],
                samples[k],
                secs(user.clone()),
                secs(wall.clone())
            );
            if !their_runs.is_empty() {
                let tu: Vec<f64> = their_runs.iter().map(|r| r[k].user.as_secs_f64()).collect();
                let tw: Vec<f64> = their_runs.iter().map(|r| r[k].wall.as_secs_f64()).collect();
                for (s, r) in sum_theirs.iter_mut().zip(&their_runs) {
                    *s += if t == 1 { r[k].user.as_secs_f64() } else { r[k].wall.as_secs_f64() };
                }
                let ru = median(user.iter().zip(&tu).map(|(a, b)| a / b).collect());
                let rw = median(wall.iter().zip(&tw).map(|(a, b)| a / b).collect());
                print!("; DDS user {:.3}s wall {:.3}s; ratio user {ru:.2} wall {rw:.2}", secs(tu), secs(tw));
            }
            println!();
        }
        if their_runs.len() == reps && reps > 0 {
            let what = if t == 1 { "user" } else { "wall" };
            let r = median(sum_ours.iter().zip(&sum_theirs).map(|(a, b)| a / b).collect());
            println!("  whole mix ({what}): ours / DDS {r:.2}");
        }
    }
    #[cfg(feature = "oracle")]
    dds_bench::oracle::set_threads(1);
}

/// The bids of the `engine` workload (`workload::engine_decisions`, as
/// `engine` draws them) as positions at a trick boundary: each sampled deal
/// with its decision's strain and leader.
pub(crate) fn bids() -> Vec<workload::MidPlay> {
    decisions()
        .into_iter()
        .filter(|d| d.phase == workload::Phase::Bidding)
        .flat_map(|d| {
            d.samples.into_iter().map(move |remaining| workload::MidPlay {
                remaining,
                strain: d.strain,
                leader: d.leader,
                played: Vec::new(),
            })
        })
        .collect()
}

/// Ours and bridge-solver on the `engine` workload's bidding decisions
/// (`workload::engine_decisions`, as `engine` draws them): their sampled
/// deals, each solved for its decision's strain and leader. The opening
/// leads and the card play have cards of a current trick, which
/// bridge-solver's command line does not take. Returns the number of values
/// that differ.
pub(crate) fn bids_bridge_solver(reps: usize, bs: &BridgeSolver) -> usize {
    let positions = bids();
    let what = format!("the bidding decisions' {} sampled deals, one strain and leader each", positions.len());
    values_bridge_solver("engine", &what, &positions, reps, bs)
}
