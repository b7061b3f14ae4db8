//! Batches in parallel: many tables or boards over a pool of threads, one
//! solver (and table) per thread.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use dds_model::{BySeat, ByStrain, Deal, Seat, Strain, Vulnerability};
use dds_tt::{PartitionTable, TransTable, WithMemory};
use rayon::prelude::*;

use crate::par::SidesPar;
use crate::{Board, DdTable, Error, Solution, Solutions, Solver, Target};

/// How the parallel calls run: on how many threads, with how much table
/// memory per thread. Every parallel call of this crate ([`dd_tables`],
/// [`dd_tables_with`], [`solve_boards`], [`analyse_plays`](crate::analyse_plays),
/// [`Solver::score_cards`], [`solve_layouts`](crate::layouts::solve_layouts)) runs on
/// a rayon thread pool: rayon's global pool (one thread per core) when
/// `threads` is `None`, otherwise a pool of that many threads (at most
/// [`MAX_THREADS`]), built on the first call that asks for that number and
/// kept for the later ones (so a call costs no thread start-up; the four
/// pools used last are kept, so that a program asking for ever other thread
/// counts does not gather threads).
///
/// Each worker's solver has a [`PartitionTable`](crate::tt::PartitionTable)
/// of `memory_per_thread` bytes; each batch has an `_in` variant
/// ([`dd_tables_in`], [`dd_tables_with_in`], [`solve_boards_in`],
/// [`analyse_plays_in`](crate::analyse_plays_in),
/// [`solve_layouts_in`](crate::layouts::solve_layouts_in)) whose solvers search with
/// tables of another type, built with
/// [`WithMemory::with_memory`](crate::tt::WithMemory::with_memory) from the
/// same budget ([`Solver::score_cards`] clones the solver it is called on,
/// whatever its table).
///
/// ```
/// use dds::Parallel;
/// let settings = Parallel::with_threads(2);
/// assert_eq!(settings.threads.map(|n| n.get()), Some(2));
/// assert_eq!(settings.memory_per_thread, 64 << 20);
/// assert_eq!(Parallel::with_threads(0), Parallel::default()); // every core
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Parallel {
    /// Worker threads; `None` uses every core (rayon's global pool).
    pub threads: Option<NonZeroUsize>,
    /// The transposition table budget of each worker, in bytes.
    pub memory_per_thread: usize,
}

/// The most worker threads a pool has: a larger [`Parallel::threads`] runs
/// on this many (far above any core count in use; each thread of a batch
/// may hold a transposition table of [`Parallel::memory_per_thread`]).
pub const MAX_THREADS: usize = 1024;

/// The thread pools kept for later calls, the most recently used last: a
/// program that asks for many different thread counts keeps at most this
/// many pools (and their threads) alive.
const KEPT_POOLS: usize = 4;

static POOLS: parking_lot::Mutex<Vec<Arc<rayon::ThreadPool>>> = parking_lot::Mutex::new(Vec::new());

impl Default for Parallel {
    fn default() -> Parallel {
        Parallel { threads: None, memory_per_thread: PartitionTable::DEFAULT_BYTES }
    }
}

impl Parallel {
    /// The default settings with `threads` worker threads; 0 means every
    /// core (as DDS's `SetMaxThreads(0)`).
    ///
    /// ```
    /// use dds::Parallel;
    /// let four = Parallel::with_threads(4);
    /// assert_eq!(four.threads.map(|n| n.get()), Some(4));
    /// assert_eq!(four.memory_per_thread, Parallel::default().memory_per_thread);
    /// assert_eq!(Parallel::with_threads(0).threads, None); // every core
    /// ```
    pub fn with_threads(threads: usize) -> Parallel {
        Parallel { threads: NonZeroUsize::new(threads), ..Parallel::default() }
    }

