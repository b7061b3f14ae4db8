//! The result classes: small frozen objects that compare by value, print
//! as their constructor call, and pickle (each `__reduce__` gives the
//! class and its constructor's arguments).

use dds::model::{Card, Contract, Level, Penalty, Seat, Side, Strain, Vulnerability};
use dds::{Board as DdsBoard, ParDeclarer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};

use crate::convert;
use crate::errors::Failure;

/// A seat as `"N"`, `"E"`, `"S"` or `"W"`.
pub(crate) fn seat_text(seat: Seat) -> String {
    seat.to_char().to_string()
}

/// A strain as `"S"`, `"H"`, `"D"`, `"C"` or `"NT"`.
pub(crate) fn strain_text(strain: Strain) -> String {
    strain.as_str().to_owned()
}

/// `repr` of a string list as a Python list literal.
fn repr_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| format!("'{s}'")).collect();
    format!("[{}]", inner.join(", "))
}

/// One card of a [`Solution`]: the card, the lower cards of the same hand
/// that are equivalent to it, and its score (tricks for the side to play,
/// the current trick included; `None` when no search was made).
///
/// >>> ScoredCard("CT", ["C9", "C8"], 5)
/// ScoredCard(card='CT', equals=['C9', 'C8'], tricks=5)
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct ScoredCard {
    /// The card, as `"SA"`.
    #[pyo3(get)]
    card: String,
    /// The equivalent lower cards, highest first.
    #[pyo3(get)]
    equals: Vec<String>,
    /// The score, or `None`.
    #[pyo3(get)]
    tricks: Option<u8>,
}

#[pymethods]
impl ScoredCard {
    #[new]
    #[pyo3(signature = (card, equals = Vec::new(), tricks = None))]
    fn new(card: String, equals: Vec<String>, tricks: Option<u8>) -> ScoredCard {
        ScoredCard { card, equals, tricks }
    }

    fn __repr__(&self) -> String {
        let tricks = self.tricks.map_or_else(|| "None".to_owned(), |t| t.to_string());
        format!("ScoredCard(card='{}', equals={}, tricks={tricks})", self.card, repr_list(&self.equals))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.card.clone(), me.equals.clone(), me.tricks).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

impl ScoredCard {
    /// From the solver's card.
    pub(crate) fn from_dds(c: &dds::ScoredCard) -> ScoredCard {
        ScoredCard {
            card: c.card.to_string(),
            equals: c.equals.iter().rev().map(|e| e.to_string()).collect(),
            tricks: c.tricks,
        }
    }
}

/// The answer of `solve_board` (DDS's `futureTricks`): the cards of the seat
/// to play with their scores, highest score first, in DDS's order; whether
/// the seat had only one choice; the search nodes. It is a sequence of
/// its cards.
///
/// >>> s = Solution([ScoredCard("SA", [], 2)], False, 10)
/// >>> s[0].card, len(s)
/// ('SA', 1)
#[pyclass(module = "ddsrs", frozen, eq, hash, sequence)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Solution {
    cards: Vec<ScoredCard>,
    /// Whether the seat to play had one choice (equivalent cards counted
    /// once).
    #[pyo3(get)]
    forced: bool,
    /// Search nodes visited.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl Solution {
    #[new]
    #[pyo3(signature = (cards, forced = false, nodes = 0))]
    fn new(cards: Vec<ScoredCard>, forced: bool, nodes: u64) -> Solution {
        Solution { cards, forced, nodes }
    }

    /// The cards, highest score first.
    #[getter]
    fn cards(&self) -> Vec<ScoredCard> {
        self.cards.clone()
    }

    /// The score of the best card (the position's value for the side to
    /// play with a target of None), or None without cards or scores.
    #[getter]
    fn best(&self) -> Option<u8> {
        self.cards.first().and_then(|c| c.tricks)
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __getitem__<'py>(&self, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(key.py(), self.cards.clone())?.as_any().get_item(key)
    }

    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(slf.py(), slf.get().cards.clone())?.as_any().try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.cards.iter().map(ScoredCard::__repr__).collect();
        format!("Solution(cards=[{}], forced={}, nodes={})", cards.join(", "), py_bool(self.forced), self.nodes)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.cards.clone(), me.forced, me.nodes).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

impl Solution {
    /// From the solver's answer.
    pub(crate) fn from_dds(s: &dds::Solution) -> Solution {
        Solution { cards: s.cards.iter().map(ScoredCard::from_dds).collect(), forced: s.forced, nodes: s.nodes }
    }
}

