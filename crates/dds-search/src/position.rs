//! `Position`: the cards left, the leader and the current trick.
//!
//! The search's encodings, one per concept, used by every module of the
//! crate:
//!
//! * A card is its bit in a `Hand` (`16 * suit + rank`, the deuce at 0, the
//!   ace at 12); a set of cards is `Hand` bits, a `u64`, and one suit's
//!   cards are a *lane* of 13 bits ([`suit_lane`], [`SUIT_LANE`]).
//! * A seat is its index, a `usize` (North 0, East 1, South 2, West 3),
//!   stored as a `u8` inside [`Position`]; [`NO_SEAT`] stands for no seat
//!   (the owner of a card that is not there).
//! * A suit is its index, a `usize` (spades 0 to clubs 3).
//! * The trump is the [`Strain`]: its index is the trump suit's, and no
//!   suit's index in no trump.

use core::fmt;

use dds_model::{BySeat, Card, Hand, Holding, PositionError, Seat, Strain};

/// The 13 card bits of one suit's lane, at its bottom.
pub(crate) const SUIT_LANE: u64 = Holding::ALL.bits() as u64;

/// The card bits of all four lanes.
pub(crate) const CARD_BITS: u64 = Hand::ALL.bits();

/// The seat index that is no seat's.
pub(crate) const NO_SEAT: usize = Seat::NUM;

/// The cards of suit `suit` among the `Hand` bits `cards`, as a lane.
#[inline(always)]
pub(crate) const fn suit_lane(cards: u64, suit: usize) -> u64 {
    (cards >> (16 * suit)) & SUIT_LANE
}

/// Where [`Position::lengths`] keeps the number of cards `seat` holds in
/// `suit`: a nibble at this shift.
#[inline(always)]
pub(crate) const fn length_shift(suit: usize, seat: usize) -> u32 {
    (4 * (4 * suit + seat)) as u32
}

/// A position of the play: the cards each seat still holds, the seat that
/// led to the current trick and the cards already played to it (0 to 3).
///
/// Built with [`Position::new`], which checks that the cards fit together;
/// after that every operation is infallible.
#[derive(Copy, Clone)]
pub struct Position {
    /// Cards held, per seat index, as `Hand` bits.
    pub(crate) hands: [u64; 4],
    /// The index of the seat that led to the current trick.
    pub(crate) leader: u8,
    /// Cards played to the current trick, as bit positions; `count` are
    /// valid, the fourth is always 0 (room for an index masked with 3, so
    /// that no bounds check is needed).
    pub(crate) trick: [u8; 4],
    /// Cards played to the current trick.
    pub(crate) count: u8,
    /// The index in `trick` of the card winning the trick so far (0 when
    /// no card is played), in `strain` (`play` keeps it up to date).
    pub(crate) win: u8,
    /// The strain played: it decides which card wins a trick.
    pub(crate) strain: Strain,
    /// Suit lengths: the nibble at [`length_shift`]`(suit, seat)` holds the
    /// number of cards `seat` has in `suit` (kept up to date by `play`).
    pub(crate) lengths: u64,
    /// Per suit, the owners of the held cards from the highest down: the
    /// seat of the `i`-th highest card in bits `2i .. 2i + 2` (kept up to
    /// date by `play`).
    pub(crate) owners: [u32; 4],
}

