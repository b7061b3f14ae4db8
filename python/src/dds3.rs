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
//! released, the parallel batches, and DDS's reading of PBN text. The
//! argument conversions of DDS 3's bindings (which types, which ranges,
//! which messages) are the Python half's (`python/ddsrs/dds3.py`); every
//! rule of the game is the facade's.

use std::sync::Mutex;

use dds::model::{Card, Deal, Rank, Seat, Suit};
use dds::{Board, Error, Parallel, PositionError, Solution, Solutions, Solver, Strain, Target, MAX_THREADS};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::batch::{solve_split, Split};
use crate::convert::{self, ErrorMode};
use crate::types;
use crate::with_solver;

// DDS's status codes (dll.h).
const RETURN_UNKNOWN_FAULT: i32 = -1;
const RETURN_ZERO_CARDS: i32 = -2;
const RETURN_TARGET_TOO_HIGH: i32 = -3;
const RETURN_DUPLICATE_CARDS: i32 = -4;
const RETURN_TARGET_WRONG_LO: i32 = -5;
const RETURN_TARGET_WRONG_HI: i32 = -7;
const RETURN_SOLNS_WRONG_LO: i32 = -8;
const RETURN_SOLNS_WRONG_HI: i32 = -9;
const RETURN_TOO_MANY_CARDS: i32 = -10;
const RETURN_SUIT_OR_RANK: i32 = -12;
const RETURN_PLAYED_CARD: i32 = -13;
const RETURN_CARD_COUNT: i32 = -14;
const RETURN_THREAD_INDEX: i32 = -15;
const RETURN_MODE_WRONG_LO: i32 = -16;
const RETURN_MODE_WRONG_HI: i32 = -17;
const RETURN_TRUMP_WRONG: i32 = -18;
const RETURN_FIRST_WRONG: i32 = -19;
const RETURN_PLAY_FAULT: i32 = -98;
const RETURN_PBN_FAULT: i32 = -99;
const RETURN_NO_SUIT: i32 = -201;
const RETURN_TOO_MANY_TABLES: i32 = -202;

/// DDS's text of a status code (`ErrorMessage`).
fn message(code: i32) -> &'static str {
    match code {
        RETURN_UNKNOWN_FAULT => "General error",
        RETURN_ZERO_CARDS => "Zero cards",
        RETURN_TARGET_TOO_HIGH => "Target exceeds number of tricks",
        RETURN_DUPLICATE_CARDS => "Cards duplicated",
        RETURN_TARGET_WRONG_LO => "Target is less than -1",
        RETURN_TARGET_WRONG_HI => "Target is higher than 13",
        RETURN_SOLNS_WRONG_LO => "Solutions parameter is less than 1",
        RETURN_SOLNS_WRONG_HI => "Solutions parameter is higher than 3",
        RETURN_TOO_MANY_CARDS => "Too many cards",
        RETURN_SUIT_OR_RANK => "currentTrickSuit or currentTrickRank has wrong data",
        RETURN_PLAYED_CARD => "Played card also remains in a hand",
        RETURN_CARD_COUNT => "Wrong number of remaining cards in a hand",
        RETURN_THREAD_INDEX => "Thread index is not 0 .. maximum",
        RETURN_MODE_WRONG_LO => "Mode parameter is less than 0",
        RETURN_MODE_WRONG_HI => "Mode parameter is higher than 2",
        RETURN_TRUMP_WRONG => "Trump is not in 0 .. 4",
        RETURN_FIRST_WRONG => "First is not in 0 .. 2",
        RETURN_PLAY_FAULT => "AnalysePlay input error",
        RETURN_PBN_FAULT => "PBN string error",
        RETURN_NO_SUIT => "Denomination filter vector has no entries",
        RETURN_TOO_MANY_TABLES => "Too many DD tables requested",
        _ => "Not a DDS error code",
    }
}

