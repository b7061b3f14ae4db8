//! `Board`: a checked position to solve, wrapping the facade's `Board`.

use dds::model::Card;
use dds::Board as DdsBoard;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use super::{repr_list, seat_text, strain_text};
use crate::convert;
use crate::errors::Failure;

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
