//! What can be wrong with the text of a PBN file: the errors of reading
//! it ([`PbnFileError`]) and of writing a tag ([`PbnTagError`]), and the
//! warning about a comment left open ([`RunawayComment`]).

use core::fmt;

use crate::ParseDealError;

/// A `{` comment that runs over a blank line and a line opening with a tag
/// (`[Board "100"]`): most likely a comment its writer forgot to close, so
/// that two games run together. The file is read as written; a reader can
/// warn about it ([`PbnFile::runaway_comments`](crate::PbnFile::runaway_comments)).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct RunawayComment {
    /// The line (from 1) where the comment opens.
    pub opens: usize,
    /// The first line inside it that opens with a tag after a blank line.
    pub swallows: usize,
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
        /// The index of the game in [`PbnFile::games`](crate::PbnFile::games).
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
/// [`PbnGame::set_tag`](crate::PbnGame::set_tag)).
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
