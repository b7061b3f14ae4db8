//! Error types of the model: token parse errors and the two stages of deal
//! errors (syntax in [`ParseDealError`], meaning in [`DealError`]).

use core::fmt;

use crate::{Card, Deal, Hand, Seat, Suit};

/// A token that did not parse: a seat, suit, strain, rank, card, holding or
/// hand written wrongly.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseError {
    /// Not a seat (`N`, `E`, `S`, `W` or a full name).
    Seat,
    /// Not a side (`NS` or `EW`).
    Side,
    /// Not a suit (`S`, `H`, `D`, `C`).
    Suit,
    /// Not a strain (`S`, `H`, `D`, `C`, `N`, `NT`).
    Strain,
    /// Not a rank (`2`..`9`, `T` or `10`, `J`, `Q`, `K`, `A`).
    Rank,
    /// Not a card (suit and rank, e.g. `SA`, `HT`).
    Card,
    /// Not PBN suit text (ranks high to low, each at most once).
    Holding,
    /// Not PBN hand text (four suits separated by dots).
    Hand,
    /// Not a vulnerability (`None`, `NS`, `EW`, `All`, ...).
    Vulnerability,
    /// Not a contract (e.g. `4S`, `3NTX`, `6HXX`, with an optional declarer).
    Contract,
    /// Not a call of an auction (`P`, `X`, `XX` or a bid such as `1S`).
    Call,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ParseError::Seat => "invalid seat (expected N, E, S or W)",
            ParseError::Side => "invalid side (expected NS or EW)",
            ParseError::Suit => "invalid suit (expected S, H, D or C)",
            ParseError::Strain => "invalid strain (expected S, H, D, C or NT)",
            ParseError::Rank => "invalid rank (expected 2-9, T, J, Q, K or A)",
            ParseError::Card => "invalid card (expected suit and rank, such as SA or HT)",
            ParseError::Holding => "invalid suit holding in pbn text",
            ParseError::Hand => "invalid pbn hand (expected four suits separated by dots)",
            ParseError::Vulnerability => "invalid vulnerability (expected None, NS, EW or All)",
            ParseError::Contract => "invalid contract (expected level, strain and X or XX, such as 4S or 3NTX)",
            ParseError::Call => "invalid call (expected P, X, XX or a bid such as 1S or 3NT)",
        })
    }
}

impl std::error::Error for ParseError {}

/// A piece of a card list that is not a card (see [`Card::parse_list`](crate::Card::parse_list)).
///
/// ```
/// let err = dds_model::Card::parse_list("C10C").unwrap_err();
/// assert_eq!(err.piece(), "C");
/// assert_eq!(err.offset(), 3);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseCardsError {
    pub(crate) piece: String,
    pub(crate) offset: usize,
}

impl ParseCardsError {
    /// The piece that is not a card: the two or three characters read as
    /// one card, or what was left of the word.
    pub fn piece(&self) -> &str {
        &self.piece
    }

    /// Where the piece starts in the list, in bytes.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for ParseCardsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid card {:?} at byte {} of the card list (expected suit and rank, such as SA or HT)",
            self.piece, self.offset
        )
    }
}

impl std::error::Error for ParseCardsError {}

/// What is wrong with the *syntax* of a PBN deal such as
/// `N:AKQ.JT9.876.5432 ...`.
///
/// A deal that parses may still be wrong in meaning; that second stage is
/// [`ParseDealError::Invalid`] carrying a [`DealError`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseDealError {
    /// The text is empty.
    Empty,
    /// The text does not start with a seat and a colon, such as `N:`.
    MissingFirstSeat,
    /// The letter before the colon is not `N`, `E`, `S` or `W`.
    InvalidFirstSeat(char),
    /// Not exactly four hands separated by spaces.
    WrongHandCount(usize),
    /// A hand does not have exactly four suits separated by dots.
    WrongSuitCount {
        /// The seat of the hand.
        seat: Seat,
        /// How many suits were found.
        found: usize,
    },
    /// A character that is not a rank.
    InvalidRank {
        /// The seat of the hand.
        seat: Seat,
        /// The suit being read.
        suit: Suit,
        /// The offending character.
        character: char,
    },
    /// A rank written twice in the same suit of one hand.
    RepeatedCard {
        /// The seat of the hand.
        seat: Seat,
        /// The card written twice.
        card: crate::Card,
    },
    /// A hand is `-` (unknown) where a complete deal is required; use
    /// [`PbnDeal`](crate::PbnDeal) to accept unknown hands.
    UnknownHand(Seat),
    /// The deal parses but is not a consistent deal.
    Invalid(DealError),
}

