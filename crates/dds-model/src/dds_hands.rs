//! The deal line of DDS's hand files (`hands/list*.txt`, `largest.txt`,
//! `thomas*.txt`): `PBN dealer vul trump first "deal"`, read by
//! [`DdsHandLine::parse`].
//!
//! The four numbers are DDS's: `dealer` and `first` (the seat on lead to
//! the first trick) 0 to 3 for N, E, S, W; `vul` 0 none, 1 both, 2
//! North-South, 3 East-West ([`Vulnerability::from_dds`]); `trump` 0 to 4
//! for S, H, D, C, NT. The deal is PBN deal text between double quotes.
//! Fields are separated by ASCII white space; a quoted field holds any
//! text but a double quote (there are no escapes) and ends at white space
//! or the end of the line. The other lines of those files (`NUMBER`,
//! `FUT`, `TABLE`, `PAR`, ...) hold DDS's answers, not the deal; the
//! fixtures crate reads them.

use core::fmt;
use core::str::FromStr;

use crate::{Deal, ParseDealError, Seat, Strain, Vulnerability};

/// One `PBN dealer vul trump first "deal"` line of DDS's hand files.
///
/// ```
/// use dds_model::{DdsHandLine, Seat, Strain, Vulnerability};
/// let line = DdsHandLine::parse(
///     "PBN 1 2 4 3 \"E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98\"",
/// )?;
/// assert_eq!((line.dealer, line.vulnerability), (Seat::East, Vulnerability::NorthSouth));
/// assert_eq!((line.strain, line.leader, line.declarer()), (Strain::NoTrump, Seat::West, Seat::South));
/// assert_eq!(line.deal_text, "E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98");
/// assert_eq!(line.deal.to_string(), "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
/// # Ok::<_, dds_model::DdsHandLineError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DdsHandLine {
    /// The dealer (`dealer`).
    pub dealer: Seat,
    /// The vulnerability (`vul`).
    pub vulnerability: Vulnerability,
    /// The trump strain (`trump`).
    pub strain: Strain,
    /// The seat on lead to the first trick (`first`); declarer is on its
    /// right ([`DdsHandLine::declarer`]).
    pub leader: Seat,
    /// The deal, validated (no card twice, no hand over 13 cards); DDS's
    /// own files always hold all 52 cards.
    pub deal: Deal,
    /// The deal's text as written between the quotes.
    pub deal_text: String,
}

/// A field of a [`DdsHandLine`], as its errors name it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum DdsHandField {
    /// `dealer`, 0 to 3.
    Dealer,
    /// `vul`, 0 to 3.
    Vulnerability,
    /// `trump`, 0 to 4.
    Trump,
    /// `first`, 0 to 3.
    First,
    /// The quoted deal.
    Deal,
}

impl DdsHandField {
    /// The field's name in messages: `"dealer"`, `"vulnerability"`,
    /// `"trump"`, `"first"`, `"deal"`.
    pub const fn name(self) -> &'static str {
        match self {
            DdsHandField::Dealer => "dealer",
            DdsHandField::Vulnerability => "vulnerability",
            DdsHandField::Trump => "trump",
            DdsHandField::First => "first",
            DdsHandField::Deal => "deal",
        }
    }

    /// The values a number field takes, as messages write them.
    const fn range(self) -> &'static str {
        match self {
            DdsHandField::Trump => "0-4",
            _ => "0-3",
        }
    }
}

/// Why a line is not a [`DdsHandLine`].
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum DdsHandLineError {
    /// The line does not start with the word `PBN`.
    NotDealLine,
    /// The line ends before this field.
    MissingField(DdsHandField),
    /// A number field is not a number in its range; `text` is the field as
    /// written (quotes included when it was quoted).
    InvalidNumber {
        /// The field.
        field: DdsHandField,
        /// The field as written.
        text: String,
    },
    /// The deal is not between double quotes.
    UnquotedDeal,
    /// A double quote opens a field and none closes it.
    UnterminatedQuote,
    /// A double quote inside a word, or text right after a closing quote.
    MisplacedQuote,
    /// Text after the deal.
    TrailingText(String),
    /// The deal's text is not a valid deal.
    InvalidDeal(ParseDealError),
}