// Copied at every play: one cache line.
const _: () = assert!(core::mem::size_of::<Position>() == 64);

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
            let lanes: [u64; 4] = hands.map(|h| suit_lane(h, suit));
            for (seat, lane) in lanes.iter().enumerate() {
                lengths |= u64::from(lane.count_ones()) << length_shift(suit, seat);
            }
            let all = lanes[0] | lanes[1] | lanes[2] | lanes[3];
            for (i, bit) in (0..13).rev().filter(|b| all & (1 << b) != 0).enumerate() {
                let seat = lanes.iter().position(|l| l & (1 << bit) != 0).unwrap_or(0) as u32;
                *code |= seat << (2 * i);
            }
        }
        let count = played.len() as u8;
        let pos = Position { hands, leader: leader as u8, trick, count, win: 0, strain, lengths, owners };
        Ok(pos.with_strain(strain))
    }

    /// The cards `seat` holds.
    #[inline]
    pub fn hand(&self, seat: Seat) -> Hand {
        Hand::from_bits(self.hands[seat.index()]).expect("hands hold only card bits")
    }

    /// The seat that led to the current trick.
    #[inline]
    pub fn leader(&self) -> Seat {
        Seat::wrapping(self.leader_index())
    }

    /// The strain the position is played in.
    #[inline]
    pub fn strain(&self) -> Strain {
        self.strain
    }

    /// The seat winning the current trick so far (`None` when no card is
    /// played to it), in the position's strain.
    pub fn winning(&self) -> Option<Seat> {
        (self.count > 0).then(|| self.leader().offset(self.winning_index()))
    }

    /// The seat to play next.
    #[inline]
    pub fn to_play(&self) -> Seat {
        Seat::wrapping(self.seat_to_play())
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

    /// The index of the seat that led to the current trick.
    #[inline]
    pub(crate) fn leader_index(&self) -> usize {
        usize::from(self.leader)
    }

    /// The tricks still to be decided, the current one included.
    #[inline]
    pub fn tricks_left(&self) -> u8 {
        self.hands[self.leader_index()].count_ones() as u8 + u8::from(self.count > 0)
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
        let follow = hand & (SUIT_LANE << (16 * (self.trick[0] >> 4)));
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
        Ok(self.play(card))
    }

    /// The position after the seat to play plays `card`, which it must
    /// hold, whether or not it follows suit: a revoke is played as it
    /// was (it wins the trick only as a trump), as DDS's `AnalysePlay`
    /// takes recorded play. The search from such a position is exact.
    ///
    /// ```
    /// use dds_model::{Deal, Seat, Strain};
    /// use dds_search::Position;
    /// let deal: Deal = "N:A.2.. K.3.. Q.4.. J.5..".parse()?;
    /// let pos = Position::new(*deal.hands(), Seat::West, &[], Strain::NoTrump)?.after("SJ".parse()?)?;
    /// // North holds a spade, but the recorded play has it discard the two.
    /// let pos = pos.after_held("H2".parse()?)?;
    /// assert_eq!(pos.played().count(), 2);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn after_held(&self, card: Card) -> Result<Position, PositionError> {
        let seat = self.to_play();
        if !self.hand(seat).contains(card) {
            return Err(PositionError::NotHeld { card, seat });
        }
        Ok(self.play(card))
    }

    /// Every card still in play at the start of the current trick: the
    /// cards held and the cards played to the trick, as `Hand` bits.
    #[inline]
    pub(crate) fn in_play(&self) -> u64 {
        self.in_play_with(self.held())
    }

    /// The four seats' lengths in suit `suit`: seat `i`'s in the nibble at
    /// bit `4 * i` (one shift of [`Position::lengths`]).
    #[inline]
    pub(crate) fn suit_lengths(&self, suit: usize) -> u32 {
        (self.lengths >> length_shift(suit, 0)) as u32 & 0xffff
    }

    /// The cards held by the four seats, as `Hand` bits.
    #[inline]
    pub(crate) fn held(&self) -> u64 {
        self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
    }

    /// The number of cards held by the four seats: it identifies the depth
    /// of a node.
    #[inline]
    pub(crate) fn cards_held(&self) -> usize {
        self.held().count_ones() as usize
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

    /// The same position played in `strain`, the winning card of the
    /// current trick worked out anew.
    pub(crate) fn with_strain(mut self, strain: Strain) -> Position {
        self.strain = strain;
        let mut win = 0;
        for i in 1..self.count as usize {
            if beats(self.trick[i], self.trick[win], strain) {
                win = i;
            }
        }
        self.win = win as u8;
        self
    }

    /// The position after the seat to play plays `card`, which must be one of
    /// [`Position::legal_cards`]. A completed trick is cleared: its winner
    /// leads next.
    #[inline]
    pub(crate) fn play(&self, card: Card) -> Position {
        let held = self.held();
        match self.count {
            0 => self.play_at::<0>(card, held),
            1 => self.play_at::<1>(card, held),
            2 => self.play_at::<2>(card, held),
            _ => self.play_fourth(card, held),
        }
    }

    /// [`Position::play`] for a card that is not the trick's fourth, where
    /// `C`, the number of cards already played to the trick (0 to 2), is
    /// known at compile time (each seat's move loop calls its own, with the
    /// cards `held`, [`Position::held`], worked out once for all its moves):
    /// no test of the count is left, and the lead sets no winner.
    #[inline(always)]
    pub(crate) fn play_at<const C: u8>(&self, card: Card, held: u64) -> Position {
        debug_assert!(C < 3 && self.count == C);
        let mut next = self.without(card, held);
        let bit = card.bit() as u8;
        next.trick[usize::from(C & 3)] = bit;
        next.count = C + 1;
        if C > 0 {
            let beats_winner = beats(bit, self.trick[self.winning_index()], self.strain);
            // Branch-free: the new card takes the lead or not.
            next.win = self.win ^ ((self.win ^ C) & 0u8.wrapping_sub(u8::from(beats_winner)));
        }
        next
    }

    /// [`Position::play`] for the fourth card of a trick, given the cards
    /// `held`: the trick's count and winner are reset (its card bytes are
    /// left, unread) and its winner leads next.
    #[inline(always)]
    pub(crate) fn play_fourth(&self, card: Card, held: u64) -> Position {
        debug_assert_eq!(self.count, 3);
        let mut next = self.without(card, held);
        let winner = if beats(card.bit() as u8, self.trick[self.winning_index()], self.strain) { 3 } else { self.win };
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
        debug_assert!(self.hand(self.to_play()).contains(card));
        debug_assert_eq!(held, self.held());
        let bit = card.bit();
        let suit = (bit >> 4) as usize;
        let lane = suit_lane(held, suit);
        // Remove the card's owner pair from the suit's code: the pairs of the
        // higher cards stay, the lower ones move up one place.
        let above = (lane >> ((bit & 15) + 1)).count_ones();
        let keep = (1u32 << (2 * above)) - 1;
        let code = self.owners[suit];
        next.owners[suit] = (code & keep) | ((code >> 2) & !keep);
        next.lengths -= 1 << length_shift(suit, seat);
        next.hands[seat] &= !(1u64 << bit);
        next
    }
}

