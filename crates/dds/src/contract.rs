//! The double dummy result of a given contract.

use dds_model::{Contract, Deal, Seat, Side, Vulnerability};

use crate::{DdTable, Error, Solver};

/// What a contract brings with best play by both sides.
///
/// ```
/// use dds::{DdTable, Vulnerability};
/// use dds::model::{BySeat, ByStrain};
/// // North-South take 10 tricks in every strain.
/// let table = DdTable::new(ByStrain::from_fn(|_| BySeat([10, 3, 10, 3])))?;
/// let result = table.contract_result("3NT by S".parse()?, Vulnerability::None);
/// assert_eq!((result.tricks, result.result, result.score, result.score_ns), (10, 1, 430, 430));
/// let sacrifice = table.contract_result("4HX by E".parse()?, Vulnerability::EastWest);
/// assert_eq!((sacrifice.tricks, sacrifice.result, sacrifice.score, sacrifice.score_ns), (3, -7, -2000, 2000));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct ContractResult {
    /// The contract.
    pub contract: Contract,
    /// Tricks declarer's side takes.
    pub tricks: u8,
    /// Tricks over (positive) or under (negative) the contract.
    pub result: i8,
    /// The duplicate score of declarer's side (positive when it makes).
    pub score: i32,
    /// The same score from North-South's point of view.
    pub score_ns: i32,
}

impl ContractResult {
    /// The result of `contract` when declarer's side takes `tricks` (0 to
    /// 13; `None` above): the duplicate score from declarer's side and from
    /// North-South's, and the tricks over or under.
    ///
    /// ```
    /// use dds::model::{Contract, Vulnerability};
    /// use dds::ContractResult;
    /// let contract: Contract = "4SX by W".parse()?;
    /// let result = ContractResult::from_tricks(contract, Vulnerability::EastWest, 8).unwrap();
    /// assert_eq!((result.result, result.score, result.score_ns), (-2, -500, 500));
    /// assert!(ContractResult::from_tricks(contract, Vulnerability::None, 14).is_none());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_tricks(contract: Contract, vulnerability: Vulnerability, tricks: u8) -> Option<ContractResult> {
        (tricks <= 13).then(|| ContractResult::new(contract, vulnerability, tricks))
    }

    /// The result of `contract` when declarer's side takes `tricks`.
    fn new(contract: Contract, vulnerability: Vulnerability, tricks: u8) -> ContractResult {
        let tricks = tricks.min(13);
        let score = contract.score(tricks, contract.is_vulnerable(vulnerability)).unwrap_or(0);
        let score_ns = if contract.side() == Side::NorthSouth { score } else { -score };
        let result = tricks as i8 - contract.tricks_needed() as i8;
        ContractResult { contract, tricks, result, score, score_ns }
    }
}

impl DdTable {
    /// The result of `contract` from the table, without a search.
    ///
    /// ```
    /// use dds::{Solver, Vulnerability};
    /// use dds::model::{Contract, Deal};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let table = Solver::new().dd_table(&deal)?;
    /// let result = table.contract_result("4SX by W".parse()?, Vulnerability::Both);
    /// assert_eq!((result.tricks, result.result, result.score, result.score_ns), (8, -2, -500, 500));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn contract_result(&self, contract: Contract, vulnerability: Vulnerability) -> ContractResult {
        ContractResult::new(contract, vulnerability, self.tricks(contract.strain, contract.declarer))
    }
}

impl Solver {
    /// The result of `contract` on `deal` (the seat on declarer's left
    /// leads), with one search.
    ///
    /// ```
    /// use dds::{Solver, Vulnerability};
    /// use dds::model::Deal;
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let result = Solver::new().contract_result(&deal, "2S by W".parse()?, Vulnerability::None)?;
    /// assert_eq!((result.tricks, result.result, result.score_ns), (8, 0, -110));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn contract_result(
        &mut self,
        deal: &Deal,
        contract: Contract,
        vulnerability: Vulnerability,
    ) -> Result<ContractResult, Error> {
        let deal = crate::solver::full_deal(deal)?;
        let leader: Seat = contract.declarer.next();
        let board = crate::Board::new(&deal, contract.strain, leader, &[])?;
        let tricks = self.declarer_tricks(&board, contract.side(), None);
        Ok(ContractResult::new(contract, vulnerability, tricks))
    }
}
