//! All layouts of the unknown cards ("solve all deals"): given some hands in
//! full and the cards the other seats hold between them, every way those
//! cards can lie, each solved, with the distribution of tricks, the chance of
//! making each contract and its expected score.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use dds_model::{
    BySeat, ByStrain, Card, Contract, Deal, Hand, Level, Penalty, Seat, SplitMix64, Strain, Vulnerability,
};

use dds_tt::{PartitionTable, TransTable, WithMemory};

use crate::solver::{first_guess, side_tricks};
use crate::{DdTable, Error, Parallel, Solver};

/// Layouts are handed out in chunks of this many consecutive layouts, the
/// chunks in a shuffled order, so that a partial run is a fair sample (the
/// solver notes' choice).
const CHUNK: u64 = 40;

/// A problem: the cards each seat surely holds and the unknown cards, which
/// the incomplete hands (one or two seats) receive until they hold 13 cards.
///
/// Every layout is equally likely: with some hands known, each way of
/// completing the others is one deal of the same probability.
///
/// ```
/// use dds::Layouts;
/// use dds::model::Seat;
/// // North and South known, East and West share the other 26 cards.
/// let layouts = Layouts::from_pbn("N:AK32.AK2.K32.K32 - QJ54.Q43.A54.A54 -")?;
/// assert_eq!(layouts.count(), 10_400_600);
/// assert_eq!(layouts.hidden(), &[Seat::East, Seat::West]);
/// let first = layouts.layout(0);
/// assert_eq!(first.hand(Seat::East).len(), 13);
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Layouts {
    fixed: BySeat<Hand>,
    hidden: Vec<Seat>,
    unknown: Vec<Card>,
    /// Cards of `unknown` the first hidden seat receives.
    first_gets: usize,
    count: u64,
}

impl Layouts {
    /// The problem of a deal whose incomplete hands (one or two) receive the
    /// cards that no hand holds.
    ///
    /// ```
    /// use dds::{Error, Layouts};
    /// use dds::model::{Deal, Seat};
    /// let partial = Deal::from_pbn_remaining("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let layouts = Layouts::new(&partial)?;
    /// assert_eq!((layouts.count(), layouts.hidden()), (20, &[Seat::East, Seat::West][..]));
    /// // A full deal leaves nothing unknown.
    /// let full: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// assert_eq!(Layouts::new(&full).unwrap_err(), Error::LayoutSeats { incomplete: 0 });
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(partial: &Deal) -> Result<Layouts, Error> {
        let partial = partial.validate_partial()?;
        let hidden: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| partial.hand(s).len() < 13).collect();
        if hidden.is_empty() || hidden.len() > 2 {
            return Err(Error::LayoutSeats { incomplete: hidden.len() });
        }
        let unknown: Vec<Card> = (!partial.cards()).iter().collect();
        let first_gets = 13 - partial.hand(hidden[0]).len();
        Ok(Layouts { fixed: *partial.hands(), count: binomial(unknown.len(), first_gets), hidden, unknown, first_gets })
    }

    /// [`Layouts::new`] from PBN deal text where `-` (or an empty hand
    /// `...`) stands for a hand of unknown cards and a short hand holds the
    /// cards known to be there.
    ///
    /// ```
    /// use dds::Layouts;
    /// use dds::model::{Deal, Seat};
    /// // West's hand unknown: West holds the 13 cards left, one layout.
    /// let layouts = Layouts::from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -")?;
    /// assert_eq!((layouts.count(), layouts.hidden()), (1, &[Seat::West][..]));
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// assert_eq!(layouts.layout(0), deal);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pbn(pbn: &str) -> Result<Layouts, Error> {
        // An unknown hand is `-`, or `N:-` for the first one (the seat and
        // the hand make one token).
        let hands: Vec<String> = pbn
            .split_whitespace()
            .map(|t| match t.strip_suffix('-') {
                Some(seat) if seat.is_empty() || seat.ends_with(':') => format!("{seat}..."),
                _ => t.to_owned(),
            })
            .collect();
        Layouts::new(&Deal::from_pbn_remaining(&hands.join(" "))?)
    }

    /// The number of layouts: C(n, k) for n unknown cards of which the first
    /// hidden seat receives k.
    ///
    /// ```
    /// use dds::Layouts;
    /// // Six unknown cards, three for East: C(6, 3) = 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// assert_eq!(layouts.count(), 20);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The seats that receive unknown cards, in seat order.
    ///
    /// ```
    /// use dds::Layouts;
    /// use dds::model::Seat;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -")?;
    /// assert_eq!(layouts.hidden(), &[Seat::East, Seat::West]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn hidden(&self) -> &[Seat] {
        &self.hidden
    }

    /// The cards no hand holds yet.
    ///
    /// ```
    /// use dds::Layouts;
    /// use dds::model::Hand;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// assert_eq!(layouts.unknown(), ".43.76.76".parse::<Hand>()?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn unknown(&self) -> Hand {
        self.unknown.iter().fold(Hand::EMPTY, |hand, &card| hand.with(card))
    }

    /// The cards known to be in each hand.
    ///
    /// ```
    /// use dds::Layouts;
    /// use dds::model::{Hand, Seat};
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 -")?;
    /// assert_eq!(layouts.fixed()[Seat::East], "J98.QJT.QJ.QJ".parse::<Hand>()?);
    /// assert!(layouts.fixed()[Seat::West].is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixed(&self) -> &BySeat<Hand> {
        &self.fixed
    }

    /// Layout number `index` (below [`Layouts::count`]): the combinatorial
    /// number system picks the first hidden seat's unknown cards.
    ///
    /// # Panics
    /// If `index` is not below [`Layouts::count`].
    ///
    /// ```
    /// use dds::Layouts;
    /// use dds::model::Seat;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let deals: Vec<_> = (0..layouts.count()).map(|i| layouts.layout(i)).collect();
    /// assert!(deals.iter().all(|deal| deal.validate().is_ok() && deal.hand(Seat::East).len() == 13));
    /// assert_ne!(deals[0], deals[19]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn layout(&self, index: u64) -> Deal {
        assert!(index < self.count, "layout {index} of {}", self.count);
        let mut hands = self.fixed;
        let chosen = unrank(index, self.unknown.len(), self.first_gets);
        for (i, &card) in self.unknown.iter().enumerate() {
            let seat = if chosen & (1 << i) != 0 { self.hidden[0] } else { self.hidden[self.hidden.len() - 1] };
            hands[seat].add(card);
        }
        Deal::new(hands)
    }
}

