//! `Position::new` and `Position::after` against a from-scratch replay of
//! random play in every strain: the same leader, the same cards in the trick,
//! the same winner so far (ruffs included), the same legal cards, and a
//! position advanced card by card equal to one built afresh from the cards
//! left and the trick in progress.

use dds_fixtures::{legal_cards, winning_index, DealRng};
use dds_model::{Card, Hand, Seat, Strain};
use dds_search::Position;

#[test]
fn advanced_and_built_positions_agree_with_a_replay() {
    let mut rng = DealRng::new(16);
    // Under Miri (`cargo xtask miri`) three deals: 156 positions, ruffs among them.
    let deals = if cfg!(miri) {
        3
    } else if cfg!(debug_assertions) {
        40
    } else {
        400
    };
    let mut ruffs_in_progress = 0;
    for case in 0..deals {
        let strain = Strain::ALL[case % 5];
        let mut deal = rng.deal();
        let mut leader = rng.seat();
        let mut trick: Vec<Card> = Vec::new();
        let mut pos = Position::new(*deal.hands(), leader, &trick, strain).expect("a full deal");
        for step in 0..52 {
            let seat = leader.offset(trick.len());
            let legal = legal_cards(deal[seat], &trick);
            assert_eq!(pos.to_play(), seat, "case {case} step {step}");
            assert_eq!(pos.legal_cards(), legal.iter().copied().collect::<Hand>(), "case {case} step {step}");
            let card = legal[rng.below(legal.len() as u64) as usize];
            pos = pos.after(card).expect("a legal card");
            deal[seat] = deal[seat].without(card);
            trick.push(card);
            if trick.len() == 4 {
                leader = leader.offset(winning_index(&trick, strain));
                trick.clear();
            }
            let context = format!("case {case} step {step}: {deal} {strain} leader {leader} trick {trick:?}");
            assert_eq!(pos.leader(), leader, "{context}");
            assert_eq!(pos.played().collect::<Vec<_>>(), trick, "{context}");
            let winning = (!trick.is_empty()).then(|| leader.offset(winning_index(&trick, strain)));
            assert_eq!(pos.winning(), winning, "{context}");
            assert_eq!(pos.strain(), strain);
            for s in Seat::ALL {
                assert_eq!(pos.hand(s), deal[s], "{context}");
            }
            if strain != Strain::NoTrump
                && winning_index(&trick, strain) > 0
                && trick[0].suit() != trick[winning_index(&trick, strain)].suit()
            {
                ruffs_in_progress += 1;
            }
            if step < 51 {
                let built = Position::new(*deal.hands(), leader, &trick, strain).expect("a legal position");
                assert_eq!(built, pos, "{context}");
                assert_eq!(built.winning(), winning, "{context}");
            }
        }
        assert_eq!(pos.tricks_left(), 0);
    }
    // The case that went wrong: a trick in progress that a trump is winning.
    assert!(ruffs_in_progress > deals, "{ruffs_in_progress} ruffs in progress");
}

#[test]
fn a_ruff_in_the_trick_wins_it_in_a_built_position() {
    // North led the two of spades and East ruffed with the six of diamonds;
    // South's ace of spades does not take the trick, West's jack of hearts
    // neither: East leads next.
    let deal = dds_model::Deal::from_pbn_remaining("N:75...2 ..J.85 AJ.6.A. .J.T5.J").expect("a valid deal");
    let played: Vec<Card> = ["S2", "D6"].iter().map(|c| c.parse().expect("a card")).collect();
    let pos = Position::new(*deal.hands(), Seat::North, &played, Strain::Diamonds).expect("a valid position");
    assert_eq!(pos.winning(), Some(Seat::East));
    let pos = pos.after("SA".parse().expect("a card")).expect("legal");
    assert_eq!(pos.winning(), Some(Seat::East));
    let pos = pos.after("HJ".parse().expect("a card")).expect("legal");
    assert_eq!(pos.leader(), Seat::East);
    // The same cards in no trump: South's ace wins.
    let pos = Position::new(*deal.hands(), Seat::North, &played, Strain::NoTrump).expect("a valid position");
    assert_eq!(pos.winning(), Some(Seat::North));
    let pos = pos.after("SA".parse().expect("a card")).expect("legal");
    assert_eq!(pos.winning(), Some(Seat::South));
}
