//! The fast tricks (after bridge-solver's `FastTricks`): the side on lead's
//! top trumps plus the side-suit tricks it cashes from the top, from the
//! leader's hand or, with an entry, from partner's. Counted as a lower bound
//! by the sure trump tricks.

// Suit and seat indices address several per-suit arrays at once.
#![allow(clippy::needless_range_loop)]

use super::unpack::{keep_top, top_bit, Unpacked};
use crate::position::Position;
use crate::search::Tricks;

/// Whether the side on lead's fast tricks reach `cut` of the `left`
/// tricks: its top trump tricks `top` (the count and its winning ranks, a
/// lane of the `trump` suit; none in no trump) plus its side-suit tricks
/// ([`side_tricks`]). Returns the winning ranks if so.
#[inline(always)]
pub(super) fn fast_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    trump: Option<usize>,
    top: (u32, u32),
    left: Tricks,
    cut: u32,
) -> Option<u64> {
    let side = side_tricks::<false>(pos, unpacked, trump).0;
    let trump_ranks = trump.map_or(0, |t| u64::from(top.1) << (16 * t));
    ((top.0 + side).min(left) >= cut).then(|| trump_ranks | side_ranks(pos, unpacked, trump))
}

/// The tricks one suit gives when `a` (a lane, `aw` of its cards in the
/// suit's top run) is on lead and partner holds `b` (`bw` in the run)
/// (bridge-solver's `SuitFastTricks`); sets `a_entry` when `b` can reach
/// `a` in the suit.
#[inline]
fn suit_fast_tricks(a: u32, aw: u32, a_entry: &mut bool, b: u32, bw: u32) -> u32 {
    let low = |x: u32| x & x.wrapping_neg();
    if b != 0 && aw > 0 && top_bit(a) > low(b) {
        *a_entry = true;
    }
    if bw == 0 {
        return aw;
    }
    if aw == 0 {
        return if a != 0 { bw } else { 0 };
    }
    // Blocked by partner: only partner's winners.
    if top_bit(a) < low(b) {
        return bw;
    }
    // Blocked by the hand on lead: only its winners.
    if low(a) > top_bit(b) {
        return aw;
    }
    // Partner's last winner must take the place of a small card.
    let bw = if bw == b.count_ones() { bw - 1 } else { bw };
    a.count_ones().min(aw + bw)
}

/// The per-suit holdings of [`side_tricks`] in suit `s` (`trump` the
/// trump suit, if any), when the side on lead holds the suit's top card:
/// the leader's and partner's cards after the cut, and the suit's top run
/// they hold. `None` if the side cashes nothing in the suit.
#[inline(always)]
fn fast_suit(
    pos: &Position,
    unpacked: &Unpacked,
    me: usize,
    trump: Option<usize>,
    s: usize,
) -> Option<(u32, u32, u32)> {
    let (h, len) = (&unpacked.lanes, &unpacked.lengths);
    let (l, p, r) = ((me + 1) & 3, me ^ 2, (me + 3) & 3);
    let (mut my, mut pd) = (h[me][s], h[p][s]);
    let top = (pos.owners[s] & 3) as usize;
    if my | pd == 0 || (top != me && top != p) {
        return None;
    }
    if let Some(t) = trump {
        // Only the cards that both opponents with trumps follow to.
        let keep_l = if len[l][t] > 0 { len[l][s] } else { 13 };
        let keep_r = if len[r][t] > 0 { len[r][s] } else { 13 };
        let keep = keep_l.min(keep_r);
        if keep == 0 {
            return None;
        }
        my = keep_top(my, keep);
        pd = keep_top(pd, keep);
    }
    let aggr = h[0][s] | h[1][s] | h[2][s] | h[3][s];
    let others = aggr & !(my | pd);
    let run = if others == 0 { aggr } else { aggr & !((top_bit(others) << 1) - 1) };
    Some((my, pd, run))
}

