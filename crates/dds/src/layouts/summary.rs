//! The totals of a layouts run: the distribution of tricks, the chance of
//! making each contract, its expected score and the standard error.

use dds_model::{BySeat, ByStrain, Contract, Level, Penalty, Seat, Strain, Vulnerability};

use super::CHUNK;
use crate::DdTable;

/// The totals over the layouts solved so far.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
/// use dds::model::{Level, Seat};
/// // East and West share six unknown cards, three each: 20 layouts.
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
/// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
/// let options = LayoutOptions::default();
/// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
/// assert!(summary.is_complete());
/// assert_eq!(summary.make_probability(Level::new(5), Strain::Spades, Seat::North), Some(0.2));
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LayoutSummary {
    population: u64,
    planned: u64,
    solved: u64,
    /// What the standard error counts as independent units.
    units: Units,
    cells: ByStrain<BySeat<bool>>,
    counts: ByStrain<BySeat<[u64; 14]>>,
}

/// The figures of a [`LayoutSummary`] without the bookkeeping of a run in
/// progress: what a front-end keeps (a Python pickle) to rebuild the
/// summary with [`LayoutSummary::from_figures`], whose statistics are then
/// the facade's own.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{solve_layouts, LayoutOptions, LayoutSummary, LayoutTask, Layouts, Parallel, Strain};
/// use dds::model::{Level, Seat};
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
/// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East };
/// let options = LayoutOptions { sample: Some(10), ..LayoutOptions::default() };
/// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
/// let again = LayoutSummary::from_figures(summary.figures());
/// assert_eq!(again.standard_error(0.3), summary.standard_error(0.3));
/// let level = Level::new(4);
/// assert_eq!(again.make_probability(level, Strain::Spades, Seat::North), summary.make_probability(level, Strain::Spades, Seat::North));
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LayoutFigures {
    /// All layouts of the problem.
    pub population: u64,
    /// The layouts the run set out to solve.
    pub planned: u64,
    /// The layouts solved.
    pub solved: u64,
    /// The independent units the standard error counts: the layouts of a
    /// random sample, or the chunks of consecutive layouts touched.
    pub units: u64,
    /// The strains and declarers counted.
    pub cells: ByStrain<BySeat<bool>>,
    /// For each strain and declarer, the layouts in which declarer takes
    /// 0 to 13 tricks.
    pub counts: ByStrain<BySeat<[u64; 14]>>,
}

/// What a summary's standard error counts as independent units.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Units {
    /// A random sample: each layout solved.
    Layouts,
    /// A run in chunks of [`CHUNK`] consecutive layouts: the chunks touched.
    Chunks(ahash::AHashSet<u64>),
    /// A summary rebuilt from its figures: the count it had.
    Counted(u64),
}

impl LayoutSummary {
    /// The summary's figures (see [`LayoutFigures`]).
    pub fn figures(&self) -> LayoutFigures {
        LayoutFigures {
            population: self.population,
            planned: self.planned,
            solved: self.solved,
            units: self.units(),
            cells: self.cells,
            counts: self.counts,
        }
    }

    /// A summary with these figures: its statistics are those of the
    /// summary the figures came from.
    pub fn from_figures(figures: LayoutFigures) -> LayoutSummary {
        let LayoutFigures { population, planned, solved, units, cells, counts } = figures;
        LayoutSummary { population, planned, solved, units: Units::Counted(units), cells, counts }
    }

    /// The independent units of the standard error: the layouts of a
    /// random sample, or the chunks of consecutive layouts touched.
    fn units(&self) -> u64 {
        match &self.units {
            Units::Layouts => self.solved,
            Units::Chunks(chunks) => chunks.len() as u64,
            Units::Counted(units) => *units,
        }
    }

    pub(super) fn new(population: u64, planned: u64, random: bool, cells: ByStrain<BySeat<bool>>) -> LayoutSummary {
        LayoutSummary {
            population,
            planned,
            solved: 0,
            units: if random { Units::Layouts } else { Units::Chunks(ahash::AHashSet::new()) },
            cells,
            counts: ByStrain::from_fn(|_| BySeat::default()),
        }
    }

