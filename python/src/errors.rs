//! The exceptions of the module and the errors of one item of input.
//!
//! Every bad input raises a subclass of `ValueError`: `InputError`, or one
//! of its subclasses `DealError` (a deal does not parse or is not a deal),
//! `BoardError` (a position's cards do not fit, a target above the tricks
//! left) and `PlayError` (a card of a play sequence cannot be played). Each
//! carries `index` (the item's place in a batch, `None` for a one-item
//! call), `kind` (a short machine-readable name of the fault), `reason`
//! (the message without the item's place) and `code` (DDS's status code
//! for the fault, the facade's `dds::compat::code_of`; -1, DDS's
//! `RETURN_UNKNOWN_FAULT`, for a fault DDS has no code of its own for). A `PlayError` also carries
//! `card_index`, `card`, `seat` and `fault`.

use dds::compat::{code_of, RETURN_NO_FAULT, RETURN_NO_SUIT, RETURN_PLAY_FAULT, RETURN_UNKNOWN_FAULT};
use dds::model::ParseDealError;
use dds::{Error, PlayFault, PositionError};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    ddsrs,
    InputError,
    PyValueError,
    "Bad input: `index` is the item's place in a batch (None for a one-item call), `kind` a short name of the \
     fault, `reason` the message without the item's place, `code` DDS's status code for the fault (-1 when DDS has \
     none of its own)."
);
create_exception!(ddsrs, DealError, InputError, "A deal does not parse, or its hands do not make a deal.");
create_exception!(
    ddsrs,
    BoardError,
    InputError,
    "A position cannot be solved: its cards, leader and trick do not fit, or the target is above the tricks left."
);
create_exception!(
    ddsrs,
    PlayError,
    InputError,
    "A card of a play sequence cannot be played: `card_index` (from 0), `card`, `seat` and `fault` say which and why."
);

/// The exception class of a [`Failure`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Class {
    /// `InputError` itself.
    Input,
    /// `DealError`.
    Deal,
    /// `BoardError`.
    Board,
    /// `PlayError`.
    Play,
}

/// The card of a play sequence that cannot be played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct BadCard {
    /// Its place in the sequence, from 0.
    pub(crate) index: usize,
    /// The card, as `SA`.
    pub(crate) card: String,
    /// The seat whose turn it was, as `N`.
    pub(crate) seat: String,
    /// What is wrong: `held_by_E`, `already_played` or `revoke`.
    pub(crate) fault: String,
}

/// What is wrong with one item of input, before it becomes an exception
/// (built without the GIL; [`Failure::to_pyerr`] names the item).
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Failure {
    /// The exception class.
    pub(crate) class: Class,
    /// A short name of the fault (`not_full_deal`, `revoke`, ...).
    pub(crate) kind: &'static str,
    /// The message.
    pub(crate) reason: String,
    /// DDS's status code for the fault (`dds::compat::code_of`).
    pub(crate) code: i32,
    /// For a `PlayError`: the card.
    pub(crate) card: Option<Box<BadCard>>,
}

impl Failure {
    /// A failure of `class` and `kind` with `reason`.
    pub(crate) fn new(class: Class, kind: &'static str, reason: impl Into<String>) -> Failure {
        Failure { class, kind, reason: reason.into(), code: RETURN_UNKNOWN_FAULT, card: None }
    }

