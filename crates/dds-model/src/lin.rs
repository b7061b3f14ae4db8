//! BBO's LIN format: the deals of hand records and movies (`md|` deals, with
//! `ah|`/`qx|` board numbers, `sv|` vulnerability and the dealer in `md|`).
//!
//! A LIN text is a flat list of `key|value|` pairs. Each board starts at a
//! `qx|` (the board's room and number, in movies) or, in files without
//! `qx|`, at an `md|`; the pairs up to the next start belong to it. `md|`
//! holds the dealer as a digit (1 South, 2 West, 3 North, 4 East) and the
//! hands South, West, North, East separated by commas, each as suit letters
//! followed by ranks (`S4HT73D9752CJ865`); a hand left empty gets the cards
//! the others do not hold.
//!
//! A board may also record its auction and play: `mb|` one call each (BBO
//! writes `p` for a pass, `d` a double, `r` a redouble, `!` after an
//! alerted call, and `an|` annotations between calls), `pc|` one played
//! card each, `mc|` the tricks declarer's side claimed. They are read
//! into [`LinBoard::recorded`]; a fault there leaves the deal readable.
//!
//! BBO's links are read too: a handviewer (or movie, or "my hands") link
//! holds LIN in its `lin=` parameter, percent-encoded; an older handviewer
//! link holds the hands in `n=`, `e=`, `s=`, `w=` (`sakqhakdakcak`), with
//! `d=` the dealer, `v=` the vulnerability and `b=` the board.

use core::fmt;

use crate::{BySeat, Card, Deal, Hand, Rank, RecordedPlay, Seat, Suit, Vulnerability};

/// One board of a LIN text.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LinBoard {
    /// The deal (a full deal: 13 cards in each hand).
    pub deal: Deal,
    /// The dealer, from the digit of `md|`.
    pub dealer: Seat,
    /// The vulnerability of `sv|`, when the board has one.
    pub vulnerability: Option<Vulnerability>,
    /// The board number of `ah|Board N|` or `qx|o N|`, when the board has one.
    pub board: Option<u32>,
    /// The auction (`mb|`), with the final contract and declarer it
    /// gives, the cards played (`pc|`) and the claim (`mc|`), and why any
    /// of them could not be read.
    pub recorded: RecordedPlay,
}

/// Why a board of a LIN text could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LinError {
    /// The board's place in the text, from 1.
    pub index: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LinError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "LIN board {}: {}", self.index, self.message)
    }
}

impl std::error::Error for LinError {}

impl LinBoard {
    /// The vulnerability of `sv|`, else the board number's; `None` when
    /// neither says.
    ///
    /// ```
    /// use dds_model::{parse_lin, Vulnerability};
    /// let text = "md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|ah|Board 2|";
    /// let board = parse_lin(text)[0].clone().unwrap();
    /// assert_eq!(board.vulnerability, None);
    /// assert_eq!(board.vulnerability_or_board(), Some(Vulnerability::NorthSouth));
    /// ```
    pub fn vulnerability_or_board(&self) -> Option<Vulnerability> {
        self.vulnerability.or_else(|| self.board.and_then(Vulnerability::for_board))
    }
}

/// Whether `text` looks like LIN (it holds an `md|` pair) or a BBO link
/// holding a board, so that a reader can tell it from PBN by content.
///
/// ```
/// assert!(dds_model::is_lin("qx|o1|md|3SAK,,,|sv|o|"));
/// assert!(dds_model::is_lin("https://www.bridgebase.com/tools/handviewer.html?lin=md%7C3SAK%2C%2C%2C%7C"));
/// assert!(!dds_model::is_lin("[Deal \"N:AKQ.. ... ... ...\"]"));
/// ```
pub fn is_lin(text: &str) -> bool {
    text.contains("md|") || link_lin(text).is_some()
}

