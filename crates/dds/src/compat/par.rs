//! DDS's par in numbers: the table and vulnerability of DDS's codes, and
//! the answers of `DealerParBin` and `SidesParBin` (`parResultsMaster`,
//! `contractType`).

use crate::model::{BySeat, ByStrain, Seat, Vulnerability};
use crate::par::{Par, ParContract, SidesPar};
use crate::{DdTable, Strain};

/// The most contracts DDS's `parResultsMaster` holds.
const MAX_CONTRACTS: usize = 10;

/// DDS's `ddTableResults` (`resTable`: strains S, H, D, C, NT by
/// declarers N, E, S, W) as a table; `None` for an entry outside 0..=13.
///
/// ```
/// use dds::compat::dd_table;
/// use dds::{Seat, Strain};
/// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
/// assert_eq!(dd_table(&rows).map(|t| t.tricks(Strain::Spades, Seat::East)), Some(8));
/// assert!(dd_table(&[[14; 4]; 5]).is_none());
/// ```
pub fn dd_table(res_table: &[[i32; 4]; 5]) -> Option<DdTable> {
    let mut tricks: ByStrain<BySeat<u8>> = ByStrain::from_fn(|_| BySeat([0; 4]));
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            tricks[strain][seat] = u8::try_from(res_table[strain.index()][seat.index()]).ok()?;
        }
    }
    DdTable::new(tricks).ok()
}

/// The vulnerability of DDS's code (0 none, 1 both, 2 North-South, 3
/// East-West).
///
/// ```
/// use dds::compat::vulnerability;
/// use dds::Vulnerability;
/// assert_eq!(vulnerability(2), Some(Vulnerability::NorthSouth));
/// assert_eq!(vulnerability(4), None);
/// ```
pub fn vulnerability(code: i32) -> Option<Vulnerability> {
    u8::try_from(code).ok().and_then(Vulnerability::from_dds)
}

/// A par contract in DDS's numbers (`contractType`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ContractType {
    /// A sacrifice's undertricks (0 for a making contract).
    pub under_tricks: i32,
    /// A making contract's overtricks.
    pub over_tricks: i32,
    /// 1 to 7 (0 in a passed-out deal's placeholder).
    pub level: i32,
    /// DDS's strain code, notrump first: 0 notrump, 1 spades, 2 hearts, 3
    /// diamonds, 4 clubs.
    pub denom: i32,
    /// The declarer: 0 to 3 for North to West, 4 for North-South, 5 for
    /// East-West.
    pub seats: i32,
}

impl ContractType {
    /// A par contract's numbers.
    ///
    /// ```
    /// use dds::compat::ContractType;
    /// use dds::model::{Level, Side};
    /// use dds::par::{ParContract, ParDeclarer};
    /// use dds::Strain;
    /// // DDS's "4S*-EW-1": East-West sacrifice in 4S doubled, one down.
    /// let sacrifice = ParContract {
    ///     level: Level::new(4),
    ///     strain: Strain::Spades,
    ///     declarer: ParDeclarer::Side(Side::EastWest),
    ///     doubled: true,
    ///     result: -1,
    /// };
    /// let numbers = ContractType { under_tricks: 1, over_tricks: 0, level: 4, denom: 1, seats: 5 };
    /// assert_eq!(ContractType::new(&sacrifice), numbers);
    /// ```
    pub fn new(contract: &ParContract) -> ContractType {
        ContractType {
            under_tricks: i32::from((-contract.result).max(0)),
            over_tricks: i32::from(contract.result.max(0)),
            level: i32::from(contract.level.get()),
            denom: strain_code(contract.strain),
            seats: i32::from(contract.declarer.to_dds()),
        }
    }
}

/// DDS's strain code of par contracts: notrump 0, then the suits 1 to 4.
fn strain_code(strain: Strain) -> i32 {
    match strain {
        Strain::NoTrump => 0,
        suit => suit.index() as i32 + 1,
    }
}

/// A par in DDS's numbers (`parResultsMaster`): the score and at most 10
/// contracts (`number` is their count); a passed-out deal has score 0 and
/// one contract of all zeros, as DDS gives it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParResultsMaster {
    /// The score (for `DealerParBin`, North-South's).
    pub score: i32,
    /// The contracts (1 to 10).
    pub contracts: Vec<ContractType>,
}

impl ParResultsMaster {
    /// A score and contracts, the first 10 of them, or the passed-out
    /// placeholder for none.
    fn of(score: i32, contracts: impl Iterator<Item = ContractType>) -> ParResultsMaster {
        let mut contracts: Vec<ContractType> = contracts.take(MAX_CONTRACTS).collect();
        if contracts.is_empty() {
            contracts.push(ContractType::default());
        }
        ParResultsMaster { score, contracts }
    }

