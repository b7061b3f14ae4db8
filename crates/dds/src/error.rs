//! The facade's error type.

use core::fmt;

use dds_model::{DealError, ParseDealError, ParseError};
use dds_search::PositionError;

/// Everything that can go wrong when asking the solver something.
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
