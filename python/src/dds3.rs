//! The native half of `ddsrs.dds3`, the module that answers as DDS 3's
//! Python interface (the pybind11 module `dds3`, which BEN calls): DDS's
//! structures in and out (hands as PBN text or DDS's bit masks, the
//! current trick as `currentTrickSuit/Rank`, futureTricks as a dict of
//! `nodes`, `cards`, `suit`, `rank`, `equals`, `score`), DDS's checks in
//! DDS's order with DDS's status codes, and DDS 3's exceptions
//! (`ValueError` or `RuntimeError`, "DDS error -14: ...").
//!
//! It holds `SolverContext` (a solver of its own, its table kept warm
//! between calls, as DDS 3's context), the one-position solve with the GIL
//! released, the parallel batches, and DDS 3's exceptions. The argument
//! conversions of DDS 3's bindings (which types, which ranges, which
//! messages, the 79-byte PBN text), `solve_boards_pbn`'s included, are
//! the Python half's alone (`python/ddsrs/_dds3_args.py`); DDS's checks,
//! status codes and reading of PBN text are the facade's (`dds::compat`),
//! as is every rule of the game.

use std::sync::Mutex;

use dds::compat::{
    card, code_of, message, read_play_pbn, FutureTricks, RawDeal, SolveRequest, RETURN_FIRST_WRONG,
    RETURN_MODE_WRONG_HI, RETURN_MODE_WRONG_LO, RETURN_NO_SUIT, RETURN_PBN_FAULT, RETURN_PLAY_FAULT,
    RETURN_SOLNS_WRONG_HI, RETURN_SOLNS_WRONG_LO, RETURN_TARGET_WRONG_HI, RETURN_TARGET_WRONG_LO, RETURN_THREAD_INDEX,
    RETURN_TOO_MANY_TABLES, RETURN_TRUMP_WRONG,
};
use dds::{Board, Parallel, Solution, Solver};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::batch::{solve_split, Split};
use crate::convert::{self, ErrorMode};
use crate::dds29::{masks, raw, settings, thread_index_ok};
use crate::with_solver;

/// DDS 3's exception of a status code: `ValueError` for the codes its
/// bindings count as bad arguments, `RuntimeError` for the others (the
/// position's cards), with its message `"DDS error -14: ..."`; a batch
/// adds the board's ordinal and index (`(board 2, index 1)`).
pub(crate) fn dds_error(code: i32, board: Option<usize>) -> PyErr {
    let mut text = format!("DDS error {code}: {}", message(code));
    if let Some(i) = board {
        text.push_str(&format!(" (board {}, index {i})", i + 1));
    }
    match code {
        RETURN_TRUMP_WRONG
        | RETURN_FIRST_WRONG
        | RETURN_PBN_FAULT
        | RETURN_TARGET_WRONG_LO
        | RETURN_TARGET_WRONG_HI
        | RETURN_SOLNS_WRONG_LO
        | RETURN_SOLNS_WRONG_HI
        | RETURN_THREAD_INDEX
        | RETURN_MODE_WRONG_LO
        | RETURN_MODE_WRONG_HI
        | RETURN_NO_SUIT
        | RETURN_TOO_MANY_TABLES => PyValueError::new_err(text),
        _ => PyRuntimeError::new_err(text),
    }
}

/// DDS 3's exception of a status code, for the Python half (the checks it
/// makes itself raise with it).
#[pyfunction]
pub(crate) fn _dds3_error(py: Python<'_>, code: i32) -> PyObject {
    dds_error(code, None).into_value(py).into_any()
}

/// DDS's reading of PBN text (`ConvertFromPBN`) as DDS 3 passes it on:
/// the text ends after 80 bytes (DDS's buffer) or at a NUL.
fn read_pbn(text: &[u8]) -> Result<[[u32; 4]; 4], i32> {
    dds::compat::read_pbn(&text[..text.len().min(80)])
}

/// One position as DDS's `deal` with SolveBoard's arguments.
#[derive(Copy, Clone, Debug)]
struct Spec {
    deal: RawDeal,
    target: i32,
    solutions: i32,
    mode: i32,
}

impl Spec {
    /// The position checked as DDS's SolveBoard checks it, or the status
    /// code DDS gives it.
    fn request(&self) -> Result<SolveRequest, i32> {
        self.deal.request(self.target, self.solutions, self.mode)
    }
}