/// The winning ranks of [`side_tricks`]' count.
#[cold]
#[inline(never)]
fn side_ranks(pos: &Position, unpacked: &Unpacked, trump: Option<usize>) -> u64 {
    side_tricks::<true>(pos, unpacked, trump).1
}

/// The side-suit part of bridge-solver's fast tricks: the tricks the side
/// on lead cashes from the top in the suits other than `trump` (only the
/// cards both opponents with trumps follow to), from the leader's hand or,
/// if the leader can reach partner, from partner's; and, if `RANKS`, their
/// winning ranks: per suit the counted top cards of the leader (and of
/// partner, when the leader can reach partner), up to the longest other
/// holding (the cards beyond win by length). The side on lead's top trumps
/// win their tricks besides.
#[inline(always)]
fn side_tricks<const RANKS: bool>(pos: &Position, unpacked: &Unpacked, trump: Option<usize>) -> (u32, u64) {
    let me = pos.leader_index();
    let p = me ^ 2;
    let len = &unpacked.lengths;
    let (mut ranks, mut pd_ranks) = (0u64, 0u64);
    let (mut my_tricks, mut pd_tricks) = (0, 0);
    let (mut my_entry, mut pd_entry) = (false, false);
    for s in 0..4 {
        if Some(s) == trump {
            continue;
        }
        let Some((my, pd, run)) = fast_suit(pos, unpacked, me, trump, s) else {
            continue;
        };
        let (mw, pw) = ((run & my).count_ones(), (run & pd).count_ones());
        my_tricks += suit_fast_tricks(my, mw, &mut my_entry, pd, pw);
        pd_tricks += suit_fast_tricks(pd, pw, &mut pd_entry, my, mw);
        if RANKS {
            let longest_other = |a: usize| (0..4).filter(|&x| x != a).map(|x| len[x][s]).max().unwrap_or(0);
            let lowest = |x: u32, k: u32| {
                let x = keep_top(x, k);
                u64::from(x & x.wrapping_neg()) << (16 * s)
            };
            ranks |= lowest(run & my, longest_other(me));
            pd_ranks |= lowest(run & pd, longest_other(p));
        }
    }
    if pd_entry {
        (my_tricks.max(pd_tricks), ranks | pd_ranks)
    } else {
        (my_tricks, ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::fast_tricks;
    use crate::position::Position;
    use crate::quick::sure_trump::top_trump_tricks;
    use crate::quick::testing::{check_bound_cases, random_ending, trump_heavy_ending};
    use crate::quick::unpack::Unpacked;
    use crate::search::Tricks;
    use dds_model::Strain;

    /// bridge-solver's fast tricks in any strain and at any count, for the
    /// tests: the side on lead's top trumps plus its side-suit tricks, capped
    /// at the tricks left.
    fn fast_tricks_anywhere(pos: &Position, strain: Strain, target: Tricks, left: Tricks) -> Option<(bool, u64)> {
        let unpacked = Unpacked::new(pos);
        let h = &unpacked.lanes;
        let me = pos.leader_index();
        let trump = strain.trump().map(|t| t.index());
        let top =
            trump.map_or((0, 0), |t| top_trump_tricks(h[me][t], h[me ^ 2][t], h[0][t] | h[1][t] | h[2][t] | h[3][t]));
        let ns_leads = me & 1 == 0;
        let cut = if ns_leads { target } else { left + 1 - target };
        fast_tricks(pos, &unpacked, trump, top, left, cut).map(|ranks| (ns_leads, ranks))
    }

    /// Every answer of the fast tricks agrees with a brute-force solve, of
    /// the position and of positions that match it on the answer's winning
    /// ranks, in every strain.
    #[test]
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn fast_tricks_are_exact_bounds() {
        check_bound_cases(
            0xfa57_7a11,
            |rng, case, tricks| {
                let strain = Strain::ALL[rng.below(5) as usize];
                let hands = match strain.trump() {
                    Some(t) if case % 2 == 0 => trump_heavy_ending(rng, tricks, t.index()),
                    _ => random_ending(rng, tricks),
                };
                (strain, hands)
            },
            fast_tricks_anywhere,
        );
    }
}
