//! Batches: the items split into good ones and failures, the good ones
//! solved in chunks with the GIL released (Ctrl-C is checked and the
//! `progress` callback called between chunks), the answers put back in
//! input order.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyBool;

use crate::convert::ErrorMode;
use crate::errors::Failure;

/// The items of a batch after reading: the good ones, and for each input
/// position its place among them or its failure.
#[derive(Debug)]
pub(crate) struct Split<T> {
    /// The good items, in input order.
    pub(crate) good: Vec<T>,
    /// For each input item: `Ok(place in good)` or its failure.
    pub(crate) slots: Vec<Result<usize, Failure>>,
}

impl<T> Split<T> {
    /// Splits `items`; with [`ErrorMode::Raise`], the first failure is
    /// raised, naming the item as `noun` and its index.
    pub(crate) fn new(
        py: Python<'_>,
        items: Vec<Result<T, Failure>>,
        mode: ErrorMode,
        noun: &str,
    ) -> PyResult<Split<T>> {
        if mode == ErrorMode::Raise {
            if let Some((i, f)) = items.iter().enumerate().find_map(|(i, r)| r.as_ref().err().map(|f| (i, f))) {
                return Err(f.to_pyerr(py, Some((noun, i))));
            }
        }
        let mut good = Vec::with_capacity(items.len());
        let mut slots = Vec::with_capacity(items.len());
        for item in items {
            match item {
                Ok(item) => {
                    slots.push(Ok(good.len()));
                    good.push(item);
                }
                Err(f) => slots.push(Err(f)),
            }
        }
        Ok(Split { good, slots })
    }

    /// The input items done once the first `solved` good items are solved:
    /// every item before the first good item not solved yet (the bad items
    /// among them included), or all of them.
    pub(crate) fn done(&self, solved: usize) -> usize {
        self.slots.iter().position(|slot| matches!(slot, Ok(place) if *place == solved)).unwrap_or(self.slots.len())
    }
}

/// The answers of a batch in input order: `Ok(answer)` or the item's
/// failure, from the answers of the good items. A batch stopped by its
/// `progress` callback has answers for the first good items only: the
/// result is then cut to the input items done ([`Split::done`]).
pub(crate) fn merge<T, R>(split: Split<T>, answers: Vec<Result<R, dds::Error>>) -> Vec<Result<R, Failure>> {
    let done = split.done(answers.len());
    let mut answers: Vec<Option<Result<R, dds::Error>>> = answers.into_iter().map(Some).collect();
    split
        .slots
        .into_iter()
        .take(done)
        .map(|slot| match slot {
            Ok(place) => match answers.get_mut(place).and_then(Option::take) {
                Some(Ok(r)) => Ok(r),
                Some(Err(e)) => Err(Failure::from_dds(&e)),
                None => Err(Failure::new(crate::errors::Class::Input, "other", "no answer")),
            },
            Err(f) => Err(f),
        })
        .collect()
}

/// How long a chunk of a batch should take, in seconds (as `f64` bits):
/// the longest wait for Ctrl-C to be noticed, about.
static CHUNK_SECONDS: AtomicU64 = AtomicU64::new(0x3FD3_3333_3333_3333); // 0.3

/// Sets the time a chunk should take (`ddsrs._ddsrs._set_chunk_seconds`,
/// for tests and measurements); returns the previous value.
pub(crate) fn set_chunk_seconds(seconds: f64) -> f64 {
    f64::from_bits(CHUNK_SECONDS.swap(seconds.to_bits(), Ordering::Relaxed))
}

/// The `progress` argument of a batch: `None`, or a callable
/// `progress(done, total)`; anything else is a `TypeError` naming it.
pub(crate) fn progress_arg<'py>(progress: Option<Bound<'py, PyAny>>) -> PyResult<Option<Bound<'py, PyAny>>> {
    match progress.filter(|p| !p.is_none()) {
        Some(p) if !p.is_callable() => Err(PyTypeError::new_err(format!(
            "progress must be None or a callable progress(done, total), not {}",
            p.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
        ))),
        other => Ok(other),
    }
}

/// Solves the good items of `split` in chunks (see [`chunked`]), calling
/// `progress(done, total)` (input items, bad ones included) with the GIL
/// after each chunk, and once more at the end if the last call did not
/// say every item was done. `progress` returning `False` stops the batch
/// after that chunk: the answers of the good items solved so far come
/// back ([`merge`] cuts the batch to the `done` of that call). An
/// exception of `progress` propagates, as Ctrl-C's does.
pub(crate) fn solve_split<T: Sync, R: Send>(
    py: Python<'_>,
    split: &Split<T>,
    first: usize,
    progress: Option<&Bound<'_, PyAny>>,
    solve: impl Fn(&[T]) -> Vec<R> + Sync,
) -> PyResult<Vec<R>> {
    let total = split.slots.len();
    let mut reported: Option<usize> = None;
    let mut stopped = false;
    let answers = chunked(py, &split.good, first, solve, |solved| {
        let Some(callback) = progress else { return Ok(false) };
        let done = split.done(solved);
        reported = Some(done);
        stopped = callback.call1((done, total))?.is(PyBool::new(py, false));
        Ok(stopped)
    })?;
    if let Some(callback) = progress {
        if !stopped && reported != Some(total) {
            callback.call1((total, total))?;
        }
    }
    Ok(answers)
}

/// Solves `items` in chunks, each with the GIL released, checking for
/// signals (Ctrl-C) between chunks, then calling `after(solved so far)`,
/// which returns `true` to stop (the answers so far come back). The first
/// chunk holds `first` items; each later one is sized from the time per
/// item so far to take about [`CHUNK_SECONDS`], and holds at least
/// `first` items.
fn chunked<T: Sync, R: Send>(
    py: Python<'_>,
    items: &[T],
    first: usize,
    solve: impl Fn(&[T]) -> Vec<R> + Sync,
    mut after: impl FnMut(usize) -> PyResult<bool>,
) -> PyResult<Vec<R>> {
    let target = f64::from_bits(CHUNK_SECONDS.load(Ordering::Relaxed));
    let first = first.max(1);
    let mut out = Vec::with_capacity(items.len());
    let (mut start, mut size) = (0, first);
    let clock = Instant::now();
    while start < items.len() {
        let end = items.len().min(start + size);
        out.extend(py.allow_threads(|| solve(&items[start..end])));
        py.check_signals()?;
        start = end;
        if after(start)? {
            break;
        }
        let per_item = clock.elapsed().as_secs_f64() / start as f64;
        size = if per_item > 0.0 { (target / per_item).min(1e9) as usize } else { first }.max(first);
    }
    Ok(out)
}

/// The answers of a batch for Python: with [`ErrorMode::Raise`], the
/// answers (the first failure raised); with [`ErrorMode::Return`], every
/// answer (`None` where the item failed) and the list of exceptions, in
/// input order.
pub(crate) fn finish<R>(
    py: Python<'_>,
    results: Vec<Result<R, Failure>>,
    mode: ErrorMode,
    noun: &str,
) -> PyResult<(Vec<Option<R>>, Vec<PyObject>)> {
    let mut answers = Vec::with_capacity(results.len());
    let mut errors = Vec::new();
    for (i, result) in results.into_iter().enumerate() {
        match result {
            Ok(r) => answers.push(Some(r)),
            Err(f) => {
                let err = f.to_pyerr(py, Some((noun, i)));
                if mode == ErrorMode::Raise {
                    return Err(err);
                }
                errors.push(err.into_value(py).into_any());
                answers.push(None);
            }
        }
    }
    Ok((answers, errors))
}
