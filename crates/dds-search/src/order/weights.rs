//! The weights of DDS 2.9's move generator, by seat in the trick and by
//! trump or no trump (DDS's `WeightAlloc*` functions).
//!
//! Higher weights are tried first. The weights are empirical; they change
//! only the order of the search, never its result. Notation follows the
//! DDS description: `me` plays, `ld` led, `p` is the leader's partner (third
//! seat), `l` the second seat and `r` the fourth seat; `rr` is a card's
//! relative rank counted from the top (1 = highest card in play).
//!
//! Ranks are *rank values* as DDS writes them, 2 (the deuce) to 14 (the
//! ace), and [`NO_RANK`] where there is no card: below every rank, so a
//! comparison with a missing card needs no case of its own.

use dds_model::{Card, Strain};

use crate::position::{suit_lane, Position, NO_SEAT};

/// The rank value of a missing card: below every card's.
const NO_RANK: i32 = 0;

/// The rank value (2..=14) of the highest card of a 13-bit lane,
/// [`NO_RANK`] if empty.
#[inline]
fn hi(lane: u32) -> i32 {
    if lane == 0 {
        NO_RANK
    } else {
        33 - lane.leading_zeros() as i32
    }
}

/// The rank value of the lowest card of a lane, [`NO_RANK`] if empty.
#[inline]
fn lo(lane: u32) -> i32 {
    if lane == 0 {
        NO_RANK
    } else {
        lane.trailing_zeros() as i32 + 2
    }
}

/// The lane bit of rank value `r`.
#[inline]
fn bit(r: i32) -> u32 {
    1 << (r - 2)
}

/// The moves to weigh: the cards of a node's list, the tops of their groups
/// of equivalent cards, with the groups' bottoms (`Hand` bits).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Moves<'a> {
    cards: &'a [Card],
    bottoms: u64,
}

impl<'a> Moves<'a> {
    /// The moves `cards` (at least one), whose groups' bottoms are
    /// `bottoms`.
    #[inline]
    pub(crate) fn new(cards: &'a [Card], bottoms: u64) -> Moves<'a> {
        debug_assert!(!cards.is_empty());
        Moves { cards, bottoms }
    }

    /// The moves in order, as candidates.
    #[inline]
    fn iter(self) -> impl DoubleEndedIterator<Item = Candidate> + ExactSizeIterator + 'a {
        let bottoms = self.bottoms;
        self.cards.iter().map(move |&card| Candidate::new(card, bottoms))
    }

    /// The first move.
    #[inline]
    fn first(self) -> Candidate {
        Candidate::new(self.cards[0], self.bottoms)
    }
}

/// A move to weigh: the card's suit and rank value, and whether it has
/// lower equivalent cards.
#[derive(Copy, Clone, Debug)]
struct Candidate {
    suit: u8,
    /// The rank value, 2..=14.
    rank: u8,
    seq: bool,
}

impl Candidate {
    /// The move `card`, the top of its group of equivalent cards, whose
    /// group bottoms are `bottoms` (`Hand` bits).
    #[inline]
    fn new(card: Card, bottoms: u64) -> Candidate {
        let bit = card.bit();
        // A top that is not also a bottom heads a group of two or more.
        Candidate { suit: (bit >> 4) as u8, rank: (bit & 15) as u8 + 2, seq: bottoms >> bit & 1 == 0 }
    }

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
    /// The cards of the current trick, as `Hand` bits: one word, because
    /// an array filled suit by suit with narrow stores and then copied with
    /// the node's wide loads would stall on store forwarding.
    trick_cards: u64,
    /// The strain as far as the weights are concerned: no trump when no
    /// trump was in play at the start of the trick.
    strain: Strain,
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
    #[inline(always)]
    pub(crate) fn new(pos: &Position) -> Node {
        let ld = pos.leader_index();
        let mut trick = [(0usize, 0i32); 3];
        let mut trick_cards = 0u64;
        for (i, &b) in pos.trick[..pos.count as usize].iter().enumerate() {
            let (s, r) = ((b >> 4) as usize, (b & 15) as i32 + 2);
            trick[i] = (s, r);
            trick_cards |= 1u64 << b;
        }
        let later = pos.hands[ld].count_ones() as i32 - i32::from(pos.count == 0);
        let mut node = Node {
            hands: pos.hands,
            trick_cards,
            strain: Strain::NoTrump,
            me: pos.seat_to_play(),
            ld,
            count: pos.count as usize,
            trick,
            later,
            win: pos.winning_index(),
            owners: pos.owners,
        };
        if let Some(trump) = pos.strain.trump() {
            if node.start(trump.index()) != 0 {
                node.strain = pos.strain;
            }
        }
        node
    }

