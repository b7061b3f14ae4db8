//! `ddsrs._ddsrs`, the native module of the Python package `ddsrs`: the
//! double dummy solver of the `dds` crate for Python (DDS 2.9's answers).
//!
//! Deals come as PBN text, objects with a `to_pbn()` method, or numpy
//! arrays of DDS's bit layout ((4, 4) for one deal, (n, 4, 4) for a batch:
//! seats N, E, S, W by suits S, H, D, C, the rank of value r at bit r);
//! tables come back as numpy arrays in DDS's order (strains S, H, D, C,
//! NT by declarers N, E, S, W). Every search runs with the GIL released;
//! batches run in chunks on every core (or `threads`, up to
//! `dds::MAX_THREADS`), with Ctrl-C checked and a `progress(done, total)`
//! callback called between chunks, and take `errors="raise"` (the first
//! bad item raises before anything is solved) or `errors="return"` (bad
//! items are skipped and their exceptions returned). The Python side
//! (`python/ddsrs`) adds the type stubs, the docs and the endplay
//! compatibility module.

mod batch;
mod convert;
mod errors;
mod types;

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use dds::model::{ByStrain, Seat, Side, Strain};
use dds::{Board as DdsBoard, DdTable, LayoutOptions, LayoutTask, Layouts, ParDeclarer, PlayRequest, Solver};
use dds::{PlayFault, PositionError, Solutions, TableOptions, Target};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyList, PyString, PyTuple};

use crate::batch::{finish, merge, progress_arg, solve_split, Split};
use crate::convert::{ErrorMode, Need};
use crate::errors::{Class, Failure};
use crate::types::{BestLine, Board, ContractResult, LayoutSummary, Par, PlayAnalysis, SidesPar, Solution};

/// The value of a table entry for a deal that failed (`errors="return"`).
const MISSING: u8 = 255;

/// The par contracts a par row of `par_format="array"` holds (DDS's limit;
/// a view never has more: five strains, two seats).
const PAR_SLOTS: usize = 10;

thread_local! {
    /// The solver of one-item calls on this thread: its table is reused
    /// between calls on the same deal and strain, as DDS's per-thread
    /// memory is.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver (a fresh one if it is in use).
fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Solver::new)),
        Err(_) => f(&mut Solver::new()),
    })
}

/// A one-item call's failure as its exception.
fn raise(py: Python<'_>) -> impl Fn(Failure) -> PyErr + '_ {
    move |f| f.to_pyerr(py, None)
}

/// Tables as a numpy array: (n, 5, 4), or (5, 4) for one table.
fn tables_array<'py>(py: Python<'py>, rows: &[[u8; 20]], single: bool) -> PyResult<Bound<'py, PyAny>> {
    let flat: Vec<u8> = rows.iter().flatten().copied().collect();
    let array = PyArray1::from_vec(py, flat);
    if single {
        Ok(array.reshape([5, 4])?.into_any())
    } else {
        Ok(array.reshape([rows.len(), 5, 4])?.into_any())
    }
}

/// Whether `obj` is a deal rather than a table: text, an object with
/// `to_pbn()`, or a (4, 4) array-like.
fn is_deal_like(obj: &Bound<'_, PyAny>) -> bool {
    if obj.is_instance_of::<PyString>() || obj.hasattr("to_pbn").unwrap_or(false) {
        return true;
    }
    match obj.getattr("shape").and_then(|s| s.extract::<Vec<usize>>()) {
        Ok(shape) => shape == [4, 4],
        Err(_) => obj.len().is_ok_and(|n| n == 4),
    }
}

