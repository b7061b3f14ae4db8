//! Play analysis: `AnalysePlayBin`, `AnalysePlayPBN` and their batches.

use std::ffi::c_int;

use crate::codes::*;
use crate::convert::{play_from_pbn, raw, raw_play, solved_play};
use crate::runtime::{self, guard, with_solver};
use crate::types::*;
use crate::{boards_from_pbn, deal_from_pbn, thread_ok};

/// DDS's `AnalysePlayBin` on the calling thread's solver (the facade's
/// `RawDeal::analyse_play`).
pub(crate) fn analyse(dl: &deal, play: &playTraceBin) -> Result<solvedPlay, c_int> {
    let solved = with_solver(|solver| raw(dl).analyse_play(&raw_play(play), solver))?;
    Ok(solved_play(&solved))
}

/// DDS's `AnalysePlayBin`: declarer's side's double dummy tricks before
/// the play and after each card played.
///
/// # Safety
/// `solved` is NULL or points to a writable `solvedPlay`.
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayBin(dl: deal, play: playTraceBin, solved: *mut solvedPlay, thrId: c_int) -> c_int {
    guard(|| {
        if !thread_ok(thrId) {
            return RETURN_THREAD_INDEX;
        }
        // SAFETY: the caller's contract.
        unsafe { crate::write_out(solved, analyse(&dl, &play)) }
    })
}

/// DDS's `AnalysePlayPBN`: [`AnalysePlayBin`] with the deal and the play
/// as text.
///
/// # Safety
/// `solvedp` is NULL or points to a writable `solvedPlay`.
#[no_mangle]
pub unsafe extern "C" fn AnalysePlayPBN(
    dlPBN: dealPBN,
    playPBN: playTracePBN,
    solvedp: *mut solvedPlay,
    thrId: c_int,
) -> c_int {
    guard(|| {
        let dl = match deal_from_pbn(&dlPBN) {
            Ok(dl) => dl,
            Err(code) => return code,
        };
        let play = match play_from_pbn(&playPBN) {
            Ok(play) => play,
            Err(code) => return code,
        };
        // SAFETY: passed on.
        unsafe { AnalysePlayBin(dl, play, solvedp, thrId) }
    })
}

/// The plays of a batch analysed on every thread into `solved`: the first
/// failure's code, the others written.
fn analyse_all(bo: &boards, plays: &playTracesBin, solved: &mut solvedPlays) -> c_int {
    if bo.noOfBoards > MAXNOOFBOARDS as c_int {
        return RETURN_TOO_MANY_BOARDS;
    }
    if bo.noOfBoards != plays.noOfBoards {
        return RETURN_UNKNOWN_FAULT;
    }
    let n = usize::try_from(bo.noOfBoards).unwrap_or(0);
    let results = runtime::on_pool(n, |k| analyse(&bo.deals[k], &plays.plays[k]));
    solved.noOfBoards = n as c_int;
    crate::write_answers(&mut solved.solved, results)
}

/// DDS's `AnalyseAllPlaysBin`: [`AnalysePlayBin`] for a batch, on every
/// thread (`chunkSize` is not used, as in DDS).
///
/// # Safety
/// The pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysBin(
    bop: *mut boards,
    plp: *mut playTracesBin,
    solvedp: *mut solvedPlays,
    chunkSize: c_int,
) -> c_int {
    let _ = chunkSize;
    guard(|| {
        // SAFETY: the caller's contract.
        match (unsafe { bop.as_ref() }, unsafe { plp.as_ref() }, unsafe { solvedp.as_mut() }) {
            (Some(bo), Some(plays), Some(solved)) => analyse_all(bo, plays, solved),
            _ => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// DDS's `AnalyseAllPlaysPBN`: [`AnalyseAllPlaysBin`] with the deals and
/// plays as text.
///
/// # Safety
/// The pointers are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn AnalyseAllPlaysPBN(
    bopPBN: *mut boardsPBN,
    plpPBN: *mut playTracesPBN,
    solvedp: *mut solvedPlays,
    chunkSize: c_int,
) -> c_int {
    let _ = chunkSize;
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(bop), Some(plp), Some(solved)) =
            (unsafe { bopPBN.as_ref() }, unsafe { plpPBN.as_ref() }, unsafe { solvedp.as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let bo = match boards_from_pbn(bop) {
            Ok(bo) => bo,
            Err(code) => return code,
        };
        let mut plays = Box::new(playTracesBin {
            noOfBoards: plp.noOfBoards,
            plays: [playTraceBin { number: 0, suit: [0; 52], rank: [0; 52] }; MAXNOOFBOARDS],
        });
        let m = usize::try_from(plp.noOfBoards).unwrap_or(0).min(MAXNOOFBOARDS);
        for k in 0..m {
            match play_from_pbn(&plp.plays[k]) {
                Ok(play) => plays.plays[k] = play,
                Err(code) => return code,
            }
        }
        analyse_all(&bo, &plays, solved)
    })
}
