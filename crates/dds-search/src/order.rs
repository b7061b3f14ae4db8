//! Move ordering: every decision about the order in which a node's moves are
//! searched. The order changes how fast the search ends, never its answer.
//!
//! Inside the search, a node's moves come from a [`MovePicker`], in this
//! order:
//!
//! 1. First, the card of the cutoff cache, if it is legal: the card that
//!    last decided a node of the same context (see [`cut_key`]). Nearly
//!    every decided node is decided by its first move, so this card is
//!    searched before the other moves are generated and weighed.
//! 2. The rest, generated ([`MoveList::generate`]) and sorted by DDS 2.9's
//!    weights ([`weights`]), which favour the killer move of the depth (the
//!    move that last decided a node with as many cards left) and the best
//!    move of the last table hit at the depth. The second seat (following
//!    suit, or void with trumps to ruff) and the fourth seat following suit
//!    are ordered by rules instead ([`rules`]), which cost less. The third
//!    hand's moves after a failed cutoff-cache card are not weighed (such
//!    nodes nearly always fail every move; a third hand that failed every
//!    move without a cached card leaves its first ordered card in the
//!    cache for the next node of its context, see
//!    [`Ordering::failed_all`]), and the leads of the first two tricks are
//!    probed (the search's `promote_probed_leads`).
//!
//! Moves the small-card filter proves useless are skipped
//! ([`MovePicker::failed`]). A node whose legal cards form one group of
//! equivalent cards has one move and no order: the search plays it without
//! a picker. At the root of a search the moves come in DDS's order instead
//! ([`RootMoves`], ordered by [`order_root`]), the order in which DDS lists
//! cards of equal score.

mod rules;
mod weights;

use dds_model::{Card, Hand};

use crate::moves::{self, MoveList};
use crate::position::{suit_lane, Position, SUIT_LANE};
use crate::search::Tricks;
use weights::{Moves, Node};

/// What the move ordering of a searcher remembers from node to node: the
/// killer moves, the table's best moves and the cutoff cache.
#[derive(Clone, Debug)]
pub(crate) struct Ordering {
    /// The move that last decided a node, per number of cards left.
    killers: [Option<Card>; 53],
    /// The best move of the last table hit, per number of cards left.
    table_moves: [Option<Card>; 53],
    /// The cutoff cache: per hashed context of a node (see [`cut_key`]), the
    /// card that last decided such a node, as a slot of [`SLOT_TAG`] and
    /// [`SLOT_CARD`] bits. Only an order hint: any content is sound (a tag
    /// that matches by chance, one time in 512, offers a card that is
    /// tested for legality first).
    cutoffs: Box<[u16]>,
    /// The slots written since the cache was last cleared, the first
    /// [`LOGGED_WRITES`] of them: a search of a few hundred nodes writes a
    /// few dozen, and clearing those instead of the whole 128 KiB halves
    /// the time of a three-trick position.
    written: Box<[u16; LOGGED_WRITES]>,
    /// Writes since the last clear (past [`LOGGED_WRITES`]: clear it all).
    writes: usize,
}

/// Cutoff-cache writes remembered for a partial clear.
const LOGGED_WRITES: usize = 512;

// A logged slot index is a `u16`.
const _: () = assert!(CUTOFF_SLOTS <= 1 << 16);

/// Slots of the cutoff cache (a power of two; 128 KiB): more slots miss
/// more of the processor's caches, fewer lose more cards.
const CUTOFF_SLOTS: usize = 1 << 16;

/// A slot of the cutoff cache: the card's bit plus one in its low 7 bits (0:
/// an empty slot), the tag (the top 9 bits of the key) above them. A 16-bit
/// slot instead of a 32-bit one with a longer tag halves the cache lines the
/// cache occupies.
const SLOT_CARD: u16 = 0x7f;
const SLOT_TAG: u16 = !SLOT_CARD;

/// The bits of a key ([`cut_key`]) that choose the slot start at this bit.
const SLOT_INDEX_SHIFT: u32 = 20;

/// The tag: the [`SLOT_TAG`] bits of the key's top 16 bits, which start at
/// this bit (its top 9 bits).
const SLOT_TAG_SHIFT: u32 = 48;

