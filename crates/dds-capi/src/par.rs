//! Par: `Par`, `DealerPar`, `SidesPar`, their binary forms and DDS's two
//! text conversions.

use std::ffi::{c_char, c_int};

use dds::compat::{self, seat, ContractType, ParResultsMaster};
use dds::par::SidesPar;

use crate::codes::*;
use crate::convert::write_c;
use crate::runtime::guard;
use crate::types::*;

/// Both sides' par of DDS's table; `None` for a bad table or
/// vulnerability.
fn sides_par(table: &ddTableResults, vulnerable: c_int) -> Option<SidesPar> {
    Some(compat::dd_table(&table.resTable)?.par(compat::vulnerability(vulnerable)?))
}

/// The dealer's par of DDS's table; `None` for a bad table, dealer or
/// vulnerability.
fn dealer_par(table: &ddTableResults, dealer: c_int, vulnerable: c_int) -> Option<dds::par::Par> {
    Some(compat::dd_table(&table.resTable)?.dealer_par(seat(dealer)?, compat::vulnerability(vulnerable)?))
}

/// `Par`'s texts of a table into `out`.
pub(crate) fn write_par(table: &ddTableResults, out: &mut parResults, vulnerable: c_int) -> c_int {
    let Some(sides) = sides_par(table, vulnerable) else {
        return RETURN_UNKNOWN_FAULT;
    };
    for (slot, text) in out.parScore.iter_mut().zip(sides.score_texts()) {
        write_c(slot, &text);
    }
    for (slot, text) in out.parContractsString.iter_mut().zip(sides.contract_texts()) {
        write_c(slot, &text);
    }
    RETURN_NO_FAULT
}

/// DDS's `Par`: the par of a table as text, each side's view (North-South
/// starting the bidding first).
///
/// # Safety
/// `tablep` and `presp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn Par(tablep: *mut ddTableResults, presp: *mut parResults, vulnerable: c_int) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        match (unsafe { tablep.as_ref() }, unsafe { presp.as_mut() }) {
            (Some(table), Some(out)) => write_par(table, out, vulnerable),
            _ => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// A `parResultsDealer` of a score and contract texts (at most 10).
fn dealer_result(score: i32, texts: &[String]) -> parResultsDealer {
    let mut out = parResultsDealer { number: texts.len().min(10) as c_int, score, contracts: [[0; 10]; 10] };
    for (slot, text) in out.contracts.iter_mut().zip(texts) {
        write_c(slot, text);
    }
    out
}

/// DDS's `DealerPar`: the par when `dealer` opens the bidding, as text.
///
/// # Safety
/// `tablep` and `presp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn DealerPar(
    tablep: *mut ddTableResults,
    presp: *mut parResultsDealer,
    dealer: c_int,
    vulnerable: c_int,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(table), Some(out)) = (unsafe { tablep.as_ref() }, unsafe { presp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some(par) = dealer_par(table, dealer, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        *out = dealer_result(par.score, &par.dealer_texts());
        RETURN_NO_FAULT
    })
}

/// DDS's `SidesPar`: the par of each side's view as text, North-South's
/// first (scores from each side's own point of view).
///
/// # Safety
/// `tablep` is NULL or valid; `sidesRes` is NULL or points to 2 writable
/// `parResultsDealer`.
#[no_mangle]
pub unsafe extern "C" fn SidesPar(
    tablep: *mut ddTableResults,
    sidesRes: *mut parResultsDealer,
    vulnerable: c_int,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(table), Some(out)) =
            (unsafe { tablep.as_ref() }, unsafe { sidesRes.cast::<[parResultsDealer; 2]>().as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some(sides) = sides_par(table, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        let texts = sides.sides_texts();
        let scores = [sides.ns_first.score, -sides.ew_first.score];
        for (k, slot) in out.iter_mut().enumerate() {
            *slot = dealer_result(scores[k], &texts[k]);
        }
        RETURN_NO_FAULT
    })
}

/// DDS's `parResultsMaster` of the facade's numbers.
fn master(numbers: &ParResultsMaster) -> parResultsMaster {
    let mut out =
        parResultsMaster { score: numbers.score, number: numbers.contracts.len() as c_int, ..Default::default() };
    for (slot, c) in out.contracts.iter_mut().zip(&numbers.contracts) {
        let ContractType { under_tricks, over_tricks, level, denom, seats } = *c;
        *slot = contractType { underTricks: under_tricks, overTricks: over_tricks, level, denom, seats };
    }
    out
}

/// DDS's `DealerParBin`: [`DealerPar`] in numbers.
///
/// # Safety
/// `tablep` and `presp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn DealerParBin(
    tablep: *mut ddTableResults,
    presp: *mut parResultsMaster,
    dealer: c_int,
    vulnerable: c_int,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(table), Some(out)) = (unsafe { tablep.as_ref() }, unsafe { presp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some(par) = dealer_par(table, dealer, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        *out = master(&ParResultsMaster::dealer(&par));
        RETURN_NO_FAULT
    })
}

