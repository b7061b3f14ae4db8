//! PBN files (Portable Bridge Notation 2.1): games of tag pairs with their
//! sections, read and written back without disturbing the layout.
//!
//! A file is kept as the text it was read from, cut into pieces: the header
//! before the first game, and for each game the text before its first tag,
//! one piece per tag pair (the pair and its section, up to the next tag), and
//! the blank lines and loose comments after it. Writing joins the pieces, so a
//! file written without changes is byte-identical to the file read. Changing a
//! tag rewrites only that tag's piece.

use core::fmt;
use core::str::FromStr;

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

/// A `{` comment that runs over a blank line and a line opening with a tag
/// (`[Board "100"]`): most likely a comment its writer forgot to close, so
/// that two games run together. The file is read as written; a reader can
/// warn about it ([`PbnFile::runaway_comments`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RunawayComment {
    /// The line (from 1) where the comment opens.
    pub opens: usize,
    /// The first line inside it that opens with a tag after a blank line.
    pub swallows: usize,
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

/// What is wrong with the text of a PBN file, with the line (counted from 1)
/// where it was found.
///
/// ```
/// use dds_model::{PbnFile, PbnFileError};
/// let err = PbnFile::parse("[Event \"Club\"]\n[Board \"1\n").unwrap_err();
/// assert_eq!(err, PbnFileError::UnterminatedString { line: 2 });
/// assert_eq!(err.to_string(), "line 2: tag value is not closed with a quote on its line");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PbnFileError {
    /// A tag pair is not closed with `]` on its line.
    UnterminatedTag {
        /// The line of the tag pair.
        line: usize,
    },
    /// A tag pair is not of the form `[Name "value"]`: the name is missing or
    /// does not start with a letter, the value is not quoted, or there is
    /// other text before the `]`.
    InvalidTag {
        /// The line of the tag pair.
        line: usize,
    },
    /// A tag value is not closed with a quote on its line.
    UnterminatedString {
        /// The line of the tag pair.
        line: usize,
    },
    /// A `{` comment is never closed.
    UnterminatedComment {
        /// The line where the comment opens.
        line: usize,
    },
    /// Text outside a tag pair, its section, a comment or an escape line,
    /// such as section data before the first tag pair of a game.
    UnexpectedText {
        /// The line of the text.
        line: usize,
    },
    /// The value of a `[Deal]` tag is not a PBN deal.
    InvalidDeal {
        /// The index of the game in [`PbnFile::games`].
        game: usize,
        /// The line of the tag pair, or `None` for a tag added after reading.
        line: Option<usize>,
        /// What is wrong with the deal.
        error: ParseDealError,
    },
}

impl PbnFileError {
    /// The line (counted from 1) where the problem was found, if known.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let err = PbnFile::parse("[Event \"\"]\n{ never closed\n").unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// ```
    pub fn line(&self) -> Option<usize> {
        match self {
            PbnFileError::UnterminatedTag { line }
            | PbnFileError::InvalidTag { line }
            | PbnFileError::UnterminatedString { line }
            | PbnFileError::UnterminatedComment { line }
            | PbnFileError::UnexpectedText { line } => Some(*line),
            PbnFileError::InvalidDeal { line, .. } => *line,
        }
    }

    /// The same error for a text that was read as part of a longer one,
    /// starting at its line `first_line` (from 1) and game `first_game`
    /// (from 0): its line and game counted in the longer text.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// // The second game of a file, parsed on its own from line 5 on.
    /// let err = PbnFile::parse("[Board \"2\"]\n[Deal \"N:A...\n").unwrap_err();
    /// assert_eq!(err.line(), Some(2));
    /// let err = err.in_longer_text(5, 1);
    /// assert_eq!(err.line(), Some(6));
    /// assert_eq!(err.to_string(), "line 6: tag value is not closed with a quote on its line");
    /// ```
    #[must_use]
    pub fn in_longer_text(self, first_line: usize, first_game: usize) -> PbnFileError {
        let shift = first_line.saturating_sub(1);
        match self {
            PbnFileError::UnterminatedTag { line } => PbnFileError::UnterminatedTag { line: line + shift },
            PbnFileError::InvalidTag { line } => PbnFileError::InvalidTag { line: line + shift },
            PbnFileError::UnterminatedString { line } => PbnFileError::UnterminatedString { line: line + shift },
            PbnFileError::UnterminatedComment { line } => PbnFileError::UnterminatedComment { line: line + shift },
            PbnFileError::UnexpectedText { line } => PbnFileError::UnexpectedText { line: line + shift },
            PbnFileError::InvalidDeal { game, line, error } => {
                PbnFileError::InvalidDeal { game: game + first_game, line: line.map(|l| l + shift), error }
            }
        }
    }
}

impl fmt::Display for PbnFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (line, message) = match self {
            PbnFileError::UnterminatedTag { line } => (line, "tag pair is not closed with \"]\" on its line"),
            PbnFileError::InvalidTag { line } => (line, "tag pair is not of the form [Name \"value\"]"),
            PbnFileError::UnterminatedString { line } => (line, "tag value is not closed with a quote on its line"),
            PbnFileError::UnterminatedComment { line } => (line, "comment opened with \"{\" is never closed"),
            PbnFileError::UnexpectedText { line } => (line, "text outside a tag pair, its section or a comment"),
            PbnFileError::InvalidDeal { game, line, error } => {
                write!(f, "invalid deal in game {}", game + 1)?;
                if let Some(line) = line {
                    write!(f, " (line {line})")?;
                }
                return write!(f, ": {error}");
            }
        };
        write!(f, "line {line}: {message}")
    }
}