/// The parts of a node's context for the cutoff cache ([`cut_key`]).
///
/// A leader's context: its hand's bits, the goal XORed in at
/// [`LEAD_GOAL_SHIFT`] (the spare bits above the spades lane) and its seat at
/// [`LEAD_SEAT_SHIFT`] (above the clubs lane).
const LEAD_GOAL_SHIFT: u32 = 13;
const LEAD_SEAT_SHIFT: u32 = 61;

/// A follower's context, fields side by side: the led suit's cards in play
/// (a 13-bit lane), the card winning so far (its 6-bit card bit), the
/// leader (2 bits), the count of cards played (2 bits), the led suit (2
/// bits) and the goal (4 bits).
const FOLLOW_WIN_SHIFT: u32 = 13;
const FOLLOW_LEADER_SHIFT: u32 = FOLLOW_WIN_SHIFT + 6;
const FOLLOW_COUNT_SHIFT: u32 = FOLLOW_LEADER_SHIFT + 2;
const FOLLOW_SUIT_SHIFT: u32 = FOLLOW_COUNT_SHIFT + 2;
const FOLLOW_GOAL_SHIFT: u32 = FOLLOW_SUIT_SHIFT + 2;

/// The context of a hand void in the led suit: its hand's bits with the
/// goal, the card winning so far and the count of cards played XORed in,
/// and a mark at [`VOID_MARK_SHIFT`], the bit above the follower's fields,
/// that keeps it apart from a follower's context.
const VOID_GOAL_SHIFT: u32 = 13;
const VOID_WIN_SHIFT: u32 = 56;
const VOID_COUNT_SHIFT: u32 = 62;
const VOID_MARK_SHIFT: u32 = FOLLOW_GOAL_SHIFT + 4;

/// The context is folded at this shift before the multiply spreads it
/// (Fibonacci hashing).
const MIX_SHIFT: u32 = 29;
const MIX_MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

impl Ordering {
    pub(crate) fn new() -> Ordering {
        Ordering {
            killers: [None; 53],
            table_moves: [None; 53],
            cutoffs: vec![0; CUTOFF_SLOTS].into_boxed_slice(),
            written: Box::new([0; LOGGED_WRITES]),
            writes: 0,
        }
    }

    /// Forgets the cutoff cache, which holds cards for positions of a table
    /// being cleared: the slots written since the last clear, or all of
    /// them after many writes.
    pub(crate) fn clear(&mut self) {
        if self.writes > LOGGED_WRITES {
            self.cutoffs.fill(0);
        } else {
            for &slot in &self.written[..self.writes] {
                self.cutoffs[usize::from(slot)] = 0;
            }
        }
        self.writes = 0;
    }

    /// Notes `best`, the best move of a table hit at a node with `depth`
    /// cards left, if the table knows one.
    #[inline]
    pub(crate) fn table_hit(&mut self, depth: usize, best: Option<Card>) {
        if best.is_some() {
            self.table_moves[depth] = best;
        }
    }

    /// The cutoff cache's slot of the seat to play in `pos`, searched for
    /// `target`, read: `follows` tells whether the seat follows suit, and
    /// `present` are the cards in play ([`Position::in_play`]). The search
    /// reads it before it works out the node's groups, so that the load
    /// (the cache is larger than the processor's first-level cache)
    /// overlaps that work.
    #[inline(always)]
    pub(crate) fn cutoff_slot(&self, pos: &Position, target: Tricks, follows: bool, present: u64) -> CutoffSlot {
        let key = cut_key(pos, target, follows, present);
        let slot = (key >> SLOT_INDEX_SHIFT) as usize & (CUTOFF_SLOTS - 1);
        let tag = (key >> SLOT_TAG_SHIFT) as u16 & SLOT_TAG;
        CutoffSlot { slot, tag, content: self.cutoffs[slot] }
    }