impl fmt::Display for DdsHandLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DdsHandLineError::NotDealLine => f.write_str("the line does not start with PBN"),
            DdsHandLineError::MissingField(field) => write!(f, "no {}", field.name()),
            DdsHandLineError::InvalidNumber { field, text } => {
                write!(f, "{} {text:?} is not {}", field.name(), field.range())
            }
            DdsHandLineError::UnquotedDeal => f.write_str("the deal is not between double quotes"),
            DdsHandLineError::UnterminatedQuote => f.write_str("a double quote is not closed"),
            DdsHandLineError::MisplacedQuote => f.write_str("a double quote inside a field"),
            DdsHandLineError::TrailingText(text) => write!(f, "text after the deal: {text:?}"),
            DdsHandLineError::InvalidDeal(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl std::error::Error for DdsHandLineError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DdsHandLineError::InvalidDeal(e) => Some(e),
            _ => None,
        }
    }
}

/// A field of a line: a word, or the text between double quotes.
#[derive(Copy, Clone)]
enum Field<'a> {
    Word(&'a str),
    Quoted(&'a str),
}

impl Field<'_> {
    /// The field as written, quotes included.
    fn written(self) -> String {
        match self {
            Field::Word(word) => word.to_owned(),
            Field::Quoted(text) => format!("\"{text}\""),
        }
    }
}

/// The fields of a line, read in order.
struct Fields<'a> {
    rest: &'a str,
}

impl<'a> Fields<'a> {
    /// The next field; `None` at the end of the line.
    fn next(&mut self) -> Option<Result<Field<'a>, DdsHandLineError>> {
        let text = self.rest.trim_start_matches(|c: char| c.is_ascii_whitespace());
        self.rest = "";
        if text.is_empty() {
            return None;
        }
        let end_of_word = |s: &str| s.find(|c: char| c.is_ascii_whitespace()).unwrap_or(s.len());
        if let Some(body) = text.strip_prefix('"') {
            let Some(close) = body.find('"') else {
                return Some(Err(DdsHandLineError::UnterminatedQuote));
            };
            let after = &body[close + 1..];
            if end_of_word(after) != 0 {
                return Some(Err(DdsHandLineError::MisplacedQuote));
            }
            self.rest = after;
            Some(Ok(Field::Quoted(&body[..close])))
        } else {
            let (word, after) = text.split_at(end_of_word(text));
            if word.contains('"') {
                return Some(Err(DdsHandLineError::MisplacedQuote));
            }
            self.rest = after;
            Some(Ok(Field::Word(word)))
        }
    }

    /// The next field, which must be there.
    fn field(&mut self, field: DdsHandField) -> Result<Field<'a>, DdsHandLineError> {
        self.next().unwrap_or(Err(DdsHandLineError::MissingField(field)))
    }

    /// The next field as a number below `limit`.
    fn number(&mut self, field: DdsHandField, limit: usize) -> Result<usize, DdsHandLineError> {
        let value = self.field(field)?;
        match value {
            Field::Word(word) => word.parse::<usize>().ok().filter(|&v| v < limit),
            Field::Quoted(_) => None,
        }
        .ok_or_else(|| DdsHandLineError::InvalidNumber { field, text: value.written() })
    }
}

impl DdsHandLine {
    /// The word that starts the line.
    pub const TAG: &'static str = "PBN";

    /// Reads a whole line (white space around it is ignored). The fields
    /// are read in order, so the error is that of the first bad one; no
    /// input makes this panic.
    ///
    /// ```
    /// use dds_model::{DdsHandField, DdsHandLine, DdsHandLineError};
    /// let err = DdsHandLine::parse("PBN 0 7 0 0 \"N:A... .A.. ..A. ...A\"").unwrap_err();
    /// assert_eq!(err, DdsHandLineError::InvalidNumber { field: DdsHandField::Vulnerability, text: "7".into() });
    /// assert_eq!(err.to_string(), "vulnerability \"7\" is not 0-3");
    /// assert_eq!(DdsHandLine::parse("TABLE 1 2"), Err(DdsHandLineError::NotDealLine));
    /// ```
    pub fn parse(line: &str) -> Result<DdsHandLine, DdsHandLineError> {
        let mut fields = Fields { rest: line };
        match fields.next() {
            Some(Ok(Field::Word(DdsHandLine::TAG))) => {}
            _ => return Err(DdsHandLineError::NotDealLine),
        }
        let dealer = Seat::new(fields.number(DdsHandField::Dealer, Seat::NUM)?);
        let vul = fields.number(DdsHandField::Vulnerability, 4)?;
        // Below 4, so the code is one of DDS's.
        let vulnerability = Vulnerability::from_dds(vul as u8).unwrap_or(Vulnerability::None);
        let strain = Strain::new(fields.number(DdsHandField::Trump, Strain::NUM)?);
        let leader = Seat::new(fields.number(DdsHandField::First, Seat::NUM)?);
        let deal_text = match fields.field(DdsHandField::Deal)? {
            Field::Quoted(text) => text,
            Field::Word(_) => return Err(DdsHandLineError::UnquotedDeal),
        };
        let deal = deal_text.parse::<Deal>().map_err(DdsHandLineError::InvalidDeal)?;
        let rest = fields.rest.trim_matches(|c: char| c.is_ascii_whitespace());
        match fields.next() {
            None => {}
            Some(Err(e)) => return Err(e),
            Some(Ok(_)) => return Err(DdsHandLineError::TrailingText(rest.to_owned())),
        }
        Ok(DdsHandLine { dealer, vulnerability, strain, leader, deal, deal_text: deal_text.to_owned() })
    }

