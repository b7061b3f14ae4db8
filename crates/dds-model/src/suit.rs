//! Suits (`Suit`) and strains (`Strain`, a suit or no trump).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// One of the four suits, in DDS's index order: spades = 0, hearts = 1,
/// diamonds = 2, clubs = 3.
///
/// ```
/// use dds_model::Suit;
/// assert_eq!(Suit::Hearts.index(), 1);
/// assert_eq!("d".parse::<Suit>()?, Suit::Diamonds);
/// assert_eq!(Suit::Clubs.to_string(), "C");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Spades, index 0.
    Spades = 0,
    /// Hearts, index 1.
    Hearts = 1,
    /// Diamonds, index 2.
    Diamonds = 2,
    /// Clubs, index 3.
    Clubs = 3,
}

impl Suit {
    /// All suits in index order (spades first, as PBN writes a hand).
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];
    /// The number of suits.
    pub const NUM: usize = 4;

    /// The suit with index `i` (0 = spades).
    ///
    /// # Panics
    /// If `i >= 4`.
    #[inline]
    #[track_caller]
    pub const fn new(i: usize) -> Suit {
        assert!(i < 4, "suit index out of range");
        Suit::ALL[i]
    }

    /// The suit with index `i`, or `None` when `i >= 4`.
    #[inline]
    pub const fn try_new(i: usize) -> Option<Suit> {
        if i < 4 {
            Some(Suit::ALL[i])
        } else {
            None
        }
    }

    /// The suit with index `i`, without a check.
    ///
    /// # Safety
    /// `i` must be less than 4.
    #[inline]
    pub const unsafe fn new_unchecked(i: usize) -> Suit {
        debug_assert!(i < 4);
        // Safety: the caller guarantees `i < 4`, the discriminants are 0..4.
        unsafe { core::mem::transmute::<u8, Suit>(i as u8) }
    }

    /// The index of the suit (spades = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The strain in which this suit is trumps.
    #[inline]
    pub const fn strain(self) -> Strain {
        Strain::ALL[self as usize]
    }

    /// `S`, `H`, `D` or `C`.
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    /// The suit's name in lower case: `"spades"`, `"hearts"`, `"diamonds"`,
    /// `"clubs"`.
    ///
    /// ```
    /// assert_eq!(dds_model::Suit::Hearts.name(), "hearts");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// The Unicode suit symbol, e.g. `♠`.
    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    /// Parses `S`, `H`, `D` or `C` in either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'S' | 's' => Some(Suit::Spades),
            'H' | 'h' => Some(Suit::Hearts),
            'D' | 'd' => Some(Suit::Diamonds),
            'C' | 'c' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Debug for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Suit {
    type Err = ParseError;

    /// Accepts a letter (`S`, `H`, `D`, `C`, either case) or a suit symbol.
    fn from_str(s: &str) -> Result<Suit, ParseError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Suit::from_char(c)
                .or_else(|| Suit::ALL.into_iter().find(|suit| suit.symbol() == c))
                .ok_or(ParseError::Suit),
            _ => Err(ParseError::Suit),
        }
    }
}

/// The denomination of a contract: a trump suit or no trump, in DDS's index
/// order (spades = 0, hearts, diamonds, clubs, no trump = 4).
///
/// ```
/// use dds_model::{Strain, Suit};
/// assert_eq!(Strain::NoTrump.index(), 4);
/// assert_eq!(Strain::Hearts.trump(), Some(Suit::Hearts));
/// assert_eq!("NT".parse::<Strain>()?, Strain::NoTrump);
/// assert_eq!("n".parse::<Strain>()?, Strain::NoTrump);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Strain {
    /// Spades are trumps, index 0.
    Spades = 0,
    /// Hearts are trumps, index 1.
    Hearts = 1,
    /// Diamonds are trumps, index 2.
    Diamonds = 2,
    /// Clubs are trumps, index 3.
    Clubs = 3,
    /// No trump, index 4.
    NoTrump = 4,
}

impl Strain {
    /// All strains in DDS's index order (spades first, no trump last).
    pub const ALL: [Strain; 5] = [Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs, Strain::NoTrump];
    /// The number of strains.
    pub const NUM: usize = 5;
    /// The strains from the lowest (clubs) to the highest (no trump), as in
    /// the auction.
    pub const BIDDING_ORDER: [Strain; 5] =
        [Strain::Clubs, Strain::Diamonds, Strain::Hearts, Strain::Spades, Strain::NoTrump];

    /// The strain with index `i` (0 = spades, 4 = no trump).
    ///
    /// # Panics
    /// If `i >= 5`.
    #[inline]
    #[track_caller]
    pub const fn new(i: usize) -> Strain {
        assert!(i < 5, "strain index out of range");
        Strain::ALL[i]
    }

