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

use core::fmt;

use dds_model::{Level, Seat, Side, Strain, Vulnerability};

use crate::DdTable;

/// Who declares a par contract: one seat, or either seat of a side (both
/// take the same tricks).
///
/// ```
/// use dds::ParDeclarer;
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
    /// use dds::ParDeclarer;
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
    /// use dds::ParDeclarer;
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
    /// use dds::ParDeclarer;
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
/// use dds::{DdTable, ParContract, ParDeclarer, Strain, Vulnerability};
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
    /// use dds::{ParContract, ParDeclarer, Strain};
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
    /// use dds::{ParContract, ParDeclarer, Strain};
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
/// use dds::{DdTable, Par, Vulnerability};
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
    /// use dds::{DdTable, Par, Vulnerability};
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
/// use dds::{DdTable, SidesPar, Vulnerability};
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
    /// use dds::{DdTable, SidesPar, Vulnerability};
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
        kidd::sides_par(self, vulnerability)
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

/// Kidd's algorithm (DDS's `SidesParBin`), in DDS's integer terms.
mod kidd {
    use super::*;

    /// Kidd's denominations 0..5 = NT, S, H, D, C as table strains.
    const STRAIN_OF: [usize; 5] = [4, 0, 1, 2, 3];

    /// The most levels a making contract is lowered to, by class (NT,
    /// major, minor) and top level: never below a bonus threshold.
    const MAX_LOWER: [[i32; 8]; 3] = [[0, 0, 1, 0, 1, 2, 0, 0], [0, 0, 1, 2, 0, 1, 0, 0], [0, 0, 1, 2, 3, 0, 0, 0]];

    /// The score of a contract bid and made exactly with `tricks` in
    /// `denom`, or with `denom == None` of a doubled contract `tricks` down
    /// (negative).
    fn raw_score(denom: Option<usize>, tricks: i32, vulnerable: bool) -> i32 {
        let Some(denom) = denom else {
            return if vulnerable {
                100 - 300 * tricks
            } else if tricks <= 3 {
                100 - 200 * tricks
            } else {
                400 - 300 * tricks
            };
        };
        let level = tricks - 6;
        let (mut score, game) = match denom {
            0 => (10 + 30 * level, level >= 3),
            1 | 2 => (30 * level, level >= 4),
            _ => (20 * level, level >= 5),
        };
        score += match (game, vulnerable) {
            (true, true) => 500,
            (true, false) => 300,
            (false, _) => 50,
        };
        score += match (level, vulnerable) {
            (6, true) => 750,
            (6, false) => 500,
            (7, true) => 1500,
            (7, false) => 1000,
            _ => 0,
        };
        score
    }

    /// Whether side 0 (NS) or 1 (EW) is vulnerable, by DDS's code.
    fn side_vulnerable(side: usize, vul: u8) -> bool {
        vul == 1 || if side == 1 { vul == 3 } else { vul == 2 }
    }

    /// The vulnerability of the side that does not make par (DDS's
    /// `VulnerDefSide`).
    fn defender_vulnerable(ns_makes: bool, vul: u8) -> bool {
        match vul {
            0 => false,
            1 => true,
            _ if ns_makes => vul != 2,
            _ => vul != 3,
        }
    }

    /// One view's search result: the best score from the view side's point
    /// of view, its undertricks when it is a sacrifice, and every
    /// (denomination, tricks) reaching it.
    struct View {
        best: i32,
        sac_under: i32,
        found: Vec<(usize, i32)>,
    }

