//! PBN files (Portable Bridge Notation 2.1): games of tag pairs with their
//! sections, read and written back without disturbing the layout.
//!
//! A file is kept as the text it was read from, cut into pieces: the header
//! before the first game, and for each game the text before its first tag,
//! one piece per tag pair (the pair and its section, up to the next tag), and
//! the blank lines and loose comments after it. Writing joins the pieces, so a
//! file written without changes is byte-identical to the file read. Changing a
//! tag rewrites only that tag's piece.

mod charset;
mod error;
mod record;
mod scan;
#[cfg(test)]
mod tests;

use core::fmt;
use core::str::FromStr;

pub use self::charset::PbnCharset;
pub use self::error::{PbnFileError, PbnTagError, RunawayComment};
pub use self::record::{PbnCarry, PbnRecord, PbnRecordError, PbnRecords};
use self::scan::{is_blank, scan, Block, Scan};
use crate::{ParseDealError, PbnDeal, Seat};

/// A PBN file: header lines and a list of games.
///
/// Parsing keeps everything: comments (`{ ... }` and `;` to the end of the
/// line), escape lines starting with `%`, blank lines and line endings (LF or
/// CRLF). `Display` writes the text back; a file that was not changed is
/// written byte for byte as it was read.
///
/// ```
/// use dds_model::{PbnFile, Seat};
/// let text = "% PBN 2.1\n\
///     [Event \"Club\"]\n\
///     [Board \"1\"]\n\
///     [Dealer \"N\"]\n\
///     [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
///     { A comment is kept. }\n";
/// let mut file = PbnFile::parse(text)?;
/// assert_eq!(file.to_string(), text);
///
/// let game = &mut file.games_mut()[0];
/// assert_eq!(game.board(), Some(1));
/// assert_eq!(game.dealer(), Some(Seat::North));
/// game.set_tag("OptimumScore", "NS 420")?;
/// assert!(file.to_string().ends_with("{ A comment is kept. }\n[OptimumScore \"NS 420\"]\n"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PbnFile {
    /// The text before the first game.
    head: String,
    /// The escape lines in `head`, as byte ranges without the line ending.
    header: Vec<(usize, usize)>,
    games: Vec<PbnGame>,
    /// Comments that run over a blank line into what looks like a game.
    runaway_comments: Vec<RunawayComment>,
}

/// One game (board) of a PBN file: its tag pairs in order, each with its
/// section lines, and the comments around them.
///
/// ```
/// use dds_model::PbnFile;
/// let file = PbnFile::parse("[Board \"7\"]\n[Auction \"S\"]\n1NT Pass 3NT Pass\nPass Pass\n")?;
/// let game = &file.games()[0];
/// assert_eq!(game.tag("Board"), Some("7"));
/// let auction = game.tag_pair("Auction").unwrap();
/// assert_eq!(auction.section_lines().collect::<Vec<_>>(), ["1NT Pass 3NT Pass", "Pass Pass"]);
/// # Ok::<_, dds_model::PbnFileError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PbnGame {
    /// The text of the game before its first tag pair (comments, escapes).
    prefix: String,
    tags: Vec<PbnTag>,
    /// The blank lines and loose comments after the game.
    tail: String,
    /// The line ending for new text: the file's first one.
    eol: &'static str,
}

/// A tag pair `[Name "value"]` of a game, with its section: the lines that
/// follow it up to the next tag pair.
///
/// ```
/// use dds_model::PbnFile;
/// let file = PbnFile::parse("[Event \"Say \\\"hi\\\"\"]\n")?;
/// let tag = &file.games()[0].tags()[0];
/// assert_eq!(tag.name(), "Event");
/// assert_eq!(tag.value(), "Say \"hi\"");
/// assert_eq!(tag.line(), Some(1));
/// # Ok::<_, dds_model::PbnFileError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PbnTag {
    name: String,
    /// The value with escapes removed.
    value: String,
    /// The text from `[` up to the next tag pair or the end of the game.
    raw: String,
    /// The length of `[Name "value"]` at the start of `raw`.
    head_len: usize,
    /// The line the tag pair was read from; `None` for an added tag.
    line: Option<usize>,
}

