//! Move generation and ordering.
//!
//! Cards of one hand that are adjacent among the cards still in play (the
//! other hands and the current trick) are equivalent: only the highest of
//! each such group is generated.

use dds_model::{Card, Hand, Strain, Suit};

use crate::order::{Candidate, Node};
use crate::position::Position;

/// A hand plays at most 13 cards, so 13 moves always fit.
#[derive(Clone, Debug)]
pub(crate) struct MoveList {
    cards: [Card; 13],
    /// Every move's card, and every move's lowest equivalent card.
    top_mask: u64,
    bottom_mask: u64,
    weights: [i32; 13],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            cards: [Card::from_bit(0).expect("bit 0 is the deuce of spades"); 13],
            top_mask: 0,
            bottom_mask: 0,
            weights: [0; 13],
            len: 0,
        }
    }

    /// Puts the moves back in generation order (suits S, H, D, C, each from
    /// the highest card down), each with its weight, then orders them as
    /// DDS orders the moves at the root of a search ([`dds_root_order`]).
    fn reorder_as_dds_root(&mut self) {
        let n = self.len;
        let mut moves: [(Card, i32); 13] = core::array::from_fn(|i| (self.cards[i], self.weights[i]));
        moves[..n].sort_unstable_by_key(|&(card, _)| (card.suit() as u8, core::cmp::Reverse(card.rank())));
        dds_root_order(&mut moves[..n]);
        for (i, (card, weight)) in moves[..n].iter().enumerate() {
            self.cards[i] = *card;
            self.weights[i] = *weight;
        }
    }

    /// Sorts the moves by weight, highest first; equal weights keep their
    /// generation order (insertion sort: at most 13 moves).
    fn sort(&mut self) {
        for i in 1..self.len {
            let (card, weight) = (self.cards[i], self.weights[i]);
            let mut j = i;
            while j > 0 && self.weights[j - 1] < weight {
                self.cards[j] = self.cards[j - 1];
                self.weights[j] = self.weights[j - 1];
                j -= 1;
            }
            self.cards[j] = card;
            self.weights[j] = weight;
        }
    }

    #[inline]
    pub(crate) fn as_slice(&self) -> &[Card] {
        &self.cards[..self.len]
    }

    /// Widens winning ranks `ranks` so that they also justify the collapse
    /// of equivalent cards: a group of equivalent cards whose top is at or
    /// above the lowest winning rank of its suit, and whose bottom is below,
    /// adds its bottom card. Then every card below the lowest winning rank is
    /// in a group wholly below it, and any such card stands for any other.
    pub(crate) fn cover_groups(&self, ranks: u64) -> u64 {
        cover_groups(ranks, self.top_mask, self.bottom_mask)
    }
}

/// [`MoveList::cover_groups`] for the groups whose tops and bottoms are
/// `top_mask` and `bottom_mask`.
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
    let lowest_bit = |x: u64| x & ((!x & LANES) + ONE);
    let lowest = lowest_bit(ranks & LANES);
    // The cards below each suit's lowest winning rank (every card of a suit
    // without winning ranks).
    let below_lowest = ((lowest | GUARD) - ONE) & LANES;
    // The straddling group's top: the lowest top at or above the boundary.
    let top = lowest_bit(top_mask & LANES & !below_lowest);
    // The cards at or below that top (none where there is no such top).
    let nonzero = ((top + 0x7fff * ONE) & GUARD) >> 15;
    let up_to_top = (top << 1) - nonzero;
    // Its bottom: the highest group bottom at or below the top (each shift
    // keeps only the bits that come from the same lane).
    let mut smear = bottom_mask & up_to_top;
    smear |= (smear >> 1) & LANES;
    smear |= (smear >> 2) & LANES;
    smear |= (smear >> 4) & 0x0fff_0fff_0fff_0fff;
    smear |= (smear >> 8) & 0x00ff_00ff_00ff_00ff;
    let bottom = smear & !(smear >> 1) & LANES;
    ranks | (bottom & below_lowest)
}

/// The bottom of the group of equivalent cards whose top is the bit `top`:
/// the highest of `bottoms` (group bottoms of one suit) at or below it.
#[inline]
fn group_bottom(bottoms: u64, top: u64) -> u64 {
    let below = bottoms & ((top << 1) - 1);
    1u64 << (63 - below.leading_zeros())
}