/// A table argument: a (5, 4) table, or a deal whose table is solved.
fn table_or_deal(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<DdTable> {
    if is_deal_like(obj) {
        let deal = convert::deal(obj, Need::Full).map_err(raise(py))?;
        return py.allow_threads(|| with_solver(|s| s.dd_table(&deal))).map_err(|e| raise(py)(e.into()));
    }
    convert::table(obj).map_err(raise(py))
}

/// The `target` argument: None or -1 for the most tricks, 0 to 13 for
/// cards that take at least that many, `"legal"` for the legal cards
/// without a search.
fn target(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Target> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(Target::Max) };
    if let Ok(text) = obj.extract::<String>() {
        if text.eq_ignore_ascii_case("legal") {
            return Ok(Target::LegalCards);
        }
    } else if let Ok(t) = obj.extract::<i64>() {
        match t {
            -1 => return Ok(Target::Max),
            0..=13 => return Ok(Target::AtLeast(t as u8)),
            _ => {}
        }
    }
    Err(PyValueError::new_err(format!("target must be None, -1, 0 to 13 or \"legal\", not {obj}")))
}

/// The `solutions` argument: 1, 2 or 3, as DDS's.
fn solutions(n: i64) -> PyResult<Solutions> {
    match n {
        1 => Ok(Solutions::One),
        2 => Ok(Solutions::AllOptimal),
        3 => Ok(Solutions::All),
        _ => Err(PyValueError::new_err(format!(
            "solutions must be 1 (one card), 2 (every card that meets the target) or 3 (every card), not {n}"
        ))),
    }
}

/// A board argument: a `Board`, or a deal with its strain, leader and
/// cards played to the current trick.
fn board_arg(
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
    if let Target::AtLeast(t) = goal {
        if t > board.tricks_left() {
            return Err(Failure::from_dds(&dds::Error::TargetTooHigh { target: t, tricks_left: board.tricks_left() }));
        }
    }
    Ok(board)
}

/// Checks a play sequence without searching: the error the analysis would
/// give, found before any search.
fn check_play(request: &PlayRequest) -> Result<(), dds::Error> {
    let deal = request.deal.validate()?;
    let mut board = DdsBoard::new(&deal, request.strain, request.leader, &[])?;
    for (index, &card) in request.play.iter().enumerate() {
        let seat = board.to_play();
        board = match board.after(card) {
            Ok(next) => next,
            Err(e) => {
                let fault = match e {
                    dds::Error::Position(PositionError::Revoke(_)) => match board.played().first() {
                        Some(lead) => PlayFault::Revoke { led: lead.suit() },
                        None => return Err(e),
                    },
                    dds::Error::Position(_) => match Seat::ALL.into_iter().find(|&s| board.hand(s).contains(card)) {
                        Some(holder) => PlayFault::HeldBy(holder),
                        None => PlayFault::AlreadyPlayed,
                    },
                    _ => return Err(e),
                };
                return Err(dds::Error::IllegalPlay { index, card, seat, fault });
            }
        };
    }
    Ok(())
}

/// One play request of a batch: a tuple `(deal, strain, leader, play)`.
fn play_item(obj: &Bound<'_, PyAny>) -> Result<PlayRequest, Failure> {
    let parts: Vec<Bound<'_, PyAny>> = match obj.downcast::<PyTuple>() {
        Ok(t) => t.iter().collect(),
        Err(_) => match obj.downcast::<PyList>() {
            Ok(l) => l.iter().collect(),
            Err(_) => Vec::new(),
        },
    };
    let [deal, strain, leader, play] = parts.as_slice() else {
        return Err(Failure::new(Class::Input, "type", "a play must be a tuple (deal, strain, leader, play)"));
    };
    play_request(deal, strain, leader, play)
}

/// A play request from its parts, checked.
fn play_request(
    deal: &Bound<'_, PyAny>,
    strain: &Bound<'_, PyAny>,
    leader: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
) -> Result<PlayRequest, Failure> {
    let request = PlayRequest {
        deal: convert::deal(deal, Need::Remaining)?,
        strain: convert::strain(strain)?,
        leader: convert::seat(leader)?,
        play: if play.is_none() { Vec::new() } else { convert::cards(play)? },
    };
    check_play(&request).map_err(|e| Failure::from_dds(&e))?;
    Ok(request)
}

