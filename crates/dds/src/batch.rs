//! Batches in parallel: many tables or boards over a pool of threads, one
//! solver (and table) per thread.

use dds_model::{BySeat, ByStrain, Deal, Seat, Strain, Vulnerability};
use rayon::prelude::*;

use crate::{Board, DdTable, Error, SidesPar, Solution, Solutions, Solver, Target};

/// How a batch runs.
///
/// ```
/// use dds::Parallel;
/// let settings = Parallel { threads: Some(2), ..Parallel::default() };
/// assert_eq!(settings.memory_per_thread, 64 << 20);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Parallel {
    /// Worker threads; `None` uses every core.
    pub threads: Option<usize>,
    /// The transposition table budget of each worker, in bytes.
    pub memory_per_thread: usize,
}

impl Default for Parallel {
    fn default() -> Parallel {
        Parallel { threads: None, memory_per_thread: dds_tt::PartitionTable::DEFAULT_BYTES }
    }
}

impl Parallel {
    /// Runs `job` on a pool of the configured size (the global pool when
    /// `threads` is `None`).
    pub(crate) fn run<R: Send>(&self, job: impl FnOnce() -> R + Send) -> R {
        match self.threads {
            None => job(),
            Some(n) => match rayon::ThreadPoolBuilder::new().num_threads(n.max(1)).build() {
                Ok(pool) => pool.install(job),
                // A pool that cannot start leaves the batch to the global pool.
                Err(_) => job(),
            },
        }
    }
}

/// One solver per worker thread of the pool that runs a batch, made on the
/// thread's first job and kept for its later ones: a job clears the table
/// (or keeps it, for the same cards and strain) instead of allocating a new
/// one, so a batch holds at most one table per thread, whatever its size.
pub(crate) struct Workers {
    slots: Vec<parking_lot::Mutex<Option<Solver>>>,
    memory: usize,
}

impl Workers {
    /// Room for one solver per thread of the current pool (call it inside
    /// [`Parallel::run`]), each with a table of `memory` bytes.
    pub(crate) fn new(memory: usize) -> Workers {
        Workers { slots: (0..rayon::current_num_threads()).map(|_| parking_lot::Mutex::new(None)).collect(), memory }
    }

    /// Runs `job` with the calling worker's solver. A job never waits for a
    /// lock: each slot belongs to one thread, and a call from outside the
    /// pool (or a slot in use further up the same thread's stack) gets a
    /// solver of its own.
    pub(crate) fn with<R>(&self, job: impl FnOnce(&mut Solver) -> R) -> R {
        let slot = rayon::current_thread_index().and_then(|i| self.slots.get(i)).and_then(|m| m.try_lock());
        match slot {
            Some(mut solver) => job(solver.get_or_insert_with(|| Solver::with_memory(self.memory))),
            None => job(&mut Solver::with_memory(self.memory)),
        }
    }
}

/// The double dummy tables of `deals`, in parallel, in input order; the
/// results equal [`Solver::dd_table`]'s. There is no limit on the batch
/// size. The first invalid deal's error is returned.
///
/// ```
/// use dds::{dd_tables, Parallel, Strain};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let tables = dd_tables(&[deal, deal], &Parallel::default())?;
/// assert_eq!(tables[1].tricks(Strain::Spades, Seat::West), 8);
/// # Ok::<_, dds::Error>(())
/// ```
pub fn dd_tables(deals: &[Deal], settings: &Parallel) -> Result<Vec<DdTable>, Error> {
    let rows = strain_rows(deals, &Strain::ALL, settings)?;
    Ok(rows
        .chunks_exact(Strain::NUM)
        .map(|row| DdTable::solved(ByStrain::from_fn(|strain| row[strain.index()])))
        .collect())
}