    /// The picker of the moves of the seat to play in `pos`, whose cutoff
    /// cache slot is `cut` ([`Ordering::cutoff_slot`]). The seat's legal
    /// cards are `legal` (following suit if `follows`), with groups of
    /// equivalent cards whose tops and bottoms are `tops` and `bottoms`
    /// (two groups or more).
    #[inline(always)]
    pub(crate) fn picker(
        &self,
        pos: &Position,
        legal: u64,
        groups: (u64, u64),
        follows: bool,
        cut: CutoffSlot,
    ) -> MovePicker {
        let (tops, bottoms) = groups;
        let CutoffSlot { slot, tag, content: cached } = cut;
        let cached = if cached & SLOT_TAG == tag && cached & SLOT_CARD != 0 {
            moves::playable_top(legal, tops, u32::from(cached & SLOT_CARD) - 1)
        } else {
            None
        };
        MovePicker {
            depth: pos.cards_held(),
            played: pos.count,
            slot,
            tag,
            cached,
            stage: Stage::First,
            skip: 0,
            tops,
            bottoms,
            follows,
        }
    }

    /// The moves of `picker`'s node `pos` after the first, generated into
    /// `list` and ordered: the search tries them in the list's order, but
    /// for those the picker [`skips`](MovePicker::skips) (the first move
    /// among them).
    #[inline(always)]
    pub(crate) fn rest(&self, picker: &mut MovePicker, pos: &Position, list: &mut MoveList) {
        // Third hand after the cutoff cache's card failed: nearly always
        // every card fails too (the node is decided by the other side), and
        // there the order hardly matters, so the moves are not weighed.
        let weigh = picker.played != 2 || picker.cached.is_none();
        picker.stage = Stage::Rest;
        if picker.played == 3 && picker.follows {
            rules::fourth_follow(pos, picker.tops, list);
            return;
        }
        if picker.played == 1 {
            if picker.follows {
                rules::second_follow(pos, picker.tops, list);
                return;
            }
            if let Some(trump) = pos.strain.trump().map(|t| t.index()) {
                if suit_lane(picker.tops, trump) != 0 {
                    rules::second_ruff(pos, trump, picker.tops, list);
                    return;
                }
            }
        }
        list.generate(picker.tops);
        if !weigh {
            return;
        }
        let depth = picker.depth;
        weigh_and_sort(pos, picker.bottoms, picker.follows, self.killers[depth], self.table_moves[depth], list);
    }

    /// The move the search would try first at `pos`, a node inside a
    /// trick searched for `target`: the top of its one group of equivalent
    /// cards, the cutoff cache's card, or the first of the ordered moves.
    pub(crate) fn first_choice(&self, pos: &Position, target: Tricks) -> Card {
        let (legal, follows) = pos.legal_bits();
        let present = pos.in_play();
        let (tops, bottoms) = moves::group_bounds(legal, present);
        // SAFETY: a seat to play holds a card, so `tops` is not empty.
        if let Some(card) = unsafe { moves::only_choice(tops) } {
            return card;
        }
        let cut = self.cutoff_slot(pos, target, follows, present);
        let mut picker = self.picker(pos, legal, (tops, bottoms), follows, cut);
        if let Some(card) = picker.first() {
            return card;
        }
        let mut list = MoveList::new();
        self.rest(&mut picker, pos, &mut list);
        list.cards[0]
    }

    /// Notes that `card`, offered by `picker`, decided its node.
    #[inline(always)]
    pub(crate) fn cutoff(&mut self, picker: &MovePicker, card: Card) {
        self.killers[picker.depth] = Some(card);
        // The first move came from the node's slot, which is left as the
        // card's own search left it (a node below may have taken it over).
        if picker.stage == Stage::Rest {
            self.write_slot(picker, card);
        }
    }

    /// Notes that every move of `picker`'s node failed, `list` holding its
    /// ordered moves after the first.
    ///
    /// Third hand without a cutoff-cache card: the ordered list's first
    /// card goes into the node's slot. Nearly all such nodes fail every
    /// card, and their context keeps no card (only a cutoff writes one), so
    /// without this the next node of the context weighs its moves again;
    /// with it, the next node searches that card first and, as after any
    /// failed cutoff-cache card of third hand, leaves the rest unweighed.
    #[inline(always)]
    pub(crate) fn failed_all(&mut self, picker: &MovePicker, list: &MoveList) {
        if picker.played == 2 && picker.cached.is_none() && list.len > 0 {
            self.write_slot(picker, list.cards[0]);
        }
    }

