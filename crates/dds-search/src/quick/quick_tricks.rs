//! The quick tricks proper (DDS's `QuickTricks`): the tricks the side on
//! lead can cash at once, at the start of a trick, suit by suit, from the
//! leader's hand or, through an entry, from partner's, and partner's ruffs.
//!
//! Every count comes with the winning ranks it depends on; the tests on suit
//! lengths need no ranks, since lengths are part of every table key.

// Suit and seat indices address several per-suit arrays at once.
#![allow(clippy::needless_range_loop)]

use dds_model::Strain;

use super::unpack::{nth_bit, nth_holder, Unpacked};
use crate::position::Position;
use crate::search::Tricks;

/// The answer of [`quick_tricks`].
#[derive(Copy, Clone, Debug)]
pub(crate) struct Quick {
    /// Whether the search can stop: the count settles the target.
    pub(crate) cut: bool,
    /// The sure tricks found (0 with `cut` means: the opponents surely win
    /// this trick, which settles the target the other way).
    pub(crate) tricks: u8,
    /// The cards the answer depends on.
    pub(crate) ranks: u64,
}

/// The state of the count.
struct Count<'a> {
    pos: &'a Position,
    h: &'a [[u32; 4]; 4],
    len: &'a [[u32; 4]; 4],
    me: usize,
    p: usize,
    l: usize,
    r: usize,
    strain: Strain,
    cutoff: u32,
    q: u32,
    ranks: u64,
    opp_trumps_l: u32,
    opp_trumps_r: u32,
    comm: Option<(usize, u32)>,
    /// Whether a ruff by partner is counted (one at most).
    ruff_counted: bool,
}

/// What a suit's evaluation tells the loop.
enum Outcome {
    /// The count settles the target (a step that settles it by itself
    /// leaves its own tricks as the count).
    Cut,
    /// The suit gives no more: on to the next one.
    NextSuit,
    /// The suit may give more in the next steps.
    Same,
}

