//! Double dummy tables: `CalcDDtable`, `CalcAllTables` and their PBN
//! forms, and `CalcPar`.

use std::ffi::c_int;

use dds::compat::{code_of, short_deal_table, table_deal, StrainTricks};
use dds::model::{BySeat, ByStrain, Deal, Seat};
use dds::{Strain, TableOptions};

use crate::codes::*;
use crate::convert::cards_from_pbn;
use crate::par::write_par;
use crate::runtime::{self, guard, with_solver};
use crate::types::*;

/// The library's threads and memory as the facade's settings.
fn parallel() -> dds::Parallel {
    dds::Parallel { memory_per_thread: runtime::memory_per_thread(), ..dds::Parallel::with_threads(runtime::threads()) }
}

/// The table of `deal` for `strains`. A full deal is solved as a table:
/// its strains spread over the library's threads (as DDS 2.9 spreads one
/// table), or on the calling thread's solver with one thread or a
/// handle's solver; a smaller deal (equal hands) as DDS does it
/// (`dds::compat::short_deal_table`), on the calling thread.
fn table(deal: &Deal, strains: &[Strain]) -> Result<StrainTricks, c_int> {
    if deal.is_full() && strains.len() > 1 && runtime::threads() > 1 && !runtime::solver_given() {
        let options = TableOptions::default().only(strains);
        let mut results = dds::dd_tables_with(core::slice::from_ref(deal), &options, &parallel());
        let table = results.pop().unwrap_or(Err(dds::Error::NotFullDeal)).map_err(|e| code_of(&e))?;
        return Ok(ByStrain::from_fn(|s| {
            table.tricks(s, Seat::North).map(|_| BySeat::from_fn(|d| table.tricks(s, d).unwrap_or(0)))
        }));
    }
    let mut tricks: StrainTricks = ByStrain::from_fn(|_| None);
    with_solver(|solver| {
        if deal.is_full() && strains.len() == Strain::ALL.len() {
            let table = solver.dd_table(deal).map_err(|e| code_of(&e))?;
            return Ok(ByStrain::from_fn(|s| Some(table.as_by_strain()[s])));
        }
        if !deal.is_full() {
            return short_deal_table(solver, deal, strains);
        }
        for &strain in strains {
            tricks[strain] = Some(solver.dd_table_strain(deal, strain).map_err(|e| code_of(&e))?);
        }
        Ok(tricks)
    })
}

/// Writes the strains computed into DDS's table.
fn write_table(tricks: &StrainTricks, out: &mut ddTableResults) {
    for strain in Strain::ALL {
        if let Some(row) = &tricks[strain] {
            for seat in Seat::ALL {
                out.resTable[strain.index()][seat.index()] = c_int::from(row[seat]);
            }
        }
    }
}

/// One full table of binary cards.
pub(crate) fn calc_table(cards: &[[u32; 4]; 4], out: &mut ddTableResults) -> c_int {
    match table_deal(cards).and_then(|deal| table(&deal, &Strain::ALL)) {
        Ok(tricks) => {
            write_table(&tricks, out);
            RETURN_NO_FAULT
        }
        Err(code) => code,
    }
}

/// DDS's `CalcDDtable`: the double dummy table of a deal.
///
/// # Safety
/// `tablep` is NULL or points to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtable(tableDeal: ddTableDeal, tablep: *mut ddTableResults) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        match unsafe { tablep.as_mut() } {
            Some(out) => calc_table(&tableDeal.cards, out),
            None => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// DDS's `CalcDDtablePBN`: [`CalcDDtable`] of a PBN deal.
///
/// # Safety
/// `tablep` is NULL or points to a writable `ddTableResults`.
#[no_mangle]
pub unsafe extern "C" fn CalcDDtablePBN(tableDealPBN: ddTableDealPBN, tablep: *mut ddTableResults) -> c_int {
    guard(|| {
        let cards = match cards_from_pbn(&tableDealPBN.cards) {
            Ok(cards) => cards,
            Err(code) => return code,
        };
        // SAFETY: the caller's contract.
        match unsafe { tablep.as_mut() } {
            Some(out) => calc_table(&cards, out),
            None => RETURN_UNKNOWN_FAULT,
        }
    })
}

/// DDS's `CalcAllTables` on binary deals already read.
fn calc_all(
    deals: &[[[u32; 4]; 4]],
    mode: c_int,
    filter: &[c_int; 5],
    res: &mut ddTablesRes,
    par: Option<&mut allParResults>,
) -> c_int {
    let strains: Vec<Strain> = Strain::ALL.into_iter().filter(|s| filter[s.index()] == 0).collect();
    if strains.is_empty() {
        return RETURN_NO_SUIT;
    }
    if strains.len() * deals.len() > MAXNOOFTABLES * DDS_STRAINS {
        return RETURN_TOO_MANY_TABLES;
    }
    res.noOfBoards = 0;
    let checked: Result<Vec<Deal>, c_int> = deals.iter().map(table_deal).collect();
    let checked = match checked {
        Ok(deals) => deals,
        Err(code) => return code,
    };
    let results: Vec<Result<StrainTricks, c_int>> = if checked.iter().all(Deal::is_full) {
        // Full deals: the facade's batch, one deal per worker.
        let options = TableOptions::default().only(&strains);
        dds::dd_tables_with(&checked, &options, &parallel())
            .into_iter()
            .map(|r| {
                let r = r.map_err(|e| code_of(&e))?;
                Ok(ByStrain::from_fn(|s| {
                    r.tricks(s, Seat::North).map(|_| BySeat::from_fn(|d| r.tricks(s, d).unwrap_or(0)))
                }))
            })
            .collect()
    } else {
        runtime::on_pool(checked.len(), |k| table(&checked[k], &strains))
    };
    for (slot, result) in res.results.iter_mut().zip(&results) {
        match result {
            Ok(tricks) => write_table(tricks, slot),
            Err(code) => return *code,
        }
    }
    res.noOfBoards = (4 * strains.len() * deals.len()) as c_int;
    if (0..4).contains(&mode) && strains.len() == 5 {
        let Some(par) = par else { return RETURN_UNKNOWN_FAULT };
        for (k, table) in res.results.iter().take(deals.len()).enumerate() {
            let code = write_par(table, &mut par.presults[k], mode);
            if code != RETURN_NO_FAULT {
                return code;
            }
        }
    }
    RETURN_NO_FAULT
}