/// DDS's `SidesParBin`: [`SidesPar`] in numbers.
///
/// # Safety
/// `tablep` is NULL or valid; `sidesRes` is NULL or points to 2 writable
/// `parResultsMaster`.
#[no_mangle]
pub unsafe extern "C" fn SidesParBin(
    tablep: *mut ddTableResults,
    sidesRes: *mut parResultsMaster,
    vulnerable: c_int,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(table), Some(out)) =
            (unsafe { tablep.as_ref() }, unsafe { sidesRes.cast::<[parResultsMaster; 2]>().as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let Some(sides) = sides_par(table, vulnerable) else {
            return RETURN_UNKNOWN_FAULT;
        };
        *out = ParResultsMaster::sides(&sides).map(|view| master(&view));
        RETURN_NO_FAULT
    })
}

/// DDS's text of par contracts: `"N 4S"`, `"EW 5Dx-2"`, `"NS 3N+1"`, with
/// `notrump` as DDS writes it in each conversion (`N` or `NT`); `None`
/// for a seat or strain code out of range.
fn contracts_text(par: &parResultsMaster, notrump: &str) -> Option<String> {
    let mut text = format!("Par {}: ", par.score);
    let n = usize::try_from(par.number).unwrap_or(0).min(par.contracts.len());
    for (k, c) in par.contracts[..n].iter().enumerate() {
        if k > 0 {
            text.push(' ');
        }
        let seats = ["N", "E", "S", "W", "NS", "EW"];
        text.push_str(seats.get(usize::try_from(c.seats).ok()?)?);
        text.push(' ');
        text.push_str(&c.level.to_string());
        text.push_str([notrump, "S", "H", "D", "C"].get(usize::try_from(c.denom).ok()?)?);
        if c.underTricks > 0 {
            text.push_str(&format!("x-{}", c.underTricks));
        } else if c.overTricks > 0 {
            text.push_str(&format!("+{}", c.overTricks));
        }
    }
    Some(text)
}

/// DDS's `ConvertToDealerTextFormat`: `"Par -110: EW 2S"` from
/// [`DealerParBin`]'s answer.
///
/// # Safety
/// `pres` is NULL or valid; `resp` is NULL or has room for the text and
/// its NUL (DDS's callers give 80 bytes or more; ten contracts need up to
/// 128).
#[no_mangle]
pub unsafe extern "C" fn ConvertToDealerTextFormat(pres: *mut parResultsMaster, resp: *mut c_char) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let Some(par) = (unsafe { pres.as_ref() }) else { return RETURN_UNKNOWN_FAULT };
        if resp.is_null() {
            return RETURN_UNKNOWN_FAULT;
        }
        let Some(text) = contracts_text(par, "N") else { return RETURN_UNKNOWN_FAULT };
        // SAFETY: room for the text and its NUL (the caller's contract).
        unsafe {
            std::ptr::copy_nonoverlapping(text.as_ptr().cast::<c_char>(), resp, text.len());
            resp.add(text.len()).write(0);
        }
        RETURN_NO_FAULT
    })
}

/// DDS's `ConvertToSidesTextFormat`: each view of [`SidesParBin`]'s answer
/// as text (`"Par 0"` alone when the score is 0), and whether they agree.
///
/// # Safety
/// `pres` is NULL or points to 2 `parResultsMaster`; `resp` is NULL or
/// valid.
#[no_mangle]
pub unsafe extern "C" fn ConvertToSidesTextFormat(pres: *mut parResultsMaster, resp: *mut parTextResults) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(views), Some(out)) =
            (unsafe { pres.cast::<[parResultsMaster; 2]>().as_ref() }, unsafe { resp.as_mut() })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        out.parText = [[0; 128]; 2];
        if views[0].score == 0 {
            write_c(&mut out.parText[0], "Par 0");
            return RETURN_NO_FAULT;
        }
        for (k, view) in views.iter().enumerate() {
            let Some(text) = contracts_text(view, "NT") else { return RETURN_UNKNOWN_FAULT };
            write_c(&mut out.parText[k], &text);
            if k == 0 {
                let (a, b) = (&views[0], &views[1]);
                let n = usize::try_from(a.number).unwrap_or(0).min(10);
                let same = |x: &contractType, y: &contractType| {
                    (x.denom, x.level, x.overTricks, x.seats, x.underTricks)
                        == (y.denom, y.level, y.overTricks, y.seats, y.underTricks)
                };
                out.equal = a.score == -b.score
                    && a.number == b.number
                    && a.contracts[..n].iter().zip(&b.contracts[..n]).all(|(x, y)| same(x, y));
            }
        }
        RETURN_NO_FAULT
    })
}
