//! `Solver::score_cards` (every card scored, spread over threads) against
//! DDS's answers (the FUT lines) and against the sequential evaluation in
//! the middle of play.
//!
//! list100 runs in optimised builds (`cargo test --release`, as CI does) or
//! when `DDS_SLOW_TESTS=1`.

use dds::model::Card;
use dds::{Board, Parallel, Solutions, Solver, Target};
use dds_fixtures::{load_hand_file, slow_tests_enabled, DealRng};

fn two_threads() -> Parallel {
    Parallel::with_threads(2)
}

/// Every FUT line of `name`: the same cards with DDS's scores.
fn check_futs(name: &str) {
    let mut solver = Solver::new();
    for record in load_hand_file(name).unwrap() {
        let Some(fut) = &record.fut else { continue };
        let board = Board::new(&record.deal, record.strain, record.leader, &[]).unwrap();
        let solution = solver.score_cards(&board, &two_threads()).unwrap();
        assert!(solution.cards.windows(2).all(|w| w[0].tricks >= w[1].tricks), "{name} line {}", record.line);
        let mut got: Vec<(Card, u8)> = solution.cards.iter().map(|c| (c.card, c.tricks.unwrap())).collect();
        let mut want: Vec<(Card, u8)> = fut.entries.iter().map(|e| (e.card, e.score as u8)).collect();
        got.sort_by_key(|&(c, s)| (s, c.bit()));
        want.sort_by_key(|&(c, s)| (s, c.bit()));
        assert_eq!(got, want, "{name} line {}", record.line);
    }
}

#[test]
fn list10_leads_equal_dds() {
    check_futs("list10.txt");
}

#[test]
fn list100_leads_equal_dds() {
    if cfg!(debug_assertions) && !slow_tests_enabled() {
        return;
    }
    check_futs("list100.txt");
}

/// Positions after 1 to 30 random cards: the same answer as
/// `solve_board(Max, All)`, card for card and in the same order.
#[test]
fn mid_play_equals_sequential() {
    let mut rng = DealRng::new(0x5c0e);
    let count = if cfg!(debug_assertions) { 20 } else { 200 };
    let mut sequential = Solver::new();
    let mut parallel = Solver::new();
    for i in 0..count {
        let mut hands = rng.deal();
        let strain = rng.strain();
        let mut leader = rng.seat();
        let mut trick = Vec::new();
        let cards = 1 + rng.below(30) as usize;
        rng.play(&mut hands, &mut leader, &mut trick, strain, cards);
        let board = Board::new(&hands, strain, leader, &trick).unwrap();
        let want = sequential.solve_board(&board, Target::Max, Solutions::All).unwrap();
        let got = parallel.score_cards(&board, &two_threads()).unwrap();
        assert_eq!(got.cards, want.cards, "position {i}: {hands} {strain} leader {leader} played {trick:?}");
        assert_eq!(got.forced, want.forced, "position {i}");
    }
}