/// The double dummy table of one full deal: a (5, 4) uint8 array, strains
/// S, H, D, C, NT by declarers N, E, S, W (DDS's `CalcDDtable`): the
/// tricks each declarer takes when the seat on its left leads.
///
/// >>> table = dd_table("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> table.tolist()
/// [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]
/// >>> int(table[4, 0])  # notrump, North declares
/// 6
#[pyfunction]
fn dd_table<'py>(py: Python<'py>, deal: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let deal = convert::deal(deal, Need::Full).map_err(raise(py))?;
    let table = py.allow_threads(|| with_solver(|s| s.dd_table(&deal))).map_err(|e| raise(py)(e.into()))?;
    tables_array(py, &[convert::table_entries(&table)], true)
}

/// The bytes of one par view in `PAR_DTYPE`'s layout.
fn push_par_view(par: &dds::Par, out: &mut Vec<u8>) {
    out.extend(par.score.to_le_bytes());
    out.push(par.contracts.len().min(PAR_SLOTS) as u8);
    for k in 0..PAR_SLOTS {
        match par.contracts.get(k) {
            Some(c) => {
                let declarer = match c.declarer {
                    ParDeclarer::Seat(s) => s.index() as u8,
                    ParDeclarer::Side(Side::NorthSouth) => 4,
                    ParDeclarer::Side(Side::EastWest) => 5,
                };
                out.extend([c.level.get(), c.strain.index() as u8, declarer, u8::from(c.doubled), c.result as u8]);
            }
            None => out.extend([0u8; 5]),
        }
    }
}

/// The numpy dtype of a par row of `par_format="array"`.
fn par_dtype(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let np = py.import("numpy")?;
    let contract = np.call_method1(
        "dtype",
        (vec![("level", "u1"), ("strain", "u1"), ("declarer", "u1"), ("doubled", "?"), ("result", "i1")],),
    )?;
    let contracts = PyTuple::new(
        py,
        [PyString::new(py, "contracts").into_any(), contract, (PAR_SLOTS,).into_pyobject(py)?.into_any()],
    )?;
    let view_fields = PyList::new(
        py,
        [
            ("score", "<i4").into_pyobject(py)?.into_any(),
            ("count", "u1").into_pyobject(py)?.into_any(),
            contracts.into_any(),
        ],
    )?;
    let view = np.call_method1("dtype", (view_fields,))?;
    let row = PyList::new(
        py,
        [
            ("ok", "?").into_pyobject(py)?.into_any(),
            PyTuple::new(py, [PyString::new(py, "ns_first").into_any(), view.clone()])?.into_any(),
            PyTuple::new(py, [PyString::new(py, "ew_first").into_any(), view])?.into_any(),
        ],
    )?;
    np.call_method1("dtype", (row,))
}