/// What to solve in each layout.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel, Strain};
/// use dds::model::Seat;
/// // West's hand unknown: one layout, the deal whose table has West making 8 tricks in spades.
/// let layouts = Layouts::from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -")?;
/// let options = LayoutOptions::default();
/// let solve = |task| solve_layouts(&layouts, task, &options, &Parallel::default(), |_, _| ControlFlow::Continue(()));
/// let lead = solve(LayoutTask::Lead { strain: Strain::Spades, leader: Seat::North })?;
/// assert_eq!(lead.mean_tricks(Strain::Spades, Seat::West), Some(8.0));
/// assert_eq!(lead.cells().count(), 1);
/// let table = solve(LayoutTask::Table)?;
/// assert_eq!(table.cells().count(), 20);
/// assert_eq!(table.mean_tricks(Strain::NoTrump, Seat::North), Some(6.0));
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum LayoutTask {
    /// One strain with one opening leader (the declarer is the leader's
    /// right-hand opponent).
    Lead {
        /// The strain.
        strain: Strain,
        /// The seat on lead.
        leader: Seat,
    },
    /// The full double dummy table.
    Table,
}

impl LayoutTask {
    /// The (strain, declarer) cells the task solves.
    fn cells(self) -> ByStrain<BySeat<bool>> {
        match self {
            LayoutTask::Lead { strain, leader } => {
                ByStrain::from_fn(|s| BySeat::from_fn(|d| s == strain && d == leader.prev()))
            }
            LayoutTask::Table => ByStrain::from_fn(|_| BySeat::from_fn(|_| true)),
        }
    }
}

/// How many layouts to solve, and in which order.
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
/// assert_eq!((summary.solved(), summary.is_complete()), (5, false));
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LayoutOptions {
    /// Solve a random sample of this many distinct layouts instead of all
    /// of them (all when it is not smaller than the count).
    pub sample: Option<u64>,
    /// Stop after this many layouts of the work order: the same layouts
    /// whatever the number of threads.
    pub limit: Option<u64>,
    /// Stop after this long (the layouts solved then depend on the timing).
    pub time_limit: Option<Duration>,
    /// The seed of the shuffled order and of the sample.
    pub seed: u64,
}

