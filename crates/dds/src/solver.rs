//! `Solver`: solving one position (`solve_board`) and a deal's double dummy
//! table (`dd_table`).

use dds_model::{BySeat, ByStrain, Card, Deal, Hand, Seat, Side, Strain};
use dds_search::{Position, RootMoves, Searcher, Tricks};
use dds_tt::{PartitionTable, TransTable};

use crate::solution::{ScoredCard, Solution, Solutions, Target};
use crate::{Board, DdTable, Error, PositionError};

/// `deal` checked as a full deal: 13 cards in each hand, no card twice
/// ([`Error::Deal`] or [`Error::NotFullDeal`] otherwise): the check of
/// every call that needs a full deal (tables, par, contract results), for
/// front-ends that check a batch before solving it.
///
/// ```
/// use dds::{full_deal, Error};
/// use dds::model::Deal;
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// assert_eq!(full_deal(&deal), Ok(deal));
/// let ending: Deal = "N:A... K... Q... J...".parse()?;
/// assert_eq!(full_deal(&ending), Err(Error::NotFullDeal));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn full_deal(deal: &Deal) -> Result<Deal, Error> {
    let deal = deal.validate()?;
    if !deal.is_full() {
        return Err(Error::NotFullDeal);
    }
    Ok(deal)
}

/// A double dummy solver. It owns a transposition table, reused between
/// calls on the same cards and strain; it is not shared between threads
/// (make one per thread). A clone carries a copy of the table.
///
/// ```
/// use dds::{Solver, Strain};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let mut solver = Solver::new();
/// let table = solver.dd_table(&deal)?;
/// assert_eq!(table.tricks(Strain::NoTrump, Seat::North), 6);
/// # Ok::<_, dds::Error>(())
/// ```
///
/// The table is the type parameter `T`: [`PartitionTable`](crate::tt::PartitionTable)
/// unless another is named. Any [`TransTable`] can replace it
/// ([`Solver::with_table`]; the batches' `_in` variants, such as
/// [`dd_tables_in`](crate::dd_tables_in), for the solvers of worker
/// threads); the crate documentation implements a table of its own. The
/// search is compiled for the table's type, so the default solver runs
/// the same code as if there were no choice.
#[derive(Clone, Debug)]
pub struct Solver<T: TransTable = PartitionTable> {
    pub(crate) searcher: Searcher<T>,
    /// Each seat's cards (held, or played to the current trick) when the
    /// table was last cleared, to decide whether it may be reused.
    deal: Option<[Hand; 4]>,
    /// Whether a forced card is returned without a search (DDS's mode 0).
    skip_forced: bool,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table and its default memory budget.
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// // West leads to the last trick; North's ace wins it.
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// let solution = Solver::new().solve_board(&board, Target::Max, Solutions::One)?;
    /// assert_eq!(solution.cards[0].tricks, Some(0)); // none for West's side
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn new() -> Solver {
        Solver::with_memory(PartitionTable::DEFAULT_BYTES)
    }

    /// A solver whose transposition table uses at most about `bytes`.
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let mut small = Solver::with_memory(1 << 20); // 1 MiB
    /// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
    /// let solution = small.solve_board(&board, Target::Max, Solutions::One)?;
    /// assert_eq!(solution.cards[0].tricks, Some(2));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn with_memory(bytes: usize) -> Solver {
        Solver::with_table(PartitionTable::with_memory(bytes))
    }
}

