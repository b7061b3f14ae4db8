//! From DDS's structures to the solver's types, with DDS's checks in
//! DDS's order, so that a bad input gets the status code DDS gives it.

use std::ffi::{c_char, c_int};

use dds::model::{Card, Deal, Rank, Seat, Suit};
use dds::{Board, Error, PositionError, Strain};

use crate::codes::*;
use crate::types::{deal, playTraceBin, playTracePBN};

/// The strain of DDS's `trump` (0 spades .. 3 clubs, 4 notrump).
pub(crate) fn strain(trump: c_int) -> Option<Strain> {
    usize::try_from(trump).ok().and_then(Strain::try_new)
}

/// The seat of DDS's hand number (0 North .. 3 West).
pub(crate) fn seat(hand: c_int) -> Option<Seat> {
    usize::try_from(hand).ok().and_then(Seat::try_new)
}

/// A card from DDS's suit (0 spades .. 3 clubs) and rank (2 .. 14).
pub(crate) fn card(suit: c_int, rank: c_int) -> Option<Card> {
    let suit = usize::try_from(suit).ok().and_then(Suit::try_new)?;
    let rank = u8::try_from(rank).ok().and_then(Rank::try_new)?;
    Some(Card::new(suit, rank))
}

/// DDS's mask of one rank (rank `r` at bit `r - 2`, as DDS's `bitMapRank`).
fn rank_bit(rank: c_int) -> u32 {
    if (2..=14).contains(&rank) {
        1 << (rank - 2)
    } else {
        0
    }
}

/// DDS's `SolveBoard` checks of the arguments (`BoardRangeChecks`), in
/// DDS's order.
pub(crate) fn range_checks(dl: &deal, target: c_int, solutions: c_int, mode: c_int) -> Result<(), c_int> {
    let checks = [
        (target < -1, RETURN_TARGET_WRONG_LO),
        (target > 13, RETURN_TARGET_WRONG_HI),
        (solutions < 1, RETURN_SOLNS_WRONG_LO),
        (solutions > 3, RETURN_SOLNS_WRONG_HI),
        (mode < 0, RETURN_MODE_WRONG_LO),
        (mode > 2, RETURN_MODE_WRONG_HI),
        (!(0..=4).contains(&dl.trump), RETURN_TRUMP_WRONG),
        (!(0..=3).contains(&dl.first), RETURN_FIRST_WRONG),
    ];
    if let Some(&(_, code)) = checks.iter().find(|(fails, _)| *fails) {
        return Err(code);
    }
    let mut seen = [false; 3];
    for ((seen, &rank), &suit) in seen.iter_mut().zip(&dl.currentTrickRank).zip(&dl.currentTrickSuit) {
        if rank == 0 {
            continue;
        }
        *seen = true;
        if !(2..=14).contains(&rank) || !(0..=3).contains(&suit) {
            return Err(RETURN_SUIT_OR_RANK);
        }
    }
    // A card given after a missing one.
    if (seen[2] && !seen[1]) || (seen[1] && !seen[0]) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    let bad_bits = dl.remainCards.iter().flatten().any(|&c| c != 0 && !(0x0004..0x8000).contains(&c));
    if bad_bits {
        return Err(RETURN_SUIT_OR_RANK);
    }
    Ok(())
}

/// The cards held (rank bits 2..=14 of each mask; DDS ignores bits 0 and
/// 1), once [`range_checks`] has passed.
fn held(dl: &deal) -> [[u32; 4]; 4] {
    dl.remainCards.map(|hand| hand.map(|c| c & 0x7ffc))
}

