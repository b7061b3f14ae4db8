//! The searcher's making, its settings (the stop flag, the strain, the
//! code it runs) and its counters: everything but the search itself.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;

use dds_model::Strain;
use dds_tt::TransTable;

use super::{isa, Searcher, STOP_INTERVAL};
use crate::order::Ordering;

impl<T: TransTable> Searcher<T> {
    /// A searcher for `strain` using `tt`.
    pub fn new(tt: T, strain: Strain) -> Searcher<T> {
        Searcher {
            tt,
            strain,
            nodes: 0,
            tricks: 0,
            order: Ordering::new(),
            stop: None,
            stop_countdown: STOP_INTERVAL,
            v3: isa::v3_detected(),
            stopped: false,
            decided: None,
        }
    }

    /// Sets (or with `None` removes) the flag that stops the search: once
    /// another thread sets it, the search in progress (and any later one)
    /// returns within [`STOP_INTERVAL`] nodes of the move loop, and
    /// [`Searcher::stopped`] is true. Its answers are then meaningless and
    /// its table may hold wrong bounds: [`Searcher::clear`] it (which also
    /// forgets the stop) before searching again.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// Whether the stop flag ended a search since the searcher was built or
    /// last cleared: the answers since then are meaningless.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Looks at the stop flag, once every [`STOP_INTERVAL`] nodes: whether
    /// the search must end. Once stopped, every later look answers yes at
    /// once, so the whole search unwinds.
    #[cold]
    #[inline(never)]
    pub(super) fn poll_stop(&mut self) -> bool {
        if !self.stopped {
            self.stopped = self.stop.as_ref().is_some_and(|flag| flag.load(AtomicOrdering::Relaxed));
        }
        self.stop_countdown = if self.stopped { 1 } else { STOP_INTERVAL };
        self.stopped
    }

    /// The strain searched.
    pub fn strain(&self) -> Strain {
        self.strain
    }

    /// Switches to another strain, clearing the table if it changes.
    pub fn set_strain(&mut self, strain: Strain) {
        if strain != self.strain {
            self.clear();
            self.strain = strain;
        }
    }

    /// The transposition table.
    pub fn table(&self) -> &T {
        &self.tt
    }

    /// Forgets every stored result, and a stop seen
    /// ([`Searcher::stopped`]).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.order.clear();
        self.stopped = false;
        self.stop_countdown = STOP_INTERVAL;
    }

    /// Nodes searched since the searcher was built.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Tricks completed in the search since the searcher was built: the
    /// node count DDS reports.
    pub fn trick_nodes(&self) -> u64 {
        self.tricks
    }

    /// Makes the search run its portable code (`true`), or x86-64-v3's code
    /// where the processor has its features (`false`, the default; the
    /// environment variable `DDSRS_PORTABLE` makes it the portable code in
    /// a whole process). The two take the same nodes and give the same
    /// answers: the choice is one of speed only.
    ///
    /// ```
    /// use dds_model::{Deal, Seat, Strain};
    /// use dds_search::{Position, Searcher};
    /// use dds_tt::PartitionTable;
    ///
    /// let deal: Deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765".parse()?;
    /// let pos = Position::new(*deal.hands(), Seat::East, &[], Strain::NoTrump)?;
    /// let mut fast = Searcher::new(PartitionTable::default(), Strain::NoTrump);
    /// let mut portable = Searcher::new(PartitionTable::default(), Strain::NoTrump);
    /// portable.set_portable(true);
    /// assert!(portable.portable());
    /// assert_eq!(fast.solve_ns(&pos), portable.solve_ns(&pos));
    /// assert_eq!(fast.nodes(), portable.nodes());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_portable(&mut self, portable: bool) {
        self.v3 = !portable && isa::v3_detected();
    }

    /// Whether the search runs its portable code ([`Searcher::set_portable`]).
    pub fn portable(&self) -> bool {
        !self.v3
    }
}