    /// The pool of `threads` threads (at most [`MAX_THREADS`]), built on
    /// first use and kept among the [`KEPT_POOLS`] used last; `None` for
    /// rayon's global pool (when `threads` is `None`, or when a pool of
    /// that size cannot be started: the call then runs on the global pool
    /// rather than fail).
    fn pool(&self) -> Option<Arc<rayon::ThreadPool>> {
        let n = self.threads?.get().min(MAX_THREADS);
        let mut pools = POOLS.lock();
        if let Some(i) = pools.iter().position(|p| p.current_num_threads() == n) {
            // The most recently used last.
            let pool = pools.remove(i);
            pools.push(Arc::clone(&pool));
            return Some(pool);
        }
        let pool = Arc::new(rayon::ThreadPoolBuilder::new().num_threads(n).build().ok()?);
        if pools.len() == KEPT_POOLS {
            // The least recently used goes: its threads end once no call
            // is running on it.
            pools.remove(0);
        }
        pools.push(Arc::clone(&pool));
        Some(pool)
    }

    /// Runs `job` on the pool (see [`Parallel`]): rayon's parallel
    /// iterators inside it use the pool's threads.
    pub(crate) fn run<R: Send>(&self, job: impl FnOnce() -> R + Send) -> R {
        match self.pool() {
            Some(pool) => pool.install(job),
            None => job(),
        }
    }

    /// Runs `job` on the calling thread with a scope whose spawned tasks
    /// run on the pool; returns when they have all finished.
    pub(crate) fn scope<'s, R>(&self, job: impl FnOnce(&rayon::Scope<'s>) -> R) -> R {
        match self.pool() {
            Some(pool) => pool.in_place_scope(job),
            None => rayon::in_place_scope(job),
        }
    }

    /// `f(k)` for each `k` in `0..n` on these settings' threads, one item
    /// at a time per thread (a long item holds back no other), the results
    /// in order. For a front-end that keeps state of its own on each worker
    /// thread (the C library's solver per thread, as DDS keeps one per
    /// thread index): the threads are still the facade's pools.
    ///
    /// ```
    /// use dds::Parallel;
    /// let squares = Parallel::with_threads(2).map(5, |k| k * k);
    /// assert_eq!(squares, [0, 1, 4, 9, 16]);
    /// ```
    pub fn map<T: Send>(&self, n: usize, f: impl Fn(usize) -> T + Sync + Send) -> Vec<T> {
        self.run(|| (0..n).into_par_iter().with_max_len(1).map(f).collect())
    }

    /// The number of threads calls run on.
    pub(crate) fn thread_count(&self) -> usize {
        self.pool().map_or_else(rayon::current_num_threads, |pool| pool.current_num_threads())
    }
}