    /// Writes `card` into `picker`'s slot of the cutoff cache.
    #[inline(always)]
    fn write_slot(&mut self, picker: &MovePicker, card: Card) {
        self.cutoffs[picker.slot] = picker.tag | (card.bit() as u16 + 1);
        if let Some(log) = self.written.get_mut(self.writes) {
            // A slot index fits 16 bits (CUTOFF_SLOTS is 1 << 16).
            *log = picker.slot as u16;
        }
        self.writes += 1;
    }
}

/// A node's slot of the cutoff cache, as read ([`Ordering::cutoff_slot`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct CutoffSlot {
    slot: usize,
    tag: u16,
    content: u16,
}

/// Where a [`MovePicker`] is in its order of moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Stage {
    /// The first move, the cutoff cache's card.
    First,
    /// The other moves, in the node's ordered list.
    Rest,
}

/// The moves of one node in the order to search them (after Stockfish's
/// `MovePicker`): the search tries the picker's [`first`](MovePicker::first)
/// move, then the [`rest`](Ordering::rest), and reports each move that
/// fails ([`MovePicker::failed`]) or decides the node
/// ([`Ordering::cutoff`]).
///
/// The first move is searched before the others are generated: it usually
/// decides the node, and then no list is built.
#[derive(Debug)]
pub(crate) struct MovePicker {
    /// The number of cards held in the node.
    depth: usize,
    /// The number of cards played to the node's trick (2: third hand).
    played: u8,
    /// The node's slot in the cutoff cache, and its tag there.
    slot: usize,
    tag: u16,
    /// The cutoff cache's card, if it is legal: the first move.
    cached: Option<Card>,
    stage: Stage,
    /// The cards not to offer: those searched already and those of the
    /// small-card filter. One bit test a move.
    skip: u64,
    /// The node's groups of equivalent legal cards, and whether it follows
    /// suit: what move generation and the weights need.
    tops: u64,
    bottoms: u64,
    follows: bool,
}

impl MovePicker {
    /// The cutoff cache's card, if it is legal: the move to search first,
    /// before the others are generated.
    #[inline(always)]
    pub(crate) fn first(&self) -> Option<Card> {
        self.cached
    }

    /// Whether the move `card` of the ordered list is to be skipped.
    #[inline(always)]
    pub(crate) fn skips(&self, card: Card) -> bool {
        self.skip >> card.bit() & 1 != 0
    }

    /// Notes that `card`, offered by this picker, failed with winning ranks
    /// `ranks` (its own subtree's, not the union of all failed moves).
    ///
    /// The small-card filter: if the card lies below every rank of its suit
    /// in `ranks`, the suit's cards below the lowest of them (every card of
    /// the suit when `ranks` has none) are skipped too, so the threshold
    /// rises whenever a later card allows a higher one (bridge-solver's
    /// rule; DDS sets it once per suit from the union of the failed moves'
    /// ranks, and skips fewer cards).
    ///
    /// Sound: a card `c'` of the suit below every rank of `ranks` loses the
    /// trick exactly as the failed card `c` did (a winner of the suit is in
    /// `ranks`, so above both), and afterwards the two positions differ only
    /// in which of two cards below every relevant rank is still held, so
    /// they match on `ranks` and `c'` fails too. The node's ranks (the
    /// union) contain `ranks`, so the argument holds in every matching
    /// position.
    #[inline(always)]
    pub(crate) fn failed(&mut self, card: Card, ranks: u64) {
        let bit = card.bit();
        let suit = (bit >> 4) as usize;
        let lane = suit_lane(ranks, suit);
        // The lowest winning rank of the suit, or above the ace if none.
        let above_ace = SUIT_LANE + 1;
        let low = (lane | above_ace) & (lane | above_ace).wrapping_neg();
        // Without branches: the card's own rank below it skips the cards
        // below.
        let below = (low - 1) & 0u64.wrapping_sub(u64::from((1u64 << (bit & 15)) < low));
        self.skip |= 1u64 << bit | below << (16 * suit);
    }
}

