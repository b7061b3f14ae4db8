//! `Position`: the cards left, the leader and the current trick.

use core::fmt;

use dds_model::{BySeat, Card, Hand, Seat, Strain, Suit};

/// A position of the play: the cards each seat still holds, the seat that
/// led to the current trick and the cards already played to it (0 to 3).
///
/// Built with [`Position::new`], which checks that the cards fit together;
/// after that every operation is infallible.
#[derive(Copy, Clone)]
pub struct Position {
    /// Cards held, per seat index, as `Hand` bits.
    pub(crate) hands: [u64; 4],
    /// The seat that led to the current trick.
    pub(crate) leader: u8,
    /// Cards played to the current trick, as bit positions; `count` are
    /// valid, the fourth is always 0 (room for an index masked with 3, so
    /// that no bounds check is needed).
    pub(crate) trick: [u8; 4],
    /// Cards played to the current trick.
    pub(crate) count: u8,
    /// The index in `trick` of the card winning the trick so far (0 when
    /// no card is played), in the strain `trump` (`play` keeps it up to
    /// date).
    pub(crate) win: u8,
    /// The trump suit's index, 4 in no trump ([`trump_index`]): the strain
    /// `win` is worked out in.
    pub(crate) trump: u8,
    /// Suit lengths: bits `4 * (4 * suit + seat)` hold the number of cards
    /// `seat` has in `suit` (kept up to date by `play`).
    pub(crate) lengths: u64,
    /// Per suit, the owners of the held cards from the highest down: the
    /// seat of the `i`-th highest card in bits `2i .. 2i + 2` (kept up to
    /// date by `play`).
    pub(crate) owners: [u32; 4],
}

// Copied at every play: one cache line.
const _: () = assert!(core::mem::size_of::<Position>() == 64);

