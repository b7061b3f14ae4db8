//! `PartitionTable`: the search's real table, with winning-rank entries.
//!
//! Layout: positions are grouped by *shape*, the leader and the 16 suit
//! lengths; a group holds a list of entries, the most generic first (fewest
//! relevant cards; among equals, newest first), and a probe returns the
//! first entry that decides: the most generic one, whose small rank set
//! makes the entries stored above it more generic too (bridge-solver's
//! order). An entry (16 bytes) stores the owners of the relevant top cards
//! of each suit and how many cards are relevant per suit (the four suits'
//! codes side by side in two `u64`s, the masks from a table of
//! `dds-tables`, so a match is two masked compares); it matches every
//! position of its shape whose relevant cards have the same owners. Bounds
//! are tricks for North-South. Small entries matter: the table holds as
//! many results as fit in its memory budget, and a deep search fills it.
//!
//! Memory: the groups live in one open-addressing slot array and their lists
//! in one arena (see [`PartitionTable`]): a probe reads one slot and one
//! contiguous list, with no allocation per group.
//!
//! Replacement policy: entries are never evicted one by one; when the arrays
//! would grow beyond the budget, the table is cleared before the store.

use dds_model::Card;
use dds_tables::{owner_mask, owner_mask_pair, OWNER_CODE_BITS, OWNER_CODE_CARDS};

use crate::{Bound, Hit, Key, Relevant, TransTable, TtStats};

/// One stored result (16 bytes: four entries per cache line).
///
/// A suit's owner code keeps its 12 highest cards (24 bits,
/// [`OWNER_CODE_BITS`]): the owner of a 13th card follows from the suit
/// lengths, which every entry of a group shares, and the owners of the 12
/// others.
#[derive(Copy, Clone, Debug)]
struct Entry {
    /// Word 0: the owner bits of the relevant cards of suits 0 and 1 (bits
    /// 0..24 and 24..48, other code bits clear), the lower bound (bits
    /// 48..52), the upper bound (bits 52..56) and the best card's bit plus
    /// one, 0 for none (bits 56..64). Word 1: the relevant cards of suits 2
    /// and 3 likewise (bits 0..48), then the number of relevant cards of
    /// each suit (a nibble per suit, bits 48..64).
    words: [u64; 2],
}

const _: () = assert!(core::mem::size_of::<Entry>() == 16);

/// The owner code bits of a word (two suits' codes).
const CODE_BITS: u64 = (1 << (2 * OWNER_CODE_BITS)) - 1;
const LOWER_SHIFT: u32 = 48;
const UPPER_SHIFT: u32 = 52;
const BEST_SHIFT: u32 = 56;
const COUNTS_SHIFT: u32 = 48;

// The fields of each word fit beside the two codes.
const _: () = assert!(2 * OWNER_CODE_BITS <= LOWER_SHIFT && 2 * OWNER_CODE_BITS <= COUNTS_SHIFT);

/// Packs four suit codes (the 12 highest cards of each) into two words.
#[inline]
fn pack(codes: &[u32; 4]) -> [u64; 2] {
    let code = |s: usize| u64::from(codes[s] & owner_mask(OWNER_CODE_CARDS));
    [code(0) | code(1) << OWNER_CODE_BITS, code(2) | code(3) << OWNER_CODE_BITS]
}

impl Entry {
    /// An entry with no bounds yet (0 to 13 tricks) and no best card.
    fn new(owners: [u64; 2], counts: u64) -> Entry {
        Entry { words: [owners[0] | 13 << UPPER_SHIFT, owners[1] | counts << COUNTS_SHIFT] }
    }

    #[cfg_attr(all(target_arch = "x86_64", target_feature = "sse4.1"), allow(dead_code))]
    #[inline]
    fn matches(&self, owners: &[u64; 2]) -> bool {
        let masks = masks_of(self.counts());
        ((owners[0] ^ self.words[0]) & masks[0]) | ((owners[1] ^ self.words[1]) & masks[1]) == 0
    }

