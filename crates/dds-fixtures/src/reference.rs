//! Reference play rules and a brute-force solver, written plainly without
//! any of the search's machinery, for tests to check the solver against.

use dds_model::{Card, Hand, Seat, Side, Strain};

/// The cards of `hand` that may be played to `trick` (the cards played to
/// the current trick so far, in order): the suit led when the hand holds it,
/// otherwise any card.
///
/// ```
/// use dds_model::{Card, Deal, Seat};
/// let deal = Deal::from_pbn_remaining("N:AK.Q.. ... ... ...")?;
/// let lead: Card = "H2".parse()?;
/// assert_eq!(dds_fixtures::legal_cards(deal[Seat::North], &[lead]), ["HQ".parse()?]);
/// let lead: Card = "D2".parse()?;
/// assert_eq!(dds_fixtures::legal_cards(deal[Seat::North], &[lead]).len(), 3);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn legal_cards(hand: Hand, trick: &[Card]) -> Vec<Card> {
    match trick.first() {
        Some(lead) if !hand.holding(lead.suit()).is_empty() => {
            hand.iter().filter(|c| c.suit() == lead.suit()).collect()
        }
        _ => hand.iter().collect(),
    }
}

/// The index in `trick` (cards in order of play, at least one) of the card
/// winning it so far in `strain`: the highest trump if any was played,
/// otherwise the highest card of the suit led.
///
/// ```
/// use dds_model::{Card, Strain};
/// let trick: Vec<Card> = ["S2", "D6", "SA"].iter().map(|c| c.parse().unwrap()).collect();
/// assert_eq!(dds_fixtures::winning_index(&trick, Strain::Diamonds), 1);
/// assert_eq!(dds_fixtures::winning_index(&trick, Strain::NoTrump), 2);
/// ```
pub fn winning_index(trick: &[Card], strain: Strain) -> usize {
    let trumps = |x: Card| Some(x.suit()) == strain.trump();
    let mut best = 0;
    for (i, &c) in trick.iter().enumerate().skip(1) {
        let b = trick[best];
        if (c.suit() == b.suit() && c.rank() > b.rank()) || (trumps(c) && !trumps(b)) {
            best = i;
        }
    }
    best
}

/// North-South's tricks from a position by plain minimax over every legal
/// card: `hands` are the cards held, `leader` led to the current trick and
/// `trick` holds its cards so far (0 to 3; restored on return).
///
/// Exponential: for endings of a few tricks only.
///
/// ```
/// use dds_model::{Deal, Seat, Strain};
/// let deal: Deal = "N:A.2.. K.3.. Q.4.. J.5..".parse()?;
/// let hands = deal.hands().0;
/// // North's ace wins the spade lead; North's deuce of hearts loses the last.
/// assert_eq!(dds_fixtures::minimax(hands, Seat::West, &mut Vec::new(), Strain::NoTrump), 1);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn minimax(hands: [Hand; 4], leader: Seat, trick: &mut Vec<Card>, strain: Strain) -> u8 {
    let to_play = leader.offset(trick.len());
    let hand = hands[to_play.index()];
    if hand.is_empty() && trick.is_empty() {
        return 0;
    }
    let ns = to_play.side() == Side::NorthSouth;
    let mut best: Option<u8> = None;
    for card in legal_cards(hand, trick) {
        let mut next = hands;
        next[to_play.index()] = hand.without(card);
        trick.push(card);
        let value = if trick.len() == 4 {
            let winner = leader.offset(winning_index(trick, strain));
            let won = u8::from(winner.side() == Side::NorthSouth);
            won + minimax(next, winner, &mut Vec::new(), strain)
        } else {
            minimax(next, leader, trick, strain)
        };
        trick.pop();
        best = Some(match best {
            None => value,
            Some(b) if ns => b.max(value),
            Some(b) => b.min(value),
        });
    }
    best.expect("a hand with cards has a legal card")
}