/// Why a position is not valid.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PositionError {
    /// A card is held by two seats, or played to the trick twice.
    DuplicateCard(Card),
    /// A card played to the current trick is still in a hand (DDS's
    /// `PLAYED_CARD`).
    PlayedCardHeld {
        /// The card.
        card: Card,
        /// The seat that still holds it.
        seat: Seat,
    },
    /// More than three cards played to the current trick.
    TooManyPlayed,
    /// A seat holds more than 13 cards.
    TooManyCards(Seat),
    /// The hand sizes do not fit the number of cards played to the trick.
    WrongCardCount,
    /// No cards left to play.
    NoCards,
    /// A card played to the trick does not follow suit although its player
    /// still holds the suit led.
    Revoke(Card),
    /// The seat to play does not hold the card it plays.
    NotHeld {
        /// The card.
        card: Card,
        /// The seat to play.
        seat: Seat,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::DuplicateCard(c) => write!(f, "card {c} appears twice"),
            PositionError::PlayedCardHeld { card, seat } => {
                write!(f, "{card} is played to the trick but still in {}'s hand", seat.name())
            }
            PositionError::TooManyPlayed => f.write_str("more than three cards played to the current trick"),
            PositionError::TooManyCards(s) => write!(f, "{} holds more than 13 cards", s.name()),
            PositionError::WrongCardCount => f.write_str(
                "hand sizes do not fit the trick in progress (the seats yet to play must hold one card more)",
            ),
            PositionError::NoCards => f.write_str("no cards left to play"),
            PositionError::Revoke(c) => {
                write!(f, "played card {c} does not follow suit although its player holds the suit led")
            }
            PositionError::NotHeld { card, seat } => write!(f, "{} does not hold {card}", seat.name()),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// The position in `strain` where `hands` are the cards not yet played,
    /// `leader` led to the current trick and `played` are the cards played
    /// to it so far, in order (the cards in `played` are not in `hands`).
    /// The strain decides which card of the trick wins so far.
    ///
    /// ```
    /// use dds_model::{Deal, Seat, Strain};
    /// use dds_search::Position;
    /// let deal: Deal = "N:A... K... Q... J...".parse()?;
    /// let pos = Position::new(*deal.hands(), Seat::West, &[], Strain::NoTrump)?;
    /// assert_eq!(pos.tricks_left(), 1);
    /// assert_eq!(pos.to_play(), Seat::West);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(hands: BySeat<Hand>, leader: Seat, played: &[Card], strain: Strain) -> Result<Position, PositionError> {
        if played.len() > 3 {
            return Err(PositionError::TooManyPlayed);
        }
        let mut seen = Hand::EMPTY;
        for hand in hands.values() {
            if let Some(card) = (seen & *hand).iter().next() {
                return Err(PositionError::DuplicateCard(card));
            }
            seen |= *hand;
        }
        for &card in played {
            if let Some(seat) = Seat::ALL.into_iter().find(|&s| hands[s].contains(card)) {
                return Err(PositionError::PlayedCardHeld { card, seat });
            }
            if !seen.insert(card) {
                return Err(PositionError::DuplicateCard(card));
            }
        }
        if let Some(seat) = Seat::ALL.into_iter().find(|&s| hands[s].len() > 13) {
            return Err(PositionError::TooManyCards(seat));
        }
        let n = hands[leader].len();
        for i in 1..4 {
            let expected = if i < played.len() { n } else { n + usize::from(!played.is_empty()) };
            if hands[leader.offset(i)].len() != expected {
                return Err(PositionError::WrongCardCount);
            }
        }
        if n == 0 && played.is_empty() {
            return Err(PositionError::NoCards);
        }
        if let Some(&lead) = played.first() {
            for (i, &card) in played.iter().enumerate().skip(1) {
                let seat = leader.offset(i);
                if card.suit() != lead.suit() && !hands[seat].holding(lead.suit()).is_empty() {
                    return Err(PositionError::Revoke(card));
                }
            }
        }
        let mut trick = [0u8; 4];
        for (slot, card) in trick.iter_mut().zip(played) {
            *slot = card.bit() as u8;
        }
        let hands = hands.0.map(Hand::bits);
        let mut lengths = 0u64;
        let mut owners = [0u32; 4];
        for (suit, code) in owners.iter_mut().enumerate() {
            let lanes: [u64; 4] = hands.map(|h| (h >> (16 * suit)) & 0x1fff);
            for (seat, lane) in lanes.iter().enumerate() {
                lengths |= u64::from(lane.count_ones()) << (4 * (4 * suit + seat));
            }
            let all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
            for (i, bit) in (0..13).rev().filter(|b| all & (1 << b) != 0).enumerate() {
                let seat = lanes.iter().position(|l| l & (1 << bit) != 0).unwrap_or(0) as u32;
                *code |= seat << (2 * i);
            }
        }
        let count = played.len() as u8;
        let pos = Position { hands, leader: leader as u8, trick, count, win: 0, trump: 4, lengths, owners };
        Ok(pos.with_trump(strain.trump()))
    }

    /// The cards `seat` holds.
    #[inline]
    pub fn hand(&self, seat: Seat) -> Hand {
        Hand::from_bits(self.hands[seat.index()]).expect("hands hold only card bits")
    }

    /// The seat that led to the current trick.
    #[inline]
    pub fn leader(&self) -> Seat {
        Seat::wrapping(self.leader as usize)
    }

    /// The strain the position is played in.
    #[inline]
    pub fn strain(&self) -> Strain {
        Suit::ALL.get(usize::from(self.trump)).map_or(Strain::NoTrump, |&s| Strain::from(s))
    }

    /// The seat winning the current trick so far (`None` when no card is
    /// played to it), in the position's strain.
    pub fn winning(&self) -> Option<Seat> {
        (self.count > 0).then(|| self.leader().offset(self.winning_index()))
    }

    /// The seat to play next.
    #[inline]
    pub fn to_play(&self) -> Seat {
        Seat::wrapping((self.leader + self.count) as usize)
    }

    /// The cards played to the current trick, in order.
    pub fn played(&self) -> impl Iterator<Item = Card> + '_ {
        self.trick[..self.count as usize].iter().map(|&b| Card::from_bit(b as u32).expect("trick holds card bits"))
    }

    /// The index of the seat to play next (`to_play().index()`, without
    /// going through `Seat`).
    #[inline]
    pub(crate) fn seat_to_play(&self) -> usize {
        usize::from((self.leader + self.count) & 3)
    }

    /// The tricks still to be decided, the current one included.
    #[inline]
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.leader as usize].count_ones() as u8 + u8::from(self.count > 0)
    }

    /// The legal cards for the seat to play (all of them, equivalent cards
    /// not collapsed).
    pub fn legal_cards(&self) -> Hand {
        Hand::from_bits(self.legal_bits().0).expect("card bits")
    }

    /// The legal cards of the seat to play as `Hand` bits, and whether it
    /// follows suit.
    #[inline]
    pub(crate) fn legal_bits(&self) -> (u64, bool) {
        let hand = self.hands[self.seat_to_play()];
        if self.count == 0 {
            return (hand, false);
        }
        let follow = hand & (0x1fff << (16 * (self.trick[0] >> 4)));
        if follow != 0 {
            (follow, true)
        } else {
            (hand, false)
        }
    }

    /// The position after the seat to play plays `card`, checked: the card
    /// must be in that seat's hand and follow suit when it can. A completed
    /// trick is cleared and its winner leads the next one
    /// ([`Position::leader`]).
    ///
    /// ```
    /// use dds_model::{Card, Deal, Seat, Strain};
    /// use dds_search::{Position, PositionError};
    /// let deal: Deal = "N:A.2.. K.3.. Q.4.. J.5..".parse()?;
    /// let mut pos = Position::new(*deal.hands(), Seat::West, &[], Strain::NoTrump)?;
    /// pos = pos.after("SJ".parse()?)?;
    /// // North holds a spade: the heart is a revoke; the four is not North's.
    /// assert_eq!(pos.after("H2".parse()?), Err(PositionError::Revoke("H2".parse()?)));
    /// assert!(matches!(pos.after("H4".parse()?), Err(PositionError::NotHeld { .. })));
    /// for card in ["SA", "SK", "SQ"] {
    ///     pos = pos.after(card.parse()?)?;
    /// }
    /// assert_eq!(pos.leader(), Seat::North);
    /// assert_eq!(pos.tricks_left(), 1);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn after(&self, card: Card) -> Result<Position, PositionError> {
        let seat = self.to_play();
        if !self.hand(seat).contains(card) {
            return Err(PositionError::NotHeld { card, seat });
        }
        if !self.legal_cards().contains(card) {
            return Err(PositionError::Revoke(card));
        }
        Ok(self.play(card, self.trump))
    }

    /// Every card still in play at the start of the current trick: the
    /// cards held and the cards played to the trick, as `Hand` bits.
    #[inline]
    pub(crate) fn in_play(&self) -> u64 {
        self.in_play_with(self.held())
    }

    /// The cards held by the four seats, as `Hand` bits.
    #[inline]
    pub(crate) fn held(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// [`Position::in_play`], given the cards `held` ([`Position::held`]).
    #[inline]
    pub(crate) fn in_play_with(&self, held: u64) -> u64 {
        let mut cards = held;
        for &bit in &self.trick[..self.count as usize] {
            cards |= 1u64 << bit;
        }
        cards
    }

    /// The index in the current trick of the card winning it so far (0 when
    /// no card is played).
    #[inline]
    pub(crate) fn winning_index(&self) -> usize {
        usize::from(self.win & 3)
    }

    /// The same position played in the strain whose trump is `trump`, the
    /// winning card of the current trick worked out anew.
    pub(crate) fn with_trump(mut self, trump: Option<Suit>) -> Position {
        let trump = trump_index(trump);
        self.trump = trump;
        let mut win = 0;
        for i in 1..self.count as usize {
            if beats(self.trick[i], self.trick[win], trump) {
                win = i;
            }
        }
        self.win = win as u8;
        self
    }

    /// The position after the seat to play plays `card`, which must be one of
    /// [`Position::legal_cards`], with `trump` the trump suit's index (4 in
    /// no trump, [`trump_index`]). A completed trick is cleared: its winner
    /// leads next.
    #[inline]
    pub(crate) fn play(&self, card: Card, trump: u8) -> Position {
        let held = self.held();
        match self.count {
            0 => self.play_at::<0>(card, trump, held),
            1 => self.play_at::<1>(card, trump, held),
            2 => self.play_at::<2>(card, trump, held),
            _ => self.play_fourth(card, trump, held),
        }
    }

    /// [`Position::play`] for a card that is not the trick's fourth, where
    /// `C`, the number of cards already played to the trick (0 to 2), is
    /// known at compile time (each seat's move loop calls its own, with the
    /// cards `held`, [`Position::held`], worked out once for all its moves):
    /// no test of the count is left, and the lead sets no winner.
    #[inline(always)]
    pub(crate) fn play_at<const C: u8>(&self, card: Card, trump: u8, held: u64) -> Position {
        debug_assert!(C < 3 && self.count == C);
        let mut next = self.without(card, held);
        let bit = card.bit() as u8;
        next.trick[usize::from(C & 3)] = bit;
        next.count = C + 1;
        if C > 0 {
            let beats_winner = beats(bit, self.trick[self.winning_index()], trump);
            // Branch-free: the new card takes the lead or not.
            next.win = self.win ^ ((self.win ^ C) & 0u8.wrapping_sub(u8::from(beats_winner)));
        }
        next
    }

    /// [`Position::play`] for the fourth card of a trick, given the cards
    /// `held`: the trick's count and winner are reset (its card bytes are
    /// left, unread) and its winner leads next.
    #[inline(always)]
    pub(crate) fn play_fourth(&self, card: Card, trump: u8, held: u64) -> Position {
        debug_assert_eq!(self.count, 3);
        let mut next = self.without(card, held);
        let winner = if beats(card.bit() as u8, self.trick[self.winning_index()], trump) { 3 } else { self.win };
        next.leader = (self.leader + winner) & 3;
        next.count = 0;
        next.win = 0;
        next
    }

    /// The position with `card` taken from the hand of the seat to play, its
    /// owner code and its length (`held` are the cards held); the trick is
    /// left as it is.
    #[inline(always)]
    fn without(&self, card: Card, held: u64) -> Position {
        let mut next = *self;
        let seat = self.seat_to_play();
        debug_assert!(self.legal_cards().contains(card));
        debug_assert_eq!(held, self.held());
        let bit = card.bit();
        let suit = (bit >> 4) as usize;
        let lane = (held >> (16 * suit)) & 0x1fff;
        // Remove the card's owner pair from the suit's code: the pairs of the
        // higher cards stay, the lower ones move up one place.
        let above = (lane >> ((bit & 15) + 1)).count_ones();
        let keep = (1u32 << (2 * above)) - 1;
        let code = self.owners[suit];
        next.owners[suit] = (code & keep) | ((code >> 2) & !keep);
        next.lengths -= 1 << (4 * (4 * suit + seat));
        next.hands[seat] &= !(1u64 << bit);
        next
    }
}

