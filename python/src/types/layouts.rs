//! `LayoutSummary`, the totals of `solve_layouts`: the facade's
//! `dds::layouts::LayoutSummary` with the layouts kept (`keep=True`). Every
//! statistic is the facade's; a pickle holds the summary's
//! `dds::layouts::LayoutFigures`, from which `LayoutSummary::from_figures` rebuilds
//! it.

use dds::layouts::LayoutFigures;
use dds::model::{BySeat, ByStrain, Card, Level, Seat, Strain, Vulnerability};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use super::{seat_text, strain_text};
use crate::convert;

/// The layouts kept with `keep=True`: their numbers, tables and deals.
type Kept = (Py<PyAny>, Py<PyAny>, Py<PyAny>);

/// The totals of `solve_layouts`: how many layouts there are and were
/// solved, and for each (strain, declarer) cell the task solved the count
/// of layouts by tricks, with the mean, the chance of making a level, its
/// standard error and the expected score.
#[pyclass(module = "ddsrs", frozen)]
#[derive(Debug)]
pub(crate) struct LayoutSummary {
    inner: dds::layouts::LayoutSummary,
    /// With `keep=True`: the layouts' numbers, in the order solved.
    #[pyo3(get)]
    indices: Option<Py<PyAny>>,
    /// With `keep=True`: their tables, an (m, 5, 4) uint8 array (cells the
    /// task did not solve hold 0).
    #[pyo3(get)]
    tables: Option<Py<PyAny>>,
    /// With `keep=True`: the layouts' deals as PBN text.
    #[pyo3(get)]
    deals: Option<Py<PyAny>>,
}

impl LayoutSummary {
    /// From the solver's summary and the results kept.
    pub(crate) fn from_dds(inner: dds::layouts::LayoutSummary, kept: Option<Kept>) -> LayoutSummary {
        let (indices, tables, deals) = match kept {
            Some((i, t, d)) => (Some(i), Some(t), Some(d)),
            None => (None, None, None),
        };
        LayoutSummary { inner, indices, tables, deals }
    }
}

