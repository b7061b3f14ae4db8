//! `Searcher`: the zero-window double dummy search.
//!
//! The search answers one question: can North-South take at least `target`
//! of the tricks still to be played from a position? [`Searcher::solve_ns`]
//! finds the exact number with a sequence of such searches.
//!
//! A node at a trick boundary goes through these steps:
//!
//! 1. Target reached or unreachable: `target == 0` or more than the tricks
//!    left.
//! 2. Last trick: evaluated directly; in trumps, the trump-length bound.
//! 3. Transposition table probe.
//! 4. Quick tricks of the side on lead, then later tricks, then in trumps
//!    bridge-solver's sure trump tricks of either side (top trumps, or
//!    slow trump tricks such as Kx behind the ace); an answer is stored
//!    (step 6).
//! 5. Move loop: the moves in the order of [`crate::order`] (equivalent
//!    cards once); in the first two tricks, leads whose probe of the
//!    table after the followers' first choices reaches the goal first.
//! 6. Store the bound with its winning ranks.
//!
//! A node inside a trick runs only the move loop. Every node returns, with
//! its answer, the *winning ranks*: the cards whose ranks the answer depends
//! on (see `ARCHITECTURE.md`).
//!
//! Tricks and targets are [`Tricks`] (`u32`) from the entry to the last
//! node: see there why.
//!
//! A search can be stopped part way by a flag shared with another thread
//! ([`Searcher::set_stop`]): it is looked at once every
//! [`STOP_INTERVAL`] nodes that reach step 5, so that a search in flight
//! ends within about a millisecond and the nodes cost no more.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use dds_model::{Card, PositionError, Strain};
use dds_tt::{Bound, Key, TransTable};

use crate::moves::{self, MoveList};
use crate::order::{MovePicker, Ordering};
use crate::position::{length_shift, trick_winner, Position};
use crate::quick::{later_tricks, quick_second_hand, quick_tricks, sure_trump_tricks, Unpacked};

mod isa;
mod ranks;
mod settings;

#[cfg(target_arch = "x86_64")]
use isa::V3;
use isa::{Isa, Portable};
pub(crate) use ranks::relevant_counts;
use ranks::{finished_trick, make_key, top_cards};

/// A number of tricks, or a target of tricks, everywhere in the search: the
/// entry's arguments and answers, every node's target and the counts the
/// quick tricks compare with it. One type, so that the search converts
/// nothing on its way down. `u32` rather than the `u8` of the model and the
/// facade, because the counts the nodes compare a target with are bit counts
/// (`count_ones`, a `u32`), and a machine word's arithmetic needs no
/// widening; unsigned, because a target is never negative (a node whose
/// target reaches 0 answers at once). The conversions are at the edges: to
/// the table's `u8` bounds (a target there is at most 13) and to the
/// facade's `u8` tricks.
pub type Tricks = u32;

/// The double dummy search over one strain, owning its transposition table.
#[derive(Clone, Debug)]
pub struct Searcher<T: TransTable> {
    tt: T,
    strain: Strain,
    nodes: u64,
    /// Completed tricks searched (DDS's node count).
    tricks: u64,
    /// What move ordering remembers from node to node.
    order: Ordering,
    /// The flag that asks the search to stop, if any.
    stop: Option<Arc<AtomicBool>>,
    /// Nodes reaching step 5 before the next look at `stop`.
    stop_countdown: u32,
    /// Whether the search runs x86-64-v3's code (`isa.rs`).
    v3: bool,
    /// Whether the search has seen `stop` set: every answer since then is
    /// meaningless (see [`Searcher::stopped`]).
    stopped: bool,
    /// The card that decided the last leader's move loop, for its store:
    /// set by that loop rather than returned, so that every loop returns
    /// its answer in two registers.
    decided: Option<Card>,
}

/// The nodes reaching the move loop at a trick boundary between two looks
/// at the stop flag: about 12,000 nodes in all, a millisecond of search or
/// less, and a look (an atomic load) too rare to show in the node's cost.
pub const STOP_INTERVAL: u32 = 1024;

impl<T: TransTable> Searcher<T> {
    /// The number of tricks North-South take from `pos` on, the current
    /// trick included, with best play by both sides.
    pub fn solve_ns(&mut self, pos: &Position) -> Tricks {
        let guess = pos.tricks_left().div_ceil(2);
        self.solve_ns_from(pos, Tricks::from(guess))
    }

