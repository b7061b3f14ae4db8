//! `solve_layouts`: every layout of the unknown cards (or a sample), with
//! progress reports, a time limit and Ctrl-C checked as it goes.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use dds::layouts::{LayoutOptions, LayoutTask, Layouts};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::batch::progress_arg;
use crate::convert;
use crate::types::LayoutSummary;
use crate::{raise, tables_array};

/// Every layout of the unknown cards ("solve all deals"): `deal` gives the
/// known hands, `-` for a hand of unknown cards (a short hand holds the
/// cards known to be there). With `strain` and `leader`, each layout is
/// solved for that lead (with `every_lead=True`, every card of the leader
/// scored: the summary's `lead_*` figures); without, its whole table. With
/// `hide` (seats), `deal` is a position of equal hands (an ending, or a
/// full deal) whose hidden seats' cards are dealt again. The work goes in chunks
/// of 40 layouts in a shuffled order, so a partial run (`sample`, `limit`,
/// `time_limit` in seconds, or `progress` returning False) is a fair
/// sample. `progress(solved, planned)` is called on the first layout, then
/// at most every 0.1 s, and at the end; Ctrl-C raises KeyboardInterrupt.
/// `keep=True` keeps each layout's number, table and deal.
///
/// >>> pbn = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98"
/// >>> summary = solve_layouts(pbn, "S", "E")  # six unknown cards: 20 layouts
/// >>> summary.solved, summary.make_probability(5, "S", "N")
/// (20, 0.2)
#[pyfunction]
#[pyo3(signature = (
    deal, strain = None, leader = None, *, sample = None, limit = None, time_limit = None, seed = None,
    threads = None, progress = None, keep = false, every_lead = false, hide = None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_layouts(
    py: Python<'_>,
    deal: &str,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    sample: Option<u64>,
    limit: Option<u64>,
    time_limit: Option<f64>,
    seed: Option<u64>,
    threads: Option<&Bound<'_, PyAny>>,
    progress: Option<Bound<'_, PyAny>>,
    keep: bool,
    every_lead: bool,
    hide: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<LayoutSummary> {
    let progress = progress_arg(progress)?.map(Bound::unbind);
    let layouts = match hide {
        None => Layouts::from_pbn(deal).map_err(|e| raise(py)(e.into()))?,
        Some(seats) => {
            let seats = seats.iter().map(|s| convert::seat(s).map_err(raise(py))).collect::<PyResult<Vec<_>>>()?;
            let position =
                dds::model::Deal::from_pbn_remaining(deal.trim()).map_err(|e| raise(py)(dds::Error::from(e).into()))?;
            Layouts::hide(&position, &seats).map_err(|e| raise(py)(e.into()))?
        }
    };
    let task = match (strain.filter(|s| !s.is_none()), leader.filter(|l| !l.is_none())) {
        (None, None) if every_lead => return Err(PyTypeError::new_err("every_lead needs a strain and a leader")),
        (None, None) => LayoutTask::Table,
        (Some(s), Some(l)) => {
            let (strain, leader) = (convert::strain(s).map_err(raise(py))?, convert::seat(l).map_err(raise(py))?);
            if every_lead {
                LayoutTask::Leads { strain, leader }
            } else {
                LayoutTask::Lead { strain, leader }
            }
        }
        _ => return Err(PyTypeError::new_err("give both strain and leader (one lead), or neither (the whole table)")),
    };
    let mut options = LayoutOptions { sample, limit, ..LayoutOptions::default() };
    if let Some(seconds) = time_limit {
        options.time_limit = Some(Duration::try_from_secs_f64(seconds).map_err(|_| {
            PyValueError::new_err(format!("time_limit must be a number of seconds, 0 or more, not {seconds}"))
        })?);
    }
    if let Some(seed) = seed {
        options.seed = seed;
    }
    let settings = convert::parallel(threads)?;
    let interval = Duration::from_millis(100);
    // The first result is reported at once, then one at most every interval.
    let mut last: Option<Instant> = None;
    let mut reported = None;
    let mut failure: Option<PyErr> = None;
    let mut kept: (Vec<u64>, Vec<[u8; 20]>, Vec<String>) = (Vec::new(), Vec::new(), Vec::new());
    let result = py.allow_threads(|| {
        dds::layouts::solve_layouts(&layouts, task, &options, &settings, |result, summary| {
            if keep {
                kept.0.push(result.index);
                kept.1.push(convert::table_entries(&result.table));
                kept.2.push(result.deal.to_string());
            }
            let now = Instant::now();
            let due = last.is_none_or(|last| now.duration_since(last) >= interval);
            if !due && summary.solved() < summary.planned() {
                return ControlFlow::Continue(());
            }
            last = Some(now);
            let step = Python::with_gil(|py| -> PyResult<bool> {
                py.check_signals()?;
                if let Some(callback) = &progress {
                    reported = Some(summary.solved());
                    let answer = callback.call1(py, (summary.solved(), summary.planned()))?;
                    return Ok(answer.bind(py).is(PyBool::new(py, false)));
                }
                Ok(false)
            });
            match step {
                Ok(false) => ControlFlow::Continue(()),
                Ok(true) => ControlFlow::Break(()),
                Err(e) => {
                    failure = Some(e);
                    ControlFlow::Break(())
                }
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    let summary = result.map_err(|e| raise(py)(e.into()))?;
    if let Some(callback) = &progress {
        if reported != Some(summary.solved()) {
            callback.call1(py, (summary.solved(), summary.planned()))?;
        }
    }
    let kept = if keep {
        let indices = PyArray1::from_vec(py, kept.0).into_any().unbind();
        let tables = tables_array(py, &kept.1, false)?.unbind();
        let deals = kept.2.into_pyobject(py)?.into_any().unbind();
        Some((indices, tables, deals))
    } else {
        None
    };
    Ok(LayoutSummary::from_dds(summary, kept))
}
