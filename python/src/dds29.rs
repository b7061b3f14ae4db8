//! The native helpers of the DDS 2.9 compatibility modules
//! (`ddsrs.endplay`, which answers as DDS 2.9's C library through
//! endplay's types, and `ddsrs.dds3`): DDS's checks, tables of short
//! deals, play-analysis counting and par in numbers, all the facade's
//! (`dds::compat`),
//! with DDS's status codes returned as they are. Each returns `(code,
//! value)`: `code` 1 (`RETURN_NO_FAULT`) with the value, or DDS's status
//! code and `None`; the Python modules raise their own exceptions for it.

use dds::compat::{self, ContractType, FutureTricks, ParResultsMaster, PlayCount, RawDeal, RETURN_NO_FAULT};
use dds::model::{Deal, Seat, Strain};
use dds::{Parallel, Target, MAX_THREADS};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::types;
use crate::with_solver;

/// `(code, value)`: [`RETURN_NO_FAULT`] with the value, or the code.
type Coded<T> = (i32, Option<T>);

/// The answer of a result with a status code.
fn coded<T>(result: Result<T, i32>) -> Coded<T> {
    match result {
        Ok(value) => (RETURN_NO_FAULT, Some(value)),
        Err(code) => (code, None),
    }
}

/// DDS's masks from Python ints; one out of range becomes a mask DDS
/// refuses as bad card data.
pub(crate) fn masks(cards: [[i64; 4]; 4]) -> [[u32; 4]; 4] {
    cards.map(|row| row.map(|c| u32::try_from(c).unwrap_or(u32::MAX)))
}

/// Whether DDS would accept `thread_index` (0 to the thread count less
/// one: the cores, found once; asking the system reads cgroup files, too
/// slow for every call).
pub(crate) fn thread_index_ok(index: i32) -> bool {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get));
    usize::try_from(index).is_ok_and(|i| i < cores)
}

/// The `threads` of a batch: 0 or less (or None) for every core, else
/// that many threads (at most `dds::MAX_THREADS`).
pub(crate) fn settings(threads: Option<i64>) -> Parallel {
    match threads {
        Some(n) if n > 0 => Parallel::with_threads(usize::try_from(n).unwrap_or(MAX_THREADS).min(MAX_THREADS)),
        _ => Parallel::default(),
    }
}

/// DDS's `deal` from its fields.
pub(crate) fn raw(cards: [[u32; 4]; 4], trump: i32, first: i32, trick_suit: [i32; 3], trick_rank: [i32; 3]) -> RawDeal {
    RawDeal { trump, first, current_trick_suit: trick_suit, current_trick_rank: trick_rank, remain_cards: cards }
}

/// DDS's text of a status code (`ErrorMessage`).
#[pyfunction]
pub(crate) fn _dds29_message(code: i32) -> &'static str {
    compat::message(code)
}

/// DDS's card of a suit (0-3: S, H, D, C) and a rank (2-14), as `"SA"`;
/// `None` for numbers out of range (the facade's `compat::card`).
#[pyfunction]
pub(crate) fn _dds29_card(suit: i32, rank: i32) -> Option<String> {
    compat::card(suit, rank).map(|c| c.to_string())
}

/// One futureTricks of DDS's, its 13-entry arrays as `[i32; 13]`.
type FutureTuple = (i32, i32, [i32; 13], [i32; 13], [i32; 13], [i32; 13]);

/// DDS's futureTricks of a `solve_board` or `solve_boards` answer for DDS's
/// `target` (-1 the most tricks, 0 to 13), the facade's `FutureTricks`:
/// `(nodes, cards, suit, rank, equals, score)`, the last four 13 ints each
/// (0 beyond `cards`). A solution whose cards do not read (one built by
/// hand) raises `ValueError`.
#[pyfunction]
pub(crate) fn _dds29_future_tricks(solution: PyRef<'_, types::Solution>, target: i32) -> PyResult<FutureTuple> {
    let solution = solution.to_dds().ok_or_else(|| PyValueError::new_err("a card of the solution does not read"))?;
    let fut = FutureTricks::new(&solution, Target::from_dds(i64::from(target)).unwrap_or(Target::Max));
    Ok((fut.nodes, fut.cards, fut.suit, fut.rank, fut.equals, fut.score))
}

/// DDS's `deal` (`cards`: `remainCards`, 4 x 4 masks) checked as
/// SolveBoard checks it with `target`, `solutions` and `mode`, in DDS's
/// order: `(1, Board)` or `(code, None)`.
#[pyfunction]
#[pyo3(signature = (cards, trump, first, trick_suit, trick_rank, target = -1, solutions = 1, mode = 1))]
#[pyo3(text_signature = "(cards, trump, first, trick_suit, trick_rank, target=-1, solutions=1, mode=1)")]
#[allow(clippy::too_many_arguments)]
pub(crate) fn _dds29_board(
    cards: [[i64; 4]; 4],
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    target: i32,
    solutions: i32,
    mode: i32,
) -> Coded<types::Board> {
    let raw = raw(masks(cards), trump, first, trick_suit, trick_rank);
    coded(
        raw.range_checks(target, solutions, mode).and_then(|()| raw.board(target)).map(|inner| types::Board { inner }),
    )
}

/// A table's deal (4 x 4 masks) checked as CalcDDtable checks it:
/// `(1, (cards held, full))`, the masks DDS reads and whether every hand
/// holds 13 cards, or `(code, None)`.
#[pyfunction]
pub(crate) fn _dds29_table_deal(cards: [[i64; 4]; 4]) -> Coded<([[u32; 4]; 4], bool)> {
    coded(compat::table_deal(&masks(cards)).map(|deal| (deal.to_dds_bits(), deal.is_full())))
}

