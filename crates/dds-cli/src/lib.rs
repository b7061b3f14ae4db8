//! The `dds` command: double dummy analysis of bridge deals.
//!
//! * `dds table [INPUT]`: the double dummy table of each deal.
//! * `dds par [INPUT]`: the table and par of each deal, for its dealer and
//!   vulnerability.
//! * `dds pbn [FILE] [-o OUT]`: adds double dummy results and par to every
//!   game of a PBN file, keeping everything else as it was.
//! * `dds play DEAL --trump S --leader N CARDS...`: the double dummy result
//!   after each card of a play.
//! * `dds report [INPUT] [-o FILE]`: a printable hand-record report (HTML):
//!   each board's hands, double dummy table and par.
//! * `dds line DEAL --trump S --leader N [--played ...]`: one line of best
//!   play to the end of the deal.
//! * `dds layouts DEAL (--trump S --leader W | --table) [--sample N]
//!   [--limit N] [--time S] [--csv FILE]`: every layout of the unknown
//!   cards solved, with the distribution of tricks, make chances and
//!   expected scores.
//! * `dds solve DEAL --trump S --leader N [--played S4 SK] [--target max|N]
//!   [--solutions 1|2|3] [--threads N]`: the score of each card of the seat
//!   to play (DDS's SolveBoard); every card's score (the default) is spread
//!   over the threads when the search is long.
//!
//! INPUT is a file of PBN deals (one per line), a PBN file with tags, LIN,
//! a DDS hand file, a PBN deal given as the argument, or standard input
//! (absent or `-`, read as it comes: each record is answered without
//! waiting for the end). Every
//! subcommand takes `--json` (one JSON object per deal and line; the
//! README documents the schemas).
//!
//! Bad input gives a message on standard error and exit status 1; with
//! `--keep-going` the batch goes on past bad records, reports each and
//! their count, and still exits with 1. A usage error found by the
//! argument parser (an unknown option, a missing value, a bad option value
//! such as `--trump X` or `--threads 0`) gives status 2.
//!
//! Ctrl-C (SIGINT), SIGTERM or SIGHUP gives status 130 and a message
//! saying what was finished and where it is: a batch finishes the chunk
//! it is solving (at most [`batch::CHUNK`] deals) and writes every finished
//! result whole, `-o FILE` leaving FILE as it was and the results in
//! `FILE.part`; a second signal stops at once (see [`interrupt`]).
//!
//! This library is the command's code; its binary (`src/main.rs`) only
//! calls [`main`]. It is a library so that the fuzz targets of `fuzz/` can
//! reach the argument parser and the input reader ([`fuzzing`]); it is not
//! an API for other programs, which use the `dds` crate.
//!
//! The output is the same, byte for byte, with any number of threads
//! (`dds layouts --time` and a run stopped by a signal solve a set of
//! layouts or deals that depends on the timing).

mod batch;
pub mod fuzzing;
mod input;
mod interrupt;
mod json;
mod layouts;
mod output;
mod pbn;
mod position;
mod progress;
mod report;
mod tables;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};

use clap::{Args, Parser, Subcommand};
use dds::model::{Seat, Strain, Vulnerability};
use dds::{Solutions, Target};

use batch::RunOptions;
use position::PositionArgs;

/// The end of `dds --help`: what a signal does (see [`interrupt`]).
const AFTER_HELP: &str = "\
Ctrl-C, SIGTERM or SIGHUP: table, par, pbn and report stop the searches in flight at once and write \
the deals finished before the first one not finished, in input order; layouts stops after the layouts \
in hand. Every finished result is written whole, -o FILE leaves FILE as it was and the finished results \
in FILE.part, a message says how many were finished and where, and the exit status is 130. solve, line \
and play stop at once (nothing is written before their result). A second signal stops any command at once.

The output is the same, byte for byte, with any --threads (layouts --time, and a run stopped by a \
signal, solve a set that depends on the timing).";

