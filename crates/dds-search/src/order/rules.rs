//! Orders by rule instead of weight (after bridge-solver's `OrderCards`):
//! the second seat following suit, the second seat void in the suit led
//! with trumps to ruff, and the fourth seat following suit.
//!
//! The second seat's rules cost less than DDS's weights and search fewer
//! nodes on tournament deals (on random deals the ruff rule searches 0.3-0.8%
//! more, and the two together still fewer than the weights); the fourth
//! seat's rule is the order its weights always gave, built without them.
//! The same rules at the other seats, and bridge-solver's lead classes,
//! searched more nodes than the weights (docs/notes/2026-11-27-orders-by-rule.md), so those
//! seats keep the weights.

use dds_model::Card;

use crate::moves::MoveList;
use crate::position::{suit_lane, Position};

/// The highest card of a 13-bit lane as its bit, 0 if empty.
#[inline]
fn highest(lane: u32) -> u32 {
    if lane == 0 {
        0
    } else {
        1 << (31 - lane.leading_zeros())
    }
}

/// The cards of `lane` above the card `card` (one bit).
#[inline]
fn above(lane: u32, card: u32) -> u32 {
    lane & !(card | (card - 1))
}

/// Appends the cards of `lane` in suit `suit` to `list`, the lowest first.
#[inline]
fn push_upward(list: &mut MoveList, suit: usize, mut lane: u32) {
    while lane != 0 {
        let bit = 16 * suit as u32 + lane.trailing_zeros();
        lane &= lane - 1;
        // SAFETY: `bit` is a rank bit of a suit's lane of cards.
        list.cards[list.len] = unsafe { Card::from_bit_unchecked(bit) };
        list.len += 1;
    }
}

/// The moves of the second seat at `pos`, which follows suit with the
/// group tops `tops`, into `list`, in bridge-solver's order:
///
/// - the lowest card first, up, when no card beats the lead, or when
///   partner (the fourth seat) beats the lead and either beats every card
///   of the third seat or the third seat's top card is above both tops and
///   takes the same cards of the third seat to beat either (the third seat
///   needs no other card whatever the second seat plays);
/// - otherwise the cards that beat the lead, the cheapest first if it also
///   beats every card of the third seat, else the highest first; then the
///   others, the lowest first.
#[inline(always)]
pub(crate) fn second_follow(pos: &Position, tops: u64, list: &mut MoveList) {
    let me = pos.seat_to_play();
    let lead = pos.trick[0];
    let suit = usize::from(lead >> 4);
    let led = 1u32 << (lead & 15);
    let mine = suit_lane(tops, suit) as u32;
    let third = suit_lane(pos.hands[(me + 1) & 3], suit) as u32;
    let (my_top, third_top) = (highest(mine), highest(third));
    let partner_top = highest(suit_lane(pos.hands[(me + 2) & 3], suit) as u32);
    list.len = 0;
    let low_first = my_top < led
        || (partner_top > led
            && (third_top < partner_top || (third_top > my_top && above(third, partner_top) == above(third, my_top))));
    if low_first {
        push_upward(list, suit, mine);
        return;
    }
    let higher = above(mine, led);
    if third_top < higher & higher.wrapping_neg() {
        push_upward(list, suit, higher);
    } else {
        // Generation order: the highest first.
        list.append(u64::from(higher) << (16 * suit));
    }
    push_upward(list, suit, mine & !higher);
}

