//! Internal to `dds`: do not use directly, the API may change at any time.
//!
//! The double dummy search engine: zero-window alpha-beta with quick tricks,
//! move ordering, partition search with winning ranks, and the
//! transposition table. On x86-64 the search's recursion is compiled twice,
//! for every processor and for x86-64-v3's features, and the processor
//! chooses at run time ([`Searcher::set_portable`]).
//!
//! **Dependencies:** `dds-model`, `dds-tables`, `dds-tt`. The search is
//! single-threaded, does no I/O, takes no locks and allocates nothing after
//! its searcher is built.
#![warn(missing_docs)]

mod moves;
mod order;
mod position;
mod quick;
mod search;

pub use dds_model::PositionError;
pub use order::RootMoves;
pub use position::Position;
pub use search::{Searcher, Tricks, STOP_INTERVAL};
