//! Internal to `dds`: do not use directly, the API may change at any time.
//!
//! Precomputed lookup tables over the 13-bit suit code [`Holding`] (deuce at
//! bit 0, ace at bit 12) and over the search's owner codes, and the typed
//! lookups that read them:
//!
//! * [`highest`] and [`lowest`]: the highest and lowest rank of a holding.
//! * [`top_ranks`]: the `k` highest ranks of a holding (the cards a
//!   transposition table entry keeps relevant).
//! * [`runs`]: the runs of adjacent ranks of a holding (DDS's `groupData`),
//!   and from them [`groups`] and [`group_tops`]: the groups of equivalent
//!   cards that move generation collapses to one move.
//! * [`rel_rank`] and [`relative_ranks`]: the rank a card would have if a
//!   given set of cards were the only ones left (DDS's `relRank`).
//! * [`owner_mask`] and [`owner_mask_pair`]: the bits of an owner code (the
//!   seats of a suit's cards from the highest down, 2 bits a card) that
//!   cover its `k` highest cards.
//! * [`suits_trump_first`]: the order in which quick tricks take the suits.
//!
//! # Where the tables come from
//!
//! The tables of `src/generated/` are data written by `cargo xtask codegen`
//! from slow, obviously correct reference functions of `dds-model`
//! ([`Holding::highest`], [`Holding::lowest`], [`Holding::run_tops`],
//! [`Holding::run_bottoms`], [`Holding::iter`]), and checked in. The
//! generator depends on `dds-model` only, never on this crate, so a broken
//! table can always be regenerated; `cargo test -p xtask` fails when a
//! checked-in file is stale.
//!
//! Two tables are `static`s computed by `const` evaluation at compile time
//! instead, so they cost nothing at start-up and need no lazy
//! initialisation: the relative-rank table (8192 x 13 ranks, 104 KiB, too
//! large to check in), from the reference [`Holding::relative_rank`], and
//! the owner masks, a pure function of their index ([`owner_mask`]).
//!
//! `tests/reference.rs` checks every entry of every table against its
//! reference function.
//!
//! # What has no table
//!
//! * The number of cards of a holding: [`Holding::len`] is one `popcnt`.
//! * Card comparison: within a suit, the higher card is the one with the
//!   higher bit, so comparing two cards of a suit is a plain integer compare
//!   of their bit positions (or of their [`Rank`]s).
//!
//! # Indexing
//!
//! Every lookup indexes its table with [`Holding::index`] masked to 13
//! bits, or with an index whose type bounds it: the mask is a no-op on a
//! valid holding, and it lets the compiler drop the bounds check without
//! `unsafe`.
//!
//! **Dependencies:** `dds-model` only. This crate holds data and indexing,
//! no search logic.
#![deny(missing_docs)]

use core::fmt;
use core::iter::FusedIterator;

use dds_model::{Holding, Rank, Strain, Suit};

mod generated {
    pub(crate) mod highest;
    pub(crate) mod lowest;
    pub(crate) mod runs;
    pub(crate) mod top;
}

use generated::highest::HIGHEST;
use generated::lowest::LOWEST;
use generated::runs::RUNS;
use generated::top::{TOP_HIGH, TOP_LOW};

// `Option<Rank>` uses a spare discriminant of `Rank` for `None`, so the rank
// tables take one byte per entry.
const _: () = assert!(size_of::<Option<Rank>>() == 1);

/// The index of `holding` into a `[T; 8192]`: [`Holding::index`] masked to
/// 13 bits, which proves the index in bounds to the compiler.
#[inline(always)]
const fn ix(holding: Holding) -> usize {
    holding.index() & (Holding::COUNT - 1)
}

/// The highest rank of `holding`, or `None` for the void.
///
/// Definition: [`Holding::highest`].
///
/// ```
/// use dds_model::{Holding, Rank};
/// assert_eq!(dds_tables::highest("KJ4".parse()?), Some(Rank::King));
/// assert_eq!(dds_tables::highest(Holding::EMPTY), None);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn highest(holding: Holding) -> Option<Rank> {
    HIGHEST[ix(holding)]
}

