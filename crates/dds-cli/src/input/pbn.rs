//! PBN input: the games of a piece of PBN text queued as records (the
//! copy rule applied across pieces, a game that does not parse skipped
//! under `--keep-going`), the pieces kept for `dds pbn` to write back, and
//! the line scanner that tells where a game ends on standard input.

use std::collections::VecDeque;

use dds::model::{PbnCarry, PbnFile, PbnGame, PbnRecords};

use super::{full_deal, Charset, Item, Piece, Records};
use crate::Failure;

impl Records {
    /// Queues the games of a PBN piece and keeps the piece for writing.
    ///
    /// In a text that does not parse, the game holding the error (from the
    /// blank line before the bad line to the blank line after it) is a bad
    /// record, kept as it was written for `dds pbn`, after the games before
    /// it: a run that stops at it writes their results first. When the run
    /// keeps going, the text after it is read on (its tags are not read, so
    /// a `#` after it copies nothing); else the rest of the piece is left
    /// unread, the run stopping at the bad record. An error without a line
    /// ends the input.
    pub(super) fn take_pbn(&mut self, piece: Piece) -> Result<(), Failure> {
        let (mut rest, mut line) = (piece.text.as_str(), piece.line);
        // A byte-order mark is the input's own on its first line only;
        // further on it opens a game, as the whole text would be read.
        let parse = |text: &str, line: usize| {
            if line == 1 {
                PbnFile::parse(text)
            } else {
                PbnFile::parse_continued(text)
            }
        };
        loop {
            // A piece of standard input is parsed on its own: its error
            // names the line and game in the whole input.
            let error = match parse(rest, line) {
                Ok(file) => {
                    self.take_pbn_file(file, piece.charset, line);
                    return Ok(());
                }
                Err(e) => e,
            };
            let bad_line = error.line();
            let error = error.in_longer_text(line, self.pbn.games);
            let Some(bad_line) = bad_line else {
                return Err(Failure(format!("{}: {error}", self.name)));
            };
            let (start, end) = bad_game_span(rest, bad_line);
            // The games before the bad one parsed (the error is the first
            // in the text); a blank line inside a comment can make the cut
            // fall where they do not, and then the error ends the input.
            let before = parse(&rest[..start], line).map_err(|_| Failure(format!("{}: {error}", self.name)))?;
            self.take_pbn_file(before, piece.charset, line);
            let game = self.pbn.games;
            if game == 0 && self.header.is_empty() {
                // The file's header lines (Bridge Composer's title) are in
                // front of a broken first game.
                self.header = rest[start..end]
                    .lines()
                    .map(|l| l.trim_start_matches('\u{feff}').trim_end_matches('\r'))
                    .take_while(|l| l.starts_with('%') || l.trim().is_empty())
                    .filter(|l| l.starts_with('%'))
                    .map(str::to_owned)
                    .collect();
            }
            self.push(Some(game), Err(Failure(format!("{}: game {}: {error}", self.name, game + 1))));
            self.carry = PbnCarry::default();
            self.pbn.games += 1;
            let text = rest[start..end].to_owned();
            self.pbn.pieces.push_back(PbnPiece::bad(game, text, piece.charset));
            line += rest[..end].matches('\n').count();
            rest = &rest[end..];
            if rest.is_empty() || !self.keep_going {
                return Ok(());
            }
        }
    }

    /// Queues the games of a parsed PBN text whose first line is line
    /// `line` of the input, and keeps it for writing.
    fn take_pbn_file(&mut self, file: PbnFile, charset: Charset, line: usize) {
        for c in file.runaway_comments() {
            let (opens, swallows) = (line - 1 + c.opens, line - 1 + c.swallows);
            eprintln!(
                "dds: warning: {}: the comment opened on line {opens} runs over a blank line into line {swallows}, \
                 which starts like a new game; is a '}}' missing? The text is read as written",
                self.name
            );
        }
        let base = self.pbn.games;
        if base == 0 {
            self.header = file.header_lines().map(str::to_owned).collect();
        }
        let tags = Tags::new(&file, &self.carry, base, line - 1);
        let mut items = Vec::new();
        for g in 0..file.games().len() {
            tags.warn(&self.name, g);
            if let Some(item) = tags.item(&self.name, g) {
                items.push((Some(base + g), item));
            }
        }
        if !file.games().is_empty() {
            self.carry = tags.records.carry();
        }
        for (game, item) in items {
            self.push(game, item);
        }
        self.pbn.games += file.games().len();
        self.pbn.pieces.push_back(PbnPiece { base, text: Text::Games(file), charset, written: 0, head_written: false });
    }
}

