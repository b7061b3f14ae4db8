//! Contracts: the level (`Level`), doubling (`Penalty`) and the contract
//! itself with its declarer (`Contract`).

use core::fmt;
use core::str::FromStr;

use crate::error::ParseError;
use crate::score::{duplicate_score, trick_score};
use crate::{Seat, Side, Strain, Vulnerability};

/// The level of a contract, 1 to 7: the number of tricks over six that
/// declarer undertakes to win.
///
/// ```
/// use dds_model::Level;
/// let level = Level::new(4);
/// assert_eq!(level.get(), 4);
/// assert_eq!(level.tricks_needed(), 10);
/// assert_eq!(Level::try_new(8), None);
/// assert_eq!("7".parse::<Level>()?, Level::new(7));
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    /// All levels from 1 to 7.
    pub const ALL: [Level; 7] = [Level(1), Level(2), Level(3), Level(4), Level(5), Level(6), Level(7)];
    /// The number of levels.
    pub const NUM: usize = 7;

    /// The level `level` (1 to 7).
    ///
    /// # Panics
    /// If `level` is not in `1..=7`.
    #[inline]
    #[track_caller]
    pub const fn new(level: u8) -> Level {
        assert!(level >= 1 && level <= 7, "contract level out of range");
        Level(level)
    }

    /// The level `level`, or `None` when it is not in `1..=7`.
    #[inline]
    pub const fn try_new(level: u8) -> Option<Level> {
        if level >= 1 && level <= 7 {
            Some(Level(level))
        } else {
            None
        }
    }

    /// The level as a number, 1 to 7.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The number of tricks declarer needs: the level plus six.
    #[inline]
    pub const fn tricks_needed(self) -> u8 {
        self.0 + 6
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = ParseError;

    /// Accepts one digit, `1` to `7`.
    fn from_str(s: &str) -> Result<Level, ParseError> {
        match s.as_bytes() {
            [d @ b'1'..=b'7'] => Ok(Level(d - b'0')),
            _ => Err(ParseError::Contract),
        }
    }
}

/// Whether a contract is undoubled, doubled or redoubled.
///
/// The text is the suffix of a contract: empty, `X` or `XX`. Parsing also
/// accepts lowercase `x` and DDS's `*` and `**`.
///
/// ```
/// use dds_model::Penalty;
/// assert_eq!(Penalty::Redoubled.to_string(), "XX");
/// assert_eq!(Penalty::Doubled.multiplier(), 2);
/// assert_eq!("*".parse::<Penalty>()?, Penalty::Doubled);
/// assert_eq!("".parse::<Penalty>()?, Penalty::Undoubled);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
#[repr(u8)]
pub enum Penalty {
    /// Not doubled.
    #[default]
    Undoubled = 0,
    /// Doubled (`X`).
    Doubled = 1,
    /// Redoubled (`XX`).
    Redoubled = 2,
}

impl Penalty {
    /// All penalties: undoubled, doubled, redoubled.
    pub const ALL: [Penalty; 3] = [Penalty::Undoubled, Penalty::Doubled, Penalty::Redoubled];
    /// The number of penalties.
    pub const NUM: usize = 3;

    /// The factor applied to the trick score: 1, 2 or 4.
    #[inline]
    pub const fn multiplier(self) -> i32 {
        match self {
            Penalty::Undoubled => 1,
            Penalty::Doubled => 2,
            Penalty::Redoubled => 4,
        }
    }

    /// `""`, `"X"` or `"XX"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Penalty::Undoubled => "",
            Penalty::Doubled => "X",
            Penalty::Redoubled => "XX",
        }
    }

    /// Parses a penalty suffix from ASCII bytes: empty, `X`, `XX` (either
    /// case), `*` or `**`.
    #[inline]
    pub const fn from_ascii(s: &[u8]) -> Option<Penalty> {
        match s {
            [] => Some(Penalty::Undoubled),
            [b'X' | b'x' | b'*'] => Some(Penalty::Doubled),
            [b'X' | b'x', b'X' | b'x'] | [b'*', b'*'] => Some(Penalty::Redoubled),
            _ => None,
        }
    }
}

impl fmt::Display for Penalty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Penalty {
    type Err = ParseError;

