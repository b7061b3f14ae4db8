//! The `dds` command: double dummy analysis of bridge deals.
fn main() {}