/// Where a game that does not parse lies in `text`: from the line after
/// the last blank line before line `bad` (from 1) to the first line that
/// is not blank after the blank line that ends it (the game and the blank
/// lines after it, as a game's text runs), as byte offsets. A blank line
/// inside a `{` comment ends no game: lines are read as standard input's
/// games are told apart ([`scan_pbn_line`]).
fn bad_game_span(text: &str, bad: usize) -> (usize, usize) {
    let blank = |line: &str| line.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
    let scan = |line: &str, open: bool| scan_pbn_line(line.trim_start_matches('\u{feff}').trim().as_bytes(), open).0;
    let (mut start, mut offset, mut open) = (0, 0, false);
    let mut lines = text.split_inclusive('\n').enumerate();
    for (i, line) in lines.by_ref() {
        open = scan(line, open);
        offset += line.len();
        if i + 1 >= bad {
            break;
        }
        if blank(line) && !open {
            start = offset;
        }
    }
    // Past the bad line: to the first blank line outside a comment, then
    // past the blank lines.
    let mut ended = false;
    for (_, line) in lines {
        open = scan(line, open);
        if blank(line) && !open {
            ended = true;
        } else if ended {
            break;
        }
        offset += line.len();
    }
    (start, offset)
}

/// The PBN games of the input not yet written back, piece by piece.
#[derive(Default)]
pub(crate) struct PbnPieces {
    pieces: VecDeque<PbnPiece>,
    /// The games read.
    games: usize,
}

/// A piece of a PBN input.
struct PbnPiece {
    /// The index in the input of its first game.
    base: usize,
    text: Text,
    charset: Charset,
    /// Its games written so far, and whether its head is.
    written: usize,
    head_written: bool,
}

/// The text of a piece: parsed games, or one game that does not parse,
/// written back as it was read.
enum Text {
    Games(PbnFile),
    Bad(String),
}

impl PbnPiece {
    /// A game that does not parse, index `base` in the input.
    fn bad(base: usize, text: String, charset: Charset) -> PbnPiece {
        PbnPiece { base, text: Text::Bad(text), charset, written: 0, head_written: true }
    }

    /// The games of the piece.
    fn count(&self) -> usize {
        match &self.text {
            Text::Games(file) => file.games().len(),
            Text::Bad(_) => 1,
        }
    }
}

impl PbnPieces {
    /// The games read so far.
    pub(crate) fn games(&self) -> usize {
        self.games
    }

    /// Game `g` of the input, to change its tags; `None` once written.
    pub(crate) fn game_mut(&mut self, g: usize) -> Option<&mut PbnGame> {
        let piece = self.pieces.iter_mut().find(|p| (p.base..p.base + p.count()).contains(&g))?;
        match &mut piece.text {
            Text::Games(file) => file.games_mut().get_mut(g - piece.base),
            Text::Bad(_) => None,
        }
    }

    /// The bytes of the input not yet taken up to game `to` (not
    /// included), each piece in the character set it was read in: the
    /// pieces taken one after the other are the whole input, with its
    /// changes. `None` takes everything.
    pub(crate) fn take_through(&mut self, to: Option<usize>) -> Result<Vec<u8>, Failure> {
        let mut bytes = Vec::new();
        while let Some(piece) = self.pieces.front_mut() {
            let count = piece.count();
            let end = to.map_or(count, |to| to.saturating_sub(piece.base).min(count));
            let starts = to.is_none_or(|to| piece.base < to || (count == 0 && piece.base <= to));
            if !starts {
                break;
            }
            let mut text = String::new();
            match &piece.text {
                Text::Games(file) => {
                    if !piece.head_written {
                        text.push_str(file.head());
                        piece.head_written = true;
                    }
                    for game in &file.games()[piece.written.min(end)..end] {
                        text.push_str(&game.to_string());
                    }
                }
                Text::Bad(bad) if piece.written < end => text.push_str(bad),
                Text::Bad(_) => {}
            }
            piece.written = piece.written.max(end);
            bytes.extend(
                piece
                    .charset
                    .encode(&text)
                    .map_err(|c| Failure(format!("{c:?} cannot be written in the file's ISO 8859-1")))?,
            );
            if piece.written < count {
                break;
            }
            self.pieces.pop_front();
        }
        Ok(bytes)
    }
}