/// The LIN text of a BBO link: the decoded `lin=` parameter, or a board
/// built from the `n=`, `e=`, `s=`, `w=` hands; `None` for text that is not
/// such a link.
fn link_lin(text: &str) -> Option<LinkLin> {
    let text = text.trim();
    let params = link_params(text)?;
    let param = |name: &str| params.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str());
    if let Some(lin) = param("lin") {
        return Some(LinkLin::Parameter(lin.to_owned()));
    }
    // The hands form: only on a link (a handviewer page, or a query).
    let hands: Vec<&str> = ["s", "w", "n", "e"].iter().map(|s| param(s).unwrap_or("")).collect();
    let is_link = text.contains("handviewer") || text.starts_with('?');
    if !is_link || hands.iter().filter(|h| !h.is_empty()).count() < 3 {
        return None;
    }
    let board = param("b").and_then(|b| b.trim().parse::<u32>().ok());
    let dealer = match param("d").map(str::to_ascii_lowercase).as_deref() {
        Some("s") => '1',
        Some("w") => '2',
        Some("n") => '3',
        Some("e") => '4',
        // No dealer: the board number's, else North (as BBO shows it).
        _ => match board.and_then(crate::dealer_for_board) {
            Some(Seat::South) => '1',
            Some(Seat::West) => '2',
            Some(Seat::East) => '4',
            _ => '3',
        },
    };
    let mut lin = format!("md|{dealer}{}|", hands.join(","));
    if let Some(v) = param("v") {
        lin += &format!("sv|{v}|");
    }
    if let Some(b) = board {
        lin += &format!("ah|Board {b}|");
    }
    Some(LinkLin::Hands(lin))
}

/// The LIN text a link holds.
enum LinkLin {
    /// The decoded `lin=` parameter.
    Parameter(String),
    /// A board made of the `n=`, `e=`, `s=`, `w=` hands.
    Hands(String),
}

/// The parameters of a link's query (after `?` or `#`), names and
/// percent-decoded values; `None` when the text is not a link: it must
/// start with `http`, `www.`, `?` or `lin=`, or name BBO's handviewer.
fn link_params(text: &str) -> Option<Vec<(String, String)>> {
    let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
    let (query, looks_like_link) = match text.find(['?', '#']) {
        Some(i) => (
            &text[i + 1..],
            lower.starts_with("http") || lower.starts_with("www.") || i == 0 || text.contains("handviewer"),
        ),
        None => (text, lower.starts_with("lin=")),
    };
    if !looks_like_link || text.contains(char::is_whitespace) {
        return None;
    }
    let params = query
        .split(['&', '#'])
        .filter_map(|part| part.split_once('='))
        .map(|(name, value)| (name.to_owned(), decode_param(value)))
        .collect();
    Some(params)
}

/// A percent-encoded parameter value (`+` a space), decoded again while it
/// still holds escapes (links copied from pages are often encoded twice).
fn decode_param(value: &str) -> String {
    let mut text = value.to_owned();
    for _ in 0..3 {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        let mut decoded = false;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match bytes[i] {
                b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        decoded = true;
                        i += 3;
                        continue;
                    }
                    _ => out.push(b'%'),
                },
                b'+' => out.push(b' '),
                b => out.push(b),
            }
            i += 1;
        }
        text = String::from_utf8_lossy(&out).into_owned();
        if !decoded || !text.contains('%') {
            break;
        }
    }
    text
}

/// The boards of a LIN text, each read or its own error: a bad board does
/// not stop the others. A BBO link is read as the board it holds (see the
/// module documentation); a link whose `lin=` parameter holds no board
/// is an error.
///
/// ```
/// use dds_model::{parse_lin, Seat, Vulnerability};
/// let text = "qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|ah|Board 1|";
/// let boards = parse_lin(text);
/// let board = boards[0].as_ref().expect("a valid board");
/// assert_eq!(board.dealer, Seat::North);
/// assert_eq!(board.vulnerability, Some(Vulnerability::EastWest));
/// assert_eq!(board.board, Some(1));
/// assert_eq!(board.deal[Seat::South].to_string(), "K5.T83.KQ9.A7652");
/// assert_eq!(board.deal[Seat::East].to_string(), "873.J97.AT764.Q4"); // the cards left
/// ```
pub fn parse_lin(text: &str) -> Vec<Result<LinBoard, LinError>> {
    match link_lin(text) {
        Some(LinkLin::Parameter(lin)) => {
            let boards = parse_lin_text(&lin);
            if boards.is_empty() {
                let shown: String = lin.chars().take(40).collect();
                let more = if lin.chars().count() > 40 { "..." } else { "" };
                let message = format!("the link's lin= parameter holds no deal (md|...|): it reads {shown:?}{more}");
                return vec![Err(LinError { index: 1, message })];
            }
            boards
        }
        Some(LinkLin::Hands(lin)) => parse_lin_text(&lin),
        None => parse_lin_text(text),
    }
}

