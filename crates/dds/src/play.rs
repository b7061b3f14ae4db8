//! Play analysis (DDS's `AnalysePlay` and `AnalyseAllPlays`): the double
//! dummy result along a play sequence, card by card.

use dds_model::{Card, Deal, Seat, Side, Strain};
use dds_tt::{PartitionTable, TransTable, WithMemory};
use rayon::prelude::*;

use crate::solver::side_tricks;
use crate::{Board, Error, Parallel, PlayFault, PositionError, Solver};

/// The double dummy result along a play sequence.
///
/// `tricks[0]` is the number of tricks declarer's side takes with best play
/// from the start; `tricks[k]` is the number it ends with after the first
/// `k` cards of the sequence were played and both sides play perfectly from
/// then on (tricks already won included). A drop from one value to the
/// next marks a card that cost declarer's side a trick; a rise, a
/// defender's mistake.
///
/// ```
/// use dds::{Solver, Strain};
/// use dds::model::{Deal, Seat};
/// // Two tricks left, North on lead and West declaring: North's ace of
/// // spades takes both tricks, the two of spades gives both away.
/// let deal = Deal::from_pbn_remaining("N:A2... K.2.. .43.. .65..")?;
/// let analysis = Solver::new().analyse_play(&deal, Strain::NoTrump, Seat::North, &["S2".parse()?])?;
/// assert_eq!(analysis.tricks, [0, 2]);
/// assert_eq!(analysis.changes().collect::<Vec<_>>(), [(0, 2)]); // a defender's mistake
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayAnalysis {
    /// Declarer's side's tricks before the play and after each card.
    pub tricks: Vec<u8>,
}

impl PlayAnalysis {
    /// The values DDS's `AnalysePlay` returns: DDS does not analyse the last
    /// trick (its result is forced), so at most 49 values.
    ///
    /// ```
    /// let analysis = dds::PlayAnalysis { tricks: vec![9; 53] };
    /// assert_eq!(analysis.dds_trace().len(), 49);
    /// ```
    pub fn dds_trace(&self) -> &[u8] {
        &self.tricks[..self.tricks.len().min(49)]
    }

    /// The places in the sequence (from 0) of the cards that changed the
    /// result, with the change for declarer's side (-1: the card cost
    /// declarer a trick, +1: a defender's mistake gave one).
    ///
    /// ```
    /// let analysis = dds::PlayAnalysis { tricks: vec![9, 10, 10, 9] };
    /// assert_eq!(analysis.changes().collect::<Vec<_>>(), [(0, 1), (2, -1)]);
    /// ```
    pub fn changes(&self) -> impl Iterator<Item = (usize, i8)> + '_ {
        self.tricks.windows(2).enumerate().filter(|(_, w)| w[0] != w[1]).map(|(i, w)| (i, w[1] as i8 - w[0] as i8))
    }
}

/// One play sequence to analyse: the deal, the strain, the opening leader
/// and the cards played from the opening lead on.
///
/// ```
/// use dds::{analyse_plays, Parallel, PlayRequest, Strain};
/// use dds::model::{Deal, Seat};
/// let deal = Deal::from_pbn_remaining("N:A2... K.2.. .43.. .65..")?;
/// let ace = PlayRequest { deal, strain: Strain::NoTrump, leader: Seat::North, play: vec!["SA".parse()?] };
/// let two = PlayRequest { play: vec!["S2".parse()?], ..ace.clone() };
/// let results = analyse_plays(&[ace, two], &Parallel::with_threads(1));
/// assert_eq!(results[0].as_ref().map(|a| a.tricks.clone()), Ok(vec![0, 0]));
/// assert_eq!(results[1].as_ref().map(|a| a.tricks.clone()), Ok(vec![0, 2]));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayRequest {
    /// The cards at the start of the play.
    pub deal: Deal,
    /// The strain.
    pub strain: Strain,
    /// The seat on lead to the first trick (declarer's left).
    pub leader: Seat,
    /// The cards played, in order.
    pub play: Vec<Card>,
}

impl PlayRequest {
    /// Checks the play without searching: the error
    /// [`Solver::analyse_play`] gives for this request (a bad deal, an
    /// illegal card with its place and fault), found by replaying the
    /// cards. A front-end checks a batch with it before anything is solved.
    ///
    /// ```
    /// use dds::{Error, PlayFault, PlayRequest, Strain};
    /// use dds::model::{Deal, Seat};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let good = PlayRequest { deal, strain: Strain::Spades, leader: Seat::North, play: vec!["CT".parse()?] };
    /// assert_eq!(good.check(), Ok(()));
    /// let bad = PlayRequest { play: vec!["C4".parse()?], ..good };
    /// assert!(matches!(bad.check(), Err(Error::IllegalPlay { index: 0, fault: PlayFault::HeldBy(Seat::East), .. })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        let deal = self.deal.validate()?;
        let mut board = Board::new(&deal, self.strain, self.leader, &[])?;
        for (index, &card) in self.play.iter().enumerate() {
            let seat = board.to_play();
            board = board.after(card).map_err(|e| illegal(&board, index, card, seat, e))?;
        }
        Ok(())
    }
}