/// The lowest rank of `holding`, or `None` for the void.
///
/// Definition: [`Holding::lowest`].
///
/// ```
/// use dds_model::{Holding, Rank};
/// assert_eq!(dds_tables::lowest("KJ4".parse()?), Some(Rank::Four));
/// assert_eq!(dds_tables::lowest(Holding::EMPTY), None);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn lowest(holding: Holding) -> Option<Rank> {
    LOWEST[ix(holding)]
}

/// The `k` highest ranks of `holding`, all of them when it has `k` or
/// fewer.
///
/// Definition: the first `k` ranks of [`Holding::iter`]. Two small tables
/// stand in for one of 8192 x 14 entries (3 KiB against 224 KiB, few cache
/// lines): the `k` highest ranks of the upper part of the code (the eight to
/// the ace), and the rest from the lower part (the deuce to the seven).
///
/// ```
/// let holding = "AJ85".parse()?;
/// assert_eq!(dds_tables::top_ranks(holding, 3).to_string(), "AJ8");
/// assert_eq!(dds_tables::top_ranks(holding, 0).to_string(), "");
/// assert_eq!(dds_tables::top_ranks(holding, 13), holding);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn top_ranks(holding: Holding, k: usize) -> Holding {
    let index = ix(holding);
    let (high, low) = (index >> 6, index & 63);
    let in_high = high.count_ones() as usize;
    // The top `k` of the upper part (all of it when it has fewer), then the
    // rest from the lower part (none when the upper part has enough): no
    // case to choose.
    let from_high = TOP_HIGH[high][if k < 7 { k } else { 7 }] as u32;
    let rest = k.saturating_sub(in_high);
    let from_low = TOP_LOW[low][if rest < 6 { rest } else { 6 }] as u32;
    Holding::from_bits_truncate(from_high << 6 | from_low)
}

/// The runs of `holding`: its maximal sets of adjacent ranks (DDS's
/// `groupData`).
///
/// Definition: the tops are [`Holding::run_tops`], the bottoms
/// [`Holding::run_bottoms`]. The table stores both as one `u32`
/// (`bottoms << 16 | tops`).
///
/// Runs are adjacency in the full deck of 13 ranks. Move generation needs
/// adjacency among the cards still in play, which merges runs across gaps
/// whose cards have all been played; [`groups`] does that at run time.
///
/// ```
/// use dds_model::Rank;
/// // "AKQ 97 3": runs A-Q, 9, 7 and 3. The 9 and the 7 are separate runs,
/// // since the 8 is not held.
/// let runs = dds_tables::runs("AKQ973".parse()?);
/// assert_eq!(runs.len(), 4);
/// assert_eq!(runs.tops().to_string(), "A973");
/// assert_eq!(runs.bottoms().to_string(), "Q973");
/// let pairs: Vec<(Rank, Rank)> = runs.into_iter().collect();
/// assert_eq!(pairs[0], (Rank::Ace, Rank::Queen));
/// assert_eq!(pairs[1], (Rank::Nine, Rank::Nine));
/// assert_eq!(format!("{runs:?}"), "[A-Q, 9, 7, 3]");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn runs(holding: Holding) -> Groups {
    let packed = RUNS[ix(holding)];
    Groups { tops: Holding::from_bits_truncate(packed), bottoms: Holding::from_bits_truncate(packed >> 16) }
}

