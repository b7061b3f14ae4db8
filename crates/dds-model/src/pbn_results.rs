//! Double dummy results in the PBN forms other tools read: Bridge
//! Composer's `DoubleDummyTricks` tag and the PBN 2.1 `OptimumResultTable`
//! section, both to and from tricks per strain and declarer.

use core::fmt;

use crate::{BySeat, ByStrain, Seat, Strain};

/// Declarers in the order of both tags: N, S, E, W.
const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// Strains in the order of both tags: NT, S, H, D, C.
const STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// The digits of `DoubleDummyTricks`, for 0 to 13 tricks.
const DIGITS: &[u8; 14] = b"0123456789abcd";

/// The value of the `OptimumResultTable` tag that
/// [`optimum_result_table`] writes: its three columns, the last two
/// right-aligned in two characters.
pub const OPTIMUM_RESULT_TABLE_COLUMNS: &str = "Declarer;Denomination\\2R;Result\\2R";

/// What is wrong with a `DoubleDummyTricks` value or an
/// `OptimumResultTable` (see [`parse_double_dummy_tricks`] and
/// [`parse_optimum_result_table`]).
///
/// ```
/// use dds_model::{parse_double_dummy_tricks, ParseTricksError};
/// assert_eq!(parse_double_dummy_tricks("6565"), Err(ParseTricksError::WrongLength(4)));
/// assert_eq!(
///     parse_double_dummy_tricks("65657656576867568675").map(|t| t[dds_model::Strain::Spades][dds_model::Seat::East]),
///     Ok(8)
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseTricksError {
    /// `DoubleDummyTricks` is not 20 characters long (the count found).
    WrongLength(usize),
    /// A character of `DoubleDummyTricks` is not a hex digit.
    InvalidDigit {
        /// Where it is, counted from 0.
        index: usize,
        /// The character.
        character: char,
    },
    /// A result above 13 tricks.
    TooManyTricks {
        /// The strain of the result.
        strain: Strain,
        /// The declarer of the result.
        declarer: Seat,
        /// The tricks given.
        tricks: u8,
    },
    /// The `OptimumResultTable` value does not name the columns Declarer,
    /// Denomination and Result, in that order (the value found).
    UnknownColumns(String),
    /// A line of the `OptimumResultTable` section is not a declarer, a
    /// strain and a number of tricks.
    InvalidLine {
        /// The line's index in the section, counted from 0.
        index: usize,
        /// The line.
        line: String,
    },
    /// A result given twice in the `OptimumResultTable` section.
    RepeatedResult {
        /// The strain of the result.
        strain: Strain,
        /// The declarer of the result.
        declarer: Seat,
    },
    /// A result missing from the `OptimumResultTable` section (the first
    /// one missing, in the order of the tag: declarers N, S, E, W, each
    /// with NT, S, H, D, C).
    MissingResult {
        /// The strain of the result.
        strain: Strain,
        /// The declarer of the result.
        declarer: Seat,
    },
}

impl fmt::Display for ParseTricksError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTricksError::WrongLength(n) => {
                write!(f, "{n} characters in DoubleDummyTricks, expected 20 hex digits")
            }
            ParseTricksError::InvalidDigit { index, character } => {
                write!(f, "invalid digit {character:?} at index {index} of DoubleDummyTricks (expected 0-9 or A-D)")
            }
            ParseTricksError::TooManyTricks { strain, declarer, tricks } => {
                write!(f, "{tricks} tricks for {} in {}, more than 13", declarer.name(), strain_name(*strain))
            }
            ParseTricksError::UnknownColumns(value) => {
                write!(f, "unknown OptimumResultTable columns {value:?} (expected Declarer;Denomination;Result)")
            }
            ParseTricksError::InvalidLine { index, line } => write!(
                f,
                "invalid OptimumResultTable line {line:?} at index {index} \
                 (expected declarer, strain and tricks, such as \"N NT 9\")"
            ),
            ParseTricksError::RepeatedResult { strain, declarer } => {
                write!(
                    f,
                    "result for {} in {} given twice in OptimumResultTable",
                    declarer.name(),
                    strain_name(*strain)
                )
            }
            ParseTricksError::MissingResult { strain, declarer } => {
                write!(f, "no result for {} in {} in OptimumResultTable", declarer.name(), strain_name(*strain))
            }
        }
    }
}