/// DDS 3's exception of a status code: `ValueError` for the codes its
/// bindings count as bad arguments, `RuntimeError` for the others (the
/// position's cards), with its message `"DDS error -14: ..."`; a batch
/// adds the index of the board.
pub(crate) fn dds_error(code: i32, board: Option<usize>) -> PyErr {
    let mut text = format!("DDS error {code}: {}", message(code));
    if let Some(i) = board {
        text.push_str(&format!(" (board {i})"));
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

/// The status code of a solver error that DDS's own checks let through (a
/// revoke in the current trick, which DDS solves as given, is refused as
/// bad trick data).
fn code_of(error: &Error) -> i32 {
    match error {
        Error::Position(e) => match e {
            PositionError::DuplicateCard(_) => RETURN_DUPLICATE_CARDS,
            PositionError::PlayedCardHeld { .. } => RETURN_PLAYED_CARD,
            PositionError::TooManyCards(_) => RETURN_TOO_MANY_CARDS,
            PositionError::WrongCardCount => RETURN_CARD_COUNT,
            PositionError::NoCards => RETURN_ZERO_CARDS,
            _ => RETURN_SUIT_OR_RANK,
        },
        Error::TargetTooHigh { .. } => RETURN_TARGET_TOO_HIGH,
        Error::IllegalPlay { .. } => RETURN_PLAY_FAULT,
        Error::NotFullDeal => RETURN_CARD_COUNT,
        _ => RETURN_UNKNOWN_FAULT,
    }
}

/// DDS's reading of a PBN deal (`ConvertFromPBN`): the first seat is one
/// of the first three characters (`N`, `E`, `S`, `W`, either case), the
/// character after it is skipped, then rank characters (`2`-`9`, `T`,
/// `J`, `Q`, `K`, `A`, either case) go to the current suit, `.` starts the
/// next suit and a space the next hand; anything else is read past. The
/// text ends at a NUL or after 80 bytes. No first seat, or a card after a
/// fourth hand or suit, is `RETURN_PBN_FAULT`.
fn read_pbn(text: &[u8]) -> Result<[[u32; 4]; 4], i32> {
    let bytes: Vec<u8> = text.iter().copied().take(80).take_while(|&b| b != 0).collect();
    let seat_at = bytes.iter().take(3).position(|b| b"NESWnesw".contains(b)).ok_or(RETURN_PBN_FAULT)?;
    let first = match bytes[seat_at].to_ascii_uppercase() {
        b'N' => 0,
        b'E' => 1,
        b'S' => 2,
        _ => 3,
    };
    let mut cards = [[0u32; 4]; 4];
    let (mut hand, mut suit) = (0usize, 0usize);
    for &b in bytes.iter().skip(seat_at + 2) {
        match b {
            b'.' => suit += 1,
            b' ' => {
                hand += 1;
                suit = 0;
            }
            _ => {
                let Some(rank) = Rank::from_char(b as char) else { continue };
                if hand >= 4 || suit >= 4 {
                    return Err(RETURN_PBN_FAULT);
                }
                cards[(first + hand) % 4][suit] |= 1 << rank.value();
            }
        }
    }
    Ok(cards)
}

/// One position as DDS's `deal` with SolveBoard's arguments.
#[derive(Copy, Clone, Debug)]
struct Spec {
    /// `remainCards[hand][suit]`, DDS's bit masks.
    cards: [[u32; 4]; 4],
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    target: i32,
    solutions: i32,
    mode: i32,
}

/// A card from DDS's suit (0 spades .. 3 clubs) and rank (2 .. 14).
fn card(suit: i32, rank: i32) -> Option<Card> {
    let suit = usize::try_from(suit).ok().and_then(Suit::try_new)?;
    let rank = u8::try_from(rank).ok().and_then(Rank::try_new)?;
    Some(Card::new(suit, rank))
}

/// DDS's mask of one rank (rank `r` at bit `r - 2`).
fn rank_bit(rank: i32) -> u32 {
    if (2..=14).contains(&rank) {
        1 << (rank - 2)
    } else {
        0
    }
}

/// DDS's checks of SolveBoard's arguments (`BoardRangeChecks`), in DDS's
/// order.
fn range_checks(spec: &Spec) -> Result<(), i32> {
    let checks = [
        (spec.target < -1, RETURN_TARGET_WRONG_LO),
        (spec.target > 13, RETURN_TARGET_WRONG_HI),
        (spec.solutions < 1, RETURN_SOLNS_WRONG_LO),
        (spec.solutions > 3, RETURN_SOLNS_WRONG_HI),
        (spec.mode < 0, RETURN_MODE_WRONG_LO),
        (spec.mode > 2, RETURN_MODE_WRONG_HI),
        (!(0..=4).contains(&spec.trump), RETURN_TRUMP_WRONG),
        (!(0..=3).contains(&spec.first), RETURN_FIRST_WRONG),
    ];
    if let Some(&(_, code)) = checks.iter().find(|(fails, _)| *fails) {
        return Err(code);
    }
    let mut seen = [false; 3];
    for ((seen, &suit), &rank) in seen.iter_mut().zip(&spec.trick_suit).zip(&spec.trick_rank) {
        if rank == 0 {
            continue;
        }
        *seen = true;
        if !(2..=14).contains(&rank) || !(0..=3).contains(&suit) {
            return Err(RETURN_SUIT_OR_RANK);
        }
    }
    // A card given after a missing one.
    if (seen[2] && !seen[1]) || (seen[1] && !seen[0]) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    if spec.cards.iter().flatten().any(|&c| c != 0 && !(0x0004..0x8000).contains(&c)) {
        return Err(RETURN_SUIT_OR_RANK);
    }
    Ok(())
}

/// DDS's checks of the cards (`BoardValueChecks`), in DDS's order, then
/// the position.
fn value_checks(spec: &Spec) -> Result<Board, i32> {
    // DDS ignores bits 0 and 1 of a mask.
    let cards = spec.cards.map(|hand| hand.map(|c| c & 0x7ffc));
    let count: i32 = cards.iter().flatten().map(|c| c.count_ones() as i32).sum();
    if count <= 0 {
        return Err(RETURN_ZERO_CARDS);
    }
    if count > 52 {
        return Err(RETURN_TOO_MANY_CARDS);
    }
    // DDS's count of the tricks left, the current trick included.
    let total_tricks = if count % 4 != 0 { ((count - 4) >> 2) + 2 } else { ((count - 4) >> 2) + 1 };
    if total_tricks < spec.target {
        return Err(RETURN_TARGET_TOO_HIGH);
    }
    // The cards played to the current trick, as the count of cards tells.
    let played = ((52 - count) % 4) as usize;
    let mut per_hand = [0i32; 4];
    for k in 0..played {
        per_hand[(spec.first as usize + k) % 4] = 1;
    }
    for (h, hand) in cards.iter().enumerate() {
        per_hand[h] += hand.iter().map(|c| c.count_ones() as i32).sum::<i32>();
    }
    if per_hand.iter().any(|&n| n != per_hand[0]) {
        return Err(RETURN_CARD_COUNT);
    }
    for k in 0..played {
        let Ok(suit) = usize::try_from(spec.trick_suit[k]) else { continue };
        let all = cards.iter().map(|hand| hand.get(suit).copied().unwrap_or(0)).fold(0, |a, b| a | b);
        if (all >> 2) & rank_bit(spec.trick_rank[k]) != 0 {
            return Err(RETURN_PLAYED_CARD);
        }
    }
    for suit in 0..4 {
        let mut seen = 0u32;
        for hand in &cards {
            if seen & hand[suit] != 0 {
                return Err(RETURN_DUPLICATE_CARDS);
            }
            seen |= hand[suit];
        }
    }
    let remaining = Deal::from_dds_bits(&cards).ok_or(RETURN_SUIT_OR_RANK)?;
    let trick: Option<Vec<Card>> = (0..played).map(|k| card(spec.trick_suit[k], spec.trick_rank[k])).collect();
    let trick = trick.ok_or(RETURN_SUIT_OR_RANK)?;
    let strain = usize::try_from(spec.trump).ok().and_then(Strain::try_new).ok_or(RETURN_TRUMP_WRONG)?;
    let leader = usize::try_from(spec.first).ok().and_then(Seat::try_new).ok_or(RETURN_FIRST_WRONG)?;
    Board::new(&remaining, strain, leader, &trick).map_err(|e| code_of(&e))
}

/// A position checked as DDS's SolveBoard checks it, ready to solve.
#[derive(Copy, Clone, Debug)]
struct Job {
    board: Board,
    target: Target,
    solutions: Solutions,
    /// DDS's mode 0: a forced card is not searched (its score is -2).
    skip_forced: bool,
    /// DDS's target, for the score of an empty answer.
    dds_target: i32,
}

impl Spec {
    /// The position, or the status code DDS gives it.
    fn job(&self) -> Result<Job, i32> {
        range_checks(self)?;
        let board = value_checks(self)?;
        // In range: `range_checks` has refused any other number.
        let target = Target::from_dds(i64::from(self.target)).ok_or(RETURN_TARGET_WRONG_HI)?;
        let solutions = Solutions::from_dds(i64::from(self.solutions)).ok_or(RETURN_SOLNS_WRONG_HI)?;
        Ok(Job { board, target, solutions, skip_forced: self.mode == 0, dds_target: self.target })
    }
}

impl Job {
    /// Solves the position on `solver`, as DDS's mode asks.
    fn solve(&self, solver: &mut Solver) -> Result<Solution, Error> {
        solver.set_skip_forced(self.skip_forced);
        let answer = solver.solve_board(&self.board, self.target, self.solutions);
        solver.set_skip_forced(false);
        answer
    }
}

/// DDS's futureTricks as DDS 3's dict: `nodes` and `cards` (ints), then
/// `suit`, `rank`, `equals` and `score` (tuples of 13 ints, 0 beyond
/// `cards`): suits 0-3 (S, H, D, C), ranks 2-14, equals the lower cards
/// equivalent to the card as a rank mask (rank r at bit r), score the
/// tricks of the side to play (-2: a forced card not searched, mode 0).
/// With no card reaching the target, `cards` is 0 and `score[0]` -1 (0
/// for a target of 0 or 1).
fn future_tricks<'py>(py: Python<'py>, solution: &Solution, target: i32) -> PyResult<Bound<'py, PyDict>> {
    let (mut suit, mut rank, mut equals, mut score) = ([0i32; 13], [0i32; 13], [0i32; 13], [0i32; 13]);
    let cards = solution.cards.len().min(13);
    for (i, c) in solution.cards.iter().take(13).enumerate() {
        let s = c.card.suit();
        suit[i] = s.index() as i32;
        rank[i] = i32::from(c.card.rank().value());
        equals[i] = c.equals.holding(s).to_dds_bits() as i32;
        score[i] = c.tricks.map_or(-2, i32::from);
    }
    if solution.cards.is_empty() {
        score[0] = if target > 1 { -1 } else { 0 };
    }
    let out = PyDict::new(py);
    out.set_item("nodes", i32::try_from(solution.nodes).unwrap_or(i32::MAX))?;
    out.set_item("cards", cards as i32)?;
    out.set_item("suit", PyTuple::new(py, suit)?)?;
    out.set_item("rank", PyTuple::new(py, rank)?)?;
    out.set_item("equals", PyTuple::new(py, equals)?)?;
    out.set_item("score", PyTuple::new(py, score)?)?;
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
    let rows: [[i64; 4]; 4] = obj.extract()?;
    // Out of range (the Python half refuses these): a mask DDS would
    // refuse as bad trick data.
    Ok(rows.map(|row| row.map(|c| u32::try_from(c).unwrap_or(u32::MAX))))
}

