//! Errors from reading the hand files (`FixtureError`, `FixtureErrorKind`, `LineTag`).

use core::fmt;

use dds_model::ParseDealError;

/// The kind of a line in a hand file: the tag a "txt" line starts with, or a
/// GIB line.
///
/// ```
/// use dds_fixtures::LineTag;
/// assert_eq!(LineTag::from_word("PAR2"), Some(LineTag::Par2));
/// assert_eq!(LineTag::Par2.to_string(), "PAR2");
/// assert_eq!(LineTag::from_word("par2"), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum LineTag {
    /// `NUMBER n`: the record count, first line of a "txt" file.
    Number,
    /// `PBN dealer vul trump first "deal"`: starts a record.
    Pbn,
    /// `FUT ...`: the `futureTricks` of the opening lead.
    Fut,
    /// `TABLE ...`: the double dummy table.
    Table,
    /// `PAR ...`: the output of DDS's `Par`.
    Par,
    /// `PAR2 ...`: the output of DDS's `DealerPar`.
    Par2,
    /// `PLAY n "cards"`: a play sequence.
    Play,
    /// `TRACE m v0 ..`: the double dummy trace of the play sequence.
    Trace,
    /// A line of a GIB file (`sol10.txt`), which has no tag.
    Gib,
}

impl LineTag {
    /// The tags a "txt" file uses, in record order (`Number` first).
    pub const TXT: [LineTag; 8] = [
        LineTag::Number,
        LineTag::Pbn,
        LineTag::Fut,
        LineTag::Table,
        LineTag::Par,
        LineTag::Par2,
        LineTag::Play,
        LineTag::Trace,
    ];

    /// The tag as the file writes it (`"GIB"` for a GIB line, which has none).
    pub const fn as_str(self) -> &'static str {
        match self {
            LineTag::Number => "NUMBER",
            LineTag::Pbn => "PBN",
            LineTag::Fut => "FUT",
            LineTag::Table => "TABLE",
            LineTag::Par => "PAR",
            LineTag::Par2 => "PAR2",
            LineTag::Play => "PLAY",
            LineTag::Trace => "TRACE",
            LineTag::Gib => "GIB",
        }
    }

    /// The "txt" tag spelled exactly as `word` (upper case), if any.
    pub fn from_word(word: &str) -> Option<LineTag> {
        LineTag::TXT.into_iter().find(|tag| tag.as_str() == word)
    }
}

impl fmt::Display for LineTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What is wrong with a hand file, without the place (see [`FixtureError`]).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum FixtureErrorKind {
    /// The file could not be read.
    Io(std::io::ErrorKind),
    /// A line starts with a word that is not a "txt" tag.
    UnknownTag(String),
    /// A `NUMBER` line that is not the first non-blank line.
    MisplacedNumber,
    /// A line other than `NUMBER` or `PBN` before the first `PBN` line.
    NoRecord(LineTag),
    /// A record has two lines with this tag.
    DuplicateLine(LineTag),
    /// A line ends before the named field.
    MissingField {
        /// The line's tag.
        tag: LineTag,
        /// The field that is missing.
        field: &'static str,
    },
    /// A line has text after its last field.
    TrailingText {
        /// The line's tag.
        tag: LineTag,
        /// The extra text.
        text: String,
    },
    /// A field is not a number, or is out of its range.
    InvalidNumber {
        /// The line's tag.
        tag: LineTag,
        /// The field.
        field: &'static str,
        /// The field's text as written (with quotes, if it was quoted).
        text: String,
    },
    /// A field that must be a quoted string is not quoted.
    ExpectedQuoted {
        /// The line's tag.
        tag: LineTag,
        /// The field.
        field: &'static str,
    },
    /// A `"` opens a string that the line never closes.
    UnterminatedQuote,
    /// A `"` inside a word, or a word glued to a closing `"`.
    MisplacedQuote,
    /// The deal text of a `PBN` or GIB line is not a valid deal.
    InvalidDeal(ParseDealError),
    /// A card of a `PLAY` line is not a suit letter and a rank character.
    InvalidCard {
        /// The line's tag.
        tag: LineTag,
        /// The text that should be a card.
        text: String,
    },
    /// A count disagrees with the items that follow it: the `NUMBER` line
    /// with the records, or the count field of a `FUT`, `PLAY` or `TRACE`
    /// line with the values on that line.
    CountMismatch {
        /// The line's tag.
        tag: LineTag,
        /// The count the file states.
        declared: usize,
        /// The number of values (for `FUT`, numbers after the count) found.
        found: usize,
    },
    /// A `PAR` score is not `NS <int>` (first) or `EW <int>` (second).
    InvalidParScore(String),
    /// A GIB line has no `:` between the hands and the results.
    GibMissingColon,
    /// A GIB line does not have 20 result digits after the `:`.
    GibDigitCount(usize),
    /// A GIB result digit is not a hex digit from 0 to D (13).
    GibInvalidDigit(char),
}

