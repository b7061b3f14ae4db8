//! `dds pbn`: adds the double dummy results and par of every game to a PBN
//! file (DoubleDummyTricks, OptimumResultTable, ParContract and
//! OptimumScore), keeping everything else byte for byte, or prints them as
//! JSON lines.

use std::io::{self, Write};
use std::path::Path;

use dds::model::{Seat, Vulnerability};
use dds::DdTable;

use crate::batch::{run_tables, with_place, Emit, RunOptions, Stop};
use crate::input::{self, Format, Item, PbnPieces, Records};
use crate::output::{stdout_error, OutputFile};
use crate::{json, Failure};

/// Where `dds pbn` writes: standard output, or an output file (see
/// [`OutputFile`]: a temporary file renamed over the file at the end, or a
/// device or pipe written directly).
enum PbnSink {
    Stdout(io::StdoutLock<'static>),
    File(OutputFile),
}

impl PbnSink {
    fn open(output: Option<&Path>) -> Result<PbnSink, Failure> {
        match output {
            None => Ok(PbnSink::Stdout(io::stdout().lock())),
            Some(path) => Ok(PbnSink::File(crate::interrupt::while_opening(|| OutputFile::create(path))?)),
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        match self {
            PbnSink::Stdout(out) => out.write_all(bytes).map_err(|e| stdout_error(&e)),
            PbnSink::File(out) => out.write_all(bytes).map_err(|e| out.write_error(&e)),
        }
    }

    fn flush(&mut self) -> Result<(), Failure> {
        match self {
            PbnSink::Stdout(out) => out.flush().map_err(|e| stdout_error(&e)),
            PbnSink::File(out) => out.flush(),
        }
    }

    /// Flushes the text and puts the output file in place.
    fn finish(self) -> Result<(), Failure> {
        match self {
            PbnSink::Stdout(mut out) => out.flush().map_err(|e| stdout_error(&e)),
            PbnSink::File(out) => out.finish(),
        }
    }

    /// The temporary file, when the output goes through one.
    fn part(&self) -> Option<&Path> {
        match self {
            PbnSink::File(out) => out.part(),
            PbnSink::Stdout(_) => None,
        }
    }

    /// Where the text goes, for messages.
    fn name(&self) -> String {
        match self {
            PbnSink::File(out) => out.path().display().to_string(),
            PbnSink::Stdout(_) => "standard output".to_owned(),
        }
    }

    /// Drops the output: a temporary file is removed.
    fn discard(self) {
        if let PbnSink::File(out) = self {
            out.discard();
        }
    }
}

/// `dds pbn`'s results, written as they come: the tags of each game
/// solved, and the text of every game up to it at the end of each chunk.
struct PbnWriter {
    json: bool,
    sink: PbnSink,
    /// One past the last game handed over.
    done: usize,
    /// The games whose text (or JSON record) has been written and flushed.
    written: usize,
}

impl PbnWriter {
    /// Writes the input's text not yet written up to game `to` (not
    /// included; `None`: to the end), so that the pieces written one after
    /// the other are the whole input. JSON output drops the text.
    fn write_through(&mut self, pbn: &mut PbnPieces, to: Option<usize>) -> Result<(), Failure> {
        let bytes = pbn.take_through(to)?;
        if !self.json && !bytes.is_empty() {
            self.sink.write(&bytes)?;
        }
        self.sink.flush()?;
        if !self.json {
            self.written = self.written.max(to.unwrap_or(pbn.games()));
        }
        Ok(())
    }

    /// The message of a failed write: what failed, and what was and was
    /// not written. A temporary file is removed (what it holds is cut off
    /// at an unknown place) and the output file left as it was.
    fn failed(self, Failure(message): Failure) -> Failure {
        let games = |n: usize| if n == 1 { "game 1".to_owned() } else { format!("games 1 to {n}") };
        let what = if self.json { "the results of " } else { "" };
        let written = match (self.sink.part(), self.written) {
            (Some(_), _) => format!("nothing is written ({} is left as it was)", self.sink.name()),
            (None, 0) => "nothing is written".to_owned(),
            (None, n) => {
                format!("{what}{} are written to {}, the games after them are not", games(n), self.sink.name())
            }
        };
        self.sink.discard();
        Failure(format!("{message}; {written}"))
    }
}

impl Emit for PbnWriter {
    fn item(&mut self, item: &Item, table: &DdTable, pbn: &mut PbnPieces) -> Result<(), Failure> {
        let Some(g) = item.game else { return Ok(()) };
        self.done = g + 1;
        let dealer = item.dealer.unwrap_or(Seat::North);
        let vulnerability = item.vulnerability.unwrap_or(Vulnerability::None);
        if self.json {
            let dealer_par = table.dealer_par(dealer, vulnerability);
            let sides = table.par(vulnerability);
            let record = json::par_record(&item.text, table, dealer, vulnerability, &dealer_par, &sides);
            let line = format!("{}\n", with_place(item, record, true));
            self.sink.write(line.as_bytes())?;
            self.written = g + 1;
            return Ok(());
        }
        let Some(game) = pbn.game_mut(g) else { return Ok(()) };
        dds::pbn::add_results(game, table, dealer, vulnerability)?;
        Ok(())
    }

