//! Quick tricks: the tricks the player on lead can cash at once with the
//! top cards of their own hand.

use dds_model::Suit;

use crate::position::Position;

/// The tricks the seat on lead can take by cashing its own top cards, and the
/// cards (winning ranks) the count depends on.
///
/// In a suit the leader holds the `n` highest remaining cards, so `n` tricks
/// can be cashed. In a trump contract a side suit counts only as many rounds
/// as every opponent holding trumps can follow. Position is at a trick
/// boundary.
pub(crate) fn quick_tricks(pos: &Position, trump: Option<Suit>) -> (u8, u64) {
    let leader = pos.leader as usize;
    let lho = (leader + 1) & 3;
    let rho = (leader + 3) & 3;
    let all = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3];
    let own = pos.hands[leader];
    let lane = |x: u64, s: usize| (x >> (16 * s)) & 0x1fff;
    let mut total = 0u32;
    let mut ranks = 0u64;
    for suit in 0..4 {
        let h = lane(own, suit);
        if h == 0 {
            continue;
        }
        let others = lane(all, suit) & !h;
        let mut tops = if others == 0 { h } else { h & !((2u64 << (63 - others.leading_zeros())) - 1) };
        let mut n = tops.count_ones();
        if let Some(t) = trump {
            let t = t as usize;
            if t != suit {
                for opp in [lho, rho] {
                    if lane(pos.hands[opp], t) != 0 {
                        n = n.min(lane(pos.hands[opp], suit).count_ones());
                    }
                }
            }
        }
        // Keep the `n` highest of the cashing cards.
        while tops.count_ones() > n {
            tops &= tops - 1;
        }
        total += n;
        ranks |= tops << (16 * suit);
    }
    let left = own.count_ones();
    (total.min(left) as u8, ranks)
}
