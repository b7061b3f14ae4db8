//! Internal to `dds`: do not use directly, the API may change at any time.
//!
//! The lookup tables the search engine and its transposition table read, over
//! the 13-bit suit code [`Holding`] (deuce at bit 0, ace at bit 12) and over
//! the search's owner codes, and the typed lookups that read them:
//!
//! * [`top_ranks`]: the `k` highest ranks of a holding (the cards a
//!   transposition table entry keeps relevant; read by the search when it
//!   turns a table hit's relevant counts back into winning ranks).
//! * [`owner_mask`] and [`owner_mask_pair`]: the bits of an owner code (the
//!   seats of a suit's cards from the highest down, 2 bits a card) that
//!   cover its `k` highest cards (read by the transposition table to match
//!   entries).
//! * [`suits_trump_first`]: the order in which quick tricks take the suits
//!   (read by the search's quick tricks).
//! * [`beaters`]: the cards that beat the winner of a trick so far (read by
//!   the search at every card played after a lead).
//!
//! A table belongs here only if the search or the transposition table reads
//! it. Lookups only tests would read live in those tests, computed there
//! from the slow reference functions of `dds-model`.
//!
//! # Where the tables come from
//!
//! The tables of `src/generated/` (those behind [`top_ranks`]) are data
//! written by `cargo xtask codegen` from a slow, obviously correct reference
//! function of `dds-model` ([`Holding::iter`]), and checked in. The
//! generator depends on `dds-model` only, never on this crate, so a broken
//! table can always be regenerated; `cargo test -p xtask` fails when a
//! checked-in file is stale.
//!
//! The owner masks are a `static` computed by `const` evaluation at compile
//! time instead, a pure function of their index ([`owner_mask`]), so they
//! cost nothing at start-up and need no lazy initialisation.
//!
//! `tests/reference.rs` checks every entry of every table against its
//! reference.
//!
//! # What has no table
//!
//! * The number of cards of a holding: [`Holding::len`] is one `popcnt`.
//! * Card comparison within a suit: the higher card is the one with the
//!   higher bit, so comparing two cards of a suit is a plain integer compare
//!   of their bit positions (or of their [`Rank`](dds_model::Rank)s). Across
//!   suits, in a strain, the search reads [`beaters`] (above).
//! * The highest and the lowest card of a holding, and a card's rank
//!   relative to the cards left: bit operations on the code where they are
//!   needed ([`Holding::highest`], [`Holding::lowest`] and
//!   [`Holding::relative_rank`] are their definitions).
//! * The groups of equivalent cards of a hand: move generation finds them
//!   for all four suits at once with bitwise fills, and tests it against the
//!   definitions [`Holding::equivalence_tops`] and
//!   [`Holding::equivalence_bottoms`].
//!
//! # Indexing
//!
//! Every lookup indexes its table with [`Holding::index`] masked to 13
//! bits, or with an index whose type bounds it: the mask is a no-op on a
//! valid holding, and it lets the compiler drop the bounds check without
//! `unsafe`.
//!
//! **Dependencies:** `dds-model` only; nothing of the search, the
//! transposition table or any crate above them. This crate holds data and
//! indexing, no search logic.
#![deny(missing_docs)]

use dds_model::{Holding, Strain, Suit};

mod generated {
    pub(crate) mod top;
}

use generated::top::{TOP_HIGH, TOP_LOW};

/// The code of `holding` as an index: [`Holding::index`] masked to 13 bits,
/// which proves to the compiler that its upper 7 bits index a `[T; 128]`
/// and its lower 6 bits a `[T; 64]` in bounds.
#[inline(always)]
const fn ix(holding: Holding) -> usize {
    holding.index() & (Holding::COUNT - 1)
}

/// The `k` highest ranks of `holding`, all of them when it has `k` or
/// fewer.
///
/// Definition: the first `k` ranks of [`Holding::iter`]. Two small tables
/// stand in for one of 8192 x 14 entries (3 KiB against 224 KiB, few cache
/// lines): the `k` highest ranks of the upper part of the code (the eight to
/// the ace), and the rest from the lower part (the deuce to the seven).
///
/// ```
/// let holding = "AJ85".parse()?;
/// assert_eq!(dds_tables::top_ranks(holding, 3).to_string(), "AJ8");
/// assert_eq!(dds_tables::top_ranks(holding, 0).to_string(), "");
/// assert_eq!(dds_tables::top_ranks(holding, 13), holding);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn top_ranks(holding: Holding, k: usize) -> Holding {
    let index = ix(holding);
    let (high, low) = (index >> 6, index & 63);
    let in_high = high.count_ones() as usize;
    // The top `k` of the upper part (all of it when it has fewer), then the
    // rest from the lower part (none when the upper part has enough): no
    // case to choose.
    let from_high = TOP_HIGH[high][if k < 7 { k } else { 7 }] as u32;
    let rest = k.saturating_sub(in_high);
    let from_low = TOP_LOW[low][if rest < 6 { rest } else { 6 }] as u32;
    Holding::from_bits_truncate(from_high << 6 | from_low)
}

/// The most cards an owner code keeps: a suit's 12 highest cards. Where the
/// suit lengths are known, they fix the owner of a 13th card.
pub const OWNER_CODE_CARDS: usize = 12;

/// The bits of an owner code: 2 bits a card, for [`OWNER_CODE_CARDS`] cards.
pub const OWNER_CODE_BITS: u32 = 2 * OWNER_CODE_CARDS as u32;