/// The (strain, declarer) of a cell from Python's arguments.
fn cell(strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<(Strain, Seat)> {
    let py = strain.py();
    let strain = convert::strain(strain).map_err(|f| f.to_pyerr(py, None))?;
    let declarer = convert::seat(declarer).map_err(|f| f.to_pyerr(py, None))?;
    Ok((strain, declarer))
}

/// One card from Python (`"SA"`, `"S10"`).
fn one_card(card: &str) -> PyResult<Card> {
    card.trim().parse::<Card>().map_err(|_| PyValueError::new_err(format!("bad card {card:?}")))
}

/// A level from 1 to 7.
fn level(level: u8) -> PyResult<Level> {
    Level::try_new(level).ok_or_else(|| PyValueError::new_err(format!("bad level {level}")))
}

#[pymethods]
impl LayoutSummary {
    /// The constructor that pickles use: the figures of
    /// `dds::layouts::LayoutFigures` (`units`: the independent units the standard
    /// error counts) and the layouts kept.
    #[new]
    #[pyo3(signature = (population, planned, solved, cells, counts, units, indices = None, tables = None, deals = None, leads = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        population: u64,
        planned: u64,
        solved: u64,
        cells: [[bool; 4]; 5],
        counts: [[[u64; 14]; 4]; 5],
        units: u64,
        indices: Option<Py<PyAny>>,
        tables: Option<Py<PyAny>>,
        deals: Option<Py<PyAny>>,
        leads: Option<Vec<(String, [u64; 14])>>,
    ) -> PyResult<LayoutSummary> {
        let leads = match leads {
            Some(cards) => {
                Some(cards.iter().map(|(card, counts)| Ok((one_card(card)?, *counts))).collect::<PyResult<_>>()?)
            }
            None => None,
        };
        let figures = LayoutFigures {
            population,
            planned,
            solved,
            units,
            cells: ByStrain(cells.map(BySeat)),
            counts: ByStrain(counts.map(BySeat)),
            leads,
        };
        Ok(LayoutSummary { inner: dds::layouts::LayoutSummary::from_figures(figures), indices, tables, deals })
    }

    /// With `every_lead=True`: the cards led, spades first, each suit from
    /// the ace down (with a hidden leader, every card it held in some
    /// layout); empty otherwise.
    #[getter]
    fn lead_cards(&self) -> Vec<String> {
        self.inner.lead_cards().map(|card| card.to_string()).collect()
    }

    /// The layouts by declarer's tricks (0 to 13) after `card` is led, over
    /// the layouts in which the leader held it; None for a card not led.
    fn lead_distribution(&self, card: &str) -> PyResult<Option<Vec<u64>>> {
        Ok(self.inner.lead_distribution(one_card(card)?).map(|c| c.to_vec()))
    }

    /// Declarer's mean tricks after `card` is led.
    fn lead_mean_tricks(&self, card: &str) -> PyResult<Option<f64>> {
        Ok(self.inner.lead_mean_tricks(one_card(card)?))
    }

    /// The share of the layouts (those in which the leader held `card`)
    /// where declarer makes `level` after `card` is led.
    fn lead_make_probability(&self, card: &str, level: u8) -> PyResult<Option<f64>> {
        Ok(self.inner.lead_make_probability(one_card(card)?, self::level(level)?))
    }

    /// All layouts of the problem.
    #[getter]
    fn population(&self) -> u64 {
        self.inner.population()
    }

    /// The layouts the run was to solve (the sample, the limit or all).
    #[getter]
    fn planned(&self) -> u64 {
        self.inner.planned()
    }

    /// The layouts solved.
    #[getter]
    fn solved(&self) -> u64 {
        self.inner.solved()
    }

    /// Whether every layout was solved.
    #[getter]
    fn complete(&self) -> bool {
        self.inner.is_complete()
    }

    /// The (strain, declarer) cells the task solved, in DDS's order.
    #[getter]
    fn cells(&self) -> Vec<(String, String)> {
        self.inner.cells().map(|(strain, seat)| (strain_text(strain), seat_text(seat))).collect()
    }

    /// How many layouts gave `declarer` 0, 1, ..., 13 tricks in `strain`
    /// (14 counts), or None for a cell the task did not solve.
    fn distribution(&self, strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u64>>> {
        let (strain, declarer) = cell(strain, declarer)?;
        Ok(self.inner.distribution(strain, declarer).map(|c| c.to_vec()))
    }

    /// The mean of declarer's tricks over the layouts solved.
    fn mean_tricks(&self, strain: &Bound<'_, PyAny>, declarer: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        let (strain, declarer) = cell(strain, declarer)?;
        Ok(self.inner.mean_tricks(strain, declarer))
    }

    /// The share of the layouts solved in which `declarer` makes `level`
    /// (1 to 7) in `strain`.
    fn make_probability(
        &self,
        level: u8,
        strain: &Bound<'_, PyAny>,
        declarer: &Bound<'_, PyAny>,
    ) -> PyResult<Option<f64>> {
        let level = self::level(level)?;
        let (strain, declarer) = cell(strain, declarer)?;
        Ok(self.inner.make_probability(level, strain, declarer))
    }

    /// The standard error of a share (such as a make probability) as an
    /// estimate over all layouts: 0 for a complete run, None below two
    /// layouts. A run in chunks counts each chunk touched once (a cautious
    /// estimate), as `dds layouts` does.
    fn standard_error(&self, share: f64) -> Option<f64> {
        self.inner.standard_error(share)
    }

    /// The mean undoubled score of `level` in `strain` by `declarer` at
    /// `vul` over the layouts solved (declarer's side's point of view).
    #[pyo3(signature = (level, strain, declarer, vul = None))]
    fn expected_score(
        &self,
        level: u8,
        strain: &Bound<'_, PyAny>,
        declarer: &Bound<'_, PyAny>,
        vul: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<f64>> {
        let py = strain.py();
        let level = self::level(level)?;
        let vul = match vul {
            Some(v) if !v.is_none() => convert::vulnerability(v).map_err(|f| f.to_pyerr(py, None))?,
            _ => Vulnerability::None,
        };
        let (strain, declarer) = cell(strain, declarer)?;
        Ok(self.inner.expected_score(level, strain, declarer, vul))
    }

    fn __repr__(&self) -> String {
        format!("LayoutSummary(population={}, planned={}, solved={})", self.population(), self.planned(), self.solved())
    }

    /// The class and the constructor's arguments: the facade's figures and
    /// the layouts kept.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let figures = me.inner.figures();
        let clone = |o: &Option<Py<PyAny>>| o.as_ref().map(|o| o.clone_ref(py));
        let args = (
            figures.population,
            figures.planned,
            figures.solved,
            figures.cells.into_array().map(BySeat::into_array),
            figures.counts.into_array().map(BySeat::into_array),
            figures.units,
            clone(&me.indices),
            clone(&me.tables),
            clone(&me.deals),
            figures.leads.map(|cards| cards.into_iter().map(|(c, n)| (c.to_string(), n)).collect::<Vec<_>>()),
        )
            .into_pyobject(py)?;
        Ok((slf.get_type(), args))
    }
}