    /// Whether the bounds settle `target`.
    #[inline]
    fn decides(&self, target: u8) -> bool {
        self.lower() >= target || self.upper() < target
    }

    #[inline]
    fn lower(&self) -> u8 {
        (self.words[0] >> LOWER_SHIFT & 15) as u8
    }

    #[inline]
    fn upper(&self) -> u8 {
        (self.words[0] >> UPPER_SHIFT & 15) as u8
    }

    /// The relevant counts, a nibble per suit.
    #[inline]
    fn counts(&self) -> u64 {
        self.words[1] >> COUNTS_SHIFT
    }

    #[inline]
    fn size(&self) -> u8 {
        size_of_counts(self.counts())
    }

    fn best(&self) -> Option<Card> {
        let code = (self.words[0] >> BEST_SHIFT) as u32;
        code.checked_sub(1).and_then(Card::from_bit)
    }

    /// Whether this entry stores exactly the cards `owners` with `counts`.
    #[inline]
    fn same(&self, owners: &[u64; 2], counts: u64) -> bool {
        self.counts() == counts && self.words[0] & CODE_BITS == owners[0] && self.words[1] & CODE_BITS == owners[1]
    }

    fn set_lower(&mut self, n: u8) {
        self.words[0] = self.words[0] & !(15 << LOWER_SHIFT) | u64::from(n) << LOWER_SHIFT;
    }

    fn set_upper(&mut self, n: u8) {
        self.words[0] = self.words[0] & !(15 << UPPER_SHIFT) | u64::from(n) << UPPER_SHIFT;
    }

    fn set_best(&mut self, card: Card) {
        self.words[0] = self.words[0] & !(0xff << BEST_SHIFT) | u64::from(card.bit() + 1) << BEST_SHIFT;
    }

    /// The relevant top cards per suit.
    #[inline]
    fn relevant(&self) -> Relevant {
        let counts = self.counts();
        core::array::from_fn(|s| (counts >> (4 * s) & 15) as u8)
    }
}

/// The owner bits that must match for the relevant `counts` (a nibble per
/// suit), one mask per word.
#[inline]
fn masks_of(counts: u64) -> [u64; 2] {
    [owner_mask_pair(counts as u8), owner_mask_pair((counts >> 8) as u8)]
}

/// The sum of the four nibbles of `counts` (each at most 13).
#[inline]
fn size_of_counts(counts: u64) -> u8 {
    let pairs = (counts & 0x0f0f) + (counts >> 4 & 0x0f0f);
    ((pairs & 0xff) + (pairs >> 8 & 0xff)) as u8
}

/// The index of the first entry of `list` that matches `owners` and decides
/// `target`, one word at a time: the form for targets without SSE4.1, and
/// the reference the SSE4.1 form is tested against.
#[cfg_attr(all(target_arch = "x86_64", target_feature = "sse4.1"), allow(dead_code))]
#[inline]
fn find_deciding_by_words(list: &[Entry], owners: &[u64; 2], target: u8) -> Option<usize> {
    list.iter().position(|e| e.matches(owners) && e.decides(target))
}

/// The index of the first entry of `list` that matches `owners` and decides
/// `target`.
#[cfg(not(all(target_arch = "x86_64", target_feature = "sse4.1")))]
#[inline]
fn find_deciding(list: &[Entry], owners: &[u64; 2], target: u8) -> Option<usize> {
    find_deciding_by_words(list, owners, target)
}

