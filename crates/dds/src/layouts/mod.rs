//! All layouts of the unknown cards ("solve all deals"): given some hands in
//! full and the cards the other seats hold between them, every way those
//! cards can lie, each solved, with the distribution of tricks, the chance of
//! making each contract and its expected score.

mod solve;
mod summary;

use dds_model::{BySeat, Card, Deal, Hand, Seat};

use crate::Error;

pub use self::solve::{
    solve_layouts, solve_layouts_in, LayoutOptions, LayoutResult, LayoutShare, LayoutTask, LeadTricks,
};
pub use self::summary::{LayoutFigures, LayoutSummary};

/// Layouts are handed out in chunks of this many consecutive layouts, the
/// chunks in a shuffled order, so that a partial run is a fair sample (the
/// solver notes' choice).
const CHUNK: u64 = 40;

/// A problem: the cards each seat surely holds and the unknown cards, which
/// the hidden seats (one to three) receive until each holds its share: 13
/// cards in a deal ([`Layouts::new`]), or the cards a hand of an ending
/// holds ([`Layouts::hide`]).
///
/// Every layout is equally likely: with some hands known, each way of
/// completing the others is one deal of the same probability.
///
/// ```
/// use dds::layouts::Layouts;
/// use dds::model::Seat;
/// // North and South known, East and West share the other 26 cards.
/// let layouts = Layouts::from_pbn("N:AK32.AK2.K32.K32 - QJ54.Q43.A54.A54 -")?;
/// assert_eq!(layouts.count(), 10_400_600);
/// assert_eq!(layouts.hidden(), &[Seat::East, Seat::West]);
/// let first = layouts.layout(0);
/// assert_eq!(first.hand(Seat::East).len(), 13);
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Layouts {
    fixed: BySeat<Hand>,
    hidden: Vec<Seat>,
    unknown: Vec<Card>,
    /// Cards of `unknown` each hidden seat receives, in `hidden`'s order.
    gets: Vec<usize>,
    count: u64,
}

impl Layouts {
    /// The most layouts a run takes in full (or in its shuffled order, with
    /// a limit): 100,000,000 (two hidden hands have at most 10,400,600;
    /// three hidden hands may have up to 8.4 x 10^16). A larger problem
    /// needs a random sample ([`Error::LayoutsNeedSample`]).
    pub const MAX_FULL_RUN: u64 = 100_000_000;

    /// The problem of a deal whose incomplete hands (one to three) receive
    /// the cards that no hand holds, until each holds 13.
    ///
    /// ```
    /// use dds::Error;
    /// use dds::layouts::Layouts;
    /// use dds::model::{Deal, Seat};
    /// let partial = Deal::from_pbn_remaining("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let layouts = Layouts::new(&partial)?;
    /// assert_eq!((layouts.count(), layouts.hidden()), (20, &[Seat::East, Seat::West][..]));
    /// // A full deal leaves nothing unknown.
    /// let full: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// assert_eq!(Layouts::new(&full).unwrap_err(), Error::LayoutSeats { incomplete: 0 });
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(partial: &Deal) -> Result<Layouts, Error> {
        let partial = partial.validate_partial()?;
        let hidden: Vec<Seat> = Seat::ALL.into_iter().filter(|&s| partial.hand(s).len() < 13).collect();
        if hidden.is_empty() || hidden.len() > 3 {
            return Err(Error::LayoutSeats { incomplete: hidden.len() });
        }
        let unknown: Vec<Card> = (!partial.cards()).iter().collect();
        let gets = hidden.iter().map(|&s| 13 - partial.hand(s).len()).collect();
        Ok(Layouts::with(*partial.hands(), hidden, unknown, gets))
    }

