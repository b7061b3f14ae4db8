//! The input layer shared by the subcommands: a PBN deal given on the
//! command line, a file of deal lines, a PBN file with its tags, or standard
//! input holding either.

use std::io::Read;

use dds::model::{dealer_for_board, Deal, PbnFile, Seat, Vulnerability};

use crate::Failure;

/// Where the deals come from, read whole.
pub(crate) struct Source {
    /// A name for messages: the path, `<stdin>` or `<argument>`.
    pub(crate) name: String,
    pub(crate) text: String,
    /// The character set the bytes were in; text written back uses it.
    pub(crate) charset: Charset,
}

/// The character set of an input: UTF-8 (with or without a byte order
/// mark, which stays in the text) when the bytes are valid UTF-8, else ISO
/// 8859-1, PBN 2.1's own character set, in which every byte is a character.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Charset {
    Utf8,
    Latin1,
}

impl Charset {
    /// The text of `bytes` and their character set, decided for the whole
    /// input: valid UTF-8 is UTF-8, anything else is ISO 8859-1.
    pub(crate) fn decode(bytes: Vec<u8>) -> (String, Charset) {
        match String::from_utf8(bytes) {
            Ok(text) => (text, Charset::Utf8),
            Err(e) => (e.into_bytes().into_iter().map(char::from).collect(), Charset::Latin1),
        }
    }

    /// `text` in this character set: decoded text encodes back to the same
    /// bytes. A character ISO 8859-1 lacks is an error.
    pub(crate) fn encode(self, text: &str) -> Result<Vec<u8>, Failure> {
        match self {
            Charset::Utf8 => Ok(text.as_bytes().to_vec()),
            Charset::Latin1 => text
                .chars()
                .map(|c| {
                    u8::try_from(u32::from(c))
                        .map_err(|_| Failure(format!("{c:?} cannot be written in the file's ISO 8859-1")))
                })
                .collect(),
        }
    }
}

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
    /// The index of the game in a PBN file.
    pub(crate) game: Option<usize>,
}

impl Source {
    /// `arg` is a path, `-` or nothing for standard input, or a PBN deal
    /// when no file of that name exists: an existing file always wins, and
    /// anything shaped like a deal (see [`looks_like_deal`]) is parsed as
    /// one, so that a bad deal gets the deal's error rather than "no such
    /// file". An empty argument is an error of its own.
    pub(crate) fn open(arg: Option<&str>) -> Result<Source, Failure> {
        match arg {
            None | Some("-") => {
                let mut bytes = Vec::new();
                std::io::stdin().read_to_end(&mut bytes).map_err(|e| Failure(format!("<stdin>: {e}")))?;
                let (text, charset) = Charset::decode(bytes);
                Ok(Source { name: "<stdin>".to_owned(), text, charset })
            }
            Some(arg) if std::path::Path::new(arg).exists() => Source::read(arg),
            Some(arg) if arg.trim().is_empty() => Err(Failure(
                "the input is empty: give a file, a PBN deal such as \"N:AKQ... ...\", or - for standard input"
                    .to_owned(),
            )),
            Some(arg) if looks_like_deal(arg) => {
                Ok(Source { name: "<argument>".to_owned(), text: arg.to_owned(), charset: Charset::Utf8 })
            }
            Some(path) => Source::read(path),
        }
    }

    /// The file at `path`, read whole, in UTF-8 or ISO 8859-1 (see
    /// [`Charset::decode`]).
    fn read(path: &str) -> Result<Source, Failure> {
        let bytes = std::fs::read(path).map_err(|e| Failure(format!("cannot read {path}: {e}")))?;
        let (text, charset) = Charset::decode(bytes);
        Ok(Source { name: path.to_owned(), text, charset })
    }

    /// Whether the text is a PBN file (tags) rather than deal lines.
    pub(crate) fn is_pbn(&self) -> bool {
        self.text
            .lines()
            .map(|l| l.trim_start_matches('\u{feff}').trim())
            .find(|l| !l.is_empty() && !l.starts_with('%') && !l.starts_with(';'))
            .is_some_and(|l| l.starts_with('[') || l.starts_with('{'))
    }

    /// The PBN file, parsed.
    pub(crate) fn pbn(&self) -> Result<PbnFile, Failure> {
        PbnFile::parse(&self.text).map_err(|e| Failure(format!("{}: {e}", self.name)))
    }

    /// Every record: a deal ready to solve (valid and full), or the message
    /// for a bad one.
    pub(crate) fn items(&self) -> Result<Vec<Result<Item, Failure>>, Failure> {
        if self.is_pbn() {
            Ok(self.pbn_items(&self.pbn()?))
        } else if dds::model::is_lin(&self.text) {
            Ok(self.lin_items())
        } else {
            Ok(self
                .text
                .lines()
                .enumerate()
                .filter_map(|(number, line)| {
                    let text = line.trim_start_matches('\u{feff}').trim();
                    if text.is_empty() || text.starts_with('#') {
                        return None;
                    }
                    let label = format!("{}:{}", self.name, number + 1);
                    Some(full_deal(&label, text).map(|deal| Item {
                        text: text.to_owned(),
                        deal,
                        dealer: None,
                        vulnerability: None,
                        game: None,
                    }))
                })
                .collect())
        }
    }

