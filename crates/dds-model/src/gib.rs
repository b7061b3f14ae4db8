//! The GIB library's ASCII format for a deal and its double dummy table
//! (`gib_line`), as DDS's `hands/sol10.txt` and GIB's own tools use it.

use crate::{BySeat, ByStrain, Deal, Seat, Strain};

/// The deal and its table as one GIB line: the hands West, North, East,
/// South, a `:`, then 20 hex digits (upper case) in five groups for the
/// strains NT, S, H, D, C; inside a group the declarers East, North, West,
/// South; each digit the tricks North-South take with that declarer.
///
/// # Panics
///
/// When an entry of `tricks` is over 13 (a solver's table never is).
///
/// ```
/// use dds_model::{gib_line, BySeat, ByStrain, Deal, Seat, Strain};
/// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
/// let mut tricks = ByStrain::from_fn(|_| BySeat([6, 7, 6, 7]));
/// tricks[Strain::Spades] = BySeat([5, 8, 5, 8]);
/// let line = gib_line(&deal, &tricks);
/// assert_eq!(line, "AT942.AQ4.32.KJ3 QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652:66665555666666666666");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn gib_line(deal: &Deal, tricks: &ByStrain<BySeat<u8>>) -> String {
    let hands = [Seat::West, Seat::North, Seat::East, Seat::South].map(|seat| deal[seat].to_string()).join(" ");
    let mut digits = String::with_capacity(20);
    for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
        for declarer in [Seat::East, Seat::North, Seat::West, Seat::South] {
            let t = tricks[strain][declarer];
            assert!(t <= 13, "{t} tricks for {declarer:?} in {strain:?}");
            let ns = if declarer.index() % 2 == 0 { t } else { 13 - t };
            digits.push(char::from_digit(u32::from(ns), 16).map_or('?', |c| c.to_ascii_uppercase()));
        }
    }
    format!("{hands}:{digits}")
}
