//! Par and contract results: `ParContract`, `Par` (one view, DDS's
//! `DealerPar`), `SidesPar` (both sides' views, DDS's `Par`) and
//! `ContractResult`.

use dds::model::Level;
use dds::par::ParDeclarer;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use super::{py_bool, strain_text};
use crate::convert;

/// One par contract: `level` is the lowest level that scores par; a making
/// contract makes `result` overtricks (any level up to `level + result`
/// scores par), a doubled sacrifice goes `-result` down. `declarer` is a
/// seat (`"N"`) or a side (`"NS"`) when both seats take the same tricks.
///
/// >>> c = ParContract(4, "S", "EW", True, -1)
/// >>> str(c), c.dealer_text(), c.par_text()
/// ('EW 4Sx-1', '4S*-EW-1', 'EW 4Sx')
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ParContract {
    pub(crate) inner: dds::par::ParContract,
}

/// A par declarer's text: a seat letter or `NS` / `EW`.
fn declarer_text(d: ParDeclarer) -> String {
    d.to_string()
}

#[pymethods]
impl ParContract {
    #[new]
    #[pyo3(signature = (level, strain, declarer, doubled = false, result = 0))]
    fn new(level: u8, strain: &Bound<'_, PyAny>, declarer: &str, doubled: bool, result: i8) -> PyResult<ParContract> {
        let py = strain.py();
        let level = Level::try_new(level).ok_or_else(|| PyValueError::new_err(format!("bad level {level}")))?;
        let strain = convert::strain(strain).map_err(|f| f.to_pyerr(py, None))?;
        let declarer = ParDeclarer::from_text(declarer)
            .ok_or_else(|| PyValueError::new_err(format!("bad declarer {declarer:?}")))?;
        Ok(ParContract { inner: dds::par::ParContract { level, strain, declarer, doubled, result } })
    }

    /// The lowest level that scores par (1 to 7).
    #[getter]
    fn level(&self) -> u8 {
        self.inner.level.get()
    }

    /// The strain: `"S"`, `"H"`, `"D"`, `"C"` or `"NT"`.
    #[getter]
    fn strain(&self) -> String {
        strain_text(self.inner.strain)
    }

    /// The declarer: `"N"`, `"E"`, `"S"`, `"W"`, or `"NS"` / `"EW"`.
    #[getter]
    fn declarer(&self) -> String {
        declarer_text(self.inner.declarer)
    }

    /// Whether the contract is a doubled sacrifice.
    #[getter]
    fn doubled(&self) -> bool {
        self.inner.doubled
    }

    /// Overtricks (positive) of a making contract, undertricks (negative)
    /// of a sacrifice.
    #[getter]
    fn result(&self) -> i8 {
        self.inner.result
    }

    /// DDS's `DealerPar` form: `"2S-EW"`, `"3N-S+1"`, `"4S*-EW-1"`.
    fn dealer_text(&self) -> String {
        self.inner.dealer_text()
    }

