//! `Board`: a position to solve, the cards still held and the trick in
//! play, always valid.

use dds_model::{BySeat, Card, Deal, Hand, Seat, Strain};
use dds_search::Position;

use crate::Error;

/// A position to solve: the strain, the cards still held, the seat that led
/// to the current trick and the cards already played to it. A board is
/// always valid: [`Board::new`] checks the cards, and [`Board::after`]
/// plays a card only if it is legal.
///
/// ```
/// use dds::{Board, Strain};
/// use dds::model::Seat;
/// let board = Board::from_pbn(
///     "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
///     Strain::Spades,
///     Seat::North,
///     &[],
/// )?;
/// assert_eq!(board.tricks_left(), 13);
/// let board = board.after("CT".parse()?)?;
/// assert_eq!((board.to_play(), board.winning()), (Seat::East, Some(Seat::North)));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Board {
    position: Position,
}

impl Board {
    /// The board in `strain` where `remaining` are the cards still held
    /// (the cards of the current trick excluded), `leader` led to the
    /// current trick and `played` are the cards of that trick so far, in
    /// order. [`Error::Position`] says what does not fit.
    ///
    /// ```
    /// use dds::{Board, Error, PositionError, Strain};
    /// use dds::model::{Deal, Seat};
    /// let remaining = Deal::from_pbn_remaining("N:A... K... Q... J...")?;
    /// let board = Board::new(&remaining, Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!((board.to_play(), board.tricks_left()), (Seat::West, 1));
    /// // West has led the jack: it is no longer in West's hand.
    /// let jack = "SJ".parse()?;
    /// assert_eq!(
    ///     Board::new(&remaining, Strain::NoTrump, Seat::West, &[jack]),
    ///     Err(Error::Position(PositionError::PlayedCardHeld { card: jack, seat: Seat::West }))
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(remaining: &Deal, strain: Strain, leader: Seat, played: &[Card]) -> Result<Board, Error> {
        let position = Position::new(*remaining.hands(), leader, played, strain)?;
        Ok(Board { position })
    }

