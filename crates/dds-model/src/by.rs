//! Containers indexed by seat, suit or strain (`BySeat`, `BySuit`, `ByStrain`).

use core::ops::{Index, IndexMut};

use crate::{Seat, Strain, Suit};

macro_rules! by_type {
    ($(#[$doc:meta])* $name:ident, $key:ident, $n:literal) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
        pub struct $name<T>(pub [T; $n]);

        impl<T> $name<T> {
            /// Builds the container from a function of the key.
            #[inline]
            pub fn from_fn(mut f: impl FnMut($key) -> T) -> Self {
                $name($key::ALL.map(|key| f(key)))
            }

            /// Applies `f` to every value.
            #[inline]
            pub fn map<U>(self, f: impl FnMut(T) -> U) -> $name<U> {
                $name(self.0.map(f))
            }

            /// The values with their keys, in index order.
            #[inline]
            pub fn iter(&self) -> impl Iterator<Item = ($key, &T)> + '_ {
                $key::ALL.into_iter().zip(self.0.iter())
            }

            /// The values in index order.
            #[inline]
            pub fn values(&self) -> core::slice::Iter<'_, T> {
                self.0.iter()
            }

            /// The values as an array in index order.
            #[inline]
            pub fn into_array(self) -> [T; $n] {
                self.0
            }
        }

        impl<T> Index<$key> for $name<T> {
            type Output = T;
            #[inline]
            fn index(&self, key: $key) -> &T {
                &self.0[key as usize]
            }
        }

        impl<T> IndexMut<$key> for $name<T> {
            #[inline]
            fn index_mut(&mut self, key: $key) -> &mut T {
                &mut self.0[key as usize]
            }
        }

        impl<T> From<[T; $n]> for $name<T> {
            #[inline]
            fn from(values: [T; $n]) -> Self {
                $name(values)
            }
        }
    };
}

by_type!(
    /// One value per seat, indexed by [`Seat`] (North first).
    ///
    /// ```
    /// use dds_model::{BySeat, Seat};
    /// let mut tricks = BySeat::from_fn(|seat| seat.index() as u8);
    /// tricks[Seat::West] += 1;
    /// assert_eq!(tricks.into_array(), [0, 1, 2, 4]);
    /// ```
    BySeat, Seat, 4
);
by_type!(
    /// One value per suit, indexed by [`Suit`] (spades first).
    ///
    /// ```
    /// use dds_model::{BySuit, Suit};
    /// let lengths = BySuit([5, 3, 3, 2]);
    /// assert_eq!(lengths[Suit::Spades], 5);
    /// ```
    BySuit, Suit, 4
);
by_type!(
    /// One value per strain, indexed by [`Strain`] (spades first, no trump last).
    ///
    /// ```
    /// use dds_model::{ByStrain, Strain};
    /// let names = ByStrain::from_fn(|s| s.to_string());
    /// assert_eq!(names[Strain::NoTrump], "NT");
    /// ```
    ByStrain, Strain, 5
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexing_matches_index_order() {
        let by = BySeat::from_fn(Seat::index);
        for (seat, value) in by.iter() {
            assert_eq!(*value, seat.index());
        }
        let by = ByStrain::from_fn(Strain::index).map(|i| i * 2);
        assert_eq!(by.into_array(), [0, 2, 4, 6, 8]);
        let by: BySuit<u8> = [1, 2, 3, 4].into();
        assert_eq!(by[Suit::Clubs], 4);
        assert_eq!(by.values().sum::<u8>(), 10);
    }
}
