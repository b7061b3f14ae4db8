//! The cards of one suit held by one player, or by several (`Holding`).

use core::fmt;
use core::iter::FusedIterator;
use core::ops;

use crate::Rank;

/// A set of ranks of one suit, as a 13-bit code: the deuce at bit 0 and the
/// ace at bit 12.
///
/// This is exactly DDS's `rankInSuit` code *shifted down by two* (DDS puts
/// the deuce at bit 2), and the code that indexes 8192-entry lookup
/// tables (those of `dds-tables`). Bits 13..15 are always clear, so
/// [`Holding::index`] is a valid index into a `[T; 8192]`.
///
/// ```
/// use dds_model::{Holding, Rank};
/// let h: Holding = "AQ52".parse()?;
/// assert_eq!(h.len(), 4);
/// assert_eq!(h.highest(), Some(Rank::Ace));
/// assert_eq!(h.lowest(), Some(Rank::Two));
/// assert!(h.contains(Rank::Queen) && !h.contains(Rank::King));
/// assert_eq!(h.to_string(), "AQ52");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Holding(u16);

impl Holding {
    /// The void.
    pub const EMPTY: Holding = Holding(0);
    /// All 13 ranks.
    pub const ALL: Holding = Holding(0x1fff);
    /// The number of distinct holdings (`2^13`).
    pub const COUNT: usize = 8192;

    /// The holding with code `bits`, or `None` if a bit above bit 12 is set.
    #[inline]
    pub const fn from_bits(bits: u16) -> Option<Holding> {
        if bits & !0x1fff == 0 {
            Some(Holding(bits))
        } else {
            None
        }
    }

    /// The holding with the low 13 bits of `bits`; higher bits are dropped.
    #[inline]
    pub const fn from_bits_truncate(bits: u32) -> Holding {
        Holding((bits & 0x1fff) as u16)
    }

    /// The 13-bit code.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The code as an index into an 8192-entry table.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The holding of a single rank.
    #[inline]
    pub const fn single(rank: Rank) -> Holding {
        Holding(1 << rank.index())
    }

    /// The number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the holding is a void.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `rank` is held.
    #[inline]
    pub const fn contains(self, rank: Rank) -> bool {
        self.0 & (1 << rank.index()) != 0
    }

    /// The holding with `rank` added.
    #[inline]
    pub const fn with(self, rank: Rank) -> Holding {
        Holding(self.0 | 1 << rank.index())
    }

    /// The holding with `rank` removed.
    #[inline]
    pub const fn without(self, rank: Rank) -> Holding {
        Holding(self.0 & !(1 << rank.index()))
    }

