//! Move ordering: the weights of DDS 2.9's move generator, by seat in the
//! trick and by trump or no trump.
//!
//! Higher weights are tried first. The weights are empirical; they change
//! only the order of the search, never its result. Notation follows the
//! DDS description: `me` plays, `ld` led, `p` is the leader's partner (third
//! seat), `l` the second seat and `r` the fourth seat; `rr` is a card's
//! relative rank counted from the top (1 = highest card in play).

use crate::position::Position;

/// The rank value (2..=14) of the highest card of a 13-bit lane, 0 if empty.
#[inline]
fn hi(lane: u32) -> i32 {
    if lane == 0 {
        0
    } else {
        33 - lane.leading_zeros() as i32
    }
}

/// The rank value of the lowest card of a lane, 0 if empty.
#[inline]
fn lo(lane: u32) -> i32 {
    if lane == 0 {
        0
    } else {
        lane.trailing_zeros() as i32 + 2
    }
}

/// The lane bit of rank value `r`.
#[inline]
fn bit(r: i32) -> u32 {
    1 << (r - 2)
}

/// A move to weigh: the card's suit and rank value, and whether it has
/// lower equivalent cards.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Candidate {
    pub(crate) suit: u8,
    /// The rank value, 2..=14.
    pub(crate) rank: u8,
    pub(crate) seq: bool,
}

impl Candidate {
    #[inline]
    fn suit(&self) -> usize {
        usize::from(self.suit)
    }

    #[inline]
    fn rank(&self) -> i32 {
        i32::from(self.rank)
    }
}

/// The part of a lead's weight that depends on its suit only (see
/// [`Node::lead_suit`]).
#[derive(Copy, Clone, Debug)]
struct LeadSuit {
    /// The weight's base when the lead wins the trick, and when it loses.
    d_win: i32,
    d_lose: i32,
    /// The two highest cards of the suit: (rank value, owner).
    w1: i32,
    w1h: usize,
    w2: i32,
    w2h: usize,
    /// Whether the lead wins the trick: of the suit's top card, of another.
    win_top: bool,
    win_other: bool,
    /// A defender holds the top card alone.
    singleton_top: bool,
    /// No trump: the second-highest card is not with a defender who has
    /// other cards of the suit.
    second_falls: bool,
}

/// What the weights need to know about a node. Lanes and lengths are read
/// from the hands when asked: most weights look at one or two suits.
pub(crate) struct Node {
    /// Each seat's cards, as `Hand` bits.
    hands: [u64; 4],
    /// The cards of the current trick, per suit.
    trick_lanes: [u32; 4],
    /// The trump suit, or 4: trump weights apply only if a trump was in play.
    trump: usize,
    me: usize,
    ld: usize,
    count: usize,
    /// Cards of the trick: (suit, rank value).
    trick: [(usize, i32); 3],
    /// Tricks after the current one.
    later: i32,
    /// The index in the trick of the card winning it so far.
    win: usize,
    /// Per suit, the owners of the cards held from the highest down
    /// (the position's owner codes: 2 bits a card).
    owners: [u32; 4],
}

impl Node {
    pub(crate) fn new(pos: &Position, trump: Option<usize>) -> Node {
        let ld = pos.leader as usize;
        let mut trick = [(0usize, 0i32); 3];
        let mut trick_lanes = [0u32; 4];
        for (i, &b) in pos.trick[..pos.count as usize].iter().enumerate() {
            let (s, r) = ((b >> 4) as usize, (b & 15) as i32 + 2);
            trick[i] = (s, r);
            trick_lanes[s] |= bit(r);
        }
        let later = pos.hands[ld].count_ones() as i32 - i32::from(pos.count == 0);
        let mut node = Node {
            hands: pos.hands,
            trick_lanes,
            trump: 4,
            me: pos.seat_to_play(),
            ld,
            count: pos.count as usize,
            trick,
            later,
            win: pos.winning_index(),
            owners: pos.owners,
        };
        node.trump = match trump {
            Some(t) if node.start(t) != 0 => t,
            _ => 4,
        };
        node
    }

