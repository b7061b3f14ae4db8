//! Internal to `dds`: do not use directly, the API may change at any time.
//!
//! The transposition table of the double dummy search, behind a small trait
//! so that another implementation can be swapped in: the fast table, an
//! exact-position reference table, and a table that never hits.
//!
//! **Dependencies:** `dds-model` and `dds-tables`. The table knows positions
//! only through its key type and does no I/O.
#![deny(missing_docs)]
