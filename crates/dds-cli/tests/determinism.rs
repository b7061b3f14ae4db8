//! The same input gives the same bytes with any number of threads: every
//! subcommand and output format is run with `--threads 1`, `2`, `4` and
//! without the option (every core), and its standard output, standard
//! error, exit status and output file (`-o`, `--csv`) are compared byte
//! for byte. Nothing is left out of the comparison: `--stats` prints
//! counts, not times, and the progress line is off (standard error is not
//! a terminal). `dds line` and `dds play` take no `--threads` (they run on
//! one thread): they are run twice.
//!
//! The batches read 70 records: 24 quick deals of list1000.txt, repeated
//! in the same order up to 70, so that the run spans two chunks of 64 and
//! the repeated deals are answered from the ones solved before (in the
//! same chunk and in the one before).

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{dds_lines, deal_text, fast_records, pbn_file, run, temp_dir};

/// The `--threads` options compared: one, two, four, and none (every
/// core).
const THREADS: [&[&str]; 4] = [&["--threads", "1"], &["--threads", "2"], &["--threads", "4"], &[]];

/// What a run gave: status, standard output and error, and the output
/// file's bytes.
#[derive(PartialEq, Eq)]
struct Result {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    file: Option<Vec<u8>>,
}

impl std::fmt::Debug for Result {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Result")
            .field("code", &self.code)
            .field("stdout", &String::from_utf8_lossy(&self.stdout))
            .field("stderr", &String::from_utf8_lossy(&self.stderr))
            .field("file", &self.file.as_ref().map(|f| String::from_utf8_lossy(f).into_owned()))
            .finish()
    }
}

/// Runs `dds args` with each of [`THREADS`] and checks that the results
/// are all the same; returns it. `file` is an output file the run writes
/// (removed before each run, read after it).
fn same_with_any_threads(args: &[&str], stdin: &[u8], file: Option<&Path>) -> Result {
    let mut first: Option<Result> = None;
    for threads in THREADS {
        if let Some(file) = file {
            let _ = std::fs::remove_file(file);
        }
        let all: Vec<&str> = args.iter().chain(threads).copied().collect();
        let Output { status, stdout, stderr } = run(&all, stdin);
        let file = file.map(|f| std::fs::read(f).unwrap_or_else(|e| panic!("{all:?}: {}: {e}", f.display())));
        let result = Result { code: status.code(), stdout, stderr, file };
        match &first {
            None => first = Some(result),
            Some(first) => assert_eq!(&result, first, "{all:?} differs from {:?}", THREADS[0]),
        }
    }
    first.unwrap()
}

/// Like [`same_with_any_threads`], for a run that succeeds with output.
fn same_and_good(args: &[&str], stdin: &[u8], file: Option<&Path>) -> Result {
    let result = same_with_any_threads(args, stdin, file);
    assert_eq!(result.code, Some(0), "{args:?}: {result:?}");
    assert!(!result.stdout.is_empty() || result.file.as_ref().is_some_and(|f| !f.is_empty()), "{args:?}");
    result
}

/// The test's input files: deal lines, DDS's hand lines (with dealer and
/// vulnerability), a PBN file, and deal lines with two bad ones.
struct Inputs {
    dir: PathBuf,
    deals: String,
    hands: String,
    pbn: String,
    bad: String,
}

impl Inputs {
    fn new(test: &str) -> Inputs {
        let dir = temp_dir(test);
        let quick: Vec<_> = fast_records().into_iter().take(24).collect();
        let records: Vec<_> = quick.iter().chain(&quick).chain(&quick).take(70).cloned().collect();
        let lines = dds_lines(&records);
        let deals: Vec<String> = lines.iter().map(|l| deal_text(l).to_owned()).collect();
        let write = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path.to_str().unwrap().to_owned()
        };
        let mut bad = deals.clone();
        bad.insert(50, "N:junk".to_owned());
        bad.insert(5, "N:AKQ.J.T.9 x".to_owned());
        Inputs {
            deals: write("deals.txt", &(deals.join("\n") + "\n")),
            hands: write("hands.txt", &(lines.join("\n") + "\n")),
            pbn: write("boards.pbn", &pbn_file(&records)),
            bad: write("bad.txt", &(bad.join("\n") + "\n")),
            dir,
        }
    }
}

