//! The play's results: `PlayAnalysis` (`analyse_play`) and `BestLine`, a
//! sequence of `LineCard`s (`best_line`).

use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple, PyType};

use super::{ints, seat_text};

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
        ints(self.analysis().dds_trace())
    }

    /// The cards that changed the result: `(place from 0, change)`, -1 for
    /// a card that cost declarer's side a trick, +1 for a defender's
    /// mistake.
    fn changes(&self) -> Vec<(usize, i8)> {
        self.analysis().changes().collect()
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
    /// The facade's analysis of these values, whose methods give the
    /// derived figures (DDS's trace, the changes).
    fn analysis(&self) -> dds::PlayAnalysis {
        dds::PlayAnalysis { tricks: self.tricks.clone() }
    }

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