/// DDS's futureTricks as DDS 3's dict: `nodes` and `cards` (ints), then
/// `suit`, `rank`, `equals` and `score` (tuples of 13 ints, 0 beyond
/// `cards`): suits 0-3 (S, H, D, C), ranks 2-14, equals the lower cards
/// equivalent to the card as a rank mask (rank r at bit r), score the
/// tricks of the side to play (-2: a forced card not searched, mode 0).
/// With no card reaching the target, `cards` is 0 and `score[0]` -1 (0
/// for a target of 0 or 1).
fn future_tricks<'py>(py: Python<'py>, solution: &Solution, request: &SolveRequest) -> PyResult<Bound<'py, PyDict>> {
    let fut = FutureTricks::new(solution, request.target);
    let out = PyDict::new(py);
    out.set_item("nodes", fut.nodes)?;
    out.set_item("cards", fut.cards)?;
    out.set_item("suit", PyTuple::new(py, fut.suit)?)?;
    out.set_item("rank", PyTuple::new(py, fut.rank)?)?;
    out.set_item("equals", PyTuple::new(py, fut.equals)?)?;
    out.set_item("score", PyTuple::new(py, fut.score)?)?;
    Ok(out)
}

/// DDS 3's `SolverContext`: a solver of its own, whose transposition
/// table is kept between the calls given it (`context=`), as DDS keeps a
/// thread's memory. One call at a time uses it (another thread's call
/// waits, with the GIL released); make one per thread. Its table (up to
/// 64 MiB) is allocated as the searches need it.
///
/// >>> ctx = SolverContext()
/// >>> ctx
/// SolverContext()
#[pyclass(module = "ddsrs", frozen)]
pub(crate) struct SolverContext {
    solver: Mutex<Option<Solver>>,
}

#[pymethods]
impl SolverContext {
    #[new]
    fn new() -> SolverContext {
        SolverContext { solver: Mutex::new(None) }
    }

    fn __repr__(&self) -> &'static str {
        "SolverContext()"
    }
}

impl SolverContext {
    /// Runs `f` with the context's solver (made on first use).
    fn with<T>(&self, f: impl FnOnce(&mut Solver) -> T) -> T {
        // A panic in a search cannot leave the solver unusable: every
        // search starts by preparing its table.
        let mut slot = self.solver.lock().unwrap_or_else(|e| e.into_inner());
        f(slot.get_or_insert_with(Solver::new))
    }
}

/// The cards of a position argument: PBN text (read as DDS reads it) or
/// DDS's 4 x 4 masks.
fn cards_arg(obj: &Bound<'_, PyAny>) -> PyResult<[[u32; 4]; 4]> {
    if let Ok(text) = obj.downcast::<PyString>() {
        return read_pbn(text.to_cow()?.as_bytes()).map_err(|code| dds_error(code, None));
    }
    // Out of range (the Python half refuses these): a mask DDS would
    // refuse as bad trick data.
    Ok(masks(obj.extract()?))
}

/// DDS's SolveBoard (SolveBoardPBN for text), as DDS 3's `solve_board` and
/// `solve_board_pbn` call it: the arguments as DDS 3's converters pass
/// them on (the Python half checks their types and ranges). Without a
/// context, `thread_index` is checked as DDS checks it and the calling
/// thread's own solver solves; with one, the context's. The GIL is
/// released during the search.
#[pyfunction]
#[pyo3(signature = (cards, trump, first, trick_suit, trick_rank, target, solutions, mode, thread_index, context))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _dds3_solve<'py>(
    py: Python<'py>,
    cards: &Bound<'py, PyAny>,
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    target: i32,
    solutions: i32,
    mode: i32,
    thread_index: i32,
    context: Option<&Bound<'py, SolverContext>>,
) -> PyResult<Bound<'py, PyDict>> {
    let binary = !cards.is_instance_of::<PyString>();
    // SolveBoard checks the thread index first; SolveBoardPBN reads the
    // text first.
    if binary && context.is_none() && !thread_index_ok(thread_index) {
        return Err(dds_error(RETURN_THREAD_INDEX, None));
    }
    let cards = cards_arg(cards)?;
    if !binary && context.is_none() && !thread_index_ok(thread_index) {
        return Err(dds_error(RETURN_THREAD_INDEX, None));
    }
    let spec = Spec { deal: raw(cards, trump, first, trick_suit, trick_rank), target, solutions, mode };
    let request = spec.request().map_err(|code| dds_error(code, None))?;
    let answer = match context {
        Some(ctx) => {
            let ctx = ctx.get();
            py.allow_threads(|| ctx.with(|solver| request.solve(solver)))
        }
        None => py.allow_threads(|| with_solver(|solver| request.solve(solver))),
    };
    let solution = answer.map_err(|e| dds_error(code_of(&e), None))?;
    future_tricks(py, &solution, &request)
}

/// DDS's reading of PBN text (`ConvertFromPBN`): the 4 x 4 masks
/// (`remainCards[hand][suit]`, rank r at bit r), or DDS 3's ValueError for
/// `RETURN_PBN_FAULT`.
#[pyfunction]
pub(crate) fn _dds3_read_pbn(text: &str) -> PyResult<[[u32; 4]; 4]> {
    read_pbn(text.as_bytes()).map_err(|code| dds_error(code, None))
}