    /// See [`Penalty::from_ascii`].
    fn from_str(s: &str) -> Result<Penalty, ParseError> {
        Penalty::from_ascii(s.as_bytes()).ok_or(ParseError::Contract)
    }
}

/// A final contract: level, strain, doubling and declarer.
///
/// A passed-out board has no contract; write it as `Option<Contract>`.
///
/// The canonical text is level, strain, penalty, then `by` and the
/// declarer's letter: `4S by N`, `3NTX by E`, `6HXX by S`.
/// [`FromStr`] also accepts, in any case and with surrounding whitespace:
/// `N` for `NT` (`3N`), `*` and `**` for `X` and `XX` (as DDS writes them),
/// and the declarer after a space (`4S N`), a hyphen (`4S-N`) or `by`, as a
/// letter or a full name (`4S by North`). It requires a declarer; for text
/// that may omit one, such as PBN's `Contract` tag, use
/// [`Contract::from_ascii_with_declarer`].
///
/// ```
/// use dds_model::{Contract, Level, Penalty, Seat, Strain};
/// let contract: Contract = "3nx-s".parse()?;
/// assert_eq!(contract, Contract::new(Level::new(3), Strain::NoTrump, Penalty::Doubled, Seat::South));
/// assert_eq!(contract.to_string(), "3NTX by S");
/// assert_eq!(contract.tricks_needed(), 9);
/// assert_eq!(contract.score(9, false), Some(550));
/// assert_eq!(contract.score(7, true), Some(-500));
/// # Ok::<_, dds_model::ParseError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Contract {
    /// The level, 1 to 7.
    pub level: Level,
    /// The trump suit or no trump.
    pub strain: Strain,
    /// Undoubled, doubled or redoubled.
    pub penalty: Penalty,
    /// The seat that plays the hand.
    pub declarer: Seat,
}

impl Contract {
    /// The contract from its parts.
    #[inline]
    pub const fn new(level: Level, strain: Strain, penalty: Penalty, declarer: Seat) -> Contract {
        Contract { level, strain, penalty, declarer }
    }

    /// The number of tricks declarer needs: the level plus six.
    #[inline]
    pub const fn tricks_needed(self) -> u8 {
        self.level.tricks_needed()
    }

    /// Whether `tricks` (taken by declarer's side) fulfil the contract.
    #[inline]
    pub const fn is_made(self, tricks: u8) -> bool {
        tricks >= self.tricks_needed()
    }

    /// The declarer's side.
    #[inline]
    pub const fn side(self) -> Side {
        self.declarer.side()
    }

    /// The opening leader: declarer's left-hand opponent, who leads to
    /// the first trick.
    ///
    /// ```
    /// use dds_model::{Contract, Seat};
    /// assert_eq!("4S by W".parse::<Contract>()?.leader(), Seat::North);
    /// assert_eq!("3NT by N".parse::<Contract>()?.leader(), Seat::East);
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    #[inline]
    pub const fn leader(self) -> Seat {
        self.declarer.next()
    }

    /// Whether making the contract earns a game bonus: its trick score,
    /// after doubling, is at least 100. So `3NT`, `4S`, `5C` and every slam
    /// are games, and so is `2HX` (trick score 120).
    ///
    /// ```
    /// use dds_model::Contract;
    /// assert!("3NT by N".parse::<Contract>()?.is_game());
    /// assert!(!"4D by N".parse::<Contract>()?.is_game());
    /// assert!("2HX by N".parse::<Contract>()?.is_game());
    /// assert!("1NTXX by N".parse::<Contract>()?.is_game());
    /// assert!(!"1CXX by N".parse::<Contract>()?.is_game());
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    #[inline]
    pub const fn is_game(self) -> bool {
        trick_score(self.level, self.strain, self.penalty) >= 100
    }

    /// Whether the contract is at the six or seven level.
    #[inline]
    pub const fn is_slam(self) -> bool {
        self.level.get() >= 6
    }

    /// Whether the contract is at the six level.
    #[inline]
    pub const fn is_small_slam(self) -> bool {
        self.level.get() == 6
    }

    /// Whether the contract is at the seven level.
    #[inline]
    pub const fn is_grand_slam(self) -> bool {
        self.level.get() == 7
    }

