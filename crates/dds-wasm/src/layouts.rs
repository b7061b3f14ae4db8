//! `layouts(deal, options)`: the single-dummy statistics of `dds layouts`
//! (every layout of the unknown cards solved, or a random sample), with
//! the facade's [`solve_layouts`] on one thread and its [`LayoutSummary`]
//! statistics.

use std::ops::ControlFlow;

use dds::model::Level;
use dds::{solve_layouts, LayoutOptions, LayoutSummary, LayoutTask, Layouts, Parallel};
use wasm_bindgen::prelude::*;

use crate::api::{callback, Stop};
use crate::convert::{self, array, property, show, strings, Obj};
use crate::error::{Failure, JsResult};

/// The task of the options: `{strain, leader}` for one lead, `{table:
/// true}` for every strain and declarer.
fn task(options: &JsValue) -> Result<LayoutTask, Failure> {
    let (strain, leader) = (property(options, "strain"), property(options, "leader"));
    let table = property(options, "table").as_bool().unwrap_or(false);
    match (strain.is_undefined(), leader.is_undefined(), table) {
        (false, false, false) => {
            Ok(LayoutTask::Lead { strain: convert::strain(&strain)?, leader: convert::seat(&leader, "leader")? })
        }
        (true, true, true) => Ok(LayoutTask::Table),
        _ => Err(Failure::type_error("options", "{strain, leader} for one lead, or {table: true}")),
    }
}

/// A count of layouts of the options (`sample`, `limit`): a whole number
/// from 1 on, or left out.
fn count(options: &JsValue, name: &str) -> Result<Option<u64>, Failure> {
    let value = property(options, name);
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match convert::integer(&value, name, 0)? {
        n if n >= 1 => Ok(Some(n as u64)),
        _ => Err(Failure::new("Range", format!("{name}: expected a number of layouts from 1 on")).about(name)),
    }
}

/// The problem of a deal argument: PBN deal text whose unknown hands are
/// `-` (or short hands that receive the cards no hand holds).
fn problem(deal: &JsValue) -> Result<Layouts, Failure> {
    let text = convert::text(deal, "deal")?;
    Layouts::from_pbn(text.trim()).map_err(|e| Failure::from(e).about("deal"))
}

/// `countLayouts(deal)`: `{population, hidden, unknown}`, the problem of
/// `layouts(deal, ...)` before any solving (the facade's `Layouts`).
pub(crate) fn count_layouts(deal: &JsValue) -> JsResult<JsValue> {
    let layouts = problem(deal)?;
    Ok(Obj::new()
        .set("population", layouts.count() as f64)
        .set("hidden", strings(layouts.hidden().iter().map(|s| s.to_string())))
        .set("unknown", show(layouts.unknown()))
        .into())
}

/// Calls `onProgress(done, planned, summary)`, `summary` the figures so
/// far (as `layouts` returns them, `stopped` false).
fn progress(
    callback: Option<&js_sys::Function>,
    layouts: &Layouts,
    so_far: &LayoutSummary,
    planned: u64,
    vulnerability: dds::Vulnerability,
) -> Result<(), Stop> {
    let Some(callback) = callback else { return Ok(()) };
    let summary = summary_object(layouts, so_far, vulnerability, false);
    let answer = callback
        .call3(&JsValue::UNDEFINED, &(so_far.solved() as f64).into(), &(planned as f64).into(), &summary)
        .map_err(Stop::Thrown)?;
    if answer == JsValue::FALSE {
        return Err(Stop::Cancelled);
    }
    Ok(())
}

/// `layouts(deal, options)`. The callback `onProgress(done, planned,
/// summary)` is called after each layout with the figures so far (for a
/// running estimate); `false` stops the run, which then returns the
/// figures of the layouts solved so far (`stopped: true`), as `dds
/// layouts` prints them after Ctrl-C. The options have no time limit (the
/// facade's reads a clock that `wasm32-unknown-unknown` lacks): a caller
/// that wants one returns `false` from `onProgress` when its time is up.
pub(crate) fn layouts(deal: &JsValue, options: &JsValue) -> JsResult<JsValue> {
    let layouts = problem(deal)?;
    let task = task(options)?;
    let vulnerability = convert::vulnerability(&property(options, "vulnerability"))?;
    let seed = convert::integer(&property(options, "seed"), "seed", LayoutOptions::default().seed as i64)?;
    let seed = u64::try_from(seed)
        .map_err(|_| Failure::new("Range", "seed: expected a whole number from 0 on").about("seed"))?;
    let callback = callback(&property(options, "onProgress"), "onProgress")?;
    let settings =
        LayoutOptions { sample: count(options, "sample")?, limit: count(options, "limit")?, time_limit: None, seed };
    let planned = layouts.count().min(settings.sample.unwrap_or(u64::MAX)).min(settings.limit.unwrap_or(u64::MAX));
    // What stopped the run: the callback's `false` (the figures so far are
    // returned) or its exception (thrown on).
    let mut stop = None;
    let summary = solve_layouts(&layouts, task, &settings, &Parallel::with_threads(1), |_, so_far| {
        match progress(callback.as_ref(), &layouts, so_far, planned, vulnerability) {
            Ok(()) => ControlFlow::Continue(()),
            Err(why) => {
                stop = Some(why);
                ControlFlow::Break(())
            }
        }
    })
    .map_err(|e| Failure::from(e).about("deal"))?;
    match stop {
        Some(Stop::Thrown(error)) => Err(error),
        stop => Ok(summary_object(&layouts, &summary, vulnerability, stop.is_some())),
    }
}

/// The totals as `dds layouts --json` writes them, with camel-case names:
/// `{population, planned, solved, complete, stopped, units, hidden,
/// unknown, vulnerability, results: [{strain, declarer, distribution,
/// mean, make, standardError, expectedScore}]}`.
fn summary_object(
    layouts: &Layouts,
    summary: &LayoutSummary,
    vulnerability: dds::Vulnerability,
    stopped: bool,
) -> JsValue {
    let number = |v: Option<f64>| v.map_or(JsValue::NULL, JsValue::from);
    let cells = summary.cells().map(|(strain, declarer)| {
        let counts = summary.distribution(strain, declarer).copied().unwrap_or_default();
        let makes: Vec<Option<f64>> =
            Level::ALL.iter().map(|&level| summary.make_probability(level, strain, declarer)).collect();
        Obj::new()
            .set("strain", strain.as_str())
            .set("declarer", show(declarer))
            .set("distribution", array(counts.iter().map(|&n| n as f64)))
            .set("mean", number(summary.mean_tricks(strain, declarer)))
            .set("make", array(makes.iter().map(|&p| number(p))))
            .set("standardError", array(makes.iter().map(|&p| number(p.and_then(|p| summary.standard_error(p))))))
            .set(
                "expectedScore",
                array(Level::ALL.iter().map(|&l| number(summary.expected_score(l, strain, declarer, vulnerability)))),
            )
    });
    Obj::new()
        .set("population", summary.population() as f64)
        .set("planned", summary.planned() as f64)
        .set("solved", summary.solved() as f64)
        .set("complete", summary.is_complete())
        .set("stopped", stopped)
        .set("units", summary.figures().units as f64)
        .set("hidden", strings(layouts.hidden().iter().map(|s| s.to_string())))
        .set("unknown", show(layouts.unknown()))
        .set("vulnerability", vulnerability.as_str())
        .set("results", array(cells))
        .into()
}
