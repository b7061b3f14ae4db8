//! `NullTable`: a transposition table that never hits.

use dds_model::Card;

use crate::{Bound, Hit, Key, Relevant, TransTable, TtStats};

/// A table that remembers nothing. The search must give the same answers
/// with it, only slower.
#[derive(Copy, Clone, Debug, Default)]
pub struct NullTable {
    probes: u64,
}

impl TransTable for NullTable {
    fn probe(&mut self, _key: &Key, _target: u8) -> Option<Hit> {
        self.probes += 1;
        None
    }

    fn store(&mut self, _key: &Key, _relevant: Relevant, _bound: Bound, _best: Option<Card>) {}

    fn clear(&mut self) {}

    fn stats(&self) -> TtStats {
        TtStats { probes: self.probes, ..TtStats::default() }
    }
}
