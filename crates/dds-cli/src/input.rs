//! The input layer shared by the subcommands: a PBN deal given on the
//! command line, a file of deal lines, a PBN file with its tags, LIN, DDS's
//! hand files, or standard input holding any of them (read as it comes).

use std::collections::VecDeque;
use std::io::Read;
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::time::Duration;

use dds::model::{DdsHandLine, DdsHandLineError, Deal, PbnCarry, Seat, Vulnerability};

use crate::Failure;

mod pbn;
mod stdin;

pub(crate) use pbn::PbnPieces;
use stdin::split_pieces;

/// A file or a deal given on the command line, read whole.
pub(crate) struct Source {
    /// A name for messages: the path, `<stdin>` or `<argument>`.
    pub(crate) name: String,
    pub(crate) text: String,
    /// The character set the bytes were in; text written back uses it.
    pub(crate) charset: Charset,
}

/// The character set of an input: the model's rule for PBN files (valid
/// UTF-8 is UTF-8, anything else ISO 8859-1, PBN 2.1's own), applied to
/// every input so that a file comes back in its own bytes.
pub(crate) use dds::model::PbnCharset as Charset;

/// One deal to work on, with what its record says about the board.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    /// The deal as written in the input.
    pub(crate) text: String,
    pub(crate) deal: Deal,
    /// The dealer and vulnerability from the PBN tags (or the board
    /// number), when the input says.
    pub(crate) dealer: Option<Seat>,
    pub(crate) vulnerability: Option<Vulnerability>,
    /// The index of the game in a PBN input.
    pub(crate) game: Option<usize>,
    /// The board number as the record gives it (a PBN `Board` tag, LIN's
    /// board), and a PBN game's `Event` and `Date` (the `#` copy rule
    /// applied).
    pub(crate) board: Option<String>,
    pub(crate) event: Option<String>,
    pub(crate) date: Option<String>,
    /// The place of the record among the input's records, bad ones
    /// included (from 0).
    pub(crate) record: usize,
}

impl Item {
    /// A deal with nothing known of its board.
    fn new(text: String, deal: Deal) -> Item {
        Item {
            text,
            deal,
            dealer: None,
            vulnerability: None,
            game: None,
            board: None,
            event: None,
            date: None,
            record: 0,
        }
    }
}

impl Source {
    /// The file or deal named on the command line: `arg` is a path, or a
    /// PBN deal when no file of that name exists: an existing file always
    /// wins, and anything shaped like a deal (see [`looks_like_deal`]) is
    /// parsed as one, so that a bad deal gets the deal's error rather than
    /// "no such file"; so is LIN text or a BBO link holding a board. An
    /// empty argument is an error of its own.
    fn open_named(arg: &str) -> Result<Source, Failure> {
        match arg {
            arg if std::path::Path::new(arg).exists() => Source::read(arg),
            arg if arg.trim().is_empty() => Err(Failure(
                "the input is empty: give a file, a PBN deal such as \"N:AKQ... ...\", or - for standard input"
                    .to_owned(),
            )),
            arg if looks_like_deal(arg) || dds::model::is_lin(arg) => {
                Ok(Source { name: ARGUMENT.to_owned(), text: arg.to_owned(), charset: Charset::Utf8 })
            }
            path => Source::read(path),
        }
    }

    /// The file at `path`, read whole, in UTF-8 or ISO 8859-1 (see
    /// [`Charset::decode`]). A line longer than [`MAX_LINE`] stops the
    /// reading at once (`/dev/zero` is no file of deals).
    fn read(path: &str) -> Result<Source, Failure> {
        let cannot = |e: std::io::Error| Failure(format!("cannot read {path}: {e}"));
        let mut file = std::fs::File::open(path).map_err(cannot)?;
        let mut bytes = Vec::new();
        let mut chunk = vec![0u8; 1 << 16];
        // The length of the line being read, and its number.
        let (mut line_len, mut line) = (0usize, 1usize);
        loop {
            let n = match file.read(&mut chunk) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(cannot(e)),
            };
            for piece in chunk[..n].split_inclusive(|&b| b == b'\n') {
                line_len += piece.len();
                if line_len > MAX_LINE {
                    return Err(too_long(path, line));
                }
                if piece.ends_with(b"\n") {
                    (line_len, line) = (0, line + 1);
                }
            }
            bytes.extend_from_slice(&chunk[..n]);
        }
        let (text, charset) = Charset::decode(&bytes);
        Ok(Source { name: path.to_owned(), text, charset })
    }
}

