//! Positions: `solve_board` and `solve_boards` (DDS's `SolveBoard` and
//! `SolveAllBoards`), with their `target` and `solutions` arguments.

use dds::{Board as DdsBoard, Solutions, Target};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::batch::{finish, merge, progress_arg, solve_split, Split};
use crate::convert::{self, ErrorMode};
use crate::errors::{Class, Failure};
use crate::types::{self, Board, Solution};
use crate::{raise, with_solver};

/// The `target` argument: None or -1 for the most tricks, 0 to 13 for
/// cards that take at least that many, `"legal"` for the legal cards
/// without a search.
fn target(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Target> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(Target::Max) };
    if let Ok(text) = obj.extract::<String>() {
        if text.eq_ignore_ascii_case("legal") {
            return Ok(Target::LegalCards);
        }
    } else if let Some(goal) = obj.extract::<i64>().ok().and_then(Target::from_dds) {
        return Ok(goal);
    }
    Err(PyValueError::new_err(format!("target must be None, -1, 0 to 13 or \"legal\", not {obj}")))
}

/// The `solutions` argument: 1, 2 or 3, as DDS's.
fn solutions(n: i64) -> PyResult<Solutions> {
    Solutions::from_dds(n).ok_or_else(|| {
        PyValueError::new_err(format!(
            "solutions must be 1 (one card), 2 (every card that meets the target) or 3 (every card), not {n}"
        ))
    })
}

/// A board argument: a `Board`, or a deal with its strain, leader and
/// cards played to the current trick.
pub(crate) fn board_arg(
    deal: &Bound<'_, PyAny>,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    played: Option<&Bound<'_, PyAny>>,
) -> PyResult<DdsBoard> {
    let py = deal.py();
    if let Ok(board) = deal.downcast::<Board>() {
        if strain.is_some() || leader.is_some() || played.is_some_and(|p| !p.is_none()) {
            return Err(PyTypeError::new_err("a Board already holds its strain, leader and cards played"));
        }
        return Ok(board.get().inner);
    }
    let (Some(strain), Some(leader)) = (strain, leader) else {
        return Err(PyTypeError::new_err("strain and leader are needed with a deal (or pass a Board)"));
    };
    types::make_board(deal, strain, leader, played).map_err(raise(py))
}

/// One board of a batch: a `Board`, or a tuple `(deal, strain, leader)` or
/// `(deal, strain, leader, played)`.
fn board_item(obj: &Bound<'_, PyAny>, goal: Target) -> Result<DdsBoard, Failure> {
    let board = if let Ok(board) = obj.downcast::<Board>() {
        board.get().inner
    } else {
        let parts: Vec<Bound<'_, PyAny>> = match obj.downcast::<PyTuple>() {
            Ok(t) => t.iter().collect(),
            Err(_) => match obj.downcast::<PyList>() {
                Ok(l) => l.iter().collect(),
                Err(_) => Vec::new(),
            },
        };
        match parts.as_slice() {
            [deal, strain, leader] => types::make_board(deal, strain, leader, None)?,
            [deal, strain, leader, played] => types::make_board(deal, strain, leader, Some(played))?,
            _ => {
                return Err(Failure::new(
                    Class::Input,
                    "type",
                    "a board must be a Board or a tuple (deal, strain, leader) or (deal, strain, leader, played)",
                ))
            }
        }
    };
    // Checked here so that a batch raises before it solves anything.
    goal.check(&board).map_err(|e| Failure::from_dds(&e))?;
    Ok(board)
}

/// DDS's `SolveBoard`: the cards of the seat to play with their scores.
/// `deal` holds the cards still held (or is a `Board`); `leader` led to the
/// current trick and `played` are its cards so far. `target`: None (or -1)
/// for the most tricks, 0 to 13, or `"legal"`; `solutions`: 1 (one card), 2
/// (every card that meets the target), 3 (every card, the default).
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> s = solve_board(deal, "S", "N")  # North leads, West declares spades
/// >>> s.best, s[3]
/// (5, ScoredCard(card='CT', equals=['C9', 'C8'], tricks=5))
/// >>> [c.card for c in s if c.tricks == 4]
/// ['H2', 'H6', 'HK']
/// >>> len(solve_board(deal, "S", "N", target=5, solutions=2))  # the cards that take 5
/// 6
/// >>> solve_board(Board(deal, "S", "N").after("CT")).best  # East to play
/// 8
#[pyfunction]
#[pyo3(signature = (deal, strain = None, leader = None, played = None, target = None, solutions = 3, skip_forced = false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_board(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    played: Option<&Bound<'_, PyAny>>,
    target: Option<&Bound<'_, PyAny>>,
    solutions: i64,
    skip_forced: bool,
) -> PyResult<Solution> {
    let board = board_arg(deal, strain, leader, played)?;
    let goal = self::target(target)?;
    let solutions = self::solutions(solutions)?;
    let solution = py
        .allow_threads(|| {
            with_solver(|s| {
                s.set_skip_forced(skip_forced);
                s.solve_board(&board, goal, solutions)
            })
        })
        .map_err(|e| raise(py)(e.into()))?;
    Ok(Solution::from_dds(&solution))
}

/// `solve_board` for many boards on every core (DDS's `SolveAllBoards`,
/// with no limit on the batch): one `Solution` per board, in input order.
/// A board is a `Board` or a tuple `(deal, strain, leader[, played])`.
/// With `errors="return"`: `(solutions, errors)`, None for a bad board.
/// `threads` and `progress(done, total)` as `dd_tables`' (`progress`
/// returning `False` stops: the solutions of the first `done` boards come
/// back).
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> [s.best for s in solve_boards([(deal, "S", "N"), (deal, "NT", "E"), Board(deal, "H", "W")])]
/// [5, 7, 7]
/// >>> answers, errors = solve_boards([(deal, "S", "N"), (deal, "S", "N", "CT")], errors="return")
/// >>> answers[1], errors[0].index, errors[0].kind
/// (None, 1, 'played_card_held')
#[pyfunction]
#[pyo3(signature = (boards, target = None, solutions = 3, threads = None, errors = "raise", *, progress = None))]
pub(crate) fn solve_boards<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    target: Option<&Bound<'py, PyAny>>,
    solutions: i64,
    threads: Option<&Bound<'py, PyAny>>,
    errors: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mode = convert::error_mode(errors)?;
    let settings = convert::parallel(threads)?;
    let progress = progress_arg(progress)?;
    let goal = self::target(target)?;
    let solutions = self::solutions(solutions)?;
    if boards.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("boards must be a sequence of boards, not a string"));
    }
    let mut items = Vec::new();
    for item in boards.try_iter()? {
        items.push(board_item(&item?, goal));
    }
    let split = Split::new(py, items, mode, "board")?;
    let first = 2 * convert::thread_count(&settings);
    let answers =
        solve_split(py, &split, first, progress.as_ref(), |part| dds::solve_boards(part, goal, solutions, &settings))?;
    let (answers, errors) = finish(py, merge(split, answers), mode, "board")?;
    let solutions: Vec<Option<Solution>> = answers.iter().map(|a| a.as_ref().map(Solution::from_dds)).collect();
    let solutions = solutions.into_pyobject(py)?.into_any();
    if mode == ErrorMode::Return {
        return Ok(PyTuple::new(py, [solutions, errors.into_pyobject(py)?.into_any()])?.into_any());
    }
    Ok(solutions)
}