    /// Alternates the two sides' best bids until neither improves, then
    /// repeats without the par denomination while the score stays the same.
    fn search_view(table: &DdTable, view: usize, vul: u8) -> View {
        let mut filtered = [false; 5];
        let mut result = View { best: 0, sac_under: 0, found: Vec::new() };
        let (mut par_denom, mut par_tricks, mut par_score, mut par_sac) = (-1i32, 6i32, 0i32, 0i32);
        let mut current = 0usize;
        let mut both_once = false;
        loop {
            let k = (view + current) % 2;
            let vulnerable = side_vulnerable(k, vul);
            let mut changed = false;
            let (prev_denom, prev_tricks) = (par_denom, par_tricks);
            // (denomination, tricks, sort key), sorted by key descending,
            // ties in denomination order (a stable sort).
            let mut candidates: Vec<(usize, i32, i32)> = (0..5)
                .filter(|&j| !filtered[j])
                .map(|j| {
                    let tricks = table.raw(STRAIN_OF[j], k).max(table.raw(STRAIN_OF[j], k + 2));
                    let beats = tricks > par_tricks || (tricks == par_tricks && (j as i32) < par_denom);
                    let key = if beats {
                        raw_score(Some(j), tricks, vulnerable)
                    } else {
                        raw_score(None, prev_tricks - tricks, vulnerable)
                    };
                    (j, tricks, key)
                })
                .collect();
            candidates.sort_by_key(|&(_, _, key)| core::cmp::Reverse(key));
            for (j, tricks, _) in candidates {
                let beats = tricks > par_tricks || (tricks == par_tricks && (j as i32) < par_denom);
                let mut under = 0;
                let mut score = if beats {
                    raw_score(Some(j), tricks, vulnerable)
                } else {
                    under = prev_tricks - tricks;
                    if j as i32 >= prev_denom {
                        // No sacrifice above 7NT; otherwise one level higher.
                        if prev_tricks == 13 {
                            continue;
                        }
                        under += 1;
                    }
                    if under <= 0 {
                        continue;
                    }
                    raw_score(None, under, vulnerable)
                };
                if current == 1 {
                    score = -score;
                }
                if (current == 0 && score > par_score) || (current == 1 && score < par_score) {
                    changed = true;
                    par_score = score;
                    par_denom = j as i32;
                    if (current == 0 && score > 0) || (current == 1 && score < 0) {
                        par_tricks = tricks;
                        par_sac = 0;
                    } else {
                        par_tricks = tricks + under;
                        par_sac = under;
                    }
                }
            }
            if !changed && both_once {
                if result.found.is_empty() {
                    result.best = par_score;
                    if par_score == 0 {
                        return result;
                    }
                    result.sac_under = par_sac;
                } else if result.best != par_score {
                    return result;
                }
                if result.found.len() >= 5 {
                    return result;
                }
                filtered[par_denom as usize] = true;
                result.found.push((par_denom as usize, par_tricks));
                (par_denom, par_tricks, par_score, par_sac) = (-1, 6, 0, 0);
                current = 0;
                both_once = false;
            } else {
                both_once = true;
                current = 1 - current;
            }
        }
    }

    /// A contract in DDS's terms before it becomes a [`ParContract`].
    #[derive(Copy, Clone)]
    struct Raw {
        denom: usize,
        level: i32,
        over: i32,
        under: i32,
        declarer: ParDeclarer,
    }

    /// The contracts of one view, as DDS lists them.
    fn contracts_of(table: &DdTable, view: usize, v: &View, best_ns_first: i32, vul: u8) -> Vec<Raw> {
        let side_tricks = |side: usize, j: usize| (table.raw(STRAIN_OF[j], side), table.raw(STRAIN_OF[j], side + 2));
        let side_of = |s: usize| if s == 0 { Side::NorthSouth } else { Side::EastWest };
        let declarer = |side: usize, j: usize| {
            let (a, b) = side_tricks(side, j);
            ParDeclarer::from_tricks(side_of(side), a as u8, b as u8)
        };
        let mut out = Vec::new();
        if v.sac_under > 0 {
            let dr = usize::from(v.best <= 0);
            let side = if (dr + view) % 2 == 1 { 0 } else { 1 };
            let mut found = v.found.clone();
            found.sort_by_key(|&(j, _)| j);
            for (j, tricks) in found {
                out.push(Raw { denom: j, level: tricks - 6, over: 0, under: v.sac_under, declarer: declarer(side, j) });
            }
        } else {
            let dr = usize::from(v.best >= 0);
            let side = if (dr + view) % 2 == 1 { 0 } else { 1 };
            let defenders = 1 - side;
            let (mut tu_max, mut denom_max) = (0, 0usize);
            for m in 0..5 {
                let (a, b) = side_tricks(defenders, m);
                if a.max(b) > tu_max {
                    tu_max = a.max(b);
                    denom_max = m;
                }
            }
            let def_vul = defender_vulnerable(best_ns_first > 0, vul);
            for &(j, tricks) in &v.found {
                let higher = i32::from(denom_max < j);
                let mut lower = tricks - tu_max - higher;
                let target = v.best.abs();
                while lower > 0 {
                    let penalty = -raw_score(None, tricks - lower - tu_max + 1 - higher, def_vul);
                    if target < penalty {
                        break;
                    }
                    lower -= 1;
                }
                let (a, b) = side_tricks(defenders, j);
                let opp = a.max(b);
                while lower > 0 {
                    let penalty = -raw_score(None, tricks - lower - opp, def_vul);
                    if target > penalty && v.best < 0 {
                        lower -= 1;
                    } else {
                        break;
                    }
                }
                let class = match j {
                    0 => 0,
                    1 | 2 => 1,
                    _ => 2,
                };
                lower = lower.min(MAX_LOWER[class][(tricks - 6) as usize]);
                let over = match tricks - 6 {
                    4 | 5 => lower.clamp(0, 3),
                    3 => lower.clamp(0, 2),
                    2 => lower.clamp(0, 1),
                    _ => 0,
                };
                out.push(Raw { denom: j, level: tricks - 6 - over, over, under: 0, declarer: declarer(side, j) });
            }
        }
        out
    }