#[derive(Parser, Debug)]
#[command(name = "dds", version, about = "Double dummy analysis of bridge deals", after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The options of the batch subcommands.
#[derive(Args, Debug)]
struct Batch {
    /// A file of PBN deals (one per line, `N:... ... ... ...`), a PBN file
    /// with tags, a LIN file (BBO's hand records and movies, `md|...|`), a
    /// DDS hand file (`PBN dealer vul trump first "deal"` lines, as in
    /// DDS's list100.txt), or one PBN deal; standard input if absent or
    /// `-`.
    input: Option<String>,
    /// One JSON object per deal and line.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    run: RunOptions,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Double dummy tables: tricks for each strain and declarer.
    Table {
        #[command(flatten)]
        batch: Batch,
        /// One line per deal in GIB's format: the hands West, North, East,
        /// South, a colon and 20 hex digits (strains NT, S, H, D, C; declarers
        /// E, N, W, S; North-South's tricks).
        #[arg(long, conflicts_with = "json")]
        gib: bool,
    },
    /// Tables and par: the par score and contracts for the board's dealer
    /// and vulnerability (from the PBN tags or the board number).
    Par {
        #[command(flatten)]
        batch: Batch,
        /// The dealer (N, E, S, W) for deals whose input does not say;
        /// North if neither does.
        #[arg(long, value_parser = parse_value::<Seat>)]
        dealer: Option<Seat>,
        /// The vulnerability (None, NS, EW, All) for deals whose input does
        /// not say; None if neither does.
        #[arg(long, value_parser = parse_value::<Vulnerability>)]
        vul: Option<Vulnerability>,
    },
    /// Adds DoubleDummyTricks, OptimumResultTable, ParContract and
    /// OptimumScore to every game of a PBN file; the rest of the file is
    /// kept byte for byte.
    Pbn {
        /// The PBN file; standard input if absent or `-`.
        file: Option<String>,
        /// Write the new file here instead of standard output.
        #[arg(short, long)]
        output: Option<std::path::PathBuf>,
        /// Print the results as JSON lines (as `dds par --json`) instead of
        /// the file.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        run: RunOptions,
    },
    /// The double dummy result after each card of a play (DDS's
    /// AnalysePlay).
    Play {
        /// The deal at the start of the play, as a PBN deal.
        deal: String,
        /// The strain: S, H, D, C or NT.
        #[arg(long, value_parser = parse_value::<Strain>)]
        trump: Strain,
        /// The opening leader (declarer's left): N, E, S or W.
        #[arg(long, value_parser = parse_value::<Seat>)]
        leader: Seat,
        /// The cards played, in order: `CT C4 CA` or run together,
        /// `CTC4CA`; the ten is `T` or `10` (`C10C4CA`).
        cards: Vec<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// One line of best play from a position to the end of the deal, with
    /// the winner of each trick.
    Line {
        #[command(flatten)]
        position: PositionArgs,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// Every way the unknown cards can lie, solved: the distribution of
    /// tricks, the chance of making each contract and its expected score.
    Layouts(layouts::LayoutArgs),
    /// A printable hand-record report (HTML): each board's hands, double
    /// dummy tricks and par, six boards to an A4 sheet.
    Report(report::ReportArgs),
    /// The score of every card of the seat to play (DDS's SolveBoard).
    Solve {
        #[command(flatten)]
        position: PositionArgs,
        /// `max` (or -1), or the number of tricks to reach (0 lists every
        /// card with score 0).
        #[arg(long, default_value = "max", allow_hyphen_values = true, value_parser = parse_target)]
        target: Target,
        /// 1: one best card; 2: every best card; 3: every card with its score.
        #[arg(long, default_value = "3", value_parser = parse_solutions)]
        solutions: Solutions,
        /// Worker threads scoring the cards with `--solutions 3`, 1 to 1024
        /// (default: every core; used when the search is long).
        #[arg(long, value_parser = parse_threads)]
        threads: Option<usize>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// An error for the user: the message; the exit status is 1.
struct Failure(String);

/// The most worker threads `--threads` takes: the library's ceiling, one
/// home for the CLI, the C library and Python.
const MAX_THREADS: usize = dds::MAX_THREADS;

/// A `--threads` value: 1 to [`MAX_THREADS`]. The parser's error is a usage
/// error (status 2).
pub(crate) fn parse_threads(value: &str) -> Result<usize, String> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_THREADS).contains(n))
        .ok_or_else(|| format!("expected a number of threads from 1 to {MAX_THREADS}"))
}

/// A `--target` value: `max` (any case) or -1 for the most tricks, else a
/// number of tricks from 0 to 13. The parser's error is a usage error.
fn parse_target(value: &str) -> Result<Target, String> {
    match value.trim() {
        t if t.eq_ignore_ascii_case("max") => Ok(Target::Max),
        n => n
            .parse::<i64>()
            .ok()
            .and_then(Target::from_dds)
            .ok_or_else(|| "expected max or a number of tricks from 0 to 13".to_owned()),
    }
}

/// An option value read by its type's `FromStr` (a strain, a seat, a
/// card, a vulnerability): the type's error is the parser's, a usage
/// error (status 2).
pub(crate) fn parse_value<T: std::str::FromStr>(value: &str) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    value.parse::<T>().map_err(|e| e.to_string())
}

