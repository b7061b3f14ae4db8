//! `Solver::solve_board` in all its modes, checked against DDS's opening
//! lead results (the FUT lines of list10).

use dds::model::{Card, Deal, Seat};
use dds::{Board, Solutions, Solver, Target};
use dds_fixtures::{load_hand_file, Record};

fn records() -> Vec<Record> {
    load_hand_file("list10.txt").unwrap()
}

fn board(record: &Record) -> Board {
    Board::new(&record.deal, record.strain, record.leader, &[]).unwrap()
}

/// The FUT cards with their scores.
fn fut(record: &Record) -> Vec<(Card, u8)> {
    record.fut.as_ref().unwrap().entries.iter().map(|e| (e.card, e.score as u8)).collect()
}

#[test]
fn one_best_card_is_one_of_dds_best_cards() {
    let mut solver = Solver::new();
    for record in records() {
        let expected = fut(&record);
        let best = expected[0].1;
        let solution = solver.solve_board(&board(&record), Target::Max, Solutions::One).unwrap();
        assert_eq!(solution.cards.len(), 1);
        let card = solution.cards[0];
        assert_eq!(card.tricks, Some(best), "line {}", record.line);
        assert!(expected.contains(&(card.card, best)), "line {}: {} is not a best lead", record.line, card.card);
    }
}

#[test]
fn all_optimal_cards_are_dds_best_cards() {
    let mut solver = Solver::new();
    for record in records() {
        let expected = fut(&record);
        let best = expected[0].1;
        let mut want: Vec<Card> = expected.iter().filter(|e| e.1 == best).map(|e| e.0).collect();
        let solution = solver.solve_board(&board(&record), Target::Max, Solutions::AllOptimal).unwrap();
        let mut got: Vec<Card> = solution.cards.iter().map(|c| c.card).collect();
        assert!(solution.cards.iter().all(|c| c.tricks == Some(best)));
        got.sort_by_key(|c| c.bit());
        want.sort_by_key(|c| c.bit());
        assert_eq!(got, want, "line {}", record.line);
    }
}

#[test]
fn targets() {
    let mut solver = Solver::new();
    for record in records().into_iter().take(4) {
        let expected = fut(&record);
        let best = expected[0].1;
        let b = board(&record);
        // At least `best - 1`: every card scoring that much, with the target as score.
        if best >= 1 {
            let t = best - 1;
            let solution = solver.solve_board(&b, Target::AtLeast(t), Solutions::AllOptimal).unwrap();
            let count = expected.iter().filter(|e| e.1 >= t).count();
            assert_eq!(solution.cards.len(), count, "line {}", record.line);
            assert!(solution.cards.iter().all(|c| c.tricks == Some(t)));
        }
        // One more than the best cannot be reached: no card.
        let solution = solver.solve_board(&b, Target::AtLeast(best + 1), Solutions::One).unwrap();
        assert!(solution.cards.is_empty(), "line {}", record.line);
        // Legal cards only: every group once, unscored.
        let solution = solver.solve_board(&b, Target::LegalCards, Solutions::All).unwrap();
        assert_eq!(solution.cards.len(), expected.len());
        assert!(solution.cards.iter().all(|c| c.tricks.is_none()));
        assert_eq!(solution.nodes, 0);
    }
    let b = board(&records()[0]);
    assert_eq!(
        solver.solve_board(&b, Target::AtLeast(14), Solutions::One),
        Err(dds::Error::TargetTooHigh { target: 14, tricks_left: 13 })
    );
}

#[test]
fn second_hand_answers_every_opening_lead() {
    // After each opening lead, the best reply scores what the leader's side
    // does not: 13 minus DDS's score of that lead.
    let mut solver = Solver::new();
    for record in records().into_iter().take(5) {
        for (lead, score) in fut(&record) {
            let mut remaining = record.deal;
            remaining[record.leader] = remaining[record.leader].without(lead);
            let b = Board::new(&remaining, record.strain, record.leader, &[lead]).unwrap();
            let solution = solver.solve_board(&b, Target::Max, Solutions::All).unwrap();
            assert_eq!(solution.cards[0].tricks, Some(13 - score), "line {} lead {lead}", record.line);
        }
    }
}

#[test]
fn forced_cards() {
    // South led the spade six; West holds one spade and must follow with it.
    let remaining = Deal::from_pbn_remaining("N:2.A.. 3.K.. .J.. 5.2..").unwrap();
    let lead: Card = "S6".parse().unwrap();
    let b = Board::new(&remaining, dds::Strain::NoTrump, Seat::South, &[lead]).unwrap();
    let mut solver = Solver::new();
    let scored = solver.solve_board(&b, Target::Max, Solutions::All).unwrap();
    assert!(scored.forced);
    assert_eq!(scored.cards.len(), 1);
    assert_eq!(scored.cards[0].card.to_string(), "S5");
    assert!(scored.cards[0].tricks.is_some());
    solver.set_skip_forced(true);
    let skipped = solver.solve_board(&b, Target::Max, Solutions::All).unwrap();
    assert!(skipped.forced);
    assert_eq!(skipped.cards[0].card, scored.cards[0].card);
    assert_eq!(skipped.cards[0].tricks, None);
    assert_eq!(skipped.nodes, 0);
}

#[test]
fn the_last_trick_is_answered_like_dds() {
    // West leads the last trick and loses it: DDS still returns the card,
    // scored 0, whatever the target.
    let deal = Deal::from_pbn_remaining("N:A... K... Q... J...").unwrap();
    let b = Board::new(&deal, dds::Strain::Spades, Seat::West, &[]).unwrap();
    let mut solver = Solver::new();
    for target in [Target::Max, Target::AtLeast(1), Target::AtLeast(0)] {
        for solutions in [Solutions::One, Solutions::AllOptimal, Solutions::All] {
            let solution = solver.solve_board(&b, target, solutions).unwrap();
            assert_eq!(solution.cards.len(), 1, "{target:?} {solutions:?}");
            assert_eq!(solution.cards[0].card.to_string(), "SJ");
            assert_eq!(solution.cards[0].tricks, Some(0), "{target:?} {solutions:?}");
        }
    }
    solver.set_skip_forced(true);
    let solution = solver.solve_board(&b, Target::Max, Solutions::One).unwrap();
    assert_eq!(solution.cards[0].tricks, Some(0));
}

#[test]
fn a_played_card_still_held_is_named() {
    let deal: Deal = records()[0].deal;
    let card: Card = "SJ".parse().unwrap();
    let holder = deal.owner(card).unwrap();
    assert_eq!(
        Board::new(&deal, dds::Strain::Spades, holder, &[card]),
        Err(dds::Error::Position(dds::PositionError::PlayedCardHeld { card, seat: holder }))
    );
}