/// Reads one line of a PBN file as `PbnFile` does, to know where a game
/// ends on standard input: whether a `{` comment is open at the end of
/// the line (given whether one was at its start) and whether the line
/// holds a tag pair. Tag values are skipped (a brace in a quoted value
/// opens nothing), as are `;` comments and, at a line's start, `%`
/// escape lines.
pub(super) fn scan_pbn_line(line: &[u8], mut open: bool) -> (bool, bool) {
    let mut tag = false;
    if !open && line.first() == Some(&b'%') {
        return (false, false);
    }
    let mut i = 0;
    while i < line.len() {
        if open {
            match line[i..].iter().position(|&c| c == b'}') {
                Some(k) => {
                    open = false;
                    i += k + 1;
                }
                None => return (true, tag),
            }
            continue;
        }
        match line[i] {
            b'{' => open = true,
            b';' => return (false, tag),
            b'[' => {
                tag = true;
                // The value, in quotes with `\"` and `\\` escapes, then the
                // closing bracket; a tag that breaks off fails when parsed.
                let Some(k) = line[i..].iter().position(|&c| c == b'"') else { return (false, tag) };
                i += k + 1;
                loop {
                    match line.get(i) {
                        None => return (false, tag),
                        Some(b'\\') if matches!(line.get(i + 1), Some(b'"' | b'\\')) => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                match line[i..].iter().position(|&c| c == b']') {
                    Some(k) => i += k,
                    None => return (false, tag),
                }
            }
            _ => {}
        }
        i += 1;
    }
    (open, tag)
}

/// The tags the `dds` command reads or writes. Their names are
/// case-sensitive, and only the first of each in a game counts.
const KNOWN_TAGS: [&str; 8] =
    ["Board", "Dealer", "Vulnerable", "Deal", "DoubleDummyTricks", "OptimumResultTable", "ParContract", "OptimumScore"];

/// The tags of a PBN piece's games, with the copy rule applied across
/// pieces, and their place in the input for messages.
struct Tags<'a> {
    file: &'a PbnFile,
    /// The games read as boards, `#` in the first game standing for the
    /// last value of the piece before.
    records: PbnRecords<'a>,
    /// The index in the input of the piece's first game, and the number of
    /// lines before the piece.
    base: usize,
    line: usize,
}

impl<'a> Tags<'a> {
    /// The tags of `file`, a `#` in its first game standing for the value
    /// in `carry` (the game before the piece).
    fn new(file: &'a PbnFile, carry: &'a PbnCarry, base: usize, line: usize) -> Tags<'a> {
        Tags { file, records: file.records_after(carry), base, line }
    }

    /// The board number of game `g`, from its `Board` tag.
    fn board_number(&self, g: usize) -> Option<u32> {
        self.records.board_number(g)
    }

    /// Game `g` of the input `name` for messages: `boards.pbn: game 3
    /// (board 3)`.
    fn label(&self, name: &str, g: usize) -> String {
        match self.board_number(g) {
            Some(b) => format!("{name}: game {} (board {b})", self.base + g + 1),
            None => format!("{name}: game {}", self.base + g + 1),
        }
    }

    /// Warns on standard error about the tags of game `g` that are read
    /// past: a known tag spelled in another case (`[deal]` is not
    /// `[Deal]`, and is not read), and a known tag given more than once
    /// (the first is read).
    fn warn(&self, name: &str, g: usize) {
        let tags = self.file.games()[g].tags();
        for known in KNOWN_TAGS {
            let count = tags.iter().filter(|t| t.name() == known).count();
            if count > 1 {
                eprintln!("dds: warning: {}: {count} [{known}] tags; the first is used", self.label(name, g));
            }
        }
        for tag in tags {
            let other_case = KNOWN_TAGS.iter().find(|k| tag.name() != **k && tag.name().eq_ignore_ascii_case(k));
            if let Some(known) = other_case {
                let line = tag.line().map_or(String::new(), |l| format!(" (line {})", self.line + l));
                eprintln!(
                    "dds: warning: {}: tag [{}]{line} is not read: tag names are case-sensitive, expected [{known}]",
                    self.label(name, g),
                    tag.name(),
                );
            }
        }
    }

    /// The record of game `g`: `None` for a game without a deal (a header
    /// game), else the deal with its dealer and vulnerability, or the
    /// message for a bad one.
    fn item(&self, name: &str, g: usize) -> Option<Result<Item, Failure>> {
        let label = self.label(name, g);
        let record = match self.records.record(g)? {
            Ok(record) => record,
            Err(e) => return Some(Err(Failure(format!("{label}: {e}")))),
        };
        let result = full_deal(&label, record.deal_text).map(|deal| {
            let mut item = Item::new(record.deal_text.to_owned(), deal);
            item.dealer = record.dealer;
            item.vulnerability = record.vulnerability;
            item.game = Some(self.base + g);
            item.board = record.board.map(str::to_owned);
            item.event = record.event.map(str::to_owned);
            item.date = record.date.map(str::to_owned);
            item
        });
        Some(result)
    }
}
