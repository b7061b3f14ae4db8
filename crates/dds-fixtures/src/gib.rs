//! The GIB format of DDS's `hands/sol10.txt` (`parse_gib`, `GibRecord`).
//!
//! One deal per line: the four hands West, North, East, South, a `:`, then 20
//! hex digits in five groups of four. The groups are the strains NT, S, H, D,
//! C; inside a group the declarers are East, North, West, South; each digit is
//! the number of tricks North-South take. DDS's `test/parse.cpp` (`parse_GIB`)
//! reads them the same way.

use dds_model::{Deal, Seat, Strain};

use crate::error::{FixtureError, FixtureErrorKind};
use crate::txt::DdTableFixture;

/// The strains of the five digit groups of a GIB line, in order.
const GIB_STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// The declarers of the four digits of a group, in order.
const GIB_DECLARERS: [Seat; 4] = [Seat::East, Seat::North, Seat::West, Seat::South];

/// One line of a GIB file: a deal and its double dummy table.
///
/// ```
/// use dds_fixtures::load_gib_file;
/// use dds_model::{Seat, Strain};
/// let records = load_gib_file("sol10.txt")?;
/// // The first line ends in ":65658888888843433232": in no trump, North-South
/// // take 6 tricks with East declaring, so East takes 13 - 6 = 7.
/// assert_eq!(records[0].table[Strain::NoTrump][Seat::East], 7);
/// assert_eq!(records[0].table[Strain::NoTrump][Seat::North], 5);
/// assert_eq!(records[0].deal.to_string(), "N:K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K T5.K4.652.A98542");
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GibRecord {
    /// The line number (from 1), for messages.
    pub line: usize,
    /// The deal.
    pub deal: Deal,
    /// The double dummy table, converted to tricks for each declarer like
    /// the "txt" files' `TABLE` (an East or West entry is 13 minus the digit).
    pub table: DdTableFixture,
}

/// Parses a GIB file such as `sol10.txt`.
///
/// Blank lines are skipped and surrounding whitespace is ignored. Errors name
/// the line and what is wrong; no input makes this function panic.
///
/// ```
/// use dds_fixtures::{parse_gib, FixtureErrorKind};
/// let line = "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:65658888888843433232";
/// assert_eq!(parse_gib(line)?.len(), 1);
/// let err = parse_gib(&line.replace(":6", ":E")).unwrap_err();
/// assert_eq!(err.kind(), &FixtureErrorKind::GibInvalidDigit('E'));
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
pub fn parse_gib(text: &str) -> Result<Vec<GibRecord>, FixtureError> {
    let mut records = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim_matches(|c: char| c.is_ascii_whitespace());
        if line.is_empty() {
            continue;
        }
        let record = parse_line(index + 1, line).map_err(|kind| FixtureError::new(index + 1, kind))?;
        records.push(record);
    }
    Ok(records)
}

fn parse_line(line: usize, text: &str) -> Result<GibRecord, FixtureErrorKind> {
    let (hands, digits) = text.rsplit_once(':').ok_or(FixtureErrorKind::GibMissingColon)?;
    let deal = format!("W:{hands}").parse::<Deal>().map_err(FixtureErrorKind::InvalidDeal)?;
    let count = digits.chars().count();
    if count != GIB_STRAINS.len() * GIB_DECLARERS.len() {
        return Err(FixtureErrorKind::GibDigitCount(count));
    }
    let mut table = DdTableFixture::default();
    let mut digits = digits.chars();
    for strain in GIB_STRAINS {
        for declarer in GIB_DECLARERS {
            let c = digits.next().unwrap_or(' ');
            let ns_tricks = match c.to_digit(16) {
                Some(d) if d <= 13 => d as u8,
                _ => return Err(FixtureErrorKind::GibInvalidDigit(c)),
            };
            table[strain][declarer] = match declarer {
                Seat::North | Seat::South => ns_tricks,
                Seat::East | Seat::West => 13 - ns_tricks,
            };
        }
    }
    Ok(GibRecord { line, deal, table })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "T5.K4.652.A98542 K6.QJT976.QT7.Q6 432.A.AKJ93.JT73 AQJ987.8532.84.K:65658888888843433232";

    #[test]
    fn digits_map_to_declarer_tricks() {
        let record = &parse_gib(&format!("\n  {LINE}  \n")).unwrap()[0];
        assert_eq!(record.line, 2);
        assert_eq!(record.deal[Seat::West].to_string(), "T5.K4.652.A98542");
        // Groups: NT 6565, S 8888, H 8888, D 4343, C 3232 (E, N, W, S; NS tricks).
        let expected = [[5, 8, 5, 8], [5, 8, 5, 8], [9, 3, 9, 3], [10, 2, 10, 2], [7, 5, 7, 5]];
        // Declarer tricks by strain S, H, D, C, NT and declarer E, N, W, S.
        for (strain, row) in
            [Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs, Strain::NoTrump].into_iter().zip(expected)
        {
            let [e, n, w, s] = row;
            assert_eq!(record.table[strain].into_array(), [n, e, s, w], "{strain}");
        }
    }

    #[test]
    fn errors() {
        use FixtureErrorKind as K;
        let kind = |text: &str| parse_gib(text).unwrap_err().kind().clone();
        assert_eq!(kind(&LINE.replace(':', " ")), K::GibMissingColon);
        assert_eq!(kind(&format!("{LINE}0")), K::GibDigitCount(21));
        assert_eq!(kind(&LINE.replace(":6", ":x")), K::GibInvalidDigit('x'));
        assert_eq!(kind(&LINE.replace(":6", ":é")), K::GibInvalidDigit('é'));
        assert!(matches!(kind(&LINE.replace("T5", "TT")), K::InvalidDeal(_)));
        let err = parse_gib(&format!("{LINE}\n{}", &LINE[..80])).unwrap_err();
        assert_eq!((err.line(), err.kind()), (2, &K::GibDigitCount(12)));
    }
}