/// The moves of the second seat at `pos`, void in the suit led and
/// holding trumps (suit `trump`), with the group tops `tops`, into `list`,
/// in bridge-solver's order: the lowest trump first if it is enough to
/// beat the third seat (which follows suit or holds no trump), else every
/// trump from the lowest up; then the lowest card of each side suit, the
/// longest suit first; then the rest in generation order.
#[inline(always)]
pub(crate) fn second_ruff(pos: &Position, trump: usize, tops: u64, list: &mut MoveList) {
    let me = pos.seat_to_play();
    let third = pos.hands[(me + 1) & 3];
    let led = usize::from(pos.trick[0] >> 4);
    let trumps = suit_lane(tops, trump) as u32;
    list.len = 0;
    let mut taken = 0u64;
    let lowest_wins = suit_lane(third, led) != 0 || suit_lane(third, trump) == 0;
    let first_trumps = if lowest_wins { trumps & trumps.wrapping_neg() } else { trumps };
    push_upward(list, trump, first_trumps);
    taken |= u64::from(first_trumps) << (16 * trump);
    // The side suits' lowest cards, by the seat's length in the suit,
    // longest first (a stable sort of at most three).
    let mut discards = [(0u32, 0usize); 3];
    let mut n = 0;
    for suit in (0..4).filter(|&s| s != trump) {
        if suit_lane(tops, suit) != 0 {
            discards[n] = (suit_lane(pos.hands[me], suit).count_ones(), suit);
            n += 1;
        }
    }
    for i in 1..n {
        let mut j = i;
        while j > 0 && discards[j - 1].0 < discards[j].0 {
            discards.swap(j - 1, j);
            j -= 1;
        }
    }
    for &(_, suit) in &discards[..n] {
        let lane = suit_lane(tops, suit) as u32;
        let lowest = lane & lane.wrapping_neg();
        push_upward(list, suit, lowest);
        taken |= u64::from(lowest) << (16 * suit);
    }
    list.append(tops & !taken);
}

