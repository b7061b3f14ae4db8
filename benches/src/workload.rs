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

/// A playing engine's phase (BEN's, measured in a recorded match: bidding
/// about 70% of its solver time, then card play, then opening leads).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// A bid: trick-1 positions of full deals that share only the bidder's
    /// hand, one strain and opening leader a call, `solutions` 1.
    Bidding,
    /// An opening lead: the leader's hand fixed, the lead in the current
    /// trick, the other 39 cards re-dealt, `solutions` 1.
    Lead,
    /// A card in play: declarer's and dummy's hands and the cards played
    /// fixed, the defenders' unseen cards re-dealt between them, 1 to 3
    /// cards in the current trick or a later trick, `solutions` 3.
    Play,
}

/// One engine decision: the sampled deals of one position, solved in one
/// batch call (DDS's `SolveAllBoards`).
#[derive(Clone, Debug)]
pub struct Decision {
    /// The phase.
    pub phase: Phase,
    /// The strain.
    pub strain: dds::Strain,
    /// The seat that led to the current trick.
    pub leader: dds::model::Seat,
    /// The cards of the current trick.
    pub played: Vec<dds::model::Card>,
    /// The cards still held, one deal a sample.
    pub samples: Vec<Deal>,
    /// DDS's `solutions`: 1 (the best score) or 3 (every card's).
    pub solutions: i32,
}

/// `deal` with the cards of the seats not in `fixed` shuffled among them,
/// each keeping its number of cards.
fn resample(rng: &mut DealRng, deal: &Deal, fixed: &[dds::model::Seat]) -> Deal {
    use dds::model::{Hand, Seat};
    let free: Vec<Seat> = Seat::ALL.into_iter().filter(|s| !fixed.contains(s)).collect();
    let mut cards: Vec<dds::model::Card> = free.iter().flat_map(|&s| deal[s].iter()).collect();
    rng.shuffle(&mut cards);
    let mut out = *deal;
    let mut rest = cards.as_slice();
    for &seat in &free {
        let (mine, others) = rest.split_at(deal[seat].len());
        out[seat] = mine.iter().fold(Hand::EMPTY, |h, &c| h.with(c));
        rest = others;
    }
    out
}

/// BEN-shaped engine decisions from a fixed seed: `bidding` bids of 50
/// samples, `leads` opening leads of 140, `play` card plays of 60 (sizes
/// from BEN's calls in a recorded match).
pub fn engine_decisions(bidding: usize, leads: usize, play: usize, seed: u64) -> Vec<Decision> {
    let mut rng = DealRng::new(seed);
    let mut out = Vec::new();
    for _ in 0..bidding {
        let base = rng.deal();
        let bidder = rng.seat();
        let (strain, leader) = (rng.strain(), rng.seat());
        let samples = (0..50).map(|_| resample(&mut rng, &base, &[bidder])).collect();
        out.push(Decision { phase: Phase::Bidding, strain, leader, played: Vec::new(), samples, solutions: 1 });
    }
    for _ in 0..leads {
        let base = rng.deal();
        let (strain, leader) = (rng.strain(), rng.seat());
        let hand: Vec<dds::model::Card> = base[leader].iter().collect();
        let lead = hand[rng.below(hand.len() as u64) as usize];
        let samples = (0..140)
            .map(|_| {
                let mut deal = resample(&mut rng, &base, &[leader]);
                deal[leader] = deal[leader].without(lead);
                deal
            })
            .collect();
        out.push(Decision { phase: Phase::Lead, strain, leader, played: vec![lead], samples, solutions: 1 });
    }
    for _ in 0..play {
        let mut deal = rng.deal();
        let strain = rng.strain();
        let declarer = rng.seat();
        let mut leader = declarer.next();
        let mut trick = Vec::new();
        // Most of an engine's card-play time is in trick 1.
        let cards = if rng.below(5) < 3 { 1 + rng.below(3) } else { 4 + rng.below(28) };
        rng.play(&mut deal, &mut leader, &mut trick, strain, cards as usize);
        let fixed = [declarer, declarer.partner()];
        let samples = (0..60).map(|_| resample(&mut rng, &deal, &fixed)).collect();
        out.push(Decision { phase: Phase::Play, strain, leader, played: trick, samples, solutions: 3 });
    }
    out
}