impl Drop for Inputs {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn table_is_the_same_with_any_threads() {
    let inputs = Inputs::new("det-table");
    let text = same_and_good(&["table", &inputs.deals], b"", None);
    assert_eq!(String::from_utf8_lossy(&text.stdout).matches("NT   S   H   D   C").count(), 70);
    let json = same_and_good(&["table", "--json", &inputs.deals], b"", None);
    assert_eq!(String::from_utf8_lossy(&json.stdout).lines().count(), 70);
    same_and_good(&["table", "--gib", &inputs.deals], b"", None);
    // The counts of --stats (no times in them).
    let stats = same_and_good(&["table", "--json", "--stats", &inputs.hands], b"", None);
    assert_eq!(String::from_utf8_lossy(&stats.stderr), "dds: 70 deals, 24 distinct solved\n");
    // From standard input, as from the file.
    let deals = std::fs::read(&inputs.deals).unwrap();
    assert_eq!(same_and_good(&["table", "--json", "-"], &deals, None), json);
    // Bad records: the same messages, results and status.
    let bad = same_with_any_threads(&["table", "--json", "--keep-going", &inputs.bad], b"", None);
    assert_eq!(bad.code, Some(1));
    assert_eq!(String::from_utf8_lossy(&bad.stdout).lines().count(), 70);
    let stopped = same_with_any_threads(&["table", &inputs.bad], b"", None);
    assert_eq!(stopped.code, Some(1));
}

#[test]
fn par_is_the_same_with_any_threads() {
    let inputs = Inputs::new("det-par");
    same_and_good(&["par", &inputs.hands], b"", None);
    same_and_good(&["par", "--json", &inputs.pbn], b"", None);
    same_and_good(&["par", "--dealer", "E", "--vul", "NS", "--stats", &inputs.deals], b"", None);
}

#[test]
fn pbn_is_the_same_with_any_threads() {
    let inputs = Inputs::new("det-pbn");
    let out = same_and_good(&["pbn", &inputs.pbn], b"", None);
    assert_eq!(String::from_utf8_lossy(&out.stdout).matches("[OptimumScore").count(), 70);
    same_and_good(&["pbn", "--json", "--stats", &inputs.pbn], b"", None);
    // To a file: the same bytes as standard output.
    let file = inputs.dir.join("out.pbn");
    let written = same_and_good(&["pbn", &inputs.pbn, "-o", file.to_str().unwrap()], b"", Some(&file));
    assert_eq!(written.file.as_ref(), Some(&out.stdout));
    // From standard input.
    let pbn = std::fs::read(&inputs.pbn).unwrap();
    assert_eq!(same_and_good(&["pbn"], &pbn, None).stdout, out.stdout);
}

#[test]
fn report_is_the_same_with_any_threads() {
    let inputs = Inputs::new("det-report");
    let page = same_and_good(&["report", &inputs.pbn], b"", None);
    let file = inputs.dir.join("report.html");
    let written = same_and_good(&["report", &inputs.hands, "-o", file.to_str().unwrap()], b"", Some(&file));
    assert!(written.stdout.is_empty());
    assert_eq!(String::from_utf8_lossy(&page.stdout).matches("<section class=\"board\"").count(), 70);
}

/// North-South known, East and West share six unknown cards: 20 layouts.
const LAYOUTS_DEAL: &str = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98";

/// East and West unknown: 10,400,600 layouts, solved in chunks of 40.
const BIG_DEAL: &str = "N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -";

#[test]
fn layouts_are_the_same_with_any_threads() {
    let dir = temp_dir("det-layouts");
    let csv = dir.join("rows.csv");
    let csv_path = csv.to_str().unwrap();
    same_and_good(&["layouts", LAYOUTS_DEAL, "--trump", "NT", "--leader", "E"], b"", None);
    same_and_good(
        &["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "W", "--json", "--csv", csv_path],
        b"",
        Some(&csv),
    );
    let table = ["layouts", LAYOUTS_DEAL, "--table", "--vul", "All", "--json", "--csv", csv_path];
    let table = same_and_good(&table, b"", Some(&csv));
    assert_eq!(String::from_utf8_lossy(table.file.as_ref().unwrap()).lines().count(), 21);
    // Several chunks of the shuffled order, solved by workers that finish
    // them in an order of their own: the rows are written in the order of
    // the layout number (they came in the workers' order before).
    let big = ["layouts", BIG_DEAL, "--trump", "S", "--leader", "W", "--limit", "120", "--csv", csv_path];
    let rows = same_and_good(&big, b"", Some(&csv));
    let text = String::from_utf8(rows.file.unwrap()).unwrap();
    let numbers: Vec<u64> = text.lines().skip(1).map(|l| l.split(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(numbers.len(), 120);
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{numbers:?}");
    // A random sample over two work units (of 40 layouts), on a deal whose
    // layouts solve fast: North-South hold the top cards.
    let easy = "N:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -";
    let sample =
        ["layouts", easy, "--trump", "NT", "--leader", "E", "--sample", "60", "--seed", "9", "--csv", csv_path];
    let sampled = same_and_good(&sample, b"", Some(&csv));
    assert_eq!(String::from_utf8_lossy(sampled.file.as_ref().unwrap()).lines().count(), 61);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn solve_line_and_play_are_the_same_with_any_threads() {
    for record in dds_fixtures::load_hand_file("list10.txt").unwrap().iter().take(3) {
        let deal = record.deal.to_string();
        let leader = record.leader.to_char().to_string();
        let position = ["--trump", record.strain.as_str(), "--leader", leader.as_str()];
        let args = |more: &[&'static str]| -> Vec<String> {
            ["solve", deal.as_str()].iter().chain(&position).chain(more).map(|s| (*s).to_owned()).collect()
        };
        for more in [&[][..], &["--json"], &["--solutions", "2"], &["--solutions", "1"], &["--target", "7", "--json"]] {
            let args = args(more);
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            same_and_good(&args, b"", None);
        }
        // No --threads: the same output twice.
        let mut line = vec!["line", deal.as_str()];
        line.extend(position);
        let play: String = record.play.as_ref().unwrap().iter().take(12).map(|c| c.to_string()).collect();
        let mut play_args = vec!["play", deal.as_str()];
        play_args.extend(position);
        play_args.push(&play);
        for args in [line, play_args] {
            let (a, b) = (run(&args, b""), run(&args, b""));
            assert!(a.status.success(), "{args:?}: {}", String::from_utf8_lossy(&a.stderr));
            assert_eq!((a.stdout, a.stderr), (b.stdout, b.stderr), "{args:?}");
        }
    }
}
