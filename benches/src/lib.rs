//! Benchmarks of the solver: fixed workloads, timed side by side with DDS 2.9
//! when the `oracle` feature links Debian's `libdds-dev`.
//!
//! `cargo xtask bench` runs the `ddsbench` binary; `cargo bench -p dds-bench`
//! runs the criterion benchmarks of the same workloads at small sizes.

pub mod dll;
#[cfg(feature = "oracle")]
pub mod oracle;

pub mod workload;
