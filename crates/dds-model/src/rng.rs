//! A small seeded random generator (`SplitMix64`) for shuffles, samples and
//! generated test inputs.

/// A seeded SplitMix64 generator (Steele, Lea and Flood 2014, with the
/// constants of Vigna's reference `splitmix64.c`).
///
/// The same seed gives the same sequence on every platform and in every
/// build, so a sample or a failing test can be replayed from its seed. It is
/// fast and statistically good for simulations, and not for anything that
/// must be unpredictable.
///
/// Two ways to draw a number below `n` are offered, because seeded outputs
/// are pinned on each (the test deals of `dds-fixtures` on the first, the
/// layout samples of `dds` on the second): [`SplitMix64::below`] rejects
/// draws to remove the modulo bias, [`SplitMix64::below_by_multiply`] takes
/// one draw and scales it. The shuffles follow the same split.
///
/// ```
/// use dds_model::SplitMix64;
/// let mut rng = SplitMix64::new(0);
/// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
/// let mut cards = [1, 2, 3, 4, 5, 6];
/// rng.shuffle(&mut cards);
/// cards.sort();
/// assert_eq!(cards, [1, 2, 3, 4, 5, 6]);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose sequence is determined by `seed` (the state of
    /// `splitmix64.c`, so seed 0 gives its published first outputs).
    ///
    /// ```
    /// use dds_model::SplitMix64;
    /// assert_eq!(SplitMix64::new(7).next_u64(), SplitMix64::new(7).next_u64());
    /// ```
    #[inline]
    pub const fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// ```
    /// let mut rng = dds_model::SplitMix64::new(0);
    /// assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
    /// assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    /// ```
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..n`, without bias: draws until the value falls
    /// below the largest multiple of `n` that fits in a `u64`, then takes it
    /// modulo `n`.
    ///
    /// # Panics
    /// If `n == 0`.
    ///
    /// ```
    /// let mut rng = dds_model::SplitMix64::new(1);
    /// assert!((0..100).all(|_| rng.below(6) < 6));
    /// assert_eq!(rng.below(1), 0);
    /// ```
    #[inline]
    #[track_caller]
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "SplitMix64::below(0) has no value to return");
        let limit = u64::MAX - u64::MAX % n;
        loop {
            let x = self.next_u64();
            if x < limit {
                return x % n;
            }
        }
    }

    /// A number in `0..n` from exactly one draw, `x * n / 2^64` (Lemire's
    /// multiply-shift, without his rejection step): no division, and each
    /// value's chance is within `2^-64` of `1/n`, a bias of nothing at the
    /// sizes a bridge tool draws. For `n == 0` it returns 0.
    ///
    /// ```
    /// let mut rng = dds_model::SplitMix64::new(1);
    /// assert!((0..100).all(|_| rng.below_by_multiply(10_400_600) < 10_400_600));
    /// // The high bits of the draw: 0xe220_a839_7b1d_cdaf * 16 / 2^64.
    /// assert_eq!(dds_model::SplitMix64::new(0).below_by_multiply(16), 0xe);
    /// ```
    #[inline]
    pub fn below_by_multiply(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    /// Shuffles `items` in place: Fisher-Yates from the back, each swap
    /// partner drawn by [`SplitMix64::below`], so every order is equally
    /// likely.
    ///
    /// ```
    /// let mut items = [1, 2, 3, 4, 5];
    /// dds_model::SplitMix64::new(7).shuffle(&mut items);
    /// items.sort();
    /// assert_eq!(items, [1, 2, 3, 4, 5]);
    /// ```
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.shuffle_with(items, SplitMix64::below);
    }

    /// Shuffles `items` in place as [`SplitMix64::shuffle`] does, each swap
    /// partner drawn by [`SplitMix64::below_by_multiply`] instead.
    ///
    /// ```
    /// let mut items: Vec<u32> = (0..40).collect();
    /// dds_model::SplitMix64::new(7).shuffle_by_multiply(&mut items);
    /// assert_ne!(items, (0..40).collect::<Vec<_>>());
    /// items.sort();
    /// assert_eq!(items, (0..40).collect::<Vec<_>>());
    /// ```
    pub fn shuffle_by_multiply<T>(&mut self, items: &mut [T]) {
        self.shuffle_with(items, SplitMix64::below_by_multiply);
    }

    fn shuffle_with<T>(&mut self, items: &mut [T], mut below: impl FnMut(&mut SplitMix64, u64) -> u64) {
        for i in (1..items.len()).rev() {
            let j = below(self, i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reference_values() {
        // The first outputs of Vigna's splitmix64.c with the state set to 0.
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(rng.next_u64(), 0x6e78_9e6a_a1b9_65f4);
        assert_eq!(rng.next_u64(), 0x06c4_5d18_8009_454f);
        // The state is the seed: seeded with the increment, the generator
        // gives seed 0's sequence from its second output.
        let mut later = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
        assert_eq!(later.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn draws_are_pinned() {
        // Seeded samples and shuffles of the workspace depend on these.
        let mut rng = SplitMix64::new(0);
        let below: Vec<u64> = (0..6).map(|_| rng.below(10)).collect();
        let mut expected = SplitMix64::new(0);
        let modulo: Vec<u64> = (0..6).map(|_| expected.next_u64() % 10).collect();
        assert_eq!(below, modulo, "no rejection happens this early");
        let mut rng = SplitMix64::new(0);
        assert_eq!(rng.below_by_multiply(1 << 32), 0xe220_a839);
        assert_eq!(rng.below_by_multiply(1 << 8), 0x6e);
        // The orders were cross-checked with an independent script.
        let mut items = [0, 1, 2, 3, 4, 5, 6, 7];
        SplitMix64::new(1).shuffle(&mut items);
        assert_eq!(items, [4, 3, 2, 7, 5, 6, 0, 1]);
        let mut items = [0, 1, 2, 3, 4, 5, 6, 7];
        SplitMix64::new(1).shuffle_by_multiply(&mut items);
        assert_eq!(items, [0, 3, 7, 1, 2, 6, 5, 4]);
    }

    #[test]
    fn below_rejects_the_biased_tail() {
        // With n = 2^63 + 1, only draws below 2^63 + 1 are kept: half of
        // all draws are rejected (about one per value kept), and the kept
        // draws are the values.
        let n = (1u64 << 63) + 1;
        let mut rng = SplitMix64::new(3);
        let mut raw = rng.clone();
        let mut rejected = 0;
        for _ in 0..200 {
            let value = rng.below(n);
            assert!(value < n);
            loop {
                let x = raw.next_u64();
                if x < n {
                    assert_eq!(x, value);
                    break;
                }
                rejected += 1;
            }
        }
        assert!((140..260).contains(&rejected), "{rejected}");
        assert_eq!(rng, raw);
    }

    #[test]
    fn draws_cover_their_range_evenly() {
        let mut rng = SplitMix64::new(11);
        let (mut below, mut multiplied) = ([0u32; 7], [0u32; 7]);
        for _ in 0..7000 {
            below[rng.below(7) as usize] += 1;
            multiplied[rng.below_by_multiply(7) as usize] += 1;
        }
        assert!(below.iter().all(|&n| (800..1200).contains(&n)), "{below:?}");
        assert!(multiplied.iter().all(|&n| (800..1200).contains(&n)), "{multiplied:?}");
        assert!(rng.below(u64::MAX) < u64::MAX);
        assert!(rng.below_by_multiply(u64::MAX) < u64::MAX);
        assert_eq!(rng.below_by_multiply(1), 0);
        assert_eq!(rng.below_by_multiply(0), 0);
    }

    #[test]
    fn shuffles_reach_every_order() {
        let mut rng = SplitMix64::new(5);
        let mut seen = std::collections::HashMap::new();
        for _ in 0..2400 {
            let mut items = [0, 1, 2, 3];
            rng.shuffle(&mut items);
            *seen.entry(items).or_insert(0u32) += 1;
            let mut items = [0, 1, 2, 3];
            rng.shuffle_by_multiply(&mut items);
            *seen.entry(items).or_insert(0u32) += 1;
        }
        // 24 orders, each about 200 times.
        assert_eq!(seen.len(), 24);
        assert!(seen.values().all(|&n| (120..280).contains(&n)), "{seen:?}");
        let mut empty: [u8; 0] = [];
        rng.shuffle(&mut empty);
        let mut one = [9];
        rng.shuffle_by_multiply(&mut one);
        assert_eq!(one, [9]);
    }
}
