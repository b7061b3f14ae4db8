//! The later tricks (DDS's `LaterTricks`): tricks the side not on lead
//! surely takes sooner or later, which settle a node at a trick boundary
//! that the quick tricks did not.

use dds_model::Strain;

use super::unpack::{nth_bit, nth_holder, Unpacked};
use crate::position::{Position, NO_SEAT};
use crate::search::Tricks;

/// DDS's `LaterTricks`, after the quick tricks did not settle a node at a
/// trick boundary in `strain`: tricks the side *not* on lead surely takes
/// sooner or later. Returns the answer for North-South and its winning
/// ranks when that settles `target`.
#[inline(always)]
pub(crate) fn later_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    strain: Strain,
    target: Tricks,
    left: Tricks,
) -> Option<(bool, u64)> {
    let me = pos.leader_index();
    let (h, len) = (&unpacked.lanes, &unpacked.lengths);
    let aggr: [u32; 4] = core::array::from_fn(|s| h[0][s] | h[1][s] | h[2][s] | h[3][s]);
    let leaders = |seat: usize| seat & 1 == me & 1;
    let (l, r) = ((me + 1) & 3, (me + 3) & 3);
    let p = (me + 2) & 3;
    let ns_leads = me & 1 == 0;
    // The trump suit, if any trump is left.
    let trumps_left = strain.trump().filter(|t| aggr[t.index()] != 0);
    let lane_rank = |s: usize, bit: u32| u64::from(bit) << (16 * s);
    match trumps_left {
        None => {
            // Suits topped by the side on lead give it at most the longer
            // holding of the pair; the rest goes to the other side.
            let mut sum = 0;
            for s in 0..4 {
                let w = nth_holder(pos, s, 0, nth_bit(aggr[s], 0));
                if w != NO_SEAT && leaders(w) {
                    sum += len[w][s].max(len[(w + 2) & 3][s]);
                }
            }
            // The ranks: the top card of every suit the other side tops and
            // another hand holds.
            let ranks = || {
                (0..4)
                    .filter_map(|s| {
                        let top = nth_bit(aggr[s], 0);
                        let w = nth_holder(pos, s, 0, top);
                        (w != NO_SEAT && !leaders(w) && aggr[s] != h[w][s]).then(|| lane_rank(s, top))
                    })
                    .fold(0, |a, b| a | b)
            };
            if ns_leads {
                // North-South lead: they take at most `sum` tricks.
                if sum < target && sum > 0 {
                    if left > target {
                        return None;
                    }
                    return Some((false, ranks()));
                }
            } else if left >= target + sum && sum > 0 {
                // East-West lead: North-South take at least one trick.
                if target > 1 {
                    return None;
                }
                return Some((true, ranks()));
            }
            None
        }
        Some(trump) => {
            let t = trump.index();
            let first = nth_bit(aggr[t], 0);
            let second = nth_bit(aggr[t], 1);
            let third = nth_bit(aggr[t], 2);
            let (w1, w2, w3) =
                (nth_holder(pos, t, 0, first), nth_holder(pos, t, 1, second), nth_holder(pos, t, 2, third));
            // From the point of view of the side not on lead ("they"): the
            // tricks they surely take; `need` is what settles the target.
            let they = |seat: usize| seat != NO_SEAT && !leaders(seat);
            // Tricks the side on lead can afford to lose: North-South lead
            // and need `target`, or East-West lead and North-South need
            // `target` (East-West can afford `target - 1` tricks to them).
            let settles = |tricks: Tricks| if ns_leads { left < target + tricks } else { tricks >= target };
            let result = !ns_leads;
            if they(w1) {
                if len[me][t] == 0 && len[p][t] == 0 {
                    let tricks = len[l][t].max(len[r][t]);
                    if settles(tricks) {
                        return Some((result, 0));
                    }
                } else if settles(1) {
                    return Some((result, lane_rank(t, first)));
                } else if settles(2) && w2 != NO_SEAT && they(w2) && (len[w2][t] > 1 || len[(w2 + 2) & 3][t] > 1) {
                    return Some((result, lane_rank(t, second)));
                }
            } else {
                if w2 == NO_SEAT || !they(w2) || len[w2][t] <= 1 {
                    return None;
                }
                if w1 == (w2 + 3) & 3 {
                    if settles(1) {
                        return Some((result, lane_rank(t, second)));
                    }
                } else if w3 != NO_SEAT && they(w3) && settles(1) {
                    return Some((result, lane_rank(t, third)));
                }
            }
            None
        }
    }
}
