//! Between DDS's C structures and the facade's DDS conventions
//! (`dds::compat`: the checks in DDS's order, the readers of text), and C
//! strings.

use std::ffi::{c_char, c_int};

use dds::compat::{read_pbn, read_play_pbn, FutureTricks, RawDeal, RawPlay, SolvedPlay};

use crate::types::{deal, futureTricks, playTraceBin, playTracePBN, solvedPlay};

/// DDS's `deal` as the facade's.
pub(crate) fn raw(dl: &deal) -> RawDeal {
    RawDeal {
        trump: dl.trump,
        first: dl.first,
        current_trick_suit: dl.currentTrickSuit,
        current_trick_rank: dl.currentTrickRank,
        remain_cards: dl.remainCards,
    }
}

/// The cards of a PBN text field (`ConvertFromPBN`, up to the NUL).
pub(crate) fn cards_from_pbn(text: &[c_char; 80]) -> Result<[[u32; 4]; 4], c_int> {
    read_pbn(&text.map(|c| c as u8))
}

/// A play as text (`ConvertPlayFromPBN`).
pub(crate) fn play_from_pbn(play: &playTracePBN) -> Result<playTraceBin, c_int> {
    let raw = read_play_pbn(play.number, &play.cards.map(|c| c as u8))?;
    Ok(playTraceBin { number: raw.number, suit: raw.suit, rank: raw.rank })
}

/// DDS's `playTraceBin` as the facade's.
pub(crate) fn raw_play(play: &playTraceBin) -> RawPlay {
    RawPlay { number: play.number, suit: play.suit, rank: play.rank }
}

/// The facade's `futureTricks` as DDS's.
pub(crate) fn future_tricks(fut: &FutureTricks) -> futureTricks {
    futureTricks {
        nodes: fut.nodes,
        cards: fut.cards,
        suit: fut.suit,
        rank: fut.rank,
        equals: fut.equals,
        score: fut.score,
    }
}

/// The facade's `solvedPlay` as DDS's.
pub(crate) fn solved_play(solved: &SolvedPlay) -> solvedPlay {
    solvedPlay { number: solved.number, tricks: solved.tricks }
}

/// Copies `text` into a C buffer of `N` bytes, cut to fit, NUL-terminated.
pub(crate) fn write_c<const N: usize>(buffer: &mut [c_char; N], text: &str) {
    let n = text.len().min(N - 1);
    for (slot, &b) in buffer.iter_mut().zip(&text.as_bytes()[..n]) {
        *slot = b as c_char;
    }
    buffer[n] = 0;
}
