//! `PartitionTable`: the search's real table, with winning-rank entries.
//!
//! Layout: positions are grouped by *shape*, the leader and the 16 suit
//! lengths; a group holds a list of entries. An entry stores, per suit, how
//! many top cards are relevant (`relevant[s]`) and the owners of those cards;
//! it matches every position of its shape whose top `relevant[s]` cards of
//! each suit have the same owners. Bounds are tricks for North-South.
//!
//! Replacement policy: entries are never evicted one by one; when the table
//! holds `capacity` entries, it is cleared before the next store.

use ahash::AHashMap;
use dds_model::{Card, Seat};

use crate::{owner_mask, Bound, Hit, Key, Relevant, TransTable, TtStats};

/// One stored result.
#[derive(Copy, Clone, Debug)]
struct Entry {
    /// Owner bits of the relevant cards (other bits clear).
    owners: [u32; 4],
    /// Relevant top cards per suit.
    relevant: Relevant,
    lower: u8,
    upper: u8,
    best: Option<Card>,
}

impl Entry {
    #[inline]
    fn matches(&self, owners: &[u32; 4]) -> bool {
        (0..4).all(|s| (owners[s] ^ self.owners[s]) & owner_mask(self.relevant[s]) == 0)
    }
}

/// The bytes one entry costs, list overhead included (an estimate).
const ENTRY_BYTES: usize = core::mem::size_of::<Entry>() + 8;

/// The transposition table of the search (see the module documentation).
#[derive(Clone, Debug)]
pub struct PartitionTable {
    groups: AHashMap<(Seat, u64), Vec<Entry>>,
    entries: usize,
    capacity: usize,
    stats: TtStats,
}

impl PartitionTable {
    /// The default memory budget: 64 MiB.
    pub const DEFAULT_BYTES: usize = 64 << 20;

    /// A table that uses at most about `bytes` of memory for its entries.
    pub fn with_memory(bytes: usize) -> PartitionTable {
        PartitionTable {
            groups: AHashMap::new(),
            entries: 0,
            capacity: (bytes / ENTRY_BYTES).max(1024),
            stats: TtStats::default(),
        }
    }
}

impl Default for PartitionTable {
    fn default() -> PartitionTable {
        PartitionTable::with_memory(PartitionTable::DEFAULT_BYTES)
    }
}

impl TransTable for PartitionTable {
    fn probe(&mut self, key: &Key, target: u8) -> Option<Hit> {
        self.stats.probes += 1;
        let list = self.groups.get(&(key.leader, key.lengths))?;
        let entry = list.iter().find(|e| (e.lower >= target || e.upper < target) && e.matches(&key.owners))?;
        self.stats.hits += 1;
        Some(Hit { lower: entry.lower, upper: entry.upper, relevant: entry.relevant, best: entry.best })
    }

    fn store(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>) {
        self.stats.stores += 1;
        if self.entries >= self.capacity {
            self.clear();
        }
        let owners: [u32; 4] = core::array::from_fn(|s| key.owners[s] & owner_mask(relevant[s]));
        let list = self.groups.entry((key.leader, key.lengths)).or_default();
        let entry = match list.iter_mut().find(|e| e.relevant == relevant && e.owners == owners) {
            Some(entry) => entry,
            None => {
                self.entries += 1;
                list.push(Entry { owners, relevant, lower: 0, upper: 13, best: None });
                list.last_mut().expect("just pushed")
            }
        };
        match bound {
            Bound::Lower(n) => entry.lower = entry.lower.max(n),
            Bound::Upper(n) => entry.upper = entry.upper.min(n),
        }
        if best.is_some() {
            entry.best = best;
        }
    }

    fn clear(&mut self) {
        self.groups.clear();
        self.entries = 0;
    }

    fn stats(&self) -> TtStats {
        TtStats {
            entries: self.entries as u64,
            bytes: (self.entries * ENTRY_BYTES) as u64,
            ..self.stats
        }
    }
}