    /// Like [`Board::new`], with the remaining cards as PBN deal text.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// // West has led the jack of spades, its last card.
    /// let board = Board::from_pbn("N:A... K... Q... ...", Strain::NoTrump, Seat::West, &["SJ".parse()?])?;
    /// assert_eq!((board.to_play(), board.winning()), (Seat::North, Some(Seat::West)));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pbn(pbn: &str, strain: Strain, leader: Seat, played: &[Card]) -> Result<Board, Error> {
        Board::new(&Deal::from_pbn_remaining(pbn)?, strain, leader, played)
    }

    /// The board after the seat to play plays `card`: it must hold the card
    /// and follow suit when it can ([`PositionError::NotHeld`](crate::PositionError::NotHeld),
    /// [`PositionError::Revoke`](crate::PositionError::Revoke)). A completed trick is cleared and its
    /// winner leads the next one.
    ///
    /// ```
    /// use dds::{Board, Error, PositionError, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// let board = board.after("SJ".parse()?)?.after("SA".parse()?)?;
    /// assert_eq!((board.to_play(), board.winning()), (Seat::East, Some(Seat::North)));
    /// // East holds the king, not the queen.
    /// let queen = "SQ".parse()?;
    /// assert_eq!(board.after(queen), Err(Error::Position(PositionError::NotHeld { card: queen, seat: Seat::East })));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn after(&self, card: Card) -> Result<Board, Error> {
        let position = self.position.after(card)?;
        Ok(Board { position })
    }

    /// The board after the seat to play plays `card`, which it must hold,
    /// whether or not it follows suit: recorded play as DDS's
    /// `AnalysePlay` takes it, a revoke played as it was (it wins the trick
    /// only as a trump). Everything else about the board stays exact.
    ///
    /// ```
    /// use dds::{Board, Error, PositionError, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A.2.. K.3.. Q.4.. J.5..", Strain::NoTrump, Seat::West, &[])?;
    /// let board = board.after("SJ".parse()?)?;
    /// let two = "H2".parse()?;
    /// assert_eq!(board.after(two), Err(Error::Position(PositionError::Revoke(two))));
    /// assert_eq!(board.after_held(two)?.played(), ["SJ".parse()?, two]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn after_held(&self, card: Card) -> Result<Board, Error> {
        let position = self.position.after_held(card)?;
        Ok(Board { position })
    }

    /// The search's position.
    pub(crate) fn position(&self) -> &Position {
        &self.position
    }

    /// The strain.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::Hearts, Seat::West, &[])?;
    /// assert_eq!(board.strain(), Strain::Hearts);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn strain(&self) -> Strain {
        self.position.strain()
    }

    /// The seat that led to the current trick.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// let board = board.after("SJ".parse()?)?;
    /// assert_eq!((board.leader(), board.to_play()), (Seat::West, Seat::North));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn leader(&self) -> Seat {
        self.position.leader()
    }

    /// The seat to play next.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!(board.to_play(), Seat::West);
    /// assert_eq!(board.after("SJ".parse()?)?.to_play(), Seat::North);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_play(&self) -> Seat {
        self.position.to_play()
    }

    /// The cards played to the current trick, in order.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// use dds::model::Card;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// assert!(board.played().is_empty());
    /// let board = board.after("SJ".parse()?)?.after("SA".parse()?)?;
    /// assert_eq!(board.played(), ["SJ".parse::<Card>()?, "SA".parse()?]);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn played(&self) -> Vec<Card> {
        self.position.played().collect()
    }

    /// The seat winning the current trick so far (`None` before its lead).
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!(board.winning(), None);
    /// let board = board.after("SJ".parse()?)?;
    /// assert_eq!(board.winning(), Some(Seat::West));
    /// assert_eq!(board.after("SA".parse()?)?.winning(), Some(Seat::North));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn winning(&self) -> Option<Seat> {
        self.position.winning()
    }

    /// The tricks still to play, the current one included.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!(board.tricks_left(), 1);
    /// let board = board.after("SJ".parse()?)?.after("SA".parse()?)?.after("SK".parse()?)?;
    /// assert_eq!(board.tricks_left(), 1); // the trick is not over yet
    /// assert_eq!(board.after("SQ".parse()?)?.tricks_left(), 0);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn tricks_left(&self) -> u8 {
        self.position.tricks_left()
    }

    /// The cards `seat` still holds.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// use dds::model::Hand;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!(board.hand(Seat::North), "A...".parse::<Hand>()?);
    /// assert!(board.after("SJ".parse()?)?.hand(Seat::West).is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn hand(&self, seat: Seat) -> Hand {
        self.position.hand(seat)
    }

    /// The cards still held, as a deal (the current trick's cards left out).
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// let remaining = board.after("SJ".parse()?)?.remaining();
    /// assert_eq!(remaining.to_string(), "N:A... K... Q... ...");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn remaining(&self) -> Deal {
        Deal::new(BySeat::from_fn(|seat| self.position.hand(seat)))
    }

    /// The cards each seat held at the start of the current trick: the
    /// cards held and the cards it played to the trick.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// let board = Board::from_pbn("N:A... K... Q... J...", Strain::NoTrump, Seat::West, &[])?;
    /// let board = board.after("SJ".parse()?)?;
    /// assert!(board.hand(Seat::West).is_empty());
    /// assert!(board.trick_start_hands()[Seat::West].contains("SJ".parse()?));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn trick_start_hands(&self) -> BySeat<Hand> {
        let mut hands = *self.remaining().hands();
        for (i, card) in self.position.played().enumerate() {
            hands[self.leader().offset(i)].add(card);
        }
        hands
    }

    /// The cards the seat to play may play.
    ///
    /// ```
    /// use dds::{Board, Strain};
    /// use dds::model::Seat;
    /// use dds::model::Hand;
    /// // West leads a spade: North, with the ace of spades and a heart, must follow.
    /// let board = Board::from_pbn("N:A.2.. K.3.. Q.4.. J.5..", Strain::NoTrump, Seat::West, &[])?;
    /// assert_eq!(board.legal_cards(), "J.5..".parse::<Hand>()?);
    /// let board = board.after("SJ".parse()?)?;
    /// assert_eq!(board.legal_cards(), "A...".parse::<Hand>()?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_cards(&self) -> Hand {
        self.position.legal_cards()
    }
}
