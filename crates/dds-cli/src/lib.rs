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
//! it is solving (at most [`CHUNK`] deals) and writes every finished
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

pub mod fuzzing;
mod input;
mod interrupt;
mod json;
mod layouts;
mod output;
mod pbn;
mod progress;
mod report;

use std::collections::HashMap;
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};
use dds::model::{Card, Deal, Seat, Strain, Vulnerability};
use dds::{Board, DdTable, Parallel, Solutions, Solver, Target};

use input::{Item, Next, PbnPieces, Records};
use progress::Progress;

/// The end of `dds --help`: what a signal does (see [`interrupt`]).
const AFTER_HELP: &str = "\
Ctrl-C, SIGTERM or SIGHUP: table, par, pbn, report and layouts finish the chunk being solved \
(up to 64 deals, or the layouts in hand) and stop; records read but not yet being solved are dropped. \
Every finished result is written whole, -o FILE leaves FILE as it was and the finished results in \
FILE.part, a message says how many were finished and where, and the exit status is 130. solve, line \
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

/// A position in the play: the options of `dds line` and `dds solve`.
#[derive(Args, Debug)]
struct PositionArgs {
    /// The cards still held, as a PBN deal (cards played to the current
    /// trick are not in it).
    deal: String,
    /// The strain: S, H, D, C or NT.
    #[arg(long, value_parser = parse_value::<Strain>)]
    trump: Strain,
    /// The seat that led to the current trick: N, E, S or W.
    #[arg(long, value_parser = parse_value::<Seat>)]
    leader: Seat,
    /// The cards played to the current trick, in order (e.g. `S4 SK`).
    #[arg(long, num_args = 1..=3, value_parser = parse_value::<Card>)]
    played: Vec<Card>,
}