/// The moves of the fourth seat at `pos`, which follows suit with the
/// group tops `tops`, into `list`: the cards that beat the card winning
/// the trick from the cheapest up, then the others from the lowest up
/// (every card from the lowest up when partner wins). The
/// order of DDS's weights for this seat (`weights::fourth_follow`), without
/// weights or a sort.
#[inline(always)]
pub(crate) fn fourth_follow(pos: &Position, tops: u64, list: &mut MoveList) {
    let win = pos.winning_index();
    let winning = pos.trick[win];
    let suit = usize::from(pos.trick[0] >> 4);
    let mine = suit_lane(tops, suit) as u32;
    // The cards that beat the winner: none when partner (the second seat)
    // wins, or when the winner is not of the suit led (a ruff).
    let beats = win != 1 && usize::from(winning >> 4) == suit;
    let higher = if beats { above(mine, 1 << (winning & 15)) } else { 0 };
    list.len = 0;
    push_upward(list, suit, higher);
    push_upward(list, suit, mine & !higher);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{self, MoveList};
    use dds_model::{Card, Deal, Hand, Seat, Strain};

    /// The second seat's order after West leads the spade `lead` in
    /// `deal` (North to play).
    fn order(deal: &str, lead: &str) -> Vec<String> {
        let deal: Deal = deal.parse().unwrap();
        let mut hands = *deal.hands();
        let lead: Card = lead.parse().unwrap();
        assert!(hands[Seat::West].remove(lead));
        let pos = Position::new(hands, Seat::West, &[lead], Strain::NoTrump).unwrap();
        let (legal, follows) = pos.legal_bits();
        assert!(follows);
        let (tops, _) = moves::group_bounds(legal, pos.in_play());
        let mut list = MoveList::new();
        second_follow(&pos, tops, &mut list);
        list.as_slice().iter().map(|c| c.to_string()).collect()
    }

    /// The second seat's order after West leads the heart two in `deal`
    /// with spades trumps (North to play, void in hearts).
    fn ruff_order(deal: &str) -> Vec<String> {
        let deal: Deal = deal.parse().unwrap();
        let mut hands = *deal.hands();
        let lead: Card = "H2".parse().unwrap();
        assert!(hands[Seat::West].remove(lead));
        let pos = Position::new(hands, Seat::West, &[lead], Strain::Spades).unwrap();
        let (legal, follows) = pos.legal_bits();
        assert!(!follows);
        let (tops, _) = moves::group_bounds(legal, pos.in_play());
        let mut list = MoveList::new();
        second_ruff(&pos, 0, tops, &mut list);
        list.as_slice().iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn second_seat_ruffs_by_rule() {
        // East follows suit: the lowest trump first, then the lowest
        // diamond (two diamonds) and the club (one), then the rest.
        assert_eq!(ruff_order("N:K7..Q2.5 Q8.KQ.J. A.3.AK.A .AJ42..K"), ["S7", "D2", "C5", "SK", "DQ"]);
        // The longer side suit's lowest card first: the clubs (C92, one
        // group) before the diamond.
        assert_eq!(ruff_order("N:K7..5.92 Q8.KQ.J. A.3.AK.A .AJ42..K"), ["S7", "C9", "D5", "SK"]);
        // East is void too and holds trumps: every trump from the lowest
        // up first.
        assert_eq!(ruff_order("N:K7..Q2.5 Q8..J.JT A.KQ3.A. .AJ42..K"), ["S7", "SK", "D2", "C5", "DQ"]);
    }

    /// The fourth seat's rule gives the order of DDS's weights for the
    /// seat, in every position after three cards of the first trick of a
    /// few deals, with each seat leading.
    #[test]
    // Too slow under Miri (thousands of positions; the other tests here run
    // the rules' unsafe code).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn fourth_seat_rule_orders_as_the_weights() {
        let deals = [
            "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
            "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63",
            "N:73.QJT.AQ54.T752 QT6.876.KJ9.AQ84 5.A95432.7632.K6 AKJ9842.K.T8.J93",
        ];
        let mut compared = 0;
        for deal in deals {
            let deal: Deal = deal.parse().unwrap();
            let leaders = [Seat::North, Seat::East, Seat::South, Seat::West];
            for (strain, leader) in [Strain::NoTrump, Strain::Hearts].into_iter().flat_map(|s| leaders.map(|l| (s, l)))
            {
                let root = Position::new(*deal.hands(), leader, &[], strain).unwrap();
                let mut stack = vec![root];
                while let Some(pos) = stack.pop() {
                    let (legal, follows) = pos.legal_bits();
                    let (tops, bottoms) = moves::group_bounds(legal, pos.in_play());
                    if pos.count < 3 {
                        stack.extend(Hand::from_bits(tops).unwrap().iter().map(|card| pos.play(card)));
                        continue;
                    }
                    if !follows {
                        continue;
                    }
                    let mut by_rule = MoveList::new();
                    fourth_follow(&pos, tops, &mut by_rule);
                    let mut by_weight = MoveList::new();
                    by_weight.generate(tops);
                    super::super::weigh_and_sort(&pos, bottoms, true, None, None, &mut by_weight);
                    assert_eq!(by_rule.as_slice(), by_weight.as_slice(), "{pos:?}");
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared} positions");
    }

    #[test]
    fn second_seat_orders_by_rule() {
        // Nothing beats the lead: the lowest first.
        assert_eq!(order("N:J92.2.. KQ8.3.. 765.4.. AT43...", "SA"), ["S2", "S9", "SJ"]);
        // Partner (South) beats the lead and every card of the third seat
        // (East): the lowest first.
        assert_eq!(order("N:K82.2.. J76.3.. AQ9.4.. T543...", "ST"), ["S2", "S8", "SK"]);
        // The third seat's ace beats both tops, and beats partner's king
        // with the same cards as North's queen: the lowest first.
        assert_eq!(order("N:Q82.2.. AJ6.3.. K97.4.. T543...", "ST"), ["S2", "S8", "SQ"]);
        // Otherwise the cards that beat the lead: the cheapest first when it
        // also beats the third seat's cards (KQ is one group), then the
        // others.
        assert_eq!(order("N:KQ2.2.. J63.3.. 987.4.. AT54...", "ST"), ["SK", "S2"]);
        // Partner's jack beats the lead, but East's ace-queen needs the
        // queen against partner's jack and only the ace against North's
        // king: the king first, then the others from the lowest up.
        assert_eq!(order("N:K82.2.. AQ6.3.. J97.4.. T543...", "ST"), ["SK", "S2", "S8"]);
        // Two winners above the third seat's cards: the cheapest first.
        assert_eq!(order("N:AQ2.2.. J65.3.. 987.4.. KT43...", "ST"), ["SQ", "SA", "S2"]);
        // The third seat's queen is above the cheapest winner: the highest
        // winner first.
        assert_eq!(order("N:KJ2.2.. Q76.3.. 983.4.. AT54...", "ST"), ["SK", "SJ", "S2"]);
    }
}