impl<T: TransTable> Solver<T> {
    /// A solver that searches with `table`, a transposition table of any
    /// type (the crate documentation implements one). A table that holds
    /// entries is cleared before the first search.
    ///
    /// ```
    /// use dds::tt::MapTable;
    /// use dds::{Solver, Strain};
    /// use dds::model::{Deal, Seat};
    /// // dds-tt's exact-position map: slower, the same answers.
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let mut solver: Solver<MapTable> = Solver::with_table(MapTable::new());
    /// assert_eq!(solver.dd_table_strain(&deal, Strain::Spades)?[Seat::West], 8);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn with_table(table: T) -> Solver<T> {
        // No deal recorded: `prepare`, which every search goes through
        // first, clears the table.
        Solver { searcher: Searcher::new(table, Strain::NoTrump), deal: None, skip_forced: false }
    }

    /// The transposition table, for its usage counters
    /// ([`TransTable::stats`]) or anything else its type offers.
    ///
    /// ```
    /// use dds::tt::TransTable;
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.table().stats().probes, 0);
    /// let board = Board::from_pbn("N:AK2... QJ3... 654... T98...", Strain::NoTrump, Seat::North, &[])?;
    /// solver.solve_board(&board, Target::Max, Solutions::One)?;
    /// assert!(solver.table().stats().probes > 0);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn table(&self) -> &T {
        self.searcher.table()
    }

    /// Whether [`Solver::solve_board`] answers a forced card (the only
    /// choice, equivalent cards counted once) without searching, leaving its
    /// score `None`, as DDS does in its mode 0. Off by default: forced cards
    /// are scored like any other and flagged by [`Solution::forced`].
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// // West has led a spade: North must play the ace, its only spade.
    /// let board = Board::from_pbn("N:A.2.. K.3.. Q.4.. .5..", Strain::NoTrump, Seat::West, &["SJ".parse()?])?;
    /// let mut solver = Solver::new();
    /// let scored = solver.solve_board(&board, Target::Max, Solutions::One)?;
    /// assert_eq!((scored.forced, scored.cards[0].tricks), (true, Some(1)));
    /// solver.set_skip_forced(true);
    /// let skipped = solver.solve_board(&board, Target::Max, Solutions::One)?;
    /// assert_eq!((skipped.forced, skipped.cards[0].tricks, skipped.nodes), (true, None, 0));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_skip_forced(&mut self, skip: bool) {
        self.skip_forced = skip;
    }

    /// Prepares the searcher for `board`, clearing the table unless the
    /// strain is the same and the board comes from the same deal (every
    /// seat's cards a subset of what it held when the table was last
    /// cleared): the same board with another leader, or a later position of
    /// its play. (Stored bounds hold for any position that matches them, so
    /// this rule only keeps unrelated entries out.)
    pub(crate) fn prepare(&mut self, board: &Board) {
        let hands = board.trick_start_hands().0;
        let strain = board.strain();
        let same_deal = self.deal.is_some_and(|old| old.iter().zip(&hands).all(|(old, new)| old.is_superset(*new)));
        if !same_deal || self.searcher.strain() != strain {
            self.searcher.clear();
            self.searcher.set_strain(strain);
            self.deal = Some(hands);
        }
    }

    /// Search nodes visited since the solver was made.
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.nodes(), 0);
    /// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
    /// let solution = solver.solve_board(&board, Target::Max, Solutions::All)?;
    /// assert_eq!(solver.nodes(), solution.nodes);
    /// assert!(solver.nodes() > 0);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn nodes(&self) -> u64 {
        self.searcher.nodes()
    }

    /// Tricks completed in the searches since the solver was made: the node
    /// count DDS reports.
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let mut solver = Solver::new();
    /// assert_eq!(solver.trick_nodes(), 0);
    /// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
    /// solver.solve_board(&board, Target::Max, Solutions::All)?;
    /// assert!(solver.trick_nodes() > 0 && solver.trick_nodes() <= solver.nodes());
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn trick_nodes(&self) -> u64 {
        self.searcher.trick_nodes()
    }

    /// DDS's `SolveBoard`: the cards of the seat to play with their scores,
    /// as asked by `target` and `solutions`. Scores are tricks for the side
    /// to play, the current trick included.
    ///
    /// ```
    /// use dds::{Board, Solutions, Solver, Strain, Target};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn(
    ///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    ///     Strain::Spades,
    ///     Seat::North,
    ///     &[],
    /// )?;
    /// let solution = Solver::new().solve_board(&board, Target::Max, Solutions::One)?;
    /// assert_eq!(solution.cards[0].tricks, Some(5));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn solve_board(&mut self, board: &Board, target: Target, solutions: Solutions) -> Result<Solution, Error> {
        let pos = *board.position();
        let left = pos.tricks_left();
        target.check(board)?;
        self.prepare(board);
        let nodes_before = self.searcher.nodes();
        let moves = RootMoves::new(&pos);
        let forced = moves.len() == 1;
        let to_play = pos.to_play().side();
        let side = |ns: u8| side_tricks(ns, to_play, left);
        let scored = |(card, equals): (Card, Hand), tricks: Option<u8>| ScoredCard { card, equals, tricks };
        let mut cards = Vec::new();
        if left == 1 && target != Target::LegalCards {
            // The last trick, as DDS answers it: the one card with its real
            // score (0 for target 0 with one or all optimal solutions).
            let zero = target == Target::AtLeast(0) && solutions != Solutions::All;
            let tricks = if zero { 0 } else { side(self.search_ns(&pos, None)) };
            cards.extend(moves.iter().map(|m| scored(m, Some(tricks))));
            return Ok(Solution { cards, forced, nodes: self.searcher.nodes() - nodes_before });
        }
        if forced && self.skip_forced && target != Target::LegalCards {
            cards.extend(moves.iter().map(|m| scored(m, None)));
            return Ok(Solution { cards, forced, nodes: 0 });
        }
        // How many cards a listing without search shows.
        let listed = if solutions == Solutions::One { 1 } else { moves.len() };
        match (target, solutions) {
            (Target::LegalCards, _) => cards.extend(moves.iter().take(listed).map(|m| scored(m, None))),
            (_, Solutions::All) => {
                // No card scores more than the position's value, and most
                // score it or a trick less: step down from it.
                let best = side(self.ns_value(board));
                for (card, equals) in moves.iter() {
                    let score = self.card_score(&pos, card, best)?;
                    cards.push(ScoredCard { card, equals, tricks: Some(score) });
                }
                // Highest score first; the sort is stable, so equal scores
                // keep the search order.
                cards.sort_by_key(|c| core::cmp::Reverse(c.tricks));
            }
            (Target::AtLeast(0), _) => {
                // DDS's target 0: every card takes at least nothing; no search.
                cards.extend(moves.iter().take(listed).map(|m| scored(m, Some(0))));
            }
            (Target::Max, _) | (Target::AtLeast(_), _) => {
                let goal = match target {
                    Target::AtLeast(t) => t,
                    _ => side(self.ns_value(board)),
                };
                for (card, equals) in moves.iter() {
                    if goal == 0 || self.side_can_take_after(&pos, card, goal)? {
                        cards.push(ScoredCard { card, equals, tricks: Some(goal) });
                        if cards.len() == listed {
                            break;
                        }
                    }
                }
            }
        }
        Ok(Solution { cards, forced, nodes: self.searcher.nodes() - nodes_before })
    }

    /// North-South's tricks from `board` on (the current trick included),
    /// searched from a guess of the value ([`position_guess`]).
    pub(crate) fn ns_value(&mut self, board: &Board) -> u8 {
        self.search_ns(board.position(), Some(position_guess(board)))
    }

    /// The search's North-South tricks from `pos` on, from `guess` (or
    /// the search's own start without one). The search counts in
    /// [`Tricks`] (`u32`), the facade in `u8`: this function and
    /// [`Solver::search_after`] are the only crossings.
    pub(crate) fn search_ns(&mut self, pos: &Position, guess: Option<u8>) -> u8 {
        let ns = match guess {
            Some(guess) => self.searcher.solve_ns_from(pos, Tricks::from(guess)),
            None => self.searcher.solve_ns(pos),
        };
        // At most the 13 tricks of a deal.
        ns as u8
    }

    /// Whether North-South take at least `target` tricks after the seat to
    /// play at `pos` plays `card` (see [`Solver::search_ns`]).
    pub(crate) fn search_after(&mut self, pos: &Position, card: Card, target: u8) -> Result<bool, PositionError> {
        self.searcher.can_take_after(pos, card, Tricks::from(target))
    }

    /// The tricks the side to play takes after `card`, stepping down from
    /// `best` (the position's value, which no card exceeds); an error if
    /// `card` is not a legal card at `pos`.
    pub(crate) fn card_score(&mut self, pos: &Position, card: Card, best: u8) -> Result<u8, PositionError> {
        for tricks in (1..=best).rev() {
            if self.side_can_take_after(pos, card, tricks)? {
                return Ok(tricks);
            }
        }
        Ok(0)
    }

    /// Whether the side to play takes at least `goal` tricks after `card`.
    fn side_can_take_after(&mut self, pos: &Position, card: Card, goal: u8) -> Result<bool, PositionError> {
        if pos.to_play().side() == Side::NorthSouth {
            self.search_after(pos, card, goal)
        } else {
            // East-West take `goal` iff North-South take at most
            // `left - goal`.
            if goal == 0 {
                return Ok(true);
            }
            Ok(!self.search_after(pos, card, pos.tricks_left() - goal + 1)?)
        }
    }

    /// The double dummy table of a full deal: for each strain and declarer,
    /// the tricks declarer takes when the seat on declarer's left leads.
    ///
    /// ```
    /// use dds::{Error, Solver, Strain};
    /// use dds::model::{Deal, Seat};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let mut solver = Solver::new();
    /// let table = solver.dd_table(&deal)?;
    /// assert_eq!(table.tricks(Strain::Spades, Seat::West), 8);
    /// assert_eq!(table.tricks(Strain::Clubs, Seat::North), 7);
    /// // Only a full deal has a table.
    /// let ending = Deal::from_pbn_remaining("N:A... K... Q... J...")?;
    /// assert_eq!(solver.dd_table(&ending), Err(Error::NotFullDeal));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn dd_table(&mut self, deal: &Deal) -> Result<DdTable, Error> {
        let mut tricks = ByStrain::<BySeat<u8>>::default();
        for strain in Strain::ALL {
            tricks[strain] = self.dd_table_strain(deal, strain)?;
        }
        Ok(DdTable::solved(tricks))
    }

    /// The table of a position of equal hands (an ending of 1 to 13 cards
    /// a hand, no card of a trick played): for each strain and declarer,
    /// the tricks declarer's side takes of those left when the seat on
    /// declarer's left leads. A full deal's are [`Solver::dd_table`]'s; an
    /// ending's are counted out of its tricks, not out of 13 (DDS 2.9's
    /// form of a short deal is [`compat::short_deal_table`](crate::compat::short_deal_table)).
    ///
    /// ```
    /// use dds::{Error, Solver, Strain};
    /// use dds::model::{Deal, Seat};
    /// // Two cards a hand: North's ace and king of spades take both tricks.
    /// let ending = Deal::from_pbn_remaining("N:AK... QJ... T9... 87...")?;
    /// let mut solver = Solver::new();
    /// let tricks = solver.position_table(&ending)?;
    /// assert_eq!(tricks[Strain::NoTrump][Seat::North], 2);
    /// assert_eq!(tricks[Strain::NoTrump][Seat::East], 0);
    /// let unequal = Deal::from_pbn_remaining("N:AK... Q... T... 8...")?;
    /// assert!(matches!(solver.position_table(&unequal), Err(Error::Position(_))));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn position_table(&mut self, deal: &Deal) -> Result<ByStrain<BySeat<u8>>, Error> {
        if deal.hands().values().all(|hand| hand.len() == 13) {
            return Ok(*self.dd_table(deal)?.as_by_strain());
        }
        let mut tricks = ByStrain::<BySeat<u8>>::default();
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                // Checks the position: equal hands, at least one card each.
                let board = Board::new(deal, strain, declarer.next(), &[])?;
                let left = board.position().tricks_left();
                let best = self.solve_board(&board, crate::Target::Max, crate::Solutions::One)?;
                let defence = best.cards.first().and_then(|card| card.tricks).unwrap_or(0);
                tricks[strain][declarer] = left.saturating_sub(defence);
            }
        }
        Ok(tricks)
    }

    /// One strain's row of [`Solver::dd_table`]: the tricks each declarer
    /// takes in `strain`.
    ///
    /// ```
    /// use dds::{Solver, Strain};
    /// use dds::model::{Deal, Seat};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let spades = Solver::new().dd_table_strain(&deal, Strain::Spades)?;
    /// assert_eq!(spades[Seat::West], 8);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn dd_table_strain(&mut self, deal: &Deal, strain: Strain) -> Result<BySeat<u8>, Error> {
        let deal = full_deal(deal)?;
        self.table_strain(&deal, strain, first_guess(&deal, strain), false)
    }

    /// The row of `strain` in a full deal's table, the first leader's search
    /// starting from `guess` (North-South's tricks). With `keep`, the table
    /// is kept whatever it holds (stored bounds hold for every position that
    /// matches them, whatever the deal: the layouts of one problem share
    /// it); otherwise it is cleared unless it comes from the same deal.
    pub(crate) fn table_strain(
        &mut self,
        deal: &Deal,
        strain: Strain,
        guess: u8,
        keep: bool,
    ) -> Result<BySeat<u8>, Error> {
        let mut tricks = BySeat::<u8>::default();
        // North-South's tricks with the previous leader guess the next
        // leader's result; the table is shared by the four leaders.
        let mut guess = guess;
        // The tricks to play: 13 in a deal, fewer in an ending.
        let left = deal.hand(Seat::North).len() as u8;
        for leader in [Seat::North, Seat::South, Seat::East, Seat::West] {
            let ns = self.ns_tricks(deal, strain, leader, guess, keep)?;
            guess = ns;
            let declarer = leader.prev();
            tricks[declarer] = side_tricks(ns, declarer.side(), left);
        }
        Ok(tricks)
    }

    /// Every opening lead of a full deal (each with the cards equal to it)
    /// and the defenders' tricks after it, pushed to `leads`, the table
    /// kept as [`Solver::ns_tricks`] keeps it; returns North-South's
    /// tricks, searched from `guess`.
    pub(crate) fn lead_scores(
        &mut self,
        deal: &Deal,
        strain: Strain,
        leader: Seat,
        guess: u8,
        leads: &mut Vec<(Card, Hand, u8)>,
    ) -> Result<u8, Error> {
        let board = Board::new(deal, strain, leader, &[])?;
        self.searcher.set_strain(strain);
        self.deal = None;
        let pos = *board.position();
        let ns = self.search_ns(&pos, Some(guess));
        let best = side_tricks(ns, leader.side(), pos.tricks_left());
        for (card, equals) in RootMoves::new(&pos).iter() {
            let score = self.card_score(&pos, card, best)?;
            leads.push((card, equals, score));
        }
        Ok(ns)
    }

    /// North-South's tricks in a full deal with `leader` on lead, searched
    /// from `guess`; `keep` as in [`Solver::table_strain`].
    pub(crate) fn ns_tricks(
        &mut self,
        deal: &Deal,
        strain: Strain,
        leader: Seat,
        guess: u8,
        keep: bool,
    ) -> Result<u8, Error> {
        let board = Board::new(deal, strain, leader, &[])?;
        if keep {
            self.searcher.set_strain(strain);
            // The table no longer belongs to one deal.
            self.deal = None;
        } else {
            self.prepare(&board);
        }
        let ns = self.search_ns(board.position(), Some(guess));
        self.check_stop()?;
        Ok(ns)
    }

    /// Sets (or with `None` removes) the flag that stops this solver's
    /// searches part way: a table searched when it is set answers
    /// [`Error::Interrupted`].
    pub(crate) fn set_stop(&mut self, stop: Option<&crate::StopFlag>) {
        self.searcher.set_stop(stop.map(crate::StopFlag::shared));
    }

    /// [`Error::Interrupted`] when the stop flag ended the last search: its
    /// answer is meaningless and the table may hold wrong bounds, so the
    /// table is cleared and forgets its deal.
    fn check_stop(&mut self) -> Result<(), Error> {
        if !self.searcher.stopped() {
            return Ok(());
        }
        self.searcher.clear();
        self.deal = None;
        Err(Error::Interrupted)
    }
}