impl PbnFile {
    /// What a reader says of a text in which [`PbnFile::parse`] finds no
    /// game (only a header, such as `% PBN 2.1`, or nothing at all).
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// assert!(PbnFile::parse("% PBN 2.1\n% EXPORT\n")?.games().is_empty());
    /// assert_eq!(PbnFile::NO_GAMES, "a PBN file with no games");
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub const NO_GAMES: &'static str = "a PBN file with no games";

    /// Parses the text of a PBN file.
    ///
    /// Games are separated by blank lines (a blank line inside a `{ ... }`
    /// comment does not count). The escape lines (`%`) and blank lines at the
    /// start of the file, and any comments before the first game, form the
    /// header. Lines that are not tag pairs, comments or escape lines belong
    /// to the section of the tag pair above them.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("% PBN 2.1\r\n% EXPORT\r\n\r\n[Board \"1\"]\r\n\r\n[Board \"2\"]\r\n")?;
    /// assert_eq!(file.header_lines().collect::<Vec<_>>(), ["% PBN 2.1", "% EXPORT"]);
    /// assert_eq!(file.games().len(), 2);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn parse(text: &str) -> Result<PbnFile, PbnFileError> {
        PbnFile::parse_text(text, false)
    }

    /// Parses a part of a PBN file that follows other text of it (a piece
    /// of standard input read as it comes, the text after a game that did
    /// not parse) as [`PbnFile::parse`] would read it within the whole
    /// file: a byte-order mark at its start opens a game, as one in the
    /// middle of a file does, so that a mark alone on its line is text out
    /// of place, not the file's mark.
    ///
    /// ```
    /// use dds_model::{PbnFile, PbnFileError};
    /// assert!(PbnFile::parse("\u{feff}\n")?.games().is_empty());
    /// assert_eq!(PbnFile::parse_continued("\u{feff}\n").unwrap_err(), PbnFileError::UnexpectedText { line: 1 });
    /// assert_eq!(PbnFile::parse_continued("\u{feff}[Board \"2\"]\n")?.games().len(), 1);
    /// # Ok::<_, PbnFileError>(())
    /// ```
    pub fn parse_continued(text: &str) -> Result<PbnFile, PbnFileError> {
        PbnFile::parse_text(text, true)
    }

    fn parse_text(text: &str, continued: bool) -> Result<PbnFile, PbnFileError> {
        let Scan { escapes, blocks, runaway_comments } = scan(text, continued)?;
        let eol = match text.find('\n') {
            Some(i) if text[..i].ends_with('\r') => "\r\n",
            _ => "\n",
        };
        let games: Vec<Block> = blocks.into_iter().filter(|b| !b.tags.is_empty()).collect();
        let head_len = games.first().map_or(text.len(), |b| b.start);
        let header = escapes.into_iter().filter(|&(_, end)| end <= head_len).collect();
        let mut out = Vec::with_capacity(games.len());
        for (k, block) in games.iter().enumerate() {
            let next = games.get(k + 1).map_or(text.len(), |b| b.start);
            let tags = block
                .tags
                .iter()
                .enumerate()
                .map(|(t, tag)| {
                    let end = block.tags.get(t + 1).map_or(block.end, |next| next.start);
                    PbnTag {
                        name: tag.name.clone(),
                        value: tag.value.clone(),
                        raw: text[tag.start..end].to_owned(),
                        head_len: tag.head_end - tag.start,
                        line: Some(tag.line),
                    }
                })
                .collect();
            let first = block.tags.first().map_or(block.end, |t| t.start);
            out.push(PbnGame {
                prefix: text[block.start..first].to_owned(),
                tags,
                tail: text[block.end..next].to_owned(),
                eol,
            });
        }
        Ok(PbnFile { head: text[..head_len].to_owned(), header, games: out, runaway_comments })
    }

    /// The escape lines (starting with `%`) before the first game, without
    /// their line endings, such as `% PBN 2.1` and `% EXPORT`.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("% PBN 2.1\n%Creator: me\n[Board \"1\"]\n")?;
    /// assert_eq!(file.header_lines().collect::<Vec<_>>(), ["% PBN 2.1", "%Creator: me"]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn header_lines(&self) -> impl Iterator<Item = &str> + '_ {
        self.header.iter().filter_map(|&(start, end)| {
            let line = self.head.get(start..end)?;
            Some(line.strip_suffix('\r').unwrap_or(line))
        })
    }

    /// The text of the file before its first game (header comments and
    /// blank lines): with each game's text ([`PbnGame`]'s `Display`) after
    /// it, in order, the text of the whole file.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let text = "% PBN 2.1\n[Board \"1\"]\n\n[Board \"2\"]\n";
    /// let file = PbnFile::parse(text)?;
    /// let games: String = file.games().iter().map(|g| g.to_string()).collect();
    /// assert_eq!(format!("{}{games}", file.head()), text);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn head(&self) -> &str {
        &self.head
    }

    /// The games, in file order.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Board \"1\"]\n\n[Board \"2\"]\n")?;
    /// let boards: Vec<_> = file.games().iter().map(|g| g.board()).collect();
    /// assert_eq!(boards, [Some(1), Some(2)]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn games(&self) -> &[PbnGame] {
        &self.games
    }

    /// The comments that run over a blank line into what looks like a
    /// game (see [`RunawayComment`]), in file order.
    ///
    /// ```
    /// use dds_model::{PbnFile, RunawayComment};
    /// let text = "[Board \"1\"]\n{ 3NT made\n\n[Board \"2\"]\n[Deal \"N:...\"] }\n";
    /// let file = PbnFile::parse(text)?;
    /// assert_eq!(file.games().len(), 1);
    /// assert_eq!(file.runaway_comments(), [RunawayComment { opens: 2, swallows: 4 }]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn runaway_comments(&self) -> &[RunawayComment] {
        &self.runaway_comments
    }

    /// The games, to change their tags.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let mut file = PbnFile::parse("[Board \"1\"]\n\n[Board \"2\"]\n")?;
    /// for game in file.games_mut() {
    ///     game.set_tag("Event", "Club")?;
    /// }
    /// assert_eq!(file.to_string(), "[Board \"1\"]\n[Event \"Club\"]\n\n[Board \"2\"]\n[Event \"Club\"]\n");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn games_mut(&mut self) -> &mut [PbnGame] {
        &mut self.games
    }

    /// The value of tag `name` in game `game`, with the PBN copy rule
    /// applied: a value of `#` stands for the value in the game before.
    ///
    /// `None` if there is no such game or tag, or if `#` leads back to a game
    /// without the tag. The value is looked up when asked, so it follows
    /// changes made to earlier games.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Event \"Club\"]\n\n[Event \"#\"]\n\n[Event \"#\"]\n")?;
    /// assert_eq!(file.games()[2].tag("Event"), Some("#"));
    /// assert_eq!(file.resolved_tag(2, "Event"), Some("Club"));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn resolved_tag(&self, game: usize, name: &str) -> Option<&str> {
        self.resolve(game, name).map(|(_, tag)| tag.value())
    }

    /// The value of tag `name` in every game, in file order, with the copy
    /// rule applied as [`resolved_tag`](PbnFile::resolved_tag) applies it,
    /// in one pass over the games (asking `resolved_tag` for each game of a
    /// file where every game writes `#` walks back to the first game each
    /// time). `before` is the value a `#` in the first game stands for: the
    /// value in a game before this text, when the text is a piece of a
    /// longer input; `None` for a whole file.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Event \"#\"]\n\n[Event \"Club\"]\n\n[Event \"#\"]\n\n[Board \"4\"]\n")?;
    /// let events: Vec<_> = file.resolved_values("Event", None).collect();
    /// assert_eq!(events, [None, Some("Club"), Some("Club"), None]);
    /// let events: Vec<_> = file.resolved_values("Event", Some("Teams")).collect();
    /// assert_eq!(events[0], Some("Teams"));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn resolved_values<'a>(
        &'a self,
        name: &'a str,
        before: Option<&'a str>,
    ) -> impl Iterator<Item = Option<&'a str>> + 'a {
        // The value a `#` in the next game stands for; `None` once a game
        // without the tag breaks the chain.
        let mut last = before;
        self.games.iter().map(move |game| {
            let value = match game.tag(name) {
                Some("#") => last,
                value => value,
            };
            last = value;
            value
        })
    }

    /// The deal of game `game`, with the copy rule of
    /// [`resolved_tag`](PbnFile::resolved_tag) applied. `None` if there is no
    /// `[Deal]` tag; an error names the game and line of the text that does not
    /// parse.
    ///
    /// ```
    /// use dds_model::{PbnFile, PbnFileError, Seat};
    /// let text = "[Deal \"W:AKQJT98765432... - - -\"]\n\n[Deal \"#\"]\n\n[Deal \"N:x\"]\n";
    /// let file = PbnFile::parse(text)?;
    /// let deal = file.resolved_deal(1).unwrap()?;
    /// assert_eq!(deal.hand(Seat::West).map(|h| h.len()), Some(13));
    /// let err = file.resolved_deal(2).unwrap().unwrap_err();
    /// assert!(matches!(err, PbnFileError::InvalidDeal { game: 2, line: Some(5), .. }));
    /// # Ok::<_, PbnFileError>(())
    /// ```
    pub fn resolved_deal(&self, game: usize) -> Option<Result<PbnDeal, PbnFileError>> {
        let (index, tag) = self.resolve(game, "Deal")?;
        Some(tag.value.parse::<PbnDeal>().map_err(|error| PbnFileError::InvalidDeal {
            game: index,
            line: tag.line,
            error,
        }))
    }

    /// The game index and tag pair that hold the value of `name` in `game`.
    fn resolve(&self, mut game: usize, name: &str) -> Option<(usize, &PbnTag)> {
        loop {
            let tag = self.games.get(game)?.tag_pair(name)?;
            if tag.value != "#" {
                return Some((game, tag));
            }
            game = game.checked_sub(1)?;
        }
    }
}