/// The rows of `strains` for every deal, deal by deal, one job per deal and
/// strain: small jobs keep every core busy to the end of the batch, as
/// DDS's CalcAllTables does.
fn strain_rows(deals: &[Deal], strains: &[Strain], settings: &Parallel) -> Result<Vec<BySeat<u8>>, Error> {
    let memory = settings.memory_per_thread;
    let n = strains.len();
    settings.run(|| {
        let workers = Workers::new(memory);
        (0..deals.len() * n)
            .into_par_iter()
            .with_max_len(1)
            .map(|job| workers.with(|solver| solver.dd_table_strain(&deals[job / n], strains[job % n])))
            .collect::<Result<_, Error>>()
    })
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
    pub fn only(self, strains: &[Strain]) -> TableOptions {
        TableOptions { strains: ByStrain::from_fn(|s| strains.contains(&s)), ..self }
    }

    /// With par for `vulnerability`.
    pub fn with_par(self, vulnerability: Vulnerability) -> TableOptions {
        TableOptions { par: Some(vulnerability), ..self }
    }
}

/// One deal's answer from [`dd_tables_with`].
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
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> Option<u8> {
        self.strains[strain].then(|| self.table.tricks(strain, declarer))
    }
}

/// [`dd_tables`] with a choice of strains and par with each table, as DDS's
/// `CalcAllTables` offers. Par needs every strain: asking for par with a
/// strain left out is [`Error::ParNeedsAllStrains`].
///
/// ```
/// use dds::{dd_tables_with, Parallel, Strain, TableOptions, Vulnerability};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let notrump = dd_tables_with(&[deal], &TableOptions::default().only(&[Strain::NoTrump]), &Parallel::default())?;
/// assert_eq!(notrump[0].tricks(Strain::NoTrump, Seat::North), Some(6));
/// assert_eq!(notrump[0].tricks(Strain::Spades, Seat::North), None);
/// let with_par = dd_tables_with(&[deal], &TableOptions::default().with_par(Vulnerability::None), &Parallel::default())?;
/// assert_eq!(with_par[0].par.as_ref().map(|p| p.ns_first.score), Some(-110));
/// # Ok::<_, dds::Error>(())
/// ```
pub fn dd_tables_with(deals: &[Deal], options: &TableOptions, settings: &Parallel) -> Result<Vec<TableResult>, Error> {
    let strains: Vec<Strain> = Strain::ALL.into_iter().filter(|&s| options.strains[s]).collect();
    if options.par.is_some() && strains.len() < Strain::NUM {
        return Err(Error::ParNeedsAllStrains);
    }
    if strains.is_empty() {
        // Nothing to solve; the deals must still be valid.
        for deal in deals {
            deal.validate()?;
        }
    }
    let rows = strain_rows(deals, &strains, settings)?;
    Ok((0..deals.len())
        .map(|d| {
            let mut tricks = ByStrain::<BySeat<u8>>::default();
            for (k, &strain) in strains.iter().enumerate() {
                tricks[strain] = rows[d * strains.len() + k];
            }
            let table = DdTable::solved(tricks);
            TableResult { table, strains: options.strains, par: options.par.map(|vul| table.par(vul)) }
        })
        .collect())
}

/// [`Solver::solve_board`] for many boards, in parallel, in input order.
/// The boards with the most cards left (the hardest) are started first, so
/// that one long search does not keep the batch waiting at the end.
pub fn solve_boards(
    boards: &[Board],
    target: Target,
    solutions: Solutions,
    settings: &Parallel,
) -> Result<Vec<Solution>, Error> {
    let memory = settings.memory_per_thread;
    let mut order: Vec<usize> = (0..boards.len()).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(boards[i].position().tricks_left()));
    let solved: Vec<(usize, Solution)> = settings.run(|| {
        let workers = Workers::new(memory);
        order
            .par_iter()
            .with_max_len(1)
            .map(|&i| workers.with(|solver| solver.solve_board(&boards[i], target, solutions).map(|s| (i, s))))
            .collect::<Result<_, Error>>()
    })?;
    let mut solved = solved;
    solved.sort_by_key(|&(i, _)| i);
    Ok(solved.into_iter().map(|(_, solution)| solution).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_makes_one_solver_per_worker_thread() {
        // Each job notes the address of the solver it ran with: the jobs of a
        // batch on two threads share at most two solvers, however many
        // jobs there are.
        let settings = Parallel { threads: Some(2), memory_per_thread: 1 << 20 };
        let addresses: Vec<usize> = settings.run(|| {
            let workers = Workers::new(settings.memory_per_thread);
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
