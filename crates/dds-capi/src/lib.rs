//! DDS 2.9's C interface (`dll.h`) over the `dds` solver: built as
//! `libdds.so.0`, it is a drop-in for programs written against DDS
//! (hand-record generators, `tenace`, Python packages that load
//! `libdds.so` through ctypes).
//!
//! Every function of DDS 2.9.0's `dll.h` is exported with C linkage and
//! DDS's structures ([`types`]), status codes ([`codes`]) and meanings:
//! the arguments are checked in DDS's order and give DDS's codes, and the
//! results equal DDS's (node counts aside). Beyond DDS:
//!
//! * Any number of threads may call at once. Each calling thread has its
//!   own solver (its transposition table kept between calls, as DDS keeps
//!   one per thread index); `threadIndex` is range-checked as DDS does
//!   (0 to the thread count less one) and selects nothing shared.
//! * No call crashes on bad input: a NULL pointer is
//!   `RETURN_UNKNOWN_FAULT` (-1), as is a panic, caught at the boundary
//!   without a message.
//!
//! This crate depends on the facade `dds` only; nothing in the solver
//! depends on it.

#![allow(non_snake_case)]

pub mod codes;
mod convert;
mod handle;
mod par;
mod play;
mod runtime;
mod tables;
pub mod types;

use std::ffi::{c_char, c_int};

use dds::compat::{code_of, FutureTricks};

use codes::*;
use convert::cards_from_pbn;
use runtime::{guard, with_solver};
use types::*;

pub use handle::*;
pub use par::*;
pub use play::*;
pub use tables::*;

/// The version this library answers as: DDS 2.9.0's interface.
pub const DDS_VERSION: c_int = 20900;

/// Whether `index` is a thread index DDS would accept.
fn thread_ok(index: c_int) -> bool {
    usize::try_from(index).is_ok_and(|i| i < runtime::threads())
}

/// A position of DDS's text form as DDS's binary one.
pub(crate) fn deal_from_pbn(dl: &dealPBN) -> Result<deal, c_int> {
    Ok(deal {
        trump: dl.trump,
        first: dl.first,
        currentTrickSuit: dl.currentTrickSuit,
        currentTrickRank: dl.currentTrickRank,
        remainCards: cards_from_pbn(&dl.remainCards)?,
    })
}

/// DDS's `SolveBoard` for one position, on the calling thread's solver.
pub(crate) fn solve_one(dl: &deal, target: c_int, solutions: c_int, mode: c_int) -> Result<futureTricks, c_int> {
    let request = convert::raw(dl).request(target, solutions, mode)?;
    let solution = with_solver(|solver| request.solve(solver)).map_err(|e| code_of(&e))?;
    Ok(convert::future_tricks(&FutureTricks::new(&solution, request.target)))
}

/// Writes `value` through `out`, or `RETURN_UNKNOWN_FAULT` for NULL.
///
/// # Safety
/// `out` is NULL or valid for a write of `T`.
unsafe fn write_out<T>(out: *mut T, value: Result<T, c_int>) -> c_int {
    if out.is_null() {
        return RETURN_UNKNOWN_FAULT;
    }
    match value {
        Ok(value) => {
            // SAFETY: `out` is valid for writes (the caller's contract).
            unsafe { out.write(value) };
            RETURN_NO_FAULT
        }
        Err(code) => code,
    }
}

/// DDS's `SolveBoard`: the cards of the seat to play with their scores.
///
/// # Safety
/// `futp` is NULL or points to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoard(
    dl: deal,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    threadIndex: c_int,
) -> c_int {
    guard(|| {
        if !thread_ok(threadIndex) {
            return RETURN_THREAD_INDEX;
        }
        // SAFETY: the caller's contract on `futp`.
        unsafe { write_out(futp, solve_one(&dl, target, solutions, mode)) }
    })
}

/// DDS's `SolveBoardPBN`: [`SolveBoard`] with the cards as PBN text.
///
/// # Safety
/// `futp` is NULL or points to a writable `futureTricks`.
#[no_mangle]
pub unsafe extern "C" fn SolveBoardPBN(
    dlpbn: dealPBN,
    target: c_int,
    solutions: c_int,
    mode: c_int,
    futp: *mut futureTricks,
    thrId: c_int,
) -> c_int {
    guard(|| {
        let dl = match deal_from_pbn(&dlpbn) {
            Ok(dl) => dl,
            Err(code) => return code,
        };
        if !thread_ok(thrId) {
            return RETURN_THREAD_INDEX;
        }
        // SAFETY: the caller's contract on `futp`.
        unsafe { write_out(futp, solve_one(&dl, target, solutions, mode)) }
    })
}

