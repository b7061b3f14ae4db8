//! Par: the result both sides reach with perfect bidding when every card is
//! known, from a double dummy table and the vulnerability.
//!
//! Two engines, as in DDS, because they answer different questions and
//! their results are compared against DDS's fixtures exactly:
//!
//! * [`DdTable::par`] (DDS's `Par` / `SidesPar`, Matthew Kidd's algorithm
//!   from ACBLmerge): the par score and every par contract seen by each side
//!   when it starts the bidding. The two views differ only on "hot" deals
//!   where the side that bids first gets in a contract the other cannot
//!   outbid profitably.
//! * [`DdTable::dealer_par`] (DDS's `DealerPar`, Soren Hein's engine): par
//!   when the auction starts with a given dealer, with the sacrifices and
//!   the lowest level at which each par contract still scores par.
//!
//! Both give typed results ([`Par`], [`ParContract`]) that also format in
//! DDS's text forms.

mod dealer;
mod sides;

use core::fmt;

use dds_model::{Level, Seat, Side, Strain, Vulnerability};

use crate::DdTable;

/// Who declares a par contract: one seat, or either seat of a side (both
/// take the same tricks).
///
/// ```
/// use dds::par::ParDeclarer;
/// use dds::model::{Seat, Side};
/// assert_eq!(ParDeclarer::Seat(Seat::South).to_string(), "S");
/// assert_eq!(ParDeclarer::Side(Side::EastWest).to_string(), "EW");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ParDeclarer {
    /// Only this seat takes the par number of tricks.
    Seat(Seat),
    /// Both seats of the side take it.
    Side(Side),
}

impl ParDeclarer {
    /// The side the declarer belongs to.
    ///
    /// ```
    /// use dds::par::ParDeclarer;
    /// use dds::model::{Seat, Side};
    /// assert_eq!(ParDeclarer::Seat(Seat::West).side(), Side::EastWest);
    /// assert_eq!(ParDeclarer::Side(Side::NorthSouth).side(), Side::NorthSouth);
    /// ```
    pub const fn side(self) -> Side {
        match self {
            ParDeclarer::Seat(seat) => seat.side(),
            ParDeclarer::Side(side) => side,
        }
    }

    /// DDS's number for the declarer of a par contract (`contractType`'s
    /// `seats`): 0 to 3 for North to West, 4 for North-South, 5 for
    /// East-West.
    ///
    /// ```
    /// use dds::par::ParDeclarer;
    /// use dds::model::{Seat, Side};
    /// assert_eq!(ParDeclarer::Seat(Seat::South).to_dds(), 2);
    /// assert_eq!(ParDeclarer::Side(Side::EastWest).to_dds(), 5);
    /// assert_eq!(ParDeclarer::from_dds(4), Some(ParDeclarer::Side(Side::NorthSouth)));
    /// assert_eq!(ParDeclarer::from_dds(6), None);
    /// ```
    pub const fn to_dds(self) -> u8 {
        match self {
            ParDeclarer::Seat(seat) => seat as u8,
            ParDeclarer::Side(Side::NorthSouth) => 4,
            ParDeclarer::Side(Side::EastWest) => 5,
        }
    }

    /// The declarer of DDS's number (see [`to_dds`](Self::to_dds)), or
    /// `None` outside 0 to 5.
    pub const fn from_dds(number: u8) -> Option<ParDeclarer> {
        match number {
            0..=3 => Some(ParDeclarer::Seat(Seat::ALL[number as usize])),
            4 => Some(ParDeclarer::Side(Side::NorthSouth)),
            5 => Some(ParDeclarer::Side(Side::EastWest)),
            _ => None,
        }
    }

    /// The declarer written as [`Display`](fmt::Display) writes it (`N`,
    /// `E`, `S`, `W`, `NS`, `EW`, in either case), or `None`.
    ///
    /// ```
    /// use dds::par::ParDeclarer;
    /// use dds::model::{Seat, Side};
    /// assert_eq!(ParDeclarer::from_text("ew"), Some(ParDeclarer::Side(Side::EastWest)));
    /// assert_eq!(ParDeclarer::from_text("W"), Some(ParDeclarer::Seat(Seat::West)));
    /// assert_eq!(ParDeclarer::from_text("NE"), None);
    /// ```
    pub fn from_text(text: &str) -> Option<ParDeclarer> {
        match text.to_ascii_uppercase().as_str() {
            "NS" => Some(ParDeclarer::Side(Side::NorthSouth)),
            "EW" => Some(ParDeclarer::Side(Side::EastWest)),
            seat => seat.parse().ok().map(ParDeclarer::Seat),
        }
    }