    /// At a trick boundary, the three highest cards of suit `s`: (rank
    /// value, owner), or (0, 4) past the suit's last card. The owners come
    /// from the position's owner codes.
    #[inline]
    fn top3(&self, s: usize) -> [(i32, usize); 3] {
        debug_assert_eq!(self.count, 0);
        let mut x = self.aggr(s);
        core::array::from_fn(|k| {
            let r = hi(x);
            x &= !(((1u64 << 31) >> x.leading_zeros()) as u32);
            if r == 0 {
                (0, 4)
            } else {
                (r, ((self.owners[s] >> (2 * k)) & 3) as usize)
            }
        })
    }

    /// The cards `seat` holds in suit `s`, as a lane.
    #[inline]
    fn h(&self, seat: usize, s: usize) -> u32 {
        ((self.hands[seat] >> (16 * s)) & 0x1fff) as u32
    }

    /// How many cards `seat` holds in suit `s`.
    #[inline]
    fn len(&self, seat: usize, s: usize) -> i32 {
        self.h(seat, s).count_ones() as i32
    }

    /// The cards of suit `s` in the hands.
    #[inline]
    fn aggr(&self, s: usize) -> u32 {
        ((self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]) >> (16 * s)) as u32 & 0x1fff
    }

    /// The cards of suit `s` in play at the start of the trick.
    #[inline]
    fn start(&self, s: usize) -> u32 {
        self.aggr(s) | self.trick_lanes[s]
    }

    /// The k-th highest card (k = 0, 1, 2) in play at the start of the
    /// trick in suit `s`: (rank value, owner), or (0, 4) if none.
    #[inline]
    fn nth(&self, s: usize, k: u32) -> (i32, usize) {
        if self.count == 0 {
            return self.top3(s)[k as usize];
        }
        let mut x = self.start(s);
        for _ in 0..k {
            if x == 0 {
                break;
            }
            x &= !(1 << (31 - x.leading_zeros()));
        }
        let r = hi(x);
        if r == 0 {
            (0, 4)
        } else {
            (r, self.owner(s, r))
        }
    }

    /// The seat that holds, or played to this trick, the card of suit `s`
    /// and rank value `r`.
    fn owner(&self, s: usize, r: i32) -> usize {
        let b = bit(r);
        if let Some(seat) = (0..4).find(|&seat| self.h(seat, s) & b != 0) {
            return seat;
        }
        let i = self.trick[..self.count].iter().position(|&c| c == (s, r)).unwrap_or(0);
        (self.ld + i) & 3
    }

    /// Relative rank of a card among the cards in the hands: 1 = highest.
    fn rr(&self, s: usize, r: i32) -> i32 {
        1 + (self.aggr(s) >> (r - 1)).count_ones() as i32
    }

    /// The card winning the trick so far: (suit, rank, position in the
    /// trick).
    fn winning(&self) -> (usize, i32, usize) {
        let (s, r) = self.trick[self.win];
        (s, r, self.win)
    }

    /// Weighs the candidate moves of the seat to play. `best` and `best_tt`
    /// are the killer move of this depth and the table's best move.
    pub(crate) fn weigh(
        &self,
        moves: &[Candidate],
        best: Option<(usize, i32)>,
        best_tt: Option<(usize, i32)>,
        out: &mut [i32],
    ) {
        match self.count {
            0 => {
                // Moves come suit by suit: each suit's part is worked out once.
                let mut suit = self.lead_suit(moves[0].suit());
                let mut current = moves[0].suit();
                for (m, w) in moves.iter().zip(out.iter_mut()) {
                    if m.suit() != current {
                        current = m.suit();
                        suit = self.lead_suit(current);
                    }
                    let is_best = best == Some((m.suit(), m.rank()));
                    let is_tt = best_tt == Some((m.suit(), m.rank()));
                    *w = self.lead_card(&suit, m, is_best, is_tt);
                }
            }
            _ => {
                let ls = self.trick[0].0;
                let void = self.h(self.me, ls) == 0;
                match (self.count, void) {
                    (1, false) => self.second_follow(moves, out),
                    (1, true) => self.second_void(moves, out),
                    (2, false) => self.third_follow(moves, out),
                    (2, true) => self.third_void(moves, out),
                    (_, false) => self.fourth_follow(moves, out),
                    (_, true) => self.fourth_void(moves, out),
                }
            }
        }
    }

    fn seats(&self) -> (usize, usize, usize) {
        let ld = self.ld;
        ((ld + 1) & 3, (ld + 2) & 3, (ld + 3) & 3)
    }

    /// The suit-level part of a lead's weight: everything but the card's
    /// rank, worked out once per suit led.
    fn lead_suit(&self, s: usize) -> LeadSuit {
        if self.trump < 4 {
            self.lead_trump_suit(s)
        } else {
            self.lead_nt_suit(s)
        }
    }

    /// The weight of leading `m`, whose suit's part is `suit`.
    #[inline]
    fn lead_card(&self, suit: &LeadSuit, m: &Candidate, is_best: bool, is_tt: bool) -> i32 {
        if self.trump < 4 {
            self.lead_trump_card(suit, m, is_best, is_tt)
        } else {
            self.lead_nt_card(suit, m, is_best, is_tt)
        }
    }

    fn lead_trump_suit(&self, s: usize) -> LeadSuit {
        let (me, t) = (self.me, self.trump);
        let (l, p, r) = self.seats();
        let c = |seat: usize| (if self.len(seat, s) == 0 { self.later + 1 } else { self.len(seat, s) }) * 4;
        let base = -((c(l) + c(r)) * 32 / 13);
        let [(w1, w1h), (w2, w2h), (_, h3)] = self.top3(s);
        let tr = |seat: usize| self.h(seat, t);
        let void_trumps = |seat: usize| self.len(seat, s) == 0 && self.len(seat, t) > 0;
        let mut bonus = 0;
        if s != t && (void_trumps(l) || void_trumps(r)) {
            bonus = -12;
        }
        if s != t && void_trumps(p) && self.len(r, s) > 0 {
            bonus += 17;
        }
        if w1h == r || w2h == r {
            if self.len(r, s) != 1 {
                bonus -= 12;
            }
        } else if w1h == l && w2h == p && self.len(p, s) != 1 {
            bonus += 27;
        }
        if s != t && self.len(me, s) == 1 && self.len(me, t) > 0 && self.len(p, s) > 1 && w1h == p {
            bonus += 19;
        }
        let d = base + bonus;
        let follows_or_no_trump = |seat: usize| self.len(seat, s) != 0 || self.len(seat, t) == 0;
        let win_top = s == t
            || if self.len(p, s) != 0 || self.len(p, t) == 0 {
                follows_or_no_trump(l) && follows_or_no_trump(r)
            } else {
                (self.len(l, s) != 0 || tr(p) > tr(l)) && (self.len(r, s) != 0 || tr(p) > tr(r))
            };
        let win_other = if self.h(p, s) > (self.h(l, s) | self.h(r, s)) {
            s == t || (follows_or_no_trump(l) && follows_or_no_trump(r))
        } else if s != t && void_trumps(p) {
            match (void_trumps(l), void_trumps(r)) {
                (true, true) => tr(p) > (tr(l) | tr(r)),
                (true, false) => tr(p) > tr(l),
                (false, true) => tr(p) > tr(r),
                (false, false) => true,
            }
        } else {
            false
        };
        let singleton_top = (self.len(l, s) == 1 && w1h == l) || (self.len(r, s) == 1 && w1h == r);
        let mut d_lose = d;
        if w2h == p && h3 == p {
            d_lose += 20;
        } else if self.len(p, s) > 1 && ((w2h == me && h3 == p) || (w2h == p && h3 == me)) {
            d_lose += 13;
        }
        LeadSuit { d_win: d, d_lose, w1, w1h, w2, w2h, win_top, win_other, singleton_top, second_falls: false }
    }

    fn lead_trump_card(&self, suit: &LeadSuit, m: &Candidate, is_best: bool, is_tt: bool) -> i32 {
        let (me, rank) = (self.me, m.rank());
        let (_, p, _) = self.seats();
        let LeadSuit { w1, w1h, w2, w2h, singleton_top, .. } = *suit;
        let win = if rank == w1 { suit.win_top } else { suit.win_other };
        let rr = self.rr(m.suit(), rank);
        if win {
            let d = suit.d_win;
            let mut w = if singleton_top {
                d + 35 + rr
            } else if w1h == me {
                if w2h == p {
                    d + 48 + rr
                } else if rank == w1 {
                    d + 31
                } else {
                    d - 3 + rr
                }
            } else if w1h == p {
                if w2h == me {
                    d + 42 + rr
                } else {
                    d + 28 + rr
                }
            } else if m.seq && rank == w2 {
                d + 40
            } else if m.seq {
                d + 22 + rr
            } else {
                d + 11 + rr
            };
            if is_best {
                w += 55;
            } else if is_tt {
                w += 18;
            }
            w
        } else {
            let d = suit.d_lose;
            let mut w = if singleton_top {
                d + rr + 2
            } else if w1h == me {
                if w2h == p {
                    d + 33 + rr
                } else if rank == w1 {
                    d + 38
                } else {
                    d - 14 + rr
                }
            } else if w1h == p {
                d + 34 + rr
            } else if m.seq && rank == w2 {
                d + 35
            } else {
                d + 17 - rank
            };
            if is_best {
                w += 18;
            }
            w
        }
    }

    fn lead_nt_suit(&self, s: usize) -> LeadSuit {
        let me = self.me;
        let (l, p, r) = self.seats();
        let c = |seat: usize| (if self.len(seat, s) == 0 { self.later + 1 } else { self.len(seat, s) }) * 4;
        let mut d = -((c(l) + c(r)) * 32 / 19);
        if self.len(p, s) == 0 {
            d -= 9;
        }
        let [(w1, w1h), (w2, w2h), (_, h3)] = self.top3(s);
        let win_other = self.h(p, s) > (self.h(l, s) | self.h(r, s));
        let mut d_win = d;
        if w2h == r {
            if self.len(r, s) != 1 {
                d_win -= 1;
            }
        } else if w2h == l {
            d_win += if self.len(l, s) != 1 { 22 } else { 16 };
        }
        let mut d_lose = d;
        if w1h == r || w2h == r {
            if self.len(r, s) != 1 {
                d_lose -= 10;
            }
        } else if w1h == l && w2h == p && self.len(p, s) != 1 {
            d_lose += 31;
        }
        if w2h == p && h3 == p {
            d_lose += 35;
        } else if self.len(p, s) > 1 && ((w2h == me && h3 == p) || (w2h == p && h3 == me)) {
            d_lose += 25;
        }
        let second_falls = (w2h != l || self.len(l, s) == 1) && (w2h != r || self.len(r, s) == 1);
        let singleton_top = (self.len(l, s) == 1 && w1h == l) || (self.len(r, s) == 1 && w1h == r);
        LeadSuit { d_win, d_lose, w1, w1h, w2, w2h, win_top: true, win_other, singleton_top, second_falls }
    }

    fn lead_nt_card(&self, suit: &LeadSuit, m: &Candidate, is_best: bool, is_tt: bool) -> i32 {
        let rank = m.rank();
        let rr = self.rr(m.suit(), rank);
        if rank == suit.w1 || suit.win_other {
            let d = suit.d_win;
            let mut w = if suit.second_falls { d + 45 + rr } else { d + 18 + rr };
            if is_best {
                w += 126;
            } else if is_tt {
                w += 32;
            }
            w
        } else {
            let d = suit.d_lose;
            let mut w = if suit.singleton_top {
                d + 28 + rr
            } else if suit.w1h == self.me {
                d - 17 + rr
            } else if !m.seq {
                d + 12 + rr
            } else if rank == suit.w2 {
                d + 48
            } else {
                d + 29 - rr
            };
            if is_best {
                w += 47;
            } else if is_tt {
                w += 19;
            }
            w
        }
    }

    fn second_follow(&self, moves: &[Candidate], out: &mut [i32]) {
        let (_, p, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let (max3, min3) = (hi(self.h(p, ls)), lo(self.h(p, ls)));
        let (maxpd, minpd) = (hi(self.h(r, ls)), lo(self.h(r, ls)));
        let t = self.trump;
        if t == 4 {
            if maxpd > lead && maxpd > max3 {
                for (m, w) in moves.iter().zip(out.iter_mut()) {
                    *w = -m.rank();
                }
                return;
            }
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                let rr = self.rr(ls, m.rank());
                *w = if m.rank() > lead && m.rank() > max3 {
                    81 - m.rank()
                } else if min3 > m.rank() || minpd > m.rank() {
                    -3 + rr
                } else if m.rank() < lead {
                    -11 + rr
                } else if m.seq {
                    10 + rr
                } else {
                    13 - m.rank()
                };
            }
            return;
        }
        let tr = |seat: usize| self.h(seat, t);
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let rank = m.rank();
            let win = if ls == t {
                (maxpd > lead && maxpd > max3) || (rank > lead && rank > max3)
            } else if rank > lead && rank > max3 {
                (max3 != 0 || self.len(p, t) == 0) || (maxpd == 0 && self.len(r, t) != 0 && tr(r) > tr(p))
            } else if maxpd > lead && maxpd > max3 {
                max3 != 0 || self.len(p, t) == 0
            } else if lead > maxpd && lead > max3 && lead > rank {
                maxpd == 0 && self.len(r, t) != 0 && ((max3 != 0 || self.len(p, t) == 0) || tr(r) > tr(p))
            } else {
                maxpd == 0 && self.len(r, t) != 0
            };
            let rr = self.rr(ls, rank);
            *w = if win {
                if min3 > rank {
                    40 + rr
                } else if maxpd > lead && self.h(self.ld, ls) > self.h(r, ls) {
                    41 + rr
                } else if rank > lead {
                    if rank < maxpd {
                        78 - rank
                    } else if rank > max3 {
                        73 - rank
                    } else if m.seq {
                        62 - rank
                    } else {
                        49 - rank
                    }
                } else if maxpd > 0 {
                    47 - rank
                } else {
                    40 - rank
                }
            } else if rank < min3 || rank < minpd {
                -9 + rr
            } else if rank < lead {
                -16 + rr
            } else if m.seq {
                22 - rank
            } else {
                10 - rank
            };
        }
    }

    /// The "Kx" test for discards: a doubleton with the second-highest card.
    fn kx(&self, s: usize) -> bool {
        self.len(self.me, s) == 2 && self.nth(s, 1).1 == self.me
    }

    fn second_void(&self, moves: &[Candidate], out: &mut [i32]) {
        let (_, p, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let pd_wins = self.h(r, ls) > (self.h(p, ls) | bit(lead));
        let t = self.trump;
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let kx = self.kx(s);
            let top_single = cnt == 1 && self.nth(s, 0).1 == me;
            *w = if t == 4 {
                let add = if pd_wins {
                    cnt * 64 / 23
                        - if kx {
                            2
                        } else if top_single {
                            3
                        } else {
                            0
                        }
                } else {
                    cnt * 64 / 33
                        - if kx {
                            6
                        } else if top_single {
                            8
                        } else {
                            0
                        }
                };
                -m.rank() + add
            } else if ls == t {
                let add = if pd_wins { cnt * 64 / 44 } else { cnt * 64 / 36 - if kx { 4 } else { 0 } };
                -m.rank() + add
            } else if s != t {
                let good = if self.len(p, ls) != 0 {
                    pd_wins || (self.len(r, ls) == 0 && self.len(r, t) != 0)
                } else {
                    (self.len(r, ls) == 0 && self.h(r, t) > self.h(p, t))
                        || (self.len(p, t) == 0 && self.h(r, ls) > bit(lead))
                };
                let add = if good { 60 + cnt * 64 / 44 } else { -2 + cnt * 64 / 36 - if kx { 4 } else { 0 } };
                -m.rank() + add
            } else if self.len(p, ls) != 0
                || (self.len(r, ls) == 0 && self.len(r, t) != 0 && self.h(r, t) > self.h(p, t))
                || bit(m.rank()) > self.h(p, t)
            {
                24 - m.rank() + cnt * 64 / 44
            } else {
                15 - m.rank() + cnt * 64 / 36 - if kx { 4 } else { 0 }
            };
        }
    }

    /// DDS's RankForcesAce: the index (in descending order of the moves) of
    /// the cheapest card that forces the fourth seat's top card, if any.
    fn rank_forces_ace(&self, moves: &[Candidate], w1: i32, high1: usize) -> Option<usize> {
        let (ls, _) = self.trick[0];
        let (_, _, r) = self.seats();
        let c4 = self.h(r, ls);
        let others = self.start(ls) & !c4;
        let top = 1u32 << (31 - c4.leading_zeros());
        let below = others & (top - 1);
        if below == 0 {
            return None;
        }
        let sec4 = hi(c4 & ((1 << (31 - below.leading_zeros())) - 1));
        if sec4 == 0 {
            return None;
        }
        let count_above = |x: i32| moves.iter().filter(|m| m.rank() > x).count();
        let k = if sec4 > w1 {
            count_above(sec4)
        } else if high1 == 1 {
            count_above(w1)
        } else {
            return None;
        };
        k.checked_sub(1)
    }

    fn third_follow(&self, moves: &[Candidate], out: &mut [i32]) {
        let (_, _, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let t = self.trump;
        let (w1s, w1, high1) = self.winning();
        let c4 = self.h(r, ls);
        let (max4, min4) = (hi(c4), lo(c4));
        let max3 = moves.iter().map(|m| m.rank()).max().unwrap_or(0);
        let all_low = |out: &mut [i32]| {
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                *w = -m.rank();
            }
        };
        let win_or_low = |out: &mut [i32], base: i32, need_w1: bool| {
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                *w = if m.rank() > max4 && (!need_w1 || m.rank() > w1) { base - m.rank() } else { -m.rank() };
            }
        };
        let forcing = |out: &mut [i32], base: i32| {
            let kb = self.rank_forces_ace(moves, w1, high1);
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                *w = if m.rank() > w1 && m.rank() > max4 { base - m.rank() } else { -m.rank() };
            }
            if let Some(k) = kb {
                // Moves arrive in descending rank order within the suit.
                if let Some(w) = out.get_mut(k) {
                    *w += 20;
                }
            }
        };
        if t == 4 {
            if high1 == 0 && lead > max4 {
                all_low(out);
                if self.len(self.ld, ls) == 0 && self.nth(ls, 0).1 == me {
                    let opp_len = (self.len(r, ls) - 1).max(self.len((self.ld + 1) & 3, ls));
                    // My top sequence, with partner's card counted as gone.
                    let mine = self.h(me, ls);
                    let others = self.start(ls) & !mine & !bit(lead);
                    let top_seq = if others == 0 {
                        mine.count_ones()
                    } else {
                        (mine >> (32 - others.leading_zeros())).count_ones()
                    } as i32;
                    if opp_len < top_seq {
                        if let Some(k) = moves.iter().rposition(|m| m.rank() > lead) {
                            out[k] += 20;
                        }
                    }
                }
                return;
            }
            if max3 < min4 || max3 < w1 {
                all_low(out);
                return;
            }
            let kb = if max4 > max3 && max4 > w1 { self.rank_forces_ace(moves, w1, high1) } else { None };
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                *w = if m.rank() > w1 && m.rank() > max4 { 60 - m.rank() } else { -m.rank() };
            }
            if let Some(k) = kb {
                if let Some(w) = out.get_mut(k) {
                    *w += 20;
                }
            }
            return;
        }
        if ls == t {
            if (high1 == 0 && lead > max4) || max3 < min4 || max3 < w1 {
                all_low(out);
            } else if max3 > max4 {
                win_or_low(out, 58, true);
            } else {
                all_low(out);
                if let Some(k) = self.rank_forces_ace(moves, w1, high1) {
                    out[k] += 20;
                }
            }
        } else if w1s == t {
            all_low(out);
        } else if high1 == 0 {
            if max4 == 0 || lead > max4 || max3 < min4 || max3 < w1 {
                all_low(out);
            } else if max3 > max4 {
                win_or_low(out, 58, false);
            } else {
                forcing(out, 60);
            }
        } else if max4 == 0 {
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                *w = if m.rank() > w1 { 20 - m.rank() } else { -m.rank() };
            }
        } else if max3 < min4 || max3 < w1 {
            all_low(out);
        } else if max3 > max4 {
            win_or_low(out, 58, true);
        } else {
            forcing(out, 60);
        }
    }

    fn third_void(&self, moves: &[Candidate], out: &mut [i32]) {
        let (_, _, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let t = self.trump;
        let (w1s, w1, high1) = self.winning();
        let max4 = hi(self.h(r, ls));
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let rr = self.rr(s, m.rank());
            *w = if t == 4 {
                let top_single = cnt == 1 && self.nth(s, 0).1 == me;
                -m.rank() + cnt * 64 / 24 - if self.kx(s) || top_single { 4 } else { 0 }
            } else if ls == t || s != t {
                -m.rank() + cnt * 64 / 40
            } else if high1 == 0 && lead > max4 && (max4 != 0 || self.len(r, t) == 0) {
                -m.rank() - 50
            } else if w1s == t && m.rank() < w1 {
                -32 + rr + cnt * 64 / 40
            } else if high1 == 0 {
                if max4 != 0 {
                    (if self.nth(ls, 1).1 == self.ld { 36 } else { 48 }) - m.rank() + cnt * 64 / 50
                } else if bit(m.rank()) > self.h(r, t) {
                    48 - m.rank() + cnt * 64 / 50
                } else {
                    -12 - m.rank() + cnt * 64 / 50
                }
            } else if max4 != 0 {
                72 - m.rank() + cnt * 64 / 50
            } else if bit(m.rank()) > self.h(r, t) {
                48 - m.rank() + cnt * 64 / 50
            } else {
                36 - m.rank() + cnt * 64 / 50
            };
        }
    }

    fn fourth_follow(&self, moves: &[Candidate], out: &mut [i32]) {
        let (ls, _) = self.trick[0];
        let (w2s, w2, high2) = self.winning();
        let partner_wins = high2 == 1 || (ls != self.trump && w2s == self.trump);
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            *w = if !partner_wins && m.rank() > w2 { 30 - m.rank() } else { -m.rank() };
        }
    }

    fn fourth_void(&self, moves: &[Candidate], out: &mut [i32]) {
        let (ls, _) = self.trick[0];
        let me = self.me;
        let t = self.trump;
        let (w2s, w2, high2) = self.winning();
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let rr = self.rr(s, m.rank());
            *w = if t == 4 {
                let top_single = cnt == 1 && self.nth(s, 0).1 == me;
                -m.rank() + cnt * 64 / 27
                    - if self.kx(s) {
                        6
                    } else if top_single {
                        8
                    } else {
                        0
                    }
            } else {
                let val = cnt * 64 / 24 - if self.kx(s) { 2 } else { 0 };
                if ls == t {
                    -m.rank() + val
                } else if high2 == 1 {
                    (if s == t { 2 } else { 25 }) - m.rank() + val
                } else if w2s == t {
                    if s == t {
                        if m.rank() > w2 {
                            33 + rr
                        } else {
                            -13 + rr
                        }
                    } else {
                        14 - m.rank() + val
                    }
                } else if s == t {
                    33 + rr
                } else {
                    14 - m.rank() + val
                }
            };
        }
    }
}
