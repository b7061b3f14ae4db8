//! DDS's status codes (`RETURN_*` in `dll.h`), their texts (`TEXT_*`,
//! which `ErrorMessage` writes) and the code of a solver error.

use core::ffi::CStr;

use crate::{Error, PositionError};

/// Success.
pub const RETURN_NO_FAULT: i32 = 1;
/// A fault with no code of its own (in the C library also: a panic caught
/// at the boundary, a NULL pointer).
pub const RETURN_UNKNOWN_FAULT: i32 = -1;
/// No cards.
pub const RETURN_ZERO_CARDS: i32 = -2;
/// The target exceeds the tricks left.
pub const RETURN_TARGET_TOO_HIGH: i32 = -3;
/// A card is held twice.
pub const RETURN_DUPLICATE_CARDS: i32 = -4;
/// The target is below -1.
pub const RETURN_TARGET_WRONG_LO: i32 = -5;
/// The target is above 13.
pub const RETURN_TARGET_WRONG_HI: i32 = -7;
/// `solutions` is below 1.
pub const RETURN_SOLNS_WRONG_LO: i32 = -8;
/// `solutions` is above 3.
pub const RETURN_SOLNS_WRONG_HI: i32 = -9;
/// More than 52 cards.
pub const RETURN_TOO_MANY_CARDS: i32 = -10;
/// Bad `currentTrickSuit`/`currentTrickRank` (or card bits).
pub const RETURN_SUIT_OR_RANK: i32 = -12;
/// A card played to the trick is still held.
pub const RETURN_PLAYED_CARD: i32 = -13;
/// The hands' sizes do not fit.
pub const RETURN_CARD_COUNT: i32 = -14;
/// `threadIndex` out of range.
pub const RETURN_THREAD_INDEX: i32 = -15;
/// `mode` below 0.
pub const RETURN_MODE_WRONG_LO: i32 = -16;
/// `mode` above 2.
pub const RETURN_MODE_WRONG_HI: i32 = -17;
/// `trump` not 0..=4.
pub const RETURN_TRUMP_WRONG: i32 = -18;
/// `first` not 0..=3.
pub const RETURN_FIRST_WRONG: i32 = -19;
/// A bad play given to AnalysePlay.
pub const RETURN_PLAY_FAULT: i32 = -98;
/// Bad PBN text.
pub const RETURN_PBN_FAULT: i32 = -99;
/// More than 200 boards.
pub const RETURN_TOO_MANY_BOARDS: i32 = -101;
/// Threads could not be created.
pub const RETURN_THREAD_CREATE: i32 = -102;
/// Waiting for threads failed.
pub const RETURN_THREAD_WAIT: i32 = -103;
/// The threading system asked for is not there.
pub const RETURN_THREAD_MISSING: i32 = -104;
/// The strain filter leaves no strain.
pub const RETURN_NO_SUIT: i32 = -201;
/// More tables than fit.
pub const RETURN_TOO_MANY_TABLES: i32 = -202;
/// `chunkSize` below 1.
pub const RETURN_CHUNK_SIZE: i32 = -301;