/// The context of a node for the cutoff cache, hashed. A leader's context
/// is its hand and the target; a follower's, the cards of the led suit in
/// play, the card winning so far, the leader and the target; a hand void in
/// the led suit, its hand, the card winning so far and the target. The
/// picker takes the slot and the tag from the key's bits. `follows` and
/// `present` are the node's: whether the seat to play follows suit, and the
/// cards in play ([`Position::in_play`]).
#[inline]
fn cut_key(pos: &Position, target: Tricks, follows: bool, present: u64) -> u64 {
    let me = pos.seat_to_play() as u64;
    let goal = u64::from(target) & 15;
    let context = if pos.count == 0 {
        pos.hands[me as usize] ^ goal << LEAD_GOAL_SHIFT ^ me << LEAD_SEAT_SHIFT
    } else {
        let win = pos.trick[pos.winning_index()];
        let lead = usize::from(pos.trick[0] >> 4);
        let hand = pos.hands[me as usize];
        let count = u64::from(pos.count);
        // Both contexts, then one chosen without a branch.
        let following = suit_lane(present, lead)
            | u64::from(win) << FOLLOW_WIN_SHIFT
            | u64::from(pos.leader) << FOLLOW_LEADER_SHIFT
            | count << FOLLOW_COUNT_SHIFT
            | (lead as u64) << FOLLOW_SUIT_SHIFT
            | goal << FOLLOW_GOAL_SHIFT;
        let void = hand
            ^ goal << VOID_GOAL_SHIFT
            ^ u64::from(win) << VOID_WIN_SHIFT
            ^ count << VOID_COUNT_SHIFT
            ^ 1 << VOID_MARK_SHIFT;
        let pick = 0u64.wrapping_sub(u64::from(follows));
        (following & pick) | (void & !pick)
    };
    (context ^ context >> MIX_SHIFT).wrapping_mul(MIX_MULTIPLIER)
}

/// Weighs the moves of `list` (the node `pos`'s, in generation order, whose
/// group bottoms are `bottoms`; `follows`: the seat follows suit) and sorts
/// them, the heaviest first. `killer` and `table_move` get a bonus.
#[inline(always)]
fn weigh_and_sort(
    pos: &Position,
    bottoms: u64,
    follows: bool,
    killer: Option<Card>,
    table_move: Option<Card>,
    list: &mut MoveList,
) {
    let n = list.len;
    if n == 1 {
        return;
    }
    if pos.count == 3 && follows {
        weights::fourth_follow(pos, &list.cards[..n], &mut list.weights[..n]);
    } else {
        let key = |c: Option<Card>| c.map(|c| (c.suit() as usize, c.rank() as i32));
        let moves = Moves::new(&list.cards[..n], bottoms);
        Node::new(pos).weigh(moves, key(killer), key(table_move), &mut list.weights[..n]);
    }
    sort_by_weight(list);
}

/// Sorts the moves of `list` by weight, highest first; equal weights keep
/// their order (insertion sort: at most 13 moves).
#[inline(always)]
fn sort_by_weight(list: &mut MoveList) {
    for i in 1..list.len {
        let (card, weight) = (list.cards[i], list.weights[i]);
        let mut j = i;
        while j > 0 && list.weights[j - 1] < weight {
            list.cards[j] = list.cards[j - 1];
            list.weights[j] = list.weights[j - 1];
            j -= 1;
        }
        list.cards[j] = card;
        list.weights[j] = weight;
    }
}

/// The moves of the seat to play at the root of a search: one card per group
/// of equivalent cards, in search order, with the lower cards equivalent to
/// it.
///
/// Its home is the ordering, not move generation: its cards are generated
/// by `moves` and ordered here, and `moves` knows nothing of the order.
#[derive(Clone, Debug)]
pub struct RootMoves {
    list: MoveList,
    equals: [Hand; 13],
}

impl RootMoves {
    /// Generates the moves of the seat to play in `pos` (in the position's
    /// strain), in the order in which DDS lists them at the root of a search
    /// (its weights, equal weights in the order of its sorting networks).
    pub fn new(pos: &Position) -> RootMoves {
        let mut list = MoveList::new();
        let (legal, follows) = pos.legal_bits();
        let (tops, bottoms) = moves::group_bounds(legal, pos.in_play());
        list.generate(tops);
        order_root(pos, bottoms, follows, &mut list);
        let mut equals = [Hand::EMPTY; 13];
        let hand = pos.hands[pos.seat_to_play()];
        for (i, &card) in list.as_slice().iter().enumerate() {
            equals[i] = Hand::from_bits(moves::equals_below(hand, bottoms, card)).expect("card bits");
        }
        RootMoves { list, equals }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.list.len
    }