impl<T: TransTable> Solver<T> {
    /// The double dummy result for declarer's side before the play and after
    /// each card of `play` (DDS's `AnalysePlay`). `deal` holds the cards at
    /// the start (normally a full deal), `leader` leads the first card and
    /// declarer is on the leader's right. Every card must be legal: held by
    /// the seat to play, following suit when it can; otherwise the error
    /// names the card and its place in the sequence.
    ///
    /// Unlike DDS, the last trick is analysed too (its result is forced, so
    /// the values after card 48 equal the value after it);
    /// [`PlayAnalysis::dds_trace`] gives DDS's values.
    ///
    /// ```
    /// use dds::{Solver, Strain};
    /// use dds::model::{Card, Deal, Seat};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let play: Vec<Card> = ["CT", "C4", "CA", "CJ"].iter().map(|c| c.parse()).collect::<Result<_, _>>()?;
    /// let analysis = Solver::new().analyse_play(&deal, Strain::Spades, Seat::North, &play)?;
    /// // West declares spades and keeps 8 tricks after each card.
    /// assert_eq!(analysis.tricks, [8, 8, 8, 8, 8]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn analyse_play(
        &mut self,
        deal: &Deal,
        strain: Strain,
        leader: Seat,
        play: &[Card],
    ) -> Result<PlayAnalysis, Error> {
        let deal = deal.validate()?;
        let mut board = Board::new(&deal, strain, leader, &[])?;
        let declarer = leader.prev().side();
        let mut won = 0u8;
        let mut tricks = Vec::with_capacity(play.len() + 1);
        let first = self.declarer_tricks(&board, declarer, None);
        tricks.push(first);
        for (index, &card) in play.iter().enumerate() {
            let seat = board.to_play();
            let completes = board.played().len() == 3;
            let next = board.after(card).map_err(|e| illegal(&board, index, card, seat, e))?;
            if completes && next.leader().side() == declarer {
                won += 1;
            }
            board = next;
            let previous = tricks.last().copied().unwrap_or(first);
            let value = if board.tricks_left() == 0 {
                won
            } else {
                won + self.declarer_tricks(&board, declarer, Some(previous.saturating_sub(won)))
            };
            tricks.push(value);
        }
        Ok(PlayAnalysis { tricks })
    }

    /// The tricks `declarer`'s side takes from `board` on, searched from a
    /// guess of that number (or from the search's own start without one).
    pub(crate) fn declarer_tricks(&mut self, board: &Board, declarer: Side, guess: Option<u8>) -> u8 {
        self.prepare(board);
        let left = board.tricks_left();
        let pos = board.position();
        let ns = self.search_ns(pos, guess.map(|g| side_tricks(g.min(left), declarer, left)));
        side_tricks(ns, declarer, left)
    }
}

/// One card of a line of best play.
///
/// ```
/// use dds::{Board, LineCard, Solver, Strain};
/// use dds::model::Seat;
/// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
/// let line = Solver::new().best_line(&board);
/// assert_eq!(line.cards[0], LineCard { seat: Seat::West, card: "SJ".parse()?, wins: None, tricks: 0 });
/// assert_eq!(line.cards[1], LineCard { seat: Seat::North, card: "SA".parse()?, wins: None, tricks: 1 });
/// assert_eq!(line.cards[3].wins, Some(Seat::North)); // on the trick's last card
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct LineCard {
    /// The seat that plays it.
    pub seat: Seat,
    /// The card.
    pub card: Card,
    /// The trick's winner, on the trick's last card.
    pub wins: Option<Seat>,
    /// The tricks the card keeps: what the side of `seat` takes from this
    /// card's trick on (that trick included) with best play.
    pub tricks: u8,
}

/// A line of best play ([`Solver::best_line`]).
///
/// ```
/// use dds::{Board, Solver, Strain};
/// use dds::model::Seat;
/// // Two tricks left: North cashes the ace of spades, then the two.
/// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
/// let line = Solver::new().best_line(&board);
/// assert_eq!(line.ns_tricks, 2);
/// let cards: Vec<String> = line.cards.iter().map(|c| c.card.to_string()).collect();
/// assert_eq!(cards.len(), 8);
/// assert_eq!((cards[0].as_str(), cards[4].as_str()), ("SA", "S2"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BestLine {
    /// The cards from the position to the end of the deal.
    pub cards: Vec<LineCard>,
    /// North-South's tricks from the position on (the current trick
    /// included) with best play: what the line gives them.
    pub ns_tricks: u8,
}