/// DDS's text for a status code (`TEXT_*`, as `ErrorMessage` writes it),
/// or `"Not a DDS error code"`, NUL-terminated for a C caller.
///
/// ```
/// use dds::compat::{message_c, RETURN_PBN_FAULT};
/// assert_eq!(message_c(RETURN_PBN_FAULT), c"PBN string error");
/// ```
pub fn message_c(code: i32) -> &'static CStr {
    match code {
        RETURN_NO_FAULT => c"Success",
        RETURN_UNKNOWN_FAULT => c"General error",
        RETURN_ZERO_CARDS => c"Zero cards",
        RETURN_TARGET_TOO_HIGH => c"Target exceeds number of tricks",
        RETURN_DUPLICATE_CARDS => c"Cards duplicated",
        RETURN_TARGET_WRONG_LO => c"Target is less than -1",
        RETURN_TARGET_WRONG_HI => c"Target is higher than 13",
        RETURN_SOLNS_WRONG_LO => c"Solutions parameter is less than 1",
        RETURN_SOLNS_WRONG_HI => c"Solutions parameter is higher than 3",
        RETURN_TOO_MANY_CARDS => c"Too many cards",
        RETURN_SUIT_OR_RANK => c"currentTrickSuit or currentTrickRank has wrong data",
        RETURN_PLAYED_CARD => c"Played card also remains in a hand",
        RETURN_CARD_COUNT => c"Wrong number of remaining cards in a hand",
        RETURN_THREAD_INDEX => c"Thread index is not 0 .. maximum",
        RETURN_MODE_WRONG_LO => c"Mode parameter is less than 0",
        RETURN_MODE_WRONG_HI => c"Mode parameter is higher than 2",
        RETURN_TRUMP_WRONG => c"Trump is not in 0 .. 4",
        RETURN_FIRST_WRONG => c"First is not in 0 .. 2",
        RETURN_PLAY_FAULT => c"AnalysePlay input error",
        RETURN_PBN_FAULT => c"PBN string error",
        RETURN_TOO_MANY_BOARDS => c"Too many boards requested",
        RETURN_THREAD_CREATE => c"Could not create threads",
        RETURN_THREAD_WAIT => c"Something failed waiting for thread to end",
        RETURN_THREAD_MISSING => c"Multi-threading system not present",
        RETURN_NO_SUIT => c"Denomination filter vector has no entries",
        RETURN_TOO_MANY_TABLES => c"Too many DD tables requested",
        RETURN_CHUNK_SIZE => c"Chunk size is less than 1",
        _ => c"Not a DDS error code",
    }
}

/// DDS's text for a status code, as [`message_c`] without the NUL.
///
/// ```
/// use dds::compat::{message, RETURN_CARD_COUNT};
/// assert_eq!(message(RETURN_CARD_COUNT), "Wrong number of remaining cards in a hand");
/// assert_eq!(message(7), "Not a DDS error code");
/// ```
pub fn message(code: i32) -> &'static str {
    // Every text is ASCII.
    message_c(code).to_str().unwrap_or_default()
}

/// The status code of a solver error, for the errors DDS's own checks let
/// through ([`RawDeal::board`](super::RawDeal::board) has made them): a
/// position's fault as DDS's code for it (a revoke in the current trick,
/// which DDS solves as given, is refused as bad trick data,
/// [`RETURN_SUIT_OR_RANK`]), a target above the tricks left, an illegal
/// play ([`RETURN_PLAY_FAULT`]), a deal that is not full where one must be
/// ([`RETURN_CARD_COUNT`]); anything else is [`RETURN_UNKNOWN_FAULT`].
///
/// ```
/// use dds::compat::{code_of, RETURN_CARD_COUNT, RETURN_TARGET_TOO_HIGH};
/// use dds::Error;
/// assert_eq!(code_of(&Error::NotFullDeal), RETURN_CARD_COUNT);
/// assert_eq!(code_of(&Error::TargetTooHigh { target: 3, tricks_left: 2 }), RETURN_TARGET_TOO_HIGH);
/// ```
pub fn code_of(error: &Error) -> i32 {
    match error {
        Error::Position(e) => match e {
            PositionError::DuplicateCard(_) => RETURN_DUPLICATE_CARDS,
            PositionError::PlayedCardHeld { .. } => RETURN_PLAYED_CARD,
            PositionError::TooManyCards(_) => RETURN_TOO_MANY_CARDS,
            PositionError::WrongCardCount => RETURN_CARD_COUNT,
            PositionError::NoCards => RETURN_ZERO_CARDS,
            _ => RETURN_SUIT_OR_RANK,
        },
        Error::TargetTooHigh { .. } => RETURN_TARGET_TOO_HIGH,
        Error::IllegalPlay { .. } => RETURN_PLAY_FAULT,
        Error::NotFullDeal => RETURN_CARD_COUNT,
        _ => RETURN_UNKNOWN_FAULT,
    }
}
