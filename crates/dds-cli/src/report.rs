//! `dds report`: a hand-record report a club director can print, as one
//! self-contained HTML page: for every board, its number, dealer and
//! vulnerability, the hand diagram, the double dummy table (the tricks each
//! declarer takes in each strain) and the dealer's par, six boards to an A4
//! sheet.

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use dds::model::PbnRecord;
use dds::report::{page_head, sheet, Collector, Heading, ReportBoard, BOARDS_PER_SHEET, PAGE_END};
use dds::DdTable;

use crate::batch::{run_tables, Emit, RunOptions};
use crate::input::{Item, PbnPieces, Records};
use crate::output::{stdout_error, OutputFile};
use crate::{parse_threads, Failure};

/// The options of `dds report`.
#[derive(Args, Debug)]
pub(crate) struct ReportArgs {
    /// A PBN file, a LIN file, a DDS hand file, a file of PBN deals (one
    /// per line), or one PBN deal; standard input if absent or `-`.
    input: Option<String>,
    /// Write the HTML to this file (through FILE.part, renamed at the end)
    /// instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: every core).
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Report a bad board, leave it out of the report and go on (the exit
    /// status is still 1).
    #[arg(long)]
    keep_going: bool,
    /// Print on standard error, at the end, how many deals were read and
    /// how many distinct deals were solved (each is solved once per run).
    #[arg(long)]
    stats: bool,
}

/// Runs `dds report`: reads the boards, then solves them in chunks and
/// writes the page as they are solved (the page's head first, each sheet
/// of six boards when it is full). Each distinct board is drawn once, and
/// each distinct deal solved once: a traveller or results file gives every
/// board once per table result. A bad record stops the run before
/// anything is written, or with `--keep-going` is reported and left out.
///
/// A signal (see [`crate::interrupt`]) while the input is read stops the
/// run with nothing written; one while the boards are solved stops it
/// after the chunk in progress, and the page of the boards solved is
/// closed (on standard output, or in `FILE.part` with `-o`, FILE being
/// left as it was). A write that fails (a closed pipe: `dds report | head`)
/// stops the run at once.
pub(crate) fn run(args: &ReportArgs) -> Result<(), Failure> {
    let mut records = Records::open(args.input.as_deref(), args.keep_going)?;
    if !records.read_all()? {
        return Err(Failure("interrupted while the input was read: no board is solved, nothing is written".into()));
    }
    let total = records.queued().count();
    if total == 0 {
        if records.is_pbn_without_games() {
            eprintln!("dds: {}: {}: no report is written", records.name, dds::model::PbnFile::NO_GAMES);
            return Ok(());
        }
        return Err(Failure(format!("{}: no deals to report", records.name)));
    }
    // The distinct boards, in input order, and what the heading says.
    let mut collector = Collector::new();
    let mut bad = 0;
    for item in records.queued() {
        match item {
            Ok(item) => {
                // The collector's places are the records' own.
                debug_assert_eq!(collector.records(), item.record);
                collector.add(item.deal, &pbn_record(item));
            }
            Err(e) if !args.keep_going => return Err(Failure(e.0.clone())),
            Err(_) => {
                collector.skip();
                bad += 1;
            }
        }
    }
    let read = collector.boards().len();
    if read == 0 {
        // Every record is bad: each is reported as the batch would.
        for item in records.queued() {
            if let Err(Failure(message)) = item {
                eprintln!("dds: {message}");
            }
        }
        return Err(Failure(format!("{bad} of {total} records had errors; no boards to report")));
    }
    // `<stdin>` and `<argument>` are not names to show.
    let file_name = Some(records.name.as_str()).filter(|name| !name.starts_with('<'));
    let heading = collector.heading(&records.header, file_name);
    let out = match &args.output {
        Some(path) => Sink::File(crate::interrupt::while_opening(|| OutputFile::create(path))?),
        None => Sink::Stdout(std::io::stdout().lock()),
    };
    let mut page =
        Page { out, heading, sheets: read.div_ceil(BOARDS_PER_SHEET), sheet: Vec::new(), done: 0, boards: collector };
    if let Err(failure) = page.start() {
        return Err(page.failed(failure));
    }
    let options = RunOptions { threads: args.threads, keep_going: args.keep_going, stats: args.stats };
    match run_tables(&mut records, &options, &mut page) {
        Ok(()) => page.end(),
        Err(stop) if stop.output => Err(page.failed(stop.failure)),
        Err(stop) if stop.interrupted => {
            let solved = page.done + page.sheet.len();
            if solved == 0 {
                let kept = match &args.output {
                    Some(path) if page.out.part().is_some() => format!(" ({} is left as it was)", path.display()),
                    _ => String::new(),
                };
                page.out.discard();
                return Err(Failure(format!(
                    "interrupted before any board was solved: nothing is written ({read} read){kept}"
                )));
            }
            let report = format!("the report of the first {solved} boards");
            let place = match (&args.output, page.out.part()) {
                (Some(out), Some(part)) => {
                    format!("{} is left as it was, and {report} is in {}", out.display(), part.display())
                }
                (Some(out), None) => format!("{report} is written to {}", out.display()),
                _ => format!("{report} is written to standard output"),
            };
            let errors = stop_errors(bad, total);
            page.close()?;
            Err(Failure(format!(
                "interrupted: stopped after {solved} of the {read} boards: {place}; the boards after them are not solved{errors}"
            )))
        }
        Err(stop) => {
            // Bad records reported on the way (--keep-going): the page is
            // whole, and the count is the error.
            page.end()?;
            Err(stop.failure)
        }
    }
}

/// ` (N of M records had errors)` when some had, for a message.
fn stop_errors(bad: usize, total: usize) -> String {
    if bad > 0 {
        format!(" ({bad} of {total} records had errors)")
    } else {
        String::new()
    }
}

/// What a record of any input says of its board, as a PBN record says it
/// (a LIN board's number, a DDS hand line's dealer and vulnerability).
fn pbn_record(item: &Item) -> PbnRecord<'_> {
    PbnRecord {
        deal_text: &item.text,
        dealer: item.dealer,
        vulnerability: item.vulnerability,
        board: item.board.as_deref(),
        event: item.event.as_deref(),
        date: item.date.as_deref(),
    }
}

