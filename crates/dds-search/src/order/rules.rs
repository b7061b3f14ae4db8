//! Orders by rule instead of weight (bridge-solver's `OrderCards`), for the
//! seats where a rule orders at least as well as DDS's weights and costs
//! less: the second seat following suit.
//!
//! Measured against DDS's weights (`prof` example's node counts): the same
//! rule at the other seats, and bridge-solver's lead classes, searched more
//! nodes (docs/performance.md), so those seats keep the weights.

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

/// Appends the cards of `lane` in suit `suit` to `list`, the highest first.
#[inline]
fn push_downward(list: &mut MoveList, suit: usize, mut lane: u32) {
    while lane != 0 {
        let rank = 31 - lane.leading_zeros();
        lane ^= 1 << rank;
        // SAFETY: `rank` is a rank bit of a suit's lane of cards.
        list.cards[list.len] = unsafe { Card::from_bit_unchecked(16 * suit as u32 + rank) };
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
        push_downward(list, suit, higher);
    }
    push_upward(list, suit, mine & !higher);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::{self, MoveList};
    use dds_model::{Card, Deal, Seat, Strain};

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
        // The third seat's queen is above the cheapest winner: the highest
        // winner first.
        assert_eq!(order("N:KJ2.2.. Q76.3.. 983.4.. AT54...", "ST"), ["SK", "SJ", "S2"]);
    }
}
