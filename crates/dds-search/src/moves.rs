//! Move generation: the legal cards of the seat to play, one per group of
//! equivalent cards.
//!
//! Cards of one hand that are adjacent among the cards still in play (the
//! other hands and the current trick) are equivalent: only the highest of
//! each such group is generated. The order in which the moves are searched
//! is the business of [`crate::order`], which builds on this module (never
//! the other way round: of the search's modules, this one imports
//! `position` only).

use dds_model::{Card, Rank, Suit};

use crate::position::{CARD_BITS, SUIT_LANE};

/// The moves of a node: a hand plays at most 13 cards, so 13 moves always
/// fit. Each move has a weight, its sort key for [`crate::order`].
#[derive(Clone, Debug)]
pub(crate) struct MoveList {
    pub(crate) cards: [Card; 13],
    pub(crate) weights: [i32; 13],
    pub(crate) len: usize,
}

impl MoveList {
    pub(crate) const fn new() -> MoveList {
        // The deuce of spades fills the unused places; they are never read.
        MoveList { cards: [Card::new(Suit::Spades, Rank::Two); 13], weights: [0; 13], len: 0 }
    }

    /// The moves, in their current order.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    /// Replaces the moves by the group tops `tops` (`Hand` bits, at most 13
    /// cards: one hand's), in generation order: suits S, H, D, C, each from
    /// the highest card down.
    #[inline]
    pub(crate) fn generate(&mut self, tops: u64) {
        self.fill_from(0, tops);
    }

    /// Appends the cards `tops` (`Hand` bits, none in the list yet; the
    /// list holds one hand's cards at most) in generation order.
    #[inline]
    pub(crate) fn append(&mut self, tops: u64) {
        self.fill_from(self.len, tops);
    }

    /// Writes the cards `tops` in generation order from place `start` on.
    #[inline(always)]
    fn fill_from(&mut self, start: usize, tops: u64) {
        let mut n = start;
        // One loop over the tops, suits in order and each suit's cards from
        // the highest down: with the lanes in reverse order, that is the
        // order of the bits from the highest down (one exit of the loop to
        // mispredict, not four).
        let mut rest = reverse_lanes(tops);
        while rest != 0 && n < 13 {
            let at = 63 - rest.leading_zeros();
            rest ^= 1u64 << at;
            // Lane `3 - s` of the reversed mask is suit `s`.
            let bit = at ^ 0x30;
            debug_assert!(CARD_BITS >> bit & 1 != 0);
            // SAFETY: `bit` is a bit of `tops`, a set of cards, so a card
            // bit (asserted above).
            self.cards[n] = unsafe { Card::from_bit_unchecked(bit) };
            n += 1;
        }
        self.len = n;
    }
}

/// Widens winning ranks `ranks` so that they also justify the collapse of
/// equivalent cards, for the groups whose tops and bottoms are `top_mask`
/// and `bottom_mask`: a group whose top is at or above the lowest winning
/// rank of its suit, and whose bottom is below, adds its bottom card. Then
/// every card below the lowest winning rank is in a group wholly below it,
/// and any such card stands for any other.
///
/// Groups are disjoint runs, so in each suit at most one straddles the
/// lowest winning rank: the group of the lowest top at or above it. Its
/// bottom is added when it lies below that rank. The four suits are worked
/// on at once, as 16-bit lanes of one word (no lane carries into the next:
/// the cards use 13 bits of each), without branches.
#[inline]
pub(crate) fn cover_groups(ranks: u64, top_mask: u64, bottom_mask: u64) -> u64 {
    const ONE: u64 = 0x0001_0001_0001_0001;
    const GUARD: u64 = 0x8000_8000_8000_8000;
    // The lowest set bit of each lane (0 in an empty lane).
    let lowest_bit = |x: u64| x & ((!x & CARD_BITS) + ONE);
    let lowest = lowest_bit(ranks & CARD_BITS);
    // The cards below each suit's lowest winning rank (every card of a suit
    // without winning ranks).
    let below_lowest = ((lowest | GUARD) - ONE) & CARD_BITS;
    // The straddling group's top: the lowest top at or above the boundary.
    let top = lowest_bit(top_mask & CARD_BITS & !below_lowest);
    // The cards at or below that top (none where there is no such top).
    let nonzero = ((top + 0x7fff * ONE) & GUARD) >> 15;
    let up_to_top = (top << 1) - nonzero;
    // Its bottom: the highest group bottom at or below the top (each shift
    // keeps only the bits that come from the same lane).
    let mut smear = bottom_mask & up_to_top;
    smear |= (smear >> 1) & CARD_BITS;
    smear |= (smear >> 2) & CARD_BITS;
    smear |= (smear >> 4) & 0x0fff_0fff_0fff_0fff;
    smear |= (smear >> 8) & 0x00ff_00ff_00ff_00ff;
    let bottom = smear & !(smear >> 1) & CARD_BITS;
    ranks | (bottom & below_lowest)
}