/// Where the page goes: standard output or an output file.
enum Sink {
    Stdout(std::io::StdoutLock<'static>),
    File(OutputFile),
}

impl Sink {
    fn write(&mut self, text: &str) -> Result<(), Failure> {
        match self {
            Sink::Stdout(out) => out.write_all(text.as_bytes()).map_err(|e| stdout_error(&e)),
            Sink::File(out) => out.write_all(text.as_bytes()).map_err(|e| out.write_error(&e)),
        }
    }

    fn flush(&mut self) -> Result<(), Failure> {
        match self {
            Sink::Stdout(out) => out.flush().map_err(|e| stdout_error(&e)),
            Sink::File(out) => out.flush(),
        }
    }

    fn part(&self) -> Option<&Path> {
        match self {
            Sink::File(out) => out.part(),
            Sink::Stdout(_) => None,
        }
    }

    /// Drops the output: a temporary file is removed.
    fn discard(self) {
        if let Sink::File(out) = self {
            out.discard();
        }
    }
}

/// The page being written: the boards of the sheet not yet full, and the
/// distinct boards read.
struct Page {
    out: Sink,
    heading: Heading,
    /// The sheets the page will have.
    sheets: usize,
    sheet: Vec<ReportBoard>,
    /// The boards on the sheets written.
    done: usize,
    boards: Collector,
}

impl Page {
    /// Writes the page's head.
    fn start(&mut self) -> Result<(), Failure> {
        let head = page_head(&self.heading);
        self.out.write(&head)
    }

    /// Writes the sheet in hand, full or the last.
    fn write_sheet(&mut self) -> Result<(), Failure> {
        if self.sheet.is_empty() {
            return Ok(());
        }
        let index = self.done / BOARDS_PER_SHEET;
        let html = sheet(&self.heading, &self.sheet, index, self.sheets);
        // Flushed, so that the boards counted as written are out.
        self.out.write(&html)?;
        self.out.flush()?;
        self.done += self.sheet.len();
        self.sheet.clear();
        Ok(())
    }

    /// Writes the last sheet and the end of the page and flushes them; a
    /// failed write says what was written (see [`Page::failed`]).
    fn write_end(mut self) -> Result<Page, Failure> {
        match self.write_sheet().and_then(|()| self.out.write(PAGE_END)).and_then(|()| self.out.flush()) {
            Ok(()) => Ok(self),
            Err(failure) => Err(self.failed(failure)),
        }
    }

    /// Writes the last sheet and the end of the page, and puts an output
    /// file in place.
    fn end(self) -> Result<(), Failure> {
        match self.write_end()?.out {
            Sink::Stdout(_) => Ok(()),
            Sink::File(out) => out.finish(),
        }
    }

    /// Ends a page stopped early: the boards solved on their sheets and the
    /// end of the page, flushed; an output file stays in its part.
    fn close(self) -> Result<(), Failure> {
        self.write_end().map(drop)
    }

    /// The message of a failed write: nothing more is written; a temporary
    /// file is removed and the output file left as it was.
    fn failed(self, Failure(message): Failure) -> Failure {
        let Page { out, done, .. } = self;
        let written = match (&out, done) {
            (Sink::File(f), _) if f.part().is_some() => format!("{} is left as it was", f.path().display()),
            (_, 0) => "no board is written".to_owned(),
            (_, n) => format!("the first {n} boards are written, the rest are not"),
        };
        out.discard();
        Failure(format!("{message}; {written}"))
    }
}

impl Emit for Page {
    fn item(&mut self, item: &Item, table: &DdTable, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        // Only a board's first record is drawn.
        let Some(board) = self.boards.board_at(item.record) else { return Ok(()) };
        self.sheet.push(board.solved(*table));
        if self.sheet.len() == BOARDS_PER_SHEET {
            self.write_sheet()?;
        }
        Ok(())
    }

    fn chunk_done(&mut self, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        self.out.flush()
    }
}