    /// Like [`Searcher::solve_ns`], starting from a guess of the answer:
    /// each search steps the bound by one from the guess, which costs two
    /// searches when the guess is right (a table's other leaders are good
    /// guesses). Any guess gives the same answer: one outside 1 to the
    /// tricks left is taken as the nearest of the two.
    pub fn solve_ns_from(&mut self, pos: &Position, guess: Tricks) -> Tricks {
        let mut lower = 0;
        let mut upper = Tricks::from(pos.tricks_left());
        let mut target = guess.clamp(1, upper.max(1));
        while lower < upper {
            // `target` is in 1..=upper: the entry's answer is the search's.
            if self.search_entry(pos, target) {
                lower = target;
                target += 1;
            } else {
                upper = target - 1;
                target -= 1;
            }
            target = target.clamp(lower + 1, upper.max(lower + 1));
        }
        lower
    }

    /// Whether North-South can take at least `target` of the tricks left in
    /// `pos` (the current trick included) after the seat to play plays
    /// `card`: any target (0 is always reached, one above the tricks left
    /// never).
    ///
    /// # Errors
    ///
    /// As [`Position::after`]: [`PositionError::NotHeld`] when the seat to
    /// play does not hold `card`, [`PositionError::Revoke`] when it does
    /// not follow suit although it can. Checked here, once, so that the
    /// nodes need not.
    pub fn can_take_after(&mut self, pos: &Position, card: Card, target: Tricks) -> Result<bool, PositionError> {
        let seat = pos.to_play();
        if !pos.hand(seat).contains(card) {
            return Err(PositionError::NotHeld { card, seat });
        }
        if !pos.legal_cards().contains(card) {
            return Err(PositionError::Revoke(card));
        }
        // A target of 0 is reached whatever the play; the nodes take
        // targets from 1 on (a node inside a trick would count one below 0
        // when North-South win it).
        if target == 0 {
            return Ok(true);
        }
        let pos = &pos.with_strain(self.strain);
        Ok(if pos.count == 3 {
            self.nodes += 1;
            self.complete_trick_entry(pos, card, target)
        } else {
            let child = pos.play(card);
            self.search(&child, target).0
        })
    }

    /// Whether North-South can take at least `target` tricks from `pos` on:
    /// any target (0 is always reached, one above the tricks left never).
    pub fn can_take(&mut self, pos: &Position, target: Tricks) -> bool {
        target == 0 || self.search_entry(pos, target)
    }

    /// The search from `pos` for a target of at least 1.
    fn search_entry(&mut self, pos: &Position, target: Tricks) -> bool {
        let pos = pos.with_strain(self.strain);
        self.search(&pos, target).0
    }

    /// The node function: whether North-South take `target` tricks, and the
    /// winning ranks of the answer.
    fn search(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.v3 {
            // SAFETY: `v3` is set only on a processor with V3's features.
            return unsafe { V3::search(self, pos, target) };
        }
        // SAFETY: the portable code runs on every processor of the target.
        unsafe { Portable::search(self, pos, target) }
    }