    /// From a side and the two seats' tricks: the seat that takes more, or
    /// the side when they take the same.
    fn from_tricks(side: Side, first: u8, second: u8) -> ParDeclarer {
        let [a, b] = side.seats();
        match first.cmp(&second) {
            core::cmp::Ordering::Equal => ParDeclarer::Side(side),
            core::cmp::Ordering::Greater => ParDeclarer::Seat(a),
            core::cmp::Ordering::Less => ParDeclarer::Seat(b),
        }
    }
}

impl fmt::Display for ParDeclarer {
    /// `N`, `E`, `S`, `W`, `NS` or `EW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParDeclarer::Seat(seat) => write!(f, "{}", seat.to_char()),
            ParDeclarer::Side(side) => f.write_str(side.as_str()),
        }
    }
}

/// One par contract.
///
/// A making contract is bid at `level` and makes `result` overtricks: any
/// level from `level` to `level + result` scores par (DDS writes "23S" or
/// "2S-NS+1"). A sacrifice is doubled and goes `-result` down.
///
/// ```
/// use dds::{DdTable, Strain, Vulnerability};
/// use dds::par::{ParContract, ParDeclarer};
/// use dds::model::{Level, Side};
/// use dds::model::{BySeat, ByStrain, Seat};
/// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
/// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
/// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
/// let par = table.dealer_par(Seat::North, Vulnerability::None);
/// let two_spades = ParContract {
///     level: Level::new(2),
///     strain: Strain::Spades,
///     declarer: ParDeclarer::Side(Side::EastWest),
///     doubled: false,
///     result: 0,
/// };
/// assert_eq!(par.contracts, [two_spades]);
/// assert_eq!(two_spades.to_string(), "EW 2S");
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ParContract {
    /// The lowest level that scores par.
    pub level: Level,
    /// The strain.
    pub strain: Strain,
    /// The declarer.
    pub declarer: ParDeclarer,
    /// Whether the contract is a doubled sacrifice.
    pub doubled: bool,
    /// Overtricks (positive) of a making contract, or undertricks
    /// (negative) of a sacrifice.
    pub result: i8,
}

impl ParContract {
    /// The contract in DDS's `DealerPar` form: `"2S-EW"`, `"3N-S+1"`,
    /// `"4S*-EW-1"`.
    ///
    /// ```
    /// use dds::Strain;
    /// use dds::par::{ParContract, ParDeclarer};
    /// use dds::model::{Level, Side};
    /// let sacrifice = ParContract {
    ///     level: Level::new(4),
    ///     strain: Strain::Spades,
    ///     declarer: ParDeclarer::Side(Side::EastWest),
    ///     doubled: true,
    ///     result: -1,
    /// };
    /// assert_eq!(sacrifice.dealer_text(), "4S*-EW-1");
    /// assert_eq!(sacrifice.par_text(), "EW 4Sx");
    /// assert_eq!(sacrifice.to_string(), "EW 4Sx-1");
    /// ```
    pub fn dealer_text(&self) -> String {
        let mut text = format!("{}{}", self.level, self.strain.to_char());
        text.push_str(if self.doubled { "*-" } else { "-" });
        text.push_str(&self.declarer.to_string());
        if self.result != 0 {
            text.push_str(&format!("{:+}", self.result));
        }
        text
    }

    /// The contract in DDS's `Par` form: the declarer, a space, every level
    /// that scores par and the strain (`"NS 23S"`), or for a sacrifice the
    /// level, the strain and `x` (`"EW 4Sx"`).
    ///
    /// ```
    /// use dds::Strain;
    /// use dds::par::{ParContract, ParDeclarer};
    /// use dds::model::{Level, Seat};
    /// // 2NT by South, making 4: 2NT, 3NT and 4NT all score par.
    /// let make = ParContract {
    ///     level: Level::new(2),
    ///     strain: Strain::NoTrump,
    ///     declarer: ParDeclarer::Seat(Seat::South),
    ///     doubled: false,
    ///     result: 2,
    /// };
    /// assert_eq!(make.par_text(), "S 234N");
    /// assert_eq!(make.dealer_text(), "2N-S+2");
    /// ```
    pub fn par_text(&self) -> String {
        let mut text = format!("{} ", self.declarer);
        if self.doubled {
            text.push_str(&format!("{}{}x", self.level, self.strain.to_char()));
        } else {
            let top = self.level.get() + self.result.max(0) as u8;
            for level in self.level.get()..=top {
                text.push_str(&level.to_string());
            }
            text.push(self.strain.to_char());
        }
        text
    }
}

