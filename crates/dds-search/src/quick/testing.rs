//! Test support for the sure-trick counts: random endings, and the check
//! of a bound's answers against a brute-force solve of the position and of
//! positions that match it on the answer's winning ranks.

use crate::position::Position;
use crate::search::relevant_counts;
use dds_model::{BySeat, Card, Deal, Hand, Seat, SplitMix64, Strain};

/// A random ending of `tricks` tricks a hand, its cards drawn mostly
/// from the suit `trump` (so that the trump rules fire often).
pub(super) fn trump_heavy_ending(rng: &mut SplitMix64, tricks: usize, trump: usize) -> [Hand; 4] {
    let mut deck: Vec<u32> = (0..52).map(|i| 16 * (i / 13) + i % 13).collect();
    rng.shuffle(&mut deck);
    // Trumps first, with a random share of them.
    let share = 4 + rng.below(9) as usize;
    let (mut trumps, others): (Vec<u32>, Vec<u32>) = deck.into_iter().partition(|&b| b as usize >> 4 == trump);
    trumps.truncate(share.min(4 * tricks));
    let mut cards = trumps;
    cards.extend(others.into_iter().take(4 * tricks - cards.len()));
    rng.shuffle(&mut cards);
    let mut hands = [Hand::EMPTY; 4];
    for (i, bit) in cards.into_iter().enumerate() {
        hands[i % 4].add(Card::from_bit(bit).expect("a card bit"));
    }
    hands
}

/// A position that matches `hands` on the top `relevant[s]` cards of
/// each suit (same owners) and on every length: the owners of the
/// other cards of each suit shuffled among themselves.
pub(super) fn matching(rng: &mut SplitMix64, hands: [Hand; 4], relevant: [u8; 4]) -> [Hand; 4] {
    let mut out = [Hand::EMPTY; 4];
    for suit in 0..4u32 {
        let mut cards: Vec<(u32, usize)> = (0..13u32)
            .rev()
            .filter_map(|r| {
                let card = Card::from_bit(16 * suit + r).expect("a card bit");
                (0..4).find(|&s| hands[s].contains(card)).map(|s| (16 * suit + r, s))
            })
            .collect();
        let k = usize::from(relevant[suit as usize]).min(cards.len());
        let mut owners: Vec<usize> = cards[k..].iter().map(|&(_, s)| s).collect();
        rng.shuffle(&mut owners);
        for (slot, owner) in cards[k..].iter_mut().zip(owners) {
            slot.1 = owner;
        }
        for (bit, seat) in cards {
            out[seat].add(Card::from_bit(bit).expect("a card bit"));
        }
    }
    out
}

/// Checks `bound`'s answer (North-South's result and its winning ranks,
/// if it settles the target) for every target of the ending `hands`,
/// `leader` on lead in `strain`, against a brute-force solve of the
/// ending and of two endings that match it on the answer's ranks.
/// Returns the number of answers.
pub(super) fn check_bounds(
    rng: &mut SplitMix64,
    hands: [Hand; 4],
    leader: Seat,
    strain: Strain,
    bound: impl Fn(&Position, u32) -> Option<(bool, u64)>,
) -> usize {
    let by_seat = BySeat::from_fn(|s: Seat| hands[s.index()]);
    let pos = Position::new(by_seat, leader, &[], strain).expect("a valid ending");
    let exact = dds_fixtures::minimax(hands, leader, &mut Vec::new(), strain);
    let mut answered = 0;
    for target in 1..=u32::from(pos.tricks_left()) {
        let Some((result, ranks)) = bound(&pos, target) else {
            continue;
        };
        answered += 1;
        let deal = Deal::new(by_seat);
        assert_eq!(result, u32::from(exact) >= target, "{deal} {strain} leader {leader} target {target}");
        let relevant = relevant_counts(pos.held(), ranks);
        for _ in 0..2 {
            let other = matching(rng, hands, relevant);
            let v = dds_fixtures::minimax(other, leader, &mut Vec::new(), strain);
            let other = Deal::new(BySeat::from_fn(|s: Seat| other[s.index()]));
            assert_eq!(
                result,
                u32::from(v) >= target,
                "{deal} matched by {other}, {strain} leader {leader} target {target}"
            );
        }
    }
    answered
}

/// Runs [`check_bounds`] on 1,000 random endings (100 in a debug
/// build) of 2 to 4 tricks, one in 100 of 5 (the brute force takes most
/// of the time), drawn from `seed`: `ending` picks each case's strain
/// and hands from its number and tricks, the leader is random, and
/// `bound` answers a position for a target in that strain with that
/// many tricks left. Asserts that more than a quarter of the cases got
/// an answer.
pub(super) fn check_bound_cases(
    seed: u64,
    mut ending: impl FnMut(&mut SplitMix64, usize, usize) -> (Strain, [Hand; 4]),
    bound: impl Fn(&Position, Strain, u32, u32) -> Option<(bool, u64)>,
) {
    let mut rng = SplitMix64::new(seed);
    let cases = if cfg!(debug_assertions) { 100 } else { 1000 };
    let mut answered = 0;
    for case in 0..cases {
        let tricks = if case % 100 == 99 { 5 } else { 2 + case % 3 };
        let (strain, hands) = ending(&mut rng, case, tricks);
        let leader = Seat::new(rng.below(4) as usize);
        answered +=
            check_bounds(&mut rng, hands, leader, strain, |pos, target| bound(pos, strain, target, tricks as u32));
    }
    assert!(answered > cases / 4, "only {answered} answers");
}

/// A random ending of `tricks` tricks a hand.
pub(super) fn random_ending(rng: &mut SplitMix64, tricks: usize) -> [Hand; 4] {
    let mut deck: Vec<u32> = (0..52).map(|i| 16 * (i / 13) + i % 13).collect();
    rng.shuffle(&mut deck);
    let mut hands = [Hand::EMPTY; 4];
    for (i, &bit) in deck[..4 * tricks].iter().enumerate() {
        hands[i % 4].add(Card::from_bit(bit).expect("a card bit"));
    }
    hands
}