/// The bottom of the group of equivalent cards whose top is the bit `top`:
/// the highest of `bottoms` (group bottoms of one suit) at or below it.
#[inline]
fn group_bottom(bottoms: u64, top: u64) -> u64 {
    let below = bottoms & ((top << 1) - 1);
    1u64 << (63 - below.leading_zeros())
}

/// The four 16-bit lanes of `x` in reverse order.
#[inline]
fn reverse_lanes(x: u64) -> u64 {
    let y = x.swap_bytes();
    ((y >> 8) & 0x00ff_00ff_00ff_00ff) | ((y << 8) & 0xff00_ff00_ff00_ff00)
}

/// The card to play when `tops`, the group tops of a seat's legal cards
/// ([`group_bounds`]), hold one group only: the seat has one choice.
///
/// # Safety
///
/// `tops` is not empty (the seat to play holds a card).
#[inline(always)]
pub(crate) unsafe fn only_choice(tops: u64) -> Option<Card> {
    debug_assert_ne!(tops, 0);
    // SAFETY: without its lowest bit `tops` is empty, so it is that one
    // card bit (it is not empty, by the caller's promise).
    (tops & tops.wrapping_sub(1) == 0).then(|| unsafe { Card::from_bit_unchecked(tops.trailing_zeros()) })
}

/// The tops and bottoms of the groups of equivalent cards of `cards` (one
/// hand's cards), all suits at once: cards of one hand are equivalent when
/// no card of `present` (every card still in play) lies between them.
///
/// A card is a group top when the next card in play above it is not one of
/// `cards`, and a bottom when the next card in play below it is not. Cards
/// no longer in play are transparent.
///
/// The tops: an occluded fill looks down through the runs of absent cards
/// above `cards` (four shifts; no run of absent cards crosses from one
/// suit's lane into the next, as bits 13 to 15 of each lane are never
/// absent). The bottoms, with a carry instead: the cards of the other
/// hands cut each lane into segments, and a segment's cards in play are
/// all `cards`, one group, whose bottom is the first card in play at or
/// above the segment's start. Adding one at each start carries through the
/// run of absent cards there onto that card (each run holds at most one
/// start, at its bottom; no carry leaves a lane).
#[inline]
pub(crate) fn group_bounds(cards: u64, present: u64) -> (u64, u64) {
    const LANE_BOTTOMS: u64 = 0x0001_0001_0001_0001;
    debug_assert_eq!(cards & !present, 0);
    let absent = !present & CARD_BITS;
    // Cards, and absent cards whose next card in play above is one of them.
    let (mut down, mut pro) = (cards, absent);
    down |= pro & (down >> 1);
    pro &= pro >> 1;
    down |= pro & (down >> 2);
    pro &= pro >> 2;
    down |= pro & (down >> 4);
    pro &= pro >> 4;
    down |= pro & (down >> 8);
    // The segments' starts: above each card of the other hands, and at the
    // bottom of each lane.
    let starts = ((present & !cards) << 1) | LANE_BOTTOMS;
    let reached = (absent + starts) & !absent;
    (cards & !(down >> 1), cards & reached)
}

/// The card at `bit` as a move, if it is one of the `legal` cards: the top
/// of its group of equivalent cards (the card [`MoveList::generate`] lists
/// for the group), from the groups' `tops` (of the legal cards).
#[inline]
pub(crate) fn playable_top(legal: u64, tops: u64, bit: u32) -> Option<Card> {
    if bit >= 64 || legal & (1u64 << bit) == 0 {
        return None;
    }
    // The lowest top at or above the card is its group's top.
    let top = tops & !((1u64 << bit) - 1);
    debug_assert!(top & CARD_BITS != 0 && top.trailing_zeros() >> 4 == bit >> 4);
    // SAFETY: `bit` is a legal card, so its group's top is a card of
    // `tops` at or above it in the same suit (asserted above): the lowest
    // bit of `top` is that card's.
    Some(unsafe { Card::from_bit_unchecked(top.trailing_zeros()) })
}

/// The cards of `hand` (one hand's cards) equivalent to `card` and below it:
/// those of the group of equivalent cards whose top is `card`, from the
/// group's bottom up to, not including, `card`. `bottoms` are group bottoms
/// from [`group_bounds`] of cards that hold every card of `hand` in `card`'s
/// suit (the legal cards, say).
#[inline]
pub(crate) fn equals_below(hand: u64, bottoms: u64, card: Card) -> u64 {
    let top = 1u64 << card.bit();
    let bottom = group_bottom(bottoms & (SUIT_LANE << (card.bit() & !15)), top);
    hand & bottom.wrapping_neg() & (top - 1)
}

