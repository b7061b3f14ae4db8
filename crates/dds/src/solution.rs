//! What to ask of a position and what comes back: [`Target`] and
//! [`Solutions`] (DDS's `target` and `solutions`), [`Solution`] and its
//! [`ScoredCard`]s (DDS's `futureTricks`), which
//! [`Solver::solve_board`](crate::Solver::solve_board) gives.

use dds_model::{Card, Hand};

use crate::{Board, Error};

/// What to find out about a position (DDS's `target`).
///
/// ```
/// use dds::{Board, Error, Solutions, Solver, Strain, Target};
/// use dds::model::Seat;
/// // Two tricks left; North's ace of spades takes both, the two neither.
/// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
/// let mut solver = Solver::new();
/// let max = solver.solve_board(&board, Target::Max, Solutions::One)?;
/// assert_eq!((max.cards[0].card, max.cards[0].tricks), ("SA".parse()?, Some(2)));
/// let one = solver.solve_board(&board, Target::AtLeast(1), Solutions::AllOptimal)?;
/// assert_eq!(one.cards.len(), 1); // only the ace takes a trick
/// let legal = solver.solve_board(&board, Target::LegalCards, Solutions::All)?;
/// assert_eq!((legal.cards.len(), legal.cards[0].tricks), (2, None));
/// assert_eq!(
///     solver.solve_board(&board, Target::AtLeast(3), Solutions::One),
///     Err(Error::TargetTooHigh { target: 3, tricks_left: 2 })
/// );
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Target {
    /// The most tricks the side to play can take (DDS's `target = -1`).
    #[default]
    Max,
    /// Cards that take at least this many tricks (DDS's `target = 0..13`).
    /// A card's score is then the target itself, not the maximum; with 0,
    /// the cards are listed with score 0 without a search, as DDS does, in
    /// this solver's root order (DDS's order for target 0 depends on what
    /// the same DDS thread solved before, so it has no fixed answer).
    AtLeast(u8),
    /// Only list the legal cards, without searching and without scores
    /// (one card with [`Solutions::One`]). For DDS's `target = 0`, which
    /// reports a score of 0, use `AtLeast(0)`.
    LegalCards,
}

impl Target {
    /// The target of DDS's `target` argument: -1 for the most tricks,
    /// 0 to 13 for cards that take at least that many; `None` for any other
    /// number (each front-end refuses it in its own way: a status code, an
    /// exception, a usage error).
    ///
    /// ```
    /// use dds::Target;
    /// assert_eq!(Target::from_dds(-1), Some(Target::Max));
    /// assert_eq!(Target::from_dds(9), Some(Target::AtLeast(9)));
    /// assert_eq!(Target::from_dds(14), None);
    /// assert_eq!(Target::from_dds(-2), None);
    /// ```
    pub const fn from_dds(target: i64) -> Option<Target> {
        match target {
            -1 => Some(Target::Max),
            0..=13 => Some(Target::AtLeast(target as u8)),
            _ => None,
        }
    }

    /// Whether this target can be asked of `board`: a target above the
    /// tricks left is [`Error::TargetTooHigh`], as
    /// [`Solver::solve_board`] answers it. Front-ends check a whole batch
    /// with it before solving any board.
    ///
    /// ```
    /// use dds::{Board, Error, Seat, Strain, Target};
    /// let board = Board::new(&"N:A... K... Q... J...".parse()?, Strain::NoTrump, Seat::North, &[])?;
    /// assert_eq!(Target::AtLeast(1).check(&board), Ok(()));
    /// assert_eq!(Target::AtLeast(2).check(&board), Err(Error::TargetTooHigh { target: 2, tricks_left: 1 }));
    /// assert_eq!(Target::Max.check(&board), Ok(()));
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn check(self, board: &Board) -> Result<(), Error> {
        let left = board.tricks_left();
        match self {
            Target::AtLeast(target) if target > left => Err(Error::TargetTooHigh { target, tricks_left: left }),
            _ => Ok(()),
        }
    }
}