    /// Whether there is no move (never, in a valid position).
    pub fn is_empty(&self) -> bool {
        self.list.len == 0
    }

    /// The moves with their lower equivalent cards, in search order.
    pub fn iter(&self) -> impl Iterator<Item = (Card, Hand)> + '_ {
        self.list.as_slice().iter().copied().zip(self.equals.iter().copied())
    }
}

/// Orders the moves of `list`, the root of a search at `pos` (in generation
/// order, group bottoms `bottoms`; `follows`: the seat follows suit), as DDS
/// 2.9 orders them: by its weights, equal weights in the order of DDS's
/// sorting networks ([`DDS_NETWORKS`]), which is the order in which DDS
/// lists cards of equal score.
fn order_root(pos: &Position, bottoms: u64, follows: bool, list: &mut MoveList) {
    weigh_and_sort(pos, bottoms, follows, None, None, list);
    // Back to generation order (suits S, H, D, C, each from the highest
    // card down), each move with its weight, for the networks.
    let n = list.len;
    let mut moves: [(Card, i32); 13] = core::array::from_fn(|i| (list.cards[i], list.weights[i]));
    moves[..n].sort_unstable_by_key(|&(card, _)| (card.suit() as u8, core::cmp::Reverse(card.rank())));
    dds_root_order(&mut moves[..n]);
    for (i, (card, weight)) in moves[..n].iter().enumerate() {
        list.cards[i] = *card;
        list.weights[i] = *weight;
    }
}

