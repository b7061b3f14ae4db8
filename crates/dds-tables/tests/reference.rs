//! Every entry of every table against its reference: the slow reference
//! functions of `dds-model`, or the definition written out.

use dds_model::{trick_winner, Card, Hand, Holding, Rank, Strain, Suit};

fn holdings() -> impl Iterator<Item = Holding> {
    (0..Holding::COUNT as u16).map(|bits| Holding::from_bits(bits).unwrap())
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
fn beaters() {
    for strain in Strain::ALL {
        for winner in Card::all() {
            let beaters = dds_tables::beaters(strain, winner.bit() as u8);
            // Against the model's trick winner: a card beats the winner so
            // far when a trick of the two is won by the second.
            for card in Card::all().filter(|&c| c != winner) {
                let expected = trick_winner(&[winner, card], strain) == Some(1);
                assert_eq!(beaters >> card.bit() & 1 == 1, expected, "{card} after {winner} in {strain:?}");
            }
            // No bit that is not a card's.
            assert_eq!(beaters & !Hand::ALL.bits(), 0, "{winner}");
        }
    }
}
