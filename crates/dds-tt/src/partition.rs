//! `PartitionTable`: the search's real table, with winning-rank entries.
//!
//! Layout: positions are grouped by *shape*, the leader and the 16 suit
//! lengths; a group holds a list of entries, newest last. An entry stores the
//! owners of the relevant top cards of each suit and a mask of their owner
//! bits (the four suits' 32-bit codes side by side in two `u64`s, so a match
//! is two masked compares); it matches every position of its shape whose
//! relevant cards have the same owners. Bounds are tricks for North-South.
//!
//! Replacement policy: entries are never evicted one by one; when the table
//! holds `capacity` entries, it is cleared before the next store.

use ahash::AHashMap;
use dds_model::{Card, Seat};

use crate::{owner_mask, Bound, Hit, Key, Relevant, TransTable, TtStats};

/// One stored result (40 bytes).
#[derive(Copy, Clone, Debug)]
struct Entry {
    /// Owner bits of the relevant cards (other bits clear): suits 0 and 1 in
    /// the first word, 2 and 3 in the second.
    owners: [u64; 2],
    /// The owner bits that must match.
    masks: [u64; 2],
    lower: u8,
    upper: u8,
    best: Option<Card>,
}

const _: () = assert!(core::mem::size_of::<Entry>() == 40);

/// Packs four suit codes into two words.
#[inline]
fn pack(codes: &[u32; 4]) -> [u64; 2] {
    [u64::from(codes[0]) | u64::from(codes[1]) << 32, u64::from(codes[2]) | u64::from(codes[3]) << 32]
}

impl Entry {
    #[inline]
    fn matches(&self, owners: &[u64; 2]) -> bool {
        ((owners[0] ^ self.owners[0]) & self.masks[0]) | ((owners[1] ^ self.owners[1]) & self.masks[1]) == 0
    }

    /// The relevant top cards per suit, from the masks.
    fn relevant(&self) -> Relevant {
        let codes =
            [self.masks[0] as u32, (self.masks[0] >> 32) as u32, self.masks[1] as u32, (self.masks[1] >> 32) as u32];
        codes.map(|m| (m.count_ones() / 2) as u8)
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
        let owners = pack(&key.owners);
        let entry = list.iter().rev().find(|e| (e.lower >= target || e.upper < target) && e.matches(&owners))?;
        self.stats.hits += 1;
        Some(Hit { lower: entry.lower, upper: entry.upper, relevant: entry.relevant(), best: entry.best })
    }

    fn store(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>) {
        self.stats.stores += 1;
        if self.entries >= self.capacity {
            self.clear();
        }
        let masks = pack(&relevant.map(owner_mask));
        let codes = pack(&key.owners);
        let owners = [codes[0] & masks[0], codes[1] & masks[1]];
        let list = self.groups.entry((key.leader, key.lengths)).or_default();
        let entry = match list.iter_mut().rev().find(|e| e.masks == masks && e.owners == owners) {
            Some(entry) => entry,
            None => {
                self.entries += 1;
                list.push(Entry { owners, masks, lower: 0, upper: 13, best: None });
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
        TtStats { entries: self.entries as u64, bytes: (self.entries * ENTRY_BYTES) as u64, ..self.stats }
    }
}