/// Whether DDS would accept `thread_index` (0 to the thread count less
/// one: the cores, found once; asking the system reads cgroup files, too
/// slow for every call).
fn thread_index_ok(index: i32) -> bool {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
    usize::try_from(index).is_ok_and(|i| i < cores)
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
    let spec = Spec { cards, trump, first, trick_suit, trick_rank, target, solutions, mode };
    let job = spec.job().map_err(|code| dds_error(code, None))?;
    let answer = match context {
        Some(ctx) => {
            let ctx = ctx.get();
            py.allow_threads(|| ctx.with(|solver| job.solve(solver)))
        }
        None => py.allow_threads(|| with_solver(|solver| job.solve(solver))),
    };
    let solution = answer.map_err(|e| dds_error(code_of(&e), None))?;
    future_tricks(py, &solution, target)
}

/// DDS's reading of PBN text (`ConvertFromPBN`): the 4 x 4 masks
/// (`remainCards[hand][suit]`, rank r at bit r), or DDS 3's ValueError for
/// `RETURN_PBN_FAULT`.
#[pyfunction]
pub(crate) fn _dds3_read_pbn(text: &str) -> PyResult<[[u32; 4]; 4]> {
    read_pbn(text.as_bytes()).map_err(|code| dds_error(code, None))
}

