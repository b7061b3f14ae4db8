//! The sure trump tricks (after bridge-solver's `TopTrumpTricks` and
//! `SlowTrumpTricks`): bounds on both sides' tricks from the trumps they
//! hold, which settle a node at a trick boundary in a trump strain that the
//! quick and the later tricks did not.

use dds_model::Strain;

use super::fast::fast_tricks;
use super::unpack::{keep_top, top_bit, Unpacked};
use crate::position::Position;
use crate::search::Tricks;

/// The trump tricks a pair of hands takes sooner or later with the top
/// trumps it holds (bridge-solver's `TopTrumpTricks`): `my` and `pd` are
/// the pair's trump lanes, `all` every trump in play. Each of the pair's
/// top trumps in sequence wins a trick unless another one of them is
/// played to the same trick, which the longer trump hand can avoid. Returns
/// the count and its winning ranks (a lane).
#[inline]
pub(super) fn top_trump_tricks(my: u32, pd: u32, all: u32) -> (u32, u32) {
    if my == all {
        return (my.count_ones(), 0);
    }
    if pd == all {
        return (pd.count_ones(), 0);
    }
    // The trumps above the pair's highest missing trump (all of them when
    // the pair holds every trump; lanes have 13 bits, so the shift is at
    // most 13).
    let others = all & !(my | pd);
    let run = all & u32::MAX << (32 - others.leading_zeros());
    let cap = my.count_ones().max(pd.count_ones());
    let n = run.count_ones().min(cap);
    (n, keep_top(run, n))
}

/// Trump tricks a pair of hands takes without the top trump
/// (bridge-solver's `SlowTrumpTricks`): `my` and `pd` are the pair's trump
/// lanes, `lho` and `rho` the opponents' (`lho` plays after `my`), `all`
/// every trump in play; `leading`: `my` is on lead, with `left` tricks to
/// play. Returns the count and its winning ranks (a lane).
#[inline(always)]
fn slow_trump_tricks(my: u32, pd: u32, lho: u32, rho: u32, all: u32, leading: bool, left: Tricks) -> (u32, u32) {
    let n = all.count_ones();
    if n < 3 {
        return (0, 0);
    }
    let a = top_bit(all);
    let k = top_bit(all ^ a);
    let q = top_bit(all ^ a ^ k);
    let ours = my | pd;
    let theirs = lho | rho;
    let has_x = |hand: u32, c: u32| hand & c != 0 && hand != c;
    let (my_len, pd_len) = (my.count_ones(), pd.count_ones());
    // Kx behind the ace.
    if (has_x(pd, k) && lho & a != 0) || (has_x(my, k) && rho & a != 0 && (!leading || left >= 3)) {
        return (1, a | k);
    }
    // Kx against a singleton ace.
    if (has_x(pd, k) || has_x(my, k)) && (rho == a || lho == a) && (!leading || left >= 3) {
        return (1, a | k);
    }
    // KQJ against the ace.
    if n >= 4 {
        let j = top_bit(all ^ a ^ k ^ q);
        if theirs & a != 0 && ours & (k | q | j) == k | q | j && (my_len >= 3 || pd_len >= 3) {
            return (2, a | k | q | j);
        }
    }
    // KQ against the ace.
    if theirs & a != 0 && ours & (k | q) == k | q && (my_len >= 2 || pd_len >= 2) {
        return (1, a | k | q);
    }
    // Qxx behind the ace and king.
    if n >= 5
        && ((pd & q != 0 && pd_len >= 3 && lho & (a | k) == a | k)
            || (my & q != 0 && my_len >= 3 && rho & (a | k) == a | k && (!leading || left >= 4)))
    {
        return (1, a | k | q);
    }
    // Qxx against the ace and king alone.
    if ((pd & q != 0 && pd_len >= 3) || (my & q != 0 && my_len >= 3))
        && (lho == a | k || rho == a | k || (lho.count_ones() == 1 && rho.count_ones() == 1))
        && (!leading || left >= 4)
    {
        return (1, a | k | q);
    }
    (0, 0)
}

