//! Every entry of every table against the slow reference functions of
//! `dds-model`, and the run-time merge of [`dds_tables::groups`] against
//! [`Holding::equivalence_tops`] and [`Holding::equivalence_bottoms`].

use dds_model::{Holding, Rank, SplitMix64, Strain, Suit};

fn holdings() -> impl Iterator<Item = Holding> {
    (0..Holding::COUNT as u16).map(|bits| Holding::from_bits(bits).unwrap())
}

#[test]
fn highest_and_lowest() {
    for h in holdings() {
        assert_eq!(dds_tables::highest(h), h.highest(), "{h:?}");
        assert_eq!(dds_tables::lowest(h), h.lowest(), "{h:?}");
    }
}

#[test]
fn runs() {
    for h in holdings() {
        let runs = dds_tables::runs(h);
        assert_eq!(runs.tops(), h.run_tops(), "{h:?}");
        assert_eq!(runs.bottoms(), h.run_bottoms(), "{h:?}");
        // The iterator pairs each top with the bottom of its run: the ranks
        // from bottom to top are all held, and together they are `h`.
        let mut covered = Holding::EMPTY;
        for (top, bottom) in runs {
            let run: Holding = Rank::ALL[bottom.index()..=top.index()].iter().copied().collect();
            assert_eq!(run - h, Holding::EMPTY, "{h:?}");
            covered |= run;
        }
        assert_eq!(covered, h);
        assert_eq!(runs.into_iter().len(), runs.len());
        assert!(runs.into_iter().rev().eq(runs.into_iter().collect::<Vec<_>>().into_iter().rev()));
    }
}

#[test]
fn top_ranks() {
    for h in holdings() {
        for k in 0..=Rank::NUM + 1 {
            let expected: Holding = h.iter().take(k).collect();
            assert_eq!(dds_tables::top_ranks(h, k), expected, "{h:?} {k}");
        }
    }
}

#[test]
fn owner_masks() {
    for k in 0..=16 {
        // The seats of the top `k` cards, at 2 bits a card, within the code.
        let expected = (0..k.min(dds_tables::OWNER_CODE_CARDS)).fold(0u32, |m, i| m | 0b11 << (2 * i));
        assert_eq!(dds_tables::owner_mask(k), expected, "{k}");
    }
    for counts in 0..=u8::MAX {
        let (first, second) = (usize::from(counts & 15), usize::from(counts >> 4));
        let expected = u64::from(dds_tables::owner_mask(first))
            | u64::from(dds_tables::owner_mask(second)) << dds_tables::OWNER_CODE_BITS;
        assert_eq!(dds_tables::owner_mask_pair(counts), expected, "{counts:#x}");
    }
}

#[test]
fn suits_trump_first() {
    for strain in Strain::ALL {
        let order = dds_tables::suits_trump_first(strain);
        // The trump suit first, then the other suits in suit order.
        let trump: Vec<Suit> = strain.trump().into_iter().collect();
        let others = Suit::ALL.into_iter().filter(|&s| Some(s) != strain.trump());
        assert_eq!(order.to_vec(), trump.into_iter().chain(others).collect::<Vec<_>>(), "{strain:?}");
    }
}

#[test]
fn relative_ranks() {
    for h in holdings() {
        for rank in Rank::ALL {
            assert_eq!(dds_tables::rel_rank(h, rank), h.relative_rank(rank), "{h:?} {rank:?}");
            assert_eq!(dds_tables::relative_ranks(h)[rank.index()], h.relative_rank(rank));
        }
    }
}

fn check_groups(hand: Holding, others: Holding) {
    let groups = dds_tables::groups(hand, others);
    assert_eq!(groups.tops(), hand.equivalence_tops(others), "{hand:?} {others:?}");
    assert_eq!(groups.bottoms(), hand.equivalence_bottoms(others), "{hand:?} {others:?}");
    assert_eq!(dds_tables::group_tops(hand, others), groups.tops());
}

/// Every split of the 13 ranks into the hand, the other cards in play and
/// the played cards (3^13 = 1,594,323 pairs).
#[test]
fn groups_all_disjoint_pairs() {
    fn split(rank: usize, hand: Holding, others: Holding) {
        if rank == Rank::NUM {
            check_groups(hand, others);
            return;
        }
        let card = Holding::single(Rank::from_index(rank));
        split(rank + 1, hand, others);
        split(rank + 1, hand | card, others);
        split(rank + 1, hand, others | card);
    }
    split(0, Holding::EMPTY, Holding::EMPTY);
}

/// Pairs that overlap: cards of `others` inside the hand are ignored.
#[test]
fn groups_random_pairs() {
    let mut rng = SplitMix64::new(0x9e37_79b9_7f4a_7c15);
    let mut next = move || Holding::from_bits_truncate(rng.next_u64() as u32);
    for hand in holdings() {
        for _ in 0..32 {
            check_groups(hand, next());
        }
        check_groups(hand, Holding::ALL);
        check_groups(hand, Holding::EMPTY);
    }
}