/// Generates the moves of the seat to play, best first, from the tops and
/// bottoms of its groups of legal cards ([`group_bounds`]). `best` is the
/// killer move of this depth and `best_tt` the last table hint at this
/// depth; `follows`: the seat follows suit.
pub(crate) fn generate(
    pos: &Position,
    trump: Option<Suit>,
    best: Option<Card>,
    best_tt: Option<Card>,
    (tops, bottoms, follows): (u64, u64, bool),
    list: &mut MoveList,
) {
    list.top_mask = tops;
    list.bottom_mask = bottoms;
    let mut candidates = [Candidate { suit: 0, rank: 0, seq: false }; 13];
    let mut n = 0;
    // One loop over the tops, suits in order and each suit's cards from the
    // highest down: with the lanes in reverse order, that is the order of
    // the bits from the highest down (one exit of the loop to mispredict,
    // not four).
    let mut rest = reverse_lanes(tops);
    while rest != 0 && n < 13 {
        let at = 63 - rest.leading_zeros();
        rest ^= 1u64 << at;
        // Lane `3 - s` of the reversed mask is suit `s`.
        let bit = at ^ 0x30;
        // SAFETY: `bit` is a bit of `tops`, a card bit.
        list.cards[n] = unsafe { Card::from_bit_unchecked(bit) };
        // A top that is not also a bottom heads a group of two or more.
        candidates[n] = Candidate { suit: (bit >> 4) as u8, rank: (bit & 15) as u8 + 2, seq: bottoms >> bit & 1 == 0 };
        n += 1;
    }
    list.len = n;
    if n == 1 {
        return;
    }
    if pos.count == 3 && follows {
        // The fourth hand following suit: win as cheaply as possible unless
        // partner already wins; otherwise play low. Moves come highest
        // first, so the order is: cheapest winner first, then the rest low.
        fourth_follow_order(pos, trump, list);
        return;
    }
    let key = |c: Option<Card>| c.map(|c| (c.suit() as usize, c.rank() as i32));
    let node = Node::new(pos, trump.map(|t| t as usize));
    node.weigh(&candidates[..n], key(best), key(best_tt), &mut list.weights[..n]);
    list.sort();
}

/// The four 16-bit lanes of `x` in reverse order.
#[inline]
fn reverse_lanes(x: u64) -> u64 {
    let y = x.swap_bytes();
    ((y >> 8) & 0x00ff_00ff_00ff_00ff) | ((y << 8) & 0xff00_ff00_ff00_ff00)
}

/// The 13 card bits of each suit's lane.
const LANES: u64 = 0x1fff_1fff_1fff_1fff;

/// The tops and bottoms of the groups of equivalent cards of `cards` (one
/// hand's cards), all suits at once: cards of one hand are equivalent when
/// no card of `present` (every card still in play) lies between them.
///
/// A card is a group top when the next card in play above it is not one of
/// `cards`, and a bottom when the next card in play below it is not. Cards
/// no longer in play are transparent, so each test looks through the runs
/// of absent cards next to `cards` (an occluded fill, four shifts each; no
/// run of absent cards crosses from one suit's lane into the next, as bits
/// 13 to 15 of each lane are never absent).
#[inline]
pub(crate) fn group_bounds(cards: u64, present: u64) -> (u64, u64) {
    let absent = !present & LANES;
    // Cards, and absent cards whose next card in play above is one of them.
    let (mut down, mut pro) = (cards, absent);
    down |= pro & (down >> 1);
    pro &= pro >> 1;
    down |= pro & (down >> 2);
    pro &= pro >> 2;
    down |= pro & (down >> 4);
    pro &= pro >> 4;
    down |= pro & (down >> 8);
    // Cards, and absent cards whose next card in play below is one of them.
    let (mut up, mut pro) = (cards, absent);
    up |= pro & (up << 1);
    pro &= pro << 1;
    up |= pro & (up << 2);
    pro &= pro << 2;
    up |= pro & (up << 4);
    pro &= pro << 4;
    up |= pro & (up << 8);
    (cards & !(down >> 1), cards & !(up << 1))
}

/// The card at `bit` as a move, if it is one of the `legal` cards: the top
/// of its group of equivalent cards (the card [`generate`] lists for the
/// group), from the groups' `tops`.
#[inline]
pub(crate) fn playable_top(legal: u64, tops: u64, bit: u32) -> Option<Card> {
    if bit >= 64 || legal & (1u64 << bit) == 0 {
        return None;
    }
    // The lowest top at or above the card is its group's top.
    let top = tops & !((1u64 << bit) - 1);
    // SAFETY: `top` holds at least the top of `bit`'s group, a card bit.
    Some(unsafe { Card::from_bit_unchecked(top.trailing_zeros()) })
}

