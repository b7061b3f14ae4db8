//! Playing cards (`Card`).

use core::fmt;
use core::str::FromStr;

use crate::error::{ParseCardsError, ParseError};
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

    /// Parses a list of cards: words separated by white space, each word one
    /// card or several run together, as DDS's PLAY lines write them
    /// (`SQD2S8SA`). Each card is in a form [`Card`]'s parser takes: suit and
    /// rank in either order, either case, a suit letter or symbol; a `10`
    /// for the ten is read as one rank, so `S10D2` is two cards. The error
    /// names the first piece that is not a card and where it starts.
    ///
    /// ```
    /// use dds_model::Card;
    /// let cards = Card::parse_list("SQD2S8SA h10 ♣4")?;
    /// let text: Vec<String> = cards.iter().map(Card::to_string).collect();
    /// assert_eq!(text, ["SQ", "D2", "S8", "SA", "HT", "C4"]);
    /// assert_eq!(Card::parse_list("S10D2")?.len(), 2);
    /// assert_eq!(Card::parse_list("")?, []);
    ///
    /// let err = Card::parse_list("SQ D2X8").unwrap_err();
    /// assert_eq!((err.piece(), err.offset()), ("X8", 5));
    /// assert_eq!(err.to_string(), "invalid card \"X8\" at byte 5 of the card list (expected suit and rank, such as SA or HT)");
    /// # Ok::<_, dds_model::ParseCardsError>(())
    /// ```
    pub fn parse_list(text: &str) -> Result<Vec<Card>, ParseCardsError> {
        let mut cards = Vec::new();
        for word in text.split(char::is_whitespace).filter(|w| !w.is_empty()) {
            let mut rest = word;
            while !rest.is_empty() {
                // A card is two characters, or three with the ten as `10`
                // (rank first, `10C`, or suit first, `C10`).
                let mut chars = rest.chars();
                let (first, second, third) = (chars.next(), chars.next(), chars.next());
                let ten = |a, b| (a, b) == (Some('1'), Some('0'));
                let count = if ten(first, second) || ten(second, third) { 3 } else { 2 };
                let (piece, after) = rest.split_at(rest.char_indices().nth(count).map_or(rest.len(), |(i, _)| i));
                let offset = piece.as_ptr() as usize - text.as_ptr() as usize;
                cards.push(piece.parse().map_err(|_| ParseCardsError { piece: piece.to_owned(), offset })?);
                rest = after;
            }
        }
        Ok(cards)
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

    #[test]
    // Too slow under Miri (parsing 200 card lists; the unsafe parts of a card
    // (suit, rank) run under Miri in bits_and_parts).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn lists_round_trip() {
        let mut rng = crate::SplitMix64::new(3);
        let mut all: Vec<Card> = Card::all().collect();
        for n in 0..200 {
            rng.shuffle(&mut all);
            let cards = &all[..n % 53];
            let together: String = cards.iter().map(Card::to_string).collect();
            assert_eq!(Card::parse_list(&together).as_deref(), Ok(cards), "{together}");
            // The ten as `10`, lower case, rank first, symbols, spaces.
            let loose: Vec<String> = cards
                .iter()
                .enumerate()
                .map(|(i, card)| {
                    let rank = if card.rank() == Rank::Ten { "10".to_owned() } else { card.rank().to_string() };
                    match i % 4 {
                        0 => format!("{}{rank}", card.suit().to_char()),
                        1 => format!("{rank}{}", card.suit().to_char()).to_lowercase(),
                        2 => format!("{}{rank} ", card.suit().symbol()),
                        _ => format!("\t{rank}{}", card.suit().symbol()),
                    }
                })
                .collect();
            let loose = loose.concat();
            assert_eq!(Card::parse_list(&loose).as_deref(), Ok(cards), "{loose}");
        }
    }

    #[test]
    fn list_errors_name_the_piece() {
        let cases = [
            ("C1", "C1", 0),
            ("C10C", "C", 3),
            ("C100", "0", 3),
            ("SQD", "D", 2),
            ("SA  10", "10", 4),
            ("SA ♠", "♠", 3),
            ("♠A♠", "♠", 4),
            ("SA HK XX", "XX", 6),
            ("1010", "101", 0),
        ];
        for (text, piece, offset) in cases {
            let err = Card::parse_list(text).unwrap_err();
            assert_eq!((err.piece(), err.offset()), (piece, offset), "{text:?}");
            assert_eq!(&text[offset..offset + piece.len()], piece);
        }
        assert_eq!(Card::parse_list(" \t\n "), Ok(Vec::new()));
    }
}