/// A request to stop a batch part way, shared between the threads that
/// solve it and whoever asks it to stop (a signal handler, another
/// thread): clones share one flag. A batch that takes it
/// ([`dd_tables_stoppable`]) stops the searches in flight within a
/// millisecond or so of [`StopFlag::stop`] and starts no other.
///
/// ```
/// use dds::StopFlag;
/// let flag = StopFlag::new();
/// let handle = flag.clone();
/// assert!(!flag.is_stopped());
/// handle.stop();
/// assert!(flag.is_stopped());
/// ```
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A flag not yet set.
    pub fn new() -> StopFlag {
        StopFlag::default()
    }

    /// Asks every batch holding this flag (or a clone of it) to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether [`StopFlag::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }

    /// The shared flag, as the search looks at it.
    pub(crate) fn shared(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// One solver per worker thread of the pool that runs a batch, made on the
/// thread's first job and kept for its later ones: a job clears the table
/// (or keeps it, for the same cards and strain) instead of allocating a new
/// one, so a batch holds at most one table per thread, whatever its size.
/// The tables are of type `T`.
pub(crate) struct Workers<T: TransTable> {
    slots: Vec<parking_lot::Mutex<Option<Solver<T>>>>,
    memory: usize,
}

impl<T: TransTable + WithMemory> Workers<T> {
    /// Room for one solver per thread of the current pool (call it inside
    /// [`Parallel::run`]), each with a table of `memory` bytes.
    pub(crate) fn new(memory: usize) -> Workers<T> {
        Workers { slots: (0..rayon::current_num_threads()).map(|_| parking_lot::Mutex::new(None)).collect(), memory }
    }

    /// A new solver with a table of the workers' budget.
    fn solver(&self) -> Solver<T> {
        Solver::with_table(T::with_memory(self.memory))
    }

    /// Runs `job` with the calling worker's solver. A job never waits for a
    /// lock: each slot belongs to one thread, and a call from outside the
    /// pool (or a slot in use further up the same thread's stack) gets a
    /// solver of its own.
    pub(crate) fn with<R>(&self, job: impl FnOnce(&mut Solver<T>) -> R) -> R {
        let slot = rayon::current_thread_index().and_then(|i| self.slots.get(i)).and_then(|m| m.try_lock());
        match slot {
            Some(mut solver) => job(solver.get_or_insert_with(|| self.solver())),
            None => job(&mut self.solver()),
        }
    }
}

/// The double dummy tables of `deals`, in parallel: one result per deal, in
/// input order, each the table [`Solver::dd_table`] gives or that deal's
/// own error (a bad deal loses nothing else). There is no limit on the
/// batch size.
///
/// Every batch of this crate answers this way: a `Vec` with one `Result`
/// per item, in input order.
///
/// ```
/// use dds::{dd_tables, Error, Parallel, Strain};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let ending = Deal::from_pbn_remaining("N:A... K... Q... J...")?;
/// let tables = dd_tables(&[deal, ending, deal], &Parallel::default());
/// assert_eq!(tables[0].as_ref().map(|t| t.tricks(Strain::Spades, Seat::West)), Ok(8));
/// assert_eq!(tables[1], Err(Error::NotFullDeal));
/// assert_eq!(tables[2], tables[0]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn dd_tables(deals: &[Deal], settings: &Parallel) -> Vec<Result<DdTable, Error>> {
    dd_tables_in::<PartitionTable>(deals, settings)
}

/// [`dd_tables`] that `stop` can end part way: once it is set, the
/// searches in flight end within about a millisecond and no other
/// starts; each deal whose table was not finished then answers
/// [`Error::Interrupted`] (the others their table or their own error, as
/// [`dd_tables`] gives them).
///
/// ```
/// use dds::{dd_tables_stoppable, Error, Parallel, StopFlag};
/// use dds::model::Deal;
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let stop = StopFlag::new();
/// let tables = dd_tables_stoppable(&[deal], &Parallel::default(), &stop);
/// assert!(tables[0].is_ok());
/// stop.stop();
/// assert_eq!(dd_tables_stoppable(&[deal], &Parallel::default(), &stop), [Err(Error::Interrupted)]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn dd_tables_stoppable(deals: &[Deal], settings: &Parallel, stop: &StopFlag) -> Vec<Result<DdTable, Error>> {
    strain_rows::<PartitionTable>(deals, &Strain::ALL, settings, Some(stop))
        .into_iter()
        .map(|rows| rows.map(|rows| DdTable::solved(ByStrain::from_fn(|strain| rows[strain.index()]))))
        .collect()
}

/// [`dd_tables`] with solvers whose transposition tables are of type `T`,
/// each built with [`WithMemory::with_memory`](crate::tt::WithMemory::with_memory)
/// from [`Parallel::memory_per_thread`] (one per worker thread, as
/// [`dd_tables`] makes them; the crate documentation implements a table).
///
/// ```
/// use dds::tt::MapTable;
/// use dds::{dd_tables, dd_tables_in, Parallel};
/// use dds::model::Deal;
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let settings = Parallel::with_threads(2);
/// assert_eq!(dd_tables_in::<MapTable>(&[deal], &settings), dd_tables(&[deal], &settings));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn dd_tables_in<T: TransTable + WithMemory + Send>(
    deals: &[Deal],
    settings: &Parallel,
) -> Vec<Result<DdTable, Error>> {
    strain_rows::<T>(deals, &Strain::ALL, settings, None)
        .into_iter()
        .map(|rows| rows.map(|rows| DdTable::solved(ByStrain::from_fn(|strain| rows[strain.index()]))))
        .collect()
}