    /// The strain with index `i`, or `None` when `i >= 5`.
    #[inline]
    pub const fn try_new(i: usize) -> Option<Strain> {
        if i < 5 {
            Some(Strain::ALL[i])
        } else {
            None
        }
    }

    /// The strain with index `i`, without a check.
    ///
    /// # Safety
    /// `i` must be less than 5.
    #[inline]
    pub const unsafe fn new_unchecked(i: usize) -> Strain {
        debug_assert!(i < 5);
        // Safety: the caller guarantees `i < 5`, the discriminants are 0..5.
        unsafe { core::mem::transmute::<u8, Strain>(i as u8) }
    }

    /// The index of the strain (spades = 0, no trump = 4).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The trump suit, or `None` in no trump.
    #[inline]
    pub const fn trump(self) -> Option<Suit> {
        Suit::try_new(self as usize)
    }

    /// Whether the strain is a major suit (spades or hearts).
    #[inline]
    pub const fn is_major(self) -> bool {
        matches!(self, Strain::Spades | Strain::Hearts)
    }

    /// Whether the strain is a minor suit (diamonds or clubs).
    #[inline]
    pub const fn is_minor(self) -> bool {
        matches!(self, Strain::Diamonds | Strain::Clubs)
    }

    /// The rank of the strain in the auction: clubs 0, diamonds 1, hearts 2,
    /// spades 3, no trump 4.
    #[inline]
    pub const fn bidding_rank(self) -> u8 {
        match self {
            Strain::Clubs => 0,
            Strain::Diamonds => 1,
            Strain::Hearts => 2,
            Strain::Spades => 3,
            Strain::NoTrump => 4,
        }
    }

    /// `S`, `H`, `D`, `C` or `N` (the one-letter form of PBN and DDS's
    /// contract strings).
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Strain::Spades => 'S',
            Strain::Hearts => 'H',
            Strain::Diamonds => 'D',
            Strain::Clubs => 'C',
            Strain::NoTrump => 'N',
        }
    }

    /// `"S"`, `"H"`, `"D"`, `"C"` or `"NT"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Strain::Spades => "S",
            Strain::Hearts => "H",
            Strain::Diamonds => "D",
            Strain::Clubs => "C",
            Strain::NoTrump => "NT",
        }
    }
}

impl From<Suit> for Strain {
    #[inline]
    fn from(suit: Suit) -> Strain {
        suit.strain()
    }
}

impl fmt::Display for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for Strain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Strain {
    type Err = ParseError;

    /// Accepts `S`, `H`, `D`, `C`, `N`, `NT` or `NOTRUMP` in any case, or a
    /// suit symbol.
    fn from_str(s: &str) -> Result<Strain, ParseError> {
        match s.to_ascii_uppercase().as_str() {
            "N" | "NT" | "NOTRUMP" | "NOTRUMPS" => Ok(Strain::NoTrump),
            _ => s.parse::<Suit>().map(Suit::strain).map_err(|_| ParseError::Strain),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suits() {
        for (i, suit) in Suit::ALL.into_iter().enumerate() {
            assert_eq!(suit.index(), i);
            assert_eq!(Suit::new(i), suit);
            assert_eq!(unsafe { Suit::new_unchecked(i) }, suit);
            assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
            assert_eq!(suit.symbol().to_string().parse::<Suit>(), Ok(suit));
            assert_eq!(suit.strain().trump(), Some(suit));
        }
        assert_eq!(Suit::try_new(4), None);
        for bad in ["", "X", "SS", "N"] {
            assert_eq!(bad.parse::<Suit>(), Err(ParseError::Suit));
        }
    }

    #[test]
    fn strains() {
        for (i, strain) in Strain::ALL.into_iter().enumerate() {
            assert_eq!(strain.index(), i);
            assert_eq!(Strain::new(i), strain);
            assert_eq!(unsafe { Strain::new_unchecked(i) }, strain);
            assert_eq!(strain.to_string().parse::<Strain>(), Ok(strain));
            assert_eq!(strain.to_char().to_string().parse::<Strain>(), Ok(strain));
        }
        assert_eq!(Strain::NoTrump.trump(), None);
        assert_eq!(Strain::try_new(5), None);
        let mut ranks: Vec<u8> = Strain::BIDDING_ORDER.iter().map(|s| s.bidding_rank()).collect();
        assert_eq!(ranks, [0, 1, 2, 3, 4]);
        ranks.dedup();
        assert_eq!(ranks.len(), 5);
        assert!(Strain::Spades.is_major() && Strain::Clubs.is_minor());
        assert!(!Strain::NoTrump.is_major() && !Strain::NoTrump.is_minor());
        for bad in ["", "X", "NTT", "SH"] {
            assert_eq!(bad.parse::<Strain>(), Err(ParseError::Strain));
        }
    }
}