    /// The highest contract of `list` declared by `side` (by level plus
    /// overtricks, then denomination rank): DDS's dominating contract.
    fn dominating(list: &[Raw], side: Side) -> Option<(i32, usize)> {
        let mut dom: Option<(i32, usize)> = None;
        for c in list {
            let ss = c.level + c.over;
            let better = dom.is_none_or(|(level, denom)| ss > level || (ss == level && c.denom < denom));
            if better && c.declarer.side() == side {
                dom = Some((ss, c.denom));
            }
        }
        dom
    }

    pub(super) fn sides_par(table: &DdTable, vulnerability: Vulnerability) -> SidesPar {
        let vul = vulnerability.to_dds();
        let views = [search_view(table, 0, vul), search_view(table, 1, vul)];
        if views[0].best == 0 {
            return SidesPar::default();
        }
        let mut lists = [0, 1].map(|i| contracts_of(table, i, &views[i], views[0].best, vul));
        // On hot deals, drop a view's contracts that the other side's
        // highest par contract outbids.
        let dom = [dominating(&lists[0], Side::NorthSouth), dominating(&lists[1], Side::EastWest)];
        if let [Some(_), Some(_)] = dom {
            for i in 0..2 {
                let (level, denom) = dom[1 - i].expect("both present");
                let remove: Vec<usize> = lists[i]
                    .iter()
                    .filter(|c| c.level + c.over < level || (c.level + c.over == level && denom < c.denom))
                    .map(|c| c.denom)
                    .collect();
                lists[i].retain(|c| !remove.contains(&c.denom));
            }
        }
        let to_par = |i: usize| {
            let contracts = lists[i]
                .iter()
                .map(|c| ParContract {
                    level: Level::new(c.level as u8),
                    strain: Strain::ALL[STRAIN_OF[c.denom]],
                    declarer: c.declarer,
                    doubled: c.under > 0,
                    result: if c.under > 0 { -(c.under as i8) } else { c.over as i8 },
                })
                .collect();
            let score = if i == 0 { views[0].best } else { -views[1].best };
            Par { score, contracts }
        };
        SidesPar { ns_first: to_par(0), ew_first: to_par(1) }
    }
}

/// Soren Hein's dealer-aware engine (DDS's `DealerPar`), in DDS's integer
/// terms: contracts numbered 1 (1C) to 35 (7NT).
mod dealer {
    use super::*;

    /// Par denominations 0..5 = C, D, H, S, NT as table strains.
    const STRAIN_OF: [usize; 5] = [3, 2, 1, 0, 4];

    /// Scores of contracts made exactly, by number and vulnerability.
    const SCORES: [[i32; 2]; 36] = [
        [0, 0],
        [70, 70],
        [70, 70],
        [80, 80],
        [80, 80],
        [90, 90],
        [90, 90],
        [90, 90],
        [110, 110],
        [110, 110],
        [120, 120],
        [110, 110],
        [110, 110],
        [140, 140],
        [140, 140],
        [400, 600],
        [130, 130],
        [130, 130],
        [420, 620],
        [420, 620],
        [430, 630],
        [400, 600],
        [400, 600],
        [450, 650],
        [450, 650],
        [460, 660],
        [920, 1370],
        [920, 1370],
        [980, 1430],
        [980, 1430],
        [990, 1440],
        [1440, 2140],
        [1440, 2140],
        [1510, 2210],
        [1510, 2210],
        [1520, 2220],
    ];