    /// DDS's `Par` form: `"NS 23S"`, `"EW 4Sx"`.
    fn par_text(&self) -> String {
        self.inner.par_text()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "ParContract(level={}, strain='{}', declarer='{}', doubled={}, result={})",
            self.level(),
            self.strain(),
            self.declarer(),
            py_bool(self.inner.doubled),
            self.inner.result
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args =
            (me.level(), me.strain(), me.declarer(), me.inner.doubled, me.inner.result).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// A par result: the score from North-South's point of view (negative
/// when East-West score) and the contracts that reach it (none when the
/// deal is passed out).
///
/// >>> str(Par(-110, [ParContract(2, "S", "EW")]))
/// 'Par -110: EW 2S'
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Par {
    pub(crate) inner: dds::par::Par,
}

#[pymethods]
impl Par {
    #[new]
    #[pyo3(signature = (score, contracts = Vec::new()))]
    fn new(score: i32, contracts: Vec<ParContract>) -> Par {
        Par { inner: dds::par::Par { score, contracts: contracts.into_iter().map(|c| c.inner).collect() } }
    }

    /// The par score from North-South's point of view.
    #[getter]
    fn score(&self) -> i32 {
        self.inner.score
    }

    /// The par contracts.
    #[getter]
    fn contracts(&self) -> Vec<ParContract> {
        self.inner.contracts.iter().map(|&inner| ParContract { inner }).collect()
    }

    /// DDS's `DealerPar` texts: `["pass"]` for a passed-out deal, else one
    /// string per contract (`"4S*-EW-1"`).
    fn dealer_texts(&self) -> Vec<String> {
        self.inner.dealer_texts()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        let contracts: Vec<String> = self.contracts().iter().map(ParContract::__repr__).collect();
        format!("Par(score={}, contracts=[{}])", self.inner.score, contracts.join(", "))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.inner.score, me.contracts()).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// Par seen by each side when it starts the bidding (DDS's `Par` and
/// `SidesPar`); the two differ only on deals where the side that bids
/// first gets in a contract the other cannot outbid profitably.
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct SidesPar {
    pub(crate) inner: dds::par::SidesPar,
}

#[pymethods]
impl SidesPar {
    #[new]
    fn new(ns_first: Par, ew_first: Par) -> SidesPar {
        SidesPar { inner: dds::par::SidesPar { ns_first: ns_first.inner, ew_first: ew_first.inner } }
    }

    /// Par when North-South start the bidding.
    #[getter]
    fn ns_first(&self) -> Par {
        Par { inner: self.inner.ns_first.clone() }
    }

    /// Par when East-West start the bidding.
    #[getter]
    fn ew_first(&self) -> Par {
        Par { inner: self.inner.ew_first.clone() }
    }

    /// DDS's `Par` score strings: `["NS -110", "EW 110"]`.
    fn score_texts(&self) -> Vec<String> {
        self.inner.score_texts().to_vec()
    }

    /// DDS's `Par` contract strings: `["NS:EW 2S", "EW:EW 2S"]`.
    fn contract_texts(&self) -> Vec<String> {
        self.inner.contract_texts().to_vec()
    }

    /// DDS's `SidesPar` contract strings of each view (`"0N-N"` for a
    /// passed-out view).
    fn sides_texts(&self) -> Vec<Vec<String>> {
        self.inner.sides_texts().to_vec()
    }

    fn __repr__(&self) -> String {
        format!("SidesPar(ns_first={}, ew_first={})", self.ns_first().__repr__(), self.ew_first().__repr__())
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.ns_first(), me.ew_first()).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// What a contract brings with best play by both sides: declarer's tricks,
/// the over- or undertricks, the score of declarer's side and the score
/// from North-South's point of view.
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ContractResult {
    pub(crate) inner: dds::ContractResult,
}

#[pymethods]
impl ContractResult {
    #[new]
    fn new(contract: &Bound<'_, PyAny>, tricks: u8, result: i8, score: i32, score_ns: i32) -> PyResult<ContractResult> {
        let contract = convert::contract(contract).map_err(|f| f.to_pyerr(contract.py(), None))?;
        Ok(ContractResult { inner: dds::ContractResult { contract, tricks, result, score, score_ns } })
    }

    /// The contract, as `"4SX by W"`.
    #[getter]
    fn contract(&self) -> String {
        self.inner.contract.to_string()
    }

    /// Tricks declarer's side takes.
    #[getter]
    fn tricks(&self) -> u8 {
        self.inner.tricks
    }

    /// Tricks over (positive) or under (negative) the contract.
    #[getter]
    fn result(&self) -> i8 {
        self.inner.result
    }

    /// The duplicate score of declarer's side.
    #[getter]
    fn score(&self) -> i32 {
        self.inner.score
    }

    /// The score from North-South's point of view.
    #[getter]
    fn score_ns(&self) -> i32 {
        self.inner.score_ns
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "ContractResult(contract='{}', tricks={}, result={}, score={}, score_ns={})",
            r.contract, r.tricks, r.result, r.score, r.score_ns
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let r = &slf.get().inner;
        let args = (r.contract.to_string(), r.tricks, r.result, r.score, r.score_ns).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}