/// The double dummy tables of many full deals (DDS's `CalcAllTables`, with
/// no limit on the batch): an (n, 5, 4) uint8 array in DDS's order.
/// `strains` solves only some strains (the others hold 0); `par` (a
/// vulnerability) adds par for each deal, as `SidesPar` objects or, with
/// `par_format="array"`, a structured array of `PAR_DTYPE`.
/// With `errors="return"`, the exceptions of the bad deals come last in
/// the returned tuple and their rows hold `MISSING` (255).
/// `threads`: None or 0 for every core, else 1 to 1024 (`dds::MAX_THREADS`).
/// `progress(done, total)`, if given, is called with the GIL between
/// chunks (about every 0.3 s) and at the end, `done` counting the deals
/// of the input finished so far; returning `False` stops the batch after
/// the current chunk, and the call then returns the answers of the first
/// `done` deals only (the `done` of that call), as if the input had
/// ended there. An exception raised by `progress` propagates, as Ctrl-C's
/// KeyboardInterrupt does (nothing is returned).
///
/// >>> deals = ["N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"] * 3
/// >>> dd_tables(deals).shape
/// (3, 5, 4)
/// >>> calls = []
/// >>> dd_tables(deals, progress=lambda done, total: calls.append((done, total))).shape
/// (3, 5, 4)
/// >>> calls[-1]
/// (3, 3)
/// >>> tables, pars = dd_tables(deals, par="None")
/// >>> str(pars[0].ns_first), pars[0].contract_texts()
/// ('Par -110: EW 2S', ['NS:EW 2S', 'EW:EW 2S'])
/// >>> dd_tables(deals, strains=["NT"], threads=2)[0, 4].tolist()
/// [6, 6, 6, 6]
/// >>> tables, errors = dd_tables(deals + ["N:A... K... Q... J..."], errors="return")
/// >>> errors[0].index, errors[0].kind, tables[3, 0].tolist()
/// (3, 'not_full_deal', [255, 255, 255, 255])
#[pyfunction]
#[pyo3(signature = (
    deals, threads = None, strains = None, par = None, errors = "raise", par_format = "objects", *, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn dd_tables<'py>(
    py: Python<'py>,
    deals: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    strains: Option<&Bound<'py, PyAny>>,
    par: Option<&Bound<'py, PyAny>>,
    errors: &str,
    par_format: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mode = convert::error_mode(errors)?;
    let settings = convert::parallel(threads)?;
    let progress = progress_arg(progress)?;
    let strains: Vec<Strain> = match strains.filter(|s| !s.is_none()) {
        None => Strain::ALL.to_vec(),
        Some(list) => {
            if let Ok(one) = convert::strain(list) {
                vec![one]
            } else {
                let mut out = Vec::new();
                for item in list.try_iter()? {
                    out.push(convert::strain(&item?).map_err(raise(py))?);
                }
                out
            }
        }
    };
    if strains.is_empty() {
        return Err(PyValueError::new_err("strains is empty: name at least one strain to solve"));
    }
    let vul = match par.filter(|p| !p.is_none()) {
        None => None,
        Some(v) => Some(convert::vulnerability(v).map_err(raise(py))?),
    };
    if vul.is_some() && Strain::ALL.iter().any(|s| !strains.contains(s)) {
        return Err(PyValueError::new_err("par needs the tables of all five strains"));
    }
    let as_array = match par_format {
        "objects" => false,
        "array" => true,
        other => {
            return Err(PyValueError::new_err(format!("par_format must be \"objects\" or \"array\", not {other:?}")))
        }
    };
    let split = Split::new(py, convert::deals(deals, Need::Full)?, mode, "deal")?;
    let options = TableOptions { strains: ByStrain::from_fn(|s| strains.contains(&s)), par: vul };
    let first = 2 * convert::thread_count(&settings);
    let answers =
        solve_split(py, &split, first, progress.as_ref(), |part| dds::dd_tables_with(part, &options, &settings))?;
    let (answers, errors) = finish(py, merge(split, answers), mode, "deal")?;
    let rows: Vec<[u8; 20]> =
        answers.iter().map(|a| a.as_ref().map_or([MISSING; 20], |r| convert::table_entries(&r.table))).collect();
    let tables = tables_array(py, &rows, false)?;
    let mut out: Vec<Bound<'py, PyAny>> = vec![tables];
    if vul.is_some() {
        if as_array {
            let mut bytes = Vec::with_capacity(answers.len() * (1 + 2 * (5 + 5 * PAR_SLOTS)));
            for answer in &answers {
                match answer.as_ref().and_then(|a| a.par.as_ref()) {
                    Some(sides) => {
                        bytes.push(1);
                        push_par_view(&sides.ns_first, &mut bytes);
                        push_par_view(&sides.ew_first, &mut bytes);
                    }
                    None => {
                        bytes.push(0);
                        push_par_view(&dds::Par::default(), &mut bytes);
                        push_par_view(&dds::Par::default(), &mut bytes);
                    }
                }
            }
            let np = py.import("numpy")?;
            let buffer = PyByteArray::new(py, &bytes);
            out.push(np.call_method1("frombuffer", (buffer, par_dtype(py)?))?);
        } else {
            let pars: Vec<Option<SidesPar>> = answers
                .iter()
                .map(|a| a.as_ref().and_then(|a| a.par.clone()).map(|inner| SidesPar { inner }))
                .collect();
            out.push(pars.into_pyobject(py)?.into_any());
        }
    }
    if mode == ErrorMode::Return {
        out.push(errors.into_pyobject(py)?.into_any());
    }
    if out.len() == 1 {
        return Ok(out.remove(0));
    }
    Ok(PyTuple::new(py, out)?.into_any())
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
fn solve_board(
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
fn solve_boards<'py>(
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

/// DDS's `AnalysePlay`: declarer's side's tricks with best play before the
/// play and after each card of `play` (from the opening lead by `leader`;
/// declarer is on the leader's right). An illegal card raises a
/// `PlayError` naming it and its place.
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> analyse_play(deal, "S", "N", "CT C4 CA CJ").tricks  # West keeps 8 tricks
/// [8, 8, 8, 8, 8]
/// >>> analyse_play(deal, "S", "N", ["CT", "C4", "CA", "H4"])
/// Traceback (most recent call last):
/// ...
/// ddsrs.PlayError: card 4 of the play (H4, West to play): a revoke: West must follow to clubs
#[pyfunction]
fn analyse_play(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    strain: &Bound<'_, PyAny>,
    leader: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
) -> PyResult<PlayAnalysis> {
    let r = play_request(deal, strain, leader, play).map_err(raise(py))?;
    let analysis = py
        .allow_threads(|| with_solver(|s| s.analyse_play(&r.deal, r.strain, r.leader, &r.play)))
        .map_err(|e| raise(py)(e.into()))?;
    Ok(PlayAnalysis::from_dds(&analysis))
}

/// `analyse_play` for many sequences on every core (DDS's
/// `AnalyseAllPlays`, with no limit): each item a tuple `(deal, strain,
/// leader, play)`. With `errors="return"`: `(analyses, errors)`.
/// `threads` and `progress(done, total)` as `dd_tables`' (`progress`
/// returning `False` stops: the analyses of the first `done` plays come
/// back).
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> analyse_plays([(deal, "S", "N", "CT C4 CA CJ"), (deal, "NT", "E", "")])
/// [PlayAnalysis([8, 8, 8, 8, 8]), PlayAnalysis([6])]
#[pyfunction]
#[pyo3(signature = (plays, threads = None, errors = "raise", *, progress = None))]
fn analyse_plays<'py>(
    py: Python<'py>,
    plays: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    errors: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mode = convert::error_mode(errors)?;
    let settings = convert::parallel(threads)?;
    let progress = progress_arg(progress)?;
    if plays.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("plays must be a sequence of (deal, strain, leader, play) tuples"));
    }
    let mut items = Vec::new();
    for item in plays.try_iter()? {
        items.push(play_item(&item?));
    }
    let split = Split::new(py, items, mode, "play")?;
    let first = 2 * convert::thread_count(&settings);
    let answers = solve_split(py, &split, first, progress.as_ref(), |part| dds::analyse_plays(part, &settings))?;
    let (answers, errors) = finish(py, merge(split, answers), mode, "play")?;
    let analyses: Vec<Option<PlayAnalysis>> = answers.iter().map(|a| a.as_ref().map(PlayAnalysis::from_dds)).collect();
    let analyses = analyses.into_pyobject(py)?.into_any();
    if mode == ErrorMode::Return {
        return Ok(PyTuple::new(py, [analyses, errors.into_pyobject(py)?.into_any()])?.into_any());
    }
    Ok(analyses)
}