impl FromStr for PbnFile {
    type Err = PbnFileError;

    /// Same as [`PbnFile::parse`].
    fn from_str(s: &str) -> Result<PbnFile, PbnFileError> {
        PbnFile::parse(s)
    }
}

impl fmt::Display for PbnFile {
    /// The text of the file: as read, except for the tags that were changed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.head)?;
        for game in &self.games {
            write!(f, "{game}")?;
        }
        Ok(())
    }
}

impl fmt::Display for PbnGame {
    /// The text of the game as it stands in the file (as read, except for
    /// the tags that were changed), with the blank lines and comments after
    /// it up to the next game.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.prefix)?;
        for tag in &self.tags {
            f.write_str(&tag.raw)?;
        }
        f.write_str(&self.tail)
    }
}

impl PbnGame {
    /// The tag pairs in order.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Event \"Club\"]\n[Board \"1\"]\n")?;
    /// let names: Vec<_> = file.games()[0].tags().iter().map(|t| t.name()).collect();
    /// assert_eq!(names, ["Event", "Board"]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn tags(&self) -> &[PbnTag] {
        &self.tags
    }

    /// The first tag pair named `name` (names are case-sensitive).
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS NT 9\n")?;
    /// let table = file.games()[0].tag_pair("OptimumResultTable").unwrap();
    /// assert_eq!(table.value(), "Declarer;Denomination\\2R;Result\\2R");
    /// assert_eq!(table.section_lines().count(), 2);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn tag_pair(&self, name: &str) -> Option<&PbnTag> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The value of the first tag named `name`, as written (a `#` is not
    /// resolved; see [`PbnFile::resolved_tag`]).
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Site \"Club\"]\n")?;
    /// assert_eq!(file.games()[0].tag("Site"), Some("Club"));
    /// assert_eq!(file.games()[0].tag("site"), None);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tag_pair(name).map(PbnTag::value)
    }

    /// The `[Event]` tag.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Event \"Club Pairs\"]\n")?;
    /// assert_eq!(file.games()[0].event(), Some("Club Pairs"));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn event(&self) -> Option<&str> {
        self.tag("Event")
    }

    /// The `[Board]` number, or `None` if the tag is missing or not a number.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Board \"12\"]\n\n[Board \"\"]\n")?;
    /// assert_eq!(file.games()[0].board(), Some(12));
    /// assert_eq!(file.games()[1].board(), None);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn board(&self) -> Option<u32> {
        self.tag("Board")?.trim().parse().ok()
    }

    /// The `[Dealer]`, or `None` if the tag is missing or not a seat (`N`,
    /// `E`, `S`, `W` or a full name).
    ///
    /// ```
    /// use dds_model::{PbnFile, Seat};
    /// let file = PbnFile::parse("[Dealer \"W\"]\n")?;
    /// assert_eq!(file.games()[0].dealer(), Some(Seat::West));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn dealer(&self) -> Option<Seat> {
        self.tag("Dealer")?.trim().parse().ok()
    }

    /// The `[Vulnerable]` tag as written (`None`, `NS`, `EW`, `All`, ...).
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Vulnerable \"NS\"]\n")?;
    /// assert_eq!(file.games()[0].vulnerable_str(), Some("NS"));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn vulnerable_str(&self) -> Option<&str> {
        self.tag("Vulnerable")
    }

    /// The `[Vulnerable]` tag, parsed; `None` if the tag is missing.
    ///
    /// ```
    /// use dds_model::{PbnFile, Vulnerability};
    /// let file = PbnFile::parse("[Vulnerable \"Both\"]\n")?;
    /// assert_eq!(file.games()[0].vulnerable(), Some(Ok(Vulnerability::Both)));
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn vulnerable(&self) -> Option<Result<crate::Vulnerability, crate::ParseError>> {
        self.vulnerable_str().map(str::parse)
    }

    /// The `[Deal]`, parsed; `None` if the tag is missing. Unknown hands
    /// (`-`) are allowed; use [`PbnDeal::into_deal`] for a complete deal.
    /// A `#` is not resolved (see [`PbnFile::resolved_deal`]).
    ///
    /// ```
    /// use dds_model::{Deal, PbnFile, Seat};
    /// let file = PbnFile::parse("[Deal \"N:A... K... Q... J...\"]\n")?;
    /// let deal: Deal = file.games()[0].deal().unwrap()?.into_deal()?;
    /// assert_eq!(deal[Seat::South].to_string(), "Q...");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn deal(&self) -> Option<Result<PbnDeal, ParseDealError>> {
        self.tag("Deal").map(str::parse)
    }

    /// Sets the value of tag `name`: the first tag of that name is rewritten
    /// in place, keeping its section and any comments after it; otherwise a
    /// new tag is added after the end of the game.
    ///
    /// Quotes and backslashes in the value are escaped as PBN requires. A
    /// backslash that needs no escape (as in `Result\2R`) is written as is.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let mut file = PbnFile::parse("[Event \"Club\"] ; renamed below\n[Board \"1\"]\n")?;
    /// let game = &mut file.games_mut()[0];
    /// game.set_tag("Event", "Say \"hi\"")?;
    /// game.set_tag("Dealer", "N")?;
    /// assert_eq!(
    ///     file.to_string(),
    ///     "[Event \"Say \\\"hi\\\"\"] ; renamed below\n[Board \"1\"]\n[Dealer \"N\"]\n"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), PbnTagError> {
        check_tag(name, value)?;
        let head = format_tag(name, value);
        match self.tags.iter_mut().find(|t| t.name == name) {
            Some(tag) => {
                tag.raw.replace_range(..tag.head_len, &head);
                tag.head_len = head.len();
                value.clone_into(&mut tag.value);
            }
            None => self.push_tag(name, value, head, &[]),
        }
        Ok(())
    }

    /// Sets the value of tag `name` and replaces its section with `lines`
    /// (each written on a line of its own, after the tag pair). The text
    /// that followed the old tag pair up to the next one (its section and
    /// comments) is dropped. A missing tag is added after the end of the
    /// game.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let mut file = PbnFile::parse("[Board \"1\"]\n\n[Board \"2\"]\n")?;
    /// let game = &mut file.games_mut()[0];
    /// game.set_tag_with_section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ["N NT 9", "S NT 9"])?;
    /// assert_eq!(
    ///     file.to_string(),
    ///     "[Board \"1\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 9\nS NT 9\n\n[Board \"2\"]\n"
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_tag_with_section<I>(&mut self, name: &str, value: &str, lines: I) -> Result<(), PbnTagError>
    where
        I: IntoIterator,
        I::Item: AsRef<str>,
    {
        check_tag(name, value)?;
        let lines: Vec<I::Item> = lines.into_iter().collect();
        if let Some(i) = lines.iter().position(|l| !is_section_line(l.as_ref())) {
            return Err(PbnTagError::InvalidSectionLine(i));
        }
        let lines: Vec<&str> = lines.iter().map(AsRef::as_ref).collect();
        let head = format_tag(name, value);
        let eol = self.eol;
        let last = self.tags.len().checked_sub(1);
        match self.tags.iter().position(|t| t.name == name) {
            Some(i) => {
                let tag = &mut self.tags[i];
                let had_eol = tag.raw.ends_with('\n');
                tag.head_len = head.len();
                let mut raw = head;
                for line in &lines {
                    raw.push_str(eol);
                    raw.push_str(line);
                }
                // The last tag at the end of a file without a final line
                // break stays without one.
                if had_eol || Some(i) != last {
                    raw.push_str(eol);
                }
                tag.raw = raw;
                value.clone_into(&mut tag.value);
            }
            None => self.push_tag(name, value, head, &lines),
        }
        Ok(())
    }

    /// Removes the first tag named `name` with its section; returns whether
    /// there was one.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let mut file = PbnFile::parse("[Board \"1\"]\n[Auction \"N\"]\nPass Pass\nPass Pass\n")?;
    /// assert!(file.games_mut()[0].remove_tag("Auction"));
    /// assert!(!file.games_mut()[0].remove_tag("Auction"));
    /// assert_eq!(file.to_string(), "[Board \"1\"]\n");
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn remove_tag(&mut self, name: &str) -> bool {
        let Some(i) = self.tags.iter().position(|t| t.name == name) else {
            return false;
        };
        let removed = self.tags.remove(i);
        // A byte-order mark that opened the game opens nothing once its
        // last tag is gone: alone on its line it would not read again.
        if self.tags.is_empty() && self.prefix.strip_prefix('\u{feff}').is_some_and(|rest| is_blank(rest.as_bytes())) {
            self.prefix.clear();
        }
        // Keep the line break that ends the game, so that the blank line
        // after it still separates it from the next one.
        if i == self.tags.len() && removed.raw.ends_with('\n') {
            let eol = self.eol;
            let end = self.tags.last_mut().map_or(&mut self.prefix, |t| &mut t.raw);
            if !end.is_empty() && !end.ends_with('\n') {
                end.push_str(eol);
            }
        }
        true
    }

    /// Adds a tag pair with its section lines after the end of the game.
    fn push_tag(&mut self, name: &str, value: &str, head: String, lines: &[&str]) {
        let eol = self.eol;
        let head_len = head.len();
        let mut raw = head;
        for line in lines {
            raw.push_str(eol);
            raw.push_str(line);
        }
        raw.push_str(eol);
        let end = self.tags.last_mut().map_or(&mut self.prefix, |t| &mut t.raw);
        if !end.is_empty() && !end.ends_with('\n') {
            // The game ends the file without a line break: move the break
            // from the end of the new tag to the end of the old text.
            end.push_str(eol);
            raw.truncate(raw.len() - eol.len());
        }
        self.tags.push(PbnTag { name: name.to_owned(), value: value.to_owned(), raw, head_len, line: None });
    }
}