impl Default for LayoutOptions {
    /// Every layout, no limit, a fixed seed.
    fn default() -> LayoutOptions {
        LayoutOptions { sample: None, limit: None, time_limit: None, seed: 0x1a70_u64 }
    }
}

/// One solved layout.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{solve_layouts, LayoutOptions, LayoutResult, LayoutTask, Layouts, Parallel, Strain};
/// use dds::model::Seat;
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
/// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East };
/// let mut seen = Vec::new();
/// solve_layouts(&layouts, task, &LayoutOptions::default(), &Parallel::default(), |result: &LayoutResult, _| {
///     assert_eq!(result.deal, layouts.layout(result.index));
///     seen.push((result.index, result.table.tricks(Strain::Spades, Seat::North)));
///     ControlFlow::Continue(())
/// })?;
/// seen.sort();
/// assert_eq!(seen.len(), 20);
/// assert_eq!(seen.iter().filter(|&&(_, tricks)| tricks >= 11).count(), 4); // 5S makes in 4 layouts
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LayoutResult {
    /// The layout's number (see [`Layouts::layout`]).
    pub index: u64,
    /// The full deal.
    pub deal: Deal,
    /// Declarer's tricks; only the task's cells are filled (zero elsewhere:
    /// see [`LayoutSummary::cells`]).
    pub table: DdTable,
}

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

    fn new(population: u64, planned: u64, random: bool, cells: ByStrain<BySeat<bool>>) -> LayoutSummary {
        LayoutSummary {
            population,
            planned,
            solved: 0,
            units: if random { Units::Layouts } else { Units::Chunks(ahash::AHashSet::new()) },
            cells,
            counts: ByStrain::from_fn(|_| BySeat::default()),
        }
    }

    fn add(&mut self, index: u64, table: &DdTable) {
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

/// Solves the layouts of `layouts` for `task`, in parallel, and returns
/// the totals. Each result is passed to `on_result` on the calling thread
/// with the totals so far (for a progress line, a running estimate or a
/// CSV file); returning `ControlFlow::Break` stops the run early: no new
/// layout is started, and the layouts already being solved are still
/// counted and passed to `on_result`. The same holds after a time limit or
/// an error (which is then returned).
///
/// The work order is the layouts in chunks of 40, the chunks shuffled (or
/// the random sample, shuffled), so that the layouts solved at any moment
/// are a fair sample. Each worker keeps its table from layout to layout
/// (a stored bound holds for every position that matches it) and starts
/// each search from its previous result. The totals of a complete run, a
/// sample or a `limit` do not depend on the number of threads.
///
/// ```
/// use dds::{solve_layouts, LayoutOptions, LayoutTask, Layouts, Parallel};
/// use dds::model::{Level, Seat, Strain};
/// // East and West share six unknown cards, three each: 20 layouts.
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
/// assert_eq!(layouts.count(), 20);
/// let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
/// let summary = solve_layouts(&layouts, task, &LayoutOptions::default(), &Parallel::default(), |_, _| {
///     std::ops::ControlFlow::Continue(())
/// })?;
/// assert!(summary.is_complete());
/// let counts = summary.distribution(Strain::NoTrump, Seat::North).unwrap();
/// assert_eq!(counts.iter().sum::<u64>(), 20);
/// let p = summary.make_probability(Level::new(3), Strain::NoTrump, Seat::North).unwrap();
/// assert!((0.0..=1.0).contains(&p));
/// # Ok::<_, dds::Error>(())
/// ```
pub fn solve_layouts(
    layouts: &Layouts,
    task: LayoutTask,
    options: &LayoutOptions,
    settings: &Parallel,
    on_result: impl FnMut(&LayoutResult, &LayoutSummary) -> ControlFlow<()>,
) -> Result<LayoutSummary, Error> {
    solve_layouts_in::<PartitionTable>(layouts, task, options, settings, on_result)
}

/// [`solve_layouts`] with solvers whose transposition tables are of type
/// `T`, built with [`WithMemory::with_memory`](crate::tt::WithMemory::with_memory)
/// from [`Parallel::memory_per_thread`] (the five solvers of a worker that
/// solves whole tables share it, as in [`solve_layouts`]).
///
/// ```
/// use dds::tt::MapTable;
/// use dds::{solve_layouts, solve_layouts_in, LayoutOptions, LayoutResult, LayoutSummary, LayoutTask, Layouts, Parallel};
/// use dds::model::{Seat, Strain};
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
/// let task = LayoutTask::Lead { strain: Strain::NoTrump, leader: Seat::East };
/// let (options, settings) = (LayoutOptions::default(), Parallel::with_threads(2));
/// let go_on = |_: &LayoutResult, _: &LayoutSummary| std::ops::ControlFlow::Continue(());
/// let map = solve_layouts_in::<MapTable>(&layouts, task, &options, &settings, go_on)?;
/// let default = solve_layouts(&layouts, task, &options, &settings, go_on)?;
/// assert_eq!(map.distribution(Strain::NoTrump, Seat::North), default.distribution(Strain::NoTrump, Seat::North));
/// # Ok::<_, dds::Error>(())
/// ```
pub fn solve_layouts_in<T: TransTable + WithMemory>(
    layouts: &Layouts,
    task: LayoutTask,
    options: &LayoutOptions,
    settings: &Parallel,
    mut on_result: impl FnMut(&LayoutResult, &LayoutSummary) -> ControlFlow<()>,
) -> Result<LayoutSummary, Error> {
    let order = WorkOrder::new(layouts.count(), options.sample, options.seed);
    let planned = options.limit.map_or(order.len(), |l| l.min(order.len()));
    let random = matches!(order, WorkOrder::Sample(_));
    let mut summary = LayoutSummary::new(layouts.count(), planned, random, task.cells());
    let threads = settings.thread_count().clamp(1, planned.clamp(1, 1024) as usize);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // A limit too far away to represent is no limit.
    let deadline = options.time_limit.and_then(|t| Instant::now().checked_add(t));
    let past_deadline = || deadline.is_some_and(|d| Instant::now() >= d);
    let memory = settings.memory_per_thread;
    let outcome = settings.scope(|scope| {
        // A short queue: workers stay at most a few layouts ahead of the
        // caller's callback, so that a stop takes effect soon. The receiver
        // lives in this closure: if the callback panics, dropping it makes
        // the workers' sends fail, so they stop instead of blocking.
        let (sender, receiver) = mpsc::sync_channel::<Result<LayoutResult, Error>>(threads);
        let _stop_on_exit = StopOnDrop(&stop);
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, stop, order, past_deadline) = (&next, &stop, &order, &past_deadline);
            scope.spawn(move |_| {
                let mut worker = Worker::<T>::new(task, memory);
                // A chunk at a time: its layouts are alike, so the worker's
                // table serves the next one (on two threads, taking single
                // layouts instead made the work grow by 60%).
                'work: loop {
                    let places = order.unit(next.fetch_add(1, Ordering::Relaxed));
                    if places.start >= planned {
                        break;
                    }
                    for p in places.start..places.end.min(planned) {
                        if stop.load(Ordering::Relaxed) || past_deadline() {
                            break 'work;
                        }
                        let index = order.index(p);
                        let deal = layouts.layout(index);
                        let result = worker.solve(&deal).map(|table| LayoutResult { index, deal, table });
                        if sender.send(result).is_err() {
                            break 'work;
                        }
                    }
                }
            });
        }
        drop(sender);
        let mut outcome = Ok(());
        // Until the workers have all stopped: the layouts they were solving
        // when the run was stopped still count.
        loop {
            let message = match deadline.filter(|_| !stop.load(Ordering::Relaxed)) {
                Some(deadline) => match receiver.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                    Ok(message) => message,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        stop.store(true, Ordering::Relaxed);
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                },
                None => match receiver.recv() {
                    Ok(message) => message,
                    Err(_) => break,
                },
            };
            if past_deadline() {
                stop.store(true, Ordering::Relaxed);
            }
            match message {
                Ok(result) => {
                    summary.add(result.index, &result.table);
                    if on_result(&result, &summary).is_break() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    if outcome.is_ok() {
                        outcome = Err(e);
                    }
                }
            }
        }
        outcome
    });
    outcome.map(|()| summary)
}

