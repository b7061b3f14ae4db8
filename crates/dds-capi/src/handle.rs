//! The handle API (`ddsrs.h`): a solver the caller creates, owns and
//! frees, one per thread, with everything passed by pointer and DDS's
//! structures and status codes. Nothing is kept between calls outside
//! the handle, so two handles never share anything and no thread index
//! is needed.

use std::ffi::{c_char, c_int};

use dds::Solver;

use crate::codes::{message, RETURN_UNKNOWN_FAULT};
use crate::runtime::{guard, with_given_solver};
use crate::types::*;

#[allow(non_camel_case_types)]
/// An opaque solver: its transposition table, kept from call to call on
/// the same deal and strain.
#[derive(Debug)]
pub struct dds_solver {
    solver: Solver,
}

/// A new solver whose table takes at most `memory_bytes` (0: the default,
/// 64 MiB); free it with [`dds_solver_free`]. NULL if it cannot be made.
#[no_mangle]
pub extern "C" fn dds_solver_new(memory_bytes: usize) -> *mut dds_solver {
    let made = std::panic::catch_unwind(|| {
        let solver = if memory_bytes == 0 { Solver::new() } else { Solver::with_memory(memory_bytes) };
        Box::into_raw(Box::new(dds_solver { solver }))
    });
    made.unwrap_or(std::ptr::null_mut())
}

/// Frees a solver made by [`dds_solver_new`] (NULL is ignored).
///
/// # Safety
/// `solver` is NULL or a solver from [`dds_solver_new`] not yet freed, and
/// no other call is using it.
#[no_mangle]
pub unsafe extern "C" fn dds_solver_free(solver: *mut dds_solver) {
    if !solver.is_null() {
        // SAFETY: made by `Box::into_raw` in `dds_solver_new` (the
        // caller's contract).
        drop(unsafe { Box::from_raw(solver) });
    }
}

/// Runs `f` with the handle's solver, or `RETURN_UNKNOWN_FAULT` for NULL.
///
/// # Safety
/// `solver` is NULL or a live solver used by this call only.
unsafe fn with_handle(solver: *mut dds_solver, f: impl FnOnce() -> c_int) -> c_int {
    // SAFETY: the caller's contract.
    match unsafe { solver.as_mut() } {
        Some(handle) => guard(|| with_given_solver(&mut handle.solver, f)),
        None => RETURN_UNKNOWN_FAULT,
    }
}

/// Reads `*p`, or `None` for NULL.
///
/// # Safety
/// `p` is NULL or valid for reads.
unsafe fn read<T: Copy>(p: *const T) -> Option<T> {
    // SAFETY: the caller's contract.
    unsafe { p.as_ref() }.copied()
}

/// `SolveBoard` on the handle's solver.
///
/// # Safety
/// `solver` is NULL or live; `dl` NULL or valid; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn dds_solve_board(
    solver: *mut dds_solver,
    dl: *const deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    out: *mut futureTricks,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || match read(dl) {
            Some(dl) => crate::write_out(out, crate::solve_one(&dl, target, solutions, mode)),
            None => RETURN_UNKNOWN_FAULT,
        })
    }
}

/// `SolveBoardPBN` on the handle's solver.
///
/// # Safety
/// As [`dds_solve_board`].
#[no_mangle]
pub unsafe extern "C" fn dds_solve_board_pbn(
    solver: *mut dds_solver,
    dl: *const dealPBN,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    out: *mut futureTricks,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || match read(dl).map(|dl| crate::deal_from_pbn(&dl)) {
            Some(Ok(dl)) => crate::write_out(out, crate::solve_one(&dl, target, solutions, mode)),
            Some(Err(code)) => code,
            None => RETURN_UNKNOWN_FAULT,
        })
    }
}

/// `CalcDDtable` on the handle's solver (one thread).
///
/// # Safety
/// `solver` is NULL or live; `table_deal` NULL or valid; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn dds_calc_dd_table(
    solver: *mut dds_solver,
    table_deal: *const ddTableDeal,
    out: *mut ddTableResults,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || match (read(table_deal), out.as_mut()) {
            (Some(d), Some(out)) => crate::tables::calc_table(&d.cards, out),
            _ => RETURN_UNKNOWN_FAULT,
        })
    }
}

/// `CalcDDtablePBN` on the handle's solver (one thread).
///
/// # Safety
/// As [`dds_calc_dd_table`].
#[no_mangle]
pub unsafe extern "C" fn dds_calc_dd_table_pbn(
    solver: *mut dds_solver,
    table_deal: *const ddTableDealPBN,
    out: *mut ddTableResults,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || match (read(table_deal), out.as_mut()) {
            (Some(d), Some(out)) => match crate::convert::cards_from_pbn(&d.cards) {
                Ok(cards) => crate::tables::calc_table(&cards, out),
                Err(code) => code,
            },
            _ => RETURN_UNKNOWN_FAULT,
        })
    }
}

/// `AnalysePlayBin` on the handle's solver.
///
/// # Safety
/// `solver` is NULL or live; `dl` and `play` NULL or valid; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn dds_analyse_play(
    solver: *mut dds_solver,
    dl: *const deal,
    play: *const playTraceBin,
    out: *mut solvedPlay,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || match (read(dl), read(play)) {
            (Some(dl), Some(play)) => crate::write_out(out, crate::play::analyse(&dl, &play)),
            _ => RETURN_UNKNOWN_FAULT,
        })
    }
}

/// `AnalysePlayPBN` on the handle's solver.
///
/// # Safety
/// As [`dds_analyse_play`].
#[no_mangle]
pub unsafe extern "C" fn dds_analyse_play_pbn(
    solver: *mut dds_solver,
    dl: *const dealPBN,
    play: *const playTracePBN,
    out: *mut solvedPlay,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe {
        with_handle(solver, || {
            let (Some(dl), Some(play)) = (read(dl), read(play)) else { return RETURN_UNKNOWN_FAULT };
            let dl = match crate::deal_from_pbn(&dl) {
                Ok(dl) => dl,
                Err(code) => return code,
            };
            match crate::convert::play_from_pbn(&play) {
                Ok(play) => crate::write_out(out, crate::play::analyse(&dl, &play)),
                Err(code) => code,
            }
        })
    }
}

/// The text of a status code, as `ErrorMessage` writes it: a static
/// NUL-terminated string, never NULL.
#[no_mangle]
pub extern "C" fn dds_error_message(code: c_int) -> *const c_char {
    message(code).as_ptr()
}

/// The library's version, `"0.1.0"`: a static NUL-terminated string.
#[no_mangle]
pub extern "C" fn dds_version() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}
