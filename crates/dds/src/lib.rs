//! A fast, exact double dummy solver for contract bridge.
//!
//! This is the facade crate. It re-exports the bridge vocabulary as
//! [`model`] and offers solving a position ([`Solver::solve_board`], DDS's
//! `SolveBoard`), the double dummy table of a deal ([`Solver::dd_table`]),
//! par ([`DdTable::par`], [`DdTable::dealer_par`]), play analysis
//! ([`Solver::analyse_play`]), contract results
//! ([`Solver::contract_result`]) and parallel batches ([`dd_tables`],
//! [`dd_tables_with`], [`solve_boards`], [`analyse_plays`]).
//! The transposition table can be swapped for another ([`tt`], below).
//! `docs/api.md` in the repository is a tour of the API, with a table from
//! each function of DDS 2.9's C interface to its counterpart here.
//!
//! # Where the names live
//!
//! The crate root holds what most programs need: the bridge vocabulary
//! ([`Card`], [`Deal`], [`Seat`], [`Strain`], [`Vulnerability`]; the rest
//! in [`model`]), a position to solve ([`Board`], [`Target`]), the solver
//! and its answers ([`Solver`], [`Solution`], [`Solutions`], [`DdTable`],
//! [`ContractResult`], [`PlayAnalysis`]), the batches and their settings
//! ([`dd_tables`], [`solve_boards`], [`analyse_plays`], [`Parallel`],
//! [`StopFlag`]) and the one error type ([`Error`]); each batch's `_in`
//! variant stays beside its batch, where a reader of the batch finds it.
//! Each area that a program uses only when it needs that area has a public
//! module of its own, so that the root stays short and a name says where
//! it belongs:
//!
//! * [`par`]: the par types ([`par::Par`], [`par::ParContract`],
//!   [`par::ParDeclarer`], [`par::SidesPar`]); par itself is computed by
//!   [`DdTable::par`] and [`DdTable::dealer_par`], from a table at hand;
//! * [`layouts`]: every layout of the unknown cards solved
//!   ([`layouts::Layouts`], [`layouts::solve_layouts`] and its options,
//!   results and summary);
//! * [`tt`]: the transposition table, for a program that brings its own;
//! * [`pbn`]: the double dummy results written into a PBN game;
//! * [`report`]: the printable hand record (an HTML page);
//! * [`compat`]: DDS 2.9's numeric codes and conventions, for the
//!   front-ends that speak them.
//!
//! **Dependencies:** every other crate of the workspace. Only this crate
//! uses threads (`rayon`) and locks (`parking_lot`).
//!
//! ```
//! use dds::{Solver, Strain};
//! use dds::model::{Deal, Seat};
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let table = Solver::new().dd_table(&deal)?;
//! assert_eq!(table.tricks(Strain::Spades, Seat::West), 8);
//! # Ok::<_, dds::Error>(())
//! ```
//!
//! # Another transposition table
//!
//! [`Solver`] is generic over its transposition table, `Solver<T:
//! TransTable = PartitionTable>`: [`Solver::new`] and every batch use the
//! default table, [`Solver::with_table`] takes any other, and each batch has
//! an `_in` variant that names the table type of its worker threads'
//! solvers ([`dd_tables_in`], [`dd_tables_with_in`], [`solve_boards_in`],
//! [`analyse_plays_in`], [`layouts::solve_layouts_in`]), built from
//! [`Parallel::memory_per_thread`] with [`tt::WithMemory`]. [`tt`] holds the
//! trait, the types of its signatures and the tables of this workspace.
//!
//! A table must be *sound*: a probe may only return bounds that a store
//! established for a position matching the probed key on the relevant
//! cards. This one keeps one exact position per slot of a fixed array, the
//! last stored replacing the old: a hit reports every card as relevant, so
//! it never generalises (fewer hits than the default table's, the same
//! answers).
//!
//! ```
//! use std::collections::hash_map::DefaultHasher;
//! use std::hash::{Hash, Hasher};
//!
//! use dds::tt::{Bound, Hit, Key, Relevant, TransTable, TtStats, WithMemory};
//! use dds::{dd_tables, dd_tables_in, Card, Parallel, Solver, Strain};
//! use dds::model::{Deal, Seat};
//!
//! /// A slot: a position with its bounds (North-South's tricks from it on)
//! /// and the best card stored with them.
//! type Slot = Option<(Key, u8, u8, Option<Card>)>;
//!
//! /// A direct-mapped table of exact positions.
//! #[derive(Clone, Debug)]
//! struct DirectTable {
//!     slots: Vec<Slot>,
//!     stats: TtStats,
//! }
//!
//! impl DirectTable {
//!     fn index(&self, key: &Key) -> usize {
//!         let mut hasher = DefaultHasher::new();
//!         key.hash(&mut hasher);
//!         hasher.finish() as usize % self.slots.len()
//!     }
//! }
//!
//! impl WithMemory for DirectTable {
//!     /// As many slots as fit in `bytes`.
//!     fn with_memory(bytes: usize) -> DirectTable {
//!         let slots = (bytes / std::mem::size_of::<Slot>()).max(1);
//!         DirectTable { slots: vec![None; slots], stats: TtStats::default() }
//!     }
//! }
//!
//! impl TransTable for DirectTable {
//!     fn probe(&mut self, key: &Key, target: u8) -> Option<Hit> {
//!         self.stats.probes += 1;
//!         let (stored, lower, upper, best) = self.slots[self.index(key)]?;
//!         // Only the same position, and only bounds that decide the target.
//!         if stored != *key || (lower < target && upper >= target) {
//!             return None;
//!         }
//!         self.stats.hits += 1;
//!         // Every card still held is relevant: an exact match.
//!         let relevant = [0, 1, 2, 3].map(|suit| key.suit_len(suit));
//!         Some(Hit { lower, upper, relevant, best })
//!     }
//!
//!     fn store(&mut self, key: &Key, _relevant: Relevant, bound: Bound, best: Option<Card>) {
//!         self.stats.stores += 1;
//!         let index = self.index(key);
//!         // Bounds of the same position add up; another position is replaced.
//!         let (mut lower, mut upper, old_best) = match self.slots[index] {
//!             Some((stored, lower, upper, best)) if stored == *key => (lower, upper, best),
//!             _ => (0, 13, None),
//!         };
//!         match bound {
//!             Bound::Lower(n) => lower = lower.max(n),
//!             Bound::Upper(n) => upper = upper.min(n),
//!         }
//!         self.slots[index] = Some((*key, lower, upper, best.or(old_best)));
//!     }
//!
//!     fn clear(&mut self) {
//!         self.slots.fill(None);
//!     }
//!
//!     fn stats(&self) -> TtStats {
//!         let entries = self.slots.iter().filter(|slot| slot.is_some()).count() as u64;
//!         let bytes = (self.slots.len() * std::mem::size_of::<Slot>()) as u64;
//!         TtStats { entries, bytes, ..self.stats }
//!     }
//! }
//!
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! // One solver with the table...
//! let mut solver = Solver::with_table(DirectTable::with_memory(1 << 20));
//! let table = solver.dd_table(&deal)?;
//! assert_eq!(table.tricks(Strain::Spades, Seat::West), 8);
//! assert_eq!(table, Solver::new().dd_table(&deal)?);
//! assert!(solver.table().stats().hits > 0);
//! // ...or a batch whose worker threads' solvers use it.
//! let settings = Parallel { memory_per_thread: 1 << 20, ..Parallel::with_threads(2) };
//! assert_eq!(dd_tables_in::<DirectTable>(&[deal], &settings), dd_tables(&[deal], &settings));
//! # Ok::<_, dds::Error>(())
//! ```
#![deny(missing_docs)]