impl Solutions {
    /// The value of DDS's `solutions` argument: 1 one best card, 2 every
    /// card that meets the target, 3 every card with its score; `None` for
    /// any other number.
    ///
    /// ```
    /// use dds::Solutions;
    /// assert_eq!(Solutions::from_dds(2), Some(Solutions::AllOptimal));
    /// assert_eq!(Solutions::from_dds(0), None);
    /// ```
    pub const fn from_dds(solutions: i64) -> Option<Solutions> {
        match solutions {
            1 => Some(Solutions::One),
            2 => Some(Solutions::AllOptimal),
            3 => Some(Solutions::All),
            _ => None,
        }
    }
}

/// How many cards to report (DDS's `solutions`).
///
/// ```
/// use dds::{Board, Solutions, Solver, Strain, Target};
/// use dds::model::Seat;
/// // Three tricks left: either ace of North's takes all three, the two of
/// // spades none (East wins the king and cashes two diamonds).
/// let board = Board::from_pbn("N:A2.A.. K..KQ. ...432 ...765", Strain::NoTrump, Seat::North, &[])?;
/// let mut solver = Solver::new();
/// let mut scores = |solutions| -> Result<Vec<Option<u8>>, dds::Error> {
///     Ok(solver.solve_board(&board, Target::Max, solutions)?.cards.iter().map(|c| c.tricks).collect())
/// };
/// assert_eq!(scores(Solutions::One)?, [Some(3)]);
/// assert_eq!(scores(Solutions::AllOptimal)?, [Some(3), Some(3)]);
/// assert_eq!(scores(Solutions::All)?, [Some(3), Some(3), Some(0)]);
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Solutions {
    /// One card that meets the target (DDS's `solutions = 1`).
    One,
    /// Every card that meets the target (DDS's `solutions = 2`).
    AllOptimal,
    /// Every legal card with its score; the target is ignored (DDS's
    /// `solutions = 3`), except [`Target::LegalCards`], which never
    /// searches.
    #[default]
    All,
}

/// A card with its score.
///
/// ```
/// use dds::{Board, ScoredCard, Solutions, Solver, Strain, Target};
/// use dds::model::{Hand, Seat};
/// // North leads from the ace-king of spades: either card takes both tricks.
/// let board = Board::from_pbn("N:AK... QJ... .32.. .54..", Strain::NoTrump, Seat::North, &[])?;
/// let solution = Solver::new().solve_board(&board, Target::Max, Solutions::All)?;
/// let king: Hand = "K...".parse()?;
/// assert_eq!(solution.cards, [ScoredCard { card: "SA".parse()?, equals: king, tricks: Some(2) }]);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct ScoredCard {
    /// The card (the highest of its group of equivalent cards).
    pub card: Card,
    /// The lower cards of the same hand that are equivalent to `card`: the
    /// cards between them have all been played in earlier tricks.
    pub equals: Hand,
    /// Tricks the side to play takes with this card, the current trick
    /// included; `None` when no search was asked for
    /// ([`Target::LegalCards`]) or the card is forced and the caller asked
    /// not to search forced cards.
    pub tricks: Option<u8>,
}

/// The answer of [`Solver::solve_board`]: DDS's `futureTricks`, with the
/// cards in DDS's order (highest score first, cards of equal score in the
/// order DDS lists them).
///
/// ```
/// use dds::{Board, Solutions, Solver, Strain, Target};
/// use dds::model::Seat;
/// // Two tricks left; North's ace of spades takes both, the two neither.
/// let board = Board::from_pbn("N:A2... K.2.. .43.. .65..", Strain::NoTrump, Seat::North, &[])?;
/// let solution = Solver::new().solve_board(&board, Target::Max, Solutions::All)?;
/// let cards: Vec<String> = solution.cards.iter().map(|c| c.card.to_string()).collect();
/// assert_eq!(cards, ["SA", "S2"]);
/// assert!(!solution.forced);
/// assert!(solution.nodes > 0);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The cards, highest score first. Empty when a [`Target::AtLeast`]
    /// cannot be met.
    pub cards: Vec<ScoredCard>,
    /// Whether the seat to play had only one choice (equivalent cards
    /// counted once).
    pub forced: bool,
    /// Search nodes visited.
    pub nodes: u64,
}