    /// The highest rank held.
    #[inline]
    pub const fn highest(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Some(Rank::from_index(15 - self.0.leading_zeros() as usize))
        }
    }

    /// The lowest rank held.
    #[inline]
    pub const fn lowest(self) -> Option<Rank> {
        if self.0 == 0 {
            None
        } else {
            Some(Rank::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// The ranks strictly above `rank`, held or not.
    #[inline]
    pub const fn above(rank: Rank) -> Holding {
        Holding(0x1fff & !((2u16 << rank.index()) - 1))
    }

    /// The ranks strictly below `rank`, held or not.
    #[inline]
    pub const fn below(rank: Rank) -> Holding {
        Holding((1u16 << rank.index()) - 1)
    }

    /// How many cards of the holding rank above `rank`.
    #[inline]
    pub const fn count_above(self, rank: Rank) -> usize {
        (self.0 & Holding::above(rank).0).count_ones() as usize
    }

    /// The rank `rank` would have if the holding were the only cards left in
    /// the suit: the ace minus the number of cards above it.
    ///
    /// This is the *relative rank* of the DDS papers: with only the ace, nine
    /// and five left, the nine plays as a king and the five as a queen.
    ///
    /// ```
    /// use dds_model::{Holding, Rank};
    /// let left: Holding = "A95".parse()?;
    /// assert_eq!(left.relative_rank(Rank::Nine), Rank::King);
    /// assert_eq!(left.relative_rank(Rank::Five), Rank::Queen);
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    #[inline]
    pub const fn relative_rank(self, rank: Rank) -> Rank {
        Rank::from_index(12 - self.count_above(rank))
    }

    /// The top card of each *run*, a maximal set of adjacent held ranks: the
    /// held ranks whose next higher rank is not held (the ace always
    /// qualifies).
    ///
    /// A plain definition of what DDS's `groupData` table holds.
    ///
    /// ```
    /// use dds_model::Holding;
    /// // Runs A-Q, 9, 7 and 3: the 9 and the 7 are not adjacent.
    /// let h: Holding = "AKQ973".parse()?;
    /// assert_eq!(h.run_tops().to_string(), "A973");
    /// assert_eq!(h.run_bottoms().to_string(), "Q973");
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn run_tops(self) -> Holding {
        self.iter().filter(|&r| r == Rank::Ace || !self.contains(Rank::from_index(r.index() + 1))).collect()
    }

    /// The bottom card of each run (see [`Holding::run_tops`]): the held
    /// ranks whose next lower rank is not held (the deuce always qualifies).
    ///
    /// ```
    /// use dds_model::Holding;
    /// let h: Holding = "KQJ2".parse()?;
    /// assert_eq!(h.run_bottoms().to_string(), "J2");
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn run_bottoms(self) -> Holding {
        self.iter().filter(|&r| r == Rank::Two || !self.contains(Rank::from_index(r.index() - 1))).collect()
    }

    /// The highest card of each group of *equivalent* cards, when `others`
    /// are the other cards of the suit still in play.
    ///
    /// Two held ranks are equivalent when no card of `others` ranks strictly
    /// between them: the cards missing between them have all been played, so
    /// playing either one has the same effect. Cards of `others` that are also
    /// in `self` are ignored. A slow reference definition, quadratic in the
    /// number of cards, that the search's move generation is tested against.
    ///
    /// ```
    /// use dds_model::Holding;
    /// let hand: Holding = "AKQ973".parse()?;
    /// // The ten and the six are still out; the jack, the eight and the
    /// // five, four are gone: groups A-Q, 9-7 and 3.
    /// let others: Holding = "T6".parse()?;
    /// assert_eq!(hand.equivalence_tops(others).to_string(), "A93");
    /// assert_eq!(hand.equivalence_bottoms(others).to_string(), "Q73");
    /// // With no other card in play, the whole holding is one group.
    /// assert_eq!(hand.equivalence_tops(Holding::EMPTY).to_string(), "A");
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn equivalence_tops(self, others: Holding) -> Holding {
        let others = others - self;
        let separated = |low: Rank, high: Rank| !(others & Holding::above(low) & Holding::below(high)).is_empty();
        self.iter().filter(|&r| self.iter().filter(|&s| s > r).all(|s| separated(r, s))).collect()
    }

    /// The lowest card of each group of equivalent cards (see
    /// [`Holding::equivalence_tops`]).
    ///
    /// ```
    /// use dds_model::Holding;
    /// let hand: Holding = "AKQ973".parse()?;
    /// assert_eq!(hand.equivalence_bottoms("T6".parse()?).to_string(), "Q73");
    /// assert_eq!(hand.equivalence_bottoms(!hand).to_string(), "Q973");
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn equivalence_bottoms(self, others: Holding) -> Holding {
        let others = others - self;
        let separated = |low: Rank, high: Rank| !(others & Holding::above(low) & Holding::below(high)).is_empty();
        self.iter().filter(|&r| self.iter().filter(|&s| s < r).all(|s| separated(s, r))).collect()
    }

    /// The ranks from high to low.
    #[inline]
    pub const fn iter(self) -> HoldingIter {
        HoldingIter(self.0)
    }

    /// Parses PBN suit text such as `AKT2` (`T` or `10` for the ten, either
    /// case; an empty string is a void). Returns `None` for a bad character
    /// or a rank written twice.
    pub fn from_ascii(s: &[u8]) -> Option<Holding> {
        let mut holding = Holding::EMPTY;
        let mut i = 0;
        while i < s.len() {
            let rank = if s[i] == b'1' && s.get(i + 1) == Some(&b'0') {
                i += 1;
                Rank::Ten
            } else {
                Rank::from_char(s[i] as char)?
            };
            if holding.contains(rank) {
                return None;
            }
            holding = holding.with(rank);
            i += 1;
        }
        Some(holding)
    }
}

impl fmt::Display for Holding {
    /// PBN suit text, high to low; a void is the empty string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in *self {
            write!(f, "{}", rank.to_char())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Holding {
    /// Like `Display`, but a void is `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            f.write_str("-")
        } else {
            fmt::Display::fmt(self, f)
        }
    }
}

impl core::str::FromStr for Holding {
    type Err = crate::ParseError;

    fn from_str(s: &str) -> Result<Holding, crate::ParseError> {
        Holding::from_ascii(s.as_bytes()).ok_or(crate::ParseError::Holding)
    }
}

macro_rules! holding_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl ops::$trait for Holding {
            type Output = Holding;
            #[inline]
            fn $method(self, rhs: Holding) -> Holding {
                Holding(self.0 $op rhs.0)
            }
        }
        impl ops::$assign_trait for Holding {
            #[inline]
            fn $assign_method(&mut self, rhs: Holding) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

holding_ops!(
    BitOr bitor BitOrAssign bitor_assign |,
    BitAnd bitand BitAndAssign bitand_assign &,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl ops::Sub for Holding {
    type Output = Holding;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Holding) -> Holding {
        Holding(self.0 & !rhs.0)
    }
}

impl ops::SubAssign for Holding {
    #[inline]
    fn sub_assign(&mut self, rhs: Holding) {
        self.0 &= !rhs.0;
    }
}

impl ops::Not for Holding {
    type Output = Holding;
    /// The complement within the 13 ranks.
    #[inline]
    fn not(self) -> Holding {
        Holding(!self.0 & 0x1fff)
    }
}

impl IntoIterator for Holding {
    type Item = Rank;
    type IntoIter = HoldingIter;
    #[inline]
    fn into_iter(self) -> HoldingIter {
        self.iter()
    }
}

impl FromIterator<Rank> for Holding {
    fn from_iter<I: IntoIterator<Item = Rank>>(iter: I) -> Holding {
        iter.into_iter().fold(Holding::EMPTY, Holding::with)
    }
}

/// Iterates over the ranks of a [`Holding`], from the highest down.
#[derive(Clone, Debug)]
pub struct HoldingIter(u16);

impl Iterator for HoldingIter {
    type Item = Rank;

    #[inline]
    fn next(&mut self) -> Option<Rank> {
        if self.0 == 0 {
            return None;
        }
        let i = 15 - self.0.leading_zeros() as usize;
        self.0 ^= 1 << i;
        Some(Rank::from_index(i))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for HoldingIter {
    #[inline]
    fn next_back(&mut self) -> Option<Rank> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Rank::from_index(i))
    }
}

impl ExactSizeIterator for HoldingIter {}
impl FusedIterator for HoldingIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    // Too slow under Miri (all 8,192 holdings, no unsafe code; the smaller holding
    // tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn every_holding() {
        for bits in 0..8192u16 {
            let h = Holding::from_bits(bits).unwrap();
            let ranks: Vec<Rank> = h.iter().collect();
            assert_eq!(ranks.len(), h.len());
            assert!(ranks.windows(2).all(|w| w[0] > w[1]));
            assert_eq!(ranks.first().copied(), h.highest());
            assert_eq!(ranks.last().copied(), h.lowest());
            let back: Vec<Rank> = h.iter().rev().collect();
            assert!(back.iter().rev().eq(ranks.iter()));
            assert_eq!(ranks.iter().copied().collect::<Holding>(), h);
            assert_eq!(h.to_string().parse::<Holding>(), Ok(h));
            assert_eq!((!h) | h, Holding::ALL);
            assert_eq!((!h) & h, Holding::EMPTY);
            assert_eq!(Holding::ALL - h, !h);
            for rank in Rank::ALL {
                let expected = ranks.iter().filter(|r| **r > rank).count();
                assert_eq!(h.count_above(rank), expected);
                assert!(h.with(rank).contains(rank));
                assert!(!h.without(rank).contains(rank));
                assert_eq!(h.relative_rank(rank).index(), 12 - expected);
            }
        }
        assert_eq!(Holding::from_bits(0x2000), None);
    }

    #[test]
    // Too slow under Miri (all 8,192 holdings, no unsafe code; the smaller holding
    // tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn runs_and_groups() {
        for bits in 0..8192u16 {
            let h = Holding::from_bits(bits).unwrap();
            let (tops, bottoms) = (h.run_tops(), h.run_bottoms());
            assert_eq!(tops.len(), bottoms.len());
            assert_eq!(tops - h, Holding::EMPTY);
            assert_eq!(bottoms - h, Holding::EMPTY);
            // Pairing the k-th highest top with the k-th highest bottom gives
            // disjoint intervals, all held, that cover the holding.
            let mut covered = Holding::EMPTY;
            for (top, bottom) in tops.iter().zip(bottoms) {
                assert!(top >= bottom);
                let run = Holding::below(top).with(top) - Holding::below(bottom);
                assert_eq!(run - h, Holding::EMPTY);
                assert_eq!(covered & run, Holding::EMPTY);
                covered |= run;
            }
            assert_eq!(covered, h);
            // No other card in play: one group. Every other card in play:
            // the groups are the runs.
            assert_eq!(h.equivalence_tops(Holding::EMPTY), h.highest().map_or(Holding::EMPTY, Holding::single));
            assert_eq!(h.equivalence_bottoms(Holding::EMPTY), h.lowest().map_or(Holding::EMPTY, Holding::single));
            assert_eq!(h.equivalence_tops(!h), tops);
            assert_eq!(h.equivalence_bottoms(!h), bottoms);
            // Cards of `others` inside the holding are ignored.
            assert_eq!(h.equivalence_tops(Holding::ALL), tops);
        }
    }

    #[test]
    fn text() {
        assert_eq!("".parse::<Holding>().unwrap(), Holding::EMPTY);
        assert_eq!("a10t".parse::<Holding>(), Err(crate::ParseError::Holding));
        assert_eq!("AK10".parse::<Holding>().unwrap().to_string(), "AKT");
        assert_eq!("2A".parse::<Holding>().unwrap().to_string(), "A2");
        assert_eq!(format!("{:?}", Holding::EMPTY), "-");
        for bad in ["1", "X", "AA", "A1", "0"] {
            assert_eq!(bad.parse::<Holding>(), Err(crate::ParseError::Holding), "{bad:?}");
        }
    }

    #[test]
    fn ranges() {
        assert_eq!(Holding::above(Rank::Queen).to_string(), "AK");
        assert_eq!(Holding::below(Rank::Four).to_string(), "32");
        assert_eq!(Holding::above(Rank::Ace), Holding::EMPTY);
        assert_eq!(Holding::below(Rank::Two), Holding::EMPTY);
    }
}
