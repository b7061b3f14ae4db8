//! Batches of deals: records read from the input solved in parallel a
//! chunk at a time, each distinct deal once, and handed in input order to
//! what writes them (`table`, `par`, `pbn`, `report`).

use std::collections::HashMap;
use std::time::{Duration, Instant};

use clap::Args;
use dds::model::Deal;
use dds::{DdTable, Parallel};

use crate::input::{Item, Next, PbnPieces, Records};
use crate::progress::Progress;
use crate::{interrupt, json, parse_threads, Failure};

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
/// A signal (see [`interrupt`]) stops the searches in flight (the facade's
/// [`dds::dd_tables_stoppable`]): the deals of the chunk solved before the
/// first one not solved are handed to `emit`, in input order, the rest of
/// the chunk and the records read after it are dropped, and the batch
/// stops with an interrupted [`Stop`] counting the deals handed over.
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
    // Hands the chunk's items to `emit`; `Ok(true)` when a signal stopped
    // the searches part way, after the items before the first deal not
    // solved (the output stays in input order).
    let mut flush =
        |chunk: &mut Vec<Item>, progress: &mut Progress, bad: &mut usize, pbn: &mut PbnPieces| -> Result<bool, Stop> {
            if known.len() + chunk.len() > MAX_REMEMBERED {
                known.clear();
            }
            let mut new: Vec<Deal> = Vec::new();
            for item in chunk.iter() {
                if !known.contains_key(&item.deal) && !new.contains(&item.deal) {
                    new.push(item.deal);
                }
            }
            let tables = dds::dd_tables_stoppable(&new, &settings, interrupt::stop_flag());
            let mut failed: HashMap<Deal, dds::Error> = HashMap::new();
            for (deal, table) in new.iter().zip(tables) {
                match table {
                    Ok(table) => {
                        solved += 1;
                        known.insert(*deal, table);
                    }
                    Err(dds::Error::Interrupted) => {}
                    Err(e) => {
                        solved += 1;
                        failed.insert(*deal, e);
                    }
                }
            }
            let stopped = |failure: Failure| Stop { output: true, ..Stop::at(failure, None) };
            let mut cut = false;
            let mut handed = 0;
            for item in chunk.iter() {
                if !known.contains_key(&item.deal) && !failed.contains_key(&item.deal) {
                    // Not solved: a signal stopped the searches.
                    cut = true;
                    break;
                }
                handed += 1;
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
            progress.advance(handed);
            chunk.clear();
            emit.chunk_done(pbn).map_err(stopped)?;
            Ok(cut)
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
            match flush(&mut chunk, &mut progress, &mut bad, &mut records.pbn) {
                Ok(false) => {}
                Ok(true) => {
                    interrupted = true;
                    break;
                }
                Err(e) => {
                    outcome = Err(e);
                    break;
                }
            }
        }
    }
    // The records gathered for a chunk not yet being solved when a signal
    // came are dropped.
    if outcome.is_ok() && !interrupted {
        match flush(&mut chunk, &mut progress, &mut bad, &mut records.pbn) {
            Ok(cut) => interrupted = cut,
            Err(e) => outcome = Err(e),
        }
    }
    progress.finish();
    if total == 0 && records.is_pbn_without_games() {
        eprintln!("dds: {}: {}: nothing to solve", records.name, dds::model::PbnFile::NO_GAMES);
    }
    if options.stats {
        eprintln!("dds: {deals} deals, {solved} distinct solved");
    }
    outcome?;
    let errors = (bad > 0).then(|| format!("{bad} of {total} records had errors"));
    match stop {
        // A bad record read while the chunk before it was being solved
        // was not reached when the signal stopped the searches.
        Some(stop) if !interrupted => Err(stop),
        _ if interrupted => {
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
        _ => errors.map_or(Ok(()), |e| Err(Stop::at(Failure(e), None))),
    }
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