impl PositionArgs {
    /// The board the options describe.
    fn board(&self) -> Result<Board, Failure> {
        let deal = Deal::from_pbn_remaining(&self.deal).map_err(|e| Failure(format!("deal: {e}")))?;
        Ok(Board::new(&deal, self.trump, self.leader, &self.played)?)
    }
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

/// Runs the `dds` command on the process's arguments and returns its exit
/// status (what `main` returns).
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Every command writes to standard output but `pbn` and `report` with
    // `-o FILE` (`pbn --json` writes its lines there whatever `-o` says).
    let to_stdout = match &cli.command {
        Command::Pbn { output, json, .. } => output.is_none() || *json,
        Command::Report(args) => args.output.is_none(),
        _ => true,
    };
    let unwritable = match STDOUT_STATE.load(Ordering::SeqCst) {
        STDOUT_CLOSED => Some("closed"),
        STDOUT_READ_ONLY => Some("open for reading only"),
        _ => None,
    };
    if let Some(why) = unwritable.filter(|_| to_stdout) {
        let _ = writeln!(io::stderr().lock(), "dds: standard output is {why}: nothing would be written");
        return ExitCode::FAILURE;
    }
    // The commands that print one result have nothing to keep before it is
    // found; the others finish the chunk in progress and keep the results.
    let mode = match cli.command {
        Command::Play { .. } | Command::Line { .. } | Command::Solve { .. } => interrupt::Mode::AtOnce,
        _ => interrupt::Mode::Finish,
    };
    interrupt::install(mode);
    let result = match cli.command {
        Command::Table { batch, gib } => table(&batch, gib),
        Command::Par { batch, dealer, vul } => par(&batch, dealer, vul),
        Command::Pbn { file, output, json, run } => pbn::run(file.as_deref(), output.as_deref(), json, &run),
        Command::Play { deal, trump, leader, cards, json } => play(&deal, trump, leader, &cards, json),
        Command::Line { position, json } => line(&position, json),
        Command::Layouts(args) => layouts::run(&args),
        Command::Report(args) => report::run(&args),
        Command::Solve { position, target, solutions, threads, json } => {
            solve(&position, target, solutions, threads, json)
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

/// Deals solved in parallel at a time: output streams, memory stays
/// bounded, and the progress line moves.
pub(crate) const CHUNK: usize = 64;

/// The longest a record read from standard input waits for others to fill
/// its chunk: a program feeding deals one at a time gets each answer at
/// once, and a fast one fills whole chunks.
const CHUNK_WAIT: Duration = Duration::from_millis(50);

/// How a batch of deals runs: the worker threads, whether a bad record
/// stops it, and whether to print the count of deals solved (options of
/// `table`, `par` and `pbn`).
#[derive(Args, Debug)]
pub(crate) struct RunOptions {
    /// Worker threads, 1 to 1024 (default: every core).
    #[arg(long, value_parser = parse_threads)]
    pub(crate) threads: Option<usize>,
    /// Report a bad record and go on with the next one (the exit status is
    /// still 1).
    #[arg(long)]
    pub(crate) keep_going: bool,
    /// Print on standard error, at the end, how many deals were read and
    /// how many distinct deals were solved (each is solved once per run).
    #[arg(long)]
    pub(crate) stats: bool,
}

/// Where the results of a batch go, in input order.
pub(crate) trait Emit {
    /// A good item and its table; `pbn` holds the PBN games not yet
    /// written back.
    fn item(&mut self, item: &Item, table: &DdTable, pbn: &mut PbnPieces) -> Result<(), Failure>;
    /// Every item of a chunk has been handed over (or skipped).
    fn chunk_done(&mut self, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        Ok(())
    }
}

impl<F: FnMut(&Item, &DdTable) -> Result<(), Failure>> Emit for F {
    fn item(&mut self, item: &Item, table: &DdTable, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        self(item, table)
    }
}

/// The most tables kept for repeated deals; past it the memory starts
/// afresh (a run of millions of distinct deals stays bounded).
const MAX_REMEMBERED: usize = 1 << 20;

/// Why a batch stopped early: the message, the PBN game of the bad
/// record when it has one, and whether a signal stopped it.
pub(crate) struct Stop {
    pub(crate) failure: Failure,
    pub(crate) game: Option<usize>,
    /// A signal stopped the batch after the chunk in progress; the message
    /// says how many deals were written.
    pub(crate) interrupted: bool,
    /// The output could not be written (`Emit` failed).
    pub(crate) output: bool,
}

impl Stop {
    /// A stop at a bad record, or at an error that is no record's.
    fn at(failure: Failure, game: Option<usize>) -> Stop {
        Stop { failure, game, interrupted: false, output: false }
    }
}

/// Solves the tables of the records in parallel, a chunk at a time (at
/// most [`CHUNK`] records, or those that came within [`CHUNK_WAIT`]), and
/// hands each good item with its table to `emit`, in input order. Each
/// distinct deal is solved once per run: a deal seen before (in any chunk)
/// gets the table already found. A bad item stops the batch (after the
/// results before it) or, with `keep_going`, is reported and skipped; the
/// count of bad items is the error at the end.
///
/// A signal (see [`interrupt`]) is looked at before each record is taken:
/// the chunk being solved is finished and handed to `emit` first, the
/// records gathered for the next chunk are dropped, and the batch stops
/// with an interrupted [`Stop`] counting the deals handed over.
pub(crate) fn run_tables(records: &mut Records, options: &RunOptions, emit: &mut impl Emit) -> Result<(), Stop> {
    let settings = Parallel::with_threads(options.threads.unwrap_or(0));
    let keep_going = options.keep_going;
    let mut progress = Progress::new(records.known_total(), false);
    let mut bad = 0usize;
    let mut chunk: Vec<Item> = Vec::with_capacity(CHUNK);
    let mut stop = None;
    let mut known: HashMap<Deal, DdTable> = HashMap::new();
    // The records read, the deals handed to `emit` or found bad by the
    // solver, and the distinct deals solved.
    let (mut total, mut deals, mut solved) = (0usize, 0usize, 0usize);
    let mut flush =
        |chunk: &mut Vec<Item>, progress: &mut Progress, bad: &mut usize, pbn: &mut PbnPieces| -> Result<(), Stop> {
            if known.len() + chunk.len() > MAX_REMEMBERED {
                known.clear();
            }
            let mut new: Vec<Deal> = Vec::new();
            for item in chunk.iter() {
                if !known.contains_key(&item.deal) && !new.contains(&item.deal) {
                    new.push(item.deal);
                }
            }
            let tables = dds::dd_tables(&new, &settings);
            solved += new.len();
            let mut failed: HashMap<Deal, dds::Error> = HashMap::new();
            for (deal, table) in new.iter().zip(tables) {
                match table {
                    Ok(table) => {
                        known.insert(*deal, table);
                    }
                    Err(e) => {
                        failed.insert(*deal, e);
                    }
                }
            }
            let stopped = |failure: Failure| Stop { output: true, ..Stop::at(failure, None) };
            for item in chunk.iter() {
                deals += 1;
                match (known.get(&item.deal), failed.get(&item.deal)) {
                    (Some(table), _) => emit.item(item, table, pbn).map_err(stopped)?,
                    (None, Some(e)) if keep_going => {
                        eprintln!("dds: {}: {e}", item.text);
                        *bad += 1;
                    }
                    (None, e) => {
                        let e = e.map_or_else(|| "not solved".to_owned(), ToString::to_string);
                        return Err(Stop::at(Failure(format!("{}: {e}", item.text)), item.game));
                    }
                }
            }
            progress.advance(chunk.len());
            chunk.clear();
            emit.chunk_done(pbn).map_err(stopped)
        };
    let mut outcome = Ok(());
    let mut started = Instant::now();
    let mut interrupted = false;
    loop {
        if interrupt::requested() {
            interrupted = true;
            break;
        }
        let wait = (!chunk.is_empty()).then(|| CHUNK_WAIT.saturating_sub(started.elapsed()));
        let next = match records.next(wait) {
            Ok(next) => next,
            Err(failure) => {
                stop = Some(Stop::at(failure, None));
                break;
            }
        };
        match next {
            Next::End => break,
            Next::Interrupted => {
                interrupted = true;
                break;
            }
            Next::Pending => {}
            Next::Record(_, Ok(item)) => {
                total += 1;
                if chunk.is_empty() {
                    started = Instant::now();
                }
                chunk.push(item);
            }
            Next::Record(_, Err(Failure(message))) if keep_going => {
                total += 1;
                eprintln!("dds: {message}");
                bad += 1;
                progress.advance(1);
            }
            Next::Record(game, Err(failure)) => {
                stop = Some(Stop::at(failure, game));
                break;
            }
        }
        if chunk.len() == CHUNK || (!chunk.is_empty() && started.elapsed() >= CHUNK_WAIT) {
            outcome = flush(&mut chunk, &mut progress, &mut bad, &mut records.pbn);
            if outcome.is_err() {
                break;
            }
        }
    }
    // The records gathered for a chunk not yet being solved when a signal
    // came are dropped: the run stops after the chunk in progress.
    if outcome.is_ok() && !interrupted {
        outcome = flush(&mut chunk, &mut progress, &mut bad, &mut records.pbn);
    }
    progress.finish();
    if total == 0 && records.is_pbn_without_games() {
        eprintln!("dds: {}: a PBN file with no games: nothing to solve", records.name);
    }
    if options.stats {
        eprintln!("dds: {deals} deals, {solved} distinct solved");
    }
    outcome?;
    let errors = (bad > 0).then(|| format!("{bad} of {total} records had errors"));
    match stop {
        Some(stop) => Err(stop),
        None if interrupted => {
            let errors = errors.map_or(String::new(), |e| format!(" ({e})"));
            let message = match deals {
                0 => format!("interrupted before any deal was solved: nothing is written{errors}"),
                _ => format!(
                    "interrupted: stopped after {deals} deals, whose results are written whole to standard output; \
                     the deals after them are not solved{errors}"
                ),
            };
            Err(Stop { failure: Failure(message), game: None, interrupted: true, output: false })
        }
        None => errors.map_or(Ok(()), |e| Err(Stop::at(Failure(e), None))),
    }
}

/// Records written to standard output one after the other, counted, so
/// that a failed write says what was written and what was not.
struct RecordsOut {
    out: io::StdoutLock<'static>,
    written: usize,
}

impl RecordsOut {
    fn new() -> RecordsOut {
        RecordsOut { out: io::stdout().lock(), written: 0 }
    }

    /// Writes one deal's record (lines of text, each ended).
    fn write(&mut self, record: &str) -> Result<(), Failure> {
        self.out.write_all(record.as_bytes()).map_err(|e| self.failed(&e))?;
        self.written += 1;
        Ok(())
    }

    /// The message of a failed write. Standard output is line-buffered:
    /// every record before the one that failed has reached it.
    fn failed(&self, e: &io::Error) -> Failure {
        let written = match self.written {
            0 => "nothing is written".to_owned(),
            1 => "the result of the first deal is written, the rest are not".to_owned(),
            n => format!("the results of the first {n} deals are written, the rest are not"),
        };
        Failure(format!("{}; {written}", output::stdout_error(e).0))
    }

    /// Flushes what is buffered, after the records or before the message
    /// of whatever stopped the batch.
    fn finish(mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| self.failed(&e))
    }
}

fn table(batch: &Batch, gib: bool) -> Result<(), Failure> {
    let mut records = Records::open(batch.input.as_deref(), batch.run.keep_going)?;
    let mut out = RecordsOut::new();
    let result = run_tables(&mut records, &batch.run, &mut |item: &Item, table: &DdTable| {
        let record = if batch.json {
            format!("{}\n", with_place(item, json::table(&item.text, table), false))
        } else if gib {
            format!("{}\n", dds::model::gib_line(&item.deal, table.as_by_strain()))
        } else {
            let gap = if out.written > 0 { "\n" } else { "" };
            format!("{gap}{}", render_table(item, table))
        };
        out.write(&record)
    });
    out.finish()?;
    result.map_err(|stop| stop.failure)
}

/// A JSON record with the fields that place its item in the input first,
/// where the input says: `"game"` (a PBN game, counted from 1),
/// `"board"` (a number, or the tag's text when it is not one; `null`
/// without one when `board_null`, as `dds pbn --json` always writes it),
/// `"event"` and `"date"` (the `#` copy rule applied).
pub(crate) fn with_place(item: &Item, record: String, board_null: bool) -> String {
    let mut fields = String::new();
    if let Some(g) = item.game {
        fields.push_str(&format!("\"game\":{},", g + 1));
    }
    match item.board.as_deref() {
        Some(b) => {
            let board = b.parse::<u64>().map_or_else(|_| json::string(b), |n| n.to_string());
            fields.push_str(&format!("\"board\":{board},"));
        }
        None if board_null => fields.push_str("\"board\":null,"),
        None => {}
    }
    for (name, value) in [("event", &item.event), ("date", &item.date)] {
        if let Some(value) = value {
            fields.push_str(&format!("\"{name}\":{},", json::string(value)));
        }
    }
    format!("{{{fields}{}", &record[1..])
}

/// A table a person can read at a glance: declarers down, strains across,
/// under the board number when the input gives one.
fn render_table(item: &Item, table: &DdTable) -> String {
    let board = item.board.as_deref().map_or(String::new(), |b| format!("Board {b}\n"));
    let mut s = format!("{board}{}\n     NT   S   H   D   C\n", item.text);
    for declarer in Seat::ALL {
        s.push_str(&format!("  {}", declarer));
        for strain in STRAINS_NT_FIRST {
            s.push_str(&format!(" {:>3}", table.tricks(strain, declarer)));
        }
        s.push('\n');
    }
    s
}

/// Strains in the order of hand records: NT, S, H, D, C.
pub(crate) const STRAINS_NT_FIRST: [Strain; 5] =
    [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

fn par(batch: &Batch, dealer: Option<Seat>, vul: Option<Vulnerability>) -> Result<(), Failure> {
    let mut records = Records::open(batch.input.as_deref(), batch.run.keep_going)?;
    let mut out = RecordsOut::new();
    let result = run_tables(&mut records, &batch.run, &mut |item: &Item, table: &DdTable| {
        let dealer = item.dealer.or(dealer).unwrap_or(Seat::North);
        let vulnerability = item.vulnerability.or(vul).unwrap_or(Vulnerability::None);
        let dealer_par = table.dealer_par(dealer, vulnerability);
        let sides = table.par(vulnerability);
        let record = if batch.json {
            let record = json::par_record(&item.text, table, dealer, vulnerability, &dealer_par, &sides);
            format!("{}\n", with_place(item, record, false))
        } else {
            let gap = if out.written > 0 { "\n" } else { "" };
            let (score, contracts) = (dealer_par.score, pbn::par_contracts(&dealer_par));
            let [s0, s1] = sides.score_texts();
            let [c0, c1] = sides.contract_texts();
            format!(
                "{gap}{}Dealer {}, vulnerable {vulnerability}: Par {score}: {contracts}\nBy side: {s0} ({c0}), {s1} ({c1})\n",
                render_table(item, table),
                dealer.to_char(),
            )
        };
        out.write(&record)
    });
    out.finish()?;
    result.map_err(|stop| stop.failure)
}

/// Cards from separate tokens (`CT C4`) or run together (`CTC4`, DDS's
/// PLAY lines), read by [`Card::parse_list`]: suit and rank in either
/// order, either case, a suit letter or symbol, `T` or `10` for the ten
/// (`C10C4`, `10C`, `♣10`).
fn parse_cards(tokens: &[String]) -> Result<Vec<Card>, Failure> {
    let mut cards = Vec::new();
    for token in tokens {
        let t = token.trim();
        if t.is_empty() {
            return Err(Failure(format!("card {t:?}: expected a suit and a rank, e.g. CT or C10")));
        }
        let more = Card::parse_list(t).map_err(|e| {
            let piece = e.piece();
            let what = if piece == t { format!("card {t:?}") } else { format!("card {t:?}, at {piece:?}") };
            Failure(format!("{what}: {}", dds::model::ParseError::Card))
        })?;
        cards.extend(more);
    }
    Ok(cards)
}

fn play(deal: &str, strain: Strain, leader: Seat, cards: &[String], json: bool) -> Result<(), Failure> {
    let deal_value: Deal = deal.parse().map_err(|e| Failure(format!("deal: {e}")))?;
    let cards = parse_cards(cards)?;
    let analysis = Solver::new().analyse_play(&deal_value, strain, leader, &cards)?;
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", json::play(deal, strain, leader, &cards, &analysis.tricks))?;
        return Ok(());
    }
    let declarer = leader.prev();
    let side = declarer.side();
    writeln!(
        out,
        "{} declares {}; {} take {} tricks with best play",
        declarer.name(),
        strain_name(strain),
        side,
        analysis.tricks[0]
    )?;
    // Replays the cards (legal: the analysis checked them) to show who
    // played each and who won each trick.
    let mut pos = Board::new(&deal_value, strain, leader, &[])?;
    for (i, card) in cards.iter().enumerate() {
        let before = analysis.tricks[i];
        let after = analysis.tricks[i + 1];
        let in_trick = pos.played().len();
        let prefix = if in_trick == 0 { format!("{:>2}.", i / 4 + 1) } else { "   ".to_owned() };
        let note = match after.cmp(&before) {
            core::cmp::Ordering::Less => format!("  (-{}: costs {side} a trick)", before - after),
            core::cmp::Ordering::Greater => format!("  (+{}: gives {side} a trick)", after - before),
            core::cmp::Ordering::Equal => String::new(),
        };
        let player = pos.to_play();
        pos = pos.after(*card)?;
        let won = if in_trick == 3 { format!("  trick to {}", pos.leader().to_char()) } else { String::new() };
        writeln!(out, "{prefix} {} {card} {after:>3}{won}{note}", player.to_char())?;
    }
    Ok(())
}

fn line(position: &PositionArgs, json: bool) -> Result<(), Failure> {
    let board = position.board()?;
    let best = Solver::new().best_line(&board);
    let (line, ns) = (best.cards, best.ns_tricks);
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        let cards: Vec<String> = line
            .iter()
            .map(|c| {
                let wins = c.wins.map_or("null".to_owned(), |w| format!("\"{}\"", w.to_char()));
                format!(
                    "{{\"seat\":\"{}\",\"card\":\"{}\",\"tricks\":{},\"wins\":{wins}}}",
                    c.seat.to_char(),
                    c.card,
                    c.tricks
                )
            })
            .collect();
        let deal = json::string(&position.deal);
        writeln!(out, "{{\"deal\":{deal},\"ns_tricks\":{ns},\"line\":[{}]}}", cards.join(","))?;
        return Ok(());
    }
    let left = board.tricks_left();
    writeln!(out, "NS take {ns}, EW take {} of the {left} tricks left; one line of best play:", left - ns)?;
    // The first trick shown opens with the cards given with `--played`,
    // each with the seat that played it.
    let mut trick = Vec::new();
    let mut seat = board.leader();
    for card in board.played() {
        trick.push(format!("{} {card}", seat.to_char()));
        seat = seat.next();
    }
    let mut number = 0;
    // North-South's tricks to come, from the first card of the line in
    // each trick.
    let (mut ns_to_come, mut ew_to_come) = (0, 0);
    let mut trick_start = true;
    for c in &line {
        if std::mem::take(&mut trick_start) {
            let tricks_left = left - number;
            ns_to_come = if c.seat.index() % 2 == 0 { c.tricks } else { tricks_left - c.tricks };
            ew_to_come = tricks_left - ns_to_come;
        }
        trick.push(format!("{} {}", c.seat.to_char(), c.card));
        if let Some(w) = c.wins {
            number += 1;
            let to_come = format!("(to come: NS {ns_to_come}, EW {ew_to_come})");
            writeln!(out, "{number:>2}. {}  -> {}   {to_come}", trick.join(", "), w.to_char())?;
            trick.clear();
            trick_start = true;
        }
    }
    Ok(())
}

/// `notrump`, `spades`, ...
fn strain_name(strain: Strain) -> &'static str {
    match strain.trump() {
        Some(suit) => suit.name(),
        None => "notrump",
    }
}

fn solve(
    position: &PositionArgs,
    target: Target,
    solutions: Solutions,
    threads: Option<usize>,
    json: bool,
) -> Result<(), Failure> {
    let board = position.board()?;
    let solution = if (target, solutions) == (Target::Max, Solutions::All) {
        // Every card scored: spread over the threads when the search is long.
        Solver::new().score_cards(&board, &Parallel::with_threads(threads.unwrap_or(0)))?
    } else {
        Solver::new().solve_board(&board, target, solutions)?
    };
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", json::solution(&solution))?;
    } else {
        let seat = board.to_play();
        if solution.cards.is_empty() {
            writeln!(out, "{} cannot reach the target", seat.name())?;
        }
        for c in &solution.cards {
            let tricks = c.tricks.map_or("-".to_owned(), |t| t.to_string());
            let equals: Vec<String> = c.equals.iter().rev().map(|e| e.to_string()).collect();
            if equals.is_empty() {
                writeln!(out, "{} {:>2}", c.card, tricks)?;
            } else {
                writeln!(out, "{} {:>2}  (= {})", c.card, tricks, equals.join(" "))?;
            }
        }
    }
    Ok(())
}
