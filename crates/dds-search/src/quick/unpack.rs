//! The shared groundwork of the sure-trick counts: a node's cards and
//! lengths unpacked per seat and suit once ([`Unpacked`]), and the small
//! lane helpers (the `k`-th highest card of a suit, its holder, the top
//! cards of a lane) that every count uses.

use crate::position::{length_shift, suit_lane, Position, NO_SEAT};

/// The highest card of a lane as a lane bit, 0 if none.
#[inline]
pub(super) fn top_bit(x: u32) -> u32 {
    ((1u64 << 31) >> x.leading_zeros()) as u32
}

/// The `k`-th highest card (0-based, `k` at most 2) of `aggr` as a lane
/// bit, 0 if none.
#[inline]
pub(super) fn nth_bit(aggr: u32, k: u32) -> u32 {
    let first = top_bit(aggr);
    if k == 0 {
        return first;
    }
    let second = top_bit(aggr ^ first);
    if k == 1 {
        return second;
    }
    top_bit(aggr ^ first ^ second)
}

/// The seat of the `k`-th highest card of suit `s` at a trick boundary, from
/// the position's owner codes, given that card's lane bit `bit` ([`NO_SEAT`]
/// if `bit` is 0: the suit has `k` cards or fewer).
#[inline]
pub(super) fn nth_holder(pos: &Position, s: usize, k: u32, bit: u32) -> usize {
    if bit != 0 {
        ((pos.owners[s] >> (2 * k)) & 3) as usize
    } else {
        NO_SEAT
    }
}

/// Every seat's length in every suit, `len[seat][suit]`, from the position's
/// lengths.
#[inline]
pub(super) fn lengths(pos: &Position) -> [[u32; 4]; 4] {
    core::array::from_fn(|seat| core::array::from_fn(|s| ((pos.lengths >> length_shift(s, seat)) & 15) as u32))
}

/// The lane of every seat's cards, `h[seat][suit]`.
#[inline]
pub(super) fn lanes(pos: &Position) -> [[u32; 4]; 4] {
    core::array::from_fn(|seat| core::array::from_fn(|s| suit_lane(pos.hands[seat], s) as u32))
}

/// The seat holding lane bit `bit` of suit `s` ([`NO_SEAT`] if nobody, or
/// `bit` is 0).
#[inline]
pub(super) fn holder(h: &[[u32; 4]; 4], s: usize, bit: u32) -> usize {
    if bit == 0 {
        return NO_SEAT;
    }
    (0..4).find(|&seat| h[seat][s] & bit != 0).unwrap_or(NO_SEAT)
}

/// The top `k` cards of the lane `x`.
#[inline]
pub(super) fn keep_top(mut x: u32, k: u32) -> u32 {
    while x.count_ones() > k {
        x &= x - 1;
    }
    x
}

/// A position's cards and lengths per seat and suit, worked out once for
/// the quick and the later tricks of a node.
pub(crate) struct Unpacked {
    /// `lanes[seat][suit]`: the seat's cards of the suit.
    pub(super) lanes: [[u32; 4]; 4],
    /// `lengths[seat][suit]`: how many cards the seat holds in the suit.
    pub(super) lengths: [[u32; 4]; 4],
}

impl Unpacked {
    /// The unpacking, one element at a time: the form for targets without
    /// SSE4.1, and the reference the SSE4.1 form is tested against.
    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse4.1"), allow(dead_code))]
    #[inline]
    pub(super) fn by_elements(pos: &Position) -> Unpacked {
        Unpacked { lanes: lanes(pos), lengths: lengths(pos) }
    }

    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.1")))]
    #[inline]
    pub(crate) fn new(pos: &Position) -> Unpacked {
        Unpacked::by_elements(pos)
    }

    /// The unpacking with SSE4.1 (part of x86-64-v2, the workspace's
    /// target): each seat's four lanes widened at once, and the 16 length
    /// nibbles spread to bytes, reordered seat by seat and widened, instead
    /// of 32 extractions one element at a time.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    #[inline]
    pub(crate) fn new(pos: &Position) -> Unpacked {
        use core::arch::x86_64::{
            __m128i, _mm_and_si128, _mm_cvtepu16_epi32, _mm_cvtepu8_epi32, _mm_cvtsi64_si128, _mm_loadl_epi64,
            _mm_set1_epi8, _mm_setr_epi8, _mm_shuffle_epi8, _mm_srli_epi16, _mm_srli_si128, _mm_storeu_si128,
            _mm_unpacklo_epi8,
        };
        debug_assert!(pos.hands.iter().all(|&h| h & !crate::position::CARD_BITS == 0));
        let mut out = Unpacked { lanes: [[0; 4]; 4], lengths: [[0; 4]; 4] };
        // SAFETY: the build enables SSE4.1 (the `cfg` above), which the
        // intrinsics need; each load reads one `u64` of the hands (8 bytes),
        // each store writes one row of four `u32`s (16 bytes), in bounds.
        unsafe {
            for seat in 0..4 {
                // A hand's 16-bit lanes are its suits' lanes (hands hold card
                // bits only): widened to 32 bits.
                let hand = _mm_loadl_epi64(pos.hands.as_ptr().add(seat).cast::<__m128i>());
                _mm_storeu_si128(out.lanes[seat].as_mut_ptr().cast::<__m128i>(), _mm_cvtepu16_epi32(hand));
            }
            // The nibble of (suit, seat) is the `4 * suit + seat`-th: one
            // byte each, in that order, then seat by seat.
            let word = _mm_cvtsi64_si128(pos.lengths as i64);
            let low = _mm_set1_epi8(15);
            let bytes = _mm_unpacklo_epi8(_mm_and_si128(word, low), _mm_and_si128(_mm_srli_epi16(word, 4), low));
            let by_seat = _mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
            let rows = [by_seat, _mm_srli_si128(by_seat, 4), _mm_srli_si128(by_seat, 8), _mm_srli_si128(by_seat, 12)];
            for (seat, row) in rows.into_iter().enumerate() {
                _mm_storeu_si128(out.lengths[seat].as_mut_ptr().cast::<__m128i>(), _mm_cvtepu8_epi32(row));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::Unpacked;
    use crate::position::Position;
    use crate::quick::testing::random_ending;
    use dds_model::{BySeat, Seat, SplitMix64, Strain};

    /// The unpacking the search uses (with SSE4.1 where the build has it)
    /// gives every seat's lanes and lengths as the element-wise reference
    /// does, on random endings of every length.
    #[test]
    fn unpacking_matches_the_reference() {
        let mut rng = SplitMix64::new(0x756e_7061_636b);
        for round in 0..2000 {
            let hands = random_ending(&mut rng, 1 + round % 13);
            let leader = Seat::ALL[round % 4];
            let pos = Position::new(BySeat(hands), leader, &[], Strain::NoTrump).expect("a valid ending");
            let (fast, reference) = (Unpacked::new(&pos), Unpacked::by_elements(&pos));
            assert_eq!(fast.lanes, reference.lanes, "{pos:?}");
            assert_eq!(fast.lengths, reference.lengths, "{pos:?}");
        }
    }
}