    /// The declarer: the seat on the leader's right.
    pub const fn declarer(&self) -> Seat {
        self.leader.prev()
    }
}

impl FromStr for DdsHandLine {
    type Err = DdsHandLineError;

    /// [`DdsHandLine::parse`].
    fn from_str(s: &str) -> Result<DdsHandLine, DdsHandLineError> {
        DdsHandLine::parse(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first deal of DDS's `hands/list1.txt`.
    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    fn err(line: &str) -> DdsHandLineError {
        DdsHandLine::parse(line).unwrap_err()
    }

    fn invalid(field: DdsHandField, text: &str) -> DdsHandLineError {
        DdsHandLineError::InvalidNumber { field, text: text.into() }
    }

    #[test]
    fn reads_every_field() {
        // list1.txt's first record: dealer N, none vulnerable, spades, North leads.
        let line = DdsHandLine::parse(&format!("PBN 0 0 0 0 \"{DEAL}\"")).unwrap();
        assert_eq!(
            (line.dealer, line.vulnerability, line.strain, line.leader),
            (Seat::North, Vulnerability::None, Strain::Spades, Seat::North)
        );
        assert_eq!(line.declarer(), Seat::West);
        assert_eq!(line.deal.to_string(), DEAL);
        assert_eq!(line.deal_text, DEAL);
        // DDS's codes: vul 1 both, 3 East-West; trump 3 clubs.
        let line: DdsHandLine = format!("  PBN\t3 1 3 2 \"{DEAL}\"\r").parse().unwrap();
        assert_eq!(
            (line.dealer, line.vulnerability, line.strain, line.leader),
            (Seat::West, Vulnerability::Both, Strain::Clubs, Seat::South)
        );
        assert_eq!(
            DdsHandLine::parse(&format!("PBN 0 3 0 0 \"{DEAL}\"")).unwrap().vulnerability,
            Vulnerability::EastWest
        );
    }

    #[test]
    fn errors_name_the_first_bad_field() {
        use DdsHandField as F;
        use DdsHandLineError as E;
        assert_eq!(err("PBN 4 0 0 0 \"\""), invalid(F::Dealer, "4"));
        assert_eq!(err("PBN 0 4 0 0 \"\""), invalid(F::Vulnerability, "4"));
        assert_eq!(err("PBN 0 0 5 0 \"\""), invalid(F::Trump, "5"));
        assert_eq!(err("PBN 0 0 0 -1 \"\""), invalid(F::First, "-1"));
        assert_eq!(err("PBN \"0\" 0 0 0 \"\""), invalid(F::Dealer, "\"0\""));
        assert_eq!(err("PBN 0 0 0 0"), E::MissingField(F::Deal));
        assert_eq!(err("PBN"), E::MissingField(F::Dealer));
        assert_eq!(err("PBN 0 0 0 0 N:A..."), E::UnquotedDeal);
        assert_eq!(err("PBN 0 0 0 0 \"N:A..."), E::UnterminatedQuote);
        assert_eq!(err("PBN 0 0 0 0 \"N:A...\"x"), E::MisplacedQuote);
        assert_eq!(err("PBN 0 0 0 0 a\"b"), E::MisplacedQuote);
        assert_eq!(err(&format!("PBN 0 0 0 0 \"{DEAL}\" 7 8 ")), E::TrailingText("7 8".into()));
        assert!(matches!(err("PBN 0 0 0 0 \"N:A... A... Q... J...\""), E::InvalidDeal(_)));
        assert_eq!(err(""), E::NotDealLine);
        assert_eq!(err("PBNX 0 0 0 0 \"\""), E::NotDealLine);
        assert_eq!(err("\"PBN\" 0 0 0 0 \"\""), E::NotDealLine);
    }

    #[test]
    fn messages() {
        assert_eq!(err("PBN 0 0 9 0 \"\"").to_string(), "trump \"9\" is not 0-4");
        assert_eq!(err("PBN 5").to_string(), "dealer \"5\" is not 0-3");
        assert_eq!(err("PBN 0 0 0").to_string(), "no first");
    }
}