/// A position checked as DDS's SolveBoard checks it (DDS 3's exception
/// otherwise), as a `Board`: for the Python half's play analysis and
/// tables, which check their deals as DDS does before solving. With a
/// `thread_index`, it is checked first, as DDS's AnalysePlay does.
#[pyfunction]
#[pyo3(signature = (cards, trump, first, trick_suit, trick_rank, target = -1, solutions = 1, mode = 1, thread_index = None))]
#[pyo3(
    text_signature = "(cards, trump, first, trick_suit, trick_rank, target=-1, solutions=1, mode=1, thread_index=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _dds3_board(
    cards: [[i64; 4]; 4],
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    target: i32,
    solutions: i32,
    mode: i32,
    thread_index: Option<i32>,
) -> PyResult<types::Board> {
    if thread_index.is_some_and(|i| !thread_index_ok(i)) {
        return Err(dds_error(RETURN_THREAD_INDEX, None));
    }
    let cards = cards.map(|row| row.map(|c| u32::try_from(c).unwrap_or(u32::MAX)));
    let spec = Spec { cards, trump, first, trick_suit, trick_rank, target, solutions, mode };
    let job = spec.job().map_err(|code| dds_error(code, None))?;
    Ok(types::Board { inner: job.board })
}

/// The `threads` of a batch: 0 or less (or None) for every core, else
/// that many threads (at most `dds::MAX_THREADS`).
fn settings(threads: Option<i64>) -> Parallel {
    match threads {
        Some(n) if n > 0 => Parallel::with_threads(usize::try_from(n).unwrap_or(MAX_THREADS).min(MAX_THREADS)),
        _ => Parallel::default(),
    }
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
        jobs.push(spec.job().map_err(|code| dds_error(code, Some(i)))?);
    }
    let uniform = jobs
        .first()
        .copied()
        .filter(|one| jobs.iter().all(|j| !j.skip_forced && j.target == one.target && j.solutions == one.solutions));
    let split = Split::new(py, jobs.into_iter().map(Ok).collect(), ErrorMode::Raise, "board")?;
    let first = 2 * convert::thread_count(settings);
    let answers = solve_split(py, &split, first, None, |part: &[Job]| match uniform {
        Some(shared) => {
            let boards: Vec<Board> = part.iter().map(|j| j.board).collect();
            dds::solve_boards(&boards, shared.target, shared.solutions, settings)
        }
        None => settings.map(part.len(), |k| with_solver(|solver| part[k].solve(solver))),
    })?;
    let out = PyList::empty(py);
    for (i, (answer, job)) in answers.iter().zip(&split.good).enumerate() {
        let solution = answer.as_ref().map_err(|e| dds_error(code_of(e), Some(i)))?;
        out.append(future_tricks(py, solution, job.dds_target)?)?;
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
        specs.push(Spec { cards, trump, first, trick_suit, trick_rank, target, solutions, mode });
    }
    solve_specs(py, &specs, &settings(Some(threads)))
}

