//! The second hand's quick tricks (DDS's `QuickTricksSecondHand`): after
//! the lead, whether the second hand's side surely wins the trick, and in no
//! trump enough more, to settle a node.

// Suit and seat indices address several per-suit arrays at once.
#![allow(clippy::needless_range_loop)]

use dds_model::Strain;

use super::unpack::{holder, lanes, nth_bit};
use crate::position::{suit_lane, Position};
use crate::search::Tricks;

/// DDS's `QuickTricksSecondHand`: after the lead, in `strain`, whether the
/// second hand's side surely wins this trick (and, in no trump, enough
/// more) to settle `target` tricks for North-South. Returns the winning
/// ranks if so.
#[inline(always)]
pub(crate) fn quick_second_hand(pos: &Position, strain: Strain, target: Tricks, left: Tricks) -> Option<u64> {
    debug_assert_eq!(pos.count, 1);
    let leader = pos.leader_index();
    let me = (leader + 1) & 3;
    let p = (leader + 3) & 3;
    let third = (leader + 2) & 3;
    // Lanes on demand: most calls return after looking at two suits.
    let h = |seat: usize, s: usize| suit_lane(pos.hands[seat], s) as u32;
    let lead = pos.trick[0];
    let (ls, lead_bit) = ((lead >> 4) as usize, 1u32 << (lead & 15));
    let trump_game = strain != Strain::NoTrump;
    // The trump suit's index; no suit's in no trump.
    let t = strain.index();
    let has = |seat: usize, s: usize| s < dds_model::Suit::NUM && h(seat, s) != 0;
    let mut ranks = 0u64;
    if trump_game && ls != t && ((!has(me, ls) && has(me, t)) || (!has(p, ls) && has(p, t))) {
        if !has(third, ls) && has(third, t) {
            return None;
        }
    } else if (h(me, ls) | h(p, ls)) > (lead_bit | h(third, ls)) {
        if trump_game && ls != t && !has(third, ls) && has(third, t) {
            return None;
        }
        let ours = h(me, ls) | h(p, ls);
        ranks |= u64::from(1u32 << (31 - ours.leading_zeros())) << (16 * ls);
    } else {
        return None;
    }
    let ns = me & 1 == 0;
    let cutoff = if ns { target } else { left - target + 1 };
    let mut q = 1;
    if q >= cutoff {
        return Some(ranks);
    }
    if trump_game {
        return None;
    }
    // In no trump, the hand that wins the trick may cash more.
    let hh = if h(me, ls) > h(p, ls) { me } else { p };
    let lanes = lanes(pos);
    let start: [u32; 4] = core::array::from_fn(|s| {
        lanes[0][s] | lanes[1][s] | lanes[2][s] | lanes[3][s] | if s == ls { lead_bit } else { 0 }
    });
    let owner = |s: usize, bit: u32| if s == ls && bit == lead_bit { leader } else { holder(&lanes, s, bit) };
    let (first, second) = (nth_bit(start[ls], 0), nth_bit(start[ls], 1));
    if owner(ls, first) == hh && second != 0 && owner(ls, second) == hh {
        q += 1;
        ranks |= u64::from(second) << (16 * ls);
        if q >= cutoff {
            return Some(ranks);
        }
    }
    for s in 0..4 {
        if s == ls || h(hh, s) == 0 {
            continue;
        }
        if start[s] == h(hh, s) {
            q += h(hh, s).count_ones();
        } else {
            let top = nth_bit(start[s], 0);
            if owner(s, top) != hh {
                continue;
            }
            q += 1;
            ranks |= u64::from(top) << (16 * s);
        }
        if q >= cutoff {
            return Some(ranks);
        }
    }
    None
}