/// The groups of equivalent cards of `hand`, when `others` are the other
/// cards of the suit still in play (in other hands or in the current trick).
///
/// Two cards of `hand` are equivalent when no card of `others` ranks between
/// them; move generation plays only one card of each group. The groups are
/// the [`runs`] of `hand`, with two neighbouring runs merged when none of the
/// missing ranks between them is in `others`. Cards of `others` that are also
/// in `hand` are ignored.
///
/// Definition: the tops are [`Holding::equivalence_tops`], the bottoms
/// [`Holding::equivalence_bottoms`].
///
/// ```
/// // "AKQ 97 3" with the T and the 6 still out (the J, 8, 5 and 4 played):
/// // the 9 and the 7 merge, the others stay apart.
/// let groups = dds_tables::groups("AKQ973".parse()?, "T6".parse()?);
/// assert_eq!(format!("{groups:?}"), "[A-Q, 9-7, 3]");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn groups(hand: Holding, others: Holding) -> Groups {
    let runs = runs(hand);
    let (others, mut tops, mut bottoms) = (others.bits(), runs.tops.bits(), runs.bottoms.bits());
    // The top of the highest run always starts a group; below it, a run
    // starts a new group when a card of `others` lies in the gap between its
    // top and the bottom of the run above, and otherwise merges with it.
    // A merge drops the top of the lower run and the bottom of the upper
    // one; a run of one card has the same bit in both sets, so the dropped
    // tops and bottoms are kept apart.
    let (mut dropped_tops, mut dropped_bottoms) = (0u16, 0u16);
    let mut above_bottom = 0u16;
    while tops != 0 {
        let top = 1u16 << (15 - tops.leading_zeros());
        let bottom = 1u16 << (15 - bottoms.leading_zeros());
        tops ^= top;
        bottoms ^= bottom;
        // The gap holds the ranks strictly between `top` and `above_bottom`.
        if above_bottom != 0 && others & (above_bottom - 1) & !((top << 1) - 1) == 0 {
            dropped_tops |= top;
            dropped_bottoms |= above_bottom;
        }
        above_bottom = bottom;
    }
    Groups {
        tops: Holding::from_bits_truncate((runs.tops.bits() & !dropped_tops) as u32),
        bottoms: Holding::from_bits_truncate((runs.bottoms.bits() & !dropped_bottoms) as u32),
    }
}

/// The highest card of each group of equivalent cards of `hand` (see
/// [`groups`]): the cards move generation plays.
///
/// Definition: [`Holding::equivalence_tops`].
///
/// ```
/// let tops = dds_tables::group_tops("AKQ973".parse()?, "T6".parse()?);
/// assert_eq!(tops.to_string(), "A93");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn group_tops(hand: Holding, others: Holding) -> Holding {
    groups(hand, others).tops
}

/// Disjoint groups of ranks of one suit, each an interval of ranks given by
/// its top and its bottom (equal for a group of one card), as returned by
/// [`runs`] and [`groups`].
///
/// The `k`-th highest top and the `k`-th highest bottom belong to the same
/// group. Iterating yields `(top, bottom)` pairs from the highest group down.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Groups {
    tops: Holding,
    bottoms: Holding,
}

impl Groups {
    /// The top rank of every group.
    #[inline]
    pub const fn tops(self) -> Holding {
        self.tops
    }

    /// The bottom rank of every group.
    #[inline]
    pub const fn bottoms(self) -> Holding {
        self.bottoms
    }

    /// The number of groups.
    #[inline]
    pub const fn len(self) -> usize {
        self.tops.len()
    }

    /// Whether there is no group (the holding is a void).
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.tops.is_empty()
    }
}

impl fmt::Debug for Groups {
    /// The groups from the highest down, as `[A-Q, 9, 7-3]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, (top, bottom)) in self.into_iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if top == bottom {
                write!(f, "{top}")?;
            } else {
                write!(f, "{top}-{bottom}")?;
            }
        }
        f.write_str("]")
    }
}

impl IntoIterator for Groups {
    type Item = (Rank, Rank);
    type IntoIter = GroupsIter;

    #[inline]
    fn into_iter(self) -> GroupsIter {
        GroupsIter { tops: self.tops.iter(), bottoms: self.bottoms.iter() }
    }
}

/// Iterates over the `(top, bottom)` pairs of [`Groups`], from the highest
/// group down.
#[derive(Clone, Debug)]
pub struct GroupsIter {
    tops: dds_model::HoldingIter,
    bottoms: dds_model::HoldingIter,
}