impl PbnTag {
    /// The tag name, such as `Deal`.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Deal \"N:- - - -\"]\n")?;
    /// assert_eq!(file.games()[0].tags()[0].name(), "Deal");
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The tag value, with the escapes `\"` and `\\` replaced by `"` and `\`.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse(r#"[Annotator "a \"b\" c\\d\e"]"#)?;
    /// assert_eq!(file.games()[0].tags()[0].value(), r#"a "b" c\d\e"#);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn value(&self) -> &str {
        &self.value
    }

    /// The line (counted from 1) the tag pair was read from; `None` for a
    /// tag added after reading. A tag whose value was changed keeps its line.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let mut file = PbnFile::parse("\n[Board \"1\"]\n")?;
    /// let game = &mut file.games_mut()[0];
    /// game.set_tag("Event", "Club")?;
    /// assert_eq!(game.tag_pair("Board").unwrap().line(), Some(2));
    /// assert_eq!(game.tag_pair("Event").unwrap().line(), None);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The lines of the section, without line endings: any text after the
    /// tag pair on its own line (trimmed), then the lines up to the next
    /// tag pair or the end of the game. Comments in them are kept as written.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let file = PbnFile::parse("[Play \"W\"] SK\r\nH2 H3 {ducks} H4\r\n[Result \"9\"]\r\n")?;
    /// let play = file.games()[0].tag_pair("Play").unwrap();
    /// assert_eq!(play.section_lines().collect::<Vec<_>>(), ["SK", "H2 H3 {ducks} H4"]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn section_lines(&self) -> impl Iterator<Item = &str> + '_ {
        let rest = self.raw.get(self.head_len..).unwrap_or_default();
        let (first, after) = rest.split_once('\n').unwrap_or((rest, ""));
        let first = first.trim();
        (!first.is_empty()).then_some(first).into_iter().chain(after.lines())
    }
}

/// Checks that a tag can be written.
fn check_tag(name: &str, value: &str) -> Result<(), PbnTagError> {
    if !is_tag_name(name) {
        return Err(PbnTagError::InvalidName);
    }
    if value.contains(['\n', '\r']) {
        return Err(PbnTagError::LineBreakInValue);
    }
    Ok(())
}

/// Whether `name` is a letter followed by letters, digits or underscores.
fn is_tag_name(name: &str) -> bool {
    name.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Whether `line` reads back as one line of section data: not blank, no line
/// break, no tag pair and no comment left open.
fn is_section_line(line: &str) -> bool {
    if line.bytes().all(|b| matches!(b, b' ' | b'\t')) || line.contains(['\n', '\r']) {
        return false;
    }
    let mut in_comment = false;
    for b in line.bytes() {
        match (in_comment, b) {
            (true, b'}') => in_comment = false,
            (false, b'{') => in_comment = true,
            (false, b';') => return true,
            (false, b'[') => return false,
            _ => {}
        }
    }
    !in_comment
}

/// The text `[Name "value"]`. A backslash is doubled only where a reader
/// would otherwise take it for an escape: before `"` or `\`, or at the end.
fn format_tag(name: &str, value: &str) -> String {
    let mut out = String::with_capacity(name.len() + value.len() + 6);
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' if matches!(chars.peek(), None | Some('"' | '\\')) => out.push_str("\\\\"),
            c => out.push(c),
        }
    }
    out.push_str("\"]");
    out
}
