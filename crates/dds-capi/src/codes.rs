//! DDS's status codes (`RETURN_*` in `dll.h`) and their texts (`TEXT_*`),
//! which `ErrorMessage` writes: the facade's (`dds::compat`), re-exported
//! for C callers' tests.

use std::ffi::{c_int, CStr};

pub use dds::compat::{
    RETURN_CARD_COUNT, RETURN_CHUNK_SIZE, RETURN_DUPLICATE_CARDS, RETURN_FIRST_WRONG, RETURN_MODE_WRONG_HI,
    RETURN_MODE_WRONG_LO, RETURN_NO_FAULT, RETURN_NO_SUIT, RETURN_PBN_FAULT, RETURN_PLAYED_CARD, RETURN_PLAY_FAULT,
    RETURN_SOLNS_WRONG_HI, RETURN_SOLNS_WRONG_LO, RETURN_SUIT_OR_RANK, RETURN_TARGET_TOO_HIGH, RETURN_TARGET_WRONG_HI,
    RETURN_TARGET_WRONG_LO, RETURN_THREAD_CREATE, RETURN_THREAD_INDEX, RETURN_THREAD_MISSING, RETURN_THREAD_WAIT,
    RETURN_TOO_MANY_BOARDS, RETURN_TOO_MANY_CARDS, RETURN_TOO_MANY_TABLES, RETURN_TRUMP_WRONG, RETURN_UNKNOWN_FAULT,
    RETURN_ZERO_CARDS,
};

/// DDS's text for a status code (`TEXT_*`), or `"Not a DDS error code"`.
///
/// ```
/// assert_eq!(ddscapi::codes::message(-99).to_str(), Ok("PBN string error"));
/// ```
pub fn message(code: c_int) -> &'static CStr {
    dds::compat::message_c(code)
}
