//! DDS's status codes (`RETURN_*` in `dll.h`) and their texts (`TEXT_*`),
//! which `ErrorMessage` writes.

use std::ffi::{c_int, CStr};

/// Success.
pub const RETURN_NO_FAULT: c_int = 1;
/// A fault with no code of its own (also: a panic caught at the boundary,
/// a NULL pointer).
pub const RETURN_UNKNOWN_FAULT: c_int = -1;
/// No cards.
pub const RETURN_ZERO_CARDS: c_int = -2;
/// The target exceeds the tricks left.
pub const RETURN_TARGET_TOO_HIGH: c_int = -3;
/// A card is held twice.
pub const RETURN_DUPLICATE_CARDS: c_int = -4;
/// The target is below -1.
pub const RETURN_TARGET_WRONG_LO: c_int = -5;
/// The target is above 13.
pub const RETURN_TARGET_WRONG_HI: c_int = -7;
/// `solutions` is below 1.
pub const RETURN_SOLNS_WRONG_LO: c_int = -8;
/// `solutions` is above 3.
pub const RETURN_SOLNS_WRONG_HI: c_int = -9;
/// More than 52 cards.
pub const RETURN_TOO_MANY_CARDS: c_int = -10;
/// Bad `currentTrickSuit`/`currentTrickRank` (or card bits).
pub const RETURN_SUIT_OR_RANK: c_int = -12;
/// A card played to the trick is still held.
pub const RETURN_PLAYED_CARD: c_int = -13;
/// The hands' sizes do not fit.
pub const RETURN_CARD_COUNT: c_int = -14;
/// `threadIndex` out of range.
pub const RETURN_THREAD_INDEX: c_int = -15;
/// `mode` below 0.
pub const RETURN_MODE_WRONG_LO: c_int = -16;
/// `mode` above 2.
pub const RETURN_MODE_WRONG_HI: c_int = -17;
/// `trump` not 0..=4.
pub const RETURN_TRUMP_WRONG: c_int = -18;
/// `first` not 0..=3.
pub const RETURN_FIRST_WRONG: c_int = -19;
/// A bad play given to AnalysePlay.
pub const RETURN_PLAY_FAULT: c_int = -98;
/// Bad PBN text.
pub const RETURN_PBN_FAULT: c_int = -99;
/// More than 200 boards.
pub const RETURN_TOO_MANY_BOARDS: c_int = -101;
/// Threads could not be created.
pub const RETURN_THREAD_CREATE: c_int = -102;
/// Waiting for threads failed.
pub const RETURN_THREAD_WAIT: c_int = -103;
/// The threading system asked for is not there.
pub const RETURN_THREAD_MISSING: c_int = -104;
/// The strain filter leaves no strain.
pub const RETURN_NO_SUIT: c_int = -201;
/// More tables than fit.
pub const RETURN_TOO_MANY_TABLES: c_int = -202;
/// `chunkSize` below 1.
pub const RETURN_CHUNK_SIZE: c_int = -301;

/// DDS's text for a status code (`TEXT_*`), or `"Not a DDS error code"`.
///
/// ```
/// assert_eq!(ddscapi::codes::message(-99).to_str(), Ok("PBN string error"));
/// ```
pub fn message(code: c_int) -> &'static CStr {
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
