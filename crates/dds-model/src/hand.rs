//! Sets of cards (`Hand`): one player's cards, or any other set of cards.

use core::fmt;
use core::iter::FusedIterator;
use core::ops;

use crate::error::ParseError;
use crate::{BySuit, Card, Holding, Suit};

/// A set of cards, one bit per card in a `u64`.
///
/// **Bit convention** (the only one in this project): suit `s` (spades = 0,
/// clubs = 3) occupies the 16-bit lane `16*s .. 16*s+16`; inside a lane the
/// deuce is bit 0 and the ace bit 12, so a lane is exactly a 13-bit
/// [`Holding`]. Bits 13..15 of every lane are always clear; the field is
/// private so that no other bits can be set.
///
/// Set algebra uses the operators `|`, `&`, `^`, `-` (difference) and `!`
/// (complement within the 52 cards). Iteration yields [`Card`]s from the
/// lowest bit (deuce of spades) up; `.rev()` goes from the ace of clubs down.
///
/// `Display` and `FromStr` use PBN hand text, spades first:
///
/// ```
/// use dds_model::{Card, Hand, Suit};
/// let hand: Hand = "AKQ.JT9..5432".parse()?;
/// assert_eq!(hand.len(), 10);
/// assert_eq!(hand.holding(Suit::Diamonds).len(), 0);
/// assert!(hand.contains("HT".parse::<Card>()?));
/// assert_eq!(hand.to_string(), "AKQ.JT9..5432");
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Hand(u64);

/// The bits that hold cards: 13 per lane.
const VALID: u64 = 0x1fff_1fff_1fff_1fff;

impl Hand {
    /// No cards.
    pub const EMPTY: Hand = Hand(0);
    /// All 52 cards.
    pub const ALL: Hand = Hand(VALID);

    /// The hand with bits `bits`, or `None` if a bit outside the 52 card
    /// positions is set.
    #[inline]
    pub const fn from_bits(bits: u64) -> Option<Hand> {
        if bits & !VALID == 0 {
            Some(Hand(bits))
        } else {
            None
        }
    }

    /// The raw bits (see the type's documentation for the layout).
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The hand with one card.
    #[inline]
    pub const fn single(card: Card) -> Hand {
        Hand(1 << card.bit())
    }

    /// The hand holding `holding` in `suit` and nothing else.
    #[inline]
    pub const fn from_holding(suit: Suit, holding: Holding) -> Hand {
        Hand((holding.bits() as u64) << (16 * suit as u32))
    }

    /// The hand made of four holdings, spades first.
    #[inline]
    pub const fn from_holdings(holdings: BySuit<Holding>) -> Hand {
        let h = holdings.0;
        Hand(h[0].bits() as u64 | (h[1].bits() as u64) << 16 | (h[2].bits() as u64) << 32 | (h[3].bits() as u64) << 48)
    }

    /// The cards held in `suit`.
    #[inline]
    pub const fn holding(self, suit: Suit) -> Holding {
        Holding::from_bits_truncate((self.0 >> (16 * suit as u32)) as u32)
    }

    /// The four holdings, spades first.
    #[inline]
    pub const fn holdings(self) -> BySuit<Holding> {
        BySuit([
            self.holding(Suit::Spades),
            self.holding(Suit::Hearts),
            self.holding(Suit::Diamonds),
            self.holding(Suit::Clubs),
        ])
    }

    /// The hand with the cards of `suit` replaced by `holding`.
    #[inline]
    pub const fn with_holding(self, suit: Suit, holding: Holding) -> Hand {
        let shift = 16 * suit as u32;
        Hand((self.0 & !(0x1fff << shift)) | (holding.bits() as u64) << shift)
    }

    /// The number of cards.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The number of cards in `suit`.
    #[inline]
    pub const fn suit_len(self, suit: Suit) -> usize {
        self.holding(suit).len()
    }

    /// Whether the hand has no cards.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the hand.
    #[inline]
    pub const fn contains(self, card: Card) -> bool {
        self.0 & (1 << card.bit()) != 0
    }