impl std::error::Error for PbnFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PbnFileError::InvalidDeal { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// A tag or section that cannot be written into a PBN file (see
/// [`PbnGame::set_tag`]).
///
/// ```
/// use dds_model::{PbnFile, PbnTagError};
/// let mut file = PbnFile::parse("[Board \"1\"]\n")?;
/// let game = &mut file.games_mut()[0];
/// assert_eq!(game.set_tag("Two words", "x"), Err(PbnTagError::InvalidName));
/// assert_eq!(game.set_tag("Event", "a\nb"), Err(PbnTagError::LineBreakInValue));
/// assert_eq!(game.set_tag_with_section("Play", "W", ["S2 S3", ""]), Err(PbnTagError::InvalidSectionLine(1)));
/// # Ok::<_, dds_model::PbnFileError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PbnTagError {
    /// The name is not a letter followed by letters, digits or underscores.
    InvalidName,
    /// The value contains a line break.
    LineBreakInValue,
    /// The section line at this index (counted from 0) is blank, contains a
    /// line break or a `[`, or leaves a `{` comment open; it would not read
    /// back as the same section.
    InvalidSectionLine(usize),
}

impl fmt::Display for PbnTagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PbnTagError::InvalidName => {
                f.write_str("invalid tag name (expected a letter followed by letters, digits or underscores)")
            }
            PbnTagError::LineBreakInValue => f.write_str("line break in tag value"),
            PbnTagError::InvalidSectionLine(i) => {
                write!(f, "section line at index {i} is blank, breaks the line, opens a tag or leaves a comment open")
            }
        }
    }
}

impl std::error::Error for PbnTagError {}

impl PbnFile {
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
        let Scan { escapes, blocks, runaway_comments } = scan(text)?;
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

/// A tag pair found by the scanner.
struct RawTag {
    /// The offset of `[`.
    start: usize,
    /// The offset after `]`.
    head_end: usize,
    name: String,
    value: String,
    line: usize,
}

/// A run of non-blank lines: a game if it has a tag pair.
struct Block {
    /// The offset of the start of its first line.
    start: usize,
    /// The offset of the start of the blank line after it, or the end.
    end: usize,
    tags: Vec<RawTag>,
}

/// What the scanner finds in a file.
struct Scan {
    /// The escape lines, as byte ranges without the line break.
    escapes: Vec<(usize, usize)>,
    blocks: Vec<Block>,
    runaway_comments: Vec<RunawayComment>,
}

/// Where a comment's text (from its `{`, on line `line`) holds a blank line
/// followed by a line opening with `[`.
fn runaway(comment: &str, line: usize) -> Option<RunawayComment> {
    let mut blank = false;
    for (i, l) in comment.split('\n').enumerate() {
        let l = l.trim();
        if i > 0 && blank && l.starts_with('[') {
            return Some(RunawayComment { opens: line, swallows: line + i });
        }
        blank = i > 0 && l.is_empty();
    }
    None
}

/// The offset of the `\n` that ends the line at `pos`, or the end of `bytes`.
fn line_end(bytes: &[u8], pos: usize) -> usize {
    bytes.get(pos..).and_then(|rest| rest.iter().position(|&b| b == b'\n')).map_or(bytes.len(), |i| pos + i)
}

/// Whether a line holds only spaces, tabs and carriage returns.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r'))
}

/// Splits the file into blocks separated by blank lines, finding the tag
/// pairs, comments and escape lines in them.
fn scan(text: &str) -> Result<Scan, PbnFileError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let mut pos = if text.starts_with('\u{feff}') { '\u{feff}'.len_utf8() } else { 0 };
    let mut line = 1;
    let mut escapes = Vec::new();

    // The escape lines and blank lines that open the file are its header,
    // even when the first game follows without a blank line.
    while pos < n {
        let end = line_end(bytes, pos);
        let content = &bytes[pos..end];
        if content.first() == Some(&b'%') {
            escapes.push((pos, end));
        } else if !is_blank(content) {
            break;
        }
        pos = (end + 1).min(n);
        line += usize::from(end < n);
    }

    let mut blocks = Vec::new();
    let mut runaway_comments = Vec::new();
    let mut current: Option<Block> = None;
    let mut at_line_start = true;
    let mut line_start = pos;
    while pos < n {
        if at_line_start {
            line_start = pos;
            let end = line_end(bytes, pos);
            if is_blank(&bytes[pos..end]) {
                if let Some(block) = current.take() {
                    blocks.push(Block { end: pos, ..block });
                }
                pos = (end + 1).min(n);
                line += usize::from(end < n);
                continue;
            }
            at_line_start = false;
            // A byte-order mark opening a game (PBN files joined with
            // `cat`, each with its mark) belongs to the game's text, like
            // the one that opens the file.
            if current.is_none() && text[pos..end].starts_with('\u{feff}') {
                pos += '\u{feff}'.len_utf8();
                if is_blank(&bytes[pos..end]) {
                    return Err(PbnFileError::UnexpectedText { line });
                }
            }
            if bytes[pos] == b'%' {
                current.get_or_insert_with(|| Block { start: line_start, end: n, tags: Vec::new() });
                escapes.push((pos, end));
                pos = end;
                continue;
            }
        }
        match bytes[pos] {
            b'\n' => {
                line += 1;
                pos += 1;
                at_line_start = true;
            }
            b' ' | b'\t' | b'\r' => pos += 1,
            byte => {
                let block = current.get_or_insert_with(|| Block { start: line_start, end: n, tags: Vec::new() });
                match byte {
                    b'{' => {
                        let close = bytes[pos..].iter().position(|&b| b == b'}');
                        let close = close.ok_or(PbnFileError::UnterminatedComment { line })?;
                        runaway_comments.extend(runaway(&text[pos..pos + close], line));
                        line += bytes[pos..pos + close].iter().filter(|&&b| b == b'\n').count();
                        pos += close + 1;
                    }
                    b';' => pos = line_end(bytes, pos),
                    b'[' => {
                        let tag = parse_tag(text, pos, line)?;
                        pos = tag.head_end;
                        block.tags.push(tag);
                    }
                    _ => {
                        // Section data: it must follow a tag pair.
                        if block.tags.is_empty() {
                            return Err(PbnFileError::UnexpectedText { line });
                        }
                        pos += 1;
                        while pos < n && !matches!(bytes[pos], b'\n' | b'{' | b';' | b'[') {
                            pos += 1;
                        }
                    }
                }
            }
        }
    }
    if let Some(block) = current.take() {
        blocks.push(Block { end: n, ..block });
    }
    Ok(Scan { escapes, blocks, runaway_comments })
}