    /// The boards of a LIN text (BBO's hand records and movies), with
    /// the dealer of `md|` and the vulnerability of `sv|` (or of the board
    /// number when `sv|` is absent).
    fn lin_items(&self) -> Vec<Result<Item, Failure>> {
        dds::model::parse_lin(&self.text)
            .into_iter()
            .map(|board| {
                let board = board.map_err(|e| Failure(format!("{}: {e}", self.name)))?;
                Ok(Item {
                    text: board.deal.to_string(),
                    deal: board.deal,
                    dealer: Some(board.dealer),
                    vulnerability: board.vulnerability.or_else(|| board.board.and_then(Vulnerability::for_board)),
                    game: None,
                })
            })
            .collect()
    }

    /// The records of `file`, this source's PBN file already parsed: one
    /// per game with a deal.
    /// Tags that are read past (see [`warn_about_tags`]) are reported on
    /// standard error.
    pub(crate) fn pbn_items(&self, file: &PbnFile) -> Vec<Result<Item, Failure>> {
        self.indexed_pbn_items(file).into_iter().map(|(_, item)| item).collect()
    }

    /// [`Source::pbn_items`], each with the index of its game.
    pub(crate) fn indexed_pbn_items(&self, file: &PbnFile) -> Vec<(usize, Result<Item, Failure>)> {
        (0..file.games().len())
            .filter_map(|g| {
                warn_about_tags(&self.name, file, g);
                pbn_item(&self.name, file, g).map(|item| (g, item))
            })
            .collect()
    }
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
    let deal = deal.validate().map_err(|e| Failure(format!("{label}: {e}")))?;
    if !deal.is_full() {
        return Err(Failure(format!("{label}: {}", dds::Error::NotFullDeal)));
    }
    Ok(deal)
}

/// The tags the `dds` command reads or writes. Their names are
/// case-sensitive, and only the first of each in a game counts.
const KNOWN_TAGS: [&str; 8] =
    ["Board", "Dealer", "Vulnerable", "Deal", "DoubleDummyTricks", "OptimumResultTable", "ParContract", "OptimumScore"];

/// The board number of game `g`, from its `Board` tag.
fn board_number(file: &PbnFile, g: usize) -> Option<u32> {
    file.resolved_tag(g, "Board").and_then(|b| b.trim().parse::<u32>().ok())
}

/// Game `g` of the file `name` for messages: `boards.pbn: game 3 (board 3)`.
fn game_label(name: &str, file: &PbnFile, g: usize) -> String {
    match board_number(file, g) {
        Some(b) => format!("{name}: game {} (board {b})", g + 1),
        None => format!("{name}: game {}", g + 1),
    }
}

/// Warns on standard error about the tags of game `g` that are read past:
/// a known tag spelled in another case (`[deal]` is not `[Deal]`, and is
/// not read), and a known tag given more than once (the first is read).
fn warn_about_tags(name: &str, file: &PbnFile, g: usize) {
    let tags = file.games()[g].tags();
    for known in KNOWN_TAGS {
        let count = tags.iter().filter(|t| t.name() == known).count();
        if count > 1 {
            eprintln!("dds: warning: {}: {count} [{known}] tags; the first is used", game_label(name, file, g));
        }
    }
    for tag in tags {
        let other_case = KNOWN_TAGS.iter().find(|k| tag.name() != **k && tag.name().eq_ignore_ascii_case(k));
        if let Some(known) = other_case {
            let line = tag.line().map_or(String::new(), |l| format!(" (line {l})"));
            eprintln!(
                "dds: warning: {}: tag [{}]{line} is not read: tag names are case-sensitive, expected [{known}]",
                game_label(name, file, g),
                tag.name(),
            );
        }
    }
}

/// The record of game `g`: `None` for a game without a deal (a header
/// game), else the deal with its dealer and vulnerability, or the message
/// for a bad one.
fn pbn_item(name: &str, file: &PbnFile, g: usize) -> Option<Result<Item, Failure>> {
    let board = board_number(file, g);
    let label = game_label(name, file, g);
    let text = match file.resolved_tag(g, "Deal") {
        Some(text) => text.to_owned(),
        // `[Deal "#"]` copies the deal of the game before, and no earlier
        // game has one to copy: the game's deal is unknown.
        None if file.games()[g].tag("Deal").is_some() => {
            return Some(Err(Failure(format!(
                "{label}: [Deal \"#\"] copies the deal of the game before, but no earlier game has a deal"
            ))));
        }
        None => return None,
    };
    let result = (|| {
        let deal = full_deal(&label, &text)?;
        let dealer = match file.resolved_tag(g, "Dealer") {
            Some(d) => Some(d.trim().parse::<Seat>().map_err(|e| Failure(format!("{label}: Dealer {d:?}: {e}")))?),
            None => board.and_then(dealer_for_board),
        };
        let vulnerability = match file.resolved_tag(g, "Vulnerable") {
            Some(v) => Some(
                v.trim().parse::<Vulnerability>().map_err(|e| Failure(format!("{label}: Vulnerable {v:?}: {e}")))?,
            ),
            None => board.and_then(Vulnerability::for_board),
        };
        Ok(Item { text: text.clone(), deal, dealer, vulnerability, game: Some(g) })
    })();
    Some(result)
}