impl fmt::Display for FixtureErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use FixtureErrorKind as K;
        match self {
            K::Io(kind) => write!(f, "cannot read the file: {kind}"),
            K::UnknownTag(word) => {
                write!(f, "unknown line tag {word:?} (expected NUMBER, PBN, FUT, TABLE, PAR, PAR2, PLAY or TRACE)")
            }
            K::MisplacedNumber => f.write_str("NUMBER line is not the first line"),
            K::NoRecord(tag) => write!(f, "{tag} line before the first PBN line"),
            K::DuplicateLine(tag) => write!(f, "second {tag} line in one record"),
            K::MissingField { tag, field } => write!(f, "{tag} line ends before the {field}"),
            K::TrailingText { tag, text } => write!(f, "unexpected text {text:?} at the end of the {tag} line"),
            K::InvalidNumber { tag, field, text } => write!(f, "invalid {field} {text:?} in {tag} line"),
            K::ExpectedQuoted { tag, field } => write!(f, "{field} in {tag} line is not in double quotes"),
            K::UnterminatedQuote => f.write_str("unterminated double quote"),
            K::MisplacedQuote => f.write_str("double quote inside a word"),
            K::InvalidDeal(e) => write!(f, "invalid deal: {e}"),
            K::InvalidCard { tag, text } => write!(f, "invalid card {text:?} in {tag} line"),
            K::CountMismatch { tag: LineTag::Number, declared, found } => {
                write!(f, "NUMBER line says {declared} records, the file has {found}")
            }
            K::CountMismatch { tag: LineTag::Fut, declared, found } => write!(
                f,
                "FUT line says {declared} cards but has {found} numbers after the count, expected {}",
                declared.saturating_mul(4)
            ),
            K::CountMismatch { tag, declared, found } => {
                write!(f, "{tag} line says {declared} values, found {found}")
            }
            K::InvalidParScore(text) => {
                write!(f, "invalid par score {text:?} (expected \"NS <score>\" then \"EW <score>\")")
            }
            K::GibMissingColon => f.write_str("GIB line has no ':' before the results"),
            K::GibDigitCount(n) => write!(f, "GIB line has {n} result digits, expected 20"),
            K::GibInvalidDigit(c) => write!(f, "invalid GIB result digit {c:?} (expected 0-9 or A-D)"),
        }
    }
}

/// An error reading a hand file: what is wrong and where.
///
/// Lines are numbered from 1; line 0 means the whole file (an I/O error).
///
/// ```
/// use dds_fixtures::{parse_txt, FixtureErrorKind, LineTag};
/// let err = parse_txt("NUMBER 1\nFUT 0\n").unwrap_err();
/// assert_eq!(err.line(), 2);
/// assert_eq!(err.kind(), &FixtureErrorKind::NoRecord(LineTag::Fut));
/// assert_eq!(err.to_string(), "line 2: FUT line before the first PBN line");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct FixtureError {
    file: Option<String>,
    line: usize,
    kind: FixtureErrorKind,
}

impl FixtureError {
    /// An error at `line` (1-based; 0 for the whole file) of an unnamed text.
    pub(crate) fn new(line: usize, kind: FixtureErrorKind) -> FixtureError {
        FixtureError { file: None, line, kind }
    }

    /// The same error, naming the file it came from.
    pub(crate) fn in_file(mut self, name: &str) -> FixtureError {
        self.file = Some(name.to_owned());
        self
    }

    /// The line number, from 1; 0 when the error concerns the whole file.
    pub fn line(&self) -> usize {
        self.line
    }

    /// What is wrong.
    pub fn kind(&self) -> &FixtureErrorKind {
        &self.kind
    }

    /// The file name, when the error came from [`load_hand_file`](crate::load_hand_file)
    /// or [`load_gib_file`](crate::load_gib_file).
    pub fn file(&self) -> Option<&str> {
        self.file.as_deref()
    }
}

impl fmt::Display for FixtureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.file, self.line) {
            (Some(file), 0) => write!(f, "{file}: {}", self.kind),
            (Some(file), line) => write!(f, "{file}:{line}: {}", self.kind),
            (None, 0) => fmt::Display::fmt(&self.kind, f),
            (None, line) => write!(f, "line {line}: {}", self.kind),
        }
    }
}

impl std::error::Error for FixtureError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            FixtureErrorKind::InvalidDeal(e) => Some(e),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_round_trip() {
        for tag in LineTag::TXT {
            assert_eq!(LineTag::from_word(tag.as_str()), Some(tag));
        }
        assert_eq!(LineTag::from_word("GIB"), None);
        assert_eq!(LineTag::from_word("DEALERPAR"), None);
    }

    #[test]
    fn messages_name_the_place() {
        let err = FixtureError::new(3, FixtureErrorKind::DuplicateLine(LineTag::Table));
        assert_eq!(err.to_string(), "line 3: second TABLE line in one record");
        let err = err.in_file("list1.txt");
        assert_eq!(err.to_string(), "list1.txt:3: second TABLE line in one record");
        assert_eq!(err.file(), Some("list1.txt"));
        let err = FixtureError::new(0, FixtureErrorKind::Io(std::io::ErrorKind::NotFound));
        assert_eq!(err.in_file("x.txt").to_string(), "x.txt: cannot read the file: entity not found");
        let kind = FixtureErrorKind::CountMismatch { tag: LineTag::Fut, declared: 2, found: 7 };
        assert_eq!(kind.to_string(), "FUT line says 2 cards but has 7 numbers after the count, expected 8");
    }
}