    /// The trump suit's index; no suit's in no trump.
    #[inline]
    fn trump(&self) -> usize {
        self.strain.index()
    }

    /// Whether the weights are those of no trump.
    #[inline]
    fn no_trump(&self) -> bool {
        self.strain == Strain::NoTrump
    }

    /// At a trick boundary, the three highest cards of suit `s`: (rank
    /// value, owner), or ([`NO_RANK`], [`NO_SEAT`]) past the suit's last
    /// card. The owners come from the position's owner codes.
    #[inline]
    fn top3(&self, s: usize) -> [(i32, usize); 3] {
        debug_assert_eq!(self.count, 0);
        let mut x = self.aggr(s);
        core::array::from_fn(|k| {
            let r = hi(x);
            x &= !(((1u64 << 31) >> x.leading_zeros()) as u32);
            if r == NO_RANK {
                (NO_RANK, NO_SEAT)
            } else {
                (r, ((self.owners[s] >> (2 * k)) & 3) as usize)
            }
        })
    }

    /// The cards `seat` holds in suit `s`, as a lane.
    #[inline]
    fn h(&self, seat: usize, s: usize) -> u32 {
        suit_lane(self.hands[seat], s) as u32
    }

    /// How many cards `seat` holds in suit `s`.
    #[inline]
    fn len(&self, seat: usize, s: usize) -> i32 {
        self.h(seat, s).count_ones() as i32
    }