/// bridge-solver's sure trump tricks, after the quick and later tricks did
/// not settle a node at a trick boundary in a trump `strain`: the side on
/// lead's top trumps (or, without the top trump, its slow trump tricks) as a
/// lower bound on its tricks, then the other side's, as an upper bound,
/// then the side on lead's fast tricks (its top trumps plus the side-suit
/// tricks it cashes, [`fast_tricks`]) as a lower bound. Returns the answer
/// for North-South and its winning ranks when that settles `target`.
///
/// `quick` is the quick tricks' count: the fast tricks seldom exceed it by
/// more than one, and settle too few nodes near the end (or in no trump)
/// to pay for the count there.
#[inline(always)]
pub(crate) fn sure_trump_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    strain: Strain,
    target: Tricks,
    left: Tricks,
    quick: u32,
) -> Option<(bool, u64)> {
    let t = strain.trump()?.index();
    let me = pos.leader_index();
    let ns_leads = me & 1 == 0;
    // The tricks that settle the target: for the side on lead, and for the
    // other side.
    let (lead_cut, other_cut) = if ns_leads { (target, left + 1 - target) } else { (left + 1 - target, target) };
    // A pair's top trumps take at most its longer trump holding, its slow
    // trumps at most two tricks: most nodes need more. The trump lengths,
    // seats 0 to 3 in nibbles.
    let trumps = pos.suit_lengths(t);
    let len = |seat: usize| trumps >> (4 * seat) & 15;
    let most = |a: usize| len(a).max(len(a ^ 2)).max(2);
    let (lead_most, other_most) = (most(me), most(me ^ 1));
    let fast = quick + 1 >= lead_cut && left >= 4;
    if lead_most < lead_cut && other_most < other_cut && !fast {
        return None;
    }
    counted_trump_tricks(
        pos,
        unpacked,
        t,
        (lead_most >= lead_cut).then_some(lead_cut),
        (other_most >= other_cut).then_some(other_cut),
        fast.then_some(lead_cut),
        left,
    )
}

/// [`sure_trump_tricks`] once a count may settle the target: `lead_cut`
/// and `other_cut` are the tricks the side on lead and the other side need
/// (`None` where its count cannot reach them), `fast_cut` the same as
/// `lead_cut` where the fast tricks are counted, `t` the trump suit.
#[inline(never)]
fn counted_trump_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    t: usize,
    lead_cut: Option<u32>,
    other_cut: Option<u32>,
    fast_cut: Option<u32>,
    left: Tricks,
) -> Option<(bool, u64)> {
    let h = &unpacked.lanes;
    let me = pos.leader_index();
    let (l, p, r) = ((me + 1) & 3, (me + 2) & 3, (me + 3) & 3);
    let ns_leads = me & 1 == 0;
    let all = h[0][t] | h[1][t] | h[2][t] | h[3][t];
    let lane = |bits: u32| u64::from(bits) << (16 * t);
    let top = if lead_cut.is_some() || fast_cut.is_some() { top_trump_tricks(h[me][t], h[p][t], all) } else { (0, 0) };
    if let Some(cut) = lead_cut {
        // The side on lead takes at least `n` tricks.
        let (mut n, mut ranks) = top;
        if n == 0 {
            (n, ranks) = slow_trump_tricks(h[me][t], h[p][t], h[l][t], h[r][t], all, true, left);
        }
        if n >= cut {
            return Some((ns_leads, lane(ranks)));
        }
    }
    if let Some(cut) = other_cut {
        // The other side takes at least `n` tricks.
        let (mut n, mut ranks) = top_trump_tricks(h[l][t], h[r][t], all);
        if n == 0 {
            (n, ranks) = slow_trump_tricks(h[l][t], h[r][t], h[p][t], h[me][t], all, false, left);
        }
        if n >= cut {
            return Some((!ns_leads, lane(ranks)));
        }
    }
    let fast = fast_cut.and_then(|cut| fast_tricks(pos, unpacked, Some(t), top, left, cut));
    fast.map(|ranks| (ns_leads, ranks))
}

#[cfg(test)]
mod tests {
    use super::sure_trump_tricks;
    use crate::quick::testing::{check_bound_cases, trump_heavy_ending};
    use crate::quick::unpack::Unpacked;
    use dds_model::Strain;

    /// Every answer of the sure trump tricks agrees with a brute-force
    /// solve, of the position and of positions that match it on the
    /// answer's winning ranks (the fast tricks counted wherever they may
    /// be).
    #[test]
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn sure_trump_tricks_are_exact_bounds() {
        check_bound_cases(
            0x5eed_7a11,
            |rng, _, tricks| {
                let trump = rng.below(4) as usize;
                (Strain::ALL[trump], trump_heavy_ending(rng, tricks, trump))
            },
            |pos, strain, target, tricks| sure_trump_tricks(pos, &Unpacked::new(pos), strain, target, tricks, tricks),
        );
    }
}