    /// The duplicate score of declarer's side when it takes `tricks` tricks,
    /// positive when the contract makes; `None` when `tricks > 13`. See
    /// [`duplicate_score`].
    ///
    /// ```
    /// use dds_model::Contract;
    /// let contract: Contract = "4S by W".parse()?;
    /// assert_eq!(contract.score(11, false), Some(450));
    /// assert_eq!(contract.score(9, true), Some(-100));
    /// assert_eq!(contract.score(14, true), None);
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    #[inline]
    pub const fn score(self, tricks: u8, vulnerable: bool) -> Option<i32> {
        duplicate_score(self.level, self.strain, self.penalty, vulnerable, tricks)
    }

    /// Whether declarer's side is vulnerable.
    #[inline]
    pub const fn is_vulnerable(self, vulnerability: Vulnerability) -> bool {
        vulnerability.is_vulnerable(self.declarer)
    }

    /// Parses a contract from ASCII bytes (see the type's documentation for
    /// the accepted forms). The declarer is required.
    pub fn from_ascii(s: &[u8]) -> Result<Contract, ParseError> {
        let (level, strain, penalty, declarer) = parse(s).ok_or(ParseError::Contract)?;
        let declarer = declarer.ok_or(ParseError::Contract)?;
        Ok(Contract::new(level, strain, penalty, declarer))
    }

    /// Parses a contract whose text may omit the declarer, as PBN's
    /// `Contract` tag does (`4SX`); `declarer` is used when the text names
    /// none. A declarer in the text takes precedence.
    ///
    /// ```
    /// use dds_model::{Contract, Seat};
    /// let contract = Contract::from_ascii_with_declarer(b"4SX", Seat::East)?;
    /// assert_eq!(contract.to_string(), "4SX by E");
    /// let contract = Contract::from_ascii_with_declarer(b"4SX by N", Seat::East)?;
    /// assert_eq!(contract.declarer, Seat::North);
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn from_ascii_with_declarer(s: &[u8], declarer: Seat) -> Result<Contract, ParseError> {
        let (level, strain, penalty, named) = parse(s).ok_or(ParseError::Contract)?;
        Ok(Contract::new(level, strain, penalty, named.unwrap_or(declarer)))
    }

    /// The contract without its declarer, as PBN's `Contract` tag writes it:
    /// `4SX`, `3NT`. [`Contract::from_ascii_with_declarer`] parses it back.
    ///
    /// ```
    /// use dds_model::Contract;
    /// let contract: Contract = "6HXX by S".parse()?;
    /// assert_eq!(contract.display_without_declarer().to_string(), "6HXX");
    /// # Ok::<_, dds_model::ParseError>(())
    /// ```
    pub fn display_without_declarer(self) -> impl fmt::Display {
        WithoutDeclarer(self)
    }
}

/// Splits contract text into its parts; the declarer is `None` when the text
/// names none. Returns `None` on any syntax error.
fn parse(s: &[u8]) -> Option<(Level, Strain, Penalty, Option<Seat>)> {
    let s = s.trim_ascii();
    let (&level, rest) = s.split_first()?;
    let level = match level {
        b'1'..=b'7' => Level(level - b'0'),
        _ => return None,
    };
    let (&strain, mut rest) = rest.split_first()?;
    let strain = match strain {
        b'S' | b's' => Strain::Spades,
        b'H' | b'h' => Strain::Hearts,
        b'D' | b'd' => Strain::Diamonds,
        b'C' | b'c' => Strain::Clubs,
        b'N' | b'n' => {
            if let [b'T' | b't', after @ ..] = rest {
                rest = after;
            }
            Strain::NoTrump
        }
        _ => return None,
    };
    let penalty_len = rest.iter().take_while(|&&b| matches!(b, b'X' | b'x' | b'*')).count();
    let penalty = Penalty::from_ascii(&rest[..penalty_len])?;
    let rest = &rest[penalty_len..];
    if rest.is_empty() {
        return Some((level, strain, penalty, None));
    }
    // A declarer must be separated from the penalty by whitespace, a hyphen
    // or `by`.
    let trimmed = rest.trim_ascii_start();
    let seat = if let [b'-', after @ ..] = trimmed {
        after.trim_ascii_start()
    } else if trimmed.len() == rest.len() {
        return None;
    } else if let [b'B' | b'b', b'Y' | b'y', after @ ..] = trimmed {
        if !after.first()?.is_ascii_whitespace() {
            return None;
        }
        after.trim_ascii_start()
    } else {
        trimmed
    };
    let seat = core::str::from_utf8(seat).ok()?.parse::<Seat>().ok()?;
    Some((level, strain, penalty, Some(seat)))
}

