//! The totals of a layouts run: the distribution of tricks, the chance of
//! making each contract, its expected score and the standard error.

use dds_model::{BySeat, ByStrain, Card, Contract, Level, Penalty, Seat, Strain, Vulnerability};

use super::CHUNK;
use crate::layouts::{LayoutResult, LayoutTask};
use crate::Error;

/// The totals over the layouts solved so far.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// For [`LayoutTask::Leads`]: by card bit, the layouts in which
    /// declarer takes 0 to 13 tricks after that card is led.
    leads: Option<Box<[[u64; 14]; 64]>>,
}

/// The figures of a [`LayoutSummary`] without the bookkeeping of a run in
/// progress: what a front-end keeps (a Python pickle) to rebuild the
/// summary with [`LayoutSummary::from_figures`], whose statistics are then
/// the facade's own.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutSummary, LayoutTask, Layouts};
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
    /// For [`LayoutTask::Leads`] (`None` for the other tasks): each card
    /// the leader held in a layout solved, with the layouts in which
    /// declarer takes 0 to 13 tricks after that card is led.
    pub leads: Option<Vec<(Card, [u64; 14])>>,
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
        let leads = self
            .leads
            .as_ref()
            .map(|_| self.lead_cards().filter_map(|card| Some((card, *self.lead_distribution(card)?))).collect());
        LayoutFigures {
            population: self.population,
            planned: self.planned,
            solved: self.solved,
            units: self.units(),
            cells: self.cells,
            counts: self.counts,
            leads,
        }
    }

    /// A summary with these figures: its statistics are those of the
    /// summary the figures came from.
    pub fn from_figures(figures: LayoutFigures) -> LayoutSummary {
        let LayoutFigures { population, planned, solved, units, cells, counts, leads } = figures;
        let leads = leads.map(|cards| {
            let mut by_bit = Box::new([[0u64; 14]; 64]);
            for (card, counts) in cards {
                by_bit[card.bit() as usize] = counts;
            }
            by_bit
        });
        LayoutSummary { population, planned, solved, units: Units::Counted(units), cells, counts, leads }
    }

    /// Adds the figures of `other`, a summary of the same problem and task
    /// (another share of the run, see [`LayoutShare`](crate::layouts::LayoutShare)):
    /// the layouts planned and solved, the counts and the units of the
    /// standard error add up. The two must not have solved the same layout
    /// (shares of one run never do). Summaries of different problems (their
    /// populations differ) or tasks (their cells differ) are refused with
    /// [`Error::LayoutMerge`].
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{Error, Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
    /// use dds::model::Seat;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let go_on = |_: &_, _: &_| ControlFlow::Continue(());
    /// let solve = |task| solve_layouts(&layouts, task, &LayoutOptions::default(), &Parallel::default(), go_on);
    /// let mut spades = solve(LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East })?;
    /// let hearts = solve(LayoutTask::Lead { strain: Strain::Hearts, leader: Seat::East })?;
    /// assert_eq!(spades.merge(&hearts), Err(Error::LayoutMerge));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn merge(&mut self, other: &LayoutSummary) -> Result<(), Error> {
        let same_task = self.cells == other.cells && self.leads.is_some() == other.leads.is_some();
        if self.population != other.population || !same_task {
            return Err(Error::LayoutMerge);
        }
        self.units = match (&self.units, &other.units) {
            (Units::Layouts, Units::Layouts) => Units::Layouts,
            (Units::Chunks(mine), Units::Chunks(theirs)) => Units::Chunks(mine.union(theirs).copied().collect()),
            _ => Units::Counted(self.units() + other.units()),
        };
        self.planned = self.planned.saturating_add(other.planned);
        self.solved = self.solved.saturating_add(other.solved);
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                for (mine, theirs) in self.counts[strain][seat].iter_mut().zip(other.counts[strain][seat]) {
                    *mine += theirs;
                }
            }
        }
        if let (Some(mine), Some(theirs)) = (&mut self.leads, &other.leads) {
            for (mine, theirs) in mine.iter_mut().zip(theirs.iter()) {
                for (m, t) in mine.iter_mut().zip(theirs) {
                    *m += t;
                }
            }
        }
        Ok(())
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

    pub(super) fn new(population: u64, planned: u64, random: bool, task: LayoutTask) -> LayoutSummary {
        LayoutSummary {
            population,
            planned,
            solved: 0,
            units: if random { Units::Layouts } else { Units::Chunks(ahash::AHashSet::new()) },
            cells: task.cells(),
            counts: ByStrain::from_fn(|_| BySeat::default()),
            leads: matches!(task, LayoutTask::Leads { .. }).then(|| Box::new([[0; 14]; 64])),
        }
    }

    pub(super) fn add(&mut self, result: &LayoutResult) {
        self.solved += 1;
        if let Units::Chunks(chunks) = &mut self.units {
            chunks.insert(result.index / CHUNK);
        }
        for strain in Strain::ALL {
            for seat in Seat::ALL {
                if self.cells[strain][seat] {
                    self.counts[strain][seat][usize::from(result.table.tricks(strain, seat))] += 1;
                }
            }
        }
        if let (Some(counts), Some(leads)) = (&mut self.leads, &result.leads) {
            for (card, tricks) in leads.iter() {
                counts[card.bit() as usize][usize::from(tricks)] += 1;
            }
        }
    }

    /// The cards led in the layouts solved ([`LayoutTask::Leads`]; none
    /// for the other tasks), spades first, each suit from the ace down: the
    /// leader's cards, and with a hidden leader every card it held in some
    /// layout.
    pub fn lead_cards(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(|&card| self.lead_distribution(card).is_some())
    }

    /// For [`LayoutTask::Leads`], the layouts in which declarer takes 0 to
    /// 13 tricks after `card` is led; `None` for another task or a card the
    /// leader held in no layout solved. With a hidden leader, a card's
    /// figures are over the layouts in which the leader held it.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
    /// use dds::model::{Card, Level, Seat};
    /// // East and West share six unknown cards, three each: 20 layouts. South leads (East declares).
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let task = LayoutTask::Leads { strain: Strain::NoTrump, leader: Seat::South };
    /// let summary = solve_layouts(&layouts, task, &LayoutOptions::default(), &Parallel::default(), |_, _| {
    ///     ControlFlow::Continue(())
    /// })?;
    /// assert_eq!(summary.lead_cards().count(), 13);
    /// let ace: Card = "DA".parse()?;
    /// assert_eq!(summary.lead_distribution(ace).unwrap().iter().sum::<u64>(), 20);
    /// // No lead does better for the defence than the best lead.
    /// let best = summary.mean_tricks(Strain::NoTrump, Seat::East).unwrap();
    /// assert!(summary.lead_cards().all(|c| summary.lead_mean_tricks(c).unwrap() >= best));
    /// let p = summary.lead_make_probability(ace, Level::new(1)).unwrap();
    /// assert!((0.0..=1.0).contains(&p));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn lead_distribution(&self, card: Card) -> Option<&[u64; 14]> {
        let counts = &self.leads.as_ref()?[card.bit() as usize];
        counts.iter().any(|&n| n > 0).then_some(counts)
    }

    /// Declarer's mean tricks after `card` is led (see
    /// [`LayoutSummary::lead_distribution`]).
    pub fn lead_mean_tricks(&self, card: Card) -> Option<f64> {
        let counts = self.lead_distribution(card)?;
        let (n, total) = counts.iter().enumerate().fold((0u64, 0u64), |(n, t), (k, &c)| (n + c, t + k as u64 * c));
        Some(total as f64 / n as f64)
    }

    /// The share of the layouts (those in which the leader held `card`)
    /// where declarer makes `level` after `card` is led.
    pub fn lead_make_probability(&self, card: Card, level: Level) -> Option<f64> {
        let counts = self.lead_distribution(card)?;
        let made: u64 = counts[usize::from(level.tricks_needed())..].iter().sum();
        Some(made as f64 / counts.iter().sum::<u64>() as f64)
    }

    /// The standard error of a share among the layouts in which the leader
    /// held `card`: [`LayoutSummary::standard_error`] with the units scaled
    /// to those layouts.
    pub fn lead_standard_error(&self, card: Card, share: f64) -> Option<f64> {
        let held: u64 = self.lead_distribution(card)?.iter().sum();
        let units = (self.units() as f64 * held as f64 / self.solved.max(1) as f64).floor();
        self.sampled_error(share, held, units)
    }

    /// All layouts of the problem.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
        self.sampled_error(share, self.solved, self.units() as f64)
    }

    /// The standard error of a share of `layouts` layouts solved, counted
    /// as `units` independent units: zero once every layout is solved,
    /// `None` before two layouts or one unit.
    fn sampled_error(&self, share: f64, layouts: u64, units: f64) -> Option<f64> {
        if self.is_complete() {
            return Some(0.0);
        }
        if layouts < 2 || units < 1.0 {
            return None;
        }
        // The finite population correction, from the layouts left.
        let (solved, big_n) = (self.solved as f64, self.population as f64);
        let correction = (big_n - solved) / (big_n - 1.0);
        Some((share * (1.0 - share) / units * correction).sqrt())
    }

    /// Declarer's average score in `level` `strain`, undoubled, at
    /// `vulnerability`.
    ///
    /// ```
    /// use std::ops::ControlFlow;
    /// use dds::{Parallel, Strain};
    /// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
            leads: None,
        };
        let summary = LayoutSummary::from_figures(figures.clone());
        assert_eq!(summary.figures(), figures);
        let n = (1u64 << 40) as f64;
        let expected = (0.25 / n * ((u64::MAX as f64 - n) / (u64::MAX as f64 - 1.0))).sqrt();
        assert_eq!(summary.standard_error(0.5), Some(expected));
    }

    /// A lead's standard error counts the units in proportion to the
    /// layouts in which the leader held the card.
    #[test]
    fn a_leads_standard_error_scales_the_units() {
        let card = |text: &str| text.parse::<Card>().unwrap();
        let mut held = [0; 14];
        (held[9], held[10]) = (20, 10);
        let mut once = [0; 14];
        once[9] = 1;
        let figures = |solved| LayoutFigures {
            population: 100,
            planned: 100,
            solved,
            units: 10,
            cells: ByStrain::from_fn(|_| BySeat::from_fn(|_| true)),
            counts: ByStrain::from_fn(|_| BySeat::from_fn(|_| [0; 14])),
            leads: Some(vec![(card("SA"), held), (card("H2"), once)]),
        };
        let summary = LayoutSummary::from_figures(figures(40));
        // 30 of the 40 layouts: 7 of the 10 units, rounded down.
        let expected = (0.25 / 7.0 * (60.0 / 99.0f64)).sqrt();
        assert_eq!(summary.lead_standard_error(card("SA"), 0.5), Some(expected));
        assert_eq!(summary.lead_standard_error(card("H2"), 0.5), None);
        assert_eq!(summary.lead_standard_error(card("D3"), 0.5), None);
        let complete = LayoutSummary::from_figures(figures(100));
        assert_eq!(complete.lead_standard_error(card("SA"), 0.5), Some(0.0));
        assert_eq!(complete.lead_standard_error(card("D3"), 0.5), None);
    }
}
