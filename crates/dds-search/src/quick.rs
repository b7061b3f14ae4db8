//! Quick tricks: the tricks the side on lead can cash at once, DDS's
//! `QuickTricks`, at the start of a trick.
//!
//! Every count comes with the winning ranks it depends on; the tests on suit
//! lengths need no ranks, since lengths are part of every table key.

// Suit and seat indices address several per-suit arrays at once.
#![allow(clippy::needless_range_loop)]

use dds_model::Strain;

use crate::position::{length_shift, suit_lane, Position, NO_SEAT};

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
}

/// What a suit's evaluation tells the loop.
enum Outcome {
    Cut,
    NextSuit,
    Same,
}

/// The highest card of a lane as a lane bit, 0 if none.
#[inline]
fn top_bit(x: u32) -> u32 {
    ((1u64 << 31) >> x.leading_zeros()) as u32
}

/// The `k`-th highest card (0-based, `k` at most 2) of `aggr` as a lane
/// bit, 0 if none.
#[inline]
fn nth_bit(aggr: u32, k: u32) -> u32 {
    let first = top_bit(aggr);
    if k == 0 {
        return first;
    }
    let second = top_bit(aggr ^ first);
    if k == 1 {
        return second;
    }
    top_bit(aggr ^ first ^ second)
}

/// The seat of the `k`-th highest card of suit `s` at a trick boundary, from
/// the position's owner codes, given that card's lane bit `bit` ([`NO_SEAT`]
/// if `bit` is 0: the suit has `k` cards or fewer).
#[inline]
fn nth_holder(pos: &Position, s: usize, k: u32, bit: u32) -> usize {
    if bit != 0 {
        ((pos.owners[s] >> (2 * k)) & 3) as usize
    } else {
        NO_SEAT
    }
}

/// Every seat's length in every suit, `len[seat][suit]`, from the position's
/// lengths.
#[inline]
fn lengths(pos: &Position) -> [[u32; 4]; 4] {
    core::array::from_fn(|seat| core::array::from_fn(|s| ((pos.lengths >> length_shift(s, seat)) & 15) as u32))
}

impl Count<'_> {
    fn aggr(&self, s: usize) -> u32 {
        self.h[0][s] | self.h[1][s] | self.h[2][s] | self.h[3][s]
    }

    /// The seat holding the `k`-th highest card of suit `s`, whose lane bit
    /// is `bit` ([`NO_SEAT`] if `bit` is 0).
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
}