/// The index of the first entry of `list` that matches `owners` and decides
/// `target`: [`Entry::matches`] on both words at once with SSE4.1 (part of
/// x86-64-v2, the workspace's target), 13 instructions an entry instead of
/// 18.
#[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
#[inline]
fn find_deciding(list: &[Entry], owners: &[u64; 2], target: u8) -> Option<usize> {
    use core::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_set_epi64x, _mm_testz_si128, _mm_xor_si128};
    // SAFETY: the build enables SSE4.1 (the `cfg` above), which the
    // intrinsics need; every read lies within one `Entry` (two `u64`s, 16
    // bytes, asserted at compile time): the bytes at offsets 14 and 15, and
    // the unaligned 16-byte load of its words.
    unsafe {
        let key = _mm_set_epi64x(owners[1] as i64, owners[0] as i64);
        list.iter().position(|e| {
            // The relevant counts are the entry's last two bytes (x86-64 is
            // little-endian): suits 0 and 1, then suits 2 and 3. Read as
            // bytes rather than shifted out of the word: two loads instead of
            // five instructions an entry.
            let bytes = (e as *const Entry).cast::<u8>();
            let (low, high) = (*bytes.add(14), *bytes.add(15));
            debug_assert_eq!(u64::from(low) | u64::from(high) << 8, e.counts());
            let (low, high) = (owner_mask_pair(low), owner_mask_pair(high));
            let mask = _mm_set_epi64x(high as i64, low as i64);
            let words = _mm_loadu_si128(e.words.as_ptr().cast::<__m128i>());
            _mm_testz_si128(_mm_xor_si128(words, key), mask) != 0 && e.decides(target)
        })
    }
}

/// A group's place in the slot array: its shape, and where its list lies
/// in the arena (16 bytes).
#[derive(Copy, Clone, Debug)]
struct Slot {
    lengths: u64,
    /// The first entry of the list in the arena.
    start: u32,
    /// Entries in the list.
    len: u16,
    /// Room for `1 << room` entries at `start`.
    room: u8,
    /// The seat on lead, or [`EMPTY`].
    leader: u8,
}

const _: () = assert!(core::mem::size_of::<Slot>() == 16);

/// The leader byte of an unused slot.
const EMPTY: u8 = 0xff;

const FREE: Slot = Slot { lengths: 0, start: 0, len: 0, room: 0, leader: EMPTY };

/// Slots of a new or cleared table (a power of two: 16 KiB).
const INITIAL_SLOTS: usize = 1 << 10;

/// The hash shift of [`INITIAL_SLOTS`] ([`PartitionTable::home`]).
const INITIAL_SHIFT: u32 = 64 - INITIAL_SLOTS.trailing_zeros();

/// Room of a new list: `1 << FIRST_ROOM` entries.
const FIRST_ROOM: u8 = 2;

/// The transposition table of the search (see the module documentation).
///
/// Memory: an open-addressing array of slots, one per group (linear
/// probing, grown at half full: fewer collisions to step over), and one
/// arena holding every group's list contiguously. A list that outgrows its room moves to the end
/// of the arena with twice the room; the room it leaves is not reused until
/// the table is cleared. The budget counts both arrays' capacities.
#[derive(Clone, Debug)]
pub struct PartitionTable {
    slots: Vec<Slot>,
    /// 64 less the base-2 logarithm of the slot array's length: the shift
    /// that keeps a hash's top bits as an index into it. Kept rather than
    /// worked out from the length at every probe, store and prefetch
    /// (x86-64-v2 has no `lzcnt`: 0.3% more instructions).
    shift: u32,
    /// Slots in use.
    groups: usize,
    arena: Vec<Entry>,
    entries: usize,
    budget: usize,
    stats: TtStats,
}

impl PartitionTable {
    /// The default memory budget: 64 MiB.
    pub const DEFAULT_BYTES: usize = 64 << 20;

    /// A table that uses at most about `bytes` of memory (at least 64 KiB):
    /// it is cleared when its arrays would grow beyond that.
    pub fn with_memory(bytes: usize) -> PartitionTable {
        PartitionTable {
            slots: vec![FREE; INITIAL_SLOTS],
            shift: INITIAL_SHIFT,
            groups: 0,
            arena: Vec::new(),
            entries: 0,
            budget: bytes.max(64 << 10),
            stats: TtStats::default(),
        }
    }