impl std::error::Error for ParseTricksError {}

fn strain_name(strain: Strain) -> &'static str {
    match strain.trump() {
        Some(suit) => suit.name(),
        None => "notrump",
    }
}

/// The first result above 13 tricks, in the order of the tags.
fn too_many_tricks(tricks: &ByStrain<BySeat<u8>>) -> Option<ParseTricksError> {
    DECLARERS.into_iter().flat_map(|declarer| STRAINS.map(|strain| (strain, declarer))).find_map(
        |(strain, declarer)| {
            let t = tricks[strain][declarer];
            (t > 13).then_some(ParseTricksError::TooManyTricks { strain, declarer, tricks: t })
        },
    )
}

#[track_caller]
fn assert_at_most_13(tricks: &ByStrain<BySeat<u8>>) {
    if let Some(e) = too_many_tricks(tricks) {
        panic!("not a double dummy result: {e}");
    }
}

/// Bridge Composer's `DoubleDummyTricks` value: 20 hex digits, the tricks
/// of declarers North, South, East and West, each in NT, spades, hearts,
/// diamonds and clubs (lower-case digits, `a` to `d` for 10 to 13).
///
/// # Panics
/// If a result is above 13 tricks (no deal gives more).
///
/// ```
/// use dds_model::{double_dummy_tricks, BySeat, ByStrain, Seat, Strain};
/// // DDS's list1 deal: N/S take 6 in NT, 5 in spades, ...; E/W take 8 in spades.
/// let mut tricks = ByStrain([BySeat([5, 8, 5, 8]), BySeat([6, 6, 6, 6]),
///     BySeat([5, 7, 5, 7]), BySeat([7, 5, 7, 5]), BySeat([6, 6, 6, 6])]);
/// assert_eq!(double_dummy_tricks(&tricks), "65657656576867568675");
/// tricks[Strain::NoTrump][Seat::North] = 13;
/// assert_eq!(&double_dummy_tricks(&tricks)[..5], "d5657");
/// ```
#[track_caller]
pub fn double_dummy_tricks(tricks: &ByStrain<BySeat<u8>>) -> String {
    assert_at_most_13(tricks);
    let mut text = String::with_capacity(20);
    for declarer in DECLARERS {
        for strain in STRAINS {
            text.push(char::from(DIGITS[usize::from(tricks[strain][declarer])]));
        }
    }
    text
}

/// Parses a `DoubleDummyTricks` value (see [`double_dummy_tricks`]): 20 hex
/// digits in either case, each at most 13, with spaces around them ignored.
///
/// ```
/// use dds_model::{parse_double_dummy_tricks, ParseTricksError, Seat, Strain};
/// let tricks = parse_double_dummy_tricks("65657656576867568675")?;
/// assert_eq!(tricks[Strain::NoTrump][Seat::North], 6);
/// assert_eq!(tricks[Strain::Spades][Seat::West], 8);
/// assert_eq!(
///     parse_double_dummy_tricks("e5657656576867568675"),
///     Err(ParseTricksError::TooManyTricks { strain: Strain::NoTrump, declarer: Seat::North, tricks: 14 })
/// );
/// # Ok::<_, ParseTricksError>(())
/// ```
pub fn parse_double_dummy_tricks(value: &str) -> Result<ByStrain<BySeat<u8>>, ParseTricksError> {
    let value = value.trim();
    let count = value.chars().count();
    if count != 20 {
        return Err(ParseTricksError::WrongLength(count));
    }
    let mut tricks = ByStrain::<BySeat<u8>>::default();
    let places = DECLARERS.into_iter().flat_map(|declarer| STRAINS.map(|strain| (strain, declarer)));
    for (index, (character, (strain, declarer))) in value.chars().zip(places).enumerate() {
        let digit = character.to_digit(16).ok_or(ParseTricksError::InvalidDigit { index, character })?;
        tricks[strain][declarer] = digit as u8;
    }
    match too_many_tricks(&tricks) {
        Some(e) => Err(e),
        None => Ok(tricks),
    }
}

