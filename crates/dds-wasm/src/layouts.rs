//! `layouts(deal, options)`: the single-dummy statistics of `dds layouts`
//! (every layout of the unknown cards solved, or a random sample), with
//! the facade's [`solve_layouts`] on one thread and its [`LayoutSummary`]
//! statistics.

use std::ops::ControlFlow;

use dds::layouts::{solve_layouts, LayoutFigures, LayoutOptions, LayoutShare, LayoutSummary, LayoutTask, Layouts};
use dds::model::{BySeat, ByStrain, Level};
use dds::Parallel;
use wasm_bindgen::prelude::*;

use crate::api::{callback, Stop};
use crate::convert::{self, array, property, show, strings, Obj};
use crate::error::{Failure, JsResult};

/// The task of the options: `{strain, leader}` for one lead (with
/// `everyLead: true`, every card of the leader scored), `{table: true}`
/// for every strain and declarer.
fn task(options: &JsValue) -> Result<LayoutTask, Failure> {
    let (strain, leader) = (property(options, "strain"), property(options, "leader"));
    let table = property(options, "table").as_bool().unwrap_or(false);
    let every_lead = property(options, "everyLead").as_bool().unwrap_or(false);
    match (strain.is_undefined(), leader.is_undefined(), table) {
        (false, false, false) => {
            let (strain, leader) = (convert::strain(&strain)?, convert::seat(&leader, "leader")?);
            Ok(if every_lead { LayoutTask::Leads { strain, leader } } else { LayoutTask::Lead { strain, leader } })
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

/// The share of the options: `{part, parts}` (part from 0, below parts),
/// or left out for the whole run.
fn share(options: &JsValue) -> Result<Option<LayoutShare>, Failure> {
    let value = property(options, "share");
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    let part = convert::integer(&property(&value, "part"), "share.part", -1)?;
    let parts = convert::integer(&property(&value, "parts"), "share.parts", -1)?;
    let share = u32::try_from(part).ok().zip(u32::try_from(parts).ok()).and_then(|(k, n)| LayoutShare::new(k, n));
    share
        .map(Some)
        .ok_or_else(|| Failure::new("Range", "share: expected {part, parts} with 0 <= part < parts").about("share"))
}

/// The problem of a deal argument: PBN deal text whose unknown hands are
/// `-` (or short hands that receive the cards no hand holds).
/// With `hide` (an array of seats), `deal` is a position of equal hands
/// (an ending, or a full deal) whose hidden seats' cards are dealt again
/// (the facade's `Layouts::hide`).
fn problem(deal: &JsValue, hide: &JsValue) -> Result<Layouts, Failure> {
    if hide.is_undefined() || hide.is_null() {
        let text = convert::text(deal, "deal")?;
        return Layouts::from_pbn(text.trim()).map_err(|e| Failure::from(e).about("deal"));
    }
    if !js_sys::Array::is_array(hide) {
        return Err(Failure::type_error("hide", "an array of seats such as [\"E\", \"W\"]"));
    }
    let seats = js_sys::Array::from(hide)
        .iter()
        .enumerate()
        .map(|(i, seat)| convert::seat(&seat, &format!("hide[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let position = convert::remaining_deal(deal, "deal")?;
    Layouts::hide(&position, &seats).map_err(|e| Failure::from(e).about("deal"))
}

/// `countLayouts(deal)`: `{population, hidden, unknown}`, the problem of
/// `layouts(deal, ...)` before any solving (the facade's `Layouts`).
pub(crate) fn count_layouts(deal: &JsValue, hide: &JsValue) -> JsResult<JsValue> {
    let layouts = problem(deal, hide)?;
    Ok(Obj::new()
        .set("population", layouts.count() as f64)
        .set("hidden", strings(layouts.hidden().iter().map(|s| s.to_string())))
        .set("unknown", show(layouts.unknown()))
        .into())
}

/// The problem's fields of a summary object: the hidden seats and the
/// unknown cards.
struct Problem {
    hidden: JsValue,
    unknown: JsValue,
}

impl Problem {
    fn of(layouts: &Layouts) -> Problem {
        Problem {
            hidden: strings(layouts.hidden().iter().map(|s| s.to_string())).into(),
            unknown: show(layouts.unknown()),
        }
    }
}

/// Calls `onProgress(done, planned, summary)`, `summary` the figures so
/// far (as `layouts` returns them, `stopped` false); `planned` is the
/// share's when the run is a share.
fn progress(
    callback: Option<&js_sys::Function>,
    problem: &Problem,
    so_far: &LayoutSummary,
    vulnerability: dds::Vulnerability,
) -> Result<(), Stop> {
    let Some(callback) = callback else { return Ok(()) };
    let summary = summary_object(problem, so_far, vulnerability, false);
    let (done, planned) = (so_far.solved() as f64, so_far.planned() as f64);
    let answer = callback.call3(&JsValue::UNDEFINED, &done.into(), &planned.into(), &summary).map_err(Stop::Thrown)?;
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
    let layouts = problem(deal, &property(options, "hide"))?;
    let task = task(options)?;
    let vulnerability = convert::vulnerability(&property(options, "vulnerability"))?;
    let seed = convert::integer(&property(options, "seed"), "seed", LayoutOptions::default().seed as i64)?;
    let seed = u64::try_from(seed)
        .map_err(|_| Failure::new("Range", "seed: expected a whole number from 0 on").about("seed"))?;
    let callback = callback(&property(options, "onProgress"), "onProgress")?;
    let settings = LayoutOptions {
        sample: count(options, "sample")?,
        limit: count(options, "limit")?,
        time_limit: None,
        seed,
        share: share(options)?,
    };
    let problem = Problem::of(&layouts);
    // What stopped the run: the callback's `false` (the figures so far are
    // returned) or its exception (thrown on).
    let mut stop = None;
    let summary = solve_layouts(&layouts, task, &settings, &Parallel::with_threads(1), |_, so_far| {
        match progress(callback.as_ref(), &problem, so_far, vulnerability) {
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
        stop => Ok(summary_object(&problem, &summary, vulnerability, stop.is_some())),
    }
}

/// The totals as `dds layouts --json` writes them, with camel-case names:
/// `{population, planned, solved, complete, stopped, units, hidden,
/// unknown, vulnerability, results: [{strain, declarer, distribution,
/// mean, make, standardError, expectedScore}]}`, and for `everyLead`
/// `leads: [{card, distribution, mean, make, standardError}]` (over the
/// layouts in which the leader held the card).
fn summary_object(
    problem: &Problem,
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
    let figures = summary.figures();
    let mut out = Obj::new()
        .set("population", summary.population() as f64)
        .set("planned", summary.planned() as f64)
        .set("solved", summary.solved() as f64)
        .set("complete", summary.is_complete())
        .set("stopped", stopped)
        .set("units", figures.units as f64)
        .set("hidden", problem.hidden.clone())
        .set("unknown", problem.unknown.clone())
        .set("vulnerability", vulnerability.as_str())
        .set("results", array(cells));
    if figures.leads.is_some() {
        let leads = summary.lead_cards().map(|card| {
            let counts = summary.lead_distribution(card).copied().unwrap_or_default();
            let makes: Vec<Option<f64>> =
                Level::ALL.iter().map(|&level| summary.lead_make_probability(card, level)).collect();
            Obj::new()
                .set("card", show(card))
                .set("distribution", array(counts.iter().map(|&n| n as f64)))
                .set("mean", number(summary.lead_mean_tricks(card)))
                .set("make", array(makes.iter().map(|&p| number(p))))
                .set(
                    "standardError",
                    array(makes.iter().map(|&p| number(p.and_then(|p| summary.lead_standard_error(card, p))))),
                )
        });
        out = out.set("leads", array(leads));
    }
    out.into()
}

/// A count of a summary object: a whole number from 0 on.
fn figure(value: &JsValue, name: &str) -> Result<u64, Failure> {
    u64::try_from(convert::integer(value, name, -1)?)
        .map_err(|_| Failure::new("Range", format!("{name}: expected a count from 0 on")).about(name))
}

/// A distribution of a summary object: 14 counts.
fn distribution(value: &JsValue, name: &str) -> Result<[u64; 14], Failure> {
    let bad = || Failure::type_error(name, "14 counts of layouts");
    if !js_sys::Array::is_array(value) {
        return Err(bad());
    }
    let items = js_sys::Array::from(value);
    if items.length() != 14 {
        return Err(bad());
    }
    let mut counts = [0u64; 14];
    for (i, count) in counts.iter_mut().enumerate() {
        *count = figure(&items.get(i as u32), name)?;
    }
    Ok(counts)
}

/// The figures of a summary object that `layouts` returned.
fn figures_of(value: &JsValue, name: &str) -> Result<LayoutFigures, Failure> {
    if !value.is_object() {
        return Err(Failure::type_error(name, "a summary that layouts returned"));
    }
    let field = |key: &str| property(value, key);
    let mut cells = ByStrain::from_fn(|_| BySeat::from_fn(|_| false));
    let mut counts = ByStrain::from_fn(|_| BySeat::from_fn(|_| [0u64; 14]));
    let results = field("results");
    if !js_sys::Array::is_array(&results) {
        return Err(Failure::type_error(&format!("{name}.results"), "the cells of a summary"));
    }
    for cell in js_sys::Array::from(&results).iter() {
        let strain = convert::strain(&property(&cell, "strain")).map_err(|f| f.about(format!("{name}.results")))?;
        let declarer = convert::seat(&property(&cell, "declarer"), &format!("{name}.results"))?;
        cells[strain][declarer] = true;
        counts[strain][declarer] = distribution(&property(&cell, "distribution"), &format!("{name}.results"))?;
    }
    let leads = field("leads");
    let leads = if leads.is_undefined() || leads.is_null() {
        None
    } else {
        if !js_sys::Array::is_array(&leads) {
            return Err(Failure::type_error(&format!("{name}.leads"), "the leads of a summary"));
        }
        let mut cards = Vec::new();
        for lead in js_sys::Array::from(&leads).iter() {
            let card = convert::card(&property(&lead, "card"), &format!("{name}.leads"))?;
            cards.push((card, distribution(&property(&lead, "distribution"), &format!("{name}.leads"))?));
        }
        Some(cards)
    };
    Ok(LayoutFigures {
        population: figure(&field("population"), &format!("{name}.population"))?,
        planned: figure(&field("planned"), &format!("{name}.planned"))?,
        solved: figure(&field("solved"), &format!("{name}.solved"))?,
        units: figure(&field("units"), &format!("{name}.units"))?,
        cells,
        counts,
        leads,
    })
}

/// `mergeLayouts(summaries)`: the summaries of the shares of one run (each
/// as `layouts` returned it, with its own `share`) added up into the
/// whole run's (the facade's `LayoutSummary::merge`), in the same form;
/// `stopped` when any share stopped. Summaries of different problems or
/// tasks throw.
pub(crate) fn merge_layouts(summaries: &JsValue) -> JsResult<JsValue> {
    if !js_sys::Array::is_array(summaries) || js_sys::Array::from(summaries).length() == 0 {
        return Err(Failure::type_error("summaries", "an array of the summaries layouts returned").into());
    }
    let items = js_sys::Array::from(summaries);
    let first = items.get(0);
    let vulnerability = convert::vulnerability(&property(&first, "vulnerability"))?;
    let problem = Problem { hidden: property(&first, "hidden"), unknown: property(&first, "unknown") };
    let mut merged: Option<LayoutSummary> = None;
    let mut stopped = false;
    for (i, item) in items.iter().enumerate() {
        let name = format!("summaries[{i}]");
        let summary = LayoutSummary::from_figures(figures_of(&item, &name)?);
        stopped |= property(&item, "stopped").as_bool().unwrap_or(false);
        match &mut merged {
            None => merged = Some(summary),
            Some(m) => m.merge(&summary).map_err(|e| Failure::from(e).about(name))?,
        }
    }
    let merged = merged.expect("at least one summary");
    Ok(summary_object(&problem, &merged, vulnerability, stopped))
}
