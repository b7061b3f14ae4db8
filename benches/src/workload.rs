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
    use dds::model::Strain;
    let mut rng = DealRng::new(seed);
    (0..n)
        .map(|_| {
            let mut hands = rng.deal();
            let strain = Strain::ALL[rng.below(5) as usize];
            let mut leader = rng.seat();
            let mut trick = Vec::new();
            let cards = 1 + rng.below(40) as usize;
            rng.play(&mut hands, &mut leader, &mut trick, strain, cards);
            MidPlay { remaining: hands, strain, leader, played: trick }
        })
        .collect()
}