    /// The cards of suit `s` in the hands.
    #[inline]
    fn aggr(&self, s: usize) -> u32 {
        suit_lane(self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3], s) as u32
    }

    /// The cards of suit `s` in play at the start of the trick.
    #[inline]
    fn start(&self, s: usize) -> u32 {
        self.aggr(s) | suit_lane(self.trick_cards, s) as u32
    }

    /// The k-th highest card (k = 0, 1, 2) in play at the start of the
    /// trick in suit `s`: (rank value, owner), or ([`NO_RANK`], [`NO_SEAT`])
    /// if none.
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
        if r == NO_RANK {
            (NO_RANK, NO_SEAT)
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

    /// Weighs the candidate moves of the seat to play, into `out`: all but
    /// those of the fourth seat following suit, which [`fourth_follow`]
    /// weighs without a node. `killer` and `table_move` are the killer move
    /// of this depth and the table's last best move, as (suit, rank value).
    #[inline(always)]
    pub(crate) fn weigh(
        &self,
        moves: Moves<'_>,
        killer: Option<(usize, i32)>,
        table_move: Option<(usize, i32)>,
        out: &mut [i32],
    ) {
        if self.count == 0 {
            // Moves come suit by suit: each suit's part is worked out once.
            let mut suit = self.lead_suit(moves.first().suit());
            let mut current = moves.first().suit();
            for (m, w) in moves.iter().zip(out.iter_mut()) {
                if m.suit() != current {
                    current = m.suit();
                    suit = self.lead_suit(current);
                }
                let is_killer = killer == Some((m.suit(), m.rank()));
                let is_table_move = table_move == Some((m.suit(), m.rank()));
                *w = self.lead_card(&suit, &m, is_killer, is_table_move);
            }
            return;
        }
        let void = self.h(self.me, self.trick[0].0) == 0;
        match (self.count, void) {
            (1, false) => self.second_follow(moves, out),
            (1, true) => self.second_void(moves, out),
            (2, false) => self.third_follow(moves, out),
            (2, true) => self.third_void(moves, out),
            _ => {
                debug_assert!(void, "the fourth seat following suit is weighed by `fourth_follow`");
                self.fourth_void(moves, out)
            }
        }
    }

    fn seats(&self) -> (usize, usize, usize) {
        let ld = self.ld;
        ((ld + 1) & 3, (ld + 2) & 3, (ld + 3) & 3)
    }

    /// The suit-level part of a lead's weight: everything but the card's
    /// rank, worked out once per suit led.
    #[inline(always)]
    fn lead_suit(&self, s: usize) -> LeadSuit {
        if !self.no_trump() {
            self.lead_trump_suit(s)
        } else {
            self.lead_nt_suit(s)
        }
    }

    /// The weight of leading `m`, whose suit's part is `suit`.
    #[inline]
    fn lead_card(&self, suit: &LeadSuit, m: &Candidate, is_killer: bool, is_table_move: bool) -> i32 {
        if !self.no_trump() {
            self.lead_trump_card(suit, m, is_killer, is_table_move)
        } else {
            self.lead_nt_card(suit, m, is_killer, is_table_move)
        }
    }

    #[inline(always)]
    fn lead_trump_suit(&self, s: usize) -> LeadSuit {
        let (me, t) = (self.me, self.trump());
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

    #[inline(always)]
    fn lead_trump_card(&self, suit: &LeadSuit, m: &Candidate, is_killer: bool, is_table_move: bool) -> i32 {
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
            if is_killer {
                w += 55;
            } else if is_table_move {
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
            if is_killer {
                w += 18;
            }
            w
        }
    }

    #[inline(always)]
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

    fn lead_nt_card(&self, suit: &LeadSuit, m: &Candidate, is_killer: bool, is_table_move: bool) -> i32 {
        let rank = m.rank();
        let rr = self.rr(m.suit(), rank);
        if rank == suit.w1 || suit.win_other {
            let d = suit.d_win;
            let mut w = if suit.second_falls { d + 45 + rr } else { d + 18 + rr };
            if is_killer {
                w += 126;
            } else if is_table_move {
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
            if is_killer {
                w += 47;
            } else if is_table_move {
                w += 19;
            }
            w
        }
    }

    #[inline(always)]
    fn second_follow(&self, moves: Moves<'_>, out: &mut [i32]) {
        let (_, p, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let (max3, min3) = (hi(self.h(p, ls)), lo(self.h(p, ls)));
        let (maxpd, minpd) = (hi(self.h(r, ls)), lo(self.h(r, ls)));
        let t = self.trump();
        if self.no_trump() {
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
                (max3 != NO_RANK || self.len(p, t) == 0) || (maxpd == NO_RANK && self.len(r, t) != 0 && tr(r) > tr(p))
            } else if maxpd > lead && maxpd > max3 {
                max3 != NO_RANK || self.len(p, t) == 0
            } else if lead > maxpd && lead > max3 && lead > rank {
                maxpd == NO_RANK && self.len(r, t) != 0 && ((max3 != NO_RANK || self.len(p, t) == 0) || tr(r) > tr(p))
            } else {
                maxpd == NO_RANK && self.len(r, t) != 0
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
                } else if maxpd > NO_RANK {
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

    #[inline(always)]
    fn second_void(&self, moves: Moves<'_>, out: &mut [i32]) {
        let (_, p, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let pd_wins = self.h(r, ls) > (self.h(p, ls) | bit(lead));
        let t = self.trump();
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let kx = self.kx(s);
            let top_single = cnt == 1 && self.nth(s, 0).1 == me;
            *w = if self.no_trump() {
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
    fn rank_forces_ace(&self, moves: Moves<'_>, w1: i32, high1: usize) -> Option<usize> {
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
        if sec4 == NO_RANK {
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

    #[inline(always)]
    fn third_follow(&self, moves: Moves<'_>, out: &mut [i32]) {
        let (_, _, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let t = self.trump();
        let (w1s, w1, high1) = self.winning();
        let c4 = self.h(r, ls);
        let (max4, min4) = (hi(c4), lo(c4));
        let max3 = moves.iter().map(|m| m.rank()).max().unwrap_or(NO_RANK);
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
        if self.no_trump() {
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
            if max4 == NO_RANK || lead > max4 || max3 < min4 || max3 < w1 {
                all_low(out);
            } else if max3 > max4 {
                win_or_low(out, 58, false);
            } else {
                forcing(out, 60);
            }
        } else if max4 == NO_RANK {
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

    #[inline(always)]
    fn third_void(&self, moves: Moves<'_>, out: &mut [i32]) {
        let (_, _, r) = self.seats();
        let (ls, lead) = self.trick[0];
        let me = self.me;
        let t = self.trump();
        let (w1s, w1, high1) = self.winning();
        let max4 = hi(self.h(r, ls));
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let rr = self.rr(s, m.rank());
            *w = if self.no_trump() {
                let top_single = cnt == 1 && self.nth(s, 0).1 == me;
                -m.rank() + cnt * 64 / 24 - if self.kx(s) || top_single { 4 } else { 0 }
            } else if ls == t || s != t {
                -m.rank() + cnt * 64 / 40
            } else if high1 == 0 && lead > max4 && (max4 != NO_RANK || self.len(r, t) == 0) {
                -m.rank() - 50
            } else if w1s == t && m.rank() < w1 {
                -32 + rr + cnt * 64 / 40
            } else if high1 == 0 {
                if max4 != NO_RANK {
                    (if self.nth(ls, 1).1 == self.ld { 36 } else { 48 }) - m.rank() + cnt * 64 / 50
                } else if bit(m.rank()) > self.h(r, t) {
                    48 - m.rank() + cnt * 64 / 50
                } else {
                    -12 - m.rank() + cnt * 64 / 50
                }
            } else if max4 != NO_RANK {
                72 - m.rank() + cnt * 64 / 50
            } else if bit(m.rank()) > self.h(r, t) {
                48 - m.rank() + cnt * 64 / 50
            } else {
                36 - m.rank() + cnt * 64 / 50
            };
        }
    }

    #[inline(always)]
    fn fourth_void(&self, moves: Moves<'_>, out: &mut [i32]) {
        let (ls, _) = self.trick[0];
        let me = self.me;
        let t = self.trump();
        let (w2s, w2, high2) = self.winning();
        for (m, w) in moves.iter().zip(out.iter_mut()) {
            let s = m.suit();
            let cnt = self.len(me, s);
            let rr = self.rr(s, m.rank());
            *w = if self.no_trump() {
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

/// The weights of the fourth seat following suit (DDS's
/// `WeightAllocCombinedNotvoid3`), for the moves `cards` into `out`:
/// `30 - rank` for a card that beats the winning card when partner is not
/// winning, `-rank` otherwise. Moves come highest first, so the order is:
/// the cheapest winner first, then the rest from the lowest up. Only the
/// root's order weighs them (DDS's sorting networks order equal weights);
/// inside the search `rules::fourth_follow` gives the same order without
/// weights.
#[inline(always)]
pub(crate) fn fourth_follow(pos: &Position, cards: &[Card], out: &mut [i32]) {
    let win = pos.winning_index();
    let trump = pos.strain as u8;
    let lead_suit = pos.trick[0] >> 4;
    let winning = pos.trick[win];
    // Partner (the second seat) wins, or ruffed a side suit.
    let partner_wins = win == 1 || (lead_suit != trump && winning >> 4 == trump);
    for (card, w) in cards.iter().zip(out.iter_mut()) {
        let bit = card.bit() as u8;
        let rank = i32::from(bit & 15) + 2;
        *w = if !partner_wins && bit > winning && bit >> 4 == winning >> 4 { 30 - rank } else { -rank };
    }
}