/// A `--solutions` value: 1, 2 or 3, each bad value with the same usage
/// error.
fn parse_solutions(value: &str) -> Result<Solutions, String> {
    value.trim().parse::<i64>().ok().and_then(Solutions::from_dds).ok_or_else(|| "expected 1, 2 or 3".to_owned())
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

/// Whether standard output could be written when the command started
/// ([`STDOUT_WRITABLE`], [`STDOUT_CLOSED`] or [`STDOUT_READ_ONLY`]): set
/// by the binary before the standard library opens `/dev/null` in place of
/// a closed one (see `src/main.rs`). A command that would write to
/// standard output refuses to run when it cannot: its output would be lost
/// without an error.
#[doc(hidden)]
pub static STDOUT_STATE: AtomicU8 = AtomicU8::new(STDOUT_WRITABLE);
/// Standard output is open for writing (or was not looked at).
#[doc(hidden)]
pub const STDOUT_WRITABLE: u8 = 0;
/// Standard output was closed (`>&-`).
#[doc(hidden)]
pub const STDOUT_CLOSED: u8 = 1;
/// Standard output was open for reading only (`1<FILE`).
#[doc(hidden)]
pub const STDOUT_READ_ONLY: u8 = 2;

/// Why standard output cannot be written, when it cannot (see
/// [`STDOUT_STATE`]).
fn unwritable_stdout() -> Option<&'static str> {
    match STDOUT_STATE.load(Ordering::SeqCst) {
        STDOUT_CLOSED => Some("closed"),
        STDOUT_READ_ONLY => Some("open for reading only"),
        _ => None,
    }
}

/// Ignores SIGXFSZ, which a write past the file size limit (`ulimit -f`)
/// sends: by default it ends the process at once (status 153 in a shell),
/// leaving a partial `FILE.part` and no word of what was written. Ignored,
/// the write fails with EFBIG ("File too large") and the command's error
/// for a failed write follows (status 1, the part removed, what was
/// written said), as for a full disk.
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no
    // handler; it only changes what the kernel does with the signal.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

/// Runs the `dds` command on the process's arguments and returns its exit
/// status (what `main` returns).
pub fn main() -> ExitCode {
    ignore_file_size_signal();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and the version go to standard output: lost, without a
            // word, when it cannot be written.
            let to_stdout =
                matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion);
            if let Some(why) = unwritable_stdout().filter(|_| to_stdout) {
                let _ = writeln!(io::stderr().lock(), "dds: standard output is {why}: nothing would be written");
                return ExitCode::FAILURE;
            }
            e.exit()
        }
    };
    // Every command writes to standard output but `pbn` and `report` with
    // `-o FILE` (`pbn --json` writes its lines there whatever `-o` says).
    let to_stdout = match &cli.command {
        Command::Pbn { output, json, .. } => output.is_none() || *json,
        Command::Report(args) => args.output.is_none(),
        _ => true,
    };
    if let Some(why) = unwritable_stdout().filter(|_| to_stdout) {
        let _ = writeln!(io::stderr().lock(), "dds: standard output is {why}: nothing would be written");
        return ExitCode::FAILURE;
    }
    // The commands that print one result have nothing to keep before it is
    // found; the others stop their searches and keep the results finished.
    let mode = match cli.command {
        Command::Play { .. } | Command::Line { .. } | Command::Solve { .. } => interrupt::Mode::AtOnce,
        _ => interrupt::Mode::Finish,
    };
    interrupt::install(mode);
    let result = match cli.command {
        Command::Table { batch, gib } => tables::table(&batch, gib),
        Command::Par { batch, dealer, vul } => tables::par(&batch, dealer, vul),
        Command::Pbn { file, output, json, run } => pbn::run(file.as_deref(), output.as_deref(), json, &run),
        Command::Play { deal, trump, leader, cards, json } => position::play(&deal, trump, leader, &cards, json),
        Command::Line { position, json } => position::line(&position, json),
        Command::Layouts(args) => layouts::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Solve { position, target, solutions, threads, json } => {
            position::solve(&position, target, solutions, threads, json)
        }
    };
    // A signal gives its status whatever the command found; the command's
    // message says what was finished (a signal that came after the last
    // piece of work leaves the output complete).
    let interrupted = interrupt::requested();
    let message = match result {
        Ok(()) if interrupted => Some("interrupted after the work was done: the output is complete".to_owned()),
        Ok(()) => None,
        // A reader that stops early (`dds table | head`) is not an error.
        Err(Failure(message)) if message.contains("Broken pipe") && !interrupted => None,
        Err(Failure(message)) => Some(message),
    };
    if let Some(message) = &message {
        // Standard error may be gone (a closed terminal after SIGHUP): the
        // status still tells.
        let _ = writeln!(io::stderr().lock(), "dds: {message}");
    }
    match (interrupted, message.is_some()) {
        (true, _) => ExitCode::from(interrupt::EXIT_STATUS),
        (false, true) => ExitCode::FAILURE,
        (false, false) => ExitCode::SUCCESS,
    }
}
