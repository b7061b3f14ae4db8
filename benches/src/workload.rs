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
