//! Card ranks (`Rank`), from the deuce to the ace.

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// The rank of a card. The discriminant is DDS's rank value: deuce = 2 up to
/// ten = 10, jack = 11, queen = 12, king = 13, ace = 14. The *index*
/// (`value - 2`, deuce = 0, ace = 12) is the bit position of the card in a
/// [`Holding`](crate::Holding).
///
/// ```
/// use dds_model::Rank;
/// assert_eq!(Rank::Ace.value(), 14);
/// assert_eq!(Rank::Ace.index(), 12);
/// assert_eq!(Rank::new(10), Rank::Ten);
/// assert_eq!("T".parse::<Rank>()?, Rank::Ten);
/// assert_eq!("10".parse::<Rank>()?, Rank::Ten);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// The deuce, value 2.
    Two = 2,
    /// Value 3.
    Three = 3,
    /// Value 4.
    Four = 4,
    /// Value 5.
    Five = 5,
    /// Value 6.
    Six = 6,
    /// Value 7.
    Seven = 7,
    /// Value 8.
    Eight = 8,
    /// Value 9.
    Nine = 9,
    /// The ten, value 10.
    Ten = 10,
    /// The jack, value 11.
    Jack = 11,
    /// The queen, value 12.
    Queen = 12,
    /// The king, value 13.
    King = 13,
    /// The ace, value 14.
    Ace = 14,
}

impl Rank {
    /// All ranks from the deuce up to the ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];
    /// The number of ranks.
    pub const NUM: usize = 13;

    /// The rank with DDS value `value` (2 = deuce, 14 = ace).
    ///
    /// # Panics
    /// If `value` is not in `2..=14`.
    #[inline]
    #[track_caller]
    pub const fn new(value: u8) -> Rank {
        assert!(value >= 2 && value <= 14, "rank value out of range");
        Rank::ALL[value as usize - 2]
    }

    /// The rank with DDS value `value`, or `None` outside `2..=14`.
    #[inline]
    pub const fn try_new(value: u8) -> Option<Rank> {
        if value >= 2 && value <= 14 {
            Some(Rank::ALL[value as usize - 2])
        } else {
            None
        }
    }

    /// The rank with index `i` (0 = deuce, 12 = ace).
    ///
    /// # Panics
    /// If `i >= 13`.
    #[inline]
    #[track_caller]
    pub const fn from_index(i: usize) -> Rank {
        assert!(i < 13, "rank index out of range");
        Rank::ALL[i]
    }

    /// The rank with index `i`, without a check.
    ///
    /// # Safety
    /// `i` must be less than 13.
    #[inline]
    pub const unsafe fn from_index_unchecked(i: usize) -> Rank {
        debug_assert!(i < 13);
        // Safety: the caller guarantees `i < 13`; the discriminants are 2..15.
        unsafe { core::mem::transmute::<u8, Rank>(i as u8 + 2) }
    }

    /// DDS's value of the rank (2 = deuce, 14 = ace).
    #[inline]
    pub const fn value(self) -> u8 {
        self as u8
    }

    /// The index of the rank (0 = deuce, 12 = ace): its bit in a holding.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 2
    }

    /// The PBN character: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    #[inline]
    pub const fn to_char(self) -> char {
        b"23456789TJQKA"[self.index()] as char
    }

    /// Parses one PBN rank character, either case (`T` for the ten).
    #[inline]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '2'..='9' => Some(Rank::ALL[c as usize - '2' as usize]),
            'T' | 't' => Some(Rank::Ten),
            'J' | 'j' => Some(Rank::Jack),
            'Q' | 'q' => Some(Rank::Queen),
            'K' | 'k' => Some(Rank::King),
            'A' | 'a' => Some(Rank::Ace),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Debug for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Rank {
    type Err = ParseError;

    /// Accepts one rank character or `10`.
    fn from_str(s: &str) -> Result<Rank, ParseError> {
        if s == "10" {
            return Ok(Rank::Ten);
        }
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Rank::from_char(c).ok_or(ParseError::Rank),
            _ => Err(ParseError::Rank),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_and_indices() {
        for (i, rank) in Rank::ALL.into_iter().enumerate() {
            assert_eq!(rank.index(), i);
            assert_eq!(rank.value() as usize, i + 2);
            assert_eq!(Rank::from_index(i), rank);
            assert_eq!(unsafe { Rank::from_index_unchecked(i) }, rank);
            assert_eq!(Rank::new(rank.value()), rank);
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
            assert_eq!(rank.to_char().to_ascii_lowercase().to_string().parse::<Rank>(), Ok(rank));
        }
        assert_eq!(Rank::try_new(1), None);
        assert_eq!(Rank::try_new(15), None);
        assert!(Rank::Ace > Rank::King && Rank::Three > Rank::Two);
        for bad in ["", "1", "0", "11", "X", "AK"] {
            assert_eq!(bad.parse::<Rank>(), Err(ParseError::Rank), "{bad:?}");
        }
    }
}