/// The quick tricks of the side on lead at a trick boundary in `strain`,
/// against `target` tricks for North-South.
pub(crate) fn quick_tricks(pos: &Position, unpacked: &Unpacked, strain: Strain, target: u32, left: u32) -> Quick {
    let me = pos.leader_index();
    let (l, p, r) = ((me + 1) & 3, (me + 2) & 3, (me + 3) & 3);
    let (h, len) = (&unpacked.lanes, &unpacked.lengths);
    let ns_leads = me & 1 == 0;
    // The count of sure tricks that settles the target.
    let cutoff = if ns_leads { target } else { left - target + 1 };
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
        cutoff,
        q: 0,
        ranks: 0,
        opp_trumps_l: if trump_game { len[l][t] } else { 0 },
        opp_trumps_r: if trump_game { len[r][t] } else { 0 },
        comm: None,
    };
    let cut = |tricks: u32, ranks: u64| Quick { cut: true, tricks: tricks as u8, ranks };

    // 1. An entry to partner's hand.
    let no_ruff = |s: usize| (len[l][s] > 0 || len[l][t] == 0) && (len[r][s] > 0 || len[r][t] == 0);
    for s in 0..4 {
        if s == t {
            continue;
        }
        let aggr = c.aggr(s);
        let (first, second) = (nth_bit(aggr, 0), nth_bit(aggr, 1));
        let (w1, w2) = (c.holder(s, 0, first), c.holder(s, 1, second));
        if w1 == p {
            if len[me][s] > 0 && (!trump_game || no_ruff(s)) {
                c.comm = Some((s, first));
                break;
            }
        } else if w2 == p && w1 == me && len[me][s] >= 2 && len[p][s] >= 2 && (!trump_game || no_ruff(s)) {
            c.comm = Some((s, second));
            break;
        }
    }
    if trump_game && c.comm.is_none() && len[me][t] > 0 {
        let first = nth_bit(c.aggr(t), 0);
        if c.holder(t, 0, first) == p {
            c.comm = Some((t, first));
        }
    }

    // 2. Suit by suit, trumps first.
    let mut lowest_q = 0;
    for suit in dds_tables::suits_trump_first(strain) {
        let s = suit.index();
        let (own, c_l, c_r, c_p) = (len[me][s], len[l][s], len[r][s], len[p][s]);
        let opps = c_l | c_r;
        // A. Only the leader holds the suit.
        if opps == 0 && c_p == 0 {
            if own == 0 {
                continue;
            }
            if trump_game && s != t {
                if c.no_opp_trumps() && c.credit(own) {
                    return cut(c.q, c.ranks);
                }
                continue;
            }
            if c.credit(own) {
                return cut(c.q, c.ranks);
            }
            continue;
        }
        // B. The opponents hold none of the suit.
        let exists_ruff = |a: usize, b: usize| (0..4).any(|x| x != t && len[a][x] > 0 && len[b][x] == 0);
        if opps == 0 && trump_game && s == t {
            let mut sum = own.max(c_p);
            if sum > 0 && own >= c_p && exists_ruff(me, p) {
                sum += 1;
            }
            if sum >= cutoff {
                return cut(sum, c.ranks);
            }
        } else if opps == 0 {
            let sum = own.min(c_p);
            if (!trump_game || (s != t && c.no_opp_trumps())) && sum >= cutoff {
                return cut(sum, c.ranks);
            }
        }
        if let Some((comm_s, comm_bit)) = c.comm {
            if opps == 0 && own == 0 {
                if trump_game && s != t {
                    if c.no_opp_trumps() {
                        c.add_rank(comm_s, comm_bit);
                        if c.credit(c_p) {
                            return cut(c.q, c.ranks);
                        }
                    }
                    continue;
                }
                c.add_rank(comm_s, comm_bit);
                if c.credit(c_p) {
                    return cut(c.q, c.ranks);
                }
                continue;
            } else if opps == 0 && trump_game && s == t {
                let mut sum = own.max(c_p);
                if sum > 0 && own <= c_p && exists_ruff(p, me) {
                    sum += 1;
                }
                if sum >= cutoff {
                    return cut(sum, c.ranks | u64::from(comm_bit) << (16 * comm_s));
                }
            }
        }
        // C. Nobody holds the suit.
        let aggr = c.aggr(s);
        if aggr == 0 {
            continue;
        }
        // D. Top cards of the leader or of partner.
        let (first, second) = (nth_bit(aggr, 0), nth_bit(aggr, 1));
        let w1 = c.holder(s, 0, first);
        let next = if w1 == me {
            if trump_game && s != t {
                c.lead_hand_trump(s, first, second)
            } else {
                c.lead_hand_nt(s, first, second)
            }
        } else if w1 == p && c.comm.is_some() {
            c.partner(s, first, second, trump_game && s != t)
        } else {
            Outcome::Same
        };
        match next {
            Outcome::Cut => return cut(c.q, c.ranks),
            Outcome::NextSuit => continue,
            Outcome::Same => {}
        }
        // E. Partner ruffs the suit.
        if trump_game && s != t && own > 0 && lowest_q == 0 && c_p == 0 && len[p][t] > 0 {
            let ours = |seat: usize| seat == me || seat == p;
            if c.q == 0 || (!ours(w1) && !ours(c.holder(t, 0, nth_bit(c.aggr(t), 0)))) {
                let (tr_p, tr_l, tr_r) = (h[p][t], h[l][t], h[r][t]);
                let p_top = if tr_p == 0 { 0 } else { 1 << (31 - tr_p.leading_zeros()) };
                if (c_r > 0 || len[r][t] == 0) && (c_l > 0 || len[l][t] == 0) {
                    // Neither opponent can ruff: partner's ruff wins.
                    lowest_q = 1;
                    if 1 >= cutoff {
                        return cut(1, c.ranks);
                    }
                } else {
                    // Partner must ruff above every opponent who ruffs too.
                    let threat = if c_l == 0 { tr_l } else { 0 } | if c_r == 0 { tr_r } else { 0 };
                    if tr_p > threat {
                        lowest_q = 1;
                        c.add_rank(t, p_top);
                        if 1 >= cutoff {
                            return cut(1, c.ranks);
                        }
                    }
                }
                continue;
            }
        }
        // F.
        if c.q >= cutoff {
            return cut(c.q, c.ranks);
        }
    }

    // 3. No quick trick at all: in no trump, the opponents win this trick.
    let no_trumps_left = !trump_game || (0..4).all(|seat| len[seat][t] == 0);
    if c.q == 0 && no_trumps_left {
        let mut ranks = 0u64;
        for s in 0..4 {
            let aggr = c.aggr(s);
            if aggr != 0 && len[me][s] > 0 {
                ranks |= u64::from(nth_bit(aggr, 0)) << (16 * s);
            }
        }
        let other_cut = if ns_leads { left - target + 1 } else { target };
        if 1 >= other_cut {
            return Quick { cut: true, tricks: 0, ranks };
        }
    }
    Quick { cut: false, tricks: c.q.min(255) as u8, ranks: c.ranks }
}

