//! The searcher's entry points check their arguments in every build: a card
//! the seat to play cannot play is an error, any target and any guess get
//! the right answer (DDS's table of list10.txt's first deal).

use dds_fixtures::load_hand_file;
use dds_model::{Card, Deal, Seat, Strain};
use dds_search::{Position, PositionError, RootMoves, Searcher, Tricks};
use dds_tt::PartitionTable;

/// List10's first deal, North declaring spades (East leads), and North's
/// tricks there in DDS's table.
fn first_deal() -> (Deal, Position, Tricks) {
    let records = load_hand_file("list10.txt").unwrap();
    let record = &records[0];
    let table = record.table.expect("a TABLE line");
    let pos = Position::new(*record.deal.hands(), Seat::East, &[], Strain::Spades).unwrap();
    (record.deal, pos, Tricks::from(table[Strain::Spades][Seat::North]))
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn the_deal_is_the_one_the_cards_below_are_chosen_for() {
    let (deal, _, _) = first_deal();
    assert_eq!(deal.to_string(), "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
}

#[test]
fn a_card_not_held_or_a_revoke_is_an_error() {
    let (_, pos, _) = first_deal();
    let mut searcher = Searcher::new(PartitionTable::default(), Strain::Spades);
    // East to lead: West's ace is not East's.
    assert_eq!(
        searcher.can_take_after(&pos, card("SA"), 1),
        Err(PositionError::NotHeld { card: card("SA"), seat: Seat::East })
    );
    // East leads the eight of spades; South holds K5 of spades.
    let second = pos.after(card("S8")).unwrap();
    assert_eq!(searcher.can_take_after(&second, card("H3"), 1), Err(PositionError::Revoke(card("H3"))));
    assert_eq!(
        searcher.can_take_after(&second, card("SA"), 1),
        Err(PositionError::NotHeld { card: card("SA"), seat: Seat::South })
    );
    // South and West follow: North, fourth to play, holds QJ6 of spades
    // (the entry that completes the trick without a node in between).
    let fourth = second.after(card("S5")).unwrap().after(card("S2")).unwrap();
    assert_eq!(searcher.can_take_after(&fourth, card("HK"), 1), Err(PositionError::Revoke(card("HK"))));
    assert_eq!(
        searcher.can_take_after(&fourth, card("SK"), 1),
        Err(PositionError::NotHeld { card: card("SK"), seat: Seat::North })
    );
    // Target 0 does not make an illegal card legal.
    assert!(searcher.can_take_after(&fourth, card("SK"), 0).is_err());
    // A legal card is searched, whatever the target, from each seat of
    // the trick.
    for target in [0, 14, Tricks::MAX] {
        assert_eq!(searcher.can_take_after(&second, card("SK"), target), Ok(target == 0));
        assert_eq!(searcher.can_take(&second.after(card("SK")).unwrap(), target), target == 0);
        assert_eq!(searcher.can_take_after(&fourth, card("SQ"), target), Ok(target == 0));
    }
}

#[test]
fn every_target_gets_its_answer() {
    let (_, pos, north) = first_deal();
    let mut searcher = Searcher::new(PartitionTable::default(), Strain::Spades);
    assert!(searcher.can_take(&pos, 0));
    assert!(searcher.can_take(&pos, north));
    for target in [north + 1, 13, 14, 200, Tricks::MAX] {
        assert!(!searcher.can_take(&pos, target), "target {target}");
    }
    // After each lead: 0 always, above the 13 tricks never, and the best
    // lead for East holds North to DDS's number.
    let mut fewest = Tricks::MAX;
    for (lead, _) in RootMoves::new(&pos).iter() {
        assert_eq!(searcher.can_take_after(&pos, lead, 0), Ok(true));
        assert_eq!(searcher.can_take_after(&pos, lead, 14), Ok(false));
        assert_eq!(searcher.can_take_after(&pos, lead, Tricks::MAX), Ok(false));
        let after = (1..=13).take_while(|&t| searcher.can_take_after(&pos, lead, t) == Ok(true)).count();
        fewest = fewest.min(after as Tricks);
    }
    assert_eq!(fewest, north);
}

#[test]
fn every_guess_gets_the_same_answer() {
    let (_, pos, north) = first_deal();
    for guess in [0, 1, north, 12, 13, 14, 200, Tricks::MAX] {
        let mut searcher = Searcher::new(PartitionTable::default(), Strain::Spades);
        assert_eq!(searcher.solve_ns_from(&pos, guess), north, "guess {guess}");
    }
    let mut searcher = Searcher::new(PartitionTable::default(), Strain::Spades);
    assert_eq!(searcher.solve_ns(&pos), north);
}