/// The rows of `strains` for every deal (one result per deal, the rows in
/// the order of `strains`), one job per deal and strain: small jobs keep
/// every core busy to the end of the batch, as DDS's CalcAllTables does.
/// Once `stop` is set, the jobs in flight end and the others do not start:
/// their deals answer [`Error::Interrupted`].
fn strain_rows<T: TransTable + WithMemory + Send>(
    deals: &[Deal],
    strains: &[Strain],
    settings: &Parallel,
    stop: Option<&StopFlag>,
) -> Vec<Result<Vec<BySeat<u8>>, Error>> {
    let n = strains.len();
    if n == 0 {
        // Nothing to solve; the deals must still be valid.
        return deals.iter().map(|deal| deal.validate().map(|_| Vec::new()).map_err(Error::from)).collect();
    }
    let memory = settings.memory_per_thread;
    let jobs: Vec<Result<BySeat<u8>, Error>> = settings.run(|| {
        let workers = Workers::<T>::new(memory);
        (0..deals.len() * n)
            .into_par_iter()
            .with_max_len(1)
            .map(|job| {
                if stop.is_some_and(StopFlag::is_stopped) {
                    return Err(Error::Interrupted);
                }
                workers.with(|solver| {
                    solver.set_stop(stop);
                    solver.dd_table_strain(&deals[job / n], strains[job % n])
                })
            })
            .collect()
    });
    jobs.chunks_exact(n).map(|rows| rows.iter().cloned().collect()).collect()
}

/// What [`dd_tables_with`] computes (DDS's `CalcAllTables` with its trump
/// filter and par mode).
///
/// ```
/// use dds::{Strain, TableOptions, Vulnerability};
/// let options = TableOptions::default().only(&[Strain::NoTrump, Strain::Spades]).with_par(Vulnerability::Both);
/// assert!(options.strains[Strain::NoTrump] && !options.strains[Strain::Hearts]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct TableOptions {
    /// The strains to solve; the others are left out (zero in the table).
    pub strains: ByStrain<bool>,
    /// Par for this vulnerability with each table (all strains needed).
    pub par: Option<Vulnerability>,
}

impl Default for TableOptions {
    /// Every strain, no par.
    fn default() -> TableOptions {
        TableOptions { strains: ByStrain::from_fn(|_| true), par: None }
    }
}

impl TableOptions {
    /// Only the strains listed.
    ///
    /// ```
    /// use dds::{Strain, TableOptions};
    /// let options = TableOptions::default().only(&[Strain::Spades]);
    /// assert!(options.strains[Strain::Spades]);
    /// assert!(!options.strains[Strain::NoTrump] && !options.strains[Strain::Clubs]);
    /// assert_eq!(options.par, None);
    /// ```
    pub fn only(self, strains: &[Strain]) -> TableOptions {
        TableOptions { strains: ByStrain::from_fn(|s| strains.contains(&s)), ..self }
    }

    /// With par for `vulnerability`.
    ///
    /// ```
    /// use dds::{Strain, TableOptions, Vulnerability};
    /// let options = TableOptions::default().with_par(Vulnerability::NorthSouth);
    /// assert_eq!(options.par, Some(Vulnerability::NorthSouth));
    /// assert!(options.strains[Strain::Hearts]); // every strain still solved
    /// ```
    pub fn with_par(self, vulnerability: Vulnerability) -> TableOptions {
        TableOptions { par: Some(vulnerability), ..self }
    }

    /// Whether these options can be solved: par needs every strain
    /// ([`Error::ParNeedsAllStrains`] otherwise). [`dd_tables_with`] gives
    /// this error for every deal; front-ends check it before reading a
    /// batch.
    ///
    /// ```
    /// use dds::{Error, Strain, TableOptions, Vulnerability};
    /// let options = TableOptions::default().only(&[Strain::Spades]);
    /// assert_eq!(options.check(), Ok(()));
    /// assert_eq!(options.with_par(Vulnerability::None).check(), Err(Error::ParNeedsAllStrains));
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        if self.par.is_some() && Strain::ALL.iter().any(|&s| !self.strains[s]) {
            return Err(Error::ParNeedsAllStrains);
        }
        Ok(())
    }
}

