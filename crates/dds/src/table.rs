//! `DdTable`: the double dummy table of a deal, tricks per strain and
//! declarer (its par methods are in `par`).

use dds_model::{BySeat, ByStrain, Seat, Strain};

use crate::Error;

/// The double dummy table of a deal: tricks per strain and declarer.
///
/// ```
/// use dds::{DdTable, Strain, Vulnerability};
/// use dds::model::{BySeat, ByStrain, Seat};
/// // The table of N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3,
/// // strains in DDS's order S, H, D, C, NT and declarers N, E, S, W.
/// let rows = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
/// let table = DdTable::new(ByStrain(rows.map(BySeat)))?;
/// assert_eq!(table.tricks(Strain::Spades, Seat::West), 8);
/// assert_eq!(table.dealer_par(Seat::North, Vulnerability::None).to_string(), "Par -110: EW 2S");
/// # Ok::<_, dds::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct DdTable {
    tricks: ByStrain<BySeat<u8>>,
}

impl DdTable {
    /// The table from tricks per strain and declarer (a table computed
    /// elsewhere, for par or contract results): every entry must be at most
    /// 13, otherwise [`Error::TricksOutOfRange`] names the first that is not.
    ///
    /// ```
    /// use dds::{DdTable, Error, Strain};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// let mut tricks = ByStrain::from_fn(|_| BySeat([7, 6, 7, 6]));
    /// assert!(DdTable::new(tricks).is_ok());
    /// tricks[Strain::Hearts][Seat::East] = 14;
    /// assert_eq!(
    ///     DdTable::new(tricks),
    ///     Err(Error::TricksOutOfRange { strain: Strain::Hearts, declarer: Seat::East, tricks: 14 })
    /// );
    /// ```
    pub fn new(tricks: ByStrain<BySeat<u8>>) -> Result<DdTable, Error> {
        for strain in Strain::ALL {
            for declarer in Seat::ALL {
                let t = tricks[strain][declarer];
                if t > 13 {
                    return Err(Error::TricksOutOfRange { strain, declarer, tricks: t });
                }
            }
        }
        Ok(DdTable { tricks })
    }

    /// A table the solver computed (every entry at most 13).
    pub(crate) fn solved(tricks: ByStrain<BySeat<u8>>) -> DdTable {
        debug_assert!(tricks.values().all(|row| row.values().all(|&t| t <= 13)));
        DdTable { tricks }
    }

    /// The tricks `declarer` takes in `strain`.
    ///
    /// ```
    /// use dds::{DdTable, Strain};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// let rows = ByStrain::from_fn(|s| BySeat(if s == Strain::Spades { [5, 8, 5, 8] } else { [6; 4] }));
    /// let table = DdTable::new(rows)?;
    /// assert_eq!(table.tricks(Strain::Spades, Seat::West), 8);
    /// assert_eq!(table.tricks(Strain::Spades, Seat::North), 5);
    /// assert_eq!(table.tricks(Strain::NoTrump, Seat::East), 6);
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn tricks(&self, strain: Strain, declarer: Seat) -> u8 {
        self.tricks[strain][declarer]
    }

    /// All results, per strain (DDS order S, H, D, C, NT) and declarer.
    ///
    /// ```
    /// use dds::{DdTable, Strain};
    /// use dds::model::{BySeat, ByStrain, Seat};
    /// let rows = ByStrain::from_fn(|s| BySeat(if s == Strain::Spades { [5, 8, 5, 8] } else { [6; 4] }));
    /// let table = DdTable::new(rows)?;
    /// let rows = table.as_by_strain();
    /// assert_eq!(rows[Strain::Spades], BySeat([5, 8, 5, 8]));
    /// assert_eq!(rows.0[0][Seat::East], table.tricks(Strain::Spades, Seat::East)); // index 0 is spades
    /// # Ok::<_, dds::Error>(())
    /// ```
    pub fn as_by_strain(&self) -> &ByStrain<BySeat<u8>> {
        &self.tricks
    }
}
