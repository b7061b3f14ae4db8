//! Benchmarks of the solver; see `benches/`.
