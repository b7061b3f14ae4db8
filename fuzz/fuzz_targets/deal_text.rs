//! Deal text: `str::parse::<Deal>`, `Deal::from_pbn_remaining`,
//! `PbnDeal`, and the smaller parsers beside them (`Card`, `Card::parse_list`,
//! `Hand`, `Contract`). Nothing may panic; whatever parses must format and
//! parse back to the same value.
#![no_main]

use dds_model::{Card, Contract, Deal, Hand, PbnDeal, Seat};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();

    // A full, valid deal.
    let full = text.parse::<Deal>();
    match &full {
        Ok(deal) => {
            assert_eq!(deal.validate(), Ok(*deal), "a parsed deal validates: {text:?}");
            let printed = deal.to_string();
            assert_eq!(printed.parse::<Deal>().as_ref(), Ok(deal), "reparse of {printed:?} from {text:?}");
            for seat in Seat::ALL {
                let rotated = deal.display_from(seat).to_string();
                assert_eq!(rotated.parse::<Deal>().as_ref(), Ok(deal), "reparse of {rotated:?} from {text:?}");
            }
            assert_eq!(Deal::from_dds_bits(&deal.to_dds_bits()), Some(*deal));
            // What the strict parser takes, the lenient one takes too.
            assert_eq!(Deal::from_pbn_remaining(text).as_ref(), Ok(deal), "from_pbn_remaining of {text:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    // The cards still held in the middle of play.
    match Deal::from_pbn_remaining(text) {
        Ok(deal) => {
            let printed = deal.to_string();
            assert_eq!(Deal::from_pbn_remaining(&printed), Ok(deal), "reparse of {printed:?} from {text:?}");
            assert_eq!(Deal::from_dds_bits(&deal.to_dds_bits()), Some(deal));
            let _ = deal.validate_partial();
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }

    // A deal with unknown hands.
    match text.parse::<PbnDeal>() {
        Ok(deal) => {
            let printed = deal.to_string();
            assert_eq!(printed.parse::<PbnDeal>(), Ok(deal), "reparse of {printed:?} from {text:?}");
            if let Ok(full) = &full {
                assert_eq!(deal.into_deal().as_ref(), Ok(full));
            }
        }
        Err(e) => {
            let _ = e.to_string();
            assert!(full.is_err(), "a Deal parses where a PbnDeal does not: {text:?}");
        }
    }

    // Card lists, as DDS's PLAY lines write them.
    match Card::parse_list(text) {
        Ok(cards) => {
            let printed: Vec<String> = cards.iter().map(Card::to_string).collect();
            let joined = printed.join(" ");
            assert_eq!(Card::parse_list(&joined).as_ref(), Ok(&cards), "reparse of {joined:?} from {text:?}");
            let run_together = printed.concat();
            assert_eq!(Card::parse_list(&run_together).as_ref(), Ok(&cards), "reparse of {run_together:?}");
        }
        Err(e) => {
            let offset = e.offset();
            assert!(text.is_char_boundary(offset), "offset {offset} inside a character of {text:?}");
            assert!(text[offset..].starts_with(e.piece()), "piece {:?} not at {offset} of {text:?}", e.piece());
            let _ = e.to_string();
        }
    }

    // One card, one hand, one contract.
    if let Ok(card) = text.parse::<Card>() {
        assert_eq!(card.to_string().parse::<Card>(), Ok(card), "card {text:?}");
    }
    if let Ok(hand) = text.parse::<Hand>() {
        let printed = hand.to_string();
        assert_eq!(printed.parse::<Hand>(), Ok(hand), "reparse of {printed:?} from {text:?}");
    }
    if let Ok(contract) = text.parse::<Contract>() {
        let printed = contract.to_string();
        assert_eq!(printed.parse::<Contract>(), Ok(contract), "reparse of {printed:?} from {text:?}");
        let _ = contract.score(contract.tricks_needed(), true);
    }
    for seat in Seat::ALL {
        if let Ok(contract) = Contract::from_ascii_with_declarer(text.as_bytes(), seat) {
            let printed = contract.to_string();
            assert_eq!(printed.parse::<Contract>(), Ok(contract), "reparse of {printed:?} from {text:?}");
        }
    }
});
