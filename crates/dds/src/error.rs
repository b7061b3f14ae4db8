//! The facade's error type.

use core::fmt;

use dds_model::{Card, DealError, ParseDealError, ParseError, PositionError, Seat, Strain, Suit};

/// Everything that can go wrong when asking the solver something.
///
/// DDS reports the same conditions as integer status codes; here each is a
/// typed value, and the codes that describe impossible arguments cannot
/// arise because the types rule them out:
///
/// | DDS status | here |
/// | --- | --- |
/// | `RETURN_ZERO_CARDS` | [`Error::Position`] with `PositionError::NoCards` |
/// | `RETURN_TARGET_TOO_HIGH` | [`Error::TargetTooHigh`] |
/// | `RETURN_DUPLICATE_CARDS` | `PositionError::DuplicateCard` (or [`Error::Deal`] when parsing) |
/// | `RETURN_PLAYED_CARD` | `PositionError::PlayedCardHeld` |
/// | `RETURN_TOO_MANY_CARDS` | `PositionError::TooManyCards` or `TooManyPlayed` |
/// | `RETURN_CARD_COUNT` | `PositionError::WrongCardCount` |
/// | `RETURN_SUIT_OR_RANK` | impossible: a [`Card`](crate::model::Card) is always valid; DDS's bit layout is checked by `Deal::from_dds_bits` |
/// | `RETURN_TARGET_WRONG_LO/HI`, `RETURN_SOLNS_WRONG_LO/HI`, `RETURN_MODE_WRONG_LO/HI`, `RETURN_TRUMP_WRONG`, `RETURN_FIRST_WRONG` | impossible: [`Target`](crate::Target), [`Solutions`](crate::Solutions), [`Strain`](crate::Strain) and [`Seat`](crate::model::Seat) are enums |
/// | `RETURN_THREAD_INDEX` | impossible: a [`Solver`](crate::Solver) is owned by its thread |
/// | (not checked by DDS) a revoke in the current trick | `PositionError::Revoke` |
///
/// ```
/// use dds::{Board, Error, PositionError, Solver, Strain};
/// use dds::model::{Deal, Seat};
/// let ending = Deal::from_pbn_remaining("N:A... K... Q... J...")?;
/// // A table needs a full deal.
/// let err = Solver::new().dd_table(&ending).unwrap_err();
/// assert_eq!(err, Error::NotFullDeal);
/// assert_eq!(err.to_string(), "a full deal of 13 cards per hand is needed");
/// // West cannot lead the ace: North holds it.
/// let err = Board::new(&ending, Strain::NoTrump, Seat::West, &["SA".parse()?]).unwrap_err();
/// assert!(matches!(err, Error::Position(PositionError::PlayedCardHeld { .. })));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Error {
    /// A token (card, seat, strain, ...) did not parse.
    Parse(ParseError),
    /// A PBN deal did not parse.
    ParseDeal(ParseDealError),
    /// A deal's hands do not fit together.
    Deal(DealError),
    /// The position to solve is not valid (DDS's `CARD_COUNT`, `PLAYED_CARD`,
    /// `DUPLICATE_CARDS`, `ZERO_CARDS`, `TOO_MANY_CARDS`).
    Position(PositionError),
    /// The target is more than the tricks left (DDS's `TARGET_TOO_HIGH`).
    TargetTooHigh {
        /// The target asked for.
        target: u8,
        /// The tricks left, the current one included.
        tricks_left: u8,
    },
    /// The deal is not a full deal of 13 cards per hand where one is needed.
    NotFullDeal,
    /// Par was asked for with a strain left out of the tables.
    ParNeedsAllStrains,
    /// A double dummy table given to [`DdTable::new`](crate::DdTable::new)
    /// holds more than 13 tricks for a declarer.
    TricksOutOfRange {
        /// The strain of the entry.
        strain: Strain,
        /// The declarer of the entry.
        declarer: Seat,
        /// The number of tricks given.
        tricks: u8,
    },
    /// A layouts problem needs one to three incomplete hands (the seats
    /// that receive the unknown cards); `incomplete` hands have fewer than
    /// 13 cards (or are hidden).
    LayoutSeats {
        /// The number of hands with fewer than 13 cards.
        incomplete: usize,
    },
    /// A layouts problem with more layouts than a run in full takes
    /// ([`MAX_FULL_RUN`](crate::layouts::Layouts::MAX_FULL_RUN)) needs a random
    /// sample ([`LayoutOptions::sample`](crate::layouts::LayoutOptions::sample)).
    LayoutsNeedSample {
        /// The problem's layouts.
        count: u64,
    },
    /// Two layouts summaries of different problems or tasks cannot be
    /// merged ([`LayoutSummary::merge`](crate::layouts::LayoutSummary::merge)).
    LayoutMerge,
    /// The search was stopped part way by a [`StopFlag`](crate::StopFlag)
    /// before it found the answer (a batch's items not finished when the
    /// flag was set, as [`dd_tables_stoppable`](crate::dd_tables_stoppable)
    /// answers them).
    Interrupted,
    /// A card of a play sequence cannot be played.
    IllegalPlay {
        /// The card's place in the sequence, from 0 (the opening lead).
        index: usize,
        /// The card.
        card: Card,
        /// The seat whose turn it was.
        seat: Seat,
        /// What is wrong with it.
        fault: PlayFault,
    },
}