/// One line of best play from the position to the end of the deal: every
/// card keeps the position's value.
///
/// >>> line = best_line("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "S", "N")
/// >>> line.ns_tricks, len(line), line[3]
/// (5, 52, LineCard(seat='W', card='D3', wins='E', tricks=8))
#[pyfunction]
#[pyo3(signature = (deal, strain = None, leader = None, played = None))]
fn best_line(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    played: Option<&Bound<'_, PyAny>>,
) -> PyResult<BestLine> {
    let board = board_arg(deal, strain, leader, played)?;
    let line = py.allow_threads(|| with_solver(|s| s.best_line(&board)));
    Ok(BestLine::from_dds(&line))
}

/// Par for each side starting the bidding (DDS's `Par` / `SidesPar`), from
/// a (5, 4) table or a full deal (whose table is solved first).
/// Vulnerability: `"None"`, `"NS"`, `"EW"`, `"All"` or DDS's 0 to 3.
/// A table (here, in `dealer_par` and in `contract_result`) holds ints of
/// any kind (Python's, any numpy integer dtype) or floats of whole numbers
/// (7.0 is 7); an entry that is not a whole number (7.9, NaN, inf) or not
/// 0 to 13 raises `InputError` (kind `"table"`) naming it, never rounded.
///
/// >>> sides = par("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "None")
/// >>> sides.score_texts(), sides.contract_texts()
/// (['NS -110', 'EW 110'], ['NS:EW 2S', 'EW:EW 2S'])
/// >>> par([[7.5] * 4] * 5, "None")
/// Traceback (most recent call last):
/// ...
/// ddsrs.InputError: a table entry is not a whole number of tricks: 7.5 for North in S (0 to 13)
#[pyfunction]
fn par(py: Python<'_>, table: &Bound<'_, PyAny>, vul: &Bound<'_, PyAny>) -> PyResult<SidesPar> {
    let vul = convert::vulnerability(vul).map_err(raise(py))?;
    let table = table_or_deal(py, table)?;
    Ok(SidesPar { inner: table.par(vul) })
}

