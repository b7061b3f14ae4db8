//! Playing cards (`Card`).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::{Rank, Suit};

/// One of the 52 cards.
///
/// Internally the card is its bit position in a [`Hand`](crate::Hand):
/// `16 * suit index + rank index`, so the ace of spades is 12 and the deuce
/// of clubs is 48.
///
/// The text form is suit then rank, as DDS writes play sequences: `SA`, `HT`,
/// `C2`. Parsing also accepts `10` for the ten, either case, suit symbols and
/// the rank-first order (`AS`).
///
/// ```
/// use dds_model::{Card, Rank, Suit};
/// let card: Card = "HT".parse()?;
/// assert_eq!(card, Card::new(Suit::Hearts, Rank::Ten));
/// assert_eq!("h10".parse::<Card>()?, card);
/// assert_eq!(card.to_string(), "HT");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    #[inline]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(((suit as u8) << 4) | rank.index() as u8)
    }

    /// The card at bit `bit` of a hand's `u64` (see [`Hand`](crate::Hand)),
    /// or `None` if no card lives at that bit.
    #[inline]
    pub const fn from_bit(bit: u32) -> Option<Card> {
        if bit < 64 && bit & 15 < 13 {
            Some(Card(bit as u8))
        } else {
            None
        }
    }

    /// The card at bit `bit`, without a check.
    ///
    /// # Safety
    /// `bit` must be `16 * s + r` with `s < 4` and `r < 13`.
    #[inline]
    pub const unsafe fn from_bit_unchecked(bit: u32) -> Card {
        debug_assert!(bit < 64 && bit & 15 < 13);
        Card(bit as u8)
    }

    /// The bit position of the card in a hand's `u64`.
    #[inline]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The suit.
    #[inline]
    pub const fn suit(self) -> Suit {
        // Safety: the constructor keeps the suit index below 4.
        unsafe { Suit::new_unchecked((self.0 >> 4) as usize) }
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        // Safety: the constructor keeps the rank index below 13.
        unsafe { Rank::from_index_unchecked((self.0 & 15) as usize) }
    }

    /// All 52 cards, spades first and the ace first inside each suit.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + ExactSizeIterator {
        Suit::ALL
            .into_iter()
            .flat_map(|suit| Rank::ALL.into_iter().rev().map(move |rank| Card::new(suit, rank)))
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// Parses a card from ASCII bytes (see the type's documentation for the
    /// accepted forms).
    pub fn from_ascii(s: &[u8]) -> Result<Card, ParseError> {
        fn rank(bytes: &[u8]) -> Option<Rank> {
            match bytes {
                b"10" => Some(Rank::Ten),
                [c] => Rank::from_char(*c as char),
                _ => None,
            }
        }
        let suit_first = || {
            let (first, rest) = s.split_first()?;
            Some((Suit::from_char(*first as char)?, rank(rest)?))
        };
        let rank_first = || {
            let (last, rest) = s.split_last()?;
            Some((Suit::from_char(*last as char)?, rank(rest)?))
        };
        let (suit, rank) = suit_first().or_else(rank_first).ok_or(ParseError::Card)?;
        Ok(Card::new(suit, rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().to_char(), self.rank().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Card, ParseError> {
        // Map suit symbols to letters so `from_ascii` sees ASCII only.
        let mut ascii = [0u8; 3];
        let mut len = 0;
        for c in s.chars() {
            let b = match c {
                '♠' => b'S',
                '♥' => b'H',
                '♦' => b'D',
                '♣' => b'C',
                c if c.is_ascii() => c as u8,
                _ => return Err(ParseError::Card),
            };
            if len == ascii.len() {
                return Err(ParseError::Card);
            }
            ascii[len] = b;
            len += 1;
        }
        Card::from_ascii(&ascii[..len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_parts() {
        let all: Vec<Card> = Card::all().collect();
        assert_eq!(all.len(), 52);
        for card in &all {
            assert_eq!(Card::new(card.suit(), card.rank()), *card);
            assert_eq!(Card::from_bit(card.bit()), Some(*card));
            assert_eq!(card.bit(), 16 * card.suit() as u32 + card.rank().index() as u32);
        }
        assert_eq!(all[0].to_string(), "SA");
        assert_eq!(all[51].to_string(), "C2");
        assert_eq!(Card::from_bit(13), None);
        assert_eq!(Card::from_bit(64), None);
    }

    #[test]
    fn text() {
        for card in Card::all() {
            let text = card.to_string();
            assert_eq!(text.parse::<Card>(), Ok(card));
            assert_eq!(text.to_lowercase().parse::<Card>(), Ok(card));
            let reversed: String = text.chars().rev().collect();
            assert_eq!(reversed.parse::<Card>(), Ok(card), "{reversed}");
            let symbol = format!("{}{}", card.suit().symbol(), card.rank());
            assert_eq!(symbol.parse::<Card>(), Ok(card));
        }
        assert_eq!("S10".parse::<Card>(), Ok(Card::new(Suit::Spades, Rank::Ten)));
        assert_eq!("10d".parse::<Card>(), Ok(Card::new(Suit::Diamonds, Rank::Ten)));
        for bad in ["", "S", "SX", "S1", "S11", "XA", "AA", "SS", "SAK", "S100", "é", "1S"] {
            assert_eq!(bad.parse::<Card>(), Err(ParseError::Card), "{bad:?}");
        }
    }
}