struct WithoutDeclarer(Contract);

impl fmt::Display for WithoutDeclarer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        write!(f, "{}{}{}", c.level, c.strain, c.penalty)
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} by {}", WithoutDeclarer(*self), self.declarer)
    }
}

impl fmt::Debug for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Contract {
    type Err = ParseError;

    /// See [`Contract::from_ascii`].
    fn from_str(s: &str) -> Result<Contract, ParseError> {
        Contract::from_ascii(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_contracts() -> impl Iterator<Item = Contract> {
        Level::ALL.into_iter().flat_map(|level| {
            Strain::ALL.into_iter().flat_map(move |strain| {
                Penalty::ALL.into_iter().flat_map(move |penalty| {
                    Seat::ALL.into_iter().map(move |declarer| Contract::new(level, strain, penalty, declarer))
                })
            })
        })
    }

    #[test]
    fn levels() {
        for (i, level) in Level::ALL.into_iter().enumerate() {
            assert_eq!(level.get() as usize, i + 1);
            assert_eq!(Level::new(level.get()), level);
            assert_eq!(Level::try_new(level.get()), Some(level));
            assert_eq!(level.tricks_needed(), level.get() + 6);
            assert_eq!(level.to_string().parse::<Level>(), Ok(level));
        }
        assert_eq!(Level::try_new(0), None);
        assert_eq!(Level::try_new(8), None);
        for bad in ["", "0", "8", "11", "x", " 1"] {
            assert_eq!(bad.parse::<Level>(), Err(ParseError::Contract), "{bad:?}");
        }
    }

    #[test]
    fn level_new_rejects_out_of_range() {
        let caught = std::panic::catch_unwind(|| Level::new(0));
        assert!(caught.is_err(), "Level::new(0) must panic (use Level::try_new for checked input)");
        assert_eq!(Level::try_new(0), None);
        assert_eq!(Level::try_new(8), None);
    }

    #[test]
    fn penalties() {
        for penalty in Penalty::ALL {
            assert_eq!(penalty.to_string().parse::<Penalty>(), Ok(penalty));
        }
        assert_eq!("x".parse::<Penalty>(), Ok(Penalty::Doubled));
        assert_eq!("xX".parse::<Penalty>(), Ok(Penalty::Redoubled));
        assert_eq!("**".parse::<Penalty>(), Ok(Penalty::Redoubled));
        for bad in ["XXX", "*X", "X*", "D", " "] {
            assert_eq!(bad.parse::<Penalty>(), Err(ParseError::Contract), "{bad:?}");
        }
        let multipliers: Vec<i32> = Penalty::ALL.iter().map(|p| p.multiplier()).collect();
        assert_eq!(multipliers, [1, 2, 4]);
    }

    #[test]
    // Too slow under Miri (every contract as text, no unsafe code; the other
    // contract tests run under Miri).
    #[cfg_attr(miri, ignore = "too slow under Miri")]
    fn text_round_trip() {
        let mut count = 0;
        for contract in all_contracts() {
            let text = contract.to_string();
            assert_eq!(text.parse::<Contract>(), Ok(contract), "{text}");
            assert_eq!(text.to_lowercase().parse::<Contract>(), Ok(contract), "{text}");
            assert_eq!(format!("{contract:?}"), text);
            let bare = contract.display_without_declarer().to_string();
            assert_eq!(format!("{bare} by {}", contract.declarer), text);
            assert_eq!(bare.parse::<Contract>(), Err(ParseError::Contract), "{bare}");
            for default in Seat::ALL {
                let parsed = Contract::from_ascii_with_declarer(bare.as_bytes(), default);
                assert_eq!(parsed, Ok(Contract { declarer: default, ..contract }));
                let parsed = Contract::from_ascii_with_declarer(text.as_bytes(), default);
                assert_eq!(parsed, Ok(contract));
            }
            count += 1;
        }
        assert_eq!(count, 7 * 5 * 3 * 4);
    }

    #[test]
    fn accepted_variants() {
        let c = |level, strain, penalty, declarer| Contract::new(Level::new(level), strain, penalty, declarer);
        let cases = [
            ("3N N", c(3, Strain::NoTrump, Penalty::Undoubled, Seat::North)),
            ("3NT N", c(3, Strain::NoTrump, Penalty::Undoubled, Seat::North)),
            ("3nt-e", c(3, Strain::NoTrump, Penalty::Undoubled, Seat::East)),
            ("4s*-S", c(4, Strain::Spades, Penalty::Doubled, Seat::South)),
            ("4S** W", c(4, Strain::Spades, Penalty::Redoubled, Seat::West)),
            ("4Sx by N", c(4, Strain::Spades, Penalty::Doubled, Seat::North)),
            ("6hxx BY s", c(6, Strain::Hearts, Penalty::Redoubled, Seat::South)),
            ("  1C   N  ", c(1, Strain::Clubs, Penalty::Undoubled, Seat::North)),
            ("2D - W", c(2, Strain::Diamonds, Penalty::Undoubled, Seat::West)),
            ("7NTXX by North", c(7, Strain::NoTrump, Penalty::Redoubled, Seat::North)),
            ("5C east", c(5, Strain::Clubs, Penalty::Undoubled, Seat::East)),
            ("1NX\tS", c(1, Strain::NoTrump, Penalty::Doubled, Seat::South)),
        ];
        for (text, contract) in cases {
            assert_eq!(text.parse::<Contract>(), Ok(contract), "{text:?}");
        }
    }

    #[test]
    fn rejected_text() {
        for bad in [
            "",
            "4S",
            "3NT",
            "Pass",
            "0S N",
            "8S N",
            "4 S N",
            "4SN",
            "4SXN",
            "4SXXX N",
            "4S*X N",
            "4Z N",
            "4S by",
            "4S by X",
            "4S byN",
            "4S-by N",
            "4S N S",
            "4S -",
            "44S N",
            "4S NS",
            "4SX  by  by N",
            "4NTT N",
        ] {
            assert_eq!(bad.parse::<Contract>(), Err(ParseError::Contract), "{bad:?}");
        }
        for bad in ["", "Pass", "4S by", "4SXN"] {
            assert_eq!(
                Contract::from_ascii_with_declarer(bad.as_bytes(), Seat::North),
                Err(ParseError::Contract),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn classification() {
        let games: Vec<String> = all_contracts()
            .filter(|c| c.declarer == Seat::North && c.penalty == Penalty::Undoubled && c.is_game())
            .map(|c| c.display_without_declarer().to_string())
            .filter(|c| !c.starts_with('6') && !c.starts_with('7'))
            .collect();
        assert_eq!(games, ["3NT", "4S", "4H", "4NT", "5S", "5H", "5D", "5C", "5NT"]);
        for contract in all_contracts() {
            assert_eq!(contract.is_slam(), contract.is_small_slam() || contract.is_grand_slam());
            assert!(!contract.is_slam() || contract.is_game());
            assert_eq!(contract.tricks_needed(), contract.level.get() + 6);
            assert_eq!(contract.side(), contract.declarer.side());
            assert!(contract.is_made(contract.tricks_needed()));
            assert!(!contract.is_made(contract.tricks_needed() - 1));
            for vul in Vulnerability::ALL {
                assert_eq!(contract.is_vulnerable(vul), vul.is_side_vulnerable(contract.side()));
            }
        }
        let doubled_games: Vec<String> = all_contracts()
            .filter(|c| c.declarer == Seat::North && c.level.get() <= 2 && c.is_game())
            .map(|c| c.display_without_declarer().to_string())
            .collect();
        assert_eq!(
            doubled_games,
            ["1SXX", "1HXX", "1NTXX", "2SX", "2SXX", "2HX", "2HXX", "2DXX", "2CXX", "2NTX", "2NTXX"]
        );
    }
}
