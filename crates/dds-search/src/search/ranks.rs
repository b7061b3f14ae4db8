//! The winning ranks of an answer and the table's side of them: the key
//! of a position at a trick boundary, the relevant counts an answer's
//! winning ranks give the table, the cards a hit's counts stand for, and
//! the winner of a finished trick.

use dds_model::{Holding, Seat};
use dds_tt::Key;

use crate::position::{contested, suit_lane, Position};

/// The winner's index in the trick `cards` that `pos` completed into
/// `child`, and whether another card of its suit was played
/// ([`contested`]).
#[inline]
pub(super) fn finished_trick(pos: &Position, child: &Position, cards: &[u8; 4]) -> (usize, bool) {
    let winner = (child.leader.wrapping_sub(pos.leader) & 3) as usize;
    (winner, contested(cards, winner))
}

/// The transposition-table key of a position at a trick boundary.
#[inline]
pub(crate) fn make_key(pos: &Position) -> Key {
    Key { leader: Seat::wrapping(pos.leader_index()), lengths: pos.lengths, owners: pos.owners }
}

/// For each suit, how many of the remaining cards rank at or above the
/// lowest winning rank of that suit.
#[inline(always)]
pub(crate) fn relevant_counts(aggregate: u64, ranks: u64) -> [u8; 4] {
    core::array::from_fn(|suit| {
        let lane = suit_lane(ranks, suit);
        // No winning rank: `lowest` is 0 and the mask keeps nothing.
        let lowest = lane & lane.wrapping_neg();
        (suit_lane(aggregate, suit) & !lowest.wrapping_sub(1)).count_ones() as u8
    })
}

/// The top `relevant[s]` remaining cards of each suit.
#[inline]
pub(crate) fn top_cards(aggregate: u64, relevant: [u8; 4]) -> u64 {
    let mut out = 0u64;
    for (suit, &k) in relevant.iter().enumerate() {
        let lane = Holding::from_bits_truncate(suit_lane(aggregate, suit) as u32);
        out |= u64::from(dds_tables::top_ranks(lane, usize::from(k)).bits()) << (16 * suit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::relevant_counts;

    /// The relevant count of a suit covers every card at or above its
    /// lowest winning rank, and nothing in a suit without winning ranks.
    #[test]
    fn relevant_counts_reach_the_lowest_winning_rank() {
        // Spades: the ace, queen, nine and four in play, the queen winning.
        // Hearts: three cards, none winning.
        let aggregate = 0b1_0100_1000_0100 | 0b111 << 16;
        let ranks = 0b0100_0000_0000;
        assert_eq!(relevant_counts(aggregate, ranks), [2, 0, 0, 0]);
        assert_eq!(relevant_counts(aggregate, ranks | 0b100), [4, 0, 0, 0]);
    }
}