impl Iterator for GroupsIter {
    type Item = (Rank, Rank);

    #[inline]
    fn next(&mut self) -> Option<(Rank, Rank)> {
        Some((self.tops.next()?, self.bottoms.next()?))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.tops.size_hint()
    }
}

impl DoubleEndedIterator for GroupsIter {
    #[inline]
    fn next_back(&mut self) -> Option<(Rank, Rank)> {
        Some((self.tops.next_back()?, self.bottoms.next_back()?))
    }
}

impl ExactSizeIterator for GroupsIter {}
impl FusedIterator for GroupsIter {}

/// `RELATIVE_RANKS[aggr][rank.index()]` is `aggr.relative_rank(rank)`,
/// computed at compile time.
static RELATIVE_RANKS: [[Rank; Rank::NUM]; Holding::COUNT] = {
    let mut table = [[Rank::Two; Rank::NUM]; Holding::COUNT];
    let mut bits = 0;
    while bits < Holding::COUNT {
        let aggr = Holding::from_bits_truncate(bits as u32);
        let mut i = 0;
        while i < Rank::NUM {
            table[bits][i] = aggr.relative_rank(Rank::from_index(i));
            i += 1;
        }
        bits += 1;
    }
    table
};

/// The rank `rank` would have if `aggr` were the only cards of the suit: the
/// ace minus the number of cards of `aggr` above `rank` (DDS's `relRank`).
///
/// Definition: [`Holding::relative_rank`]. The table behind it is not
/// checked in; see the crate documentation.
///
/// ```
/// use dds_model::Rank;
/// // With only the A, 9 and 5 left, the 9 plays as a king, the 5 as a queen.
/// let left = "A95".parse()?;
/// assert_eq!(dds_tables::rel_rank(left, Rank::Nine), Rank::King);
/// assert_eq!(dds_tables::rel_rank(left, Rank::Five), Rank::Queen);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn rel_rank(aggr: Holding, rank: Rank) -> Rank {
    relative_ranks(aggr)[rank.index()]
}

/// The relative ranks of every rank with respect to `aggr`, indexed by
/// [`Rank::index`]: `relative_ranks(aggr)[r.index()] == rel_rank(aggr, r)`.
///
/// ```
/// use dds_model::Rank;
/// let row = dds_tables::relative_ranks("A95".parse()?);
/// assert_eq!(row[Rank::Nine.index()], Rank::King);
/// assert_eq!(row[Rank::Ace.index()], Rank::Ace);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn relative_ranks(aggr: Holding) -> &'static [Rank; Rank::NUM] {
    &RELATIVE_RANKS[ix(aggr)]
}

/// The most cards an owner code keeps: a suit's 12 highest cards. Where the
/// suit lengths are known, they fix the owner of a 13th card.
pub const OWNER_CODE_CARDS: usize = 12;

/// The bits of an owner code: 2 bits a card, for [`OWNER_CODE_CARDS`] cards.
pub const OWNER_CODE_BITS: u32 = 2 * OWNER_CODE_CARDS as u32;

/// The bits of an owner code that cover the seats of its `k` highest cards
/// (at most [`OWNER_CODE_CARDS`] of them: a larger `k` covers the whole
/// code).
///
/// An owner code lists the seats of a suit's cards from the highest down,
/// the seat of the `i`-th highest card in bits `2i .. 2i + 2`.
///
/// ```
/// assert_eq!(dds_tables::owner_mask(0), 0);
/// assert_eq!(dds_tables::owner_mask(3), 0b11_11_11);
/// assert_eq!(dds_tables::owner_mask(13), (1 << 24) - 1);
/// ```
#[inline]
pub const fn owner_mask(k: usize) -> u32 {
    let k = if k < OWNER_CODE_CARDS { k } else { OWNER_CODE_CARDS };
    ((1u64 << (2 * k)) - 1) as u32
}