/// The tricks `side` takes of the `left` still to play when North-South
/// take `ns` of them (and North-South's, given `side`'s: the conversion is
/// its own inverse).
pub(crate) fn side_tricks(ns: u8, side: Side, left: u8) -> u8 {
    match side {
        Side::NorthSouth => ns,
        Side::EastWest => left - ns,
    }
}

/// A guess of North-South's tricks in a full deal ([`guess_from`]): the
/// first search for a value starts from it, and a good guess saves
/// searches.
pub(crate) fn first_guess(deal: &Deal, strain: Strain) -> u8 {
    // 13 tricks in a deal; an ending's hands hold the tricks left.
    guess_from(deal.hands(), deal.hand(Seat::North).len() as u8, strain)
}

/// [`first_guess`] for a position with any number of cards left (cards
/// played to the current trick counted with their seats).
pub(crate) fn position_guess(board: &Board) -> u8 {
    guess_from(&board.trick_start_hands(), board.tricks_left(), board.strain())
}

/// A guess of North-South's tricks from each seat's cards and the tricks
/// `left`: half of them and half a trick more, a sixth of a trick per point
/// of North-South's high cards over East-West's, and in a trump contract
/// half a trick per trump of North-South's length over East-West's.
fn guess_from(hands: &BySeat<Hand>, left: u8, strain: Strain) -> u8 {
    let points = |seat: Seat| -> i32 { hands[seat].iter().map(|c| (c.rank() as i32 - 10).max(0)).sum() };
    let ns = points(Seat::North) + points(Seat::South);
    let ew = points(Seat::East) + points(Seat::West);
    let left = i32::from(left);
    // Sixths of a trick.
    let mut sixths = 3 * left + 3 + (ns - ew);
    if let Some(trump) = strain.trump() {
        let length = |seat: Seat| hands[seat].suit_len(trump) as i32;
        sixths += 3 * (length(Seat::North) + length(Seat::South) - length(Seat::East) - length(Seat::West));
    }
    ((sixths + 3).div_euclid(6)).clamp(0, left) as u8
}