/// Parses the tag pair whose `[` is at `start`.
fn parse_tag(text: &str, start: usize, line: usize) -> Result<RawTag, PbnFileError> {
    let bytes = text.as_bytes();
    let n = bytes.len();
    let skip_blanks = |mut j: usize| {
        while j < n && matches!(bytes[j], b' ' | b'\t') {
            j += 1;
        }
        j
    };
    let at_line_end = |j: usize| j >= n || matches!(bytes[j], b'\n' | b'\r');

    let name_start = skip_blanks(start + 1);
    let mut j = name_start;
    while j < n && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_') {
        j += 1;
    }
    let name = &text[name_start..j];
    j = skip_blanks(j);
    if at_line_end(j) {
        return Err(PbnFileError::UnterminatedTag { line });
    }
    if !is_tag_name(name) || bytes[j] != b'"' {
        return Err(PbnFileError::InvalidTag { line });
    }

    j += 1;
    let mut value = String::new();
    let mut segment = j;
    loop {
        match bytes.get(j) {
            None | Some(b'\n') => return Err(PbnFileError::UnterminatedString { line }),
            Some(b'\\') if matches!(bytes.get(j + 1), Some(b'"' | b'\\')) => {
                value.push_str(&text[segment..j]);
                segment = j + 1;
                j += 2;
            }
            Some(b'"') => {
                value.push_str(&text[segment..j]);
                j += 1;
                break;
            }
            Some(_) => j += 1,
        }
    }

    j = skip_blanks(j);
    if at_line_end(j) {
        return Err(PbnFileError::UnterminatedTag { line });
    }
    if bytes[j] != b']' {
        return Err(PbnFileError::InvalidTag { line });
    }
    Ok(RawTag { start, head_end: j + 1, name: name.to_owned(), value, line })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL1: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const DEAL2: &str = "E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    const DEAL3: &str = "S:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";

    /// An export in the style of Bridge Composer: escape-line header, every
    /// tag of the export format, double dummy results with an
    /// `[OptimumResultTable]` section, commentary, a final blank line.
    fn bridge_composer() -> String {
        let mut table = String::new();
        for (seat, tricks) in
            [("N", [6, 5, 6, 6, 7]), ("S", [6, 5, 6, 6, 7]), ("E", [7, 8, 7, 6, 6]), ("W", [7, 8, 7, 7, 6])]
        {
            for (strain, n) in ["NT", " S", " H", " D", " C"].iter().zip(tricks) {
                table.push_str(&format!("{seat} {strain} {n}\n"));
            }
        }
        let game = |board: u32, dealer: &str, vul: &str, deal: &str, comment: &str| {
            format!(
                "[Event \"Tuesday Pairs\"]\n[Site \"Bridge Club\"]\n[Date \"2024.06.03\"]\n[Board \"{board}\"]\n\
                 [West \"\"]\n[North \"\"]\n[East \"\"]\n[South \"\"]\n[Dealer \"{dealer}\"]\n\
                 [Vulnerable \"{vul}\"]\n[Deal \"{deal}\"]\n[Scoring \"\"]\n[Declarer \"\"]\n\
                 [Contract \"\"]\n[Result \"\"]\n[BCFlags \"1f\"]\n\
                 [DoubleDummyTricks \"65667766857686778676\"]\n[OptimumScore \"EW 110\"]\n\
                 [ParContract \"EW 2S\"]\n[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\n\
                 {table}{comment}\n\n"
            )
        };
        let mut text = String::from(
            "% PBN 2.1\n% EXPORT\n%Content-type: text/x-pbn; charset=ISO-8859-1\n\
             %Creator: Bridge Composer Version 5.98\n%Created: Mon Jun 03 10:15:42 2024 +0200\n\
             %BCOptions Float Justify NoHRStats ShowHCP STBorder STShade\n\
             %PipColors #0000ff,#ff0000,#ffc000,#008000\n\
             %PipFont \"Symbol\",\"Symbol\",2,0xAA,0xA9,0xA8,0xA7\n\
             %HRTitleEvent \"Tuesday Pairs\"\n",
        );
        text += &game(1, "N", "None", DEAL1, "{North opens 1C; the defence\nmust cash the spades [quickly].}");
        text += &game(2, "E", "NS", DEAL2, "{}");
        text += &game(3, "S", "EW", DEAL3, "{A freak: each hand holds one suit.}");
        text
    }

    /// A hand-written file with CRLF line endings, comments of both kinds
    /// (one with a blank line inside), an auction and a play section, and
    /// tags sharing a line.
    fn commented_crlf() -> String {
        "% PBN 2.1\n% EXPORT\n\n\
         { Hand records of the Tuesday game.\n\n  Analysis by the director. }\n\n\
         [Event \"Tuesday \\\"Open\\\" Pairs\"]\n\
         [Site \"Club\"] ; the usual place\n\
         [Board \"1\"] [Dealer \"N\"]\n\
         [Vulnerable \"None\"]\n\
         [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
         { North has a flat 10 count. }\n\
         [Auction \"N\"]\n\
         1D =1= Pass 1S Pass\n\
         2NT Pass 3NT Pass ; 3NT is normal\n\
         Pass Pass\n\
         [Note \"1:could be short\"]\n\
         [Declarer \"S\"]\n[Contract \"3NT\"]\n\
         [Play \"W\"]\n\
         S4 S6 S7 SK\n\
         C2 C3 {a deceptive card} C4 C8\n\
         *\n\
         [Result \"9\"]\n\
         \n\n\
         ; a comment block between games\n\
         \n\
         [Event \"Tuesday \\\"Open\\\" Pairs\"]\n\
         [Board \"2\"]\t\n\
         [Dealer \"E\"]\n\
         [Deal \"E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
         \n"
        .replace('\n', "\r\n")
    }

    /// Games that copy tag values from the game before with `#`, and a last
    /// game with no final line break.
    fn inherited() -> String {
        format!(
            "[Event \"Club Teams\"]\n[Site \"Room 1\"]\n[Date \"2024.06.04\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Deal \"{DEAL1}\"]\n\n\
             [Event \"#\"]\n[Site \"Room 2\"]\n[Date \"#\"]\n[Board \"1\"]\n[Dealer \"#\"]\n[Deal \"#\"]\n\n\
             [Event \"#\"]\n[Site \"#\"]\n[Date \"#\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Deal \"{DEAL2}\"]"
        )
    }

    fn samples() -> Vec<String> {
        vec![bridge_composer(), commented_crlf(), inherited()]
    }

    #[test]
    // Too slow under Miri (whole files as text, no unsafe code of its own; the
    // smaller pbn_file tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn round_trip_is_byte_identical() {
        for text in samples() {
            let file = PbnFile::parse(&text).unwrap();
            assert_eq!(file.to_string(), text);
            // Variations of the layout: a byte-order mark, no final line
            // break, extra blank lines, blank lines of spaces.
            for variant in [
                format!("\u{feff}{text}"),
                text.trim_end().to_owned(),
                text.replace("\n\n", "\n\n\n"),
                text.replace("\n\n", "\n  \t\n"),
                format!("\n\n{text}\n\n"),
            ] {
                let file = PbnFile::parse(&variant).unwrap();
                assert_eq!(file.to_string(), variant);
                assert_eq!(file.games().len(), PbnFile::parse(&text).unwrap().games().len());
            }
        }
    }

    /// Files joined with `cat`, each opening with a byte-order mark: the
    /// marks inside open games, and the text is written back as it was.
    #[test]
    fn joined_files_with_byte_order_marks() {
        for text in samples() {
            let one = PbnFile::parse(&text).unwrap().games().len();
            let joined = format!("\u{feff}{text}\n\n\u{feff}{text}");
            let file = PbnFile::parse(&joined).unwrap();
            assert_eq!(file.games().len(), 2 * one);
            assert_eq!(file.to_string(), joined);
            let first = |g: &PbnGame| (g.tags()[0].name().to_owned(), g.tags()[0].value().to_owned());
            assert_eq!(first(&file.games()[one]), first(&file.games()[0]));
        }
        // A mark alone on its line opens nothing: text out of place.
        assert_eq!(
            PbnFile::parse("[Event \"\"]\n\n\u{feff}\n[Site \"\"]\n").unwrap_err(),
            PbnFileError::UnexpectedText { line: 3 }
        );
    }

    /// Removing the only tag of a game that a byte-order mark opens takes
    /// the mark with it, and the file still reads (found by fuzzing: the
    /// mark was left alone on its line).
    #[test]
    fn removing_a_marked_games_last_tag() {
        // The file, the game whose only tag is removed, the file after.
        for (text, g, want) in [
            ("\n\u{feff}[Board \"9\"]\n", 0, "\n"),
            ("[A \"1\"]\n\n\u{feff}[B \"2\"]\n\n[C \"3\"]\n", 1, "[A \"1\"]\n\n\n[C \"3\"]\n"),
            ("[A \"1\"]\n\n\u{feff} \t[B \"2\"]", 1, "[A \"1\"]\n\n"),
            ("[A \"1\"]\n\n\u{feff}\r[B \"2\"]\n", 1, "[A \"1\"]\n\n"),
        ] {
            let mut file = PbnFile::parse(text).unwrap();
            let name = file.games()[g].tags()[0].name().to_owned();
            assert!(file.games_mut()[g].remove_tag(&name));
            let out = file.to_string();
            assert_eq!(out, want, "{text:?}");
            let reread = PbnFile::parse(&out).unwrap();
            assert_eq!(reread.games().len(), file.games().len() - 1);
        }
        // A mark before a comment stays: the comment still opens a block.
        let mut file = PbnFile::parse("[A \"1\"]\n\n\u{feff}{note}\n[B \"2\"]\n").unwrap();
        assert!(file.games_mut()[1].remove_tag("B"));
        assert_eq!(file.to_string(), "[A \"1\"]\n\n\u{feff}{note}\n");
        assert_eq!(PbnFile::parse(&file.to_string()).unwrap().games().len(), 1);
    }

    #[test]
    fn bridge_composer_file() {
        let text = bridge_composer();
        let file: PbnFile = text.parse().unwrap();
        let header: Vec<&str> = file.header_lines().collect();
        assert_eq!(header.len(), 9);
        assert_eq!(header[0], "% PBN 2.1");
        assert_eq!(header[8], "%HRTitleEvent \"Tuesday Pairs\"");
        assert_eq!(file.games().len(), 3);

        let game = &file.games()[0];
        assert_eq!(game.tags().len(), 20);
        assert_eq!(game.event(), Some("Tuesday Pairs"));
        assert_eq!(game.board(), Some(1));
        assert_eq!(game.dealer(), Some(Seat::North));
        assert_eq!(game.vulnerable_str(), Some("None"));
        assert_eq!(game.tag("West"), Some(""));
        assert_eq!(game.deal().unwrap().unwrap().to_string(), DEAL1);
        let table = game.tag_pair("OptimumResultTable").unwrap();
        assert_eq!(table.value(), "Declarer;Denomination\\2R;Result\\2R");
        assert_eq!(table.line(), Some(29));
        let rows: Vec<&str> = table.section_lines().collect();
        assert_eq!(rows.len(), 22, "20 rows and the two lines of commentary");
        assert_eq!(rows[0], "N NT 6");
        assert_eq!(rows[16], "W  S 8");
        assert_eq!(rows[21], "must cash the spades [quickly].}");

        let game = &file.games()[2];
        assert_eq!((game.board(), game.dealer(), game.vulnerable_str()), (Some(3), Some(Seat::South), Some("EW")));
        let deal = game.deal().unwrap().unwrap().into_deal().unwrap();
        assert_eq!(deal[Seat::South].to_string(), "AKQJT98765432...");
    }

    #[test]
    fn comments_and_crlf() {
        let text = commented_crlf();
        let file = PbnFile::parse(&text).unwrap();
        assert_eq!(file.header_lines().collect::<Vec<_>>(), ["% PBN 2.1", "% EXPORT"]);
        // The blank line inside the first comment does not end a game, and
        // the comment-only blocks are not games.
        assert_eq!(file.games().len(), 2);

        let game = &file.games()[0];
        assert_eq!(game.event(), Some("Tuesday \"Open\" Pairs"));
        assert_eq!(game.tag("Site"), Some("Club"));
        assert_eq!(game.board(), Some(1));
        assert_eq!(game.dealer(), Some(Seat::North));
        assert_eq!(game.tag_pair("Dealer").unwrap().line(), Some(10));
        let auction = game.tag_pair("Auction").unwrap();
        assert_eq!(
            auction.section_lines().collect::<Vec<_>>(),
            ["1D =1= Pass 1S Pass", "2NT Pass 3NT Pass ; 3NT is normal", "Pass Pass"]
        );
        let play = game.tag_pair("Play").unwrap();
        assert_eq!(play.section_lines().collect::<Vec<_>>(), ["S4 S6 S7 SK", "C2 C3 {a deceptive card} C4 C8", "*"]);
        let deal = game.tag_pair("Deal").unwrap();
        assert_eq!(deal.section_lines().collect::<Vec<_>>(), ["{ North has a flat 10 count. }"]);
        assert_eq!(game.tag("Result"), Some("9"));

        let game = &file.games()[1];
        assert_eq!(game.board(), Some(2));
        assert_eq!(game.tag_pair("Board").unwrap().line(), Some(31));
        assert_eq!(game.tag_pair("Board").unwrap().section_lines().count(), 0);
        assert_eq!(file.resolved_deal(1), Some(Ok(DEAL2.parse().unwrap())));

        // New text takes the file's line ending.
        let mut file = file;
        file.games_mut()[1].set_tag_with_section("OptimumResultTable", "x", ["N NT 9"]).unwrap();
        let out = file.to_string();
        assert!(out.ends_with("\r\n[OptimumResultTable \"x\"]\r\nN NT 9\r\n\r\n"), "{out:?}");
        assert!(!out.replace("\r\n", "").contains('\n'));
    }

    #[test]
    fn copy_rule() {
        let file = PbnFile::parse(&inherited()).unwrap();
        assert_eq!(file.games().len(), 3);
        assert_eq!(file.games()[1].tag("Event"), Some("#"));
        assert_eq!(file.resolved_tag(1, "Event"), Some("Club Teams"));
        assert_eq!(file.resolved_tag(2, "Event"), Some("Club Teams"));
        assert_eq!(file.resolved_tag(2, "Site"), Some("Room 2"));
        assert_eq!(file.resolved_tag(2, "Date"), Some("2024.06.04"));
        assert_eq!(file.resolved_tag(1, "Dealer"), Some("N"));
        assert_eq!(file.resolved_tag(2, "Dealer"), Some("E"));
        assert_eq!(file.resolved_tag(2, "Missing"), None);
        assert_eq!(file.resolved_tag(3, "Event"), None);
        assert_eq!(file.resolved_deal(1).unwrap().unwrap().to_string(), DEAL1);
        assert_eq!(file.resolved_deal(2), Some(Ok(DEAL2.parse().unwrap())));
        assert!(file.games()[1].deal().unwrap().is_err());

        // Resolution follows edits of earlier games.
        let mut file = file;
        file.games_mut()[0].set_tag("Event", "Renamed").unwrap();
        assert_eq!(file.resolved_tag(2, "Event"), Some("Renamed"));
        // A "#" with no earlier value does not resolve.
        let file = PbnFile::parse("[Event \"#\"]\n\n[Event \"#\"]\n").unwrap();
        assert_eq!(file.resolved_tag(1, "Event"), None);
        assert_eq!(file.resolved_deal(1), None);
    }

    /// `resolved_values` gives, in one pass, what `resolved_tag` gives game
    /// by game: on the copy-rule file, on chains broken by a game without
    /// the tag, and with a value from before the text.
    #[test]
    fn resolved_values_equal_resolved_tag() {
        let texts = [
            inherited(),
            "[Event \"#\"]\n\n[Event \"A\"]\n\n[Event \"#\"]\n\n[Board \"4\"]\n\n[Event \"#\"]\n\n[Event \"B\"]\n"
                .to_owned(),
            bridge_composer(),
        ];
        for text in &texts {
            let file = PbnFile::parse(text).unwrap();
            for name in ["Event", "Site", "Date", "Dealer", "Deal", "Board", "Missing"] {
                let each: Vec<_> = (0..file.games().len()).map(|g| file.resolved_tag(g, name)).collect();
                let pass: Vec<_> = file.resolved_values(name, None).collect();
                assert_eq!(pass, each, "{name} in {text:?}");
            }
        }
        let file = PbnFile::parse(&texts[1]).unwrap();
        let carried: Vec<_> = file.resolved_values("Event", Some("Before")).collect();
        assert_eq!(carried, [Some("Before"), Some("A"), Some("A"), None, None, Some("B")]);
    }

    #[test]
    fn edits_touch_only_their_tag() {
        let text = bridge_composer();
        let mut file = PbnFile::parse(&text).unwrap();
        let game = &mut file.games_mut()[1];
        game.set_tag("Event", "Renamed").unwrap();
        game.set_tag("DoubleDummyTricks", "a9a9a9a9a9a9a9a9a9a9").unwrap();
        game.set_tag_with_section("OptimumResultTable", "Declarer;Denomination\\2R;Result\\2R", ["N NT 13"]).unwrap();
        game.set_tag("ParTricks", "13").unwrap();
        let out = file.to_string();

        // Everything before the second game and from the third game on is
        // untouched.
        let second = text.find("\n\n[Event").unwrap() + 2;
        let third = text.rfind("\n\n[Event").unwrap() + 2;
        assert_eq!(out[..second], text[..second]);
        assert!(out.ends_with(&text[third..]));
        let new_second = &out[second..out.len() - (text.len() - third)];
        let old_second = &text[second..third];
        let expected = old_second
            .replace("[Event \"Tuesday Pairs\"]", "[Event \"Renamed\"]")
            .replace("65667766857686778676", "a9a9a9a9a9a9a9a9a9a9");
        let table_at = expected.find("[OptimumResultTable").unwrap();
        let expected = format!(
            "{}[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\nN NT 13\n[ParTricks \"13\"]\n\n",
            &expected[..table_at]
        );
        assert_eq!(new_second, expected);

        // The edited file reads back with the new values.
        let again = PbnFile::parse(&out).unwrap();
        let game = &again.games()[1];
        assert_eq!(game.event(), Some("Renamed"));
        assert_eq!(game.tag("ParTricks"), Some("13"));
        assert_eq!(game.tag_pair("OptimumResultTable").unwrap().section_lines().collect::<Vec<_>>(), ["N NT 13"]);
        assert_eq!(again.games()[0], file.games()[0]);

        // Replacing a section in the middle of a game, and of a tag that
        // shares its line with the next one.
        let mut file = PbnFile::parse(&commented_crlf()).unwrap();
        let game = &mut file.games_mut()[0];
        game.set_tag_with_section("Auction", "N", ["1NT Pass 3NT AP"]).unwrap();
        game.set_tag_with_section("Board", "1", Vec::<String>::new()).unwrap();
        let out = file.to_string();
        assert!(out.contains("[Board \"1\"]\r\n[Dealer \"N\"]\r\n"));
        assert!(out.contains("{ North has a flat 10 count. }\r\n[Auction \"N\"]\r\n1NT Pass 3NT AP\r\n[Note"));
        let again = PbnFile::parse(&out).unwrap();
        assert_eq!(again.games()[0].dealer(), Some(Seat::North));
        assert_eq!(again.games().len(), 2);
    }

    #[test]
    fn edits_at_the_end_of_a_file_without_line_break() {
        let mut file = PbnFile::parse("[Board \"1\"]\n[Deal \"N:- - - -\"]").unwrap();
        let game = &mut file.games_mut()[0];
        game.set_tag("Event", "E").unwrap();
        assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n[Event \"E\"]");
        let game = &mut file.games_mut()[0];
        game.set_tag_with_section("Event", "F", ["a", "b"]).unwrap();
        assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n[Event \"F\"]\na\nb");
        assert!(file.games_mut()[0].remove_tag("Event"));
        assert_eq!(file.to_string(), "[Board \"1\"]\n[Deal \"N:- - - -\"]\n");

        // Removing the last tag keeps the games apart.
        let mut file = PbnFile::parse("[Board \"1\"] [Result \"9\"]\n\n[Board \"2\"]\n").unwrap();
        assert!(file.games_mut()[0].remove_tag("Result"));
        assert_eq!(file.to_string(), "[Board \"1\"] \n\n[Board \"2\"]\n");
        assert_eq!(PbnFile::parse(&file.to_string()).unwrap().games().len(), 2);
        // A game that lost all its tags and gets a new one.
        let mut file = PbnFile::parse("{c} [Board \"1\"]\n").unwrap();
        assert!(file.games_mut()[0].remove_tag("Board"));
        file.games_mut()[0].set_tag("Board", "2").unwrap();
        assert_eq!(file.to_string(), "{c} \n[Board \"2\"]\n");
    }

    #[test]
    // Too slow under Miri (text round trips, no unsafe code of its own; the
    // smaller pbn_file tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn values_round_trip_through_escapes() {
        let alphabet = ['a', ' ', '\\', '"', '[', ']', '{', '}', ';', '#', '%', 'é'];
        let mut rng = crate::SplitMix64::new(11);
        for _ in 0..3000 {
            let len = rng.below(8);
            let value: String = (0..len).map(|_| alphabet[rng.below(alphabet.len() as u64) as usize]).collect();
            let mut file = PbnFile::parse("[Board \"1\"]\n").unwrap();
            file.games_mut()[0].set_tag("Event", &value).unwrap();
            file.games_mut()[0].set_tag("Board", &value).unwrap();
            let text = file.to_string();
            let again = PbnFile::parse(&text).unwrap();
            assert_eq!(again.games()[0].tag("Event"), Some(value.as_str()), "{text}");
            assert_eq!(again.games()[0].tag("Board"), Some(value.as_str()), "{text}");
            assert_eq!(again, PbnFile::parse(&text).unwrap());
        }
        // A backslash that escapes nothing is written as it is.
        assert_eq!(format_tag("T", "a\\2R"), "[T \"a\\2R\"]");
        assert_eq!(format_tag("T", "a\\"), "[T \"a\\\\\"]");
        assert_eq!(format_tag("T", "\\\""), "[T \"\\\\\\\"\"]");
    }

    #[test]
    fn syntax_errors() {
        use PbnFileError as E;
        let cases = [
            ("[Event \"x\"", E::UnterminatedTag { line: 1 }),
            ("[Event \"x\"\n]", E::UnterminatedTag { line: 1 }),
            ("\n[Event", E::UnterminatedTag { line: 2 }),
            ("[", E::UnterminatedTag { line: 1 }),
            ("[Event \"x\"\r\n", E::UnterminatedTag { line: 1 }),
            ("[Event x]", E::InvalidTag { line: 1 }),
            ("[\"x\"]", E::InvalidTag { line: 1 }),
            ("[1Event \"x\"]", E::InvalidTag { line: 1 }),
            ("[My-Tag \"x\"]", E::InvalidTag { line: 1 }),
            ("[Event \"x\" y]", E::InvalidTag { line: 1 }),
            ("[Board \"1\"]\n[Event \"x", E::UnterminatedString { line: 2 }),
            ("[Event \"x\\\"]\n", E::UnterminatedString { line: 1 }),
            ("[Event \"x\"]\n{ open\n\n", E::UnterminatedComment { line: 2 }),
            ("{ a }\n{ b\n", E::UnterminatedComment { line: 2 }),
            ("hello\n[Event \"x\"]\n", E::UnexpectedText { line: 1 }),
            ("[Event \"x\"]\n\nPass Pass\n", E::UnexpectedText { line: 3 }),
            ("% PBN 2.1\n{c}\n\n { c } x\n", E::UnexpectedText { line: 4 }),
        ];
        for (text, expected) in cases {
            assert_eq!(PbnFile::parse(text), Err(expected), "{text:?}");
        }
        // Line numbers count the lines of multi-line comments.
        let err = PbnFile::parse("{\n\n\n}\n[Event \"x\"] [\n").unwrap_err();
        assert_eq!(err.line(), Some(5));
    }

    #[test]
    fn lenient_forms() {
        // Blanks inside the brackets, no blank before the value, a comment
        // or an escape line before the first tag, an empty file.
        let file = PbnFile::parse("{c}\n% x\n[ Event\"a\" ]\n[Board  \"1\"\t]\n").unwrap();
        assert_eq!(file.games()[0].tag("Event"), Some("a"));
        assert_eq!(file.games()[0].board(), Some(1));
        assert_eq!(file.header_lines().count(), 0);
        for text in ["", "\n", "% PBN 2.1\n", "{only a comment}\n; and another\n"] {
            let file = PbnFile::parse(text).unwrap();
            assert!(file.games().is_empty());
            assert_eq!(file.to_string(), text);
        }
        assert_eq!(PbnFile::parse("% PBN 2.1").unwrap().header_lines().collect::<Vec<_>>(), ["% PBN 2.1"]);
    }

    #[test]
    fn error_messages() {
        let check = |text: &str, message: &str| {
            assert_eq!(PbnFile::parse(text).unwrap_err().to_string(), message, "{text:?}");
        };
        check("[Event", "line 1: tag pair is not closed with \"]\" on its line");
        check("[Event x]", "line 1: tag pair is not of the form [Name \"value\"]");
        check("\n[Event \"x", "line 2: tag value is not closed with a quote on its line");
        check("{", "line 1: comment opened with \"{\" is never closed");
        check("x", "line 1: text outside a tag pair, its section or a comment");

        let file = PbnFile::parse("[Board \"1\"]\n\n[Deal \"N:A... K... Q...\"]\n").unwrap();
        let err = file.resolved_deal(1).unwrap().unwrap_err();
        assert_eq!(err.to_string(), "invalid deal in game 2 (line 3): pbn deal has 3 hands, expected 4");
        assert_eq!(err.line(), Some(3));
        assert!(std::error::Error::source(&err).is_some());
        assert_eq!(file.resolved_deal(0), None);
        let mut file = file;
        file.games_mut()[0].set_tag("Deal", "").unwrap();
        let err = file.resolved_deal(0).unwrap().unwrap_err();
        assert_eq!(err.to_string(), "invalid deal in game 1: empty pbn deal");
        assert_eq!(err.line(), None);

        assert_eq!(
            PbnTagError::InvalidName.to_string(),
            "invalid tag name (expected a letter followed by letters, digits or underscores)"
        );
        assert_eq!(PbnTagError::LineBreakInValue.to_string(), "line break in tag value");
        assert_eq!(
            PbnTagError::InvalidSectionLine(2).to_string(),
            "section line at index 2 is blank, breaks the line, opens a tag or leaves a comment open"
        );
    }

    #[test]
    fn invalid_edits_are_refused() {
        let mut file = PbnFile::parse("[Board \"1\"]\n").unwrap();
        let game = &mut file.games_mut()[0];
        for name in ["", "1A", "A B", "A-B", "Ä", "[A"] {
            assert_eq!(game.set_tag(name, "x"), Err(PbnTagError::InvalidName), "{name:?}");
        }
        assert_eq!(game.set_tag("A", "x\r"), Err(PbnTagError::LineBreakInValue));
        for line in ["", "  ", "a\nb", "a\r", "[Note \"x\"]", "{open", "a {b} [c"] {
            assert_eq!(
                game.set_tag_with_section("A", "x", ["ok", line]),
                Err(PbnTagError::InvalidSectionLine(1)),
                "{line:?}"
            );
        }
        for line in ["N NT 9", "a {[b]} c", "a ; [comment", "% escape", "}"] {
            assert_eq!(game.set_tag_with_section("A", "x", [line]), Ok(()), "{line:?}");
        }
        assert_eq!(file.to_string(), "[Board \"1\"]\n[A \"x\"]\n}\n");
    }

    /// Parses `text`; when it parses, checks that it writes back unchanged,
    /// that every accessor answers, and that edits read back.
    fn exercise(text: &str) {
        let Ok(mut file) = PbnFile::parse(text) else {
            let err = PbnFile::parse(text).unwrap_err();
            assert!(err.line().is_some_and(|l| l >= 1 && l <= text.lines().count().max(1)), "{err} in {text:?}");
            assert!(!err.to_string().is_empty());
            return;
        };
        assert_eq!(file.to_string(), text);
        let _ = file.header_lines().count();
        let games = file.games().len();
        for (i, game) in file.games().iter().enumerate() {
            let _ = (game.board(), game.dealer(), game.event(), game.vulnerable_str(), game.deal());
            let _ = (file.resolved_deal(i), file.resolved_tag(i, "Event"));
            for tag in game.tags() {
                let _ = (tag.name(), tag.value(), tag.line(), tag.section_lines().count());
            }
        }
        for game in file.games_mut() {
            game.set_tag("DoubleDummyTricks", "a\\\"9").unwrap();
            game.set_tag_with_section("OptimumResultTable", "t", ["N NT 9", "S NT 9"]).unwrap();
        }
        let out = file.to_string();
        let again = PbnFile::parse(&out).unwrap_or_else(|e| panic!("{e} in {out:?} from {text:?}"));
        assert_eq!(again.games().len(), games, "{out:?}");
        for game in again.games() {
            assert_eq!(game.tag("DoubleDummyTricks"), Some("a\\\"9"));
            let table = game.tag_pair("OptimumResultTable").unwrap();
            assert_eq!(table.section_lines().collect::<Vec<_>>(), ["N NT 9", "S NT 9"], "{out:?}");
        }
        for game in file.games_mut() {
            let names: Vec<String> = game.tags().iter().map(|t| t.name().to_owned()).collect();
            for name in names {
                game.remove_tag(&name);
            }
        }
        let _ = PbnFile::parse(&file.to_string()).unwrap();
    }

    #[test]
    // Too slow under Miri (thousands of mutated files, no unsafe code of its own;
    // the smaller pbn_file tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn mutated_files_never_panic() {
        let inserts = ["[", "]", "\"", "\\", "{", "}", ";", "%", "\n", "\r", "\n\n", "#", "é"];
        for text in samples() {
            let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
            for &i in &boundaries {
                exercise(&text[..i]);
                exercise(&text[i..]);
                if let Some(next) = text[i..].chars().next() {
                    exercise(&format!("{}{}", &text[..i], &text[i + next.len_utf8()..]));
                }
                for insert in inserts {
                    exercise(&format!("{}{insert}{}", &text[..i], &text[i..]));
                }
            }
        }
    }
}
