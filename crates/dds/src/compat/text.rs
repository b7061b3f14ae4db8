//! DDS's readers of text: a PBN deal (`ConvertFromPBN`) and a play
//! (`ConvertPlayFromPBN`).

use super::codes::{RETURN_PBN_FAULT, RETURN_PLAY_FAULT};
use crate::model::{Rank, Suit};

/// DDS's reading of a PBN deal (`ConvertFromPBN`) into DDS's masks
/// (`remainCards[hand][suit]`, rank `r` at bit `r`). The text ends at its
/// first NUL or at its end (DDS's structures hold 80 bytes). The first seat
/// is one of the first three characters (`N`, `E`, `S`, `W`, either case),
/// the character after it is skipped, then rank characters (`2`-`9`, `T`,
/// `J`, `Q`, `K`, `A`, either case) go to the current suit, `.` starts the
/// next suit and a space the next hand; anything else is read past. A text
/// without a first seat, or with a card after a fourth hand or suit (where
/// DDS would write out of bounds), is [`RETURN_PBN_FAULT`].
///
/// ```
/// use dds::compat::{read_pbn, RETURN_PBN_FAULT};
/// let cards = read_pbn(b"W:A... k... q... j...\0ignored")?;
/// assert_eq!(cards[3][0], 1 << 14); // West's ace of spades
/// assert_eq!(cards[0][0], 1 << 13); // North's king
/// assert_eq!(read_pbn(b"A... K... Q... J..."), Err(RETURN_PBN_FAULT));
/// # Ok::<_, i32>(())
/// ```
pub fn read_pbn(text: &[u8]) -> Result<[[u32; 4]; 4], i32> {
    let end = text.iter().position(|&b| b == 0).unwrap_or(text.len());
    let bytes = &text[..end];
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
                let Some(rank) = Rank::from_char(b as char) else { continue };
                if hand >= 4 || suit >= 4 {
                    return Err(RETURN_PBN_FAULT);
                }
                cards[(first + hand) % 4][suit] |= 1 << rank.value();
            }
        }
    }
    Ok(cards)
}

/// DDS's `struct playTraceBin` in plain integers: `number` cards of a play,
/// suits 0-3 (S, H, D, C) and ranks 2-14, as a C caller fills it (before
/// any check).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct RawPlay {
    /// Cards given.
    pub number: i32,
    /// Their suits.
    pub suit: [i32; 52],
    /// Their ranks.
    pub rank: [i32; 52],
}

impl Default for RawPlay {
    fn default() -> RawPlay {
        RawPlay { number: 0, suit: [0; 52], rank: [0; 52] }
    }
}

/// DDS's reading of a play as text (`ConvertPlayFromPBN`): `number` cards
/// of two characters, suit then rank, either case, from the start of
/// `cards`. A `number` outside 0 to 52, or a character that is not a suit
/// or a rank where one must be (a text too short included), is
/// [`RETURN_PLAY_FAULT`].
///
/// ```
/// use dds::compat::{read_play_pbn, RETURN_PLAY_FAULT};
/// let play = read_play_pbn(2, b"CTc4CA")?;
/// assert_eq!((play.number, play.suit[1], play.rank[1]), (2, 3, 4));
/// assert_eq!(read_play_pbn(2, b"CTX4"), Err(RETURN_PLAY_FAULT));
/// assert_eq!(read_play_pbn(53, b""), Err(RETURN_PLAY_FAULT));
/// # Ok::<_, i32>(())
/// ```
pub fn read_play_pbn(number: i32, cards: &[u8]) -> Result<RawPlay, i32> {
    if !(0..=52).contains(&number) {
        return Err(RETURN_PLAY_FAULT);
    }
    let mut play = RawPlay { number, ..RawPlay::default() };
    for i in 0..number as usize {
        let at = |k: usize| cards.get(k).map_or('\0', |&b| b as char);
        let suit = Suit::from_char(at(2 * i)).ok_or(RETURN_PLAY_FAULT)?;
        let rank = Rank::from_char(at(2 * i + 1)).ok_or(RETURN_PLAY_FAULT)?;
        play.suit[i] = suit.index() as i32;
        play.rank[i] = i32::from(rank.value());
    }
    Ok(play)
}