    /// Whether every card of `other` is in this hand.
    #[inline]
    pub const fn is_superset(self, other: Hand) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the two hands have no card in common.
    #[inline]
    pub const fn is_disjoint(self, other: Hand) -> bool {
        self.0 & other.0 == 0
    }

    /// The hand with `card` added.
    #[inline]
    pub const fn with(self, card: Card) -> Hand {
        Hand(self.0 | 1 << card.bit())
    }

    /// The hand with `card` removed.
    #[inline]
    pub const fn without(self, card: Card) -> Hand {
        Hand(self.0 & !(1 << card.bit()))
    }

    /// Adds `card`; returns whether it was absent before.
    #[inline]
    #[must_use = "use Hand::add() if the return value is not needed"]
    pub fn insert(&mut self, card: Card) -> bool {
        let was_absent = !self.contains(card);
        self.0 |= 1 << card.bit();
        was_absent
    }

    /// Removes `card`; returns whether it was present.
    #[inline]
    #[must_use = "use Hand::discard() if the return value is not needed"]
    pub fn remove(&mut self, card: Card) -> bool {
        let was_present = self.contains(card);
        self.0 &= !(1 << card.bit());
        was_present
    }

    /// Adds `card`.
    #[inline]
    pub fn add(&mut self, card: Card) {
        self.0 |= 1 << card.bit();
    }

    /// Removes `card` if present.
    #[inline]
    pub fn discard(&mut self, card: Card) {
        self.0 &= !(1 << card.bit());
    }

    /// The cards, from the deuce of spades up (use `.rev()` for the other
    /// direction).
    #[inline]
    pub const fn iter(self) -> HandIter {
        HandIter(self.0)
    }

    /// Parses PBN hand text: four suits separated by `.`, spades first, each
    /// as [`Holding`] text. A rank written twice in one suit is an error.
    pub fn from_ascii(s: &[u8]) -> Result<Hand, ParseError> {
        let mut hand = Hand::EMPTY;
        let mut suits = 0;
        for (i, part) in s.split(|&b| b == b'.').enumerate() {
            let suit = Suit::try_new(i).ok_or(ParseError::Hand)?;
            let holding = Holding::from_ascii(part).ok_or(ParseError::Hand)?;
            hand = hand.with_holding(suit, holding);
            suits += 1;
        }
        if suits == 4 {
            Ok(hand)
        } else {
            Err(ParseError::Hand)
        }
    }
}

