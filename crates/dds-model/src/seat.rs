//! Seats at the table (`Seat`) and partnerships (`Side`).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;

/// A player's position at the table, in DDS's index order: North = 0, East = 1,
/// South = 2, West = 3.
///
/// Play proceeds clockwise, so [`Seat::next`] is the left-hand opponent.
///
/// ```
/// use dds_model::Seat;
/// assert_eq!(Seat::North.next(), Seat::East);
/// assert_eq!(Seat::West.partner(), Seat::East);
/// assert_eq!("S".parse::<Seat>()?, Seat::South);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Seat {
    /// North, index 0.
    North = 0,
    /// East, index 1.
    East = 1,
    /// South, index 2.
    South = 2,
    /// West, index 3.
    West = 3,
}

impl Seat {
    /// All seats in index order.
    pub const ALL: [Seat; 4] = [Seat::North, Seat::East, Seat::South, Seat::West];
    /// The number of seats.
    pub const NUM: usize = 4;

    /// The seat with index `i` (0 = North).
    ///
    /// # Panics
    /// If `i >= 4`.
    #[inline]
    #[track_caller]
    pub const fn new(i: usize) -> Seat {
        assert!(i < 4, "seat index out of range");
        Seat::ALL[i]
    }

    /// The seat with index `i`, or `None` when `i >= 4`.
    #[inline]
    pub const fn try_new(i: usize) -> Option<Seat> {
        if i < 4 {
            Some(Seat::ALL[i])
        } else {
            None
        }
    }

    /// The seat with index `i & 3`, which never fails.
    #[inline]
    pub const fn wrapping(i: usize) -> Seat {
        Seat::ALL[i & 3]
    }

    /// The seat with index `i`, without a check.
    ///
    /// # Safety
    /// `i` must be less than 4.
    #[inline]
    pub const unsafe fn new_unchecked(i: usize) -> Seat {
        debug_assert!(i < 4);
        // Safety: the caller guarantees `i < 4`, the discriminants are 0..4.
        unsafe { core::mem::transmute::<u8, Seat>(i as u8) }
    }

    /// The index of the seat (North = 0).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat `n` places clockwise from this one.
    #[inline]
    pub const fn offset(self, n: usize) -> Seat {
        Seat::wrapping(self as usize + n)
    }

    /// The next player clockwise (left-hand opponent): N -> E -> S -> W -> N.
    #[inline]
    pub const fn next(self) -> Seat {
        self.offset(1)
    }

    /// The partner, across the table.
    #[inline]
    pub const fn partner(self) -> Seat {
        self.offset(2)
    }

    /// The previous player (right-hand opponent).
    #[inline]
    pub const fn prev(self) -> Seat {
        self.offset(3)
    }

    /// The partnership this seat belongs to.
    #[inline]
    pub const fn side(self) -> Side {
        if self as u8 & 1 == 0 {
            Side::NorthSouth
        } else {
            Side::EastWest
        }
    }

    /// The one-letter name: `N`, `E`, `S` or `W`.
    #[inline]
    pub const fn to_char(self) -> char {
        match self {
            Seat::North => 'N',
            Seat::East => 'E',
            Seat::South => 'S',
            Seat::West => 'W',
        }
    }

    /// Parses a one-letter seat name, either case.
    #[inline]
    pub const fn from_char(c: char) -> Option<Seat> {
        match c {
            'N' | 'n' => Some(Seat::North),
            'E' | 'e' => Some(Seat::East),
            'S' | 's' => Some(Seat::South),
            'W' | 'w' => Some(Seat::West),
            _ => None,
        }
    }

    /// The full English name, e.g. `"North"`.
    pub const fn name(self) -> &'static str {
        match self {
            Seat::North => "North",
            Seat::East => "East",
            Seat::South => "South",
            Seat::West => "West",
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

impl FromStr for Seat {
    type Err = ParseError;

    /// Accepts `N`, `E`, `S`, `W` or the full names, in any case.
    fn from_str(s: &str) -> Result<Seat, ParseError> {
        let mut chars = s.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            if let Some(seat) = Seat::from_char(c) {
                return Ok(seat);
            }
        }
        Seat::ALL.into_iter().find(|seat| seat.name().eq_ignore_ascii_case(s)).ok_or(ParseError::Seat)
    }
}

/// A partnership: North-South or East-West.
///
/// ```
/// use dds_model::{Seat, Side};
/// assert_eq!(Side::EastWest.seats(), [Seat::East, Seat::West]);
/// assert_eq!(Side::NorthSouth.opponents(), Side::EastWest);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(u8)]
pub enum Side {
    /// North and South.
    NorthSouth = 0,
    /// East and West.
    EastWest = 1,
}

impl Side {
    /// Both sides, North-South first.
    pub const ALL: [Side; 2] = [Side::NorthSouth, Side::EastWest];

    /// The other side.
    #[inline]
    pub const fn opponents(self) -> Side {
        match self {
            Side::NorthSouth => Side::EastWest,
            Side::EastWest => Side::NorthSouth,
        }
    }

    /// The two seats of the side, North or East first.
    #[inline]
    pub const fn seats(self) -> [Seat; 2] {
        match self {
            Side::NorthSouth => [Seat::North, Seat::South],
            Side::EastWest => [Seat::East, Seat::West],
        }
    }

    /// `"NS"` or `"EW"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Side::NorthSouth => "NS",
            Side::EastWest => "EW",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Side {
    type Err = ParseError;

    /// Accepts `NS` or `EW` (either case, either order of letters).
    fn from_str(s: &str) -> Result<Side, ParseError> {
        match s.to_ascii_uppercase().as_str() {
            "NS" | "SN" => Ok(Side::NorthSouth),
            "EW" | "WE" => Ok(Side::EastWest),
            _ => Err(ParseError::Side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation() {
        for seat in Seat::ALL {
            assert_eq!(seat.next().prev(), seat);
            assert_eq!(seat.partner().partner(), seat);
            assert_eq!(seat.next().next(), seat.partner());
            assert_eq!(seat.side(), seat.partner().side());
            assert_ne!(seat.side(), seat.next().side());
            assert_eq!(Seat::new(seat.index()), seat);
            assert_eq!(unsafe { Seat::new_unchecked(seat.index()) }, seat);
        }
        assert_eq!(Seat::try_new(4), None);
        assert_eq!(Seat::wrapping(7), Seat::West);
    }

    #[test]
    fn text_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(seat.to_string().parse::<Seat>(), Ok(seat));
            assert_eq!(seat.name().parse::<Seat>(), Ok(seat));
            assert_eq!(seat.name().to_lowercase().parse::<Seat>(), Ok(seat));
        }
        for bad in ["", "X", "NN", "Nort", "1"] {
            assert_eq!(bad.parse::<Seat>(), Err(ParseError::Seat), "{bad:?}");
        }
        for side in Side::ALL {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
            assert_eq!(side.opponents().opponents(), side);
            for seat in side.seats() {
                assert_eq!(seat.side(), side);
            }
        }
        assert_eq!("NE".parse::<Side>(), Err(ParseError::Side));
    }
}