/// `True` or `False`.
fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// The double dummy result along a play sequence (DDS's `AnalysePlay`):
/// `tricks[0]` is what declarer's side takes with best play from the start,
/// `tricks[k]` what it ends with after the first `k` cards (tricks already
/// won included). It is a sequence of those numbers.
///
/// >>> a = PlayAnalysis([8, 8, 7])
/// >>> list(a), a.changes()
/// ([8, 8, 7], [(1, -1)])
#[pyclass(module = "ddsrs", frozen, eq, hash, sequence)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct PlayAnalysis {
    tricks: Vec<u8>,
}

/// Small numbers as a list of ints (a `Vec<u8>` would become `bytes`).
fn ints(values: &[u8]) -> Vec<u32> {
    values.iter().map(|&v| u32::from(v)).collect()
}

#[pymethods]
impl PlayAnalysis {
    #[new]
    fn new(tricks: Vec<u8>) -> PlayAnalysis {
        PlayAnalysis { tricks }
    }

    /// Declarer's side's tricks before the play and after each card.
    #[getter]
    fn tricks(&self) -> Vec<u32> {
        ints(&self.tricks)
    }

    /// The values DDS's `AnalysePlay` returns: at most 49 (DDS does not
    /// analyse the last trick, whose result is forced).
    #[getter]
    fn dds_trace(&self) -> Vec<u32> {
        ints(&self.tricks[..self.tricks.len().min(49)])
    }

    /// The cards that changed the result: `(place from 0, change)`, -1 for
    /// a card that cost declarer's side a trick, +1 for a defender's
    /// mistake.
    fn changes(&self) -> Vec<(usize, i8)> {
        dds::PlayAnalysis { tricks: self.tricks.clone() }.changes().collect()
    }

    fn __len__(&self) -> usize {
        self.tricks.len()
    }

    fn __getitem__<'py>(&self, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(key.py(), ints(&self.tricks))?.as_any().get_item(key)
    }

    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(slf.py(), slf.get().tricks.clone())?.as_any().try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        format!("PlayAnalysis({:?})", self.tricks)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let args = (ints(&slf.get().tricks),).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

impl PlayAnalysis {
    /// From the solver's analysis.
    pub(crate) fn from_dds(a: &dds::PlayAnalysis) -> PlayAnalysis {
        PlayAnalysis { tricks: a.tricks.clone() }
    }
}

/// One card of a [`BestLine`]: the seat, the card, the trick's winner (on a
/// trick's last card) and the tricks the card keeps (its side's tricks from
/// this trick on, with best play).
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct LineCard {
    /// The seat that plays the card.
    #[pyo3(get)]
    seat: String,
    /// The card.
    #[pyo3(get)]
    card: String,
    /// The winner of the trick, on its last card; else None.
    #[pyo3(get)]
    wins: Option<String>,
    /// The tricks the card keeps for its side.
    #[pyo3(get)]
    tricks: u8,
}

#[pymethods]
impl LineCard {
    #[new]
    #[pyo3(signature = (seat, card, wins, tricks))]
    fn new(seat: String, card: String, wins: Option<String>, tricks: u8) -> LineCard {
        LineCard { seat, card, wins, tricks }
    }

    fn __repr__(&self) -> String {
        let wins = self.wins.as_ref().map_or_else(|| "None".to_owned(), |w| format!("'{w}'"));
        format!("LineCard(seat='{}', card='{}', wins={wins}, tricks={})", self.seat, self.card, self.tricks)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.seat.clone(), me.card.clone(), me.wins.clone(), me.tricks).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// A line of best play to the end of the deal (`best_line`): every card
/// keeps the position's value. It is a sequence of its cards.
#[pyclass(module = "ddsrs", frozen, eq, hash, sequence)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct BestLine {
    cards: Vec<LineCard>,
    /// North-South's tricks from the position on (the current trick
    /// included) with best play.
    #[pyo3(get)]
    ns_tricks: u8,
}

#[pymethods]
impl BestLine {
    #[new]
    fn new(cards: Vec<LineCard>, ns_tricks: u8) -> BestLine {
        BestLine { cards, ns_tricks }
    }

    /// The cards from the position to the end.
    #[getter]
    fn cards(&self) -> Vec<LineCard> {
        self.cards.clone()
    }

    fn __len__(&self) -> usize {
        self.cards.len()
    }

    fn __getitem__<'py>(&self, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        PyList::new(key.py(), self.cards.clone())?.as_any().get_item(key)
    }

    fn __iter__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        Ok(PyList::new(slf.py(), slf.get().cards.clone())?.as_any().try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let cards: Vec<String> = self.cards.iter().map(LineCard::__repr__).collect();
        format!("BestLine(cards=[{}], ns_tricks={})", cards.join(", "), self.ns_tricks)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.cards.clone(), me.ns_tricks).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