mod batch;
mod board;
mod cards;
pub mod compat;
mod contract;
mod error;
pub mod layouts;
pub mod par;
pub mod pbn;
mod play;
pub mod report;
mod solution;
mod solver;
mod table;

pub use batch::{
    dd_tables, dd_tables_in, dd_tables_stoppable, dd_tables_with, dd_tables_with_in, solve_boards, solve_boards_in,
    Parallel, StopFlag, TableOptions, TableResult, MAX_THREADS,
};
pub use board::Board;
pub use contract::ContractResult;
pub use dds_model as model;
pub use dds_model::PositionError;
pub use dds_model::{Card, Deal, Seat, Strain, Vulnerability};
pub use error::{Error, PlayFault};
pub use play::{analyse_plays, analyse_plays_in, BestLine, LineCard, PlayAnalysis, PlayRequest};
pub use solution::{ScoredCard, Solution, Solutions, Target};
pub use solver::{full_deal, Solver};
pub use table::DdTable;

/// The transposition table, for a user who swaps in another one (see the
/// crate documentation): the trait [`TransTable`](tt::TransTable), the
/// types of its signatures, [`WithMemory`](tt::WithMemory) (how the batches
/// build a table per worker thread), the default [`PartitionTable`](tt::PartitionTable)
/// and the reference doubles [`MapTable`](tt::MapTable) (exact positions,
/// memory without bound) and [`NullTable`](tt::NullTable) (never hits).
///
/// Bounds are North-South's tricks from a position at a trick boundary on;
/// a [`Key`](tt::Key) describes the position in relative ranks (the owners
/// of each suit's remaining cards from the highest down), so that one
/// stored bound can answer for every position that agrees on the
/// [`Relevant`](tt::Relevant) top cards.
pub mod tt {
    pub use dds_tt::{Bound, Hit, Key, MapTable, NullTable, PartitionTable, Relevant, TransTable, TtStats, WithMemory};
}

/// The Rust examples of the workspace's README, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The examples of `docs/api.md`, the API tour, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/api.md")]
pub struct ApiTourExamples;