#[cfg(test)]
mod tests {
    use super::{cover_groups, group_bottom, group_bounds};
    use crate::position::{suit_lane, CARD_BITS, SUIT_LANE};
    use dds_model::{Holding, SplitMix64};

    /// A seeded generator of random words, for reproducible random inputs.
    fn words(seed: u64) -> impl FnMut() -> u64 {
        let mut rng = SplitMix64::new(seed);
        move || rng.next_u64()
    }

    /// The straightforward form of [`cover_groups`]: each suit's groups from
    /// the highest down while they reach the boundary, lowering it by every
    /// bottom below it.
    fn cover_groups_by_walking(mut ranks: u64, top_mask: u64, bottom_mask: u64) -> u64 {
        for suit in 0..4 {
            let shift = 16 * suit;
            let lane = suit_lane(ranks, suit);
            if lane == 0 {
                continue;
            }
            let mut lowest = lane & lane.wrapping_neg();
            let bottoms = suit_lane(bottom_mask, suit);
            let mut tops = suit_lane(top_mask, suit);
            while tops != 0 {
                let top = 1u64 << (63 - tops.leading_zeros());
                if top < lowest {
                    break;
                }
                tops ^= top;
                let bottom = group_bottom(bottoms, top);
                if bottom < lowest {
                    ranks |= bottom << shift;
                    lowest = bottom;
                }
            }
        }
        ranks
    }

    /// The branch-free cover agrees with the walk over the groups, for
    /// random hands, cards in play and winning ranks.
    #[test]
    // Too slow under Miri (200,000 random masks through two bitwise
    // functions, no unsafe code; the moves themselves, `unsafe`, run under
    // Miri in every search of tests/agreement.rs).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn cover_groups_matches_the_walk() {
        let mut next = words(0x2545_f491_4f6c_dd1d);
        for _ in 0..200_000 {
            let present = next() & CARD_BITS;
            let hand = present & next();
            let ranks = present & next() & next();
            let (tops, bottoms) = group_bounds(hand, present);
            assert_eq!(
                cover_groups(ranks, tops, bottoms),
                cover_groups_by_walking(ranks, tops, bottoms),
                "hand {hand:x} present {present:x} ranks {ranks:x}"
            );
        }
    }

    /// The bitwise group bounds agree with the slow reference definitions
    /// of `dds-model` ([`Holding::equivalence_tops`] and
    /// [`Holding::equivalence_bottoms`]) for every holding against assorted
    /// other cards, in each suit lane, with other suits' lanes busy.
    #[test]
    // Too slow under Miri (the quadratic reference, no unsafe code; the
    // moves themselves, `unsafe`, run under Miri in every search of
    // tests/agreement.rs).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn group_bounds_match_the_reference() {
        let mut next = words(0x9e37_79b9_7f4a_7c15);
        for hand in 0u64..(1 << 13) {
            for _ in 0..4 {
                let x = next();
                let others = x & SUIT_LANE & !hand;
                let (holding, rest) =
                    (Holding::from_bits_truncate(hand as u32), Holding::from_bits_truncate(others as u32));
                let suit = (x >> 20) % 4;
                let noise = (x >> 24) & CARD_BITS & !(SUIT_LANE << (16 * suit));
                let (tops, bottoms) = group_bounds(hand << (16 * suit), (hand | others) << (16 * suit) | noise);
                assert_eq!(
                    tops,
                    u64::from(holding.equivalence_tops(rest).bits()) << (16 * suit),
                    "hand {hand:013b} others {others:013b}"
                );
                assert_eq!(bottoms, u64::from(holding.equivalence_bottoms(rest).bits()) << (16 * suit));
            }
        }
    }

    /// The bitwise group bounds agree with the reference definitions for
    /// every split of the 13 ranks into the hand, the other cards in play
    /// and the played cards (3^13 = 1,594,323 splits), in the spades lane.
    #[test]
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn group_bounds_every_split() {
        fn split(rank: u32, hand: u64, others: u64) {
            if rank == 13 {
                let (holding, rest) =
                    (Holding::from_bits_truncate(hand as u32), Holding::from_bits_truncate(others as u32));
                let (tops, bottoms) = group_bounds(hand, hand | others);
                assert_eq!(tops, u64::from(holding.equivalence_tops(rest).bits()), "{hand:013b} {others:013b}");
                assert_eq!(bottoms, u64::from(holding.equivalence_bottoms(rest).bits()));
                return;
            }
            let card = 1u64 << rank;
            split(rank + 1, hand, others);
            split(rank + 1, hand | card, others);
            split(rank + 1, hand, others | card);
        }
        split(0, 0, 0);
    }
}