impl fmt::Display for ParseDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseDealError::Empty => f.write_str("empty pbn deal"),
            ParseDealError::MissingFirstSeat => {
                f.write_str("pbn deal must start with the first seat and a colon, such as \"N:\"")
            }
            ParseDealError::InvalidFirstSeat(c) => {
                write!(f, "invalid first seat {c:?} in pbn deal (expected N, E, S or W)")
            }
            ParseDealError::WrongHandCount(n) => {
                write!(f, "pbn deal has {n} hands, expected 4")
            }
            ParseDealError::WrongSuitCount { seat, found } => {
                write!(f, "{} hand in pbn deal has {found} suits, expected 4 separated by dots", seat.name())
            }
            ParseDealError::InvalidRank { seat, suit, character } => {
                write!(f, "invalid rank {character:?} in {} of {} hand in pbn deal", suit_name(*suit), seat.name())
            }
            ParseDealError::RepeatedCard { seat, card } => {
                write!(f, "card {card} written twice in {} hand in pbn deal", seat.name())
            }
            ParseDealError::UnknownHand(seat) => {
                write!(f, "{} hand is unknown (\"-\") in pbn deal", seat.name())
            }
            ParseDealError::Invalid(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for ParseDealError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseDealError::Invalid(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DealError> for ParseDealError {
    fn from(e: DealError) -> ParseDealError {
        ParseDealError::Invalid(e)
    }
}

fn suit_name(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Diamonds => "diamonds",
        Suit::Clubs => "clubs",
    }
}

bitflags::bitflags! {
    /// The ways in which a deal can be inconsistent (see [`DealError`]).
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
    pub struct DealErrorKinds: u8 {
        /// A card is in more than one hand.
        const DUPLICATE_CARD = 1 << 0;
        /// A hand has more than 13 cards.
        const TOO_MANY_CARDS = 1 << 1;
        /// The hands do not all have the same number of cards.
        const UNEQUAL_HANDS = 1 << 2;
        /// No hand has any card.
        const NO_CARDS = 1 << 3;
    }
}

/// A deal whose hands do not fit together: the second stage of validation
/// (see [`Deal::validate`]).
///
/// It carries every problem found, as [`DealErrorKinds`], and the deal
/// itself, so the caller can show it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DealError {
    pub(crate) deal: Deal,
    pub(crate) kinds: DealErrorKinds,
}

impl DealError {
    /// Every problem found.
    pub fn kinds(&self) -> DealErrorKinds {
        self.kinds
    }

    /// The deal that failed validation.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The cards that are in more than one hand.
    pub fn duplicates(&self) -> Hand {
        self.deal.duplicates()
    }
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if self.kinds.contains(DealErrorKinds::DUPLICATE_CARD) {
            let cards: Vec<String> = self.duplicates().iter().rev().map(|c| c.to_string()).collect();
            parts.push(format!("duplicate card ({})", cards.join(", ")));
        }
        if self.kinds.contains(DealErrorKinds::TOO_MANY_CARDS) {
            let seats: Vec<&str> = Seat::ALL.into_iter().filter(|&s| self.deal[s].len() > 13).map(Seat::name).collect();
            parts.push(format!("too many cards ({} over 13)", seats.join(", ")));
        }
        if self.kinds.contains(DealErrorKinds::UNEQUAL_HANDS) {
            let counts: Vec<String> =
                Seat::ALL.into_iter().map(|s| format!("{} {}", s.to_char(), self.deal[s].len())).collect();
            parts.push(format!("unequal hand sizes ({})", counts.join(", ")));
        }
        if self.kinds.contains(DealErrorKinds::NO_CARDS) {
            parts.push("no cards".to_owned());
        }
        write!(f, "invalid deal: {}", parts.join("; "))
    }
}

impl std::error::Error for DealError {}

/// Why a position of the play is not valid: the cards held, the seat that
/// led to the current trick and the cards played to it do not fit together,
/// or a card cannot be played.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PositionError {
    /// A card is held by two seats, or played to the trick twice.
    DuplicateCard(Card),
    /// A card played to the current trick is still in a hand (DDS's
    /// `PLAYED_CARD`).
    PlayedCardHeld {
        /// The card.
        card: Card,
        /// The seat that still holds it.
        seat: Seat,
    },
    /// More than three cards played to the current trick.
    TooManyPlayed,
    /// A seat holds more than 13 cards.
    TooManyCards(Seat),
    /// The hand sizes do not fit the number of cards played to the trick.
    WrongCardCount,
    /// No cards left to play.
    NoCards,
    /// A card played to the trick does not follow suit although its player
    /// still holds the suit led.
    Revoke(Card),
    /// The seat to play does not hold the card it plays.
    NotHeld {
        /// The card.
        card: Card,
        /// The seat to play.
        seat: Seat,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::DuplicateCard(c) => write!(f, "card {c} appears twice"),
            PositionError::PlayedCardHeld { card, seat } => {
                write!(f, "{card} is played to the trick but still in {}'s hand", seat.name())
            }
            PositionError::TooManyPlayed => f.write_str("more than three cards played to the current trick"),
            PositionError::TooManyCards(s) => write!(f, "{} holds more than 13 cards", s.name()),
            PositionError::WrongCardCount => f.write_str(
                "hand sizes do not fit the trick in progress (the seats yet to play must hold one card more)",
            ),
            PositionError::NoCards => f.write_str("no cards left to play"),
            PositionError::Revoke(c) => {
                write!(f, "played card {c} does not follow suit although its player holds the suit led")
            }
            PositionError::NotHeld { card, seat } => write!(f, "{} does not hold {card}", seat.name()),
        }
    }
}

impl std::error::Error for PositionError {}
