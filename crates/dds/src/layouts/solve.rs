//! Solving the layouts of a problem in parallel: the task, the options,
//! each layout's result, the workers and the order of the work.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use dds_model::{BySeat, ByStrain, Card, Deal, Seat, SplitMix64, Strain};

use dds_tt::{PartitionTable, TransTable, WithMemory};

use super::{LayoutSummary, Layouts, CHUNK};
use crate::solver::{first_guess, side_tricks};
use crate::{DdTable, Error, Parallel, Solver};

/// What to solve in each layout.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// One strain with one opening leader, and every card the leader
    /// holds scored: the cell's figures are [`LayoutTask::Lead`]'s (the
    /// best lead), and each opening card has its own
    /// ([`LayoutSummary::lead_distribution`]). Dearer than `Lead`: every
    /// card's value is searched.
    Leads {
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
    pub(super) fn cells(self) -> ByStrain<BySeat<bool>> {
        match self {
            LayoutTask::Lead { strain, leader } | LayoutTask::Leads { strain, leader } => {
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
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
    /// Solve only this share of the run's work (for a run spread over
    /// processes or Web Workers, each with its own share; their summaries
    /// add up with [`LayoutSummary::merge`] to the whole run's). `None`:
    /// the whole run.
    pub share: Option<LayoutShare>,
}

impl Default for LayoutOptions {
    /// Every layout, no limit, a fixed seed, the whole run.
    fn default() -> LayoutOptions {
        LayoutOptions { sample: None, limit: None, time_limit: None, seed: 0x1a70_u64, share: None }
    }
}

/// A share of a layouts run: part `part` of `parts` (from 0). The run's
/// work order (with its sample and limit) is cut into units of up to 40
/// layouts; a share solves units `part`, `part + parts`, `part + 2 parts`,
/// ... The shares of one run, with the same options otherwise, solve each
/// layout of the run once between them.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutShare, LayoutTask, Layouts};
/// use dds::model::Seat;
/// // East and West unknown: 10,400,600 layouts; the run's first 100, in three shares.
/// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -")?;
/// let task = LayoutTask::Lead { strain: Strain::Spades, leader: Seat::East };
/// let whole = LayoutOptions { limit: Some(100), ..LayoutOptions::default() };
/// let go_on = |_: &_, _: &_| ControlFlow::Continue(());
/// let all = solve_layouts(&layouts, task, &whole, &Parallel::default(), go_on)?;
/// let mut merged = None;
/// for part in 0..3 {
///     let options = LayoutOptions { share: LayoutShare::new(part, 3), ..whole };
///     let share = solve_layouts(&layouts, task, &options, &Parallel::default(), go_on)?;
///     match &mut merged {
///         None => merged = Some(share),
///         Some(m) => m.merge(&share)?,
///     }
/// }
/// let merged = merged.unwrap();
/// assert_eq!((merged.solved(), merged.planned()), (100, 100));
/// assert_eq!(merged.distribution(Strain::Spades, Seat::North), all.distribution(Strain::Spades, Seat::North));
/// assert!(LayoutShare::new(3, 3).is_none());
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct LayoutShare {
    part: u32,
    parts: u32,
}

impl LayoutShare {
    /// Part `part` (from 0) of `parts`; `None` unless `part < parts`.
    pub fn new(part: u32, parts: u32) -> Option<LayoutShare> {
        (part < parts).then_some(LayoutShare { part, parts })
    }

    /// The part, from 0.
    pub fn part(self) -> u32 {
        self.part
    }

    /// The number of parts.
    pub fn parts(self) -> u32 {
        self.parts
    }

    /// The run's work unit of this share's `i`-th unit.
    fn unit(self, i: u64) -> u64 {
        i.saturating_mul(u64::from(self.parts)).saturating_add(u64::from(self.part))
    }
}

/// One solved layout.
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutResult, LayoutTask, Layouts};
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
    /// For [`LayoutTask::Leads`], declarer's tricks after each card the
    /// leader holds; `None` for the other tasks.
    pub leads: Option<LeadTricks>,
}

/// Declarer's tricks after each opening lead of one layout
/// ([`LayoutTask::Leads`]).
///
/// ```
/// use std::ops::ControlFlow;
/// use dds::{Parallel, Strain};
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
/// use dds::model::{Card, Seat};
/// // West's hand unknown: one layout. North leads in spades (West declares).
/// let layouts = Layouts::from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -")?;
/// let task = LayoutTask::Leads { strain: Strain::Spades, leader: Seat::North };
/// let mut leads = None;
/// solve_layouts(&layouts, task, &LayoutOptions::default(), &Parallel::default(), |result, _| {
///     leads = result.leads;
///     ControlFlow::Continue(())
/// })?;
/// let leads = leads.unwrap();
/// assert_eq!(leads.iter().count(), 13); // North's 13 cards
/// assert_eq!(leads.iter().map(|(_, t)| t).min(), Some(8)); // the table's 8 tricks after the best lead
/// assert_eq!(leads.get("SA".parse::<Card>()?), None); // not North's
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct LeadTricks {
    /// By card bit; [`LeadTricks::NONE`] for a card not led.
    tricks: [u8; 64],
}

impl LeadTricks {
    const NONE: u8 = u8::MAX;

    /// Declarer's tricks after `card` is led; `None` if the leader does
    /// not hold it.
    pub fn get(&self, card: Card) -> Option<u8> {
        Some(self.tricks[card.bit() as usize]).filter(|&t| t != LeadTricks::NONE)
    }

    /// The cards the leader holds, each with declarer's tricks after it,
    /// spades first, each suit from the ace down.
    pub fn iter(&self) -> impl Iterator<Item = (Card, u8)> + '_ {
        Card::all().filter_map(|card| Some((card, self.get(card)?)))
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
/// use dds::Parallel;
/// use dds::layouts::{solve_layouts, LayoutOptions, LayoutTask, Layouts};
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
/// use dds::Parallel;
/// use dds::layouts::{solve_layouts, solve_layouts_in, LayoutOptions, LayoutResult, LayoutSummary, LayoutTask, Layouts};
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
    // The shuffled chunks of a run in order are a list of them all.
    if options.sample.is_none_or(|n| n >= layouts.count()) && layouts.count() > Layouts::MAX_FULL_RUN {
        return Err(Error::LayoutsNeedSample { count: layouts.count() });
    }
    let order = WorkOrder::new(layouts.count(), options.sample, options.seed);
    let planned = options.limit.map_or(order.len(), |l| l.min(order.len()));
    let random = matches!(order, WorkOrder::Sample(_));
    // The run's work units this call solves, from the `i`-th on.
    let share = options.share.unwrap_or(LayoutShare { part: 0, parts: 1 });
    let unit = |i: u64| {
        let places = order.unit(share.unit(i));
        places.start.min(planned)..places.end.min(planned)
    };
    // The layouts of the share: its units' places below `planned`.
    let share_planned = match share.parts {
        1 => planned,
        _ => (0..).map(unit).take_while(|places| !places.is_empty()).map(|places| places.end - places.start).sum(),
    };
    let mut summary = LayoutSummary::new(layouts.count(), share_planned, random, task);
    let threads = settings.thread_count().clamp(1, share_planned.clamp(1, 1024) as usize);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    // A limit too far away to represent is no limit.
    let deadline = options.time_limit.and_then(|t| Instant::now().checked_add(t));
    let past_deadline = || deadline.is_some_and(|d| Instant::now() >= d);
    let memory = settings.memory_per_thread;
    if threads == 1 {
        // One worker: the layouts are solved here, on the calling thread,
        // in the same order (no scope, no channel: a target without threads,
        // such as wasm32-unknown-unknown, runs it as it is).
        let mut worker = Worker::<T>::new(task, memory);
        for i in 0.. {
            let places = unit(i);
            if places.is_empty() {
                break;
            }
            for p in places {
                if past_deadline() {
                    return Ok(summary);
                }
                let index = order.index(p);
                let deal = layouts.layout(index);
                let (table, leads) = worker.solve(&deal)?;
                let result = LayoutResult { index, deal, table, leads };
                summary.add(&result);
                if on_result(&result, &summary).is_break() {
                    return Ok(summary);
                }
            }
        }
        return Ok(summary);
    }
    let outcome = settings.scope(|scope| {
        // A short queue: workers stay at most a few layouts ahead of the
        // caller's callback, so that a stop takes effect soon. The receiver
        // lives in this closure: if the callback panics, dropping it makes
        // the workers' sends fail, so they stop instead of blocking.
        let (sender, receiver) = mpsc::sync_channel::<Result<LayoutResult, Error>>(threads);
        let _stop_on_exit = StopOnDrop(&stop);
        for _ in 0..threads {
            let sender = sender.clone();
            let (next, stop, order, past_deadline, unit) = (&next, &stop, &order, &past_deadline, &unit);
            scope.spawn(move |_| {
                let mut worker = Worker::<T>::new(task, memory);
                // A chunk at a time: its layouts are alike, so the worker's
                // table serves the next one (on two threads, taking single
                // layouts instead made the work grow by 60%).
                'work: loop {
                    let places = unit(next.fetch_add(1, Ordering::Relaxed));
                    if places.is_empty() {
                        break;
                    }
                    for p in places {
                        if stop.load(Ordering::Relaxed) || past_deadline() {
                            break 'work;
                        }
                        let index = order.index(p);
                        let deal = layouts.layout(index);
                        let result =
                            worker.solve(&deal).map(|(table, leads)| LayoutResult { index, deal, table, leads });
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
                    summary.add(&result);
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
    /// The opening leads of a layout with the defenders' tricks after
    /// each ([`LayoutTask::Leads`]), kept to reuse its memory.
    moves: Vec<(Card, dds_model::Hand, u8)>,
}

impl<T: TransTable + WithMemory> Worker<T> {
    fn new(task: LayoutTask, memory: usize) -> Worker<T> {
        let (count, each) = match task {
            LayoutTask::Lead { .. } | LayoutTask::Leads { .. } => (1, memory),
            // Five tables share the worker's budget.
            LayoutTask::Table => (Strain::NUM, memory / Strain::NUM),
        };
        let solvers = (0..count).map(|_| Solver::with_table(T::with_memory(each))).collect();
        Worker { task, solvers, guesses: ByStrain::default(), moves: Vec::new() }
    }

    fn solve(&mut self, deal: &Deal) -> Result<(DdTable, Option<LeadTricks>), Error> {
        let mut tricks = ByStrain::<BySeat<u8>>::default();
        let mut leads = None;
        // 13 tricks in a deal, fewer in an ending.
        let left = deal.hand(Seat::North).len() as u8;
        match self.task {
            LayoutTask::Lead { strain, leader } => {
                let guess = self.guesses[strain].unwrap_or_else(|| first_guess(deal, strain));
                let ns = self.solvers[0].ns_tricks(deal, strain, leader, guess, true)?;
                self.guesses[strain] = Some(ns);
                let declarer = leader.prev();
                tricks[strain][declarer] = side_tricks(ns, declarer.side(), left);
            }
            LayoutTask::Leads { strain, leader } => {
                let guess = self.guesses[strain].unwrap_or_else(|| first_guess(deal, strain));
                self.moves.clear();
                let ns = self.solvers[0].lead_scores(deal, strain, leader, guess, &mut self.moves)?;
                self.guesses[strain] = Some(ns);
                let declarer = leader.prev();
                tricks[strain][declarer] = side_tricks(ns, declarer.side(), left);
                let mut each = LeadTricks { tricks: [LeadTricks::NONE; 64] };
                for &(card, equals, defence) in &self.moves {
                    for led in core::iter::once(card).chain(equals.iter()) {
                        each.tricks[led.bit() as usize] = left - defence;
                    }
                }
                leads = Some(each);
            }
            LayoutTask::Table => {
                for strain in Strain::ALL {
                    let guess = self.guesses[strain].unwrap_or_else(|| first_guess(deal, strain));
                    let row = self.solvers[strain.index()].table_strain(deal, strain, guess, true)?;
                    // West declares when North leads: North-South's tricks
                    // with the first leader guess the next layout's.
                    self.guesses[strain] = Some(side_tricks(row[Seat::West], dds_model::Side::EastWest, left));
                    tricks[strain] = row;
                }
            }
        }
        Ok((DdTable::solved(tricks), leads))
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

#[cfg(test)]
mod tests {
    use super::*;

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