    /// The problem of a position whose `hidden` seats (one to three) are
    /// not seen: their cards are pooled and dealt again, each hidden seat
    /// receiving as many as it held. The position's hands must be of equal
    /// size (an ending of 1 to 13 cards a hand, no trick in progress).
    ///
    /// ```
    /// use dds::Error;
    /// use dds::layouts::Layouts;
    /// use dds::model::{Deal, Seat};
    /// // Three cards a hand; East, South and West hidden: 9! / (3! 3! 3!) = 1,680 layouts.
    /// let ending = Deal::from_pbn_remaining("N:AK2... QJ3... T98... 765...")?;
    /// let layouts = Layouts::hide(&ending, &[Seat::East, Seat::South, Seat::West])?;
    /// assert_eq!((layouts.count(), layouts.hidden()), (1680, &[Seat::East, Seat::South, Seat::West][..]));
    /// assert!((0..layouts.count()).all(|i| layouts.layout(i).hands().values().all(|h| h.len() == 3)));
    /// let unequal = Deal::from_pbn_remaining("N:AK2... QJ3... T98... 76...")?;
    /// assert!(Layouts::hide(&unequal, &[Seat::East]).is_err());
    /// assert_eq!(Layouts::hide(&ending, &[]).unwrap_err(), Error::LayoutSeats { incomplete: 0 });
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn hide(position: &Deal, hidden: &[Seat]) -> Result<Layouts, Error> {
        let position = position.validate_partial()?;
        let size = position.hand(Seat::North).len();
        if size == 0 || position.hands().values().any(|h| h.len() != size) {
            return Err(Error::Position(dds_model::PositionError::WrongCardCount));
        }
        let hidden: Vec<Seat> = Seat::ALL.into_iter().filter(|s| hidden.contains(s)).collect();
        if hidden.is_empty() || hidden.len() > 3 {
            return Err(Error::LayoutSeats { incomplete: hidden.len() });
        }
        let mut fixed = *position.hands();
        let mut unknown = Hand::EMPTY;
        for &seat in &hidden {
            unknown |= fixed[seat];
            fixed[seat] = Hand::EMPTY;
        }
        let gets = vec![size; hidden.len()];
        Ok(Layouts::with(fixed, hidden, unknown.iter().collect(), gets))
    }

    fn with(fixed: BySeat<Hand>, hidden: Vec<Seat>, unknown: Vec<Card>, gets: Vec<usize>) -> Layouts {
        // A mixed radix: each hidden seat but the last picks its cards among
        // those the seats before it left.
        let mut left = unknown.len();
        let mut count = 1u64;
        for &k in &gets[..gets.len() - 1] {
            count = count.saturating_mul(binomial(left, k));
            left -= k;
        }
        Layouts { fixed, hidden, unknown, gets, count }
    }