/// Why a card of a play sequence cannot be played
/// ([`Error::IllegalPlay`]).
///
/// ```
/// use dds::{Error, PlayFault, Solver, Strain};
/// use dds::model::{Card, Deal, Seat, Suit};
/// // Two tricks left: North leads, East holds the king of spades.
/// let deal = Deal::from_pbn_remaining("N:A2... K.2.. .43.. .65..")?;
/// let cards = |text: &[&str]| text.iter().map(|c| c.parse()).collect::<Result<Vec<Card>, _>>();
/// let mut solver = Solver::new();
/// // East discards a heart on the ace of spades.
/// let err = solver.analyse_play(&deal, Strain::NoTrump, Seat::North, &cards(&["SA", "H2"])?).unwrap_err();
/// assert_eq!(
///     err,
///     Error::IllegalPlay {
///         index: 1,
///         card: "H2".parse()?,
///         seat: Seat::East,
///         fault: PlayFault::Revoke { led: Suit::Spades },
///     }
/// );
/// // North leads East's king.
/// let err = solver.analyse_play(&deal, Strain::NoTrump, Seat::North, &cards(&["SK"])?).unwrap_err();
/// assert!(matches!(err, Error::IllegalPlay { fault: PlayFault::HeldBy(Seat::East), .. }));
/// // North leads the ace twice.
/// let play = cards(&["SA", "SK", "H4", "H6", "SA"])?;
/// let err = solver.analyse_play(&deal, Strain::NoTrump, Seat::North, &play).unwrap_err();
/// assert!(matches!(err, Error::IllegalPlay { index: 4, fault: PlayFault::AlreadyPlayed, .. }));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PlayFault {
    /// Another seat holds the card.
    HeldBy(Seat),
    /// The card was played earlier.
    AlreadyPlayed,
    /// The seat holds a card of the suit led and must follow suit.
    Revoke {
        /// The suit led to the trick.
        led: Suit,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => fmt::Display::fmt(e, f),
            Error::ParseDeal(e) => fmt::Display::fmt(e, f),
            Error::Deal(e) => fmt::Display::fmt(e, f),
            Error::Position(e) => write!(f, "invalid position: {e}"),
            Error::TargetTooHigh { target, tricks_left } => {
                write!(f, "target {target} is more than the {tricks_left} tricks left")
            }
            Error::NotFullDeal => f.write_str("a full deal of 13 cards per hand is needed"),
            Error::ParNeedsAllStrains => f.write_str("par needs the tables of all five strains"),
            Error::TricksOutOfRange { strain, declarer, tricks } => write!(
                f,
                "a double dummy table entry is out of range: {tricks} tricks for {} in {strain} (at most 13)",
                declarer.name()
            ),
            Error::LayoutSeats { incomplete: 0 } => {
                f.write_str("every hand is complete: mark the hands that receive the unknown cards with - or leave them short")
            }
            Error::LayoutSeats { incomplete } => write!(
                f,
                "{incomplete} hands are incomplete: the unknown cards go to one to three hands, the others must hold 13 cards"
            ),
            Error::LayoutsNeedSample { count } => write!(
                f,
                "{count} layouts are too many to solve in full or in order: solve a random sample of them"
            ),
            Error::LayoutMerge => f.write_str(
                "layouts summaries of different problems or tasks cannot be merged: merge the shares of one run",
            ),
            Error::Interrupted => f.write_str("stopped before the search was finished"),
            Error::IllegalPlay { index, card, seat, fault } => {
                write!(f, "card {} of the play ({card}, {} to play): ", index + 1, seat.name())?;
                match fault {
                    PlayFault::HeldBy(holder) => write!(f, "{} holds it", holder.name()),
                    PlayFault::AlreadyPlayed => f.write_str("it was played before"),
                    PlayFault::Revoke { led } => write!(f, "a revoke: {} must follow to {}", seat.name(), led.name()),
                }
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Parse(e) => Some(e),
            Error::ParseDeal(e) => Some(e),
            Error::Deal(e) => Some(e),
            Error::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(e)
    }
}

impl From<ParseDealError> for Error {
    fn from(e: ParseDealError) -> Error {
        Error::ParseDeal(e)
    }
}

impl From<DealError> for Error {
    fn from(e: DealError) -> Error {
        Error::Deal(e)
    }
}

impl From<PositionError> for Error {
    fn from(e: PositionError) -> Error {
        Error::Position(e)
    }
}