/// Sets the stop flag when dropped (the end of a run, or a panic in the
/// caller's callback).
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A worker's solvers: one per strain solved, each keeping its table from
/// layout to layout, and the last result per strain as the next guess.
struct Worker<T: TransTable> {
    task: LayoutTask,
    solvers: Vec<Solver<T>>,
    guesses: ByStrain<Option<u8>>,
}

impl<T: TransTable + WithMemory> Worker<T> {
    fn new(task: LayoutTask, memory: usize) -> Worker<T> {
        let (count, each) = match task {
            LayoutTask::Lead { .. } => (1, memory),
            // Five tables share the worker's budget.
            LayoutTask::Table => (Strain::NUM, memory / Strain::NUM),
        };
        let solvers = (0..count).map(|_| Solver::with_table(T::with_memory(each))).collect();
        Worker { task, solvers, guesses: ByStrain::default() }
    }

    fn solve(&mut self, deal: &Deal) -> Result<DdTable, Error> {
        let mut tricks = ByStrain::<BySeat<u8>>::default();
        match self.task {
            LayoutTask::Lead { strain, leader } => {
                let guess = self.guesses[strain].unwrap_or_else(|| first_guess(deal, strain));
                let ns = self.solvers[0].ns_tricks(deal, strain, leader, guess, true)?;
                self.guesses[strain] = Some(ns);
                let declarer = leader.prev();
                tricks[strain][declarer] = side_tricks(ns, declarer.side(), 13);
            }
            LayoutTask::Table => {
                for strain in Strain::ALL {
                    let guess = self.guesses[strain].unwrap_or_else(|| first_guess(deal, strain));
                    let row = self.solvers[strain.index()].table_strain(deal, strain, guess, true)?;
                    // West declares when North leads: North-South's tricks
                    // with the first leader guess the next layout's.
                    self.guesses[strain] = Some(side_tricks(row[Seat::West], dds_model::Side::EastWest, 13));
                    tricks[strain] = row;
                }
            }
        }
        Ok(DdTable::solved(tricks))
    }
}