impl fmt::Display for Hand {
    /// PBN hand text, e.g. `AKQ.JT9..5432`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suit in Suit::ALL {
            if suit != Suit::Spades {
                f.write_str(".")?;
            }
            write!(f, "{}", self.holding(suit))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    /// The PBN text in a readable frame, e.g. `Hand(AKQ.JT9..5432)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}

impl core::str::FromStr for Hand {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Hand, ParseError> {
        Hand::from_ascii(s.as_bytes())
    }
}

macro_rules! hand_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt),*) => {$(
        impl ops::$trait for Hand {
            type Output = Hand;
            #[inline]
            fn $method(self, rhs: Hand) -> Hand {
                Hand(self.0 $op rhs.0)
            }
        }
        impl ops::$assign_trait for Hand {
            #[inline]
            fn $assign_method(&mut self, rhs: Hand) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

hand_ops!(
    BitOr bitor BitOrAssign bitor_assign |,
    BitAnd bitand BitAndAssign bitand_assign &,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl ops::Sub for Hand {
    type Output = Hand;
    /// Set difference.
    #[inline]
    fn sub(self, rhs: Hand) -> Hand {
        Hand(self.0 & !rhs.0)
    }
}

impl ops::SubAssign for Hand {
    #[inline]
    fn sub_assign(&mut self, rhs: Hand) {
        self.0 &= !rhs.0;
    }
}

impl ops::Not for Hand {
    type Output = Hand;
    /// The complement within the 52 cards.
    #[inline]
    fn not(self) -> Hand {
        Hand(!self.0 & VALID)
    }
}

impl IntoIterator for Hand {
    type Item = Card;
    type IntoIter = HandIter;
    #[inline]
    fn into_iter(self) -> HandIter {
        self.iter()
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        iter.into_iter().fold(Hand::EMPTY, Hand::with)
    }
}

impl Extend<Card> for Hand {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for card in iter {
            self.add(card);
        }
    }
}

/// Iterates over the cards of a [`Hand`], from the lowest bit up.
#[derive(Clone, Debug)]
pub struct HandIter(u64);

impl Iterator for HandIter {
    type Item = Card;

    #[inline]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        // Safety: a `Hand` only ever has bits at card positions.
        Some(unsafe { Card::from_bit_unchecked(bit) })
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl DoubleEndedIterator for HandIter {
    #[inline]
    fn next_back(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = 63 - self.0.leading_zeros();
        self.0 ^= 1 << bit;
        // Safety: a `Hand` only ever has bits at card positions.
        Some(unsafe { Card::from_bit_unchecked(bit) })
    }
}

impl ExactSizeIterator for HandIter {}
impl FusedIterator for HandIter {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Rank;

    #[test]
    fn bit_layout() {
        let card = Card::new(Suit::Hearts, Rank::Ace);
        assert_eq!(Hand::single(card).bits(), 1 << (16 + 12));
        assert_eq!(Hand::ALL.len(), 52);
        assert_eq!(Hand::from_bits(1 << 13), None);
        assert_eq!(Hand::from_bits(1 << 63), None);
        assert_eq!(Hand::ALL.iter().count(), 52);
        assert_eq!(Hand::ALL.iter().next().map(|c| c.to_string()), Some("S2".into()));
        assert_eq!(Hand::ALL.iter().next_back().map(|c| c.to_string()), Some("CA".into()));
    }

    #[test]
    fn iteration_orders() {
        let hand: Hand = "AK.2.T.3".parse().unwrap();
        let up: Vec<String> = hand.iter().map(|c| c.to_string()).collect();
        assert_eq!(up, ["SK", "SA", "H2", "DT", "C3"]);
        let down: Vec<String> = hand.iter().rev().map(|c| c.to_string()).collect();
        assert_eq!(down, ["C3", "DT", "H2", "SA", "SK"]);
        assert_eq!(hand.iter().len(), 5);
        assert_eq!(hand.iter().collect::<Hand>(), hand);
    }

    #[test]
    fn set_algebra() {
        let a: Hand = "AK.Q..".parse().unwrap();
        let b: Hand = "A.J.2.".parse().unwrap();
        assert_eq!((a | b).to_string(), "AK.QJ.2.");
        assert_eq!((a & b).to_string(), "A...");
        assert_eq!((a ^ b).to_string(), "K.QJ.2.");
        assert_eq!((a - b).to_string(), "K.Q..");
        assert_eq!((!a).len(), 49);
        assert_eq!(!Hand::ALL, Hand::EMPTY);
        assert!((a | b).is_superset(a));
        assert!(!a.is_disjoint(b));
        let mut c = a;
        let ace: Card = "SA".parse().unwrap();
        assert!(c.remove(ace));
        assert!(!c.remove(ace));
        assert!(c.insert(ace));
        assert!(!c.insert(ace));
        assert_eq!(c, a);
        c.discard(ace);
        c.add(ace);
        assert_eq!(c, a);
        assert_eq!(a.with_holding(Suit::Spades, Holding::EMPTY).to_string(), ".Q..");
        assert_eq!(Hand::from_holdings(a.holdings()), a);
    }

    #[test]
    fn text_errors() {
        for bad in ["", "AKQ", "A.K.Q", "A.K.Q.J.T", "AX...", "AA...", "A..1.", "A .K.Q.J"] {
            assert_eq!(bad.parse::<Hand>(), Err(ParseError::Hand), "{bad:?}");
        }
        assert_eq!("...".parse::<Hand>(), Ok(Hand::EMPTY));
        assert_eq!(format!("{:?}", "a.k.10.2".parse::<Hand>().unwrap()), "Hand(A.K.T.2)");
    }
}
