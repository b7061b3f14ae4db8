//! A fast, exact double dummy solver for contract bridge.
//!
//! This is the facade crate. It re-exports the bridge vocabulary as
//! [`model`] and offers solving a position ([`Solver::solve_board`], DDS's
//! `SolveBoard`), the double dummy table of a deal ([`Solver::dd_table`]),
//! par ([`DdTable::par`], [`DdTable::dealer_par`]), play analysis
//! ([`Solver::analyse_play`]), contract results
//! ([`Solver::contract_result`]) and parallel batches ([`dd_tables`],
//! [`dd_tables_with`], [`solve_boards`], [`analyse_plays`]).
//! `docs/api.md` in the repository is a tour of the API, with a table from
//! each function of DDS 2.9's C interface to its counterpart here.
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
#![deny(missing_docs)]

mod batch;
mod cards;
mod contract;
mod error;
mod layouts;
mod par;
mod play;
mod solver;

pub use batch::{
    dd_tables, dd_tables_with, solve_boards, Parallel, TableOptions, TableResult, KEPT_POOLS, MAX_THREADS,
};
pub use contract::ContractResult;
pub use dds_model as model;
pub use dds_model::PositionError;
pub use dds_model::{Card, Deal, Seat, Strain, Vulnerability};
pub use error::{Error, PlayFault};
pub use layouts::{solve_layouts, LayoutFigures, LayoutOptions, LayoutResult, LayoutSummary, LayoutTask, Layouts};
pub use par::{Par, ParContract, ParDeclarer, SidesPar};
pub use play::{analyse_plays, BestLine, LineCard, PlayAnalysis, PlayRequest};
pub use solver::{full_deal, Board, DdTable, ScoredCard, Solution, Solutions, Solver, Target};

/// The Rust examples of the workspace's README, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeExamples;

/// The examples of `docs/api.md`, the API tour, compiled and run as tests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/api.md")]
pub struct ApiTourExamples;