/// The section lines of the PBN 2.1 `OptimumResultTable` (the tag's value
/// is [`OPTIMUM_RESULT_TABLE_COLUMNS`]): 20 lines of declarer, strain and
/// tricks, declarers North, South, East and West, each in NT, spades,
/// hearts, diamonds and clubs, the strain and the tricks right-aligned.
///
/// # Panics
/// If a result is above 13 tricks (no deal gives more).
///
/// ```
/// use dds_model::{optimum_result_table, BySeat, ByStrain};
/// let tricks = ByStrain([BySeat([5, 8, 5, 8]), BySeat([6, 6, 6, 6]),
///     BySeat([5, 7, 5, 7]), BySeat([7, 5, 7, 5]), BySeat([10, 3, 10, 3])]);
/// let lines = optimum_result_table(&tricks);
/// assert_eq!(lines.len(), 20);
/// assert_eq!(lines[..2], ["N NT 10", "N  S  5"]);
/// assert_eq!(lines[19], "W  C  5");
/// ```
#[track_caller]
pub fn optimum_result_table(tricks: &ByStrain<BySeat<u8>>) -> Vec<String> {
    assert_at_most_13(tricks);
    DECLARERS
        .into_iter()
        .flat_map(|declarer| {
            STRAINS
                .map(|strain| format!("{} {:>2} {:>2}", declarer.to_char(), strain.as_str(), tricks[strain][declarer]))
        })
        .collect()
}