/// The order in which layouts are solved: all of them in shuffled chunks,
/// or a shuffled random sample.
enum WorkOrder {
    /// `short_at`: the place in `chunks` of the last chunk, which holds
    /// `short` layouts (1 to [`CHUNK`]).
    Chunks {
        count: u64,
        chunks: Vec<u64>,
        short_at: u64,
        short: u64,
    },
    Sample(Vec<u64>),
}

impl WorkOrder {
    /// The draws are SplitMix64's multiply-shift ones, whose bias is
    /// nothing at these sizes; the order of a seed is part of the output
    /// (a `--sample` or `--limit` run is replayed from its seed).
    fn new(count: u64, sample: Option<u64>, seed: u64) -> WorkOrder {
        let mut rng = SplitMix64::new(seed);
        match sample {
            Some(n) if n < count => {
                // Floyd's algorithm: n distinct numbers below count.
                let mut chosen = ahash::AHashSet::with_capacity(n as usize);
                let mut picks = Vec::with_capacity(n as usize);
                for j in count - n..count {
                    let t = rng.below_by_multiply(j + 1);
                    let pick = if chosen.contains(&t) { j } else { t };
                    chosen.insert(pick);
                    picks.push(pick);
                }
                rng.shuffle_by_multiply(&mut picks);
                WorkOrder::Sample(picks)
            }
            _ => {
                let mut chunks: Vec<u64> = (0..count.div_ceil(CHUNK)).collect();
                rng.shuffle_by_multiply(&mut chunks);
                let last = count.div_ceil(CHUNK).saturating_sub(1);
                let short_at = chunks.iter().position(|&c| c == last).unwrap_or(0) as u64;
                WorkOrder::Chunks { count, chunks, short_at, short: count - last * CHUNK }
            }
        }
    }

    fn len(&self) -> u64 {
        match self {
            WorkOrder::Chunks { count, .. } => *count,
            WorkOrder::Sample(picks) => picks.len() as u64,
        }
    }

