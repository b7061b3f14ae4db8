//! BBO's LIN: `parse_lin` and `is_lin` on arbitrary text. No panic; every
//! board returned is a full, valid deal, errors are numbered in order, and a
//! board written back as LIN reads back the same.
#![no_main]

use dds_model::{is_lin, parse_lin, Deal, Seat, Suit, Vulnerability};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let text = text.as_ref();
    let _ = is_lin(text);
    for (i, result) in parse_lin(text).iter().enumerate() {
        match result {
            Ok(board) => {
                let deal = board.deal;
                assert_eq!(deal.validate(), Ok(deal), "board {} of {text:?}", i + 1);
                assert!(deal.is_full(), "board {} of {text:?} is not a full deal: {deal}", i + 1);
                assert_eq!(deal.to_string().parse::<Deal>(), Ok(deal));
                // Written back as LIN (its deal, without the auction and
                // play), the board reads the same.
                let again = lin_text(board.dealer, &deal, board.vulnerability, board.board);
                let boards = parse_lin(&again);
                assert_eq!(boards.len(), 1, "{again:?}");
                let read = boards[0].as_ref().map(|b| (b.deal, b.dealer, b.vulnerability, b.board));
                assert_eq!(read, Ok((deal, board.dealer, board.vulnerability, board.board)), "{again:?} from {text:?}");
                let _ = board.recorded.error.as_ref().map(ToString::to_string);
                assert!(is_lin(&again));
            }
            Err(e) => {
                assert_eq!(e.index, i + 1, "error numbers in {text:?}");
                let _ = e.to_string();
            }
        }
    }
});

/// A LIN board: `qx|o<n>|md|<dealer><S>,<W>,<N>,<E>|sv|<v>|`.
fn lin_text(dealer: Seat, deal: &Deal, vulnerability: Option<Vulnerability>, board: Option<u32>) -> String {
    let digit = match dealer {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    };
    let hand = |seat: Seat| {
        let mut out = String::new();
        for suit in Suit::ALL {
            out.push(suit.to_char());
            for card in deal[seat].iter().filter(|c| c.suit() == suit) {
                out.push(card.rank().to_char());
            }
        }
        out
    };
    let hands = [Seat::South, Seat::West, Seat::North, Seat::East].map(hand).join(",");
    let mut text = String::new();
    if let Some(n) = board {
        text.push_str(&format!("qx|o{n}|"));
    }
    text.push_str(&format!("md|{digit}{hands}|"));
    if let Some(v) = vulnerability {
        let code = match v {
            Vulnerability::None => "o",
            Vulnerability::NorthSouth => "n",
            Vulnerability::EastWest => "e",
            Vulnerability::Both => "b",
        };
        text.push_str(&format!("sv|{code}|"));
    }
    text
}
