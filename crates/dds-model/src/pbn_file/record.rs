//! A game of a PBN file read as a board: its deal text, dealer,
//! vulnerability and board number, with PBN's copy rule (`#` stands for the
//! value in the game before) applied and the dealer and vulnerability taken
//! from the board number when no tag gives them. One reading for every
//! front-end (the `dds` command, the WebAssembly package).

use core::fmt;

use super::PbnFile;
use crate::{dealer_for_board, ParseError, Seat, Vulnerability};

/// The tags a board's record reads, in the order of [`PbnCarry`]'s values.
const RECORD_TAGS: [&str; 6] = ["Board", "Dealer", "Vulnerable", "Deal", "Event", "Date"];

/// The values of the tags a record reads in the last game of a text, which
/// a `#` in the first game of the text after it stands for: a file read in
/// pieces (standard input, game by game) carries them from piece to piece.
///
/// ```
/// use dds_model::{PbnCarry, PbnFile, Seat};
/// let first = PbnFile::parse("[Board \"5\"]\n[Dealer \"S\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n")?;
/// let carry = first.records().carry();
/// let second = PbnFile::parse("[Board \"6\"]\n[Dealer \"#\"]\n[Deal \"#\"]\n")?;
/// let records = second.records_after(&carry);
/// let record = records.record(0).unwrap()?;
/// assert_eq!(record.dealer, Some(Seat::South));
/// assert!(record.deal_text.starts_with("N:AKQJT"));
/// assert_eq!(PbnCarry::default(), PbnFile::parse("")?.records().carry());
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PbnCarry {
    values: [Option<String>; 6],
}

/// The games of a PBN file read as boards ([`PbnFile::records`]): the
/// values of the tags a record reads, with the copy rule applied, found in
/// one pass over the games (a file in which every game writes `#` is read
/// in linear time).
#[derive(Clone, Debug)]
pub struct PbnRecords<'a> {
    file: &'a PbnFile,
    values: [Vec<Option<&'a str>>; 6],
}

/// A game of a PBN file read as a board ([`PbnRecords::record`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PbnRecord<'a> {
    /// The deal's text, as written in the game or the game it copies (a
    /// PBN deal; it may leave hands unknown).
    pub deal_text: &'a str,
    /// The `Dealer` tag, else the board number's dealer; `None` when
    /// neither says.
    pub dealer: Option<Seat>,
    /// The `Vulnerable` tag, else the board number's vulnerability; `None`
    /// when neither says.
    pub vulnerability: Option<Vulnerability>,
    /// The `Board` tag, trimmed.
    pub board: Option<&'a str>,
    /// The `Event` tag.
    pub event: Option<&'a str>,
    /// The `Date` tag.
    pub date: Option<&'a str>,
}

impl PbnRecord<'_> {
    /// The board number, when the `Board` tag is a number.
    pub fn board_number(&self) -> Option<u32> {
        self.board.and_then(|b| b.parse().ok())
    }
}

/// Why a game with a deal cannot be read as a board.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PbnRecordError {
    /// `[Deal "#"]` copies the deal of the game before, and no earlier
    /// game has one.
    NothingToCopy,
    /// The `Dealer` tag is not a seat.
    Dealer {
        /// The tag's value.
        value: String,
        /// What is wrong with it.
        error: ParseError,
    },
    /// The `Vulnerable` tag is not a vulnerability.
    Vulnerable {
        /// The tag's value.
        value: String,
        /// What is wrong with it.
        error: ParseError,
    },
}

impl fmt::Display for PbnRecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PbnRecordError::NothingToCopy => {
                f.write_str("[Deal \"#\"] copies the deal of the game before, but no earlier game has a deal")
            }
            PbnRecordError::Dealer { value, error } => write!(f, "Dealer {value:?}: {error}"),
            PbnRecordError::Vulnerable { value, error } => write!(f, "Vulnerable {value:?}: {error}"),
        }
    }
}