    /// Doubled undertricks, by vulnerability and tricks down.
    const DOUBLED: [[i32; 14]; 2] = [
        [0, 100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
        [0, 200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
    ];

    /// The most tricks down that is still a good sacrifice against a
    /// contract, by its number and the vulnerability (none, defenders only,
    /// declarer only, both).
    const DOWN_TARGET: [[i32; 4]; 36] = {
        let mut t = [[0; 4]; 36];
        let mut no = 8;
        while no < 36 {
            t[no] = match no {
                8..=14 | 16 | 17 => [1, 0, 1, 0],
                15 | 18..=25 => [2, 1, 3, 2],
                26 | 27 => [4, 3, 5, 4],
                28..=30 => [4, 3, 6, 5],
                _ => [6, 5, 8, 7],
            };
            no += 1;
        }
        t
    };

    /// The lowest contract of the same denomination with the same bonus.
    const FLOOR: [i32; 36] = [
        0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 4, 15, 1, 2, 18, 19, 15, 21, 22, 18, 19, 15, 26, 27, 28, 29, 30, 31,
        32, 33, 34, 35,
    ];

    const BIG: i32 = 9999;

    /// What a side can make in one denomination.
    #[derive(Copy, Clone, Default)]
    struct Entry {
        score: i32,
        dno: usize,
        /// The contract number (may be zero or negative: nothing makes).
        no: i32,
    }

    struct Tables<'a> {
        table: &'a DdTable,
        dealer: usize,
    }

    impl Tables<'_> {
        fn t(&self, dno: usize, hand: usize) -> i32 {
            self.table.raw(STRAIN_OF[dno], hand % 4)
        }

        /// The contract as typed, its declarer from the table.
        fn contract(&self, side: usize, no: i32, dno: usize, delta: i32) -> ParContract {
            let (a, b) = (self.t(dno, side), self.t(dno, side + 2));
            let declarer = ParDeclarer::from_tricks(Seat::ALL[side].side(), a as u8, b as u8);
            self.numbered(no, dno, declarer, delta)
        }

        fn numbered(&self, no: i32, dno: usize, declarer: ParDeclarer, delta: i32) -> ParContract {
            ParContract {
                level: Level::new(((no - 1) / 5 + 1) as u8),
                strain: Strain::ALL[STRAIN_OF[dno]],
                declarer,
                doubled: delta < 0,
                result: delta as i8,
            }
        }
    }

    pub(super) fn dealer_par(table: &DdTable, dealer: Seat, vulnerability: Vulnerability) -> Par {
        let vul_by_side = match vulnerability.to_dds() {
            0 => [0usize, 0],
            1 => [1, 1],
            2 => [1, 0],
            _ => [0, 1],
        };
        let tb = Tables { table, dealer: dealer.index() };
        // Survey each side's makes.
        let mut list = [[Entry::default(); 5]; 2];
        let mut stats = [(0i32, 0i32, 0i32); 2]; // (highest no, dearest no, dearest score)
        for side in 0..2 {
            let (mut highest, mut dearest_no, mut dearest_score) = (0, 0, 0);
            for (dno, entry) in list[side].iter_mut().enumerate() {
                let best = tb.t(dno, side).max(tb.t(dno, side + 2));
                let no = 5 * (best - 7) + dno as i32 + 1;
                *entry = Entry { score: 0, dno, no };
                if best < 7 {
                    continue;
                }
                let score = SCORES[no as usize][vul_by_side[side]];
                entry.score = score;
                if score > dearest_score || (score == dearest_score && no < dearest_no) {
                    dearest_score = score;
                    dearest_no = no;
                }
                highest = highest.max(no);
            }
            stats[side] = (highest, dearest_no, dearest_score);
        }
        let (s0, s1) = (stats[0].0, stats[1].0);
        let side = if s0 > s1 {
            0
        } else if s0 < s1 {
            1
        } else if s0 == 0 {
            return Par::default();
        } else {
            // Both sides' highest make is the same contract: whoever can bid
            // it first.
            let dno = ((s0 - 1) % 5) as usize;
            let t_max = (s0 + 34) / 5;
            (tb.dealer..tb.dealer + 4).find(|&p| tb.t(dno, p) == t_max).map_or(0, |p| p % 2)
        };
        let other = 1 - side;
        let vul_no = 2 * vul_by_side[side] + vul_by_side[other];
        let dearest_no = stats[side].1;
        // The primacy side's contracts, highest number first (a stable sort).
        let mut lists = list[side];
        lists.sort_by_key(|e| core::cmp::Reverse(e.no));
        let candidates = lists.iter().filter(|e| e.no >= dearest_no).count();

        let mut best_plus = 0;
        let mut best_down = 0;
        let mut sac_found = false;
        let mut kind = [0i8; 5]; // 1 make, 0 the sacrifice, -1 ignored
        let mut downs = [0i32; 5];
        let mut sac_gap = [0i32; 5];
        let mut sacr = [[0i32; 5]; 5];
        for n in 0..candidates {
            let Entry { no, dno, score } = lists[n];
            let target = DOWN_TARGET[no as usize][vul_no];
            let down = best_sacrifice(&tb, side, no, dno, &list[other], &mut sacr);
            if down <= target {
                best_down = best_down.max(down);
                if sac_found {
                    kind[n] = -1;
                } else {
                    sac_found = true;
                    kind[n] = 0;
                    downs[n] = down;
                }
            } else {
                best_plus = best_plus.max(score);
                kind[n] = 1;
                sac_gap[n] = target - down;
            }
        }
        let sign = if side == 0 { 1 } else { -1 };
        let sac = DOUBLED[vul_by_side[other]][best_down.clamp(0, 13) as usize];
        let mut contracts = Vec::new();
        let score;
        if !sac_found || best_plus > sac {
            score = sign * best_plus;
            for n in 0..candidates {
                if kind[n] != 1 || lists[n].score != best_plus {
                    continue;
                }
                let (no, plus) = reduce(lists[n].no, sac_gap[n]);
                contracts.push(tb.contract(side, no, lists[n].dno, plus));
            }
        } else {
            score = sign * sac;
            for n in 0..candidates {
                if kind[n] != 0 || downs[n] != best_down {
                    continue;
                }
                sacrifices(&tb, side, best_down, lists[n].no, lists[n].dno, &list[other], &sacr, &mut contracts);
            }
        }
        Par { score, contracts }
    }