    /// The failure of a solver error.
    pub(crate) fn from_dds(error: &Error) -> Failure {
        let reason = error.to_string();
        let code = code_of(error);
        let (class, kind) = match error {
            Error::Parse(_) => (Class::Input, "parse"),
            Error::ParseDeal(ParseDealError::Invalid(_)) | Error::Deal(_) => (Class::Deal, "invalid_deal"),
            Error::ParseDeal(_) => (Class::Deal, "pbn_syntax"),
            Error::NotFullDeal => (Class::Deal, "not_full_deal"),
            Error::LayoutSeats { .. } => (Class::Deal, "layout_seats"),
            Error::LayoutMerge => (Class::Input, "layout_merge"),
            Error::LayoutsNeedSample { .. } => (Class::Input, "layouts_need_sample"),
            Error::Position(e) => (Class::Board, position_kind(e)),
            Error::TargetTooHigh { .. } => (Class::Board, "target_too_high"),
            Error::ParNeedsAllStrains => (Class::Input, "par_needs_all_strains"),
            Error::TricksOutOfRange { .. } => (Class::Input, "tricks_out_of_range"),
            Error::IllegalPlay { index, card, seat, fault } => {
                let fault = match fault {
                    PlayFault::HeldBy(holder) => format!("held_by_{}", holder.to_char()),
                    PlayFault::AlreadyPlayed => "already_played".to_owned(),
                    PlayFault::Revoke { .. } => "revoke".to_owned(),
                    _ => "illegal".to_owned(),
                };
                let card = BadCard { index: *index, card: card.to_string(), seat: seat.to_char().to_string(), fault };
                return Failure { class: Class::Play, kind: "illegal_play", reason, code, card: Some(Box::new(card)) };
            }
            _ => (Class::Input, "other"),
        };
        Failure { code, ..Failure::new(class, kind, reason) }
    }

    /// The exception, its message prefixed with the item's noun and place
    /// when `at` gives them: `deal 3 (index 2): ...` for the item at index 2
    /// (the `index` attribute), its ordinal and its index both spelt out so
    /// that neither is read as the other.
    pub(crate) fn to_pyerr(&self, py: Python<'_>, at: Option<(&str, usize)>) -> PyErr {
        let message = match at {
            Some((noun, index)) => format!("{noun} {} (index {index}): {}", index + 1, self.reason),
            None => self.reason.clone(),
        };
        let err = match self.class {
            Class::Input => InputError::new_err(message),
            Class::Deal => DealError::new_err(message),
            Class::Board => BoardError::new_err(message),
            Class::Play => PlayError::new_err(message),
        };
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail
        // short of memory exhaustion; a failure then leaves them unset.
        let _ = value.setattr("index", at.map(|(_, i)| i));
        let _ = value.setattr("kind", self.kind);
        let _ = value.setattr("reason", &self.reason);
        let _ = value.setattr("code", self.code);
        if let Some(card) = &self.card {
            let _ = value.setattr("card_index", card.index);
            let _ = value.setattr("card", &card.card);
            let _ = value.setattr("seat", &card.seat);
            let _ = value.setattr("fault", &card.fault);
        }
        err
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::from_dds(&error)
    }
}

/// DDS's status codes that the compatibility modules (`ddsrs.endplay`,
/// `ddsrs.dds3`) use themselves, by DDS's names (`dds::compat`'s): the
/// code of success, and those of the faults they find on their own side.
pub(crate) const DDS_CODES: [(&str, i32); 4] = [
    ("RETURN_NO_FAULT", RETURN_NO_FAULT),
    ("RETURN_UNKNOWN_FAULT", RETURN_UNKNOWN_FAULT),
    ("RETURN_PLAY_FAULT", RETURN_PLAY_FAULT),
    ("RETURN_NO_SUIT", RETURN_NO_SUIT),
];

/// The short name of a position error.
fn position_kind(error: &PositionError) -> &'static str {
    match error {
        PositionError::DuplicateCard(_) => "duplicate_card",
        PositionError::PlayedCardHeld { .. } => "played_card_held",
        PositionError::TooManyPlayed => "too_many_played",
        PositionError::TooManyCards(_) => "too_many_cards",
        PositionError::WrongCardCount => "wrong_card_count",
        PositionError::NoCards => "no_cards",
        PositionError::Revoke(_) => "revoke",
        PositionError::NotHeld { .. } => "not_held",
        _ => "position",
    }
}