impl BestLine {
    /// From the solver's line.
    pub(crate) fn from_dds(line: &dds::BestLine) -> BestLine {
        let cards = line
            .cards
            .iter()
            .map(|c| LineCard {
                seat: seat_text(c.seat),
                card: c.card.to_string(),
                wins: c.wins.map(seat_text),
                tricks: c.tricks,
            })
            .collect();
        BestLine { cards, ns_tricks: line.ns_tricks }
    }
}

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
    pub(crate) inner: dds::ParContract,
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
        let declarer = match declarer.to_ascii_uppercase().as_str() {
            "NS" => ParDeclarer::Side(Side::NorthSouth),
            "EW" => ParDeclarer::Side(Side::EastWest),
            other => ParDeclarer::Seat(
                other.parse().map_err(|_| PyValueError::new_err(format!("bad declarer {declarer:?}")))?,
            ),
        };
        Ok(ParContract { inner: dds::ParContract { level, strain, declarer, doubled, result } })
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
    pub(crate) inner: dds::Par,
}

#[pymethods]
impl Par {
    #[new]
    #[pyo3(signature = (score, contracts = Vec::new()))]
    fn new(score: i32, contracts: Vec<ParContract>) -> Par {
        Par { inner: dds::Par { score, contracts: contracts.into_iter().map(|c| c.inner).collect() } }
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
    pub(crate) inner: dds::SidesPar,
}

#[pymethods]
impl SidesPar {
    #[new]
    fn new(ns_first: Par, ew_first: Par) -> SidesPar {
        SidesPar { inner: dds::SidesPar { ns_first: ns_first.inner, ew_first: ew_first.inner } }
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

/// A position to solve, checked when made: `deal` holds the cards still
/// held (PBN text, hands of any size, or a (4, 4) array of DDS's bit
/// layout), `leader` led to the current trick and `played` are the cards
/// of that trick so far (DDS's `currentTrickSuit/Rank`).
///
/// >>> b = Board("N:A... K... Q... J...", "NT", "W")
/// >>> b.to_play, b.tricks_left, b.legal_cards()
/// ('W', 1, ['SJ'])
/// >>> b.after("SJ").to_play
/// 'N'
#[pyclass(module = "ddsrs", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    pub(crate) inner: DdsBoard,
}

/// A board from Python's arguments.
pub(crate) fn make_board(
    deal: &Bound<'_, PyAny>,
    strain: &Bound<'_, PyAny>,
    leader: &Bound<'_, PyAny>,
    played: Option<&Bound<'_, PyAny>>,
) -> Result<DdsBoard, Failure> {
    let remaining = convert::deal(deal, convert::Need::Remaining)?;
    let strain = convert::strain(strain)?;
    let leader = convert::seat(leader)?;
    let played = match played {
        Some(p) if !p.is_none() => convert::cards(p)?,
        _ => Vec::new(),
    };
    DdsBoard::new(&remaining, strain, leader, &played).map_err(|e| Failure::from_dds(&e))
}

#[pymethods]
impl Board {
    #[new]
    #[pyo3(signature = (deal, strain, leader, played = None))]
    fn new(
        deal: &Bound<'_, PyAny>,
        strain: &Bound<'_, PyAny>,
        leader: &Bound<'_, PyAny>,
        played: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Board> {
        let inner = make_board(deal, strain, leader, played).map_err(|f| f.to_pyerr(deal.py(), None))?;
        Ok(Board { inner })
    }

    /// The strain: `"S"`, `"H"`, `"D"`, `"C"` or `"NT"`.
    #[getter]
    fn strain(&self) -> String {
        strain_text(self.inner.strain())
    }

    /// The seat that led to the current trick.
    #[getter]
    fn leader(&self) -> String {
        seat_text(self.inner.leader())
    }

    /// The seat to play next.
    #[getter]
    fn to_play(&self) -> String {
        seat_text(self.inner.to_play())
    }

    /// The cards played to the current trick, in order.
    #[getter]
    fn played(&self) -> Vec<String> {
        self.inner.played().iter().map(Card::to_string).collect()
    }

    /// The seat winning the current trick so far (None before its lead).
    #[getter]
    fn winning(&self) -> Option<String> {
        self.inner.winning().map(seat_text)
    }

    /// The tricks still to play, the current one included.
    #[getter]
    fn tricks_left(&self) -> u8 {
        self.inner.tricks_left()
    }

    /// The cards still held, as PBN text (North first).
    #[getter]
    fn remaining(&self) -> String {
        self.inner.remaining().to_string()
    }

    /// The cards `seat` still holds, as PBN hand text (`"AK.Q2..T"`).
    fn hand(&self, seat: &Bound<'_, PyAny>) -> PyResult<String> {
        let seat = convert::seat(seat).map_err(|f| f.to_pyerr(seat.py(), None))?;
        Ok(self.inner.hand(seat).to_string())
    }

    /// The cards the seat to play may play, highest first.
    fn legal_cards(&self) -> Vec<String> {
        self.inner.legal_cards().iter().rev().map(|c| c.to_string()).collect()
    }

    /// The board after the seat to play plays `card` (a `BoardError` if
    /// it does not hold it or must follow suit).
    fn after(&self, card: &Bound<'_, PyAny>) -> PyResult<Board> {
        let py = card.py();
        let cards = convert::cards(card).map_err(|f| f.to_pyerr(py, None))?;
        let mut board = self.inner;
        for c in cards {
            board = board.after(c).map_err(|e| Failure::from_dds(&e).to_pyerr(py, None))?;
        }
        Ok(Board { inner: board })
    }

    fn __repr__(&self) -> String {
        format!(
            "Board('{}', '{}', '{}', {})",
            self.remaining(),
            self.strain(),
            self.leader(),
            repr_list(&self.played())
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get();
        let args = (me.remaining(), me.strain(), me.leader(), me.played()).into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// The totals of `solve_layouts`: how many layouts there are and were
/// solved, and for each (strain, declarer) cell the task solved the count
/// of layouts by tricks, with the mean, the chance of making a level, its
/// standard error and the expected score.
#[pyclass(module = "ddsrs", frozen)]
#[derive(Debug)]
pub(crate) struct LayoutSummary {
    /// All layouts of the problem.
    #[pyo3(get)]
    population: u64,
    /// The layouts the run was to solve (the sample, the limit or all).
    #[pyo3(get)]
    planned: u64,
    /// The layouts solved.
    #[pyo3(get)]
    solved: u64,
    cells: [[bool; 4]; 5],
    counts: [[[u64; 14]; 4]; 5],
    /// sqrt(finite population correction / effective sample size), the
    /// standard error of a share p being sqrt(p (1 - p)) times it; None
    /// when fewer than two layouts were solved.
    se_factor: Option<f64>,
    /// With `keep=True`: the layouts' numbers, in the order solved.
    #[pyo3(get)]
    indices: Option<Py<PyAny>>,
    /// With `keep=True`: their tables, an (m, 5, 4) uint8 array (cells the
    /// task did not solve hold 0).
    #[pyo3(get)]
    tables: Option<Py<PyAny>>,
    /// With `keep=True`: the layouts' deals as PBN text.
    #[pyo3(get)]
    deals: Option<Py<PyAny>>,
}

impl LayoutSummary {
    /// From the solver's summary and the results kept.
    pub(crate) fn from_dds(s: &dds::LayoutSummary, kept: Option<(Py<PyAny>, Py<PyAny>, Py<PyAny>)>) -> LayoutSummary {
        let mut cells = [[false; 4]; 5];
        let mut counts = [[[0u64; 14]; 4]; 5];
        for (strain, seat) in s.cells() {
            cells[strain.index()][seat.index()] = true;
            if let Some(d) = s.distribution(strain, seat) {
                counts[strain.index()][seat.index()] = *d;
            }
        }
        let se_factor = if s.is_complete() { Some(0.0) } else { s.standard_error(0.5).map(|se| 2.0 * se) };
        let (indices, tables, deals) = match kept {
            Some((i, t, d)) => (Some(i), Some(t), Some(d)),
            None => (None, None, None),
        };
        LayoutSummary {
            population: s.population(),
            planned: s.planned(),
            solved: s.solved(),
            cells,
            counts,
            se_factor,
            indices,
            tables,
            deals,
        }
    }

    /// The counts of a cell, if the task solved it.
    fn cell(&self, strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<Option<&[u64; 14]>> {
        let py = strain.py();
        let strain = convert::strain(strain).map_err(|f| f.to_pyerr(py, None))?;
        let declarer = convert::seat(declarer).map_err(|f| f.to_pyerr(py, None))?;
        let (s, d) = (strain.index(), declarer.index());
        Ok(self.cells[s][d].then_some(&self.counts[s][d]))
    }
}

#[pymethods]
impl LayoutSummary {
    #[new]
    #[pyo3(signature = (population, planned, solved, cells, counts, se_factor, indices = None, tables = None, deals = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        population: u64,
        planned: u64,
        solved: u64,
        cells: [[bool; 4]; 5],
        counts: [[[u64; 14]; 4]; 5],
        se_factor: Option<f64>,
        indices: Option<Py<PyAny>>,
        tables: Option<Py<PyAny>>,
        deals: Option<Py<PyAny>>,
    ) -> LayoutSummary {
        LayoutSummary { population, planned, solved, cells, counts, se_factor, indices, tables, deals }
    }

    /// Whether every layout was solved.
    #[getter]
    fn complete(&self) -> bool {
        self.solved == self.population
    }

    /// The (strain, declarer) cells the task solved, in DDS's order.
    #[getter]
    fn cells(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                if self.cells[strain.index()][seat.index()] {
                    out.push((strain_text(strain), seat_text(seat)));
                }
            }
        }
        out
    }

    /// How many layouts gave `declarer` 0, 1, ..., 13 tricks in `strain`
    /// (14 counts), or None for a cell the task did not solve.
    fn distribution(&self, strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u64>>> {
        Ok(self.cell(strain, declarer)?.map(|c| c.to_vec()))
    }

    /// The mean of declarer's tricks over the layouts solved.
    fn mean_tricks(&self, strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        let Some(counts) = self.cell(strain, declarer)? else { return Ok(None) };
        let sum: u64 = counts.iter().enumerate().map(|(t, &n)| t as u64 * n).sum();
        Ok((self.solved > 0).then(|| sum as f64 / self.solved as f64))
    }

    /// The share of the layouts solved in which `declarer` makes `level`
    /// (1 to 7) in `strain`.
    fn make_probability(
        &self,
        level: u8,
        strain: &Bound<'_, PyAny>,
        declarer: &Bound<'_, PyAny>,
    ) -> PyResult<Option<f64>> {
        let level = Level::try_new(level).ok_or_else(|| PyValueError::new_err(format!("bad level {level}")))?;
        let Some(counts) = self.cell(strain, declarer)? else { return Ok(None) };
        let made: u64 = counts[usize::from(level.tricks_needed())..].iter().sum();
        Ok((self.solved > 0).then(|| made as f64 / self.solved as f64))
    }

    /// The standard error of a share (such as a make probability) as an
    /// estimate over all layouts: 0 for a complete run, None below two
    /// layouts. A run in chunks counts each chunk touched once (a cautious
    /// estimate), as `dds layouts` does.
    fn standard_error(&self, share: f64) -> Option<f64> {
        if self.complete() {
            return Some(0.0);
        }
        self.se_factor.map(|k| (share * (1.0 - share)).sqrt() * k)
    }

    /// The mean undoubled score of `level` in `strain` by `declarer` at
    /// `vul` over the layouts solved (declarer's side's point of view).
    #[pyo3(signature = (level, strain, declarer, vul = None))]
    fn expected_score(
        &self,
        level: u8,
        strain: &Bound<'_, PyAny>,
        declarer: &Bound<'_, PyAny>,
        vul: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<f64>> {
        let py = strain.py();
        let level = Level::try_new(level).ok_or_else(|| PyValueError::new_err(format!("bad level {level}")))?;
        let vul = match vul {
            Some(v) if !v.is_none() => convert::vulnerability(v).map_err(|f| f.to_pyerr(py, None))?,
            _ => Vulnerability::None,
        };
        let Some(counts) = self.cell(strain, declarer)? else { return Ok(None) };
        let strain = convert::strain(strain).map_err(|f| f.to_pyerr(py, None))?;
        let declarer = convert::seat(declarer).map_err(|f| f.to_pyerr(py, None))?;
        let contract = Contract::new(level, strain, Penalty::Undoubled, declarer);
        let vulnerable = contract.is_vulnerable(vul);
        let total: i64 = counts
            .iter()
            .enumerate()
            .map(|(tricks, &n)| i64::from(contract.score(tricks as u8, vulnerable).unwrap_or(0)) * n as i64)
            .sum();
        Ok((self.solved > 0).then(|| total as f64 / self.solved as f64))
    }

    fn __repr__(&self) -> String {
        format!("LayoutSummary(population={}, planned={}, solved={})", self.population, self.planned, self.solved)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let clone = |o: &Option<Py<PyAny>>| o.as_ref().map(|o| o.clone_ref(py));
        let args = (
            me.population,
            me.planned,
            me.solved,
            me.cells,
            me.counts,
            me.se_factor,
            clone(&me.indices),
            clone(&me.tables),
            clone(&me.deals),
        )
            .into_pyobject(py)?;
        Ok((slf.get_type(), args))
    }
}