/// Solves `n` positions in parallel into `solved` (DDS's
/// `SolveAllBoardsN`): every answer that succeeds is written; a position
/// that fails keeps `cards` 0, and the first failure's code is returned.
fn solve_all(bo: &boards, solved: &mut solvedBoards) -> c_int {
    let n = bo.noOfBoards;
    if n > MAXNOOFBOARDS as c_int {
        return RETURN_TOO_MANY_BOARDS;
    }
    let n = usize::try_from(n).unwrap_or(0);
    for answer in solved.solvedBoard.iter_mut() {
        answer.cards = 0;
    }
    let results = runtime::on_pool(n, |k| solve_one(&bo.deals[k], bo.target[k], bo.solutions[k], bo.mode[k]));
    solved.noOfBoards = n as c_int;
    write_answers(&mut solved.solvedBoard, results)
}

/// Writes each answer of a batch that succeeded into its slot (the slots
/// of the others are left as they are): the first failure's code, or
/// `RETURN_NO_FAULT`.
pub(crate) fn write_answers<T>(slots: &mut [T], results: Vec<Result<T, c_int>>) -> c_int {
    let mut code = RETURN_NO_FAULT;
    for (slot, result) in slots.iter_mut().zip(results) {
        match result {
            Ok(answer) => *slot = answer,
            Err(e) if code == RETURN_NO_FAULT => code = e,
            Err(_) => {}
        }
    }
    code
}

/// The binary positions of a text batch, or its status code.
pub(crate) fn boards_from_pbn(bop: &boardsPBN) -> Result<Box<boards>, c_int> {
    if bop.noOfBoards > MAXNOOFBOARDS as c_int {
        return Err(RETURN_TOO_MANY_BOARDS);
    }
    let mut bo = Box::new(boards {
        noOfBoards: bop.noOfBoards,
        deals: [deal::default(); MAXNOOFBOARDS],
        target: bop.target,
        solutions: bop.solutions,
        mode: bop.mode,
    });
    for k in 0..usize::try_from(bop.noOfBoards).unwrap_or(0) {
        bo.deals[k] = deal_from_pbn(&bop.deals[k])?;
    }
    Ok(bo)
}

/// DDS's `SolveAllBoards`: a batch of positions as text, solved on
/// every thread.
///
/// # Safety
/// `bop` and `solvedp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllBoards(bop: *mut boardsPBN, solvedp: *mut solvedBoards) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(bop), Some(solved)) = (unsafe { bop.as_ref() }, unsafe { solvedp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        match boards_from_pbn(bop) {
            Ok(bo) => solve_all(&bo, solved),
            Err(code) => code,
        }
    })
}

/// `SolveAllBoardsBin` (exported by later 2.9 builds): a batch of binary
/// positions.
///
/// # Safety
/// `bop` and `solvedp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllBoardsBin(bop: *mut boards, solvedp: *mut solvedBoards) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        match (unsafe { bop.as_ref() }, unsafe { solvedp.as_mut() }) {
            (Some(bo), Some(solved)) => solve_all(bo, solved),
            _ => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// DDS's `SolveAllChunks` (a historical alias): [`SolveAllBoards`];
/// `chunkSize` must be at least 1.
///
/// # Safety
/// `bop` and `solvedp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunks(bop: *mut boardsPBN, solvedp: *mut solvedBoards, chunkSize: c_int) -> c_int {
    // SAFETY: passed on.
    unsafe { SolveAllChunksPBN(bop, solvedp, chunkSize) }
}

/// DDS's `SolveAllChunksPBN` (a historical alias): [`SolveAllBoards`];
/// `chunkSize` must be at least 1.
///
/// # Safety
/// `bop` and `solvedp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksPBN(bop: *mut boardsPBN, solvedp: *mut solvedBoards, chunkSize: c_int) -> c_int {
    if chunkSize < 1 {
        return RETURN_CHUNK_SIZE;
    }
    // SAFETY: passed on.
    unsafe { SolveAllBoards(bop, solvedp) }
}