/// DDS's checks of the cards (`BoardValueChecks`), in DDS's order, then
/// the board. `target` is checked against the tricks left.
pub(crate) fn value_checks(dl: &deal, target: c_int) -> Result<Board, c_int> {
    let cards = held(dl);
    let count: i32 = cards.iter().flatten().map(|c| c.count_ones() as i32).sum();
    if count <= 0 {
        return Err(RETURN_ZERO_CARDS);
    }
    if count > 52 {
        return Err(RETURN_TOO_MANY_CARDS);
    }
    // DDS's count of the tricks left, the current trick included.
    let total_tricks = if count % 4 != 0 { ((count - 4) >> 2) + 2 } else { ((count - 4) >> 2) + 1 };
    if total_tricks < target {
        return Err(RETURN_TARGET_TOO_HIGH);
    }
    // The cards played to the current trick, as the count of cards tells.
    let played = ((52 - count) % 4) as usize;
    let mut per_hand = [0i32; 4];
    for k in 0..played {
        per_hand[(dl.first as usize + k) % 4] = 1;
    }
    for (h, hand) in cards.iter().enumerate() {
        per_hand[h] += hand.iter().map(|c| c.count_ones() as i32).sum::<i32>();
    }
    if per_hand.iter().any(|&n| n != per_hand[0]) {
        return Err(RETURN_CARD_COUNT);
    }
    for k in 0..played {
        // Only the suits of real cards index the hands (DDS reads whatever
        // is there; a missing card has no rank bit and matches nothing).
        let Ok(suit) = usize::try_from(dl.currentTrickSuit[k]) else { continue };
        let Some(all) = cards.iter().map(|hand| hand.get(suit).copied().unwrap_or(0)).reduce(|a, b| a | b) else {
            continue;
        };
        if (all >> 2) & rank_bit(dl.currentTrickRank[k]) != 0 {
            return Err(RETURN_PLAYED_CARD);
        }
    }
    for suit in 0..4 {
        let mut seen = 0u32;
        for hand in &cards {
            if seen & hand[suit] != 0 {
                return Err(RETURN_DUPLICATE_CARDS);
            }
            seen |= hand[suit];
        }
    }
    let remaining = Deal::from_dds_bits(&cards).ok_or(RETURN_SUIT_OR_RANK)?;
    let trick: Option<Vec<Card>> = (0..played).map(|k| card(dl.currentTrickSuit[k], dl.currentTrickRank[k])).collect();
    let trick = trick.ok_or(RETURN_SUIT_OR_RANK)?;
    let strain = strain(dl.trump).ok_or(RETURN_TRUMP_WRONG)?;
    let leader = seat(dl.first).ok_or(RETURN_FIRST_WRONG)?;
    Board::new(&remaining, strain, leader, &trick).map_err(|e| code_of(&e))
}

/// The status code of a solver error that DDS's own checks let through (a
/// revoke in the current trick, which DDS solves as given, is refused
/// here as bad trick data).
pub(crate) fn code_of(error: &Error) -> c_int {
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

/// DDS's reading of a PBN deal (`ConvertFromPBN`): the first seat is one
/// of the first three characters (`N`, `E`, `S`, `W`, either case), the
/// next character is skipped, then card characters (`2`-`9`, `T`, `J`,
/// `Q`, `K`, `A`, either case) go to the current suit, `.` starts the next
/// suit and a space the next hand; anything else is read past. The text
/// ends at a NUL or after 80 characters. A text without a first seat, or
/// one with more than four hands or suits (where DDS would write out of
/// bounds), is `RETURN_PBN_FAULT`.
pub(crate) fn cards_from_pbn(text: &[c_char; 80]) -> Result<[[u32; 4]; 4], c_int> {
    let bytes: Vec<u8> = text.iter().map(|&c| c as u8).take_while(|&b| b != 0).collect();
    let seat_at = bytes.iter().take(3).position(|b| b"NESWnesw".contains(b)).ok_or(RETURN_PBN_FAULT)?;
    let first = match bytes[seat_at].to_ascii_uppercase() {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        _ => 3,
    };
    let mut cards = [[0u32; 4]; 4];
    let (mut hand, mut suit) = (0usize, 0usize);
    for &b in bytes.iter().skip(seat_at + 2) {
        match b {
            b'.' => suit += 1,
            b' ' => {
                hand += 1;
                suit = 0;
            }
            _ => {
                let Some(rank) = Rank::from_char(b.to_ascii_uppercase() as char) else { continue };
                if hand >= 4 || suit >= 4 {
                    return Err(RETURN_PBN_FAULT);
                }
                cards[(first + hand) % 4][suit] |= 1 << rank.value();
            }
        }
    }
    Ok(cards)
}

/// A play as text (`ConvertPlayFromPBN`): `number` cards of two
/// characters, suit then rank, either case.
pub(crate) fn play_from_pbn(play: &playTracePBN) -> Result<playTraceBin, c_int> {
    let n = play.number;
    if !(0..=52).contains(&n) {
        return Err(RETURN_PLAY_FAULT);
    }
    let mut bin = playTraceBin { number: n, suit: [0; 52], rank: [0; 52] };
    for i in 0..n as usize {
        let (s, r) = (play.cards[2 * i] as u8, play.cards[2 * i + 1] as u8);
        bin.suit[i] = match s.to_ascii_uppercase() {
            b'S' => 0,
            b'H' => 1,
            b'D' => 2,
            b'C' => 3,
            _ => return Err(RETURN_PLAY_FAULT),
        };
        let rank = Rank::from_char(r.to_ascii_uppercase() as char).ok_or(RETURN_PLAY_FAULT)?;
        bin.rank[i] = c_int::from(rank.value());
    }
    Ok(bin)
}

/// Copies `text` into a C buffer of `N` bytes, cut to fit, NUL-terminated.
pub(crate) fn write_c<const N: usize>(buffer: &mut [c_char; N], text: &str) {
    let n = text.len().min(N - 1);
    for (slot, &b) in buffer.iter_mut().zip(&text.as_bytes()[..n]) {
        *slot = b as c_char;
    }
    buffer[n] = 0;
}