impl<T: TransTable> Solver<T> {
    /// One line of best play from `board` to the end of the deal: every card
    /// keeps the position's value (North-South take the same number of
    /// tricks as with best play from the start). Each card is found with
    /// zero-window searches whose bound is the known value, carried from
    /// card to card and across trick boundaries, so no search widens the
    /// window.
    ///
    /// ```
    /// use dds::{Board, Solver, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn(
    ///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    ///     Strain::Spades,
    ///     Seat::North,
    ///     &[],
    /// )?;
    /// let line = Solver::new().best_line(&board);
    /// assert_eq!((line.cards.len(), line.ns_tricks), (52, 5));
    /// let ns_won = line.cards.iter().filter(|c| c.wins.is_some_and(|w| w.index() % 2 == 0)).count();
    /// assert_eq!(ns_won, 5);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn best_line(&mut self, board: &Board) -> BestLine {
        self.prepare(board);
        let mut pos = *board.position();
        let total = self.search_ns(&pos, None);
        // North-South's tricks still to come from `pos`, current trick
        // included.
        let mut left_ns = total;
        let mut cards = Vec::with_capacity(4 * usize::from(pos.tricks_left()));
        while pos.tricks_left() > 0 {
            let seat = pos.to_play();
            let ns_to_play = seat.side() == Side::NorthSouth;
            let moves = dds_search::RootMoves::new(&pos);
            // The first card that keeps the value: North-South keep at
            // least `left_ns`, East-West hold them to at most that. One
            // zero-window search per card tried; some card always keeps the
            // value of a solved position, and the last one tried is taken
            // if none is found, so that a defect shows as a wrong line in
            // the tests rather than a panic.
            let mut chosen = None;
            for (card, _) in moves.iter() {
                chosen = Some(card);
                // The cards are legal: the search answers each.
                let keeps = if ns_to_play {
                    left_ns == 0 || self.search_after(&pos, card, left_ns) == Ok(true)
                } else {
                    self.search_after(&pos, card, left_ns + 1) == Ok(false)
                };
                if keeps {
                    break;
                }
            }
            let Some(card) = chosen else { break };
            let completes = pos.played().count() == 3;
            let Ok(next) = pos.after(card) else { break };
            let wins = completes.then(|| next.leader());
            let tricks = side_tricks(left_ns, seat.side(), pos.tricks_left());
            if wins.is_some_and(|w| w.side() == Side::NorthSouth) {
                left_ns -= 1;
            }
            cards.push(LineCard { seat, card, wins, tricks });
            pos = next;
        }
        BestLine { cards, ns_tricks: total }
    }
}

/// The error for an illegal card: who holds it, or the suit it fails to
/// follow.
fn illegal(board: &Board, index: usize, card: Card, seat: Seat, e: Error) -> Error {
    let fault = match e {
        Error::Position(PositionError::Revoke(_)) => match board.played().first() {
            Some(lead) => PlayFault::Revoke { led: lead.suit() },
            None => return e,
        },
        Error::Position(_) => match Seat::ALL.into_iter().find(|&s| board.hand(s).contains(card)) {
            Some(holder) => PlayFault::HeldBy(holder),
            None => PlayFault::AlreadyPlayed,
        },
        _ => return e,
    };
    Error::IllegalPlay { index, card, seat, fault }
}

/// [`Solver::analyse_play`] for many sequences in parallel (DDS's
/// `AnalyseAllPlays`, without its limit of 200): one result per request,
/// in input order, each an analysis or that request's own error.
///
/// ```
/// use dds::{analyse_plays, Parallel, PlayRequest, Strain};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let good = PlayRequest { deal, strain: Strain::Spades, leader: Seat::North, play: vec!["CT".parse()?] };
/// let bad = PlayRequest { play: vec!["C4".parse()?], ..good.clone() };
/// let results = analyse_plays(&[good, bad], &Parallel::default());
/// assert_eq!(results[0].as_ref().map(|a| a.tricks.clone()), Ok(vec![8, 8]));
/// assert!(results[1].is_err()); // North does not hold the four of clubs
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_plays(requests: &[PlayRequest], settings: &Parallel) -> Vec<Result<PlayAnalysis, Error>> {
    analyse_plays_in::<PartitionTable>(requests, settings)
}

/// [`analyse_plays`] with solvers whose transposition tables are of type
/// `T`, built as [`dd_tables_in`](crate::dd_tables_in) builds them.
///
/// ```
/// use dds::tt::MapTable;
/// use dds::{analyse_plays_in, Parallel, PlayRequest, Strain};
/// use dds::model::{Deal, Seat};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let request = PlayRequest { deal, strain: Strain::Spades, leader: Seat::North, play: vec!["CT".parse()?] };
/// let results = analyse_plays_in::<MapTable>(&[request], &Parallel::with_threads(1));
/// assert_eq!(results[0].as_ref().map(|a| a.tricks.clone()), Ok(vec![8, 8]));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn analyse_plays_in<T: TransTable + WithMemory + Send>(
    requests: &[PlayRequest],
    settings: &Parallel,
) -> Vec<Result<PlayAnalysis, Error>> {
    let memory = settings.memory_per_thread;
    settings.run(|| {
        let workers = crate::batch::Workers::<T>::new(memory);
        requests
            .par_iter()
            .with_max_len(1)
            .map(|r| workers.with(|solver| solver.analyse_play(&r.deal, r.strain, r.leader, &r.play)))
            .collect()
    })
}