    fn chunk_done(&mut self, pbn: &mut PbnPieces) -> Result<(), Failure> {
        self.write_through(pbn, Some(self.done))
    }
}

/// Runs `dds pbn`.
pub(crate) fn run(file: Option<&str>, output: Option<&Path>, json: bool, options: &RunOptions) -> Result<(), Failure> {
    let mut records = Records::open(file, options.keep_going)?;
    if records.name == input::ARGUMENT || records.format != Some(Format::Pbn) {
        let hint = match records.format {
            Some(Format::Lin | Format::DdsHands | Format::Deals) => {
                "; dds table and dds par read deal lines, LIN and DDS's hand files"
            }
            _ => "",
        };
        return Err(Failure(format!("{}: not a PBN file (no tags){hint}", records.name)));
    }
    let sink = PbnSink::open(if json { None } else { output })?;
    let mut writer = PbnWriter { json, sink, done: 0, written: 0 };
    // Each chunk's games are written as soon as they are solved, in the
    // character set they were read in, so that every byte outside the new
    // tags is the byte read. With --keep-going a bad game is left as it
    // was.
    let result = run_tables(&mut records, options, &mut writer);
    // Writes the rest of the input and puts the output in place; a failed
    // write says what was written.
    let finish = |mut writer: PbnWriter, pbn: &mut PbnPieces| -> Result<(), Failure> {
        if let Err(failure) = writer.write_through(pbn, None) {
            return Err(writer.failed(failure));
        }
        writer.sink.finish()
    };
    match result {
        Ok(()) => finish(writer, &mut records.pbn),
        Err(stop) if stop.interrupted => Err(interrupted(writer, &mut records.pbn, output)),
        Err(stop) if stop.output => Err(writer.failed(stop.failure)),
        Err(Stop { failure, .. }) if options.keep_going => {
            finish(writer, &mut records.pbn)?;
            Err(failure)
        }
        Err(Stop { failure: Failure(message), game, .. }) => {
            // Stopped at a bad game, or at a piece of standard input that
            // is not PBN (every game read before it was solved): the games
            // before it are written.
            let stop = game.unwrap_or(records.pbn.games());
            if json {
                return Err(Failure(format!("{message}; stopped at game {}", stop + 1)));
            }
            if let Err(failure) = writer.write_through(&mut records.pbn, Some(stop)) {
                return Err(writer.failed(failure));
            }
            if let (Some(out), Some(part)) = (output, writer.sink.part()) {
                if crate::output::is_input(out, file) {
                    // The output is the input: a partial file must not
                    // replace it.
                    let part = part.display().to_string();
                    writer.sink.flush()?;
                    return Err(Failure(format!(
                        "{message}; stopped at game {}: {} is left as it was, and the games before it are in {part}",
                        stop + 1,
                        out.display()
                    )));
                }
            }
            let name = writer.sink.name();
            writer.sink.finish()?;
            Err(Failure(format!("{message}; stopped at game {}: the games before it are written to {name}", stop + 1)))
        }
    }
}

/// Ends a `dds pbn` run stopped by a signal after the chunk in progress:
/// the text through the last game solved (the chunk's games were written
/// as it ended) is flushed, and the message says where it is. An output
/// file is left as it was; the games done stay in `FILE.part`, which is
/// removed when no game was done. A device or pipe named by `-o` has had
/// the games written to it.
fn interrupted(mut writer: PbnWriter, pbn: &mut PbnPieces, output: Option<&Path>) -> Failure {
    let done = writer.done;
    if let Err(failure) = writer.write_through(pbn, Some(done)) {
        return writer.failed(failure);
    }
    let output = output.filter(|_| !writer.json);
    let part = writer.sink.part().map(|p| p.display().to_string());
    if done == 0 {
        let kept = match (output, &part) {
            (Some(out), Some(_)) => format!(" ({} is left as it was)", out.display()),
            _ => String::new(),
        };
        writer.sink.discard();
        return Failure(format!("interrupted before any game was solved: nothing is written{kept}"));
    }
    let games = if done == 1 { "game 1".to_owned() } else { format!("games 1 to {done}") };
    let stopped = format!("interrupted: stopped after game {done}");
    let rest = "the games after them are not solved";
    let name = writer.sink.name();
    match (output, part) {
        _ if writer.json => {
            Failure(format!("{stopped}: the results of {games} are written to standard output; {rest}"))
        }
        (Some(out), Some(part)) => Failure(format!(
            "{stopped}: {} is left as it was, and {games}, with their results, are in {part}; {rest}",
            out.display(),
        )),
        _ => Failure(format!("{stopped}: {games}, with their results, are written to {name}; {rest}")),
    }
}