/// One deal's answer from [`dd_tables_with`].
///
/// ```
/// use dds::{dd_tables_with, Parallel, Strain, TableOptions};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let options = TableOptions::default().only(&[Strain::Spades]);
/// let result = dd_tables_with(&[deal], &options, &Parallel::with_threads(1)).remove(0)?;
/// assert_eq!(result.table.tricks(Strain::Spades, Seat::West), 8);
/// assert_eq!(result.table.tricks(Strain::Hearts, Seat::West), 0); // left out
/// assert!(result.strains[Strain::Spades] && !result.strains[Strain::Hearts]);
/// assert_eq!(result.par, None);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TableResult {
    /// The table; strains left out hold zeros.
    pub table: DdTable,
    /// The strains solved.
    pub strains: ByStrain<bool>,
    /// Par, when asked for.
    pub par: Option<SidesPar>,
}

impl TableResult {
    /// The tricks `declarer` takes in `strain`, `None` for a strain left
    /// out.
    ///
    /// ```
    /// use dds::{DdTable, Strain, TableResult};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// // A table with only notrump solved: 9 tricks for North-South.
    /// let tricks = ByStrain::from_fn(|s| BySeat(if s == Strain::NoTrump { [9, 4, 9, 4] } else { [0; 4] }));
    /// let result = TableResult {
    ///     table: DdTable::new(tricks)?,
    ///     strains: ByStrain::from_fn(|s| s == Strain::NoTrump),
    ///     par: None,
    /// };
    /// assert_eq!(result.tricks(Strain::NoTrump, Seat::South), Some(9));
    /// assert_eq!(result.tricks(Strain::Spades, Seat::South), None);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> Option<u8> {
        self.strains[strain].then(|| self.table.tricks(strain, declarer))
    }
}

/// [`dd_tables`] with a choice of strains and par with each table, as DDS's
/// `CalcAllTables` offers: one result per deal, in input order. Par needs
/// every strain: asking for par with a strain left out gives every deal
/// [`Error::ParNeedsAllStrains`].
///
/// ```
/// use dds::{dd_tables_with, Parallel, Strain, TableOptions, Vulnerability};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let results = dd_tables_with(&[deal], &TableOptions::default().only(&[Strain::NoTrump]), &Parallel::default());
/// let notrump = results[0].clone()?;
/// assert_eq!(notrump.tricks(Strain::NoTrump, Seat::North), Some(6));
/// assert_eq!(notrump.tricks(Strain::Spades, Seat::North), None);
/// let results = dd_tables_with(&[deal], &TableOptions::default().with_par(Vulnerability::None), &Parallel::default());
/// let with_par = results[0].clone()?;
/// assert_eq!(with_par.par.as_ref().map(|p| p.ns_first.score), Some(-110));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn dd_tables_with(deals: &[Deal], options: &TableOptions, settings: &Parallel) -> Vec<Result<TableResult, Error>> {
    dd_tables_with_in::<PartitionTable>(deals, options, settings)
}

/// [`dd_tables_with`] with solvers whose transposition tables are of type
/// `T`, built as [`dd_tables_in`] builds them.
///
/// ```
/// use dds::tt::MapTable;
/// use dds::{dd_tables_with_in, Parallel, Strain, TableOptions};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let options = TableOptions::default().only(&[Strain::NoTrump]);
/// let results = dd_tables_with_in::<MapTable>(&[deal], &options, &Parallel::with_threads(1));
/// assert_eq!(results[0].as_ref().map(|r| r.tricks(Strain::NoTrump, Seat::North)), Ok(Some(6)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn dd_tables_with_in<T: TransTable + WithMemory + Send>(
    deals: &[Deal],
    options: &TableOptions,
    settings: &Parallel,
) -> Vec<Result<TableResult, Error>> {
    if let Err(e) = options.check() {
        return deals.iter().map(|_| Err(e.clone())).collect();
    }
    let strains: Vec<Strain> = Strain::ALL.into_iter().filter(|&s| options.strains[s]).collect();
    strain_rows::<T>(deals, &strains, settings, None)
        .into_iter()
        .map(|rows| {
            let rows = rows?;
            let mut tricks = ByStrain::<BySeat<u8>>::default();
            for (&strain, row) in strains.iter().zip(rows) {
                tricks[strain] = row;
            }
            let table = DdTable::solved(tricks);
            Ok(TableResult { table, strains: options.strains, par: options.par.map(|vul| table.par(vul)) })
        })
        .collect()
}