/// The longest line read: no deal line, tag pair or LIN board of a real
/// file comes near it, and an input without line ends (`/dev/zero`) fails
/// at once instead of filling the memory.
pub(crate) const MAX_LINE: usize = 4 << 20;

/// The most standard input holds before a record ends: no PBN game (its
/// blank lines and comments before it included) comes near it.
const MAX_RECORD: usize = 64 << 20;

/// The error of a line longer than [`MAX_LINE`].
fn too_long(name: &str, line: usize) -> Failure {
    Failure(format!(
        "{name}: line {line} is longer than {} MiB: not a file of deals, PBN, LIN or DDS's hand files",
        MAX_LINE >> 20
    ))
}

/// The name of standard input in messages.
const STDIN: &str = "<stdin>";
/// The name of a deal given as the argument, in messages.
pub(crate) const ARGUMENT: &str = "<argument>";

/// The formats of input, told apart by content: the model's detector
/// (`InputFormat::of` for a whole text, `InputFormat::of_line` for the
/// first line of standard input).
pub(crate) use dds::model::InputFormat as Format;

/// A piece of the input holding whole records, in input order: the whole
/// text of a file, or what standard input has sent so far.
pub(crate) struct Piece {
    text: String,
    charset: Charset,
    format: Format,
    /// The number (from 1) of its first line in the input.
    line: usize,
}

/// What [`Records::next`] found.
pub(crate) enum Next {
    /// A record, with the index of its PBN game when it has one.
    Record(Option<usize>, Result<Item, Failure>),
    /// Nothing came within the time given.
    Pending,
    /// The input has ended.
    End,
    /// A signal asked the run to stop while it waited for standard input
    /// (see [`crate::interrupt`]): nothing more is read.
    Interrupted,
}

/// How often a wait for standard input with no time limit looks whether a
/// signal has asked the run to stop: a pipe that stays open must not keep
/// an interrupted run waiting.
const POLL: Duration = Duration::from_millis(50);

/// The records of an input, read as they come: a file is read whole,
/// standard input by a thread that hands over each record (each PBN game)
/// as soon as its last line has arrived, so that a program feeding deals
/// gets each answer without waiting for the end. LIN on standard input is
/// read to its end (a LIN board may span lines).
pub(crate) struct Records {
    /// A name for messages: the path, `<stdin>` or `<argument>`.
    pub(crate) name: String,
    pieces: Receiver<Result<Piece, Failure>>,
    /// The format, known from the first piece.
    pub(crate) format: Option<Format>,
    queue: VecDeque<(Option<usize>, Result<Item, Failure>)>,
    /// The PBN games read and not yet written back, for `dds pbn`.
    pub(crate) pbn: PbnPieces,
    /// The values of the last game read, for `#` in the next piece's first
    /// game.
    carry: PbnCarry,
    /// Whether every piece has been read: the records are all queued.
    ended: bool,
    /// The records queued so far, bad ones included.
    count: usize,
    /// The escape lines before the first game of a PBN input (`% PBN 2.1`,
    /// Bridge Composer's `%HRTitleEvent "Club Pairs"`).
    pub(crate) header: Vec<String>,
    /// Whether a PBN game that does not parse is a bad record (the games
    /// after it are read) rather than the end of the input.
    keep_going: bool,
}

impl Records {
    /// The records of `arg`, as [`Source::open`] names it. Standard input
    /// is read as it comes; this waits for its first record to know the
    /// format. With `keep_going`, a PBN game whose text does not parse is a
    /// bad record of its own and the games after it are read (see
    /// [`Records::take_pbn`]); without, it ends the input with its error.
    pub(crate) fn open(arg: Option<&str>, keep_going: bool) -> Result<Records, Failure> {
        match arg {
            None | Some("-") => {
                let (send, pieces) = sync_channel(256);
                std::thread::spawn(move || split_pieces(std::io::stdin().lock(), &send));
                let mut records = Records::new(STDIN, pieces, keep_going);
                records.read_first()?;
                Ok(records)
            }
            // Nothing is solved until the file is read: a signal while it
            // is read stops the run at once.
            Some(arg) => crate::interrupt::while_reading(|| Records::whole(&Source::open_named(arg)?, keep_going)),
        }
    }

