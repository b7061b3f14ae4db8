//! A fast, exact double dummy solver for contract bridge.
//!
//! This is the facade crate: it re-exports the bridge vocabulary as
//! [`model`] and will offer solving a board, double dummy tables, batches in
//! parallel, par and play analysis.
//!
//! **Dependencies:** every other crate of the workspace. Only this crate
//! uses threads (`rayon`) and locks (`parking_lot`).
//!
//! ```
//! use dds::model::Deal;
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! assert_eq!(deal.len(), 52);
//! # Ok::<_, dds::model::ParseDealError>(())
//! ```
#![deny(missing_docs)]

pub use dds_model as model;