/// Weights of the fourth hand following suit (DDS's
/// `WeightAllocCombinedNotvoid3`): `30 - rank` for a card that beats the
/// winning card when partner is not winning, `-rank` otherwise.
fn fourth_follow_order(pos: &Position, trump: Option<Suit>, list: &mut MoveList) {
    let win = pos.winning_index();
    let trump = trump.map_or(4, |t| t as u8);
    let lead_suit = pos.trick[0] >> 4;
    let winning = pos.trick[win];
    let partner_wins = win == 1 || (lead_suit != trump && winning >> 4 == trump);
    for i in 0..list.len {
        let bit = list.cards[i].bit() as u8;
        let rank = i32::from(bit & 15) + 2;
        list.weights[i] = if !partner_wins && bit > winning && bit >> 4 == winning >> 4 { 30 - rank } else { -rank };
    }
    list.sort();
}

/// The compare-exchange steps with which DDS 2.9 sorts 2 to 12 moves
/// (`Moves::MergeSort`): each pair `(i, j)` swaps the moves at `i` and `j`
/// when `j` weighs more. They sort by weight but do not keep the generation
/// order of equal weights, and that order is the order in which DDS reports
/// cards of equal score, so the root's moves are ordered the same way.
#[rustfmt::skip]
const DDS_NETWORKS: [&[(u8, u8)]; 13] = [
    &[],
    &[],
    &[(0, 1)],
    &[(0, 1), (0, 2), (1, 2)],
    &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
    &[
        (0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (0, 4), (2, 4), (1, 2), (3, 4),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (0, 2), (1, 3), (1, 2), (0, 4), (1, 5), (2, 4), (3, 5),
        (1, 2), (3, 4),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (0, 2), (4, 6), (1, 3), (1, 2), (5, 6), (0, 4), (1, 5),
        (2, 6), (2, 4), (3, 5), (1, 2), (3, 4), (5, 6),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (4, 6), (1, 3), (5, 7), (1, 2), (5, 6),
        (0, 4), (1, 5), (2, 6), (3, 7), (2, 4), (3, 5), (1, 2), (3, 4), (5, 6),
    ],
    &[
        (0, 1), (3, 4), (6, 7), (1, 2), (4, 5), (7, 8), (0, 1), (3, 4), (6, 7), (0, 3),
        (3, 6), (0, 3), (1, 4), (4, 7), (1, 4), (2, 5), (5, 8), (2, 5), (1, 3), (5, 7),
        (2, 6), (4, 6), (2, 4), (2, 3), (5, 6),
    ],
    &[
        (1, 8), (0, 4), (5, 9), (2, 6), (3, 7), (0, 3), (6, 9), (2, 5), (0, 1), (3, 6),
        (8, 9), (4, 7), (0, 2), (4, 8), (1, 5), (7, 9), (1, 2), (3, 4), (5, 6), (7, 8),
        (1, 3), (6, 8), (2, 4), (5, 7), (2, 3), (6, 7), (3, 5), (4, 6), (4, 5),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (1, 3), (5, 7), (0, 2), (4, 6), (8, 10),
        (1, 2), (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5), (6, 10), (0, 4),
        (3, 7), (4, 8), (0, 4), (1, 4), (7, 10), (3, 8), (2, 3), (8, 9), (2, 4), (7, 9),
        (3, 5), (6, 8), (3, 4), (5, 6), (7, 8),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (1, 3), (5, 7), (9, 11), (0, 2),
        (4, 6), (8, 10), (1, 2), (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5),
        (6, 10), (0, 4), (7, 11), (3, 7), (4, 8), (0, 4), (7, 11), (1, 4), (7, 10), (3, 8),
        (2, 3), (8, 9), (2, 4), (7, 9), (3, 5), (6, 8), (3, 4), (5, 6), (7, 8),
    ],
];

/// Orders `moves` (cards with their weights, in generation order) by weight,
/// highest first, as DDS does: its compare-exchange steps for 2 to 12 moves
/// ([`DDS_NETWORKS`]), a stable insertion sort for 13.
fn dds_root_order(moves: &mut [(Card, i32)]) {
    match DDS_NETWORKS.get(moves.len()) {
        Some(network) => {
            for &(i, j) in *network {
                let (i, j) = (usize::from(i), usize::from(j));
                if moves[i].1 < moves[j].1 {
                    moves.swap(i, j);
                }
            }
        }
        None => moves.sort_by_key(|&(_, weight)| core::cmp::Reverse(weight)),
    }
}

/// The moves of the seat to play at the root of a search: one card per group
/// of equivalent cards, in search order, with the lower cards equivalent to
/// it.
#[derive(Clone, Debug)]
pub struct RootMoves {
    list: MoveList,
    equals: [Hand; 13],
}

impl RootMoves {
    /// Generates the moves of the seat to play in `pos`.
    pub fn new(pos: &Position, strain: Strain) -> RootMoves {
        let pos = &pos.with_trump(strain.trump());
        let mut list = MoveList::new();
        let (legal, follows) = pos.legal_bits();
        let (tops, bottoms) = group_bounds(legal, pos.in_play());
        generate(pos, strain.trump(), None, None, (tops, bottoms, follows), &mut list);
        // The order in which DDS lists cards of equal score.
        list.reorder_as_dds_root();
        let mut equals = [Hand::EMPTY; 13];
        for (i, card) in list.as_slice().iter().enumerate() {
            let top = 1u64 << card.bit();
            let bottom = group_bottom(bottoms & (0x1fff << (card.bit() & !15)), top);
            let group = bottom.wrapping_neg() & (top - 1);
            // The group is every card of the hand from the bottom up to the top.
            let hand = pos.hands[pos.seat_to_play()];
            equals[i] = Hand::from_bits(hand & group).expect("card bits");
        }
        RootMoves { list, equals }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.list.len
    }

    /// Whether there is no move (never, in a valid position).
    pub fn is_empty(&self) -> bool {
        self.list.len == 0
    }

    /// The moves with their lower equivalent cards, in search order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, Hand)> + '_ {
        self.list.as_slice().iter().copied().zip(self.equals.iter().copied())
    }
}