    /// The bytes held by the two arrays.
    fn bytes(&self) -> usize {
        self.slots.len() * size_of::<Slot>() + self.arena.capacity() * size_of::<Entry>()
    }

    /// The group's home slot: where linear probing starts looking for it.
    /// The slot array's length is a power of two, `1 << (64 - shift)` (it
    /// starts at `INITIAL_SLOTS`, is reset to it and only doubles, the
    /// shift with it), so the hash's top bits index it.
    #[inline]
    fn home(&self, leader: u8, lengths: u64) -> usize {
        debug_assert_eq!(self.slots.len() as u64, 1 << (64 - self.shift));
        (slot_hash(leader, lengths) >> self.shift) as usize
    }

    /// The slot of `key`'s group, or the free slot where it would go.
    #[inline(always)]
    fn find(&self, leader: u8, lengths: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(leader, lengths);
        loop {
            let slot = &self.slots[i];
            if slot.leader == EMPTY || (slot.lengths == lengths && slot.leader == leader) {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the slot array and places every group again.
    fn grow_slots(&mut self) {
        let doubled = vec![FREE; 2 * self.slots.len()];
        let old = core::mem::replace(&mut self.slots, doubled);
        self.shift -= 1;
        for slot in old.into_iter().filter(|s| s.leader != EMPTY) {
            let i = self.find(slot.leader, slot.lengths);
            self.slots[i] = slot;
        }
    }

    /// Makes room in the arena for `n` more entries at its end, within the
    /// budget; false if that would exceed it.
    fn reserve(&mut self, n: usize) -> bool {
        let capacity = self.arena.capacity();
        if self.arena.len() + n <= capacity {
            return true;
        }
        let more = (capacity / 2).max(n).max(256);
        if self.bytes() + more * size_of::<Entry>() > self.budget {
            return false;
        }
        self.arena.reserve_exact(more);
        true
    }

    /// Clears the table and stores again: a store that found the arrays
    /// full. An empty table always has room for one new group (the budget
    /// is at least 64 KiB), so this recurses once at most.
    fn store_after_clear(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>) {
        self.clear();
        self.store(key, relevant, bound, best);
    }
}

/// The slot hash of a group, whose top bits index the slot array
/// (Fibonacci hashing: every bit of the product's top depends on every bit
/// of its factor). The leader goes into the lengths' top nibble, West's
/// clubs, which the other lengths decide (every seat holds as many cards),
/// so no two groups of one depth share a factor.
#[inline]
fn slot_hash(leader: u8, lengths: u64) -> u64 {
    (lengths ^ u64::from(leader) << 60).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

impl Default for PartitionTable {
    fn default() -> PartitionTable {
        PartitionTable::with_memory(PartitionTable::DEFAULT_BYTES)
    }
}

impl TransTable for PartitionTable {
    #[inline(always)]
    fn probe(&mut self, key: &Key, target: u8) -> Option<Hit> {
        self.stats.probes += 1;
        let slot = self.slots[self.find(key.leader as u8, key.lengths)];
        if slot.leader == EMPTY {
            return None;
        }
        let start = slot.start as usize;
        let list = &self.arena[start..start + usize::from(slot.len)];
        let owners = pack(&key.owners);
        // The owners first: most entries of a group do not match (about 1 in
        // 30), while most decide; so the bounds are read for few entries and
        // the branch is nearly always the same.
        let entry = &list[find_deciding(list, &owners, target)?];
        self.stats.hits += 1;
        Some(Hit { lower: entry.lower(), upper: entry.upper(), relevant: entry.relevant(), best: entry.best() })
    }

    #[inline(always)]
    fn store(&mut self, key: &Key, relevant: Relevant, bound: Bound, best: Option<Card>) {
        self.stats.stores += 1;
        let counts = relevant.iter().enumerate().fold(0u64, |c, (s, &k)| c | u64::from(k) << (4 * s));
        let masks = masks_of(counts);
        let codes = pack(&key.owners);
        let owners = [codes[0] & masks[0], codes[1] & masks[1]];
        let size = size_of_counts(counts);
        let leader = key.leader as u8;
        let mut at = self.find(leader, key.lengths);
        if self.slots[at].leader == EMPTY {
            if 2 * (self.groups + 1) > self.slots.len() {
                // Doubling the slots adds as many bytes as they hold.
                if self.bytes() + self.slots.len() * size_of::<Slot>() > self.budget {
                    return self.store_after_clear(key, relevant, bound, best);
                }
                self.grow_slots();
                at = self.find(leader, key.lengths);
            }
            if !self.reserve(1 << FIRST_ROOM) {
                return self.store_after_clear(key, relevant, bound, best);
            }
            let start = self.arena.len();
            self.arena.resize(start + (1 << FIRST_ROOM), EMPTY_ENTRY);
            self.slots[at] = Slot { lengths: key.lengths, start: start as u32, len: 0, room: FIRST_ROOM, leader };
            self.groups += 1;
        }
        let slot = self.slots[at];
        let (start, len) = (slot.start as usize, usize::from(slot.len));
        // Entries of one size are contiguous: the first of this size or
        // above, then the same entry among those of this size.
        let list = &mut self.arena[start..start + len];
        let first = list.partition_point(|e| e.size() < size);
        let same = list[first..].iter().take_while(|e| e.size() == size).position(|e| e.same(&owners, counts));
        let index = match same {
            Some(i) => start + first + i,
            None => {
                let mut slot = slot;
                if len == 1 << slot.room {
                    // Move the list to the end of the arena, with twice the room.
                    let room = 2 << slot.room;
                    if !self.reserve(room) {
                        return self.store_after_clear(key, relevant, bound, best);
                    }
                    let end = self.arena.len();
                    self.arena.extend_from_within(start..start + len);
                    self.arena.resize(end + room, EMPTY_ENTRY);
                    slot.start = end as u32;
                    slot.room += 1;
                }
                let start = slot.start as usize;
                self.arena.copy_within(start + first..start + len, start + first + 1);
                self.arena[start + first] = Entry::new(owners, counts);
                slot.len += 1;
                self.slots[at] = slot;
                self.entries += 1;
                start + first
            }
        };
        let entry = &mut self.arena[index];
        match bound {
            Bound::Lower(n) => entry.set_lower(entry.lower().max(n)),
            Bound::Upper(n) => entry.set_upper(entry.upper().min(n)),
        }
        if let Some(card) = best {
            entry.set_best(card);
        }
    }

    /// Prefetches the group's home slot (where it usually lies: linear
    /// probing at most half full), so that the probe after the trick
    /// finds it in the cache.
    #[inline]
    fn prefetch(&self, leader: u8, lengths: u64) {
        #[cfg(all(target_arch = "x86_64", not(miri)))]
        {
            let i = self.home(leader, lengths);
            // SAFETY: `home` is below the slot array's length, so the
            // address lies within the array; a prefetch reads nothing the
            // program sees.
            unsafe {
                use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
                _mm_prefetch::<_MM_HINT_T0>(self.slots.as_ptr().add(i).cast::<i8>());
            }
        }
        #[cfg(any(not(target_arch = "x86_64"), miri))]
        let _ = (leader, lengths);
    }

    fn clear(&mut self) {
        if self.slots.len() == INITIAL_SLOTS {
            self.slots.fill(FREE);
        } else {
            self.slots = vec![FREE; INITIAL_SLOTS];
            self.shift = INITIAL_SHIFT;
        }
        self.groups = 0;
        self.arena.clear();
        self.entries = 0;
    }

    fn stats(&self) -> TtStats {
        TtStats { entries: self.entries as u64, bytes: self.bytes() as u64, ..self.stats }
    }
}

/// The filler of a list's unused room.
const EMPTY_ENTRY: Entry = Entry { words: [0; 2] };

#[cfg(test)]
mod tests {
    use super::*;
    use dds_model::{Seat, SplitMix64};

    /// A seeded generator of random words, for reproducible random inputs.
    fn words(seed: u64) -> impl FnMut() -> u64 {
        let mut rng = SplitMix64::new(seed);
        move || rng.next_u64()
    }

    fn key(i: u64) -> Key {
        Key { leader: Seat::North, lengths: i % 97, owners: [i as u32 & 0xffff, (i >> 16) as u32 & 0xffff, 0, 0] }
    }

    /// Every stored bound is found again after the slot array has grown
    /// several times and lists have moved in the arena, and only positions
    /// that agree on the relevant cards match.
    #[test]
    #[cfg_attr(miri, ignore = "30,000 bounds; Miri runs entries_survive_growth_and_moves_small")]
    fn entries_survive_growth_and_moves() {
        check_growth_and_moves(30_000);
    }

    /// [`entries_survive_growth_and_moves`] on 3,000 bounds (the slots grow
    /// twice, some lists move): the size Miri runs.
    #[test]
    fn entries_survive_growth_and_moves_small() {
        check_growth_and_moves(3_000);
    }

    /// Stores `count` random bounds, then finds each again.
    fn check_growth_and_moves(count: usize) {
        let mut table = PartitionTable::default();
        let mut next = words(0x2545_f491_4f6c_dd1d);
        let mut stored = Vec::new();
        for _ in 0..count {
            let r = next();
            let key = Key {
                leader: Seat::ALL[(r & 3) as usize],
                lengths: (r >> 2) % 700,
                owners: [(r >> 20) as u32 & 0xff, (r >> 28) as u32 & 0xff, (r >> 36) as u32 & 0xff, 0],
            };
            let relevant = [((r >> 44) % 5) as u8, ((r >> 47) % 5) as u8, 4, 0];
            let target = 1 + ((r >> 50) % 13) as u8;
            table.store(&key, relevant, Bound::Lower(target), None);
            stored.push((key, target));
        }
        assert!(table.slots.len() > INITIAL_SLOTS);
        for (key, target) in &stored {
            let hit = table.probe(key, *target).expect("stored");
            assert!(hit.lower >= *target);
        }
        // A position differing in a relevant card's owner does not match
        // an entry that needs it.
        let mut table = PartitionTable::default();
        let key = Key { leader: Seat::West, lengths: 7, owners: [0b10_01, 0, 0, 0] };
        table.store(&key, [2, 0, 0, 0], Bound::Upper(3), None);
        assert!(table.probe(&key, 4).is_some());
        assert!(table.probe(&Key { owners: [0b11_01, 0, 0, 0], ..key }, 4).is_none());
        assert!(table.probe(&Key { owners: [0b10_01 | 0b11 << 4, 0, 0, 0], ..key }, 4).is_some());
        assert!(table.probe(&Key { leader: Seat::North, ..key }, 4).is_none());
    }

    /// A suit whose 13 cards are all relevant is matched on its 12
    /// highest (the lengths fix the owner of the last), and reports all 13.
    #[test]
    fn a_full_suit_matches_on_its_twelve_highest_cards() {
        let mut table = PartitionTable::default();
        // North holds 4 spades, East 3, South 3, West 3.
        let lengths = 0x3334;
        let owners = 0b11_10_01_00_11_10_01_00_11_10_01_00_00;
        let key = Key { leader: Seat::South, lengths, owners: [owners, 0, 0, 0] };
        table.store(&key, [13, 0, 0, 0], Bound::Lower(9), None);
        let hit = table.probe(&key, 9).expect("stored");
        assert_eq!((hit.lower, hit.relevant), (9, [13, 0, 0, 0]));
        // Another owner among the top 12 cards does not match.
        let other = Key { owners: [owners ^ 0b11 << 22, 0, 0, 0], ..key };
        assert!(table.probe(&other, 9).is_none());
    }

    /// The SSE4.1 scan finds the same entry as the scan one word at a time,
    /// on random lists (owner bits, bounds, best cards and counts all
    /// random) and random positions, many of them close to an entry.
    /// (Without SSE4.1 the two scans are one function.)
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    #[test]
    #[cfg_attr(miri, ignore = "20,000 lists; Miri runs the_scan_finds_the_first_deciding_entry_small")]
    fn the_scan_finds_the_first_deciding_entry() {
        check_scan(20_000);
    }

    /// [`the_scan_finds_the_first_deciding_entry`] on 400 lists: the size
    /// Miri runs (the SSE4.1 scan is `unsafe`).
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    #[test]
    fn the_scan_finds_the_first_deciding_entry_small() {
        check_scan(400);
    }

    /// Compares the two scans on `lists` random lists.
    #[cfg(all(target_arch = "x86_64", target_feature = "sse4.1"))]
    fn check_scan(lists: usize) {
        let mut next = words(0x9e37_79b9_7f4a_7c15);
        for _ in 0..lists {
            let n = (next() % 40) as usize;
            let list: Vec<Entry> = (0..n)
                .map(|_| {
                    let counts = (0..4).fold(0u64, |c, s| c | (next() % 14) << (4 * s));
                    let masks = masks_of(counts);
                    let (w0, w1) = (next(), next());
                    Entry { words: [w0 & masks[0] | w0 & !CODE_BITS, w1 & masks[1] | counts << COUNTS_SHIFT] }
                })
                .collect();
            // A position that agrees with a random entry on all but a few
            // owner bits (or a random one if the list is empty).
            let near = list.get((next() as usize) % n.max(1)).map_or([next(), next()], |e| e.words);
            let flips = [next() & next() & next(), next() & next() & next()];
            let owners = [(near[0] ^ flips[0]) & CODE_BITS, (near[1] ^ flips[1]) & CODE_BITS];
            let target = (next() % 14) as u8;
            assert_eq!(find_deciding(&list, &owners, target), find_deciding_by_words(&list, &owners, target));
        }
    }

    #[test]
    fn sizes_add_the_four_counts() {
        assert_eq!(size_of_counts(0xdddd), 52);
        assert_eq!(size_of_counts(0x1203), 6);
        assert_eq!(size_of_counts(0), 0);
    }

    /// The memory counted (lists with their spare room, and groups) stays
    /// within the budget: the table is cleared when it reaches it.
    #[test]
    #[cfg_attr(miri, ignore = "100,000 bounds; Miri runs memory_stays_within_the_smallest_budget")]
    fn memory_stays_within_the_budget() {
        check_budget(256 << 10, 100_000);
    }

    /// The same with the smallest budget (64 KiB), cleared after a few
    /// thousand bounds: the size Miri runs.
    #[test]
    fn memory_stays_within_the_smallest_budget() {
        check_budget(64 << 10, 8_000);
    }

    /// Stores `count` bounds in a table of `budget` bytes.
    fn check_budget(budget: usize, count: u64) {
        let mut table = PartitionTable::with_memory(budget);
        let mut cleared = false;
        for i in 0..count {
            let before = table.stats().entries;
            table.store(&key(i), [8, 8, 0, 0], Bound::Lower(3), None);
            cleared |= table.stats().entries < before;
            assert!(table.stats().bytes as usize <= budget);
        }
        assert!(cleared);
        // What was stored since the last clear is found again.
        table.store(&key(7), [8, 8, 0, 0], Bound::Lower(5), None);
        assert_eq!(table.probe(&key(7), 5).map(|h| h.lower), Some(5));
    }
}