/// Parses an `OptimumResultTable`: the tag's value `columns`, which must
/// name the columns Declarer, Denomination and Result in that order (any
/// alignment, such as [`OPTIMUM_RESULT_TABLE_COLUMNS`]), and its section
/// lines, one result per line in any order, each of the 20 exactly once.
/// Blank lines are skipped; a seat and a strain may be written in any form
/// their parsers take (`N` or `North`, `NT` or `N`).
///
/// ```
/// use dds_model::{optimum_result_table, parse_optimum_result_table, ParseTricksError, Seat, Strain};
/// use dds_model::OPTIMUM_RESULT_TABLE_COLUMNS as COLUMNS;
/// let tricks = dds_model::parse_double_dummy_tricks("65657656576867568675")?;
/// let lines = optimum_result_table(&tricks);
/// assert_eq!(parse_optimum_result_table(COLUMNS, lines.iter().map(String::as_str)), Ok(tricks));
/// assert_eq!(
///     parse_optimum_result_table(COLUMNS, lines[1..].iter().map(String::as_str)),
///     Err(ParseTricksError::MissingResult { strain: Strain::NoTrump, declarer: Seat::North })
/// );
/// # Ok::<_, ParseTricksError>(())
/// ```
pub fn parse_optimum_result_table<'a>(
    columns: &str,
    lines: impl IntoIterator<Item = &'a str>,
) -> Result<ByStrain<BySeat<u8>>, ParseTricksError> {
    // A column is its name, then optional alignment after a backslash.
    let names: Vec<&str> = columns.split(';').map(|c| c.split('\\').next().unwrap_or_default().trim()).collect();
    if names != ["Declarer", "Denomination", "Result"] {
        return Err(ParseTricksError::UnknownColumns(columns.to_owned()));
    }
    let mut tricks = ByStrain::<BySeat<Option<u8>>>::default();
    for (index, line) in lines.into_iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let invalid = || ParseTricksError::InvalidLine { index, line: line.to_owned() };
        let [declarer, strain, result] = line.split_whitespace().collect::<Vec<_>>()[..] else {
            return Err(invalid());
        };
        let declarer: Seat = declarer.parse().map_err(|_| invalid())?;
        let strain: Strain = strain.parse().map_err(|_| invalid())?;
        let result: u8 = result.parse().map_err(|_| invalid())?;
        if result > 13 {
            return Err(ParseTricksError::TooManyTricks { strain, declarer, tricks: result });
        }
        let cell = &mut tricks[strain][declarer];
        if cell.replace(result).is_some() {
            return Err(ParseTricksError::RepeatedResult { strain, declarer });
        }
    }
    for declarer in DECLARERS {
        for strain in STRAINS {
            if tricks[strain][declarer].is_none() {
                return Err(ParseTricksError::MissingResult { strain, declarer });
            }
        }
    }
    Ok(tricks.map(|row| row.map(|t| t.unwrap_or_default())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SplitMix64;

    fn random_tricks(rng: &mut SplitMix64) -> ByStrain<BySeat<u8>> {
        ByStrain::from_fn(|_| BySeat::from_fn(|_| rng.below(14) as u8))
    }

    #[test]
    // Too slow under Miri (text round trips, no unsafe code of its own; hand
    // iteration runs under Miri in hand::tests).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn both_forms_round_trip() {
        let mut rng = SplitMix64::new(17);
        for _ in 0..500 {
            let tricks = random_tricks(&mut rng);
            let hex = double_dummy_tricks(&tricks);
            assert_eq!(hex.len(), 20);
            assert_eq!(parse_double_dummy_tricks(&hex), Ok(tricks), "{hex}");
            assert_eq!(parse_double_dummy_tricks(&hex.to_uppercase()), Ok(tricks), "{hex}");
            let lines = optimum_result_table(&tricks);
            assert!(lines.iter().all(|l| l.len() == 7), "{lines:?}");
            let parsed = parse_optimum_result_table(OPTIMUM_RESULT_TABLE_COLUMNS, lines.iter().map(String::as_str));
            assert_eq!(parsed, Ok(tricks), "{lines:?}");
            // Any order of the lines.
            let mut shuffled = lines.clone();
            rng.shuffle(&mut shuffled);
            let parsed =
                parse_optimum_result_table("Declarer;Denomination;Result", shuffled.iter().map(String::as_str));
            assert_eq!(parsed, Ok(tricks), "{shuffled:?}");
        }
    }

    #[test]
    fn orders_are_bridge_composers() {
        // Each result a different digit: the place of each one in the text.
        let mut tricks = ByStrain::<BySeat<u8>>::default();
        tricks[Strain::NoTrump][Seat::North] = 1;
        tricks[Strain::Clubs][Seat::North] = 2;
        tricks[Strain::NoTrump][Seat::South] = 3;
        tricks[Strain::Spades][Seat::East] = 4;
        tricks[Strain::Clubs][Seat::West] = 13;
        assert_eq!(double_dummy_tricks(&tricks), "1000230000040000000d");
        let lines = optimum_result_table(&tricks);
        assert_eq!(
            lines,
            [
                "N NT  1", "N  S  0", "N  H  0", "N  D  0", "N  C  2", "S NT  3", "S  S  0", "S  H  0", "S  D  0",
                "S  C  0", "E NT  0", "E  S  4", "E  H  0", "E  D  0", "E  C  0", "W NT  0", "W  S  0", "W  H  0",
                "W  D  0", "W  C 13",
            ]
        );
    }

    #[test]
    fn bad_double_dummy_tricks() {
        use ParseTricksError as E;
        let cases = [
            ("", E::WrongLength(0)),
            ("6565765657686756867", E::WrongLength(19)),
            ("656576565768675686750", E::WrongLength(21)),
            ("6565765657686756867x", E::InvalidDigit { index: 19, character: 'x' }),
            ("65657 65657686756867", E::InvalidDigit { index: 5, character: ' ' }),
            ("6565765657686756867é", E::InvalidDigit { index: 19, character: 'é' }),
            ("656576565768675686f5", E::TooManyTricks { strain: Strain::Diamonds, declarer: Seat::West, tricks: 15 }),
            ("65e57656576867568675", E::TooManyTricks { strain: Strain::Hearts, declarer: Seat::North, tricks: 14 }),
        ];
        for (text, error) in cases {
            assert_eq!(parse_double_dummy_tricks(text), Err(error), "{text:?}");
        }
        assert!(parse_double_dummy_tricks(" 65657656576867568675\t").is_ok());
    }

    #[test]
    fn bad_optimum_result_tables() {
        use ParseTricksError as E;
        let good = optimum_result_table(&ByStrain::from_fn(|_| BySeat([7, 6, 7, 6])));
        let with = |i: usize, line: &str| {
            let mut lines: Vec<&str> = good.iter().map(String::as_str).collect();
            lines[i] = line;
            parse_optimum_result_table(OPTIMUM_RESULT_TABLE_COLUMNS, lines)
        };
        let invalid = |index: usize, line: &str| E::InvalidLine { index, line: line.to_owned() };
        for line in ["N NT", "N NT 7 7", "X NT 7", "N X 7", "N NT -1", "N NT 256", "N NT seven"] {
            assert_eq!(with(3, line), Err(invalid(3, line)), "{line:?}");
        }
        assert_eq!(
            with(3, "N NT 14"),
            Err(E::TooManyTricks { strain: Strain::NoTrump, declarer: Seat::North, tricks: 14 })
        );
        assert_eq!(
            with(3, "north notrump 7"),
            Err(E::RepeatedResult { strain: Strain::NoTrump, declarer: Seat::North })
        );
        assert_eq!(with(0, ""), Err(E::MissingResult { strain: Strain::NoTrump, declarer: Seat::North }));
        assert_eq!(with(0, "N N 7").map(|t| t[Strain::NoTrump][Seat::North]), Ok(7));
        for columns in ["", "Declarer;Result;Denomination", "Declarer;Denomination", "declarer;denomination;result"] {
            assert_eq!(
                parse_optimum_result_table(columns, good.iter().map(String::as_str)),
                Err(E::UnknownColumns(columns.to_owned()))
            );
        }
        assert!(
            parse_optimum_result_table("Declarer\\1L;Denomination\\3R;Result", good.iter().map(String::as_str)).is_ok()
        );
    }

    #[test]
    fn results_above_13_are_not_written() {
        let mut tricks = ByStrain::from_fn(|_| BySeat([7, 6, 7, 6]));
        tricks[Strain::Hearts][Seat::South] = 14;
        let panic = std::panic::catch_unwind(|| double_dummy_tricks(&tricks)).unwrap_err();
        assert_eq!(
            panic.downcast_ref::<String>().unwrap(),
            "not a double dummy result: 14 tricks for South in hearts, more than 13"
        );
        assert!(std::panic::catch_unwind(|| optimum_result_table(&tricks)).is_err());
    }

    #[test]
    fn messages() {
        use ParseTricksError as E;
        let cases = [
            (E::WrongLength(4), "4 characters in DoubleDummyTricks, expected 20 hex digits"),
            (
                E::InvalidDigit { index: 3, character: 'x' },
                "invalid digit 'x' at index 3 of DoubleDummyTricks (expected 0-9 or A-D)",
            ),
            (
                E::TooManyTricks { strain: Strain::NoTrump, declarer: Seat::East, tricks: 14 },
                "14 tricks for East in notrump, more than 13",
            ),
            (
                E::UnknownColumns("Result".into()),
                "unknown OptimumResultTable columns \"Result\" (expected Declarer;Denomination;Result)",
            ),
            (
                E::InvalidLine { index: 2, line: "N 7".into() },
                "invalid OptimumResultTable line \"N 7\" at index 2 (expected declarer, strain and tricks, such as \"N NT 9\")",
            ),
            (
                E::RepeatedResult { strain: Strain::Spades, declarer: Seat::West },
                "result for West in spades given twice in OptimumResultTable",
            ),
            (
                E::MissingResult { strain: Strain::Clubs, declarer: Seat::South },
                "no result for South in clubs in OptimumResultTable",
            ),
        ];
        for (error, message) in cases {
            assert_eq!(error.to_string(), message);
        }
    }
}