/// DDS's `SolveAllChunksBin` (a historical alias): [`SolveAllBoardsBin`];
/// `chunkSize` must be at least 1.
///
/// # Safety
/// `bop` and `solvedp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn SolveAllChunksBin(bop: *mut boards, solvedp: *mut solvedBoards, chunkSize: c_int) -> c_int {
    if chunkSize < 1 {
        return RETURN_CHUNK_SIZE;
    }
    // SAFETY: passed on.
    unsafe { SolveAllBoardsBin(bop, solvedp) }
}

/// DDS's `SetMaxThreads`: the threads of the batch functions and the
/// range of `threadIndex` (0 or less: every core; at most the cores).
#[no_mangle]
pub extern "C" fn SetMaxThreads(userThreads: c_int) {
    runtime::set_threads(userThreads);
}

/// DDS's `SetResources`: the memory for all threads together (MiB, 0 or
/// less for the default) and the thread count (as [`SetMaxThreads`]).
#[no_mangle]
pub extern "C" fn SetResources(maxMemoryMB: c_int, maxThreads: c_int) {
    runtime::set_threads(maxThreads);
    runtime::set_memory(maxMemoryMB);
}

/// DDS's `SetThreading`: the threading system. There is one here (a work
/// stealing pool, DDS's code 5, STL, the nearest); 0 (the default) and 5
/// are accepted, other codes below DDS's 9 are `RETURN_THREAD_MISSING`,
/// as a DDS built without them answers.
#[no_mangle]
pub extern "C" fn SetThreading(code: c_int) -> c_int {
    match code {
        0 | 5 => RETURN_NO_FAULT,
        _ => RETURN_THREAD_MISSING,
    }
}

/// DDS's `FreeMemory`: frees the calling thread's transposition table
/// (the batch threads' tables are freed with their pools' threads when
/// the process ends).
#[no_mangle]
pub extern "C" fn FreeMemory() {
    runtime::free_solver();
}

/// DDS's `ErrorMessage`: the text of a status code in `line` (at most 80
/// bytes with the NUL).
///
/// # Safety
/// `line` is NULL or points to 80 writable bytes.
#[no_mangle]
pub unsafe extern "C" fn ErrorMessage(code: c_int, line: *mut c_char) {
    if line.is_null() {
        return;
    }
    // SAFETY: 80 writable bytes (the caller's contract).
    let buffer = unsafe { &mut *line.cast::<[c_char; 80]>() };
    convert::write_c(buffer, codes::message(code).to_str().unwrap_or_default());
}

/// DDS's `GetDDSInfo`: the version (2.9.0, the interface answered), the
/// system, and the threads configured.
///
/// # Safety
/// `info` is NULL or points to a writable `DDSInfo`.
#[no_mangle]
pub unsafe extern "C" fn GetDDSInfo(info: *mut DDSInfo) {
    if info.is_null() {
        return;
    }
    let threads = runtime::threads();
    let mut out = DDSInfo {
        major: 2,
        minor: 9,
        patch: 0,
        versionString: [0; 10],
        system: if cfg!(target_os = "linux") {
            3
        } else if cfg!(target_os = "macos") {
            4
        } else if cfg!(windows) {
            1
        } else {
            0
        },
        numBits: (usize::BITS) as c_int,
        compiler: 0,
        constructor: 0,
        numCores: runtime::cores() as c_int,
        threading: 5,
        noOfThreads: threads as c_int,
        threadSizes: [0; 128],
        systemString: [0; 1024],
    };
    convert::write_c(&mut out.versionString, "2.9.0");
    // DDS's form: the counts of small and large tables.
    convert::write_c(&mut out.threadSizes, &format!("0 S, {threads} L"));
    let text = format!(
        "ddsrs {} (DDS 2.9.0 interface)\nCores: {}\nThreads: {threads}, {} MB each\n",
        env!("CARGO_PKG_VERSION"),
        runtime::cores(),
        runtime::memory_per_thread() >> 20,
    );
    convert::write_c(&mut out.systemString, &text);
    // SAFETY: `info` is valid for writes (the caller's contract).
    unsafe { info.write(out) };
}