/// The index of a trump suit, 4 in no trump: the form [`Position::play`]
/// takes.
#[inline]
pub(crate) fn trump_index(trump: Option<Suit>) -> u8 {
    trump.map_or(4, |t| t as u8)
}

/// Whether card bit `c`, played after `w`, beats it: a higher card of the
/// same suit, or a trump on a card of another suit (`trump` is a suit index,
/// 4 in no trump).
#[inline]
fn beats(c: u8, w: u8, trump: u8) -> bool {
    // Non-short-circuit operators: no branches.
    ((c >> 4 == w >> 4) & (c > w)) | ((c >> 4 == trump) & (w >> 4 != trump))
}

/// The index (0..4, in order of play) of the winning card of a complete
/// trick, and whether another card of the winner's suit was played (if not,
/// the winner's rank did not matter).
#[inline]
pub(crate) fn trick_winner(cards: &[u8; 4], trump: Option<Suit>) -> (usize, bool) {
    let trump = trump.map_or(4, |t| t as u8);
    let mut best = 0;
    for i in 1..4 {
        if beats(cards[i], cards[best], trump) {
            best = i;
        }
    }
    (best, contested(cards, best))
}

/// Whether another card of the suit of `cards[winner]`, the winner of the
/// trick, was played to it (if not, the winner's rank did not matter).
#[inline]
pub(crate) fn contested(cards: &[u8; 4], winner: usize) -> bool {
    let suit = cards[winner] >> 4;
    cards.iter().filter(|&&c| c >> 4 == suit).count() > 1
}

impl PartialEq for Position {
    /// Positions are equal when they hold the same cards, in the same strain,
    /// with the same leader and trick so far (the bytes of a finished trick,
    /// which play leaves behind unread, do not count).
    fn eq(&self, other: &Position) -> bool {
        self.hands == other.hands
            && self.leader == other.leader
            && self.count == other.count
            && self.trick[..usize::from(self.count)] == other.trick[..usize::from(other.count)]
            && self.win == other.win
            && self.trump == other.trump
            && self.lengths == other.lengths
            && self.owners == other.owners
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.hands.hash(state);
        self.leader.hash(state);
        self.trick[..usize::from(self.count)].hash(state);
        self.trump.hash(state);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hands = BySeat::from_fn(|s| self.hand(s));
        write!(f, "Position({} leader {}", dds_model::Deal::new(hands), self.leader())?;
        for card in self.played() {
            write!(f, " {card}")?;
        }
        f.write_str(")")
    }
}