impl std::error::Error for PbnRecordError {}

impl PbnFile {
    /// The games of the file read as boards ([`PbnRecords::record`]).
    ///
    /// ```
    /// use dds_model::{PbnFile, Seat, Vulnerability};
    /// let text = "[Board \"2\"]\n[Deal \"N:AKQJT98765432... - - -\"]\n\n\
    ///             [Board \"3\"]\n[Deal \"#\"]\n[Vulnerable \"All\"]\n\n\
    ///             [Event \"Club\"]\n";
    /// let file = PbnFile::parse(text)?;
    /// let records = file.records();
    /// let first = records.record(0).unwrap()?;
    /// assert_eq!((first.dealer, first.vulnerability), (Some(Seat::East), Some(Vulnerability::NorthSouth)));
    /// let second = records.record(1).unwrap()?;
    /// assert_eq!(second.deal_text, first.deal_text);
    /// assert_eq!((second.dealer, second.vulnerability), (Some(Seat::South), Some(Vulnerability::Both)));
    /// assert!(records.record(2).is_none()); // no deal: a header game
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn records(&self) -> PbnRecords<'_> {
        self.records_with(None)
    }

    /// The games of the file read as boards, the file being the text that
    /// follows a text whose last game's values are `before` (see
    /// [`PbnCarry`]).
    pub fn records_after<'a>(&'a self, before: &'a PbnCarry) -> PbnRecords<'a> {
        self.records_with(Some(before))
    }

    fn records_with<'a>(&'a self, before: Option<&'a PbnCarry>) -> PbnRecords<'a> {
        let values = core::array::from_fn(|i| {
            let before = before.and_then(|carry| carry.values[i].as_deref());
            self.resolved_values(RECORD_TAGS[i], before).collect()
        });
        PbnRecords { file: self, values }
    }
}