    /// DDS's `DealerParBin`: the dealer's par in numbers, the contracts of
    /// `DealerPar`'s texts sorted by strain code (notrump first; a stable
    /// sort).
    ///
    /// The first deal of DDS's `list1.txt` (dealer North, none vulnerable;
    /// its `PAR2` line: `"-110" "2S-EW"`), and a deal where no one makes a
    /// contract:
    ///
    /// ```
    /// use dds::compat::{dd_table, seat, vulnerability, ContractType, ParResultsMaster};
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let par = dd_table(&rows).ok_or("table")?.dealer_par(seat(0).ok_or("seat")?, vulnerability(0).ok_or("vul")?);
    /// let master = ParResultsMaster::dealer(&par);
    /// let two_spades = ContractType { under_tricks: 0, over_tricks: 0, level: 2, denom: 1, seats: 5 };
    /// assert_eq!((master.score, master.contracts), (-110, vec![two_spades]));
    ///
    /// let passed = dd_table(&[[6; 4]; 5]).ok_or("table")?.dealer_par(seat(1).ok_or("seat")?, vulnerability(1).ok_or("vul")?);
    /// let master = ParResultsMaster::dealer(&passed);
    /// assert_eq!((master.score, master.contracts), (0, vec![ContractType::default()]));
    /// # Ok::<_, &str>(())
    /// ```
    pub fn dealer(par: &Par) -> ParResultsMaster {
        let mut contracts: Vec<ContractType> = par.contracts.iter().map(ContractType::new).collect();
        contracts.sort_by_key(|c| c.denom);
        ParResultsMaster::of(par.score, contracts.into_iter())
    }

    /// DDS's `SidesParBin`: each side's view in numbers, North-South's
    /// first, each score from that side's point of view, the contracts in
    /// `SidesPar`'s order.
    ///
    /// The first deal of DDS's `list1.txt` (none vulnerable; its `PAR`
    /// line: `"NS -110" "EW 110" "NS:EW 2S" "EW:EW 2S"`):
    ///
    /// ```
    /// use dds::compat::{dd_table, ContractType, ParResultsMaster};
    /// use dds::Vulnerability;
    /// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    /// let [ns, ew] = ParResultsMaster::sides(&dd_table(&rows).ok_or("table")?.par(Vulnerability::None));
    /// let two_spades = ContractType { under_tricks: 0, over_tricks: 0, level: 2, denom: 1, seats: 5 };
    /// assert_eq!((ns.score, ns.contracts), (-110, vec![two_spades]));
    /// assert_eq!((ew.score, ew.contracts), (110, vec![two_spades]));
    /// # Ok::<_, &str>(())
    /// ```
    pub fn sides(sides: &SidesPar) -> [ParResultsMaster; 2] {
        [
            ParResultsMaster::of(sides.ns_first.score, sides.ns_first.contracts.iter().map(ContractType::new)),
            ParResultsMaster::of(-sides.ew_first.score, sides.ew_first.contracts.iter().map(ContractType::new)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Level;
    use crate::par::ParDeclarer;

    fn contract(level: u8, strain: Strain, seat: Seat, result: i8) -> ParContract {
        ParContract { level: Level::new(level), strain, declarer: ParDeclarer::Seat(seat), doubled: false, result }
    }

    /// DDS sorts DealerParBin's contracts by strain code with a stable sort
    /// (its `DealerPar` texts come in their own order) and keeps 10.
    #[test]
    fn dealer_contracts_are_sorted_by_strain_code_stably_and_cut_at_ten() {
        let mut contracts = vec![
            contract(3, Strain::Clubs, Seat::North, 0),
            contract(3, Strain::NoTrump, Seat::South, 1),
            contract(3, Strain::Diamonds, Seat::North, 0),
            contract(3, Strain::NoTrump, Seat::North, 1),
        ];
        let par = Par { score: 430, contracts: contracts.clone() };
        let order: Vec<(i32, i32)> =
            ParResultsMaster::dealer(&par).contracts.iter().map(|c| (c.denom, c.seats)).collect();
        assert_eq!(order, [(0, 2), (0, 0), (3, 0), (4, 0)]);
        contracts.extend(contracts.clone());
        contracts.extend(contracts.clone());
        let many = Par { score: 430, contracts };
        assert_eq!(ParResultsMaster::dealer(&many).contracts.len(), 10);
    }
}