/// A position's cards and lengths per seat and suit, worked out once for
/// the quick and the later tricks of a node.
pub(crate) struct Unpacked {
    /// `lanes[seat][suit]`: the seat's cards of the suit.
    lanes: [[u32; 4]; 4],
    /// `lengths[seat][suit]`: how many cards the seat holds in the suit.
    lengths: [[u32; 4]; 4],
}

impl Unpacked {
    /// The unpacking, one element at a time: the form for targets without
    /// SSE4.1, and the reference the SSE4.1 form is tested against.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse4.1"), allow(dead_code))]
    #[inline]
    fn by_elements(pos: &Position) -> Unpacked {
        Unpacked { lanes: lanes(pos), lengths: lengths(pos) }
    }

    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.1")))]
    #[inline]
    pub(crate) fn new(pos: &Position) -> Unpacked {
        Unpacked::by_elements(pos)
    }

    /// The unpacking with SSE4.1 (part of x86-64-v2, the workspace's
    /// target): each seat's four lanes widened at once, and the 16 length
    /// nibbles spread to bytes, reordered seat by seat and widened, instead
    /// of 32 extractions one element at a time.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    #[inline]
    pub(crate) fn new(pos: &Position) -> Unpacked {
        use core::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cvtepu16_epi32, _mm_cvtepu8_epi32, _mm_cvtsi64_si128, _mm_loadl_epi64,
            _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm_srli_si128, _mm_storeu_si128,
            _mm_unpacklo_epi8,
        };
        debug_assert!(pos.hands.iter().all(|&h| h & !crate::position::CARD_BITS == 0));
        let mut out = Unpacked { lanes: [[0; 4]; 4], lengths: [[0; 4]; 4] };
        // SAFETY: the build enables SSE4.1 (the `cfg` above), which the
        // intrinsics need; each load reads one `u64` of the hands (8 bytes),
        // each store writes one row of four `u32`s (16 bytes), in bounds.
        unsafe {
            for seat in 0..4 {
                // A hand's 16-bit lanes are its suits' lanes (hands hold card
                // bits only): widened to 32 bits.
                let hand = _mm_loadl_epi64(pos.hands.as_ptr().add(seat).cast::<__m128i>());
                _mm_storeu_si128(out.lanes[seat].as_mut_ptr().cast::<__m128i>(), _mm_cvtepu16_epi32(hand));
            }
            // The nibble of (suit, seat) is the `4 * suit + seat`-th: one
            // byte each, in that order, then seat by seat.
            let word = _mm_cvtsi64_si128(pos.lengths as i64);
            let low = _mm_set1_epi8(15);
            let bytes = _mm_unpacklo_epi8(_mm_and_si128(word, low), _mm_and_si128(_mm_srli_epi16(word, 4), low));
            let by_seat = _mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
            let rows = [by_seat, _mm_srli_si128(by_seat, 4), _mm_srli_si128(by_seat, 8), _mm_srli_si128(by_seat, 12)];
            for (seat, row) in rows.into_iter().enumerate() {
                _mm_storeu_si128(out.lengths[seat].as_mut_ptr().cast::<__m128i>(), _mm_cvtepu8_epi32(row));
            }
        }
        out
    }
}

