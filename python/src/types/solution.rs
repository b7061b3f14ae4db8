//! `solve_board`'s answer: `Solution`, a sequence of `ScoredCard`s.

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};

use super::{py_bool, repr_list};

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

    /// The solver's card back, its cards read by the model (`None` if one
    /// does not read: a card built by hand).
    fn to_dds(&self) -> Option<dds::ScoredCard> {
        let card = self.card.parse().ok()?;
        let equals = self.equals.iter().map(|e| e.parse().ok()).collect::<Option<_>>()?;
        Some(dds::ScoredCard { card, equals, tricks: self.tricks })
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

    /// The solver's answer back (`None` if a card does not read).
    pub(crate) fn to_dds(&self) -> Option<dds::Solution> {
        let cards = self.cards.iter().map(ScoredCard::to_dds).collect::<Option<_>>()?;
        Some(dds::Solution { cards, forced: self.forced, nodes: self.nodes })
    }
}