    /// The fewest tricks down of the other side's cheapest sacrifice over
    /// contract `no` in `dno`; fills `sacr[dno][eno]` per denomination.
    fn best_sacrifice(
        tb: &Tables<'_>,
        side: usize,
        no: i32,
        dno: usize,
        others: &[Entry; 5],
        sacr: &mut [[i32; 5]; 5],
    ) -> i32 {
        let mut best = BIG;
        for eno in 0..5 {
            let their = others[eno].no;
            let mut down;
            if eno == dno {
                // The same denomination: one level higher if a player of the
                // primacy side could bid it before the sacrificer.
                down = BIG;
                let t_max = (no + 34) / 5;
                let mut incr = 0;
                for p in tb.dealer..tb.dealer + 4 {
                    let diff = t_max - tb.t(dno, p);
                    if p % 2 == side {
                        if diff == 0 {
                            incr = 1;
                        }
                    } else {
                        down = down.min(diff + incr);
                    }
                }
            } else {
                down = (no - their + 4) / 5;
            }
            if their + 5 * down > 35 {
                down = BIG;
            }
            sacr[dno][eno] = down;
            best = best.min(down);
        }
        best
    }

    /// The contract bid lower while the opponents' sacrifice stays
    /// unprofitable, keeping its bonus: the new number and the overtricks.
    fn reduce(no: i32, sac_gap: i32) -> (i32, i32) {
        if sac_gap >= -1 {
            return (no, 0);
        }
        let new_no = (no + 5 * (sac_gap + 1)).max(FLOOR[no as usize]);
        (new_no, (no - new_no) / 5)
    }

    /// The other side's sacrifices that cost `best_down` against the
    /// primacy side's contract `no_decl` in `dno`.
    #[allow(clippy::too_many_arguments)]
    fn sacrifices(
        tb: &Tables<'_>,
        side: usize,
        best_down: i32,
        no_decl: i32,
        dno: usize,
        others: &[Entry; 5],
        sacr: &[[i32; 5]; 5],
        out: &mut Vec<ParContract>,
    ) {
        let other = 1 - side;
        for eno in 0..5 {
            if sacr[dno][eno] != best_down {
                continue;
            }
            if eno != dno {
                out.push(tb.contract(other, others[eno].no + 5 * best_down, eno, -best_down));
                continue;
            }
            let t_max = (no_decl + 34) / 5;
            let mut incr = 0;
            let mut hits: Vec<(usize, i32)> = Vec::with_capacity(2);
            for p in tb.dealer..tb.dealer + 4 {
                let diff = t_max - tb.t(dno, p);
                if p % 2 == side {
                    if diff == 0 {
                        incr = 1;
                    }
                } else if diff + incr == best_down {
                    hits.push((p % 4, no_decl + 5 * incr));
                }
            }
            let single = |(p, no): (usize, i32)| tb.numbered(no, eno, ParDeclarer::Seat(Seat::ALL[p]), -best_down);
            match hits[..] {
                [hit] => out.push(single(hit)),
                [a, b] if a.1 == b.1 => out.push(tb.contract(other, a.1, eno, -best_down)),
                [a, b] => out.push(single(if a.1 < b.1 { a } else { b })),
                _ => {}
            }
        }
    }
}