    /// [`Searcher::search`] in the code of `I`.
    #[inline(always)]
    fn search_in<I: Isa>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        self.nodes += 1;
        if pos.count == 0 {
            // SAFETY: this node runs in `I`'s code, so the processor has its features.
            unsafe { I::search_lead(self, pos, target) }
        } else {
            self.search_follow::<I>(pos, target)
        }
    }

    /// [`Searcher::search`] for a position at a trick boundary.
    #[inline(always)]
    fn search_child_at_trick_start<I: Isa>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        self.nodes += 1;
        // SAFETY: this node runs in `I`'s code, so the processor has its features.
        unsafe { I::search_lead(self, pos, target) }
    }

    /// A node at a trick boundary.
    #[inline(always)]
    fn search_lead_in<I: Isa>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        let left = pos.hands[pos.leader_index()].count_ones();
        // Step 1. Target reached or unreachable.
        if target == 0 {
            return (true, 0);
        }
        if target > left {
            return (false, 0);
        }
        // Step 2. The last trick.
        if left == 1 {
            return self.last_trick(pos, target);
        }
        // Trump length: a side takes at least as many tricks as its longer
        // trump holding has trumps beyond all of the opponents' trumps
        // (each of those trumps wins its trick unless an opponent's trump
        // beats it, and each opponent's trump can do that once). Lengths
        // only, so no winning ranks.
        if let Some(trump) = self.strain.trump() {
            let trumps = pos.suit_lengths(trump.index());
            let len = |seat: usize| trumps >> (4 * seat) & 15;
            let (n, e, s, w) = (len(0), len(1), len(2), len(3));
            // North-South's sure tricks `n.max(s) - e - w` and East-West's
            // `e.max(w) - n - s`, the sums moved across so that no side of
            // a comparison goes below 0.
            if n.max(s) >= target + e + w {
                return (true, 0);
            }
            if left + n + s < target + e.max(w) {
                return (false, 0);
            }
        }
        // Step 3. Transposition table.
        let key = make_key(pos);
        let aggregate = pos.held();
        // `target` is at most `left` (step 1), so at most 13: it fits the
        // table's `u8`.
        if let Some(hit) = self.tt.probe(&key, target as u8) {
            self.order.table_hit(pos.cards_held(), hit.best);
            let ranks = top_cards(aggregate, hit.relevant);
            return (Tricks::from(hit.lower) >= target, ranks);
        }
        // Step 4. Quick tricks of the side on lead.
        let ns_leads = pos.leader & 1 == 0;
        let unpacked = Unpacked::new(pos);
        let quick = quick_tricks(pos, &unpacked, self.strain, target, left);
        if quick.cut {
            // Either the side on lead cashes enough tricks, or (no quick
            // trick at all) the opponents surely win this trick.
            let result = if ns_leads { quick.tricks > 0 } else { quick.tricks == 0 };
            self.store_answer(&key, aggregate, target, (result, quick.ranks), None);
            return (result, quick.ranks);
        }
        if let Some(answer) = later_tricks(pos, &unpacked, self.strain, target, left) {
            self.store_answer(&key, aggregate, target, answer, None);
            return answer;
        }
        let quick_count = u32::from(quick.tricks);
        if let Some(answer) = sure_trump_tricks(pos, &unpacked, self.strain, target, left, quick_count) {
            self.store_answer(&key, aggregate, target, answer, None);
            return answer;
        }
        // A stop request ends the node here, storing nothing: the answers
        // from now on are meaningless (the caller clears the table).
        self.stop_countdown -= 1;
        if self.stop_countdown == 0 && self.poll_stop() {
            return (false, 0);
        }
        // Step 5. The move loop.
        // SAFETY: this node runs in `I`'s code, so the processor has its features.
        let (result, ranks) = unsafe { I::move_loop::<T, 0>(self, pos, target) };
        let best = self.decided;
        // Step 6. Store.
        self.store_answer(&key, aggregate, target, (result, ranks), best);
        (result, ranks)
    }

    /// Stores the answer `(result, ranks)` of the node at a trick boundary
    /// whose key is `key` and whose cards are `aggregate`, searched for
    /// `target`, with the card that decided it.
    ///
    /// Answers of the quick and later tricks are stored too, not only those
    /// of the move loop: a later probe then settles other targets the count
    /// would not (a bound is stored, not the count), and costs less than the
    /// count.
    #[inline]
    fn store_answer(
        &mut self,
        key: &Key,
        aggregate: u64,
        target: Tricks,
        (result, ranks): (bool, u64),
        best: Option<Card>,
    ) {
        let relevant = relevant_counts(aggregate, ranks);
        let bound = if result { Bound::Lower(target as u8) } else { Bound::Upper(target as u8 - 1) };
        self.tt.store(key, relevant, bound, best);
    }

    /// A node inside a trick.
    #[inline(always)]
    fn search_follow<I: Isa>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        match pos.count {
            1 => self.search_second::<I>(pos, target),
            2 => self.search_in_trick::<I, 2>(pos, target),
            _ => self.search_in_trick::<I, 3>(pos, target),
        }
    }

    /// The move loop of the seat `C` cards into the trick, without the
    /// deciding card.
    #[inline(always)]
    fn search_in_trick<I: Isa, const C: u8>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        // SAFETY: this node runs in `I`'s code, so the processor has its features.
        unsafe { I::move_loop::<T, C>(self, pos, target) }
    }

    /// A node of the second seat of a trick.
    #[inline(always)]
    fn search_second<I: Isa>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        let left = Tricks::from(pos.tricks_left());
        if target == 0 {
            return (true, 0);
        }
        if target > left {
            return (false, 0);
        }
        if let Some(ranks) = quick_second_hand(pos, self.strain, target, left) {
            return (pos.seat_to_play() & 1 == 0, ranks);
        }
        self.search_in_trick::<I, 1>(pos, target)
    }

    /// Tries the moves of the seat to play in order until one reaches the
    /// side's goal. Returns the answer and its winning ranks; the leader's
    /// loop (`C` = 0) leaves the card that decided it in `decided`.
    ///
    /// `C` is the number of cards already played to the trick
    /// (`pos.count`): each seat's loop is compiled apart, so that its tests
    /// of the card count fold away and its moves go straight to the next
    /// seat's node.
    #[inline(always)]
    fn move_loop_in<I: Isa, const C: u8>(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        debug_assert_eq!(pos.count, C);
        // SAFETY: every caller passes `C` equal to `pos.count` (the search
        // functions dispatch on it, and each seat's loop calls the next
        // seat's; asserted above); the hint lets the compiler fold the
        // count's tests.
        unsafe { core::hint::assert_unchecked(pos.count == C) };
        let ns_moves = pos.seat_to_play() & 1 == 0;
        let (legal, follows) = pos.legal_bits();
        let held = pos.held();
        if C == 3 && follows {
            // Whichever card the fourth seat plays to follow suit, the next
            // trick's key has the same lengths, and its leader is the
            // winner so far or the fourth seat: load both table slots
            // while this seat's moves are ordered and played.
            let seat = pos.seat_to_play();
            let lengths = pos.lengths - (1 << length_shift(usize::from(pos.trick[0] >> 4), seat));
            self.tt.prefetch((pos.leader + pos.win) & 3, lengths);
            self.tt.prefetch(seat as u8, lengths);
        }
        if legal & legal.wrapping_sub(1) == 0 {
            // One legal card: its group is itself, which widens no winning
            // ranks (`cover_groups` leaves them as they are), so neither the
            // groups nor the cover need working out.
            // SAFETY: the seat to play holds a card, so `legal` is one card
            // bit.
            let card = unsafe { Card::from_bit_unchecked(legal.trailing_zeros()) };
            let (result, ranks) = self.try_move::<I, C>(pos, card, target, held);
            return self.decided::<C>(result, ranks, (result == ns_moves).then_some(card));
        }
        let present = pos.in_play_with(held);
        // Read before the groups are worked out (see `cutoff_slot`).
        let cut = self.order.cutoff_slot(pos, target, follows, present);
        let (tops, bottoms) = moves::group_bounds(legal, present);
        // The seat to play holds a card: the search stops before the hands
        // are empty.
        debug_assert_ne!(tops, 0);
        // SAFETY: `tops` is not empty (asserted above).
        if let Some(card) = unsafe { moves::only_choice(tops) } {
            // One choice (a third of the nodes): no ordering, no caches.
            let (result, ranks) = self.try_move::<I, C>(pos, card, target, held);
            if result == ns_moves {
                return self.decided::<C>(result, ranks, Some(card));
            }
            return self.decided::<C>(result, moves::cover_groups(ranks, tops, bottoms), None);
        }
        // The moves in the order of `order.rs`: the picker's first move, and
        // only if it fails, the rest.
        let mut picker = self.order.picker(pos, legal, (tops, bottoms), follows, cut);
        let mut union = 0u64;
        if let Some(card) = picker.first() {
            let (result, ranks) = self.try_move::<I, C>(pos, card, target, held);
            if result == ns_moves {
                self.order.cutoff(&picker, card);
                return self.decided::<C>(result, ranks, Some(card));
            }
            union = ranks;
            picker.failed(card, ranks);
        }
        let mut list = MoveList::new();
        self.order.rest(&mut picker, pos, &mut list);
        if C == 0 && pos.cards_held() >= PROBE_CARDS {
            self.promote_probed_leads(pos, target, &mut list, &picker);
        }
        for &card in list.as_slice() {
            if picker.skips(card) {
                continue;
            }
            let (result, ranks) = self.try_move::<I, C>(pos, card, target, held);
            if result == ns_moves {
                self.order.cutoff(&picker, card);
                return self.decided::<C>(result, ranks, Some(card));
            }
            union |= ranks;
            picker.failed(card, ranks);
        }
        self.order.failed_all(&picker, &list);
        self.decided::<C>(!ns_moves, moves::cover_groups(union, tops, bottoms), None)
    }

    /// The answer `(result, ranks)` of a move loop of the seat `C` cards into
    /// the trick, decided by `best`: kept for the store when `C` is 0.
    #[inline(always)]
    fn decided<const C: u8>(&mut self, result: bool, ranks: u64, best: Option<Card>) -> (bool, u64) {
        if C == 0 {
            self.decided = best;
        }
        (result, ranks)
    }

    /// Lead probing (bridge-solver's `PromoteProbedLeads`): plays each lead
    /// of `list` (the ordered moves of the leader at `pos`, searched for
    /// `target`, that `picker` does not skip) with the followers' first
    /// choices to the next trick, and probes the table there. The leads
    /// whose probe already reaches the leader's goal move to the front, in
    /// their order. Only an order: nothing is stored or counted.
    fn promote_probed_leads(&mut self, pos: &Position, target: Tricks, list: &mut MoveList, picker: &MovePicker) {
        let ns_leads = pos.leader & 1 == 0;
        let mut hits = MoveList::new();
        let mut misses = MoveList::new();
        for &lead in list.as_slice() {
            let mut hit = false;
            if !picker.skips(lead) {
                let mut next = pos.play(lead);
                while next.count != 0 {
                    let card = self.order.first_choice(&next, target);
                    next = next.play(card);
                }
                // `target` is at least 1 at a trick boundary's move loop.
                let goal = target - Tricks::from(next.leader & 1 == 0);
                hit = if goal == 0 {
                    ns_leads
                } else if goal > Tricks::from(next.tricks_left()) {
                    !ns_leads
                } else {
                    self.tt
                        .probe(&make_key(&next), goal as u8)
                        .is_some_and(|h| (Tricks::from(h.lower) >= goal) == ns_leads)
                };
            }
            let to = if hit { &mut hits } else { &mut misses };
            to.cards[to.len] = lead;
            to.len += 1;
        }
        if hits.len == 0 {
            return;
        }
        let (h, m) = (hits.len, misses.len);
        list.cards[..h].copy_from_slice(&hits.cards[..h]);
        list.cards[h..h + m].copy_from_slice(&misses.cards[..m]);
    }

    /// Plays `card` and searches on: the answer and its winning ranks
    /// (`held`: the cards held, [`Position::held`]).
    #[inline(always)]
    fn try_move<I: Isa, const C: u8>(&mut self, pos: &Position, card: Card, target: Tricks, held: u64) -> (bool, u64) {
        if C == 3 {
            return self.complete_trick::<I>(pos, card, target, held);
        }
        let child = pos.play_at::<C>(card, held);
        self.nodes += 1;
        match C {
            0 => self.search_second::<I>(&child, target),
            1 => self.search_in_trick::<I, 2>(&child, target),
            _ => self.search_in_trick::<I, 3>(&child, target),
        }
    }

    /// Plays the fourth card of a trick and searches on from the next trick
    /// (`held`: the cards held, [`Position::held`]).
    #[inline(always)]
    fn complete_trick<I: Isa>(&mut self, pos: &Position, card: Card, target: Tricks, held: u64) -> (bool, u64) {
        self.tricks += 1;
        let cards = [pos.trick[0], pos.trick[1], pos.trick[2], card.bit() as u8];
        let child = pos.play_fourth(card, held);
        let (winner, contested) = finished_trick(pos, &child, &cards);
        let won = Tricks::from(child.leader & 1 == 0);
        let (result, mut ranks) = self.search_child_at_trick_start::<I>(&child, target - won);
        if contested {
            ranks |= 1u64 << cards[winner];
        }
        (result, ranks)
    }

    /// [`Searcher::complete_trick`] from the entry, in the code of the processor.
    fn complete_trick_entry(&mut self, pos: &Position, card: Card, target: Tricks) -> bool {
        #[cfg(target_arch = "x86_64")]
        if self.v3 {
            // SAFETY: `v3` is set only on a processor with V3's features.
            return unsafe { V3::complete_trick(self, pos, card, target) };
        }
        // SAFETY: the portable code runs on every processor of the target.
        unsafe { Portable::complete_trick(self, pos, card, target) }
    }

    /// The last trick: every seat holds one card.
    #[inline]
    fn last_trick(&mut self, pos: &Position, target: Tricks) -> (bool, u64) {
        let leader = pos.leader_index();
        let cards: [u8; 4] = core::array::from_fn(|i| pos.hands[(leader + i) & 3].trailing_zeros() as u8);
        let (winner, contested) = trick_winner(&cards, self.strain);
        let ns_won = ((leader + winner) & 3) & 1 == 0;
        let ranks = if contested { 1u64 << cards[winner] } else { 0 };
        (Tricks::from(ns_won) >= target, ranks)
    }
}

/// Lead probing runs at nodes with at least this many cards held: the
/// first two tricks of a deal. Deeper, the probes cost more than the nodes
/// they save.
const PROBE_CARDS: usize = 48;