impl<'a> PbnRecords<'a> {
    /// The value of a tag a record reads (`Board`, `Dealer`, `Vulnerable`,
    /// `Deal`, `Event`, `Date`) in game `game`, the copy rule applied;
    /// `None` for another tag, a game without it, or a game past the end.
    pub fn tag(&self, game: usize, name: &str) -> Option<&'a str> {
        let i = RECORD_TAGS.iter().position(|&t| t == name)?;
        self.values[i].get(game).copied().flatten()
    }

    /// The board number of game `game`, when its `Board` tag is a number.
    pub fn board_number(&self, game: usize) -> Option<u32> {
        self.tag(game, "Board").and_then(|b| b.trim().parse().ok())
    }

    /// Game `game` read as a board: `None` for a game without a deal (no
    /// `Deal` tag, or an empty one, as in Bridge Composer's opening game
    /// of a handout) and for a game past the end; else its record, or why
    /// it cannot be read. The deal's text is not parsed here: a caller
    /// reads it as a full deal or a position, as it needs.
    pub fn record(&self, game: usize) -> Option<Result<PbnRecord<'a>, PbnRecordError>> {
        let deal_text = match self.tag(game, "Deal") {
            Some(text) if text.trim().is_empty() => return None,
            Some(text) => text,
            None if self.file.games().get(game)?.tag("Deal").is_some() => {
                return Some(Err(PbnRecordError::NothingToCopy));
            }
            None => return None,
        };
        let number = self.board_number(game);
        let read = || {
            let dealer = match self.tag(game, "Dealer") {
                Some(value) => Some(
                    value
                        .trim()
                        .parse::<Seat>()
                        .map_err(|error| PbnRecordError::Dealer { value: value.to_owned(), error })?,
                ),
                None => number.and_then(dealer_for_board),
            };
            let vulnerability = match self.tag(game, "Vulnerable") {
                Some(value) => Some(
                    value
                        .trim()
                        .parse::<Vulnerability>()
                        .map_err(|error| PbnRecordError::Vulnerable { value: value.to_owned(), error })?,
                ),
                None => number.and_then(Vulnerability::for_board),
            };
            Ok(PbnRecord {
                deal_text,
                dealer,
                vulnerability,
                board: self.tag(game, "Board").map(str::trim),
                event: self.tag(game, "Event"),
                date: self.tag(game, "Date"),
            })
        };
        Some(read())
    }

    /// The values of the last game, for the text that follows this one.
    pub fn carry(&self) -> PbnCarry {
        let last = self.file.games().len().checked_sub(1);
        PbnCarry { values: core::array::from_fn(|i| last.and_then(|g| self.values[i][g]).map(str::to_owned)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEAL: &str = "N:AKQJT98765432... - - -";

    #[test]
    fn a_copied_deal_with_nothing_before_is_an_error_and_an_empty_deal_is_no_deal() {
        let file = PbnFile::parse("[Board \"1\"]\n[Deal \"#\"]\n\n[Board \"2\"]\n[Deal \"\"]\n").unwrap();
        let records = file.records();
        assert_eq!(records.record(0), Some(Err(PbnRecordError::NothingToCopy)));
        assert_eq!(records.record(1), None);
        assert_eq!(records.record(2), None);
    }

    #[test]
    fn bad_dealer_and_vulnerability_name_their_values() {
        let text = format!("[Dealer \"X\"]\n[Deal \"{DEAL}\"]\n\n[Vulnerable \"Maybe\"]\n[Deal \"#\"]\n");
        let file = PbnFile::parse(&text).unwrap();
        let records = file.records();
        let first = records.record(0).unwrap().unwrap_err();
        assert!(matches!(&first, PbnRecordError::Dealer { value, .. } if value == "X"), "{first:?}");
        assert!(first.to_string().starts_with("Dealer \"X\": "));
        let second = records.record(1).unwrap().unwrap_err();
        assert!(matches!(&second, PbnRecordError::Vulnerable { value, .. } if value == "Maybe"), "{second:?}");
    }

    #[test]
    fn tags_win_over_the_board_number_and_the_number_fills_in() {
        // Board 4: dealer West, both vulnerable.
        let text = format!("[Board \" 4 \"]\n[Deal \"{DEAL}\"]\n\n[Board \"4\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"#\"]\n\n[Board \"x\"]\n[Deal \"#\"]\n");
        let file = PbnFile::parse(&text).unwrap();
        let records = file.records();
        let first = records.record(0).unwrap().unwrap();
        assert_eq!(
            (first.dealer, first.vulnerability, first.board),
            (Some(Seat::West), Some(Vulnerability::Both), Some("4"))
        );
        assert_eq!(first.board_number(), Some(4));
        let second = records.record(1).unwrap().unwrap();
        assert_eq!((second.dealer, second.vulnerability), (Some(Seat::North), Some(Vulnerability::None)));
        let third = records.record(2).unwrap().unwrap();
        assert_eq!((third.dealer, third.vulnerability, third.board_number()), (None, None, None));
    }

    #[test]
    fn the_carry_crosses_pieces_and_a_game_without_a_tag_breaks_the_chain() {
        let first = PbnFile::parse(&format!("[Event \"Club\"]\n[Deal \"{DEAL}\"]\n")).unwrap();
        let carry = first.records().carry();
        let second = PbnFile::parse("[Event \"#\"]\n[Deal \"#\"]\n\n[Board \"1\"]\n\n[Deal \"#\"]\n").unwrap();
        let records = second.records_after(&carry);
        let record = records.record(0).unwrap().unwrap();
        assert_eq!((record.event, record.deal_text), (Some("Club"), DEAL));
        assert_eq!(records.record(2), Some(Err(PbnRecordError::NothingToCopy)));
        assert_eq!(records.tag(0, "Event"), Some("Club"));
        assert_eq!(records.tag(0, "Site"), None);
        assert_eq!(records.carry(), PbnCarry::default());
    }
}