/// The compare-exchange steps with which DDS 2.9 sorts 2 to 12 moves
/// (`Moves::MergeSort`): each pair `(i, j)` swaps the moves at `i` and `j`
/// when `j` weighs more. They sort by weight but do not keep the generation
/// order of equal weights, and that order is the order in which DDS reports
/// cards of equal score, so the root's moves are ordered the same way.
#[rustfmt::skip]
const DDS_NETWORKS: [&[(u8, u8)]; 13] = [
    &[],
    &[],
    &[(0, 1)],
    &[(0, 1), (0, 2), (1, 2)],
    &[(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)],
    &[
        (0, 1), (2, 3), (0, 2), (1, 3), (1, 2), (0, 4), (2, 4), (1, 2), (3, 4),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (0, 2), (1, 3), (1, 2), (0, 4), (1, 5), (2, 4), (3, 5),
        (1, 2), (3, 4),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (0, 2), (4, 6), (1, 3), (1, 2), (5, 6), (0, 4), (1, 5),
        (2, 6), (2, 4), (3, 5), (1, 2), (3, 4), (5, 6),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (0, 2), (4, 6), (1, 3), (5, 7), (1, 2), (5, 6),
        (0, 4), (1, 5), (2, 6), (3, 7), (2, 4), (3, 5), (1, 2), (3, 4), (5, 6),
    ],
    &[
        (0, 1), (3, 4), (6, 7), (1, 2), (4, 5), (7, 8), (0, 1), (3, 4), (6, 7), (0, 3),
        (3, 6), (0, 3), (1, 4), (4, 7), (1, 4), (2, 5), (5, 8), (2, 5), (1, 3), (5, 7),
        (2, 6), (4, 6), (2, 4), (2, 3), (5, 6),
    ],
    &[
        (1, 8), (0, 4), (5, 9), (2, 6), (3, 7), (0, 3), (6, 9), (2, 5), (0, 1), (3, 6),
        (8, 9), (4, 7), (0, 2), (4, 8), (1, 5), (7, 9), (1, 2), (3, 4), (5, 6), (7, 8),
        (1, 3), (6, 8), (2, 4), (5, 7), (2, 3), (6, 7), (3, 5), (4, 6), (4, 5),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (1, 3), (5, 7), (0, 2), (4, 6), (8, 10),
        (1, 2), (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5), (6, 10), (0, 4),
        (3, 7), (4, 8), (0, 4), (1, 4), (7, 10), (3, 8), (2, 3), (8, 9), (2, 4), (7, 9),
        (3, 5), (6, 8), (3, 4), (5, 6), (7, 8),
    ],
    &[
        (0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (1, 3), (5, 7), (9, 11), (0, 2),
        (4, 6), (8, 10), (1, 2), (5, 6), (9, 10), (1, 5), (6, 10), (5, 9), (2, 6), (1, 5),
        (6, 10), (0, 4), (7, 11), (3, 7), (4, 8), (0, 4), (7, 11), (1, 4), (7, 10), (3, 8),
        (2, 3), (8, 9), (2, 4), (7, 9), (3, 5), (6, 8), (3, 4), (5, 6), (7, 8),
    ],
];

/// Orders `moves` (cards with their weights, in generation order) by weight,
/// highest first, as DDS does: its compare-exchange steps for 2 to 12 moves
/// ([`DDS_NETWORKS`]), a stable insertion sort for 13.
fn dds_root_order(moves: &mut [(Card, i32)]) {
    match DDS_NETWORKS.get(moves.len()) {
        Some(network) => {
            for &(i, j) in *network {
                let (i, j) = (usize::from(i), usize::from(j));
                if moves[i].1 < moves[j].1 {
                    moves.swap(i, j);
                }
            }
        }
        None => moves.sort_by_key(|&(_, weight)| core::cmp::Reverse(weight)),
    }
}

#[cfg(test)]
mod tests {
    use super::{dds_root_order, MovePicker, Ordering, DDS_NETWORKS};
    use crate::moves::{self, MoveList};
    use crate::position::Position;
    use crate::search::Tricks;
    use dds_model::{Card, Deal, Seat, Strain};

    /// The first move the ordering offers at `pos` for `target` (the
    /// cutoff cache's card, if any), the ordered rest, and the node's
    /// picker.
    fn offered(order: &Ordering, pos: &Position, target: Tricks) -> (Option<Card>, MoveList, MovePicker) {
        let (legal, follows) = pos.legal_bits();
        let present = pos.in_play();
        let groups = moves::group_bounds(legal, present);
        let cut = order.cutoff_slot(pos, target, follows, present);
        let mut picker = order.picker(pos, legal, groups, follows, cut);
        let first = picker.first();
        let mut list = MoveList::new();
        order.rest(&mut picker, pos, &mut list);
        (first, list, picker)
    }

    /// A third hand that failed every card without a cached card leaves its
    /// first ordered card in the cache: the next node of the same context
    /// offers it first. A leader's does not.
    #[test]
    fn a_failed_third_hand_leaves_its_first_card() {
        // West leads the spade two, North follows with the three; East,
        // third hand, holds the ace, ten and five of spades.
        let deal: Deal = "N:3.AK2.. AT5.3.. KQ.65.. 2.QJ9..".parse().unwrap();
        let mut hands = *deal.hands();
        let (two, three): (Card, Card) = ("S2".parse().unwrap(), "S3".parse().unwrap());
        assert!(hands[Seat::West].remove(two) && hands[Seat::North].remove(three));
        let third = Position::new(hands, Seat::West, &[two, three], Strain::NoTrump).unwrap();
        let mut order = Ordering::new();
        let (first, list, picker) = offered(&order, &third, 1);
        assert_eq!(first, None);
        assert!(list.len > 1);
        order.failed_all(&picker, &list);
        assert_eq!(offered(&order, &third, 1).0, Some(list.cards[0]));
        // Another goal is another context.
        assert_eq!(offered(&order, &third, 2).0, None);

        let lead = Position::new(*deal.hands(), Seat::West, &[], Strain::NoTrump).unwrap();
        let (first, list, picker) = offered(&order, &lead, 1);
        assert_eq!(first, None);
        order.failed_all(&picker, &list);
        assert_eq!(offered(&order, &lead, 1).0, None);
    }

    #[test]
    // Too slow under Miri (every input of the sorting networks, no unsafe code).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn dds_networks_sort_every_input() {
        // A compare-exchange network sorts every input if it sorts every
        // input of zeros and ones.
        for (n, network) in DDS_NETWORKS.iter().enumerate() {
            assert!(network.iter().all(|&(i, j)| i < j && usize::from(j) < n.max(1)), "network {n}");
            for bits in 0u32..1 << n {
                let card = dds_model::Card::from_bit(0).expect("a card");
                let mut moves: Vec<_> = (0..n).map(|i| (card, (bits >> i & 1) as i32)).collect();
                dds_root_order(&mut moves);
                assert!(moves.windows(2).all(|w| w[0].1 >= w[1].1), "network {n}, input {bits:b}");
            }
        }
    }
}