/// The lane of every seat's cards, `h[seat][suit]`.
#[inline]
fn lanes(pos: &Position) -> [[u32; 4]; 4] {
    core::array::from_fn(|seat| core::array::from_fn(|s| suit_lane(pos.hands[seat], s) as u32))
}

/// The seat holding lane bit `bit` of suit `s` ([`NO_SEAT`] if nobody, or
/// `bit` is 0).
#[inline]
fn holder(h: &[[u32; 4]; 4], s: usize, bit: u32) -> usize {
    if bit == 0 {
        return NO_SEAT;
    }
    (0..4).find(|&seat| h[seat][s] & bit != 0).unwrap_or(NO_SEAT)
}

/// DDS's `LaterTricks`, after the quick tricks did not settle a node at a
/// trick boundary in `strain`: tricks the side *not* on lead surely takes
/// sooner or later. Returns the answer for North-South and its winning
/// ranks when that settles `target`.
pub(crate) fn later_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    strain: Strain,
    target: u32,
    left: u32,
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
            } else if left as i32 - sum as i32 >= target as i32 && sum > 0 {
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
            let settles =
                |tricks: u32| if ns_leads { (left as i32) - (tricks as i32) < target as i32 } else { tricks >= target };
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

/// The trump tricks a pair of hands takes sooner or later with the top
/// trumps it holds (bridge-solver's `TopTrumpTricks`): `my` and `pd` are
/// the pair's trump lanes, `all` every trump in play. Each of the pair's
/// top trumps in sequence wins a trick unless another one of them is
/// played to the same trick, which the longer trump hand can avoid. Returns
/// the count and its winning ranks (a lane).
#[inline]
fn top_trump_tricks(my: u32, pd: u32, all: u32) -> (u32, u32) {
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
#[inline]
fn slow_trump_tricks(my: u32, pd: u32, lho: u32, rho: u32, all: u32, leading: bool, left: u32) -> (u32, u32) {
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
/// tricks it cashes, [`side_tricks`]) as a lower bound. Returns the answer
/// for North-South and its winning ranks when that settles `target`.
///
/// `quick` is the quick tricks' count: the fast tricks seldom exceed it by
/// more than one, and settle too few nodes near the end (or in no trump)
/// to pay for the count there.
#[inline]
pub(crate) fn sure_trump_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    strain: Strain,
    target: u32,
    left: u32,
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
    left: u32,
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

/// Whether the side on lead's fast tricks reach `cut` of the `left`
/// tricks: its top trump tricks `top` (the count and its winning ranks, a
/// lane of the `trump` suit; none in no trump) plus its side-suit tricks
/// ([`side_tricks`]). Returns the winning ranks if so.
#[inline(always)]
fn fast_tricks(
    pos: &Position,
    unpacked: &Unpacked,
    trump: Option<usize>,
    top: (u32, u32),
    left: u32,
    cut: u32,
) -> Option<u64> {
    let side = side_tricks::<false>(pos, unpacked, trump).0;
    let trump_ranks = trump.map_or(0, |t| u64::from(top.1) << (16 * t));
    ((top.0 + side).min(left) >= cut).then(|| trump_ranks | side_ranks(pos, unpacked, trump))
}

/// The top `k` cards of the lane `x`.
#[inline]
fn keep_top(mut x: u32, k: u32) -> u32 {
    while x.count_ones() > k {
        x &= x - 1;
    }
    x
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

/// bridge-solver's fast tricks in any strain and at any count, for the
/// tests: the side on lead's top trumps plus its side-suit tricks, capped
/// at the tricks left.
#[cfg(test)]
fn fast_tricks_anywhere(pos: &Position, strain: Strain, target: u32, left: u32) -> Option<(bool, u64)> {
    let unpacked = Unpacked::new(pos);
    let h = &unpacked.lanes;
    let me = pos.leader_index();
    let trump = strain.trump().map(|t| t.index());
    let top = trump.map_or((0, 0), |t| top_trump_tricks(h[me][t], h[me ^ 2][t], h[0][t] | h[1][t] | h[2][t] | h[3][t]));
    let ns_leads = me & 1 == 0;
    let cut = if ns_leads { target } else { left + 1 - target };
    fast_tricks(pos, &unpacked, trump, top, left, cut).map(|ranks| (ns_leads, ranks))
}

/// DDS's `QuickTricksSecondHand`: after the lead, in `strain`, whether the
/// second hand's side surely wins this trick (and, in no trump, enough
/// more) to settle `target` tricks for North-South. Returns the winning
/// ranks if so.
pub(crate) fn quick_second_hand(pos: &Position, strain: Strain, target: u32, left: u32) -> Option<u64> {
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

#[cfg(test)]
mod tests {
    use super::{fast_tricks_anywhere, quick_tricks, sure_trump_tricks, Unpacked};
    use crate::position::Position;
    use crate::search::relevant_counts;
    use dds_model::{BySeat, Card, Deal, Hand, Seat, SplitMix64, Strain};

    /// A random ending of `tricks` tricks a hand, its cards drawn mostly
    /// from the suit `trump` (so that the trump rules fire often).
    fn trump_heavy_ending(rng: &mut SplitMix64, tricks: usize, trump: usize) -> [Hand; 4] {
        let mut deck: Vec<u32> = (0..52).map(|i| 16 * (i / 13) + i % 13).collect();
        rng.shuffle(&mut deck);
        // Trumps first, with a random share of them.
        let share = 4 + rng.below(9) as usize;
        let (mut trumps, others): (Vec<u32>, Vec<u32>) = deck.into_iter().partition(|&b| b as usize >> 4 == trump);
        trumps.truncate(share.min(4 * tricks));
        let mut cards = trumps;
        cards.extend(others.into_iter().take(4 * tricks - cards.len()));
        rng.shuffle(&mut cards);
        let mut hands = [Hand::EMPTY; 4];
        for (i, bit) in cards.into_iter().enumerate() {
            hands[i % 4].add(Card::from_bit(bit).expect("a card bit"));
        }
        hands
    }

    /// A position that matches `hands` on the top `relevant[s]` cards of
    /// each suit (same owners) and on every length: the owners of the
    /// other cards of each suit shuffled among themselves.
    fn matching(rng: &mut SplitMix64, hands: [Hand; 4], relevant: [u8; 4]) -> [Hand; 4] {
        let mut out = [Hand::EMPTY; 4];
        for suit in 0..4u32 {
            let mut cards: Vec<(u32, usize)> = (0..13u32)
                .rev()
                .filter_map(|r| {
                    let card = Card::from_bit(16 * suit + r).expect("a card bit");
                    (0..4).find(|&s| hands[s].contains(card)).map(|s| (16 * suit + r, s))
                })
                .collect();
            let k = usize::from(relevant[suit as usize]).min(cards.len());
            let mut owners: Vec<usize> = cards[k..].iter().map(|&(_, s)| s).collect();
            rng.shuffle(&mut owners);
            for (slot, owner) in cards[k..].iter_mut().zip(owners) {
                slot.1 = owner;
            }
            for (bit, seat) in cards {
                out[seat].add(Card::from_bit(bit).expect("a card bit"));
            }
        }
        out
    }

    /// Checks `bound`'s answer (North-South's result and its winning ranks,
    /// if it settles the target) for every target of the ending `hands`,
    /// `leader` on lead in `strain`, against a brute-force solve of the
    /// ending and of two endings that match it on the answer's ranks.
    /// Returns the number of answers.
    fn check_bounds(
        rng: &mut SplitMix64,
        hands: [Hand; 4],
        leader: Seat,
        strain: Strain,
        bound: impl Fn(&Position, u32) -> Option<(bool, u64)>,
    ) -> usize {
        let by_seat = BySeat::from_fn(|s: Seat| hands[s.index()]);
        let pos = Position::new(by_seat, leader, &[], strain).expect("a valid ending");
        let exact = dds_fixtures::minimax(hands, leader, &mut Vec::new(), strain);
        let mut answered = 0;
        for target in 1..=u32::from(pos.tricks_left()) {
            let Some((result, ranks)) = bound(&pos, target) else {
                continue;
            };
            answered += 1;
            let deal = Deal::new(by_seat);
            assert_eq!(result, u32::from(exact) >= target, "{deal} {strain} leader {leader} target {target}");
            let relevant = relevant_counts(pos.held(), ranks);
            for _ in 0..2 {
                let other = matching(rng, hands, relevant);
                let v = dds_fixtures::minimax(other, leader, &mut Vec::new(), strain);
                let other = Deal::new(BySeat::from_fn(|s: Seat| other[s.index()]));
                assert_eq!(
                    result,
                    u32::from(v) >= target,
                    "{deal} matched by {other}, {strain} leader {leader} target {target}"
                );
            }
        }
        answered
    }

    /// Runs [`check_bounds`] on 1,000 random endings (100 in a debug
    /// build) of 2 to 4 tricks, one in 100 of 5 (the brute force takes most
    /// of the time), drawn from `seed`: `ending` picks each case's strain
    /// and hands from its number and tricks, the leader is random, and
    /// `bound` answers a position for a target in that strain with that
    /// many tricks left. Asserts that more than a quarter of the cases got
    /// an answer.
    fn check_bound_cases(
        seed: u64,
        mut ending: impl FnMut(&mut SplitMix64, usize, usize) -> (Strain, [Hand; 4]),
        bound: impl Fn(&Position, Strain, u32, u32) -> Option<(bool, u64)>,
    ) {
        let mut rng = SplitMix64::new(seed);
        let cases = if cfg!(debug_assertions) { 100 } else { 1000 };
        let mut answered = 0;
        for case in 0..cases {
            let tricks = if case % 100 == 99 { 5 } else { 2 + case % 3 };
            let (strain, hands) = ending(&mut rng, case, tricks);
            let leader = Seat::new(rng.below(4) as usize);
            answered +=
                check_bounds(&mut rng, hands, leader, strain, |pos, target| bound(pos, strain, target, tricks as u32));
        }
        assert!(answered > cases / 4, "only {answered} answers");
    }

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

    /// A random ending of `tricks` tricks a hand.
    fn random_ending(rng: &mut SplitMix64, tricks: usize) -> [Hand; 4] {
        let mut deck: Vec<u32> = (0..52).map(|i| 16 * (i / 13) + i % 13).collect();
        rng.shuffle(&mut deck);
        let mut hands = [Hand::EMPTY; 4];
        for (i, &bit) in deck[..4 * tricks].iter().enumerate() {
            hands[i % 4].add(Card::from_bit(bit).expect("a card bit"));
        }
        hands
    }

    /// The unpacking the search uses (with SSE4.1 where the build has it)
    /// gives every seat's lanes and lengths as the element-wise reference
    /// does, on random endings of every length.
    #[test]
    fn unpacking_matches_the_reference() {
        let mut rng = SplitMix64::new(0x756e_7061_636b);
        for round in 0..2000 {
            let hands = random_ending(&mut rng, 1 + round % 13);
            let leader = Seat::ALL[round % 4];
            let pos = Position::new(BySeat(hands), leader, &[], Strain::NoTrump).expect("a valid ending");
            let (fast, reference) = (Unpacked::new(&pos), Unpacked::by_elements(&pos));
            assert_eq!(fast.lanes, reference.lanes, "{pos:?}");
            assert_eq!(fast.lengths, reference.lengths, "{pos:?}");
        }
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
