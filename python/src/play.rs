//! The play: `analyse_play` and `analyse_plays` (DDS's `AnalysePlay` and
//! `AnalyseAllPlays`), and `best_line`.

use dds::PlayRequest;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

use crate::batch::{finish, merge, progress_arg, solve_split, Split};
use crate::boards::board_arg;
use crate::convert::{self, ErrorMode, Need};
use crate::errors::{Class, Failure};
use crate::types::{BestLine, PlayAnalysis};
use crate::{raise, with_solver};

/// One play request of a batch: a tuple `(deal, strain, leader, play)`.
fn play_item(obj: &Bound<'_, PyAny>) -> Result<PlayRequest, Failure> {
    let parts: Vec<Bound<'_, PyAny>> = match obj.downcast::<PyTuple>() {
        Ok(t) => t.iter().collect(),
        Err(_) => match obj.downcast::<PyList>() {
            Ok(l) => l.iter().collect(),
            Err(_) => Vec::new(),
        },
    };
    let [deal, strain, leader, play] = parts.as_slice() else {
        return Err(Failure::new(Class::Input, "type", "a play must be a tuple (deal, strain, leader, play)"));
    };
    play_request(deal, strain, leader, play)
}

/// A play request from its parts, checked with the facade's
/// `PlayRequest::check` (the error `analyse_play` would give, found
/// without a search, so a batch raises before anything is solved).
fn play_request(
    deal: &Bound<'_, PyAny>,
    strain: &Bound<'_, PyAny>,
    leader: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
) -> Result<PlayRequest, Failure> {
    let request = PlayRequest {
        deal: convert::deal(deal, Need::Remaining)?,
        strain: convert::strain(strain)?,
        leader: convert::seat(leader)?,
        play: if play.is_none() { Vec::new() } else { convert::cards(play)? },
    };
    request.check().map_err(|e| Failure::from_dds(&e))?;
    Ok(request)
}

/// DDS's `AnalysePlay`: declarer's side's tricks with best play before the
/// play and after each card of `play` (from the opening lead by `leader`;
/// declarer is on the leader's right). An illegal card raises a
/// `PlayError` naming it and its place.
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> analyse_play(deal, "S", "N", "CT C4 CA CJ").tricks  # West keeps 8 tricks
/// [8, 8, 8, 8, 8]
/// >>> analyse_play(deal, "S", "N", ["CT", "C4", "CA", "H4"])
/// Traceback (most recent call last):
/// ...
/// ddsrs.PlayError: card 4 of the play (H4, West to play): a revoke: West must follow to clubs
#[pyfunction]
pub(crate) fn analyse_play(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    strain: &Bound<'_, PyAny>,
    leader: &Bound<'_, PyAny>,
    play: &Bound<'_, PyAny>,
) -> PyResult<PlayAnalysis> {
    let r = play_request(deal, strain, leader, play).map_err(raise(py))?;
    let analysis = py
        .allow_threads(|| with_solver(|s| s.analyse_play(&r.deal, r.strain, r.leader, &r.play)))
        .map_err(|e| raise(py)(e.into()))?;
    Ok(PlayAnalysis::from_dds(&analysis))
}

/// `analyse_play` for many sequences on every core (DDS's
/// `AnalyseAllPlays`, with no limit): each item a tuple `(deal, strain,
/// leader, play)`. With `errors="return"`: `(analyses, errors)`.
/// `threads` and `progress(done, total)` as `dd_tables`' (`progress`
/// returning `False` stops: the analyses of the first `done` plays come
/// back).
///
/// >>> deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
/// >>> analyse_plays([(deal, "S", "N", "CT C4 CA CJ"), (deal, "NT", "E", "")])
/// [PlayAnalysis([8, 8, 8, 8, 8]), PlayAnalysis([6])]
#[pyfunction]
#[pyo3(signature = (plays, threads = None, errors = "raise", *, progress = None))]
pub(crate) fn analyse_plays<'py>(
    py: Python<'py>,
    plays: &Bound<'py, PyAny>,
    threads: Option<&Bound<'py, PyAny>>,
    errors: &str,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let mode = convert::error_mode(errors)?;
    let settings = convert::parallel(threads)?;
    let progress = progress_arg(progress)?;
    if plays.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err("plays must be a sequence of (deal, strain, leader, play) tuples"));
    }
    let mut items = Vec::new();
    for item in plays.try_iter()? {
        items.push(play_item(&item?));
    }
    let split = Split::new(py, items, mode, "play")?;
    let first = 2 * convert::thread_count(&settings);
    let answers = solve_split(py, &split, first, progress.as_ref(), |part| dds::analyse_plays(part, &settings))?;
    let (answers, errors) = finish(py, merge(split, answers), mode, "play")?;
    let analyses: Vec<Option<PlayAnalysis>> = answers.iter().map(|a| a.as_ref().map(PlayAnalysis::from_dds)).collect();
    let analyses = analyses.into_pyobject(py)?.into_any();
    if mode == ErrorMode::Return {
        return Ok(PyTuple::new(py, [analyses, errors.into_pyobject(py)?.into_any()])?.into_any());
    }
    Ok(analyses)
}

/// One line of best play from the position to the end of the deal: every
/// card keeps the position's value.
///
/// >>> line = best_line("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3", "S", "N")
/// >>> line.ns_tricks, len(line), line[3]
/// (5, 52, LineCard(seat='W', card='D3', wins='E', tricks=8))
#[pyfunction]
#[pyo3(signature = (deal, strain = None, leader = None, played = None))]
pub(crate) fn best_line(
    py: Python<'_>,
    deal: &Bound<'_, PyAny>,
    strain: Option<&Bound<'_, PyAny>>,
    leader: Option<&Bound<'_, PyAny>>,
    played: Option<&Bound<'_, PyAny>>,
) -> PyResult<BestLine> {
    let board = board_arg(deal, strain, leader, played)?;
    let line = py.allow_threads(|| with_solver(|s| s.best_line(&board)));
    Ok(BestLine::from_dds(&line))
}