    pub(super) fn add(&mut self, index: u64, table: &DdTable) {
        self.solved += 1;
        if let Units::Chunks(chunks) = &mut self.units {
            chunks.insert(index / CHUNK);
        }
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                if self.cells[strain][seat] {
                    self.counts[strain][seat][usize::from(table.tricks(strain, seat))] += 1;
                }
            }
        }
    }

    /// All layouts of the problem.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions { limit: Some(5), ..LayoutOptions::default() };
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!((summary.population(), summary.solved()), (20, 5));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn population(&self) -> u64 {
        self.population
    }

    /// The layouts the run was to solve: the sample size, the limit or the
    /// population.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions { sample: Some(8), ..LayoutOptions::default() };
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!((summary.planned(), summary.solved(), summary.population()), (8, 8, 20));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn planned(&self) -> u64 {
        self.planned
    }

    /// The layouts solved.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!(summary.solved(), 20);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn solved(&self) -> u64 {
        self.solved
    }

    /// Whether every layout of the problem was solved.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert!(summary.is_complete());
    /// let partial = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, so_far| {
    ///     if so_far.solved() == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    /// })?;
    /// assert!(!partial.is_complete() && partial.solved() >= 3);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn is_complete(&self) -> bool {
        self.solved == self.population
    }

    /// The strains and declarers solved.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!(summary.cells().collect::<Vec<_>>(), [(Strain::Spades, Seat::North)]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = (Strain, Seat)> + '_ {
        Strain::ALL
            .into_iter()
            .flat_map(|strain| Seat::ALL.map(|seat| (strain, seat)))
            .filter(|&(strain, seat)| self.cells[strain][seat])
    }

    /// How many layouts give declarer 0 to 13 tricks in `strain`; `None`
    /// for a cell the task did not solve.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// let counts = summary.distribution(Strain::Spades, Seat::North).unwrap();
    /// assert_eq!((counts[10], counts[11]), (16, 4)); // 10 tricks in 16 layouts, 11 in 4
    /// assert_eq!(counts.iter().sum::<u64>(), 20);
    /// assert_eq!(summary.distribution(Strain::Hearts, Seat::North), None);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn distribution(&self, strain: Strain, declarer: Seat) -> Option<&[u64; 14]> {
        self.cells[strain][declarer].then(|| &self.counts[strain][declarer])
    }

    /// Declarer's average tricks.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!(summary.mean_tricks(Strain::Spades, Seat::North), Some(10.2)); // (16 * 10 + 4 * 11) / 20
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn mean_tricks(&self, strain: Strain, declarer: Seat) -> Option<f64> {
        let counts = self.distribution(strain, declarer)?;
        let sum: u64 = counts.iter().enumerate().map(|(t, &n)| t as u64 * n).sum();
        (self.solved > 0).then(|| sum as f64 / self.solved as f64)
    }

    /// The share of layouts in which `declarer` makes `level` in `strain`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::{Level, Seat};
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!(summary.make_probability(Level::new(5), Strain::Spades, Seat::North), Some(0.2));
    /// assert_eq!(summary.make_probability(Level::new(4), Strain::Spades, Seat::North), Some(1.0));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn make_probability(&self, level: Level, strain: Strain, declarer: Seat) -> Option<f64> {
        let counts = self.distribution(strain, declarer)?;
        let made: u64 = counts[usize::from(level.tricks_needed())..].iter().sum();
        (self.solved > 0).then(|| made as f64 / self.solved as f64)
    }

    /// The standard error of a share (such as a make probability)
    /// estimated from the layouts solved: zero once all are solved, `None`
    /// before two are. A random sample counts each layout; a partial run in
    /// chunk order counts each chunk of 40 consecutive layouts touched once,
    /// since the layouts of a chunk differ only in a few low cards and
    /// mostly agree (a cautious estimate).
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::Seat;
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// assert_eq!(summary.standard_error(0.2), Some(0.0)); // every layout solved
    /// // A random sample of 10 of the 20 layouts: sqrt(p (1 - p) / 10 * (20 - 10) / (20 - 1)).
    /// let sample = LayoutOptions { sample: Some(10), ..LayoutOptions::default() };
    /// let summary = solve_layouts(&layouts, task, &sample, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// let se = summary.standard_error(0.5).unwrap();
    /// assert!((se - (0.25f64 / 19.0).sqrt()).abs() < 1e-12);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn standard_error(&self, share: f64) -> Option<f64> {
        if self.is_complete() {
            return Some(0.0);
        }
        let n = self.units();
        if self.solved < 2 || n == 0 {
            return None;
        }
        // The finite population correction, from the layouts left.
        let (solved, big_n) = (self.solved as f64, self.population as f64);
        let correction = (big_n - solved) / (big_n - 1.0);
        Some((share * (1.0 - share) / n as f64 * correction).sqrt())
    }

    /// Declarer's average score in `level` `strain`, undoubled, at
    /// `vulnerability`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
    /// use dds::model::{Level, Seat, Vulnerability};
    /// // East and West share six unknown cards, three each: 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East }; // North declares
    /// let options = LayoutOptions::default();
    /// let summary = solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()))?;
    /// let score = summary.expected_score(Level::new(4), Strain::Spades, Seat::North, Vulnerability::None);
    /// assert_eq!(score, Some(426.0)); // 420 in 16 layouts, 450 in 4
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn expected_score(&self, level: Level, strain: Strain, declarer: Seat, vul: Vulnerability) -> Option<f64> {
        let counts = self.distribution(strain, declarer)?;
        let contract = Contract::new(level, strain, Penalty::Undoubled, declarer);
        let vulnerable = contract.is_vulnerable(vul);
        let total: i64 = counts
            .iter()
            .enumerate()
            .map(|(tricks, &n)| i64::from(contract.score(tricks as u8, vulnerable).unwrap_or(0)) * n as i64)
            .sum();
        (self.solved > 0).then(|| total as f64 / self.solved as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A summary rebuilt from figures keeps the count of units, not a set
    /// of them: any count (a hand-made Python pickle) costs nothing, and
    /// the standard error reads it.
    #[test]
    fn figures_keep_a_count_of_units() {
        let figures = LayoutFigures {
            population: u64::MAX,
            planned: u64::MAX,
            solved: 1 << 40,
            units: 1 << 40,
            cells: ByStrain::from_fn(|_| BySeat::from_fn(|_| true)),
            counts: ByStrain::from_fn(|_| BySeat::from_fn(|_| [0; 14])),
        };
        let summary = LayoutSummary::from_figures(figures.clone());
        assert_eq!(summary.figures(), figures);
        let n = (1u64 << 40) as f64;
        let expected = (0.25 / n * ((u64::MAX as f64 - n) / (u64::MAX as f64 - 1.0))).sqrt();
        assert_eq!(summary.standard_error(0.5), Some(expected));
    }
}