    /// The places of work unit `u`: one chunk of consecutive layouts in
    /// chunk order, [`CHUNK`] places of the sample otherwise; empty (at or
    /// past the end) once `u` is past the last unit.
    fn unit(&self, u: u64) -> core::ops::Range<u64> {
        let end = self.len();
        let range = match self {
            WorkOrder::Sample(_) => u.saturating_mul(CHUNK)..u.saturating_add(1).saturating_mul(CHUNK),
            &WorkOrder::Chunks { count, short_at, short, .. } => {
                let start = |c: u64| if c <= short_at { c * CHUNK } else { c * CHUNK - (CHUNK - short) };
                if u >= count.div_ceil(CHUNK) {
                    end..end
                } else {
                    start(u)..start(u + 1).min(end)
                }
            }
        };
        range.start.min(end)..range.end.min(end)
    }

    /// The layout at place `p` of the order. In chunk order the last chunk
    /// may be short: places are counted over the real layouts only.
    fn index(&self, p: u64) -> u64 {
        match self {
            WorkOrder::Sample(picks) => picks[p as usize],
            &WorkOrder::Chunks { ref chunks, short_at, short, .. } => {
                // Places before the short chunk's turn count full chunks.
                let (chunk_place, offset) = if p < short_at * CHUNK {
                    (p / CHUNK, p % CHUNK)
                } else if p < short_at * CHUNK + short {
                    (short_at, p - short_at * CHUNK)
                } else {
                    let q = p - short;
                    (q / CHUNK + 1, q % CHUNK)
                };
                chunks[chunk_place as usize] * CHUNK + offset
            }
        }
    }
}

/// C(n, k).
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// The `index`-th k-subset of n positions, as a bit mask (the combinatorial
/// number system: the largest c with C(c, k) <= index is the top position).
fn unrank(mut index: u64, n: usize, mut k: usize) -> u32 {
    let mut mask = 0u32;
    for c in (0..n).rev() {
        if k == 0 {
            break;
        }
        let below = binomial(c, k);
        if index >= below {
            mask |= 1 << c;
            index -= below;
            k -= 1;
        }
    }
    mask
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

    #[test]
    fn binomials() {
        assert_eq!(binomial(26, 13), 10_400_600);
        assert_eq!(binomial(6, 3), 20);
        assert_eq!(binomial(13, 0), 1);
        assert_eq!(binomial(13, 13), 1);
        assert_eq!(binomial(3, 4), 0);
    }

    #[test]
    fn unranking_gives_every_subset_once() {
        for (n, k) in [(10, 4), (8, 8), (7, 0), (12, 6), (5, 1)] {
            let mut seen = ahash::AHashSet::new();
            for index in 0..binomial(n, k) {
                let mask = unrank(index, n, k);
                assert_eq!(mask.count_ones() as usize, k);
                assert!(mask < 1 << n);
                assert!(seen.insert(mask), "n {n} k {k}: {mask:b} twice");
            }
            assert_eq!(seen.len() as u64, binomial(n, k));
        }
    }

    #[test]
    fn work_orders_cover_each_layout_once() {
        for count in [1, 39, 40, 41, 100, 1000, 12_345] {
            let order = WorkOrder::new(count, None, 7);
            let mut seen = vec![false; count as usize];
            for p in 0..order.len() {
                let i = order.index(p) as usize;
                assert!(!seen[i], "count {count}: layout {i} twice");
                seen[i] = true;
            }
            assert!(seen.iter().all(|&s| s));
            // The work units cover the places in order, each within one
            // chunk of consecutive layouts.
            let mut place = 0;
            for u in 0.. {
                let places = order.unit(u);
                if places.is_empty() {
                    break;
                }
                assert_eq!(places.start, place, "count {count}");
                assert!(places.end - places.start <= CHUNK);
                let first = order.index(places.start);
                for p in places.clone() {
                    assert_eq!(order.index(p) / CHUNK, first / CHUNK, "count {count}: place {p}");
                }
                place = places.end;
            }
            assert_eq!(place, count);
            // Chunks: runs of consecutive layouts.
            if count > 100 {
                assert_eq!(order.index(1), order.index(0) + 1);
            }
        }
        let sample = WorkOrder::new(10_000, Some(500), 9);
        assert_eq!(sample.len(), 500);
        let mut picks: Vec<u64> = (0..500).map(|p| sample.index(p)).collect();
        assert!(picks.iter().all(|&i| i < 10_000));
        picks.sort_unstable();
        picks.dedup();
        assert_eq!(picks.len(), 500);
        // A sample as large as the population is every layout.
        assert_eq!(WorkOrder::new(20, Some(20), 1).len(), 20);
    }
}
