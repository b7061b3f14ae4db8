//! Batches in parallel: many tables or boards over a pool of threads, one
//! solver (and table) per thread.

use dds_model::{BySeat, ByStrain, Deal, Strain};
use rayon::prelude::*;

use crate::{Board, DdTable, Error, Solution, Solutions, Solver, Target};

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
    fn run<R: Send>(&self, job: impl FnOnce() -> R + Send) -> R {
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
    let memory = settings.memory_per_thread;
    // One job per deal and strain: small jobs keep every core busy to the
    // end of the batch, as DDS's CalcAllTables does.
    let rows: Vec<BySeat<u8>> = settings.run(|| {
        (0..deals.len() * Strain::NUM)
            .into_par_iter()
            .with_max_len(1)
            .map_init(
                || Solver::with_memory(memory),
                |solver, job| solver.dd_table_strain(&deals[job / Strain::NUM], Strain::ALL[job % Strain::NUM]),
            )
            .collect::<Result<_, Error>>()
    })?;
    Ok(rows
        .chunks_exact(Strain::NUM)
        .map(|row| DdTable::new(ByStrain::from_fn(|strain| row[strain.index()])))
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
        order
            .par_iter()
            .with_max_len(1)
            .map_init(
                || Solver::with_memory(memory),
                |solver, &i| solver.solve_board(&boards[i], target, solutions).map(|s| (i, s)),
            )
            .collect::<Result<_, Error>>()
    })?;
    let mut solved = solved;
    solved.sort_by_key(|&(i, _)| i);
    Ok(solved.into_iter().map(|(_, solution)| solution).collect())
}