/// DDS 2.9's tables of deals with fewer than 13 cards a hand (each 4 x 4
/// masks, checked), for `strains` (0-4: S, H, D, C, NT), on `threads`
/// (None or 0: every core), with the GIL released: `(1, tables)`, each 5 x
/// 4 (strains by declarers N, E, S, W; 0 for a strain not asked), or the
/// first failure's `(code, None)`.
#[pyfunction]
#[pyo3(signature = (deals, strains, threads = None))]
#[pyo3(text_signature = "(deals, strains, threads=None)")]
pub(crate) fn _dds29_short_tables(
    py: Python<'_>,
    deals: Vec<[[i64; 4]; 4]>,
    strains: Vec<usize>,
    threads: Option<i64>,
) -> Coded<Vec<[[i32; 4]; 5]>> {
    let strains: Vec<Strain> = strains.into_iter().filter_map(Strain::try_new).collect();
    let deals: Vec<Deal> =
        deals.into_iter().map(|cards| Deal::from_dds_bits(&masks(cards)).unwrap_or_default()).collect();
    let settings = settings(threads);
    let tables = py.allow_threads(|| {
        settings.map(deals.len(), |k| with_solver(|solver| compat::short_deal_table(solver, &deals[k], &strains)))
    });
    coded(
        tables
            .into_iter()
            .map(|table| {
                let table = table?;
                Ok(Strain::ALL.map(|s| {
                    let row = table[s].unwrap_or_default();
                    Seat::ALL.map(|d| i32::from(row[d]))
                }))
            })
            .collect(),
    )
}

/// A play to analyse from DDS's `deal` as DDS's AnalysePlay takes it, for
/// a front-end that analyses from the start of the current trick (and so
/// refuses revokes): `thread_index` checked first when given, then the
/// position as SolveBoard checks it, then DDS's count of the play's cards
/// (`play`, cards as `"SA"`). `(1, (request, in_trick, analysed, number))`:
/// `request` the arguments of `analyse_play` (the hands at the start of the
/// trick, the strain, the leader, the trick's cards then the `analysed`
/// cards of the play), whose values from index `in_trick` on are DDS's;
/// `number` DDS's count (0 or less when the play ends inside the trick's
/// cards). Or `(code, None)`.
#[pyfunction]
#[pyo3(signature = (cards, trump, first, trick_suit, trick_rank, play, thread_index = None))]
#[pyo3(text_signature = "(cards, trump, first, trick_suit, trick_rank, play, thread_index=None)")]
#[allow(clippy::too_many_arguments, clippy::type_complexity)]
pub(crate) fn _dds29_play(
    cards: [[i64; 4]; 4],
    trump: i32,
    first: i32,
    trick_suit: [i32; 3],
    trick_rank: [i32; 3],
    play: Vec<String>,
    thread_index: Option<i32>,
) -> Coded<(([[u32; 4]; 4], i32, i32, Vec<String>), usize, usize, i32)> {
    if thread_index.is_some_and(|i| !thread_index_ok(i)) {
        return (compat::RETURN_THREAD_INDEX, None);
    }
    let raw = raw(masks(cards), trump, first, trick_suit, trick_rank);
    coded(raw.range_checks(-1, 1, 1).and_then(|()| raw.board(-1)).and_then(|board| {
        let count = PlayCount::new(&board, i32::try_from(play.len()).unwrap_or(i32::MAX))?;
        let start = Deal::new(board.trick_start_hands()).to_dds_bits();
        let trick: Vec<String> = board.played().iter().map(ToString::to_string).collect();
        let in_trick = trick.len();
        let cards = trick.into_iter().chain(play.into_iter().take(count.analysed)).collect();
        Ok(((start, trump, first, cards), in_trick, count.analysed, count.number))
    }))
}

/// One `contractType` of DDS's: `(underTricks, overTricks, level, denom,
/// seats)`.
type ContractTuple = (i32, i32, i32, i32, i32);

/// DDS's DealerParBin of a table (`table`: `resTable`, 5 x 4, strains S, H,
/// D, C, NT by declarers N, E, S, W), `dealer` (0-3) and `vulnerable`
/// (DDS's 0-3), the facade's `ParResultsMaster`: `(1, (score,
/// contracts))`, each contract a `contractType` as `(underTricks,
/// overTricks, level, denom, seats)` (one to ten; a passed-out deal's is
/// all zeros), or `(RETURN_UNKNOWN_FAULT, None)` for an entry, dealer or
/// vulnerability out of range.
#[pyfunction]
pub(crate) fn _dds29_par_master(
    table: [[i64; 4]; 5],
    dealer: i64,
    vulnerable: i64,
) -> Coded<(i32, Vec<ContractTuple>)> {
    let int = |value: i64| i32::try_from(value).unwrap_or(-1);
    let master = (|| {
        let table = compat::dd_table(&table.map(|row| row.map(int)))?;
        Some(ParResultsMaster::dealer(
            &table.dealer_par(compat::seat(int(dealer))?, compat::vulnerability(int(vulnerable))?),
        ))
    })();
    let Some(master) = master else { return (compat::RETURN_UNKNOWN_FAULT, None) };
    let contracts = master
        .contracts
        .iter()
        .map(|&ContractType { under_tricks, over_tricks, level, denom, seats }| {
            (under_tricks, over_tricks, level, denom, seats)
        })
        .collect();
    (RETURN_NO_FAULT, Some((master.score, contracts)))
}
