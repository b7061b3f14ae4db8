//! Test support, not part of the library: readers for the DDS reference hand
//! files in the workspace's `fixtures/dds-hands/`, and a deterministic random
//! deal generator.
//!
//! Integration tests and benchmarks of the other crates depend on this crate
//! (as a dev-dependency); it is never published and its API may change with
//! them.
//!
//! * [`load_hand_file`] / [`parse_txt`] read the "txt" format of
//!   `list*.txt`, `largest.txt` and `thomas*.txt` into [`Record`]s: a deal,
//!   the opening leads' scores ([`Fut`]), the double dummy table
//!   ([`DdTableFixture`]), the par results ([`Par`], [`Par2`]) and a play
//!   sequence with its double dummy trace.
//! * [`load_gib_file`] / [`parse_gib`] read the GIB format of `sol10.txt`
//!   into [`GibRecord`]s (a deal and its table).
//! * [`DealRng`] deals seeded random deals and endings.
//! * [`minimax`], [`legal_cards`] and [`winning_index`]: the rules of play
//!   and a brute-force solver, for checking the search on small endings.
//!
//! `fixtures/dds-hands/PROVENANCE.md` documents both formats. Facts the
//! tests of this crate check on every record of the files (so other tests can
//! rely on them):
//!
//! * `TRACE[0]` (declarer's side's tricks before the lead) equals
//!   `TABLE[strain][declarer]` with `declarer = leader.prev()`, and the best
//!   `FUT` score is 13 minus that.
//! * The `FUT` entries with their `equals` cover the leader's hand exactly,
//!   each entry being a maximal run of touching cards listed by its highest
//!   card; scores are non-increasing.
//! * `PLAY` is a legal play sequence and `TRACE` has `min(n, 48) + 1` values.
//!
//! ```
//! use dds_fixtures::load_hand_file;
//! use dds_model::{Seat, Strain};
//! let records = load_hand_file("list1.txt")?;
//! let record = &records[0];
//! let table = record.table.expect("list1.txt has a TABLE line");
//! assert_eq!(table[Strain::Spades][Seat::West], 8);
//! assert_eq!(record.trace.as_ref().map(|t| t[0]), Some(8));
//! # Ok::<_, dds_fixtures::FixtureError>(())
//! ```

mod error;
mod gib;
mod reference;
mod rng;
mod tokens;
mod txt;

use std::path::{Path, PathBuf};

pub use error::{FixtureError, FixtureErrorKind, LineTag};
pub use gib::{parse_gib, GibRecord};
pub use reference::{legal_cards, minimax, winning_index};
pub use rng::DealRng;
pub use txt::{parse_txt, DdTableFixture, Fut, FutEntry, Par, Par2, Record};

/// The format of a file in `fixtures/dds-hands/`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum HandFileFormat {
    /// The "txt" format: `NUMBER n`, then `PBN` .. `TRACE` records. Read it
    /// with [`load_hand_file`].
    Txt,
    /// The GIB format: one deal and DD table per line. Read it with
    /// [`load_gib_file`].
    Gib,
}

/// A file of `fixtures/dds-hands/`, as `PROVENANCE.md` lists it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct HandFile {
    /// The file name inside `fixtures/dds-hands/`.
    pub name: &'static str,
    /// The format.
    pub format: HandFileFormat,
    /// The number of records (deals with their answers).
    pub records: usize,
}

impl HandFile {
    /// The file's path.
    ///
    /// ```
    /// assert!(dds_fixtures::HAND_FILES[0].path().is_file());
    /// ```
    pub fn path(&self) -> PathBuf {
        hands_dir().join(self.name)
    }
}

