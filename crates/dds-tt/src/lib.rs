//! Internal to `dds`: do not depend on this crate directly, the API may
//! change at any time. A user who swaps in a table of their own finds the
//! trait and the types of its signatures re-exported as `dds::tt`.
//!
//! The transposition table of the double dummy search, behind a small trait
//! ([`TransTable`]) so that another implementation can be swapped in (with
//! [`WithMemory`], how the facade's batches build one per worker thread):
//!
//! * [`PartitionTable`]: the real table. Positions are grouped by leader and
//!   suit lengths; each entry keeps only the owners of the top cards of each
//!   suit that decided the result (the *winning ranks* of the DDS papers), so
//!   one entry answers for every position that agrees on those cards.
//! * [`MapTable`]: an exact-position map, obviously correct, for tests.
//! * [`NullTable`]: never hits, for tests.
//!
//! Positions are stored only at trick boundaries and are described by a
//! [`Key`] in *relative ranks*: for each suit, the owners of the remaining
//! cards from the highest down. Bounds are tricks for North-South from the
//! position on.
//!
//! **Dependencies:** `dds-model`, `dds-tables` (the owner-code masks) and
//! `ahash` (for [`MapTable`]). The table knows positions only through its
//! key type and does no I/O.
#![deny(missing_docs)]

mod map;
mod null;
mod partition;

pub use map::MapTable;
pub use null::NullTable;
pub use partition::PartitionTable;

use dds_model::{Card, Seat};

/// A position at a trick boundary, in relative ranks.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Key {
    /// The seat on lead.
    pub leader: Seat,
    /// The suit lengths: bits `4 * (4 * suit + seat)` hold the number of
    /// cards `seat` has in `suit`.
    pub lengths: u64,
    /// Per suit, the owners of the remaining cards from the highest down: the
    /// seat index of the `i`-th highest card is in bits `2i .. 2i + 2`.
    pub owners: [u32; 4],
}

impl Key {
    /// The number of cards left in `suit` (index 0..4).
    #[inline]
    pub fn suit_len(&self, suit: usize) -> u8 {
        let lane = (self.lengths >> (16 * suit)) as u16;
        ((lane & 15) + (lane >> 4 & 15) + (lane >> 8 & 15) + (lane >> 12)) as u8
    }
}

/// For each suit, how many of the highest remaining cards decide a result
/// (their owners must match for a stored result to apply).
pub type Relevant = [u8; 4];

/// What the table knows about a position: bounds on the tricks North-South
/// take from it on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Hit {
    /// North-South take at least this many tricks.
    pub lower: u8,
    /// North-South take at most this many tricks.
    pub upper: u8,
    /// The top cards per suit that the bounds depend on.
    pub relevant: Relevant,
    /// A card that was best in a matching position, if known. It may not be
    /// legal, or even held, in the probed position: check before use.
    pub best: Option<Card>,
}

/// A bound found by a search, to be stored.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Bound {
    /// North-South take at least this many tricks.
    Lower(u8),
    /// North-South take at most this many tricks.
    Upper(u8),
}

/// Counters of a table's use.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct TtStats {
    /// Probes made.
    pub probes: u64,
    /// Probes that decided the target.
    pub hits: u64,
    /// Stores made.
    pub stores: u64,
    /// Entries currently held.
    pub entries: u64,
    /// Bytes of memory the entries occupy (an estimate).
    pub bytes: u64,
}

/// A transposition table for the double dummy search.
///
/// Implementations must be *sound*: a probe may only return bounds that a
/// store established for a position matching the key on the relevant cards.
pub trait TransTable {
    /// Looks for stored bounds that decide whether North-South can take
    /// `target` tricks from `key` on: `lower >= target` or `upper < target`.
    fn probe(&mut self, key: &Key, target: u8) -> Option<Hit>;

    /// Records `bound`, which holds for every position that matches `key` on
    /// the `relevant` top cards of each suit.
    fn store(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>);

    /// Forgets everything.
    fn clear(&mut self);

    /// A hint that a key with this `leader` (a [`Seat`]'s index) and these
    /// `lengths` (as in [`Key`]) may soon be probed: an implementation may
    /// start loading the memory the probe would read. The search calls it
    /// before the fourth card of a trick when that card follows suit (a
    /// search that stops at the next trick start probes nothing). The
    /// default does nothing.
    #[inline]
    fn prefetch(&self, leader: u8, lengths: u64) {
        let _ = (leader, lengths);
    }

    /// Usage counters.
    fn stats(&self) -> TtStats;
}

/// A table built from a memory budget: how the facade's batches make one
/// table per worker thread (from `dds::Parallel::memory_per_thread`), and
/// how a table of another type replaces the default one in them.
///
/// ```
/// use dds_tt::{MapTable, PartitionTable, TransTable, WithMemory};
/// fn fresh<T: TransTable + WithMemory>() -> T {
///     T::with_memory(1 << 20)
/// }
/// assert_eq!(fresh::<PartitionTable>().stats().entries, 0);
/// assert_eq!(fresh::<MapTable>().stats().entries, 0);
/// ```
pub trait WithMemory: Sized {
    /// An empty table that uses at most about `bytes` of memory. A table
    /// without a budget (one that grows without bound, or holds nothing)
    /// ignores it.
    fn with_memory(bytes: usize) -> Self;
}

impl WithMemory for PartitionTable {
    #[inline]
    fn with_memory(bytes: usize) -> PartitionTable {
        // The inherent constructor (inherent functions take precedence).
        PartitionTable::with_memory(bytes)
    }
}

impl WithMemory for MapTable {
    /// An empty map: it has no budget.
    fn with_memory(_bytes: usize) -> MapTable {
        MapTable::new()
    }
}

impl WithMemory for NullTable {
    /// The table holds nothing.
    fn with_memory(_bytes: usize) -> NullTable {
        NullTable::default()
    }
}

impl<T: TransTable + ?Sized> TransTable for &mut T {
    #[inline]
    fn probe(&mut self, key: &Key, target: u8) -> Option<Hit> {
        (**self).probe(key, target)
    }

    #[inline]
    fn store(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>) {
        (**self).store(key, relevant, bound, best)
    }

    #[inline]
    fn clear(&mut self) {
        (**self).clear()
    }

    #[inline]
    fn prefetch(&self, leader: u8, lengths: u64) {
        (**self).prefetch(leader, lengths)
    }

    #[inline]
    fn stats(&self) -> TtStats {
        (**self).stats()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::cell::Cell;

    /// A table that holds nothing and counts the prefetch hints it gets.
    #[derive(Default)]
    struct Hints(Cell<u32>);

    impl TransTable for Hints {
        fn probe(&mut self, _: &Key, _: u8) -> Option<Hit> {
            None
        }
        fn store(&mut self, _: &Key, _: Relevant, _: Bound, _: Option<Card>) {}
        fn clear(&mut self) {}
        fn stats(&self) -> TtStats {
            TtStats::default()
        }
        fn prefetch(&self, _: u8, _: u64) {
            self.0.set(self.0.get() + 1);
        }
    }

    /// A table lent as `&mut` passes the hint on to the table itself
    /// (`Solver::with_table(&mut table)` searches through such a borrow).
    #[test]
    fn a_borrowed_table_forwards_prefetch() {
        fn hint<T: TransTable>(table: &T) {
            table.prefetch(2, 0x1234);
        }
        let mut table = Hints::default();
        hint(&&mut table);
        hint(&table);
        assert_eq!(table.0.get(), 2);
    }
}