/// [`Solver::solve_board`] for many boards, in parallel: one result per
/// board, in input order. The boards with the most cards left (the hardest)
/// are started first, so that one long search does not keep the batch
/// waiting at the end.
///
/// ```
/// use dds::{solve_boards, Board, Error, Parallel, Solutions, Strain, Target};
/// use dds::model::Seat;
/// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
/// let results = solve_boards(&[board], Target::AtLeast(2), Solutions::One, &Parallel::default());
/// assert_eq!(results[0], Err(Error::TargetTooHigh { target: 2, tricks_left: 1 }));
/// let results = solve_boards(&[board], Target::Max, Solutions::One, &Parallel::default());
/// assert_eq!(results[0].as_ref().map(|s| s.cards[0].tricks), Ok(Some(0)));
/// # Ok::<_, Error>(())
/// ```
pub fn solve_boards(
    boards: &[Board],
    target: Target,
    solutions: Solutions,
    settings: &Parallel,
) -> Vec<Result<Solution, Error>> {
    solve_boards_in::<PartitionTable>(boards, target, solutions, settings)
}

/// [`solve_boards`] with solvers whose transposition tables are of type
/// `T`, built as [`dd_tables_in`] builds them.
///
/// ```
/// use dds::tt::MapTable;
/// use dds::{solve_boards_in, Board, Parallel, Solutions, Strain, Target};
/// use dds::model::Seat;
/// let board = Board::from_pbn("N:AK2... QJ3... 654... T98...", Strain::NoTrump, Seat::North, &[])?;
/// let results = solve_boards_in::<MapTable>(&[board], Target::Max, Solutions::One, &Parallel::default());
/// assert_eq!(results[0].as_ref().map(|s| s.cards[0].tricks), Ok(Some(2)));
/// # Ok::<_, dds::Error>(())
/// ```
pub fn solve_boards_in<T: TransTable + WithMemory + Send>(
    boards: &[Board],
    target: Target,
    solutions: Solutions,
    settings: &Parallel,
) -> Vec<Result<Solution, Error>> {
    let memory = settings.memory_per_thread;
    let mut order: Vec<usize> = (0..boards.len()).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(boards[i].tricks_left()));
    let mut solved: Vec<(usize, Result<Solution, Error>)> = settings.run(|| {
        let workers = Workers::<T>::new(memory);
        order
            .par_iter()
            .with_max_len(1)
            .map(|&i| (i, workers.with(|solver| solver.solve_board(&boards[i], target, solutions))))
            .collect()
    });
    solved.sort_by_key(|&(i, _)| i);
    solved.into_iter().map(|(_, solution)| solution).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_are_capped_and_few_pools_are_kept() {
        let threads = |n: usize| Parallel::with_threads(n).run(rayon::current_num_threads);
        assert_eq!(threads(MAX_THREADS + 1), MAX_THREADS);
        for n in 1..=KEPT_POOLS + 3 {
            assert_eq!(threads(n), n);
            assert!(POOLS.lock().len() <= KEPT_POOLS);
        }
    }

    #[test]
    fn a_batch_makes_one_solver_per_worker_thread() {
        // Each job notes the address of the solver it ran with: the jobs of a
        // batch on two threads share at most two solvers, however many
        // jobs there are.
        let settings = Parallel { memory_per_thread: 1 << 20, ..Parallel::with_threads(2) };
        let addresses: Vec<usize> = settings.run(|| {
            let workers = Workers::<PartitionTable>::new(settings.memory_per_thread);
            (0..64)
                .into_par_iter()
                .with_max_len(1)
                .map(|_| workers.with(|solver| solver as *mut Solver as usize))
                .collect()
        });
        let mut distinct = addresses.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert!(distinct.len() <= 2, "{} solvers for 64 jobs", distinct.len());
    }
}
