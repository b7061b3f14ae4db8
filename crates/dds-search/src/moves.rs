//! Move generation and ordering.
//!
//! Cards of one hand that are adjacent among the cards still in play (the
//! other hands and the current trick) are equivalent: only the highest of
//! each such group is generated.

use dds_model::{Card, Suit};

use crate::position::Position;

/// A hand plays at most 13 cards, so 13 moves always fit.
#[derive(Clone, Debug)]
pub(crate) struct MoveList {
    cards: [Card; 13],
    /// The lowest card equivalent to each move, as a bit of the whole hand.
    bottoms: [u64; 13],
    weights: [i32; 13],
    len: usize,
}

impl MoveList {
    pub(crate) fn new() -> MoveList {
        MoveList {
            cards: [Card::from_bit(0).expect("bit 0 is the deuce of spades"); 13],
            bottoms: [0; 13],
            weights: [0; 13],
            len: 0,
        }
    }

    #[inline]
    fn push(&mut self, card: Card, bottom: u64, weight: i32) {
        debug_assert!(self.len < 13, "a hand holds at most 13 cards");
        // Insertion sort, highest weight first (stable for equal weights).
        let mut i = self.len;
        while i > 0 && self.weights[i - 1] < weight {
            self.cards[i] = self.cards[i - 1];
            self.bottoms[i] = self.bottoms[i - 1];
            self.weights[i] = self.weights[i - 1];
            i -= 1;
        }
        self.cards[i] = card;
        self.bottoms[i] = bottom;
        self.weights[i] = weight;
        self.len += 1;
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
    pub(crate) fn cover_groups(&self, mut ranks: u64) -> u64 {
        // Moves are not sorted by card, so walk each suit's groups from the
        // top down by repeatedly taking the highest unprocessed group.
        let mut todo = (1u32 << self.len) - 1;
        while todo != 0 {
            let mut best = usize::MAX;
            for i in 0..self.len {
                if todo & (1 << i) != 0 && (best == usize::MAX || self.cards[i].bit() > self.cards[best].bit()) {
                    best = i;
                }
            }
            todo &= !(1 << best);
            let top = self.cards[best].bit();
            let bottom = self.bottoms[best];
            let lane_shift = top & !15;
            let lane = (ranks >> lane_shift) & 0x1fff;
            if lane == 0 {
                continue;
            }
            let lowest = lane & lane.wrapping_neg();
            if (1u64 << (top - lane_shift)) >= lowest && (bottom >> lane_shift) < lowest {
                ranks |= bottom;
            }
        }
        ranks
    }
}

/// The highest card of each group of equivalent cards in `hand` (one suit's
/// 13-bit lane), where `others` are the other cards of the suit still in
/// play.
#[inline]
pub(crate) fn group_tops(hand: u64, others: u64) -> u64 {
    let mut tops = 0;
    let mut rest = hand;
    while rest != 0 {
        let top = 1u64 << (63 - rest.leading_zeros());
        tops |= top;
        let below = others & (top - 1);
        if below == 0 {
            break;
        }
        let next_other = 63 - below.leading_zeros();
        rest &= (1u64 << next_other) - 1;
    }
    tops
}

/// The cards of `hand` (one suit's lane) equivalent to and below `top`.
#[inline]
pub(crate) fn group_below(hand: u64, others: u64, top: u64) -> u64 {
    let below = others & (top - 1);
    let floor = if below == 0 { 0 } else { 2u64 << (63 - below.leading_zeros()) };
    hand & (top - 1) & !(floor.wrapping_sub(1))
}

/// Generates the moves of the seat to play, best first.
pub(crate) fn generate(pos: &Position, trump: Option<Suit>, list: &mut MoveList) {
    let seat = pos.to_play().index();
    let hand = pos.hands[seat];
    let mut in_play = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3];
    for &bit in &pos.trick[..pos.count as usize] {
        in_play |= 1u64 << bit;
    }
    let trump_lane = trump.map_or(4, |t| t as u8);
    let ctx = Context::new(pos, trump_lane, in_play);
    let lead_suit = (pos.count > 0).then(|| pos.trick[0] >> 4);
    let follows = lead_suit.is_some_and(|s| (hand >> (16 * s)) & 0x1fff != 0);
    for suit in 0..4u8 {
        if follows && Some(suit) != lead_suit {
            continue;
        }
        let shift = 16 * u32::from(suit);
        let h = (hand >> shift) & 0x1fff;
        if h == 0 {
            continue;
        }
        let others = ((in_play >> shift) & 0x1fff) & !h;
        let mut tops = group_tops(h, others);
        while tops != 0 {
            let bit = 63 - tops.leading_zeros();
            tops ^= 1u64 << bit;
            let card = Card::from_bit(bit + shift).expect("a card bit");
            let members = group_below(h, others, 1u64 << bit) | 1u64 << bit;
            let bottom = (members & members.wrapping_neg()) << shift;
            list.push(card, bottom, ctx.weight(card));
        }
    }
}

/// What move ordering needs to know about the node.
struct Context {
    seat: usize,
    count: u8,
    trump: u8,
    in_play: u64,
    hands: [u64; 4],
    /// The suit led to the trick (4 before the lead).
    lead: u8,
    /// The card winning the trick so far, and its seat.
    winner: Option<(u8, usize)>,
}

impl Context {
    fn new(pos: &Position, trump: u8, in_play: u64) -> Context {
        let mut winner = None;
        for i in 0..pos.count as usize {
            let c = pos.trick[i];
            let seat = (pos.leader as usize + i) & 3;
            winner = match winner {
                None => Some((c, seat)),
                Some((w, ws)) => {
                    let (cs, wsu) = (c >> 4, w >> 4);
                    if (cs == wsu && c > w) || (cs == trump && wsu != trump) {
                        Some((c, seat))
                    } else {
                        Some((w, ws))
                    }
                }
            };
        }
        let lead = if pos.count > 0 { pos.trick[0] >> 4 } else { 4 };
        Context { seat: pos.to_play().index(), count: pos.count, trump, in_play, hands: pos.hands, lead, winner }
    }

    /// A heuristic score: higher is tried first.
    fn weight(&self, card: Card) -> i32 {
        let bit = card.bit() as u8;
        let suit = bit >> 4;
        let rank = i32::from(bit & 15);
        let lane = |x: u64| (x >> (16 * u32::from(suit))) & 0x1fff;
        match self.winner {
            None => {
                // Leading.
                let all = lane(self.in_play);
                let top = 1u64 << (63 - all.leading_zeros());
                let partner = (self.seat + 2) & 3;
                let mut w = 0;
                if lane(1u64 << bit) == top {
                    w += 50;
                } else if lane(self.hands[partner]) & top != 0 {
                    w += 30 - rank;
                } else {
                    w -= rank;
                }
                if suit == self.trump {
                    w += 5;
                }
                w
            }
            Some((win, win_seat)) => {
                let partner_wins = (win_seat & 1) == (self.seat & 1);
                let lead_suit = self.lead;
                let beats = (suit == win >> 4 && bit > win) || (suit == self.trump && win >> 4 != self.trump);
                if suit == lead_suit || suit == self.trump {
                    let ruff = suit != lead_suit;
                    if partner_wins {
                        if ruff { -60 - rank } else { -rank }
                    } else if beats {
                        if self.count == 1 && !ruff { 20 - rank } else { 60 - rank }
                    } else if ruff {
                        -70 - rank
                    } else {
                        -rank
                    }
                } else {
                    -20 - rank
                }
            }
        }
    }
}
