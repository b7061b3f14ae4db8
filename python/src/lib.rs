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
//!
//! The binding only converts: every rule is the facade's (`dds`) or the
//! model's. The functions live by area: `tables` (tables, par, contract
//! results), `boards` (`solve_board`), `play` (play analysis, best
//! line), `layouts` (`solve_layouts`), `deals` (deal conversions), `pbn`
//! (boards and PBN files as the model reads them); the
//! result classes in `types`; this file holds what they share and the
//! module's registration.

mod batch;
mod boards;
mod convert;
mod dds29;
mod dds3;
mod deals;
mod errors;
mod layouts;
mod pbn;
mod play;
mod tables;
mod types;

use std::cell::RefCell;

use dds::Solver;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::errors::Failure;

thread_local! {
    /// The solver of one-item calls on this thread: its table is reused
    /// between calls on the same deal and strain, as DDS's per-thread
    /// memory is.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver (a fresh one if it is in use).
pub(crate) fn with_solver<T>(f: impl FnOnce(&mut Solver) -> T) -> T {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => f(slot.get_or_insert_with(Solver::new)),
        Err(_) => f(&mut Solver::new()),
    })
}

/// A one-item call's failure as its exception.
pub(crate) fn raise(py: Python<'_>) -> impl Fn(Failure) -> PyErr + '_ {
    move |f| f.to_pyerr(py, None)
}

/// Tables as a numpy array: (n, 5, 4), or (5, 4) for one table.
pub(crate) fn tables_array<'py>(py: Python<'py>, rows: &[[u8; 20]], single: bool) -> PyResult<Bound<'py, PyAny>> {
    let flat: Vec<u8> = rows.iter().flatten().copied().collect();
    let array = PyArray1::from_vec(py, flat);
    if single {
        Ok(array.reshape([5, 4])?.into_any())
    } else {
        Ok(array.reshape([rows.len(), 5, 4])?.into_any())
    }
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
    m.add("MISSING", tables::MISSING)?;
    m.add("MAX_THREADS", dds::MAX_THREADS)?;
    m.add("PAR_DTYPE", tables::par_dtype(py)?)?;
    for (name, code) in errors::DDS_CODES {
        m.add(name, code)?;
    }
    m.add("InputError", py.get_type::<errors::InputError>())?;
    m.add("DealError", py.get_type::<errors::DealError>())?;
    m.add("BoardError", py.get_type::<errors::BoardError>())?;
    m.add("PlayError", py.get_type::<errors::PlayError>())?;
    m.add_class::<types::ScoredCard>()?;
    m.add_class::<types::Solution>()?;
    m.add_class::<types::PlayAnalysis>()?;
    m.add_class::<types::LineCard>()?;
    m.add_class::<types::BestLine>()?;
    m.add_class::<types::ParContract>()?;
    m.add_class::<types::Par>()?;
    m.add_class::<types::SidesPar>()?;
    m.add_class::<types::ContractResult>()?;
    m.add_class::<types::Board>()?;
    m.add_class::<types::LayoutSummary>()?;
    m.add_class::<dds3::SolverContext>()?;
    m.add_class::<pbn::PbnRecord>()?;
    m.add_function(wrap_pyfunction!(tables::dd_table, m)?)?;
    m.add_function(wrap_pyfunction!(tables::dd_tables, m)?)?;
    m.add_function(wrap_pyfunction!(boards::solve_board, m)?)?;
    m.add_function(wrap_pyfunction!(boards::solve_boards, m)?)?;
    m.add_function(wrap_pyfunction!(play::analyse_play, m)?)?;
    m.add_function(wrap_pyfunction!(play::analyse_plays, m)?)?;
    m.add_function(wrap_pyfunction!(play::best_line, m)?)?;
    m.add_function(wrap_pyfunction!(tables::par, m)?)?;
    m.add_function(wrap_pyfunction!(tables::dealer_par, m)?)?;
    m.add_function(wrap_pyfunction!(tables::contract_result, m)?)?;
    m.add_function(wrap_pyfunction!(layouts::solve_layouts, m)?)?;
    m.add_function(wrap_pyfunction!(deals::deals_to_array, m)?)?;
    m.add_function(wrap_pyfunction!(deals::deals_to_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::board_info, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::parse_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::parse_seat, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::parse_vulnerability, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::_pbn_first_seat, m)?)?;
    m.add_function(wrap_pyfunction!(pbn::detect_format, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_solve_pbns, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_solve, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_solve_all, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_read_pbn, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_read_play, m)?)?;
    m.add_function(wrap_pyfunction!(dds3::_dds3_error, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_message, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_board, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_card, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_future_tricks, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_table_deal, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_short_tables, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_play, m)?)?;
    m.add_function(wrap_pyfunction!(dds29::_dds29_par_master, m)?)?;
    m.add_function(wrap_pyfunction!(_set_chunk_seconds, m)?)?;
    Ok(())
}