    /// The records of `bytes` as if they were a file (`streamed` false) or
    /// came on standard input (`streamed`: split into pieces as
    /// [`Records::open`]'s reader thread splits standard input, here all
    /// at once, on the calling thread), read as `--keep-going` reads them:
    /// a PBN game that does not parse is a bad record and the text after
    /// it is read on. (Without `--keep-going` a run stops at its first bad
    /// record, leaving the rest of a file's text unread but reading on
    /// from standard input, where the two need not agree.) For the fuzz
    /// targets.
    pub(crate) fn from_bytes(bytes: &[u8], streamed: bool) -> Result<Records, Failure> {
        if !streamed {
            let (text, charset) = Charset::decode(bytes);
            return Records::whole(&Source { name: "<input>".to_owned(), text, charset }, true);
        }
        // Room for every piece: at most one a line.
        let (send, pieces) = sync_channel(bytes.iter().filter(|&&b| b == b'\n').count() + 1);
        split_pieces(bytes, &send);
        drop(send);
        let mut records = Records::new("<input>", pieces, true);
        records.read_first()?;
        Ok(records)
    }

    /// The records of a source read whole, all queued.
    fn whole(source: &Source, keep_going: bool) -> Result<Records, Failure> {
        // No piece comes through the channel: its sender is gone.
        let (_, pieces) = sync_channel(0);
        let format = match source.name == ARGUMENT {
            true if dds::model::is_lin(&source.text) => Some(Format::Lin),
            true => Some(Format::Deals),
            false => Format::of(&source.text),
        };
        let mut records = Records::new(&source.name, pieces, keep_going);
        records.format = format;
        records.ended = true;
        let piece = Piece {
            text: source.text.clone(),
            charset: source.charset,
            format: format.unwrap_or(Format::Deals),
            line: 1,
        };
        records.take(piece)?;
        Ok(records)
    }

    fn new(name: &str, pieces: Receiver<Result<Piece, Failure>>, keep_going: bool) -> Records {
        Records {
            name: name.to_owned(),
            pieces,
            format: None,
            queue: VecDeque::new(),
            pbn: PbnPieces::default(),
            carry: PbnCarry::default(),
            ended: false,
            count: 0,
            header: Vec::new(),
            keep_going,
        }
    }

    /// Queues a record, numbering it among the input's records.
    fn push(&mut self, game: Option<usize>, mut item: Result<Item, Failure>) {
        if let Ok(item) = item.as_mut() {
            item.record = self.count;
        }
        self.count += 1;
        self.queue.push_back((game, item));
    }

    /// Reads the rest of the input (standard input to its end), so that
    /// every record is queued; `false` when a signal stopped the reading.
    pub(crate) fn read_all(&mut self) -> Result<bool, Failure> {
        while !self.ended {
            match self.receive() {
                Some(Some(piece)) => self.take(piece?)?,
                Some(None) => self.ended = true,
                None => return Ok(false),
            }
        }
        Ok(true)
    }

    /// The records queued and not yet taken, in input order.
    pub(crate) fn queued(&self) -> impl Iterator<Item = &Result<Item, Failure>> + '_ {
        self.queue.iter().map(|(_, item)| item)
    }

    /// Whether the input is a PBN file (or text) that holds no game: only
    /// its header, such as `% PBN 2.1` and `% EXPORT`. Known once the
    /// input has been read.
    pub(crate) fn is_pbn_without_games(&self) -> bool {
        self.ended && self.format == Some(Format::Pbn) && self.pbn.games() == 0
    }

    /// Waits for the first piece, which tells the format. A signal that
    /// comes first ends the run: nothing has been read to work on.
    fn read_first(&mut self) -> Result<(), Failure> {
        match self.receive() {
            Some(Some(piece)) => self.take(piece?),
            Some(None) => {
                self.ended = true;
                Ok(())
            }
            None => Err(Failure("interrupted before any input was read: nothing is written".to_owned())),
        }
    }

    /// The next piece of standard input, waiting for it as long as it
    /// takes; `Some(None)` once the input has ended, `None` when a signal
    /// asks the run to stop first (looked at every [`POLL`]).
    fn receive(&mut self) -> Option<Option<Result<Piece, Failure>>> {
        loop {
            match self.pieces.recv_timeout(POLL) {
                Ok(piece) => return Some(Some(piece)),
                Err(RecvTimeoutError::Disconnected) => return Some(None),
                Err(RecvTimeoutError::Timeout) if crate::interrupt::requested() => return None,
                Err(RecvTimeoutError::Timeout) => {}
            }
        }
    }

    /// The number of records, when the input has been read whole.
    pub(crate) fn known_total(&self) -> Option<usize> {
        self.ended.then_some(self.queue.len())
    }

    /// The next record, waiting at most `wait` for it to arrive (if `None`,
    /// until it comes or a signal asks the run to stop:
    /// [`Next::Interrupted`]). An error is fatal: the input cannot be read
    /// on.
    pub(crate) fn next(&mut self, wait: Option<Duration>) -> Result<Next, Failure> {
        loop {
            if let Some((game, item)) = self.queue.pop_front() {
                return Ok(Next::Record(game, item));
            }
            if self.ended {
                return Ok(Next::End);
            }
            let piece = match wait {
                None => match self.receive() {
                    Some(piece) => piece,
                    None => return Ok(Next::Interrupted),
                },
                Some(wait) => match self.pieces.recv_timeout(wait) {
                    Ok(piece) => Some(piece),
                    Err(RecvTimeoutError::Timeout) => return Ok(Next::Pending),
                    Err(RecvTimeoutError::Disconnected) => None,
                },
            };
            match piece {
                Some(piece) => self.take(piece?)?,
                None => self.ended = true,
            }
        }
    }

    /// Queues the records of a piece.
    fn take(&mut self, piece: Piece) -> Result<(), Failure> {
        let format = *self.format.get_or_insert(piece.format);
        match format {
            Format::Pbn => return self.take_pbn(piece),
            Format::Lin => {
                for item in lin_items(&self.name, &piece.text) {
                    self.push(None, item);
                }
            }
            Format::DdsHands => {
                for (offset, line) in piece.text.lines().enumerate() {
                    let label = format!("{}:{}", self.name, piece.line + offset);
                    if let Some(item) = dds_hands_item(&label, line.trim_start_matches('\u{feff}').trim()) {
                        self.push(None, item);
                    }
                }
            }
            Format::Deals => {
                for (offset, text) in Format::deal_lines(&piece.text) {
                    let label = format!("{}:{}", self.name, piece.line + offset);
                    self.push(None, full_deal(&label, text).map(|deal| Item::new(text.to_owned(), deal)));
                }
            }
        }
        Ok(())
    }
}