impl fmt::Display for ParContract {
    /// DDS's readable form (`ConvertToDealerTextFormat`): `"EW 2S"`,
    /// `"NS 3N+1"`, `"EW 4Sx-1"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}{}", self.declarer, self.level, self.strain.to_char())?;
        match (self.doubled, self.result) {
            (true, r) => write!(f, "x{r}"),
            (false, 0) => Ok(()),
            (false, r) => write!(f, "{r:+}"),
        }
    }
}

/// A par result: the score and the contracts that reach it.
///
/// ```
/// use dds::{DdTable, Vulnerability};
/// use dds::par::Par;
/// use dds::model::{BySeat, ByStrain, Seat};
/// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
/// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
/// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
/// let par: Par = table.dealer_par(Seat::North, Vulnerability::None);
/// assert_eq!(par.score, -110); // East-West score 110
/// assert_eq!(par.contracts.len(), 1);
/// assert_eq!(par.to_string(), "Par -110: EW 2S");
/// assert_eq!(Par::default().to_string(), "Par 0: pass");
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Par {
    /// The par score from North-South's point of view (negative when
    /// East-West score).
    pub score: i32,
    /// The par contracts; empty when the deal is passed out.
    pub contracts: Vec<ParContract>,
}

impl Par {
    /// The contracts in DDS's `DealerPar` form: `["pass"]` for a passed-out
    /// deal, else one string per contract as [`ParContract::dealer_text`].
    ///
    /// ```
    /// use dds::{DdTable, Vulnerability};
    /// use dds::par::Par;
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
    /// assert_eq!(table.dealer_par(Seat::North, Vulnerability::None).dealer_texts(), ["2S-EW"]);
    /// assert_eq!(Par::default().dealer_texts(), ["pass"]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn dealer_texts(&self) -> Vec<String> {
        if self.contracts.is_empty() {
            return vec!["pass".to_owned()];
        }
        self.contracts.iter().map(ParContract::dealer_text).collect()
    }
}

impl fmt::Display for Par {
    /// `"Par -110: EW 2S"`, `"Par 420: NS 4H NS 4S"`, `"Par 0: pass"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Par {}:", self.score)?;
        if self.contracts.is_empty() {
            return f.write_str(" pass");
        }
        for contract in &self.contracts {
            write!(f, " {contract}")?;
        }
        Ok(())
    }
}

/// Par seen by each side when it starts the bidding (DDS's `SidesPar`).
/// The two are the same except on hot deals.
///
/// ```
/// use dds::{DdTable, Vulnerability};
/// use dds::par::SidesPar;
/// use dds::model::{BySeat, ByStrain, Seat};
/// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
/// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
/// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
/// let sides: SidesPar = table.par(Vulnerability::None);
/// assert_eq!(sides.ns_first, sides.ew_first); // not a hot deal
/// assert_eq!(sides.ns_first.to_string(), "Par -110: EW 2S");
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct SidesPar {
    /// North-South start the bidding.
    pub ns_first: Par,
    /// East-West start the bidding.
    pub ew_first: Par,
}