/// `OWNER_MASK_PAIRS[c]`: [`owner_mask_pair`], computed at compile time.
static OWNER_MASK_PAIRS: [u64; 256] = {
    let mut masks = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        masks[i] = owner_mask(i & 15) as u64 | (owner_mask(i >> 4) as u64) << OWNER_CODE_BITS;
        i += 1;
    }
    masks
};

/// The owner bits of two suits' codes side by side in one word (the first
/// suit's code in bits 0..24, the second's in bits 24..48), for `counts`
/// holding the number of relevant cards of the first suit in its low
/// nibble and of the second suit in its high nibble: [`owner_mask`] of
/// each count, in place.
///
/// ```
/// // The top 2 cards of the first suit, the top card of the second.
/// assert_eq!(dds_tables::owner_mask_pair(0x12), 0b1111 | 0b11 << 24);
/// ```
#[inline]
pub const fn owner_mask_pair(counts: u8) -> u64 {
    OWNER_MASK_PAIRS[counts as usize]
}

/// `SUITS_TRUMP_FIRST[strain]`: see [`suits_trump_first`].
const SUITS_TRUMP_FIRST: [[Suit; 4]; Strain::NUM] = {
    use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};
    [[S, H, D, C], [H, S, D, C], [D, S, H, C], [C, S, H, D], [S, H, D, C]]
};

/// The four suits in the order in which quick tricks are counted in
/// `strain`: the trump suit first, then the others in suit order; in no
/// trump, suit order.
///
/// ```
/// use dds_model::{Strain, Suit};
/// let order = dds_tables::suits_trump_first(Strain::Diamonds);
/// assert_eq!(order, [Suit::Diamonds, Suit::Spades, Suit::Hearts, Suit::Clubs]);
/// assert_eq!(dds_tables::suits_trump_first(Strain::NoTrump), Suit::ALL);
/// ```
#[inline]
pub const fn suits_trump_first(strain: Strain) -> [Suit; 4] {
    SUITS_TRUMP_FIRST[strain.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        s.parse().unwrap()
    }

    #[test]
    fn ends() {
        assert_eq!(highest(Holding::ALL), Some(Rank::Ace));
        assert_eq!(lowest(Holding::ALL), Some(Rank::Two));
        assert_eq!(highest(h("2")), Some(Rank::Two));
        assert_eq!(lowest(h("A")), Some(Rank::Ace));
    }

    #[test]
    fn runs_and_groups() {
        assert_eq!(format!("{:?}", runs(Holding::EMPTY)), "[]");
        assert!(runs(Holding::EMPTY).is_empty());
        assert_eq!(format!("{:?}", runs(Holding::ALL)), "[A-2]");
        assert_eq!(format!("{:?}", runs(h("AQT8642"))), "[A, Q, T, 8, 6, 4, 2]");
        let iter = runs(h("AQJT4")).into_iter();
        assert_eq!(iter.len(), 3);
        assert_eq!(
            iter.rev().collect::<Vec<_>>(),
            [(Rank::Four, Rank::Four), (Rank::Queen, Rank::Ten), (Rank::Ace, Rank::Ace)]
        );
        // Nothing else in play: one group. Everything else: the runs.
        assert_eq!(format!("{:?}", groups(h("AQT8642"), Holding::EMPTY)), "[A-2]");
        assert_eq!(groups(h("AQT8642"), !h("AQT8642")), runs(h("AQT8642")));
        assert_eq!(group_tops(h("AQT8642"), h("J")), h("AT"));
        assert_eq!(group_tops(h("AQT8642"), h("K")), h("AQ"));
        assert_eq!(group_tops(h("AQT8642"), h("K3")), h("AQ2"));
    }

    #[test]
    fn relative() {
        for rank in Rank::ALL {
            assert_eq!(rel_rank(Holding::ALL, rank), rank);
            assert_eq!(rel_rank(Holding::EMPTY, rank), Rank::Ace);
        }
    }
}