/// The deals of a batch to read: `noOfTables` (0 if negative), or, when
/// it is more than the structure holds, the code `calc_all` would give
/// (checked before reading past the array).
fn deal_count(n: c_int, filter: &[c_int; 5]) -> Result<usize, c_int> {
    let n = usize::try_from(n).unwrap_or(0);
    if n <= MAXNOOFTABLES * DDS_STRAINS {
        return Ok(n);
    }
    let strains = filter.iter().filter(|&&f| f == 0).count();
    Err(if strains == 0 { RETURN_NO_SUIT } else { RETURN_TOO_MANY_TABLES })
}

/// DDS's `CalcAllTables`: the tables of several deals for the strains
/// `trumpFilter` leaves in (0: in), on every thread, and their par when
/// `mode` is a vulnerability (0 none, 1 both, 2 NS, 3 EW; -1 no par) and
/// every strain is in.
///
/// # Safety
/// `dealsp`, `trumpFilter` (5 ints), `resp` and `presp` (when par is
/// asked) are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn CalcAllTables(
    dealsp: *mut ddTableDeals,
    mode: c_int,
    trumpFilter: *mut c_int,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(deals), Some(filter), Some(res)) =
            (unsafe { dealsp.as_ref() }, unsafe { trumpFilter.cast::<[c_int; 5]>().as_ref() }, unsafe {
                resp.as_mut()
            })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let n = match deal_count(deals.noOfTables, filter) {
            Ok(n) => n,
            Err(code) => return code,
        };
        let cards: Vec<[[u32; 4]; 4]> = deals.deals[..n].iter().map(|d| d.cards).collect();
        // SAFETY: the caller's contract.
        calc_all(&cards, mode, filter, res, unsafe { presp.as_mut() })
    })
}

/// DDS's `CalcAllTablesPBN`: [`CalcAllTables`] of PBN deals.
///
/// # Safety
/// As [`CalcAllTables`].
#[no_mangle]
pub unsafe extern "C" fn CalcAllTablesPBN(
    dealsp: *mut ddTableDealsPBN,
    mode: c_int,
    trumpFilter: *mut c_int,
    resp: *mut ddTablesRes,
    presp: *mut allParResults,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(deals), Some(filter), Some(res)) =
            (unsafe { dealsp.as_ref() }, unsafe { trumpFilter.cast::<[c_int; 5]>().as_ref() }, unsafe {
                resp.as_mut()
            })
        else {
            return RETURN_UNKNOWN_FAULT;
        };
        let n = match deal_count(deals.noOfTables, filter) {
            Ok(n) => n,
            Err(code) => return code,
        };
        let cards: Result<Vec<_>, c_int> = deals.deals[..n].iter().map(|d| cards_from_pbn(&d.cards)).collect();
        match cards {
            // SAFETY: the caller's contract.
            Ok(cards) => calc_all(&cards, mode, filter, res, unsafe { presp.as_mut() }),
            Err(code) => code,
        }
    })
}

/// DDS's `CalcPar`: the table of a deal and its par (`Par`).
///
/// # Safety
/// `tablep` and `presp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn CalcPar(
    tableDeal: ddTableDeal,
    vulnerable: c_int,
    tablep: *mut ddTableResults,
    presp: *mut parResults,
) -> c_int {
    guard(|| {
        // SAFETY: the caller's contract.
        let (Some(table), Some(par)) = (unsafe { tablep.as_mut() }, unsafe { presp.as_mut() }) else {
            return RETURN_UNKNOWN_FAULT;
        };
        match calc_table(&tableDeal.cards, table) {
            RETURN_NO_FAULT => write_par(table, par, vulnerable),
            code => code,
        }
    })
}

/// DDS's `CalcParPBN`: [`CalcPar`] of a PBN deal.
///
/// # Safety
/// `tablep` and `presp` are NULL or valid.
#[no_mangle]
pub unsafe extern "C" fn CalcParPBN(
    tableDealPBN: ddTableDealPBN,
    tablep: *mut ddTableResults,
    vulnerable: c_int,
    presp: *mut parResults,
) -> c_int {
    guard(|| {
        let cards = match cards_from_pbn(&tableDealPBN.cards) {
            Ok(cards) => cards,
            Err(code) => return code,
        };
        // SAFETY: passed on.
        unsafe { CalcPar(ddTableDeal { cards }, vulnerable, tablep, presp) }
    })
}