impl SidesPar {
    /// The views, North-South first.
    ///
    /// ```
    /// use dds::{DdTable, Vulnerability};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
    /// let sides = table.par(Vulnerability::None);
    /// let [ns_first, ew_first] = sides.views();
    /// assert_eq!((ns_first.score, ew_first.score), (-110, -110));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn views(&self) -> [&Par; 2] {
        [&self.ns_first, &self.ew_first]
    }

    /// DDS's `Par` score strings: `["NS -110", "EW 110"]`, each from the
    /// point of view of the side that starts the bidding.
    ///
    /// ```
    /// use dds::{DdTable, Vulnerability};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
    /// assert_eq!(table.par(Vulnerability::None).score_texts(), ["NS -110", "EW 110"]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn score_texts(&self) -> [String; 2] {
        [format!("NS {}", self.ns_first.score), format!("EW {}", -self.ew_first.score)]
    }

    /// DDS's `SidesPar` contract strings of each view, North-South first:
    /// each contract as [`ParContract::dealer_text`] (`"4S*-EW-1"`), and
    /// DDS's placeholder `"0N-N"` (level 0, no trump, North) for a view
    /// where the deal is passed out, where `DealerPar` writes `"pass"`.
    ///
    /// ```
    /// use dds::model::{BySeat, ByStrain};
    /// use dds::{DdTable, Vulnerability};
    /// // Six tricks for every declarer in every strain: nobody makes anything.
    /// let table = DdTable::new(ByStrain::from_fn(|_| BySeat([6; 4])))?;
    /// let par = table.par(Vulnerability::None);
    /// assert_eq!(par.sides_texts(), [vec!["0N-N"], vec!["0N-N"]]);
    /// assert_eq!(par.ns_first.dealer_texts(), ["pass"]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn sides_texts(&self) -> [Vec<String>; 2] {
        self.views().map(|par| {
            if par.contracts.is_empty() {
                vec!["0N-N".to_owned()]
            } else {
                par.contracts.iter().map(ParContract::dealer_text).collect()
            }
        })
    }

    /// DDS's `Par` contract strings: `["NS:EW 2S", "EW:EW 2S"]`, several
    /// contracts separated by commas (`"NS:NS 23S,NS 23H"`); just `"NS:"`
    /// and `"EW:"` when the deal is passed out.
    ///
    /// ```
    /// use dds::{DdTable, Vulnerability};
    /// use dds::par::SidesPar;
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3.
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
    /// assert_eq!(table.par(Vulnerability::None).contract_texts(), ["NS:EW 2S", "EW:EW 2S"]);
    /// assert_eq!(SidesPar::default().contract_texts(), ["NS:", "EW:"]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn contract_texts(&self) -> [String; 2] {
        let list = |prefix: &str, par: &Par| {
            let contracts: Vec<String> = par.contracts.iter().map(ParContract::par_text).collect();
            format!("{prefix}:{}", contracts.join(","))
        };
        [list("NS", &self.ns_first), list("EW", &self.ew_first)]
    }
}

impl DdTable {
    /// Par for each side starting the bidding (DDS's `Par` and `SidesPar`,
    /// Matthew Kidd's algorithm): the score and every contract that
    /// reaches it, making contracts at every level that scores par and
    /// doubled sacrifices.
    ///
    /// ```
    /// use dds::{Solver, Vulnerability};
    /// use dds::model::Deal;
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let par = Solver::new().dd_table(&deal)?.par(Vulnerability::None);
    /// assert_eq!(par.score_texts(), ["NS -110", "EW 110"]);
    /// assert_eq!(par.contract_texts(), ["NS:EW 2S", "EW:EW 2S"]);
    /// assert_eq!(par.ns_first.to_string(), "Par -110: EW 2S");
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn par(&self, vulnerability: Vulnerability) -> SidesPar {
        sides::sides_par(self, vulnerability)
    }

    /// Par when `dealer` starts the auction (DDS's `DealerPar`): the score
    /// and the contracts, each at the lowest level that still scores par,
    /// or a doubled sacrifice.
    ///
    /// ```
    /// use dds::{Solver, Vulnerability};
    /// use dds::model::{Deal, Seat};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let par = Solver::new().dd_table(&deal)?.dealer_par(Seat::North, Vulnerability::None);
    /// assert_eq!(par.score, -110);
    /// assert_eq!(par.dealer_texts(), ["2S-EW"]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn dealer_par(&self, dealer: Seat, vulnerability: Vulnerability) -> Par {
        dealer::dealer_par(self, dealer, vulnerability)
    }

    /// Declarer's tricks by DDS's indices: strain 0..5 = S, H, D, C, NT and
    /// hand 0..4 = N, E, S, W.
    fn raw(&self, strain: usize, hand: usize) -> i32 {
        i32::from(self.tricks(Strain::ALL[strain], Seat::ALL[hand & 3]))
    }
}