impl Count<'_> {
    fn aggr(&self, s: usize) -> u32 {
        self.h[0][s] | self.h[1][s] | self.h[2][s] | self.h[3][s]
    }

    /// The seat holding the `k`-th highest card of suit `s`, whose lane bit
    /// is `bit` ([`NO_SEAT`](crate::position::NO_SEAT) if `bit` is 0).
    #[inline]
    fn holder(&self, s: usize, k: u32, bit: u32) -> usize {
        nth_holder(self.pos, s, k, bit)
    }

    fn add_rank(&mut self, s: usize, bit: u32) {
        self.ranks |= u64::from(bit) << (16 * s);
    }

    fn no_opp_trumps(&self) -> bool {
        self.opp_trumps_l == 0 && self.opp_trumps_r == 0
    }

    /// Counts `n` more tricks; whether that reaches the cutoff.
    fn credit(&mut self, n: u32) -> bool {
        self.q += n;
        self.q >= self.cutoff
    }

    /// Drawing a round of trumps when the leader cashes a top trump.
    fn draw_trump(&mut self, s: usize) {
        if s == self.strain.index() && self.comm.is_none_or(|(cs, _)| cs != s) {
            self.opp_trumps_l = self.opp_trumps_l.saturating_sub(1);
            self.opp_trumps_r = self.opp_trumps_r.saturating_sub(1);
        }
    }

    /// The leader holds the top card of a side suit in a trump game.
    #[inline(always)]
    fn lead_hand_trump(&mut self, s: usize, first: u32, second: u32) -> Outcome {
        let (own, c_l, c_r, c_p) =
            (self.len[self.me][s], self.len[self.l][s], self.len[self.r][s], self.len[self.p][s]);
        if (c_l != 0 || self.opp_trumps_l == 0) && (c_r != 0 || self.opp_trumps_r == 0) {
            self.add_rank(s, first);
            if self.credit(1) {
                return Outcome::Cut;
            }
            if c_l <= 1 && c_r <= 1 && c_p <= 1 && self.no_opp_trumps() {
                if self.credit(own - 1) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
        }
        let second_holder = self.holder(s, 1, second);
        if second_holder == self.me {
            if self.no_opp_trumps() {
                self.add_rank(s, second);
                if self.credit(1) {
                    return Outcome::Cut;
                }
                if c_l <= 2 && c_r <= 2 && c_p <= 2 {
                    if self.credit(own.saturating_sub(2)) {
                        return Outcome::Cut;
                    }
                    return Outcome::NextSuit;
                }
            }
        } else if second_holder == self.p && own > 1 && c_p > 1 && self.no_opp_trumps() {
            self.add_rank(s, second);
            if self.credit(1) {
                return Outcome::Cut;
            }
            if c_l <= 2 && c_r <= 2 && (c_p <= 2 || own <= 2) {
                if self.credit(own.max(c_p) - 2) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
        }
        Outcome::Same
    }

    /// The leader holds the top card of a suit in no trump, or of the trump
    /// suit.
    #[inline(always)]
    fn lead_hand_nt(&mut self, s: usize, first: u32, second: u32) -> Outcome {
        let (own, c_l, c_r, c_p) =
            (self.len[self.me][s], self.len[self.l][s], self.len[self.r][s], self.len[self.p][s]);
        self.add_rank(s, first);
        if self.credit(1) {
            return Outcome::Cut;
        }
        self.draw_trump(s);
        if c_l <= 1 && c_r <= 1 && c_p <= 1 {
            if self.credit(own - 1) {
                return Outcome::Cut;
            }
            return Outcome::NextSuit;
        }
        let second_holder = self.holder(s, 1, second);
        if second_holder == self.me {
            self.add_rank(s, second);
            if self.credit(1) {
                return Outcome::Cut;
            }
            self.draw_trump(s);
            if c_l <= 2 && c_r <= 2 && c_p <= 2 {
                if self.credit(own.saturating_sub(2)) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
        } else if second_holder == self.p && own > 1 && c_p > 1 {
            self.add_rank(s, second);
            if self.credit(1) {
                return Outcome::Cut;
            }
            self.draw_trump(s);
            if c_l <= 2 && c_r <= 2 && (c_p <= 2 || own <= 2) {
                if self.credit(own.max(c_p) - 2) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
        }
        Outcome::Same
    }

    /// Partner holds the top card and the leader can reach partner.
    #[inline(always)]
    fn partner(&mut self, s: usize, first: u32, second: u32, trump_game: bool) -> Outcome {
        let (own, c_l, c_r, c_p) =
            (self.len[self.me][s], self.len[self.l][s], self.len[self.r][s], self.len[self.p][s]);
        let (comm_s, comm_r) = self.comm.expect("partner needs an entry");
        let comm_bit = comm_r;
        let follows = |c: u32, opp_tr: u32| !trump_game || c != 0 || opp_tr == 0;
        let no_opp_trumps = !trump_game || self.no_opp_trumps();
        if follows(c_l, self.opp_trumps_l) && follows(c_r, self.opp_trumps_r) {
            self.add_rank(s, first);
            self.add_rank(comm_s, comm_bit);
            if self.credit(1) {
                return Outcome::Cut;
            }
            if c_l <= 1 && c_r <= 1 && own <= 1 && no_opp_trumps {
                if self.credit(c_p - 1) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
        }
        let second_holder = self.holder(s, 1, second);
        if second_holder == self.p {
            if no_opp_trumps {
                self.add_rank(s, second);
                self.add_rank(comm_s, comm_bit);
                if self.credit(1) {
                    return Outcome::Cut;
                }
                if c_l <= 2 && c_r <= 2 && own <= 2 {
                    if self.credit(c_p.saturating_sub(2)) {
                        return Outcome::Cut;
                    }
                    return Outcome::NextSuit;
                }
            }
        } else if second_holder == self.me && c_p > 1 && own > 1 {
            if no_opp_trumps {
                self.add_rank(s, second);
                self.add_rank(comm_s, comm_bit);
                if self.credit(1) {
                    return Outcome::Cut;
                }
                if c_l <= 2 && c_r <= 2 && (own <= 2 || c_p <= 2) {
                    if self.credit(c_p.max(own) - 2) {
                        return Outcome::Cut;
                    }
                    return Outcome::NextSuit;
                }
            }
        } else if s == comm_s
            && second_holder == self.l
            && (!trump_game || ((c_l >= 2 || self.opp_trumps_l == 0) && (c_r >= 2 || self.opp_trumps_r == 0)))
        {
            // A finesse: partner's tenace over the second hand's card.
            let third = nth_bit(self.aggr(s), 2);
            if self.holder(s, 2, third) == self.p {
                self.add_rank(s, third);
                self.add_rank(comm_s, comm_bit);
                if self.credit(1) {
                    return Outcome::Cut;
                }
                if own <= 2 && c_l <= 2 && c_r <= 2 && no_opp_trumps && self.credit(c_p.saturating_sub(2)) {
                    return Outcome::Cut;
                }
            }
        }
        Outcome::Same
    }

    /// Step 1: an entry to partner's hand, the suit and lane bit of the
    /// card that wins it: a side suit that partner tops (or whose second
    /// card partner holds under the leader's top card, both with two cards
    /// or more), which the leader can lead and no opponent can ruff; else,
    /// in a trump game, partner's top trump.
    #[inline(always)]
    fn partner_entry(&self) -> Option<(usize, u32)> {
        let (me, l, p, r, len) = (self.me, self.l, self.p, self.r, self.len);
        let trump_game = self.strain != Strain::NoTrump;
        let t = self.strain.index();
        let no_ruff = |s: usize| (len[l][s] > 0 || len[l][t] == 0) && (len[r][s] > 0 || len[r][t] == 0);
        for s in 0..4 {
            if s == t {
                continue;
            }
            let aggr = self.aggr(s);
            let (first, second) = (nth_bit(aggr, 0), nth_bit(aggr, 1));
            let (w1, w2) = (self.holder(s, 0, first), self.holder(s, 1, second));
            if w1 == p {
                if len[me][s] > 0 && (!trump_game || no_ruff(s)) {
                    return Some((s, first));
                }
            } else if w2 == p && w1 == me && len[me][s] >= 2 && len[p][s] >= 2 && (!trump_game || no_ruff(s)) {
                return Some((s, second));
            }
        }
        if trump_game && len[me][t] > 0 {
            let first = nth_bit(self.aggr(t), 0);
            if self.holder(t, 0, first) == p {
                return Some((t, first));
            }
        }
        None
    }

    /// Step 2, one suit `s`: what its cards add to the count.
    #[inline(always)]
    fn count_suit(&mut self, s: usize) -> Outcome {
        let (me, p, len) = (self.me, self.p, self.len);
        let trump_game = self.strain != Strain::NoTrump;
        let t = self.strain.index();
        // A and B. The opponents hold none of the suit.
        if len[self.l][s] | len[self.r][s] == 0 {
            match self.opponents_void(s) {
                Outcome::Same => {}
                next => return next,
            }
        }
        // C. Nobody holds the suit.
        let aggr = self.aggr(s);
        if aggr == 0 {
            return Outcome::NextSuit;
        }
        // D. Top cards of the leader or of partner.
        let (first, second) = (nth_bit(aggr, 0), nth_bit(aggr, 1));
        let w1 = self.holder(s, 0, first);
        let next = if w1 == me {
            if trump_game && s != t {
                self.lead_hand_trump(s, first, second)
            } else {
                self.lead_hand_nt(s, first, second)
            }
        } else if w1 == p && self.comm.is_some() {
            self.partner(s, first, second, trump_game && s != t)
        } else {
            Outcome::Same
        };
        match next {
            Outcome::Same => {}
            next => return next,
        }
        // E. Partner ruffs the suit.
        match self.partner_ruff(s, w1) {
            Outcome::Same => {}
            next => return next,
        }
        // F.
        if self.q >= self.cutoff {
            return Outcome::Cut;
        }
        Outcome::Same
    }

    /// Steps 2A and 2B: suit `s`, which neither opponent holds.
    #[inline(always)]
    fn opponents_void(&mut self, s: usize) -> Outcome {
        let (me, p, len, cutoff) = (self.me, self.p, self.len, self.cutoff);
        let trump_game = self.strain != Strain::NoTrump;
        let t = self.strain.index();
        let (own, c_p) = (len[me][s], len[p][s]);
        // A. Only the leader holds the suit.
        if c_p == 0 {
            if own == 0 {
                return Outcome::NextSuit;
            }
            if trump_game && s != t {
                if self.no_opp_trumps() && self.credit(own) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            }
            if self.credit(own) {
                return Outcome::Cut;
            }
            return Outcome::NextSuit;
        }
        // B. The opponents hold none of the suit. Where the pair's tricks in
        // it settle the target by themselves, they are the answer's count.
        let exists_ruff = |a: usize, b: usize| (0..4).any(|x| x != t && len[a][x] > 0 && len[b][x] == 0);
        if trump_game && s == t {
            let mut sum = own.max(c_p);
            if sum > 0 && own >= c_p && exists_ruff(me, p) {
                sum += 1;
            }
            if sum >= cutoff {
                self.q = sum;
                return Outcome::Cut;
            }
        } else {
            let sum = own.min(c_p);
            if (!trump_game || (s != t && self.no_opp_trumps())) && sum >= cutoff {
                self.q = sum;
                return Outcome::Cut;
            }
        }
        if let Some((comm_s, comm_bit)) = self.comm {
            if own == 0 {
                if trump_game && s != t {
                    if self.no_opp_trumps() {
                        self.add_rank(comm_s, comm_bit);
                        if self.credit(c_p) {
                            return Outcome::Cut;
                        }
                    }
                    return Outcome::NextSuit;
                }
                self.add_rank(comm_s, comm_bit);
                if self.credit(c_p) {
                    return Outcome::Cut;
                }
                return Outcome::NextSuit;
            } else if trump_game && s == t {
                let mut sum = own.max(c_p);
                if sum > 0 && own <= c_p && exists_ruff(p, me) {
                    sum += 1;
                }
                if sum >= cutoff {
                    self.add_rank(comm_s, comm_bit);
                    self.q = sum;
                    return Outcome::Cut;
                }
            }
        }
        Outcome::Same
    }

    /// Step 2E: partner ruffs side suit `s` when the leader leads it (one
    /// such ruff is counted at most); `w1` holds the suit's top card.
    #[inline(always)]
    fn partner_ruff(&mut self, s: usize, w1: usize) -> Outcome {
        let (me, l, p, r, h, len) = (self.me, self.l, self.p, self.r, self.h, self.len);
        let t = self.strain.index();
        let trump_game = self.strain != Strain::NoTrump;
        let (own, c_l, c_r, c_p) = (len[me][s], len[l][s], len[r][s], len[p][s]);
        if !(trump_game && s != t && own > 0 && !self.ruff_counted && c_p == 0 && len[p][t] > 0) {
            return Outcome::Same;
        }
        let ours = |seat: usize| seat == me || seat == p;
        if !(self.q == 0 || (!ours(w1) && !ours(self.holder(t, 0, nth_bit(self.aggr(t), 0))))) {
            return Outcome::Same;
        }
        let (tr_p, tr_l, tr_r) = (h[p][t], h[l][t], h[r][t]);
        let p_top = if tr_p == 0 { 0 } else { 1 << (31 - tr_p.leading_zeros()) };
        if (c_r > 0 || len[r][t] == 0) && (c_l > 0 || len[l][t] == 0) {
            // Neither opponent can ruff: partner's ruff wins.
            self.ruff_counted = true;
            if 1 >= self.cutoff {
                self.q = 1;
                return Outcome::Cut;
            }
        } else {
            // Partner must ruff above every opponent who ruffs too.
            let threat = if c_l == 0 { tr_l } else { 0 } | if c_r == 0 { tr_r } else { 0 };
            if tr_p > threat {
                self.ruff_counted = true;
                self.add_rank(t, p_top);
                if 1 >= self.cutoff {
                    self.q = 1;
                    return Outcome::Cut;
                }
            }
        }
        Outcome::NextSuit
    }

    /// Step 3: with no quick trick at all and no trump left, the
    /// opponents win this trick; the answer if that settles `target` of
    /// the `left` tricks.
    #[inline(always)]
    fn opponents_win(&self, target: Tricks, left: Tricks) -> Option<Quick> {
        let (me, len) = (self.me, self.len);
        let trump_game = self.strain != Strain::NoTrump;
        let t = self.strain.index();
        let no_trumps_left = !trump_game || (0..4).all(|seat| len[seat][t] == 0);
        if self.q != 0 || !no_trumps_left {
            return None;
        }
        let mut ranks = 0u64;
        for s in 0..4 {
            let aggr = self.aggr(s);
            if aggr != 0 && len[me][s] > 0 {
                ranks |= u64::from(nth_bit(aggr, 0)) << (16 * s);
            }
        }
        let other_cut = if me & 1 == 0 { left - target + 1 } else { target };
        (1 >= other_cut).then_some(Quick { cut: true, tricks: 0, ranks })
    }
}

/// The quick tricks of the side on lead at a trick boundary in `strain`,
/// against `target` tricks for North-South: 1. an entry to partner's hand
/// ([`Count::partner_entry`]); 2. suit by suit, trumps first, the tricks
/// cashed ([`Count::count_suit`]) until they settle the target; 3. with
/// none, whether the opponents' trick settles it the other way
/// ([`Count::opponents_win`]).
#[inline(always)]
pub(crate) fn quick_tricks(pos: &Position, unpacked: &Unpacked, strain: Strain, target: Tricks, left: Tricks) -> Quick {
    let me = pos.leader_index();
    let (l, p, r) = ((me + 1) & 3, (me + 2) & 3, (me + 3) & 3);
    let (h, len) = (&unpacked.lanes, &unpacked.lengths);
    let ns_leads = me & 1 == 0;
    let trump_game = strain != Strain::NoTrump;
    // The trump suit's index; no suit's in no trump, so no test of a suit
    // against it needs to ask whether there is a trump suit.
    let t = strain.index();
    let mut c = Count {
        pos,
        h,
        len,
        me,
        p,
        l,
        r,
        strain,
        // The count of sure tricks that settles the target.
        cutoff: if ns_leads { target } else { left - target + 1 },
        q: 0,
        ranks: 0,
        opp_trumps_l: if trump_game { len[l][t] } else { 0 },
        opp_trumps_r: if trump_game { len[r][t] } else { 0 },
        comm: None,
        ruff_counted: false,
    };
    c.comm = c.partner_entry();
    for suit in dds_tables::suits_trump_first(strain) {
        match c.count_suit(suit.index()) {
            Outcome::Cut => return Quick { cut: true, tricks: c.q as u8, ranks: c.ranks },
            Outcome::NextSuit | Outcome::Same => {}
        }
    }
    if let Some(quick) = c.opponents_win(target, left) {
        return quick;
    }
    Quick { cut: false, tricks: c.q.min(255) as u8, ranks: c.ranks }
}

#[cfg(test)]
mod tests {
    use super::quick_tricks;
    use crate::position::Position;
    use crate::quick::unpack::Unpacked;
    use dds_model::{Deal, Seat, Strain};

    /// East cashes the jack of trumps (diamonds), which draws both opponents'
    /// last trumps, then the hearts East-West alone hold. The count of the
    /// hearts rests on the trumps being drawn, so the answer's ranks must
    /// keep the jack: with it elsewhere (South's, say), North-South would
    /// ruff. A count that dropped the ranks gathered before the hearts made
    /// a table entry claim the result for positions where it is wrong
    /// (found on list100's deal at line 296, diamonds, declarer East).
    #[test]
    fn counts_after_drawing_trumps_keep_the_trumps_ranks() {
        let deal: Deal = "N:KQ..7. .AQ.J. ..8.QJ A.KJ..".parse().expect("valid deal");
        let pos = Position::new(*deal.hands(), Seat::East, &[], Strain::Diamonds).expect("valid position");
        // North-South need 2 of the 3 tricks: East-West's 2 sure tricks settle it.
        let quick = quick_tricks(&pos, &Unpacked::new(&pos), Strain::Diamonds, 2, 3);
        assert!(quick.cut);
        assert!(quick.tricks >= 2);
        let jack_of_diamonds = 1u64 << (16 * 2 + 9);
        assert_ne!(quick.ranks & jack_of_diamonds, 0, "ranks {:#x}", quick.ranks);
    }
}