/// Par when `dealer` starts the auction (DDS's `DealerPar`), from a (5, 4)
/// table or a full deal.
///
/// >>> table = [[4, 9, 4, 9], [10, 2, 10, 2], [8, 3, 8, 3], [6, 7, 6, 7], [9, 3, 9, 3]]
/// >>> p = dealer_par(table, "E", "NS")
/// >>> p.score, p.dealer_texts(), str(p)
/// (100, ['4S*-EW-1'], 'Par 100: EW 4Sx-1')
#[pyfunction]
fn dealer_par(
    py: Python<'_>,
    table: &Bound<'_, PyAny>,
    dealer: &Bound<'_, PyAny>,
    vul: &Bound<'_, PyAny>,
) -> PyResult<Par> {
    let dealer = convert::seat(dealer).map_err(raise(py))?;
    let vul = convert::vulnerability(vul).map_err(raise(py))?;
    let table = table_or_deal(py, table)?;
    Ok(Par { inner: table.dealer_par(dealer, vul) })
}

/// The tricks and score of `contract` (`"4SX by W"`): from a (5, 4) table
/// without a search, or from a full deal with one search.
///
/// >>> contract_result("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "4SX by W", "All")
/// ContractResult(contract='4SX by W', tricks=8, result=-2, score=-500, score_ns=500)
#[pyfunction]
#[pyo3(signature = (deal, contract, vul = None))]
fn contract_result(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    contract: &Bound<'_, PyAny>,
    vul: Option<&Bound<'_, PyAny>>,
) -> PyResult<ContractResult> {
    let contract = convert::contract(contract).map_err(raise(py))?;
    let vul = match vul.filter(|v| !v.is_none()) {
        Some(v) => convert::vulnerability(v).map_err(raise(py))?,
        None => dds::Vulnerability::None,
    };
    if is_deal_like(deal) {
        let deal = convert::deal(deal, Need::Full).map_err(raise(py))?;
        let inner = py
            .allow_threads(|| with_solver(|s| s.contract_result(&deal, contract, vul)))
            .map_err(|e| raise(py)(e.into()))?;
        return Ok(ContractResult { inner });
    }
    let table = convert::table(deal).map_err(raise(py))?;
    Ok(ContractResult { inner: table.contract_result(contract, vul) })
}