#[cfg(test)]
mod tests {
    use super::{cover_groups, dds_root_order, group_bottom, group_bounds, DDS_NETWORKS};
    use dds_model::Holding;

    #[test]
    fn dds_networks_sort_every_input() {
        // A compare-exchange network sorts every input if it sorts every
        // input of zeros and ones.
        for (n, network) in DDS_NETWORKS.iter().enumerate() {
            assert!(network.iter().all(|&(i, j)| i < j && usize::from(j) < n.max(1)), "network {n}");
            for bits in 0u32..1 << n {
                let card = dds_model::Card::from_bit(0).expect("a card");
                let mut moves: Vec<_> = (0..n).map(|i| (card, (bits >> i & 1) as i32)).collect();
                dds_root_order(&mut moves);
                assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1), "network {n}, input {bits:b}");
            }
        }
    }

    /// A xorshift generator from the seed `x`, for reproducible random inputs.
    fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// The straightforward form of [`cover_groups`]: each suit's groups from
    /// the highest down while they reach the boundary, lowering it by every
    /// bottom below it.
    fn cover_groups_by_walking(mut ranks: u64, top_mask: u64, bottom_mask: u64) -> u64 {
        for shift in [0, 16, 32, 48] {
            let lane = (ranks >> shift) & 0x1fff;
            if lane == 0 {
                continue;
            }
            let mut lowest = lane & lane.wrapping_neg();
            let bottoms = (bottom_mask >> shift) & 0x1fff;
            let mut tops = (top_mask >> shift) & 0x1fff;
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
    fn cover_groups_matches_the_walk() {
        let mut next = xorshift(0x2545_f491_4f6c_dd1du64);
        for _ in 0..200_000 {
            let lanes = 0x1fff_1fff_1fff_1fffu64;
            let present = next() & lanes;
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

    /// The bitwise group bounds agree with the table-driven groups of
    /// `dds_tables` for every holding against assorted other cards, in each
    /// suit lane, with other suits' lanes busy.
    #[test]
    fn group_bounds_match_the_tables() {
        let mut next = xorshift(0x9e37_79b9_7f4a_7c15u64);
        for hand in 0u64..(1 << 13) {
            for _ in 0..4 {
                let x = next();
                let others = x & 0x1fff & !hand;
                let expected = dds_tables::groups(
                    Holding::from_bits_truncate(hand as u32),
                    Holding::from_bits_truncate(others as u32),
                );
                let suit = (x >> 20) % 4;
                let noise = (x >> 24) & 0x1fff_1fff_1fff_1fff & !(0x1fff << (16 * suit));
                let (tops, bottoms) = group_bounds(hand << (16 * suit), (hand | others) << (16 * suit) | noise);
                assert_eq!(
                    tops,
                    u64::from(expected.tops().bits()) << (16 * suit),
                    "hand {hand:013b} others {others:013b}"
                );
                assert_eq!(bottoms, u64::from(expected.bottoms().bits()) << (16 * suit));
            }
        }
    }
}
