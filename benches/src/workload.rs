//! The fixed workloads of the benchmarks.

use dds::model::Deal;
use dds_fixtures::{load_hand_file, DealRng};

/// The distinct deals of a DDS hand file, in file order.
pub fn hand_file_deals(name: &str) -> Vec<Deal> {
    let mut seen = std::collections::HashSet::new();
    load_hand_file(name)
        .unwrap_or_else(|e| panic!("{e}"))
        .into_iter()
        .map(|r| r.deal)
        .filter(|d| seen.insert(*d))
        .collect()
}

/// `n` random deals from a fixed seed.
pub fn random_deals(n: usize, seed: u64) -> Vec<Deal> {
    let mut rng = DealRng::new(seed);
    (0..n).map(|_| rng.deal()).collect()
}

/// A position in the middle of play: the cards still held, the strain, the
/// seat that led to the current trick and the cards played to it.
#[derive(Clone, Debug)]
pub struct MidPlay {
    /// The cards still held.
    pub remaining: Deal,
    /// The strain.
    pub strain: dds::Strain,
    /// The seat that led to the current trick.
    pub leader: dds::model::Seat,
    /// The cards of the current trick, in order.
    pub played: Vec<dds::model::Card>,
}

/// `n` positions reached by random legal play of 1 to 40 cards from random
/// deals (fixed seed), as a program playing bridge asks them.
pub fn mid_play_positions(n: usize, seed: u64) -> Vec<MidPlay> {
    use dds::model::{Card, Strain};
    let mut rng = DealRng::new(seed);
    (0..n)
        .map(|_| {
            let mut hands = rng.deal();
            let strain = Strain::ALL[rng.below(5) as usize];
            let mut leader = rng.seat();
            let mut trick: Vec<Card> = Vec::new();
            let cards = 1 + rng.below(40) as usize;
            for _ in 0..cards {
                let seat = leader.offset(trick.len());
                let hand = hands[seat];
                let legal: Vec<Card> = match trick.first() {
                    Some(lead) if !hand.holding(lead.suit()).is_empty() => {
                        hand.iter().filter(|c| c.suit() == lead.suit()).collect()
                    }
                    _ => hand.iter().collect(),
                };
                let card = legal[rng.below(legal.len() as u64) as usize];
                hands[seat] = hand.without(card);
                trick.push(card);
                if trick.len() == 4 {
                    let mut best = 0;
                    for i in 1..4 {
                        let (c, b) = (trick[i], trick[best]);
                        let trumps = |x: Card| Some(x.suit()) == strain.trump();
                        if (c.suit() == b.suit() && c.rank() > b.rank()) || (trumps(c) && !trumps(b)) {
                            best = i;
                        }
                    }
                    leader = leader.offset(best);
                    trick.clear();
                }
            }
            MidPlay { remaining: hands, strain, leader, played: trick }
        })
        .collect()
}
