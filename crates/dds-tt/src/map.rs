//! `MapTable`: an exact-position hash map, the obviously correct reference.

use ahash::AHashMap;
use dds_model::Card;

use crate::{Bound, Hit, Key, Relevant, TransTable, TtStats};

/// A table keyed by the whole position (in relative ranks). It ignores the
/// relevance of a stored bound and reports every card as relevant on a hit,
/// so it never generalises. Memory grows without bound: for tests only.
#[derive(Clone, Debug, Default)]
pub struct MapTable {
    map: AHashMap<Key, (u8, u8, Option<Card>)>,
    stats: TtStats,
}

impl MapTable {
    /// An empty table.
    pub fn new() -> MapTable {
        MapTable::default()
    }
}

impl TransTable for MapTable {
    fn probe(&mut self, key: &Key, target: u8) -> Option<Hit> {
        self.stats.probes += 1;
        let &(lower, upper, best) = self.map.get(key)?;
        if lower >= target || upper < target {
            self.stats.hits += 1;
            let relevant = [0, 1, 2, 3].map(|s| key.suit_len(s));
            Some(Hit { lower, upper, relevant, best })
        } else {
            None
        }
    }

    fn store(&mut self, key: &Key, _relevant: Relevant, bound: Bound, best: Option<Card>) {
        self.stats.stores += 1;
        let entry = self.map.entry(*key).or_insert((0, 13, None));
        match bound {
            Bound::Lower(n) => entry.0 = entry.0.max(n),
            Bound::Upper(n) => entry.1 = entry.1.min(n),
        }
        if best.is_some() {
            entry.2 = best;
        }
    }

    fn clear(&mut self) {
        self.map.clear();
    }

    fn stats(&self) -> TtStats {
        let entries = self.map.len() as u64;
        TtStats { entries, bytes: entries * 48, ..self.stats }
    }
}