#[cfg(test)]
mod tests {
    use super::{first_guess, position_guess, side_tricks};
    use crate::Board;
    use dds_model::{Deal, Seat, Side, Strain};

    #[test]
    fn side_tricks_converts_both_ways() {
        for left in 0..=13 {
            for ns in 0..=left {
                assert_eq!(side_tricks(ns, Side::NorthSouth, left), ns);
                let ew = side_tricks(ns, Side::EastWest, left);
                assert_eq!(ew + ns, left);
                assert_eq!(side_tricks(ew, Side::EastWest, left), ns);
            }
        }
    }

    #[test]
    fn the_position_guess_of_a_full_deal_is_its_first_guess() {
        let mut rng = dds_fixtures::DealRng::new(7);
        for _ in 0..200 {
            let deal = rng.deal();
            for strain in Strain::ALL {
                for leader in Seat::ALL {
                    let board = Board::new(&deal, strain, leader, &[]).unwrap();
                    assert_eq!(position_guess(&board), first_guess(&deal, strain));
                }
            }
        }
    }

    #[test]
    fn the_position_guess_counts_the_cards_left_and_the_trick_in_play() {
        // Two tricks left, North-South hold both aces and kings: both.
        let deal: Deal = "N:A.A.. K.K.. Q.Q.. J.J..".parse().unwrap();
        let board = Board::new(&deal, Strain::NoTrump, Seat::West, &[]).unwrap();
        assert_eq!(position_guess(&board), 2);
        // West led the jack of spades: the trick still counts, the jack
        // still counts for West.
        let jack = "SJ".parse().unwrap();
        let mut hands = *deal.hands();
        assert!(hands[Seat::West].remove(jack));
        let board = Board::new(&Deal::new(hands), Strain::NoTrump, Seat::West, &[jack]).unwrap();
        assert_eq!(position_guess(&board), 2);
        // East-West hold the aces and kings of both suits: none.
        let deal: Deal = "N:Q.Q.. A.A.. J.J.. K.K..".parse().unwrap();
        let board = Board::new(&deal, Strain::Spades, Seat::North, &[]).unwrap();
        assert_eq!(position_guess(&board), 0);
    }

    #[test]
    fn first_guess_follows_points_and_trumps() {
        // North-South hold every high card and every spade: all 13 tricks.
        let all: Deal = "N:AKQJT98.AKQ.AK.A .T98765.98765.T9 765432.J.QJT.KQJ .432.432.8765432".parse().unwrap();
        assert_eq!(first_guess(&all, Strain::Spades), 13);
        // East-West hold them: none.
        let none: Deal = "N:.T98765.98765.T9 AKQJT98.AKQ.AK.A .432.432.8765432 765432.J.QJT.KQJ".parse().unwrap();
        assert_eq!(first_guess(&none, Strain::Spades), 0);
        // An even deal guesses half.
        let even: Deal = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765".parse().unwrap();
        assert_eq!(first_guess(&even, Strain::NoTrump), 7);
    }
}