/// The bits of an owner code that cover the seats of its `k` highest cards
/// (at most [`OWNER_CODE_CARDS`] of them: a larger `k` covers the whole
/// code).
///
/// An owner code lists the seats of a suit's cards from the highest down,
/// the seat of the `i`-th highest card in bits `2i .. 2i + 2`.
///
/// ```
/// assert_eq!(dds_tables::owner_mask(0), 0);
/// assert_eq!(dds_tables::owner_mask(3), 0b11_11_11);
/// assert_eq!(dds_tables::owner_mask(13), (1 << 24) - 1);
/// ```
#[inline]
pub const fn owner_mask(k: usize) -> u32 {
    let k = if k < OWNER_CODE_CARDS { k } else { OWNER_CODE_CARDS };
    ((1u64 << (2 * k)) - 1) as u32
}

/// `OWNER_MASK_PAIRS[c]`: [`owner_mask_pair`], computed at compile time.
static OWNER_MASK_PAIRS: [u64; 256] = {
    let mut masks = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        masks[i] = owner_mask(i & 15) as u64 | (owner_mask(i >> 4) as u64) << OWNER_CODE_BITS;
        i += 1;
    }
    masks
};

/// The owner bits of two suits' codes side by side in one word (the first
/// suit's code in bits 0..24, the second's in bits 24..48), for `counts`
/// holding the number of relevant cards of the first suit in its low
/// nibble and of the second suit in its high nibble: [`owner_mask`] of
/// each count, in place.
///
/// ```
/// // The top 2 cards of the first suit, the top card of the second.
/// assert_eq!(dds_tables::owner_mask_pair(0x12), 0b1111 | 0b11 << 24);
/// ```
#[inline]
pub const fn owner_mask_pair(counts: u8) -> u64 {
    OWNER_MASK_PAIRS[counts as usize]
}

/// `SUITS_TRUMP_FIRST[strain]`: see [`suits_trump_first`].
const SUITS_TRUMP_FIRST: [[Suit; 4]; Strain::NUM] = {
    use Suit::{Clubs as C, Diamonds as D, Hearts as H, Spades as S};
    [[S, H, D, C], [H, S, D, C], [D, S, H, C], [C, S, H, D], [S, H, D, C]]
};

/// The four suits in the order in which quick tricks are counted in
/// `strain`: the trump suit first, then the others in suit order; in no
/// trump, suit order.
///
/// ```
/// use dds_model::{Strain, Suit};
/// let order = dds_tables::suits_trump_first(Strain::Diamonds);
/// assert_eq!(order, [Suit::Diamonds, Suit::Spades, Suit::Hearts, Suit::Clubs]);
/// assert_eq!(dds_tables::suits_trump_first(Strain::NoTrump), Suit::ALL);
/// ```
#[inline]
pub const fn suits_trump_first(strain: Strain) -> [Suit; 4] {
    SUITS_TRUMP_FIRST[strain.index()]
}

/// `BEATERS[strain][w]`: see [`beaters`].
static BEATERS: [[u64; 64]; Strain::NUM] = {
    let mut table = [[0u64; 64]; Strain::NUM];
    let mut strain = 0;
    while strain < Strain::NUM {
        let mut w = 0;
        while w < 64 {
            let mut c = 0;
            while c < 64 {
                // A card's suit is its bit's high part, as a trump suit's
                // index is its strain's (no trump's, 4, is no suit's).
                // Bits 13 to 15 of a suit's lane are no card's.
                let (cs, ws) = (c >> 4, w >> 4);
                if c & 15 < 13 && ((cs == ws && c > w) || (cs == strain && ws != strain)) {
                    table[strain][w] |= 1 << c;
                }
                c += 1;
            }
            w += 1;
        }
        strain += 1;
    }
    table
};

/// The cards, as card bits ([`Card::bit`](dds_model::Card::bit)), that beat
/// the card of bit `winner` when played after it to a trick in `strain`
/// (`winner` winning the trick so far): the higher cards of its suit, and
/// every trump if it is not one. Only the low 6 bits of `winner` are read.
///
/// ```
/// use dds_model::{Card, Strain};
/// let (king, ace, trump) = ("HK".parse::<Card>()?, "HA".parse::<Card>()?, "S2".parse::<Card>()?);
/// let beats = |c: Card, w: Card, s| dds_tables::beaters(s, w.bit() as u8) >> c.bit() & 1 == 1;
/// assert!(beats(ace, king, Strain::NoTrump));
/// assert!(!beats(trump, king, Strain::NoTrump));
/// assert!(beats(trump, ace, Strain::Spades));
/// assert!(!beats(ace, trump, Strain::Spades));
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[inline]
pub const fn beaters(strain: Strain, winner: u8) -> u64 {
    BEATERS[strain.index()][(winner & 63) as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(s: &str) -> Holding {
        s.parse().unwrap()
    }

    #[test]
    fn top_ranks_ends() {
        assert_eq!(top_ranks(Holding::ALL, 0), Holding::EMPTY);
        assert_eq!(top_ranks(Holding::ALL, 13), Holding::ALL);
        assert_eq!(top_ranks(Holding::EMPTY, 13), Holding::EMPTY);
        // Across the two parts of the code: the eight is the upper part's
        // lowest rank, the seven the lower part's highest.
        assert_eq!(top_ranks(h("A872"), 3), h("A87"));
        assert_eq!(top_ranks(h("72"), 1), h("7"));
    }

    #[test]
    fn owner_mask_ends() {
        assert_eq!(owner_mask(OWNER_CODE_CARDS), (1 << OWNER_CODE_BITS) - 1);
        assert_eq!(owner_mask_pair(0), 0);
        assert_eq!(owner_mask_pair(0xff), (1 << (2 * OWNER_CODE_BITS)) - 1);
    }

    #[test]
    fn trump_first() {
        for strain in Strain::ALL {
            assert_eq!(suits_trump_first(strain)[0], strain.trump().unwrap_or(Suit::Spades));
        }
    }
}