/// DDS's reading of a play as text (`ConvertPlayFromPBN`, the facade's
/// `read_play_pbn`): the cards, two characters each (suit then rank,
/// either case), as `"SA"`; DDS 3's exception for `RETURN_PLAY_FAULT`
/// when one is not a card. The text's length (even, at most 105 bytes)
/// is the Python half's check.
#[pyfunction]
pub(crate) fn _dds3_read_play(play: &str) -> PyResult<Vec<String>> {
    let bytes = play.as_bytes();
    let number = i32::try_from(bytes.len() / 2).unwrap_or(i32::MAX);
    let raw = read_play_pbn(number, bytes).map_err(|code| dds_error(code, None))?;
    let cards = (0..raw.number as usize).map(|i| card(raw.suit[i], raw.rank[i]).map(|c| c.to_string()));
    cards.collect::<Option<Vec<String>>>().ok_or_else(|| dds_error(RETURN_PLAY_FAULT, None))
}

/// Checks every position of a batch as DDS does (the first failure, by
/// index, raises before anything is solved), solves them on `settings`'
/// threads in chunks with the GIL released (Ctrl-C checked between
/// chunks), and returns DDS 3's dicts in input order. Positions that
/// share one target and `solutions` and search forced cards go to the
/// facade's batch (`dds::solve_boards`); others run one by one on the
/// pool's threads, each on its thread's solver.
fn solve_specs<'py>(py: Python<'py>, specs: &[Spec], settings: &Parallel) -> PyResult<Bound<'py, PyList>> {
    let mut jobs = Vec::with_capacity(specs.len());
    for (i, spec) in specs.iter().enumerate() {
        jobs.push(spec.request().map_err(|code| dds_error(code, Some(i)))?);
    }
    let uniform = jobs
        .first()
        .copied()
        .filter(|one| jobs.iter().all(|j| !j.skip_forced && j.target == one.target && j.solutions == one.solutions));
    let split = Split::new(py, jobs.into_iter().map(Ok).collect(), ErrorMode::Raise, "board")?;
    let first = 2 * convert::thread_count(settings);
    let answers = solve_split(py, &split, first, None, |part: &[SolveRequest]| match uniform {
        Some(shared) => {
            let boards: Vec<Board> = part.iter().map(|j| j.board).collect();
            dds::solve_boards(&boards, shared.target, shared.solutions, settings)
        }
        None => settings.map(part.len(), |k| with_solver(|solver| part[k].solve(solver))),
    })?;
    let out = PyList::empty(py);
    for (i, (answer, job)) in answers.iter().zip(&split.good).enumerate() {
        let solution = answer.as_ref().map_err(|e| dds_error(code_of(e), Some(i)))?;
        out.append(future_tricks(py, solution, job)?)?;
    }
    Ok(out)
}

/// One board of `_dds3_solve_all`: cards (PBN text or masks), trump,
/// first, the trick's suits and ranks, target, solutions, mode.
type Item<'py> = (Bound<'py, PyAny>, i32, i32, [i32; 3], [i32; 3], i32, i32, i32);

/// DDS's SolveAllBoards as DDS 3's `solve_all_boards_pbn` and
/// `solve_all_boards_bin` call it: each item a tuple `(cards, trump,
/// first, trick_suit, trick_rank, target, solutions, mode)` as the Python
/// half read it from the board's dict; `threads` 0 for every core.
#[pyfunction]
pub(crate) fn _dds3_solve_all<'py>(
    py: Python<'py>,
    items: &Bound<'py, PyList>,
    threads: i64,
) -> PyResult<Bound<'py, PyList>> {
    let mut specs = Vec::with_capacity(items.len());
    for item in items.iter() {
        let (cards, trump, first, trick_suit, trick_rank, target, solutions, mode): Item<'py> = item.extract()?;
        let cards = cards_arg(&cards)?;
        specs.push(Spec { deal: raw(cards, trump, first, trick_suit, trick_rank), target, solutions, mode });
    }
    solve_specs(py, &specs, &settings(Some(threads)))
}

/// `solve_boards_pbn`'s solving half (the checks of its arguments, as DDS
/// 3's converters make them, are the Python half's): the PBN texts, each
/// read as DDS reads it (a bad one raises DDS 3's exception naming its
/// board), solved as one position each with the shared `trump`, `first`,
/// current trick, `target`, `solutions` and `mode`, on `threads` (None or
/// 0 for every core); DDS 3's dicts in input order.
#[pyfunction]
#[pyo3(signature = (pbns, trump, first, trick_suit, trick_rank, target, solutions, mode, threads))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _dds3_solve_pbns<'py>(
    py: Python<'py>,
    pbns: Vec<String>,
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    target: i32,
    solutions: i32,
    mode: i32,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let settings = convert::parallel(threads)?;
    let mut specs = Vec::with_capacity(pbns.len());
    for (i, text) in pbns.iter().enumerate() {
        let cards = read_pbn(text.as_bytes()).map_err(|code| dds_error(code, Some(i)))?;
        specs.push(Spec { deal: raw(cards, trump, first, trick_suit, trick_rank), target, solutions, mode });
    }
    solve_specs(py, &specs, &settings)
}
