//! Internal to `dds`: do not use directly, the API may change at any time.
//!
//! Precomputed lookup tables over the 13-bit suit code [`Holding`] (deuce at
//! bit 0, ace at bit 12), and the typed lookups that read them:
//!
//! * [`highest`] and [`lowest`]: the highest and lowest rank of a holding.
//! * [`runs`]: the runs of adjacent ranks of a holding (DDS's `groupData`),
//!   and from them [`groups`] and [`group_tops`]: the groups of equivalent
//!   cards that move generation collapses to one move.
//! * [`rel_rank`] and [`relative_ranks`]: the rank a card would have if a
//!   given set of cards were the only ones left (DDS's `relRank`).
//!
//! # Where the tables come from
//!
//! The tables of `src/generated/` are data written by `cargo xtask codegen`
//! from slow, obviously correct reference functions of `dds-model`
//! ([`Holding::highest`], [`Holding::lowest`], [`Holding::run_tops`],
//! [`Holding::run_bottoms`]), and checked in. The generator depends on
//! `dds-model` only, never on this crate, so a broken table can always be
//! regenerated; `cargo test -p xtask` fails when a checked-in file is stale.
//!
//! The relative-rank table (8192 x 13 ranks, 104 KiB) is too large to check
//! in. It is a `static` computed by `const` evaluation at compile time from
//! the reference [`Holding::relative_rank`], so it costs nothing at start-up,
//! needs no lazy initialisation and is shared read-only by every thread.
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
//! Every lookup indexes a `[T; 8192]` with [`Holding::index`], masked to 13
//! bits: the mask is a no-op on a valid holding, and it lets the compiler
//! drop the bounds check without `unsafe`.
//!
//! **Dependencies:** `dds-model` only. This crate holds data and indexing,
//! no search logic.
#![deny(missing_docs)]

use core::fmt;
use core::iter::FusedIterator;

use dds_model::{Holding, Rank};

mod generated {
    pub(crate) mod highest;
    pub(crate) mod lowest;
    pub(crate) mod runs;
}

use generated::highest::HIGHEST;
use generated::lowest::LOWEST;
use generated::runs::RUNS;

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