/// Every layout of the unknown cards ("solve all deals"): `deal` gives the
/// known hands, `-` for a hand of unknown cards (a short hand holds the
/// cards known to be there). With `strain` and `leader`, each layout is
/// solved for that lead; without, its whole table. The work goes in chunks
/// of 40 layouts in a shuffled order, so a partial run (`sample`, `limit`,
/// `time_limit` in seconds, or `progress` returning False) is a fair
/// sample. `progress(solved, planned)` is called on the first layout, then
/// at most every 0.1 s, and at the end; Ctrl-C raises KeyboardInterrupt.
/// `keep=True` keeps each layout's number, table and deal.
///
/// >>> pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98"
/// >>> summary = solve_layouts(pbn, "S", "E")  # six unknown cards: 20 layouts
/// >>> summary.solved, summary.make_probability(5, "S", "N")
/// (20, 0.2)
#[pyfunction]
#[pyo3(signature = (
    deal, strain = None, leader = None, *, sample = None, limit = None, time_limit = None, seed = None,
    threads = None, progress = None, keep = false
))]
#[allow(clippy::too_many_arguments)]
fn solve_layouts(
    py: Python<'_>,
    deal: &str,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    sample: Option<u64>,
    limit: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    keep: bool,
) -> PyResult<LayoutSummary> {
    let progress = progress_arg(progress)?.map(Bound::unbind);
    let layouts = Layouts::from_pbn(deal).map_err(|e| raise(py)(e.into()))?;
    let task = match (strain.filter(|s| !s.is_none()), leader.filter(|l| !l.is_none())) {
        (None, None) => LayoutTask::Table,
        (Some(s), Some(l)) => LayoutTask::Lead {
            strain: convert::strain(s).map_err(raise(py))?,
            leader: convert::seat(l).map_err(raise(py))?,
        },
        _ => return Err(PyTypeError::new_err("give both strain and leader (one lead), or neither (the whole table)")),
    };
    let mut options = LayoutOptions { sample, limit, ..LayoutOptions::default() };
    if let Some(seconds) = time_limit {
        options.time_limit = Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("time_limit must be a number of seconds, 0 or more, not {seconds}"))
        })?);
    }
    if let Some(seed) = seed {
        options.seed = seed;
    }
    let settings = convert::parallel(threads)?;
    let interval = Duration::from_millis(100);
    // The first result is reported at once, then one at most every interval.
    let mut last: Option<Instant> = None;
    let mut reported = None;
    let mut failure: Option<PyErr> = None;
    let mut kept: (Vec<u64>, Vec<[u8; 20]>, Vec<String>) = (Vec::new(), Vec::new(), Vec::new());
    let result = py.allow_threads(|| {
        dds::solve_layouts(&layouts, task, &options, &settings, |result, summary| {
            if keep {
                kept.0.push(result.index);
                kept.1.push(convert::table_entries(&result.table));
                kept.2.push(result.deal.to_string());
            }
            let now = Instant::now();
            let due = last.is_none_or(|last| now.duration_since(last) >= interval);
            if !due && summary.solved() < summary.planned() {
                return ControlFlow::Continue(());
            }
            last = Some(now);
            let step = Python::with_gil(|py| -> PyResult<bool> {
                py.check_signals()?;
                if let Some(callback) = &progress {
                    reported = Some(summary.solved());
                    let answer = callback.call1(py, (summary.solved(), summary.planned()))?;
                    return Ok(answer.bind(py).is(PyBool::new(py, false)));
                }
                Ok(false)
            });
            match step {
                Ok(false) => ControlFlow::Continue(()),
                Ok(true) => ControlFlow::Break(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let summary = result.map_err(|e| raise(py)(e.into()))?;
    if let Some(callback) = &progress {
        if reported != Some(summary.solved()) {
            callback.call1(py, (summary.solved(), summary.planned()))?;
        }
    }
    let kept = if keep {
        let indices = PyArray1::from_vec(py, kept.0).into_any().unbind();
        let tables = tables_array(py, &kept.1, false)?.unbind();
        let deals = kept.2.into_pyobject(py)?.into_any().unbind();
        Some((indices, tables, deals))
    } else {
        None
    };
    Ok(LayoutSummary::from_dds(&summary, kept))
}

/// Deals as an (n, 4, 4) uint32 array of DDS's bit layout (seats N, E, S,
/// W by suits S, H, D, C, the rank of value r at bit r).
///
/// >>> bits = deals_to_array(["N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"])
/// >>> bits.shape, bits.dtype.name, bin(int(bits[0, 0, 0]))  # North's spades: Q J 6
/// ((1, 4, 4), 'uint32', '0b1100001000000')
#[pyfunction]
fn deals_to_array<'py>(py: Python<'py>, deals: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let split = Split::new(py, convert::deals(deals, Need::Remaining)?, ErrorMode::Raise, "deal")?;
    let mut flat: Vec<u32> = Vec::with_capacity(split.good.len() * 16);
    for deal in &split.good {
        flat.extend(deal.to_dds_bits().iter().flatten());
    }
    Ok(PyArray1::from_vec(py, flat).reshape([split.good.len(), 4, 4])?.into_any())
}

/// Deals from an (n, 4, 4) array of DDS's bit layout (or any sequence of
/// deals) as PBN text, North first.
///
/// >>> deals_to_pbn(["E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"])
/// ['N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3']
#[pyfunction]
fn deals_to_pbn(py: Python<'_>, deals: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    let split = Split::new(py, convert::deals(deals, Need::Remaining)?, ErrorMode::Raise, "deal")?;
    Ok(split.good.iter().map(|d| d.to_string()).collect())
}

/// Sets how long a chunk of a batch should take, in seconds (0.3 by
/// default: about the longest wait for Ctrl-C); returns the previous
/// value. For tests and measurements.
#[pyfunction]
fn _set_chunk_seconds(seconds: f64) -> PyResult<f64> {
    if !(seconds.is_finite() && seconds > 0.0) {
        return Err(PyValueError::new_err("seconds must be a positive number"));
    }
    Ok(batch::set_chunk_seconds(seconds))
}

/// The module.
#[pymodule]
fn _ddsrs(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("MISSING", MISSING)?;
    m.add("PAR_DTYPE", par_dtype(py)?)?;
    m.add("InputError", py.get_type::<errors::InputError>())?;
    m.add("DealError", py.get_type::<errors::DealError>())?;
    m.add("BoardError", py.get_type::<errors::BoardError>())?;
    m.add("PlayError", py.get_type::<errors::PlayError>())?;
    m.add_class::<types::ScoredCard>()?;
    m.add_class::<Solution>()?;
    m.add_class::<PlayAnalysis>()?;
    m.add_class::<types::LineCard>()?;
    m.add_class::<BestLine>()?;
    m.add_class::<types::ParContract>()?;
    m.add_class::<Par>()?;
    m.add_class::<SidesPar>()?;
    m.add_class::<ContractResult>()?;
    m.add_class::<Board>()?;
    m.add_class::<LayoutSummary>()?;
    m.add_function(wrap_pyfunction!(dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(solve_boards, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_play, m)?)?;
    m.add_function(wrap_pyfunction!(analyse_plays, m)?)?;
    m.add_function(wrap_pyfunction!(best_line, m)?)?;
    m.add_function(wrap_pyfunction!(par, m)?)?;
    m.add_function(wrap_pyfunction!(dealer_par, m)?)?;
    m.add_function(wrap_pyfunction!(contract_result, m)?)?;
    m.add_function(wrap_pyfunction!(solve_layouts, m)?)?;
    m.add_function(wrap_pyfunction!(deals_to_array, m)?)?;
    m.add_function(wrap_pyfunction!(deals_to_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(_set_chunk_seconds, m)?)?;
    Ok(())
}