/// Every file of `fixtures/dds-hands/`, in the order of the table in
/// `PROVENANCE.md`, with its record count from there.
///
/// ```
/// use dds_fixtures::{HandFileFormat, HAND_FILES};
/// let txt: Vec<&str> = HAND_FILES.iter().filter(|f| f.format == HandFileFormat::Txt).map(|f| f.name).collect();
/// assert!(txt.contains(&"list100.txt"));
/// ```
pub const HAND_FILES: [HandFile; 10] = {
    const fn txt(name: &'static str, records: usize) -> HandFile {
        HandFile { name, format: HandFileFormat::Txt, records }
    }
    [
        txt("list1.txt", 1),
        txt("list2.txt", 2),
        txt("list10.txt", 10),
        txt("list100.txt", 100),
        txt("list300.txt", 300),
        txt("list1000.txt", 1000),
        txt("largest.txt", 21),
        txt("thomas1.txt", 1),
        txt("thomas2.txt", 1),
        HandFile { name: "sol10.txt", format: HandFileFormat::Gib, records: 10 },
    ]
};

/// The workspace's `fixtures/` folder, found from this crate's manifest
/// directory (`crates/dds-fixtures/../../fixtures`), so it works from any
/// current directory.
///
/// ```
/// assert!(dds_fixtures::fixtures_dir().join("dds-hands").is_dir());
/// ```
pub fn fixtures_dir() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    match manifest.parent().and_then(Path::parent) {
        Some(root) => root.join("fixtures"),
        None => manifest.join("../../fixtures"),
    }
}

/// The folder of DDS's hand files, `fixtures/dds-hands/`.
///
/// ```
/// assert!(dds_fixtures::hands_dir().join("PROVENANCE.md").is_file());
/// ```
pub fn hands_dir() -> PathBuf {
    fixtures_dir().join("dds-hands")
}

/// Reads and parses the "txt" file `fixtures/dds-hands/<name>`.
///
/// Errors carry the file name and line.
///
/// ```
/// let records = dds_fixtures::load_hand_file("list10.txt")?;
/// assert_eq!(records.len(), 10);
/// let err = dds_fixtures::load_hand_file("sol10.txt").unwrap_err();
/// assert_eq!((err.file(), err.line()), (Some("sol10.txt"), 1));
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
pub fn load_hand_file(name: &str) -> Result<Vec<Record>, FixtureError> {
    parse_txt(&read_hand_file(name)?).map_err(|e| e.in_file(name))
}

/// Reads and parses the GIB file `fixtures/dds-hands/<name>`.
///
/// ```
/// let records = dds_fixtures::load_gib_file("sol10.txt")?;
/// assert_eq!(records.len(), 10);
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
pub fn load_gib_file(name: &str) -> Result<Vec<GibRecord>, FixtureError> {
    parse_gib(&read_hand_file(name)?).map_err(|e| e.in_file(name))
}

fn read_hand_file(name: &str) -> Result<String, FixtureError> {
    std::fs::read_to_string(hands_dir().join(name))
        .map_err(|e| FixtureError::new(0, FixtureErrorKind::Io(e.kind())).in_file(name))
}

/// Whether slow tests should run: the environment variable `DDS_SLOW_TESTS`
/// is set to something other than empty or `0`.
///
/// Tests over `list1000.txt`, `largest.txt` or the `thomas*.txt` files use
/// this to stay out of the default `cargo test`, instead of `#[ignore]`.
///
/// ```
/// if !dds_fixtures::slow_tests_enabled() {
///     return; // skipped; run with DDS_SLOW_TESTS=1
/// }
/// ```
pub fn slow_tests_enabled() -> bool {
    std::env::var_os("DDS_SLOW_TESTS").is_some_and(|v| !v.is_empty() && v != "0")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_file_is_an_io_error() {
        let err = load_hand_file("no-such-file.txt").unwrap_err();
        assert_eq!(err.kind(), &FixtureErrorKind::Io(std::io::ErrorKind::NotFound));
        assert_eq!(err.line(), 0);
        assert!(err.to_string().starts_with("no-such-file.txt: cannot read the file"));
    }

    #[test]
    fn hand_files_match_the_folder() {
        let mut on_disk: Vec<String> = std::fs::read_dir(hands_dir())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.ends_with(".txt"))
            .collect();
        on_disk.sort();
        let mut listed: Vec<&str> = HAND_FILES.iter().map(|f| f.name).collect();
        listed.sort();
        assert_eq!(on_disk, listed);
    }
}
