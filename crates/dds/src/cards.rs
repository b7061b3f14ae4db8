//! Every card of a position scored, with the cards' searches spread over
//! threads (Slovesnov's parallel evaluation of all moves).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use dds_model::{Card, Hand};
use dds_search::RootMoves;
use dds_tt::TransTable;
use parking_lot::Mutex;

use crate::solver::side_tricks;
use crate::{Board, Error, Parallel, ScoredCard, Solution, Solutions, Solver, Target};

/// Below this many nodes for the position's value, the cards are scored on
/// the calling thread: starting workers and copying the table would cost
/// more than the searches left (about 7 ms of search on this machine).
const PARALLEL_MIN_NODES: u64 = 50_000;

// Scoring cards on threads: each worker clones the solver (`Clone`), which
// the workers share by reference (`Sync`).
impl<T: TransTable + Clone + Sync> Solver<T> {
    /// Every legal card of the seat to play with its score, like
    /// [`Solver::solve_board`] with [`Target::Max`] and [`Solutions::All`]
    /// (DDS's `solutions = 3`), with the cards spread over the threads of
    /// `settings` when the search is long.
    ///
    /// The position's value is found first, on this solver; it bounds every
    /// card's score, so each card's search steps down from it. When that
    /// first search was long, each worker takes a copy of this solver's warm
    /// table (of this solver's size: `settings.memory_per_thread` does not
    /// apply) and scores cards from a shared queue until none is left. The
    /// scores and their order do not depend on the number of threads (the
    /// node count does).
    ///
    /// ```
    /// use dds::{Board, Parallel, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn(
    ///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    ///     Strain::NoTrump,
    ///     Seat::East,
    ///     &[],
    /// )?;
    /// let parallel = Solver::new().score_cards(&board, &Parallel::with_threads(2))?;
    /// let sequential = Solver::new().solve_board(&board, Target::Max, Solutions::All)?;
    /// assert_eq!(parallel.cards, sequential.cards);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn score_cards(&mut self, board: &Board, settings: &Parallel) -> Result<Solution, Error> {
        self.score_cards_above(board, settings, PARALLEL_MIN_NODES)
    }

    /// [`Solver::score_cards`], spreading the cards over threads when the
    /// position's value took at least `min_nodes`.
    fn score_cards_above(&mut self, board: &Board, settings: &Parallel, min_nodes: u64) -> Result<Solution, Error> {
        let pos = *board.position();
        let left = pos.tricks_left();
        let moves = RootMoves::new(&pos);
        if left == 1 || moves.len() == 1 || settings.thread_count() == 1 {
            return self.solve_board(board, Target::Max, Solutions::All);
        }
        self.prepare(board);
        let nodes_before = self.nodes();
        let ns_value = self.ns_value(board);
        let best = side_tricks(ns_value, pos.to_play().side(), left);
        let cards: Vec<(Card, Hand)> = moves.iter().collect();
        let next = AtomicUsize::new(0);
        let scores = Mutex::new(vec![Ok(0u8); cards.len()]);
        let worker_nodes = AtomicU64::new(0);
        // Scores the cards of the queue until it is empty.
        let drain = |solver: &mut Solver<T>| loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(card, _)) = cards.get(i) else { break };
            let score = solver.card_score(&pos, card, best);
            scores.lock()[i] = score;
        };
        if self.nodes() - nodes_before < min_nodes {
            drain(self);
        } else {
            let base: &Solver<T> = self;
            let workers = settings.thread_count().min(cards.len());
            settings.scope(|scope| {
                for _ in 0..workers {
                    scope.spawn(|_| {
                        let mut solver = base.clone();
                        let start = solver.nodes();
                        drain(&mut solver);
                        worker_nodes.fetch_add(solver.nodes() - start, Ordering::Relaxed);
                    });
                }
            });
        }
        let scores = scores.into_inner();
        let mut scored = Vec::with_capacity(cards.len());
        for (&(card, equals), &score) in cards.iter().zip(&scores) {
            scored.push(ScoredCard { card, equals, tricks: Some(score?) });
        }
        // Highest score first, search order among equals: as solve_board.
        scored.sort_by_key(|c| core::cmp::Reverse(c.tricks));
        let nodes = self.nodes() - nodes_before + worker_nodes.into_inner();
        Ok(Solution { cards: scored, forced: false, nodes })
    }
}

#[cfg(test)]
mod tests {
    use dds_fixtures::load_hand_file;

    use crate::{Board, Parallel, Solutions, Solver, Target};

    /// With every position spread over threads (no minimum), the scores and
    /// their order are those of the sequential evaluation, on 1, 2 and 3
    /// threads, and the scores are DDS's (the FUT lines of list10).
    #[test]
    fn threads_give_the_sequential_answer() {
        let records = load_hand_file("list10.txt").unwrap();
        let mut sequential = Solver::new();
        for record in records.iter().filter(|r| r.fut.is_some()).take(4) {
            let board = Board::new(&record.deal, record.strain, record.leader, &[]).unwrap();
            let want = sequential.solve_board(&board, Target::Max, Solutions::All).unwrap();
            let fut = record.fut.as_ref().unwrap();
            let mut dds: Vec<(String, u8)> = fut.entries.iter().map(|e| (e.card.to_string(), e.score as u8)).collect();
            for threads in [1, 2, 3] {
                let settings = Parallel { memory_per_thread: 8 << 20, ..Parallel::with_threads(threads) };
                let got = Solver::new().score_cards_above(&board, &settings, 0).unwrap();
                assert_eq!(got.cards, want.cards, "line {}, {threads} threads", record.line);
                let mut ours: Vec<(String, u8)> =
                    got.cards.iter().map(|c| (c.card.to_string(), c.tricks.unwrap())).collect();
                ours.sort();
                dds.sort();
                assert_eq!(ours, dds, "line {}", record.line);
            }
        }
    }
}