fn parse_lin_text(text: &str) -> Vec<Result<LinBoard, LinError>> {
    let pairs = pairs(text);
    let starts_at_qx = pairs.iter().any(|(k, _)| k.eq_ignore_ascii_case("qx"));
    let mut boards: Vec<Vec<(&str, &str)>> = Vec::new();
    for &(key, value) in &pairs {
        let starts = if starts_at_qx { key.eq_ignore_ascii_case("qx") } else { key.eq_ignore_ascii_case("md") };
        if starts || boards.is_empty() {
            boards.push(Vec::new());
        }
        if let Some(board) = boards.last_mut() {
            board.push((key, value));
        }
    }
    boards
        .into_iter()
        .filter(|b| b.iter().any(|(k, _)| k.eq_ignore_ascii_case("md")))
        .enumerate()
        .map(|(i, pairs)| board(&pairs).map_err(|message| LinError { index: i + 1, message }))
        .collect()
}

/// The `key|value|` pairs of a LIN text, keys trimmed (line breaks may
/// stand between pairs).
fn pairs(text: &str) -> Vec<(&str, &str)> {
    let mut fields = text.split('|');
    let mut pairs = Vec::new();
    while let (Some(key), Some(value)) = (fields.next(), fields.next()) {
        pairs.push((key.trim(), value));
    }
    pairs
}

/// One board from its pairs.
fn board(pairs: &[(&str, &str)]) -> Result<LinBoard, String> {
    let value = |name: &str| pairs.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|&(_, v)| v.trim());
    let (dealer, deal) = deal(value("md").unwrap_or_default())?;
    let vulnerability = match value("sv") {
        None | Some("") => None,
        Some(v) => Some(vulnerability(v).ok_or_else(|| format!("sv|{v}|: expected o, n, e or b"))?),
    };
    let board = value("ah")
        .and_then(|v| v.trim_start_matches(|c: char| !c.is_ascii_digit()).parse().ok())
        .or_else(|| value("qx").and_then(|v| v.split(',').next()?.get(1..)?.trim().parse().ok()));
    // The auction and play, in order (`an|` and the other pairs between
    // them are read past).
    fn all<'a>(pairs: &'a [(&'a str, &'a str)], name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        pairs.iter().filter(move |(k, _)| k.eq_ignore_ascii_case(name)).map(|&(_, v)| v.trim())
    }
    let calls: Vec<&str> =
        all(pairs, "mb").flat_map(|v| v.split('-')).map(str::trim).filter(|c| !c.is_empty()).collect();
    let calls = (pairs.iter().any(|(k, _)| k.eq_ignore_ascii_case("mb"))).then_some(calls);
    let cards: Vec<&str> = all(pairs, "pc").filter(|c| !c.is_empty()).collect();
    let recorded = RecordedPlay::from_lin(dealer, calls, cards, value("mc"));
    Ok(LinBoard { deal, dealer, vulnerability, board, recorded })
}

/// `o`/`0`/`-` none, `n` North-South, `e` East-West, `b` both.
fn vulnerability(v: &str) -> Option<Vulnerability> {
    match v.to_ascii_lowercase().as_str() {
        "o" | "0" | "-" => Some(Vulnerability::None),
        "n" => Some(Vulnerability::NorthSouth),
        "e" => Some(Vulnerability::EastWest),
        "b" => Some(Vulnerability::Both),
        _ => None,
    }
}