/// Whether card bit `c`, played after `w`, beats it in `strain`: a higher
/// card of the same suit, or a trump on a card of another suit.
///
/// One load and a bit test ([`dds_tables::beaters`]) rather than two suit
/// compares and a rank compare: it runs at every card after a lead.
#[inline]
fn beats(c: u8, w: u8, strain: Strain) -> bool {
    dds_tables::beaters(strain, w) >> (c & 63) & 1 != 0
}

/// The index (0..4, in order of play) of the winning card of a complete
/// trick in `strain`, and whether another card of the winner's suit was
/// played (if not, the winner's rank did not matter).
#[inline]
pub(crate) fn trick_winner(cards: &[u8; 4], strain: Strain) -> (usize, bool) {
    let mut best = 0;
    for i in 1..4 {
        if beats(cards[i], cards[best], strain) {
            best = i;
        }
    }
    (best, contested(cards, best))
}

/// Whether another card of the suit of `cards[winner]`, the winner of the
/// trick, was played to it (if not, the winner's rank did not matter).
///
/// The four card bits side by side in one word: each byte's suit (its bits
/// 4 and 5) compared with the winner's at once, the winner's own byte
/// always matching.
#[inline]
pub(crate) fn contested(cards: &[u8; 4], winner: usize) -> bool {
    let suits = u32::from_le_bytes(*cards) >> 4 & 0x0303_0303;
    // A byte is 0 where its card is of the winner's suit.
    let other = suits ^ (u32::from(cards[winner] >> 4) * 0x0101_0101);
    ((other | other >> 1) & 0x0101_0101).count_ones() < 3
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
            && self.strain == other.strain
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
        self.strain.hash(state);
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

#[cfg(test)]
mod tests {
    use super::contested;

    /// The word-wide test agrees with counting the cards of the winner's
    /// suit, for every trick of four card bits drawn from each suit's
    /// lowest and highest ranks and every winner.
    #[test]
    fn contested_counts_the_winners_suit() {
        let bits: Vec<u8> = (0..4).flat_map(|suit| [16 * suit, 16 * suit + 7, 16 * suit + 12]).collect();
        for &a in &bits {
            for &b in &bits {
                for &c in &bits {
                    for &d in &bits {
                        let cards = [a, b, c, d];
                        for winner in 0..4 {
                            let suit = cards[winner] >> 4;
                            let count = cards.iter().filter(|&&x| x >> 4 == suit).count();
                            assert_eq!(contested(&cards, winner), count > 1, "{cards:?} {winner}");
                        }
                    }
                }
            }
        }
    }
}
