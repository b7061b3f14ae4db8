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
/// the incomplete hands (one or two seats) receive until they hold 13 cards.
///
/// Every layout is equally likely: with some hands known, each way of
/// completing the others is one deal of the same probability.
///
/// ```
/// use dds::Layouts;
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
    /// Cards of `unknown` the first hidden seat receives.
    first_gets: usize,
    count: u64,
}

impl Layouts {
    /// The problem of a deal whose incomplete hands (one or two) receive the
    /// cards that no hand holds.
    ///
    /// ```
    /// use dds::{Error, Layouts};
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
        if hidden.is_empty() || hidden.len() > 2 {
            return Err(Error::LayoutSeats { incomplete: hidden.len() });
        }
        let unknown: Vec<Card> = (!partial.cards()).iter().collect();
        let first_gets = 13 - partial.hand(hidden[0]).len();
        Ok(Layouts { fixed: *partial.hands(), count: binomial(unknown.len(), first_gets), hidden, unknown, first_gets })
    }

    /// [`Layouts::new`] from PBN deal text where `-` (or an empty hand
    /// `...`) stands for a hand of unknown cards and a short hand holds the
    /// cards known to be there.
    ///
    /// ```
    /// use dds::Layouts;
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
    /// hidden seat receives k.
    ///
    /// ```
    /// use dds::Layouts;
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
    /// use dds::Layouts;
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
    /// use dds::Layouts;
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
    /// use dds::Layouts;
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
    /// number system picks the first hidden seat's unknown cards.
    ///
    /// # Panics
    /// If `index` is not below [`Layouts::count`].
    ///
    /// ```
    /// use dds::Layouts;
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
        let chosen = unrank(index, self.unknown.len(), self.first_gets);
        for (i, &card) in self.unknown.iter().enumerate() {
            let seat = if chosen & (1 << i) != 0 { self.hidden[0] } else { self.hidden[self.hidden.len() - 1] };
            hands[seat].add(card);
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
fn unrank(mut index: u64, n: usize, mut k: usize) -> u32 {
    let mut mask = 0u32;
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