/// The dealer and the full deal of an `md|` value.
fn deal(md: &str) -> Result<(Seat, Deal), String> {
    let mut chars = md.chars();
    let dealer = match chars.next() {
        Some('1') => Seat::South,
        Some('2') => Seat::West,
        Some('3') => Seat::North,
        Some('4') => Seat::East,
        other => return Err(format!("md|{md}|: the dealer digit is {other:?}, expected 1 to 4")),
    };
    let mut hands = BySeat([Hand::EMPTY; 4]);
    let mut given = [false; 4];
    for (i, text) in chars.as_str().split(',').enumerate() {
        if i >= 4 && text.trim().is_empty() {
            // A comma after the fourth hand.
            continue;
        }
        let seat = [Seat::South, Seat::West, Seat::North, Seat::East]
            .get(i)
            .copied()
            .ok_or_else(|| format!("md|{md}|: more than four hands"))?;
        let mut suit: Option<Suit> = None;
        for c in text.trim().chars() {
            if let Some(s) = Suit::from_char(c) {
                suit = Some(s);
                continue;
            }
            let rank = Rank::from_char(c).ok_or_else(|| format!("md|{md}|: {c:?} is not a suit or a rank"))?;
            let suit = suit.ok_or_else(|| format!("md|{md}|: rank {c} before any suit"))?;
            if !hands[seat].insert(Card::new(suit, rank)) {
                return Err(format!("md|{md}|: {suit}{rank} twice in one hand"));
            }
        }
        given[seat.index()] = !hands[seat].is_empty();
    }
    let missing: Vec<Seat> = Seat::ALL.into_iter().filter(|s| !given[s.index()]).collect();
    if let [seat] = missing[..] {
        let held = hands.values().fold(Hand::EMPTY, |all, h| all | *h);
        hands[seat] = !held;
    }
    let deal = Deal::new(hands);
    match deal.validate() {
        Ok(deal) if deal.is_full() => Ok((dealer, deal)),
        Ok(_) => Err(format!("md|{md}|: not a full deal of 13 cards per hand")),
        Err(e) => Err(format!("md|{md}|: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AuctionError, RecordError};

    // The deal N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3
    // in LIN's order (South, West, North, East).
    const S: &str = "SK5HT83DKQ9CA7652";
    const W: &str = "SAT942HAQ4D32CKJ3";
    const N: &str = "SQJ6HK652DJ85CT98";
    const E: &str = "S873HJ97DAT764CQ4";
    const PBN: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    #[test]
    fn boards_of_a_hand_record() {
        let text = format!(
            "qx|o1|md|3{S},{W},{N},|rh||ah|Board 1|sv|o|pg||\nqx|o2|md|4{S},{W},SAK,|sv|n|pg||\nqx|c14|md|1{S},{W},{N},{E}|sv|B|pg||\n"
        );
        let boards = parse_lin(&text);
        assert_eq!(boards.len(), 3);
        let b1 = boards[0].as_ref().expect("board 1 is valid");
        assert_eq!((b1.dealer, b1.vulnerability, b1.board), (Seat::North, Some(Vulnerability::None), Some(1)));
        assert_eq!(b1.deal.to_string(), PBN);
        // Board 2: two hands short: an error naming the board; the boards
        // after it still read.
        let e2 = boards[1].as_ref().expect_err("board 2 is not a full deal");
        assert_eq!(e2.index, 2);
        assert!(e2.message.contains("md|"), "{e2}");
        let b3 = boards[2].as_ref().expect("board 3 is valid");
        assert_eq!((b3.dealer, b3.vulnerability, b3.board), (Seat::South, Some(Vulnerability::Both), Some(14)));
        assert_eq!(b3.deal.to_string(), PBN);
    }

    #[test]
    fn the_hand_left_out_gets_the_cards_left_whichever_it_is() {
        // Four hands and a comma after the last one.
        let all = format!("md|1{}|", [S, W, N, E].join(",") + ",");
        assert_eq!(parse_lin(&all)[0].as_ref().map(|b| b.deal.to_string()), Ok(PBN.to_owned()));
        for missing in 0..4 {
            let mut hands = [S, W, N, E];
            hands[missing] = "";
            let text = format!("md|2{}|sv|-|", hands.join(","));
            let boards = parse_lin(&text);
            let board = boards[0].as_ref().expect("a valid board");
            assert_eq!(board.deal.to_string(), PBN, "hand {missing} left out");
            assert_eq!((board.dealer, board.vulnerability, board.board), (Seat::West, Some(Vulnerability::None), None));
        }
    }

    #[test]
    fn files_without_qx_start_a_board_at_each_md() {
        let text = format!("md|3{S},{W},{N},|ah|Board 7|\nmd|5,,,|\nmd|4{}|sv|e|", [S, W, N, E].join(","));
        let boards = parse_lin(&text);
        assert_eq!(boards.len(), 3);
        assert_eq!(boards[0].as_ref().map(|b| b.board), Ok(Some(7)));
        let err = boards[1].as_ref().expect_err("dealer 5");
        assert_eq!(err.index, 2);
        assert!(err.to_string().starts_with("LIN board 2: md|5,,,|: the dealer digit"), "{err}");
        let b3 = boards[2].as_ref().expect("board 3 is valid");
        assert_eq!((b3.dealer, b3.vulnerability), (Seat::East, Some(Vulnerability::EastWest)));
    }

    #[test]
    fn bad_pieces_are_errors_not_panics() {
        let cases = [
            "md||".to_owned(),
            "md|3X,,,|".to_owned(),
            "md|3SA,SA,,|".to_owned(),
            format!("md|3{S},{W},{N},|sv|z|"),
            format!("md|3{S},{W},{N},{E},{E}|"),
            format!("md|3{S}{S},{W},{N},|"),
            "md|é|".to_owned(),
            "md|3K,,,|".to_owned(),
        ];
        for text in &cases {
            let boards = parse_lin(text);
            assert_eq!(boards.len(), 1, "{text}");
            assert!(boards[0].is_err(), "{text}");
        }
        assert!(parse_lin("").is_empty());
        assert!(parse_lin("md").is_empty());
        assert!(parse_lin("pn|a,b,c,d|st||").is_empty());
    }

    #[test]
    fn the_auction_play_and_claim_of_a_movie() {
        // BBO's spellings: p, d, r, an alert and its annotation.
        let text = format!(
            "pn|South,West,North,East|st||md|3{S},{W},{N},|rh||ah|Board 1|sv|o|\
             mb|p|mb|p|mb|p|mb|1S|mb|p|mb|2S!|an|constructive|mb|d|mb|p|mb|p|mb|r|mb|p|mb|p|mb|p|pg||\
             pc|CT|pc|C4|pc|CA|pc|CJ|pg||pc|d9|pc|D2|pc|D5|pc|DA|pg||pc|H7|pc|H3|pc|HA|pc|H2|pg||mc|8|"
        );
        let board = parse_lin(&text).remove(0).expect("a valid board");
        let recorded = &board.recorded;
        let calls: Vec<String> = recorded.auction.iter().flatten().map(|c| c.to_string()).collect();
        assert_eq!(calls, ["P", "P", "P", "1S", "P", "2S", "X", "P", "P", "XX", "P", "P", "P"]);
        // West named spades first; East raised.
        assert_eq!(recorded.contract.map(|c| c.to_string()).as_deref(), Some("2SXX by W"));
        let play: Vec<String> = recorded.play.iter().map(|c| c.to_string()).collect();
        assert_eq!(play, ["CT", "C4", "CA", "CJ", "D9", "D2", "D5", "DA", "H7", "H3", "HA", "H2"]);
        assert_eq!((recorded.claim, &recorded.error, recorded.passed_out), (Some(8), &None, false));
        // No auction or play: nothing recorded.
        let plain = parse_lin(&format!("md|3{S},{W},{N},|")).remove(0).expect("a valid board");
        assert_eq!(plain.recorded, RecordedPlay::default());
        // Passed out; an unfinished auction.
        let passed = parse_lin(&format!("md|3{S},{W},{N},|mb|p|mb|p|mb|p|mb|p|")).remove(0).unwrap();
        assert!(passed.recorded.passed_out && passed.recorded.contract.is_none());
        let unfinished = parse_lin(&format!("md|3{S},{W},{N},|mb|1N|mb|p|")).remove(0).unwrap();
        assert!(!unfinished.recorded.passed_out && unfinished.recorded.contract.is_none());
        assert_eq!(unfinished.recorded.auction.as_ref().map(Vec::len), Some(2));
    }

    #[test]
    fn a_bad_call_or_card_leaves_the_deal_readable() {
        let text = format!("md|3{S},{W},{N},|mb|1S|mb|1H|pc|CT|pc|C44|mc|15|");
        let board = parse_lin(&text).remove(0).expect("the deal still reads");
        assert_eq!(board.deal.to_string(), PBN);
        let error = board.recorded.error.as_ref().expect("an error for the auction");
        assert!(matches!(error, RecordError::Auction(AuctionError::NotAllowed { index: 1, .. })), "{error:?}");
        assert_eq!(error.to_string(), "call 2 of the auction, East's 1H, is not higher than the bid before it");
        assert_eq!(board.recorded.contract, None);
        assert_eq!(board.recorded.play.len(), 1);
        let board = parse_lin(&format!("md|3{S},{W},{N},|mb|1S|mb|p|mb|p|mb|p|pc|CT|pc|XX|")).remove(0).unwrap();
        assert!(matches!(&board.recorded.error, Some(RecordError::Card { index: 1, text, .. }) if text == "XX"));
        assert!(board.recorded.contract.is_some());
    }

    #[test]
    fn a_link_whose_lin_holds_no_board_is_an_error() {
        for link in [
            "https://www.bridgebase.com/tools/handviewer.html?lin=%ZZ%7Cnot%20lin",
            "https://www.bridgebase.com/tools/handviewer.html?lin=",
            "http://www.bridgebase.com/tools/movie.html#lin=pn%7Ca%2Cb%7C",
        ] {
            assert!(is_lin(link), "{link}");
            let boards = parse_lin(link);
            assert_eq!(boards.len(), 1, "{link}");
            let err = boards[0].as_ref().expect_err("no board in the link");
            assert!(err.to_string().starts_with("LIN board 1: the link's lin= parameter holds no deal"), "{err}");
        }
    }

    #[test]
    fn links_hold_a_board() {
        let lin = format!("qx|o1|md|3{S},{W},{N},|sv|e|ah|Board 1|");
        let encoded: String = lin
            .bytes()
            .map(|b| if b.is_ascii_alphanumeric() { (b as char).to_string() } else { format!("%{b:02X}") })
            .collect();
        let twice = encoded.replace('%', "%25");
        for link in [
            format!("https://www.bridgebase.com/tools/handviewer.html?lin={encoded}"),
            format!("http://www.bridgebase.com/tools/handviewer.html?bbo=y&lin={twice}&x=1"),
            format!("www.bridgebase.com/tools/movie.html#lin={encoded}"),
            format!("lin={lin}"),
        ] {
            assert!(is_lin(&link), "{link}");
            let boards = parse_lin(&link);
            let board = boards[0].as_ref().unwrap_or_else(|e| panic!("{link}: {e}"));
            assert_eq!(board.deal.to_string(), PBN, "{link}");
            assert_eq!(
                (board.dealer, board.vulnerability, board.board),
                (Seat::North, Some(Vulnerability::EastWest), Some(1))
            );
        }
        // The hands form, lower case, one hand left out; no dealer: board
        // 6's (East).
        let link = format!(
            "https://www.bridgebase.com/tools/handviewer.html?n={}&e={}&s={}&v=b&b=6",
            N.to_lowercase(),
            E.to_lowercase(),
            S.to_lowercase()
        );
        assert!(is_lin(&link));
        let board = parse_lin(&link)[0].clone().expect("a valid board");
        assert_eq!(board.deal.to_string(), PBN);
        assert_eq!((board.dealer, board.vulnerability, board.board), (Seat::East, Some(Vulnerability::Both), Some(6)));
        let with_dealer = format!("?n={N}&e={E}&s={S}&w={W}&d=w");
        assert_eq!(parse_lin(&with_dealer)[0].as_ref().map(|b| b.dealer), Ok(Seat::West));
        // Not links: plain text, a link without a board, a bad hand.
        assert!(!is_lin("N:AKQ.. - - -"));
        assert!(!is_lin("https://www.bridgebase.com/"));
        assert!(parse_lin("https://www.bridgebase.com/tools/handviewer.html?n=sakq").is_empty());
        let bad = parse_lin(&format!("https://www.bridgebase.com/tools/handviewer.html?n=sxq&e={E}&s={S}"));
        assert!(bad[0].is_err());
        assert_eq!(decode_param("a%2"), "a%2");
        assert_eq!(decode_param("%E2%99%A0+x"), "\u{2660} x");
    }
}
