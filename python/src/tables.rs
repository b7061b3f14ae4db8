//! Tables and par: `dd_table`, `dd_tables` (with par as objects or as a
//! structured array of `PAR_DTYPE`), `par`, `dealer_par` and
//! `contract_result`, from deals or from tables given as arrays.

use dds::model::{ByStrain, Strain};
use dds::{DdTable, TableOptions};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyList, PyString, PyTuple};

use crate::batch::{finish, merge, progress_arg, solve_split, Split};
use crate::convert::{self, ErrorMode, Need};
use crate::types::{ContractResult, Par, SidesPar};
use crate::{raise, tables_array, with_solver};

/// The value of a table entry for a deal that failed (`errors="return"`).
pub(crate) const MISSING: u8 = 255;

/// The par contracts a par row of `par_format="array"` holds (DDS's limit;
/// a view never has more: five strains, two seats).
const PAR_SLOTS: usize = 10;

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

/// The double dummy table of one full deal: a (5, 4) uint8 array, strains
/// S, H, D, C, NT by declarers N, E, S, W (DDS's `CalcDDtable`): the
/// tricks each declarer takes when the seat on its left leads.
///
/// >>> table = dd_table("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3")
/// >>> table.tolist()
/// [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]
/// >>> int(table[4, 0])  # notrump, North declares
/// 6
///
/// `threads` (None or 0: every core) spreads the table's strains over
/// that many threads, as DDS 2.9's `CalcDDtable` does; with 1 the table is
/// solved on the calling thread.
#[pyfunction]
#[pyo3(signature = (deal, threads = None))]
pub(crate) fn dd_table<'py>(
    py: Python<'py>,
    deal: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let settings = convert::parallel(threads)?;
    let deal = convert::deal(deal, Need::Full).map_err(raise(py))?;
    let table = py
        .allow_threads(|| {
            if convert::thread_count(&settings) == 1 {
                with_solver(|s| s.dd_table(&deal))
            } else {
                dds::dd_tables(core::slice::from_ref(&deal), &settings).pop().unwrap_or(Err(dds::Error::NotFullDeal))
            }
        })
        .map_err(|e| raise(py)(e.into()))?;
    tables_array(py, &[convert::table_entries(&table)], true)
}

/// The bytes of one par view in `PAR_DTYPE`'s layout.
fn push_par_view(par: &dds::par::Par, out: &mut Vec<u8>) {
    out.extend(par.score.to_le_bytes());
    out.push(par.contracts.len().min(PAR_SLOTS) as u8);
    for k in 0..PAR_SLOTS {
        match par.contracts.get(k) {
            Some(c) => {
                out.extend([
                    c.level.get(),
                    c.strain.index() as u8,
                    c.declarer.to_dds(),
                    u8::from(c.doubled),
                    c.result as u8,
                ]);
            }
            None => out.extend([0u8; 5]),
        }
    }
}

/// The numpy dtype of a par row of `par_format="array"`.
pub(crate) fn par_dtype(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
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
pub(crate) fn dd_tables<'py>(
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
    let options = TableOptions { strains: ByStrain::from_fn(|s| strains.contains(&s)), par: vul };
    // Raised before any deal is read or solved, with the facade's message.
    options.check().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let as_array = match par_format {
        "objects" => false,
        "array" => true,
        other => {
            return Err(PyValueError::new_err(format!("par_format must be \"objects\" or \"array\", not {other:?}")))
        }
    };
    let split = Split::new(py, convert::deals(deals, Need::Full)?, mode, "deal")?;
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
                        push_par_view(&dds::par::Par::default(), &mut bytes);
                        push_par_view(&dds::par::Par::default(), &mut bytes);
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
pub(crate) fn par(py: Python<'_>, table: &Bound<'_, PyAny>, vul: &Bound<'_, PyAny>) -> PyResult<SidesPar> {
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
pub(crate) fn dealer_par(
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
pub(crate) fn contract_result(
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