/// The boards of a LIN text (BBO's hand records and movies), with
/// the dealer of `md|` and the vulnerability of `sv|` (or of the board
/// number when `sv|` is absent).
fn lin_items(name: &str, text: &str) -> Vec<Result<Item, Failure>> {
    dds::model::parse_lin(text)
        .into_iter()
        .map(|board| {
            let board = board.map_err(|e| Failure(format!("{name}: {e}")))?;
            let mut item = Item::new(board.deal.to_string(), board.deal);
            item.dealer = Some(board.dealer);
            item.vulnerability = board.vulnerability_or_board();
            item.board = board.board.map(|b| b.to_string());
            Ok(item)
        })
        .collect()
}

/// The record of a line of DDS's hand files: a `PBN dealer vul trump
/// first "deal"` line (the model's [`DdsHandLine`]) is a full deal with its
/// dealer and vulnerability; the other lines (`NUMBER`, `FUT`, `TABLE`,
/// `PAR`, ...) and blank lines are read past.
fn dds_hands_item(label: &str, line: &str) -> Option<Result<Item, Failure>> {
    if !line.starts_with(DdsHandLine::TAG) {
        return None;
    }
    Some(match DdsHandLine::parse(line) {
        Ok(read) => dds::full_deal(&read.deal).map_err(|e| Failure(format!("{label}: {e}"))).map(|deal| {
            let mut item = Item::new(read.deal_text, deal);
            item.dealer = Some(read.dealer);
            item.vulnerability = Some(read.vulnerability);
            item
        }),
        Err(DdsHandLineError::InvalidDeal(e)) => Err(Failure(format!("{label}: {e}"))),
        Err(e) => Err(Failure(format!("{label}: {e} (expected PBN dealer vul trump first \"deal\")"))),
    })
}

/// Whether a command-line argument that names no file is meant as a deal:
/// one character and a colon first (a first seat, good or bad: `N:...`,
/// `X:...`, `N:`), or two to four hands separated by spaces, each `-` or
/// four suits with three dots between them (a deal without its first
/// seat, or with a hand missing). Such an argument is parsed as a deal, so
/// its error says what is wrong with it.
fn looks_like_deal(arg: &str) -> bool {
    let arg = arg.trim();
    let mut chars = arg.chars();
    if chars.next().is_some() && chars.next() == Some(':') {
        return true;
    }
    let hands: Vec<&str> = arg.split_whitespace().collect();
    (2..=4).contains(&hands.len()) && hands.iter().all(|h| *h == "-" || h.matches('.').count() == 3)
}

/// A valid full deal from its text, or a message naming `label`.
pub(crate) fn full_deal(label: &str, text: &str) -> Result<Deal, Failure> {
    let deal: Deal = text.parse().map_err(|e| Failure(format!("{label}: {e}")))?;
    dds::full_deal(&deal).map_err(|e| Failure(format!("{label}: {e}")))
}