/// DDS 3's check of a value of its converters: `name has invalid value v
/// (expected range lo..hi)`.
fn in_range(value: i32, low: i32, high: i32, name: &str) -> PyResult<()> {
    if (low..=high).contains(&value) {
        return Ok(());
    }
    Err(PyValueError::new_err(format!("{name} has invalid value {value} (expected range {low}..{high})")))
}

/// A current-trick argument as DDS 3's converters check it: 3 ints, suits
/// 0 to 3, ranks 0 or 2 to 14.
fn trick_arg(obj: &Bound<'_, PyAny>, name: &str, ranks: bool) -> PyResult<[i32; 3]> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(format!("{name} must be a sequence of 3 ints, not a string")));
    }
    let values: Vec<i32> = obj.extract()?;
    if values.len() != 3 {
        return Err(PyValueError::new_err(format!("{name} must have size 3")));
    }
    for &v in &values {
        in_range(v, 0, if ranks { 14 } else { 3 }, name)?;
    }
    if let Some(v) = values.iter().find(|&&v| ranks && v == 1) {
        return Err(PyValueError::new_err(format!("{name} has invalid value {v} (expected 0 or 2..14)")));
    }
    Ok([values[0], values[1], values[2]])
}

/// Many sampled deals of one position, solved on every core: the batch
/// fast path for engines (BEN's `DDSolver.solve`, a Monte Carlo player's
/// samples). Each deal is PBN text of the cards still held (as
/// `solve_board_pbn`'s `remain_cards`); the strain (`trump`, 0-3 S, H, D,
/// C, 4 NT), the leader of the current trick (`first`, 0-3 N, E, S, W),
/// its cards so far (`current_trick_suit`, `current_trick_rank`), `target`,
/// `solutions` and `mode` are shared, with `solve_board_pbn`'s meanings
/// and defaults. The answer is the list of `solve_board_pbn`'s dicts, one
/// per deal in input order (the same answers, `nodes` aside), got in one
/// call with the GIL released: no Python thread pool, no per-deal Python
/// call. `threads`: None or 0 for every core, else that many.
///
/// A bad argument raises as `solve_board_pbn` does (`ValueError`,
/// `TypeError`); a bad deal raises DDS 3's exception for it, naming its
/// index (`RuntimeError: DDS error -14: ... (board 3)`), before anything
/// is solved. There is no limit on the number of deals.
///
/// >>> deals = ["N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
/// ...          "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"]
/// >>> [(f["cards"], f["score"][0]) for f in solve_boards_pbn(deals, trump=0, first=0, solutions=1, mode=1)]
/// [(1, 5), (1, 5)]
/// >>> after_ct = "N:QJ6.K652.J85.98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> f = solve_boards_pbn([after_ct], trump=0, first=0, current_trick_suit=(3, 0, 0),
/// ...                      current_trick_rank=(10, 0, 0))[0]  # North led the CT: East's CQ, C4
/// >>> f["cards"], f["suit"][:2], f["rank"][:2], f["score"][:2]
/// (2, (3, 3), (12, 4), (8, 8))
#[pyfunction]
#[pyo3(signature = (
    pbns, trump = 4, first = 0, current_trick_suit = None, current_trick_rank = None, target = -1, solutions = 3,
    mode = 0, threads = None
))]
#[pyo3(
    text_signature = "(pbns, trump=4, first=0, current_trick_suit=None, current_trick_rank=None, target=-1, solutions=3, mode=0, threads=None)"
)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_boards_pbn<'py>(
    py: Python<'py>,
    pbns: &Bound<'py, PyAny>,
    trump: i32,
    first: i32,
    current_trick_suit: Option<&Bound<'py, PyAny>>,
    current_trick_rank: Option<&Bound<'py, PyAny>>,
    target: i32,
    solutions: i32,
    mode: i32,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyList>> {
    let settings = convert::parallel(threads)?;
    in_range(trump, 0, 4, "trump")?;
    in_range(first, 0, 3, "first")?;
    let trick_suit = match current_trick_suit.filter(|o| !o.is_none()) {
        Some(obj) => trick_arg(obj, "current_trick_suit", false)?,
        None => [0; 3],
    };
    let trick_rank = match current_trick_rank.filter(|o| !o.is_none()) {
        Some(obj) => trick_arg(obj, "current_trick_rank", true)?,
        None => [0; 3],
    };
    if pbns.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("pbns must be a sequence of PBN texts, not one string"));
    }
    let mut specs = Vec::new();
    for (i, item) in pbns.try_iter()?.enumerate() {
        let item = item?;
        let Ok(text) = item.downcast::<PyString>() else {
            let kind = item.get_type().name()?;
            return Err(PyTypeError::new_err(format!("pbns[{i}] must be PBN text (str), not {kind}")));
        };
        let text = text.to_cow()?;
        if text.len() > 79 {
            return Err(PyValueError::new_err(format!(
                "remain_cards PBN string is too long ({} bytes, maximum 79) (board {i})",
                text.len()
            )));
        }
        let cards = read_pbn(text.as_bytes()).map_err(|code| dds_error(code, Some(i)))?;
        specs.push(Spec { cards, trump, first, trick_suit, trick_rank, target, solutions, mode });
    }
    solve_specs(py, &specs, &settings)
}