    /// [`Layouts::new`] from PBN deal text where `-` (or an empty hand
    /// `...`) stands for a hand of unknown cards and a short hand holds the
    /// cards known to be there.
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// use dds::model::{Deal, Seat};
    /// // West's hand unknown: West holds the 13 cards left, one layout.
    /// let layouts = Layouts::from_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 -")?;
    /// assert_eq!((layouts.count(), layouts.hidden()), (1, &[Seat::West][..]));
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// assert_eq!(layouts.layout(0), deal);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_pbn(pbn: &str) -> Result<Layouts, Error> {
        // An unknown hand is `-`, or `N:-` for the first one (the seat and
        // the hand make one token).
        let hands: Vec<String> = pbn
            .split_whitespace()
            .map(|t| match t.strip_suffix('-') {
                Some(seat) if seat.is_empty() || seat.ends_with(':') => format!("{seat}..."),
                _ => t.to_owned(),
            })
            .collect();
        Layouts::new(&Deal::from_pbn_remaining(&hands.join(" "))?)
    }

    /// The number of layouts: C(n, k) for n unknown cards of which the first
    /// of two hidden seats receives k (with three, n! / (k1! k2! k3!)).
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// // Six unknown cards, three for East: C(6, 3) = 20 layouts.
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// assert_eq!(layouts.count(), 20);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn count(&self) -> u64 {
        self.count
    }

    /// The seats that receive unknown cards, in seat order.
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// use dds::model::Seat;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 - 5432.876.A54.A54 -")?;
    /// assert_eq!(layouts.hidden(), &[Seat::East, Seat::West]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn hidden(&self) -> &[Seat] {
        &self.hidden
    }

    /// The cards no hand holds yet.
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// use dds::model::Hand;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// assert_eq!(layouts.unknown(), ".43.76.76".parse::<Hand>()?);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn unknown(&self) -> Hand {
        self.unknown.iter().fold(Hand::EMPTY, |hand, &card| hand.with(card))
    }

    /// The cards known to be in each hand.
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// use dds::model::{Hand, Seat};
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 -")?;
    /// assert_eq!(layouts.fixed()[Seat::East], "J98.QJT.QJ.QJ".parse::<Hand>()?);
    /// assert!(layouts.fixed()[Seat::West].is_empty());
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn fixed(&self) -> &BySeat<Hand> {
        &self.fixed
    }

    /// Layout number `index` (below [`Layouts::count`]): the combinatorial
    /// number system picks the first hidden seat's unknown cards (the lowest
    /// digit of `index`), then the next seat's among those left; the last
    /// seat gets the rest.
    ///
    /// # Panics
    /// If `index` is not below [`Layouts::count`].
    ///
    /// ```
    /// use dds::layouts::Layouts;
    /// use dds::model::Seat;
    /// let layouts = Layouts::from_pbn("N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98")?;
    /// let deals: Vec<_> = (0..layouts.count()).map(|i| layouts.layout(i)).collect();
    /// assert!(deals.iter().all(|deal| deal.validate().is_ok() && deal.hand(Seat::East).len() == 13));
    /// assert_ne!(deals[0], deals[19]);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn layout(&self, index: u64) -> Deal {
        assert!(index < self.count, "layout {index} of {}", self.count);
        let mut hands = self.fixed;
        let mut left: Vec<Card> = self.unknown.clone();
        let mut index = index;
        let last = self.hidden.len() - 1;
        for (&seat, &k) in self.hidden[..last].iter().zip(&self.gets) {
            let radix = binomial(left.len(), k);
            let chosen = unrank(index % radix, left.len(), k);
            index /= radix;
            let mut rest = Vec::with_capacity(left.len() - k);
            for (i, &card) in left.iter().enumerate() {
                if chosen & (1 << i) != 0 {
                    hands[seat].add(card);
                } else {
                    rest.push(card);
                }
            }
            left = rest;
        }
        for card in left {
            hands[self.hidden[last]].add(card);
        }
        Deal::new(hands)
    }
}

/// C(n, k).
fn binomial(n: usize, k: usize) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    (0..k).fold(1u64, |acc, i| acc * (n - i) as u64 / (i as u64 + 1))
}

/// The `index`-th k-subset of n positions, as a bit mask (the combinatorial
/// number system: the largest c with C(c, k) <= index is the top position).
fn unrank(mut index: u64, n: usize, mut k: usize) -> u64 {
    let mut mask = 0u64;
    for c in (0..n).rev() {
        if k == 0 {
            break;
        }
        let below = binomial(c, k);
        if index >= below {
            mask |= 1 << c;
            index -= below;
            k -= 1;
        }
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials() {
        assert_eq!(binomial(26, 13), 10_400_600);
        assert_eq!(binomial(6, 3), 20);
        assert_eq!(binomial(13, 0), 1);
        assert_eq!(binomial(13, 13), 1);
        assert_eq!(binomial(3, 4), 0);
    }

    #[test]
    fn unranking_gives_every_subset_once() {
        for (n, k) in [(10, 4), (8, 8), (7, 0), (12, 6), (5, 1)] {
            let mut seen = ahash::AHashSet::new();
            for index in 0..binomial(n, k) {
                let mask = unrank(index, n, k);
                assert_eq!(mask.count_ones() as usize, k);
                assert!(mask < 1 << n);
                assert!(seen.insert(mask), "n {n} k {k}: {mask:b} twice");
            }
            assert_eq!(seen.len() as u64, binomial(n, k));
        }
    }
}
