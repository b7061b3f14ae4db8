//! The contract and play recorded with a deal: LIN's auction (`mb|`),
//! played cards (`pc|`) and claim (`mc|`), PBN's `[Contract]`,
//! `[Declarer]` and `[Play]` section; and the rule that says who wins a
//! trick ([`trick_winner`]), which orders PBN's play (its columns are
//! seats, so each trick's leader is the last trick's winner).

use core::fmt;

use crate::{Auction, AuctionError, AuctionOutcome, Call, Card, Contract, Hand, PbnGame, Seat, Strain};

/// The contract and the play recorded with a deal: what a reader could
/// read of them, and why the rest could not be read.
///
/// Unreadable calls, cards or tags do not make the deal unreadable: they
/// give [`error`](RecordedPlay::error), and the fields keep what was read
/// before the fault.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RecordedPlay {
    /// The calls of the auction, the dealer's first; `None` when the
    /// record has none (PBN's `[Auction]` is not read).
    pub auction: Option<Vec<Call>>,
    /// The final contract and its declarer; `None` with no auction or
    /// contract, an unfinished auction, or a passed-out board.
    pub contract: Option<Contract>,
    /// Whether the board was passed out.
    pub passed_out: bool,
    /// The cards played, in the order they were played, from the opening
    /// lead.
    pub play: Vec<Card>,
    /// The tricks declarer's side claimed in all (LIN's `mc|`).
    pub claim: Option<u8>,
    /// Why part of the record could not be read.
    pub error: Option<RecordError>,
}

/// Why part of a recorded contract or play could not be read.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum RecordError {
    /// A call of the auction is not a call, or not allowed.
    Auction(AuctionError),
    /// A played card that is not a card (`index` its place in the play,
    /// from 0), or one played twice.
    Card {
        /// The card's place in the play, from 0.
        index: usize,
        /// The text.
        text: String,
        /// Whether the card was read, but played before.
        twice: bool,
    },
    /// The claim is not a number of tricks from 0 to 13.
    Claim(String),
    /// The `Contract` tag is not a contract.
    Contract(String),
    /// The `Declarer` tag is not a seat (or is missing with a contract).
    Declarer(String),
    /// The `Play` tag's seat is not a seat, or not the seat on declarer's
    /// left.
    Leader {
        /// The tag's value.
        value: String,
        /// The seat that leads: declarer's left-hand opponent.
        expected: Option<Seat>,
    },
    /// A play section with no contract to tell the trump suit.
    NoContract,
    /// A trick (a line) of the play section that cannot be read: a line
    /// with more than four cards, or with fewer when the play goes on
    /// after it, a card left out before one that was played, or a trick
    /// after an unfinished one.
    Trick {
        /// The trick, from 1.
        trick: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Auction(e) => write!(f, "{e}"),
            RecordError::Card { index, text, twice: false } => {
                write!(
                    f,
                    "card {} of the play, {text:?}, is not a card (expected suit and rank, such as SA or HT)",
                    index + 1
                )
            }
            RecordError::Card { index, text, twice: true } => {
                write!(f, "card {} of the play, {text}, was played before", index + 1)
            }
            RecordError::Claim(text) => write!(f, "the claim {text:?} is not a number of tricks from 0 to 13"),
            RecordError::Contract(text) => {
                write!(f, "the contract {text:?} is not a contract (such as 4S, 3NTX or Pass)")
            }
            RecordError::Declarer(text) if text.is_empty() => {
                f.write_str("the contract names no declarer (no Declarer tag)")
            }
            RecordError::Declarer(text) => write!(f, "the declarer {text:?} is not a seat (N, E, S or W)"),
            RecordError::Leader { value, expected: None } => write!(f, "the play's leader {value:?} is not a seat"),
            RecordError::Leader { value, expected: Some(seat) } => {
                write!(f, "the play's leader is {value:?}, but declarer's left-hand opponent is {}", seat.name())
            }
            RecordError::NoContract => f.write_str("the play has no contract to tell the trump suit"),
            RecordError::Trick { trick, message } => write!(f, "trick {trick} of the play: {message}"),
        }
    }
}

impl std::error::Error for RecordError {}

impl From<AuctionError> for RecordError {
    fn from(e: AuctionError) -> RecordError {
        RecordError::Auction(e)
    }
}

/// The winner of a trick in `strain`: the place (0 for the lead) of the
/// highest trump played, or with none of the highest card of the suit
/// led. `None` for an empty trick. The cards may be fewer than four: the
/// winner so far.
///
/// ```
/// use dds_model::{trick_winner, Card, Strain};
/// let trick: Vec<Card> = ["HK", "HA", "S2", "H3"].iter().map(|c| c.parse()).collect::<Result<_, _>>()?;
/// assert_eq!(trick_winner(&trick, Strain::NoTrump), Some(1)); // the ace of the suit led
/// assert_eq!(trick_winner(&trick, Strain::Spades), Some(2)); // the only trump
/// assert_eq!(trick_winner(&trick, Strain::Hearts), Some(1));
/// assert_eq!(trick_winner(&[], Strain::Hearts), None);
/// # Ok::<_, dds_model::ParseError>(())
/// ```
pub fn trick_winner(cards: &[Card], strain: Strain) -> Option<usize> {
    let beats = |card: Card, best: Card| {
        if card.suit() == best.suit() {
            card.rank() > best.rank()
        } else {
            Some(card.suit()) == strain.trump()
        }
    };
    let mut best = 0;
    for (i, &card) in cards.iter().enumerate().skip(1) {
        if beats(card, cards[best]) {
            best = i;
        }
    }
    (!cards.is_empty()).then_some(best)
}

/// The cards of a record of play (each a card, in the order played),
/// checked for cards that are not cards or played twice; the cards
/// before the first fault, and the fault.
pub(crate) fn read_cards<'a>(texts: impl IntoIterator<Item = &'a str>) -> (Vec<Card>, Option<RecordError>) {
    let mut cards = Vec::new();
    let mut played = Hand::EMPTY;
    for (index, text) in texts.into_iter().enumerate() {
        let parsed = Card::parse_list(text).ok().filter(|list| list.len() == 1).map(|list| list[0]);
        let Some(card) = parsed else {
            return (cards, Some(RecordError::Card { index, text: text.to_owned(), twice: false }));
        };
        if !played.insert(card) {
            return (cards, Some(RecordError::Card { index, text: card.to_string(), twice: true }));
        }
        cards.push(card);
    }
    (cards, None)
}

impl RecordedPlay {
    /// The record of an auction (its calls as written, the dealer's
    /// first), played cards and a claim as LIN gives them.
    pub(crate) fn from_lin(
        dealer: Seat,
        calls: Option<Vec<&str>>,
        cards: Vec<&str>,
        claim: Option<&str>,
    ) -> RecordedPlay {
        let mut record = RecordedPlay::default();
        let mut errors = Vec::new();
        if let Some(calls) = calls {
            // The calls up to the first that is not a call.
            let mut read = Vec::new();
            let mut unreadable = None;
            for (index, text) in calls.iter().enumerate() {
                match text.parse::<Call>() {
                    Ok(call) => read.push(call),
                    Err(_) => {
                        unreadable = Some(AuctionError::NotACall { index, text: (*text).to_owned() });
                        break;
                    }
                }
            }
            // A call against the rules (or after the end) among them comes
            // before the unreadable one: the first fault. The auction keeps
            // the calls before it, and its outcome is theirs.
            let fault = match Auction::new(dealer, read.clone()) {
                Ok(_) => unreadable,
                Err(e) => {
                    if let AuctionError::NotAllowed { index, .. } | AuctionError::AfterTheEnd { index } = e {
                        read.truncate(index);
                    }
                    Some(e)
                }
            };
            if let Ok(auction) = Auction::new(dealer, read.clone()) {
                match auction.outcome() {
                    AuctionOutcome::Contract(contract) => record.contract = Some(contract),
                    AuctionOutcome::PassedOut => record.passed_out = true,
                    AuctionOutcome::Unfinished => {}
                }
            }
            errors.extend(fault.map(RecordError::Auction));
            record.auction = Some(read);
        }
        let (play, error) = read_cards(cards);
        record.play = play;
        errors.extend(error);
        if let Some(text) = claim {
            match text.trim().parse::<u8>() {
                Ok(tricks) if tricks <= 13 => record.claim = Some(tricks),
                _ => errors.push(RecordError::Claim(text.to_owned())),
            }
        }
        record.error = errors.into_iter().next();
        record
    }
}

impl PbnGame {
    /// The contract and play this game records: its `Contract` tag (`Pass`
    /// for a passed-out board) with the `Declarer` tag, and its `Play`
    /// section in the order the cards were played (PBN writes each trick
    /// on a line with a column for each seat, the first column the
    /// `Play` tag's seat; the winner of each trick, by [`trick_winner`],
    /// leads the next; a line with fewer than four cards, or more, is a
    /// fault, except the last one, where the play ended). In the section,
    /// `-` is a card not played, `*` ends
    /// the play, and notes (`=1=`), `$n` glyphs, `!`/`?` marks and
    /// comments are skipped. The `Auction` section is not read. An
    /// unreadable piece gives [`RecordedPlay::error`]; the cards of the
    /// tricks before it are kept.
    ///
    /// ```
    /// use dds_model::PbnFile;
    /// let text = "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\
    ///             [Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\n\
    ///             CT C4 CA CJ\n\
    ///             D5 DA! D9 D2 {the columns are N, E, S, W}\n*\n";
    /// let file = PbnFile::parse(text)?;
    /// let record = file.games()[0].recorded_play();
    /// assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("2S by W"));
    /// // South's ace wins the first trick, so South leads to the second.
    /// let play: Vec<String> = record.play.iter().map(|c| c.to_string()).collect();
    /// assert_eq!(play, ["CT", "C4", "CA", "CJ", "D9", "D2", "D5", "DA"]);
    /// # Ok::<_, dds_model::PbnFileError>(())
    /// ```
    pub fn recorded_play(&self) -> RecordedPlay {
        let mut record = RecordedPlay::default();
        let contract = match self.tag("Contract").map(str::trim) {
            None | Some("" | "?") => None,
            Some(text) if text.eq_ignore_ascii_case("pass") => {
                record.passed_out = true;
                None
            }
            Some(text) => {
                let declarer = match self.tag("Declarer").map(|d| d.trim().trim_start_matches('^')) {
                    Some(d) if !d.is_empty() && d != "?" => match d.parse::<Seat>() {
                        Ok(seat) => Some(seat),
                        Err(_) => return record.failed(RecordError::Declarer(d.to_owned())),
                    },
                    _ => None,
                };
                let parsed = match declarer {
                    Some(seat) => Contract::from_ascii_with_declarer(text.as_bytes(), seat),
                    None => Contract::from_ascii(text.as_bytes()),
                };
                match (parsed, declarer) {
                    (Ok(contract), _) => Some(contract),
                    // A contract without any declarer.
                    (Err(_), None) if Contract::from_ascii_with_declarer(text.as_bytes(), Seat::North).is_ok() => {
                        return record.failed(RecordError::Declarer(String::new()));
                    }
                    (Err(_), _) => return record.failed(RecordError::Contract(text.to_owned())),
                }
            }
        };
        record.contract = contract;
        let Some(play) = self.tag_pair("Play") else { return record };
        let value = play.value().trim();
        if value.is_empty() || value == "?" {
            return record;
        }
        let Some(contract) = contract else { return record.failed(RecordError::NoContract) };
        let leader = contract.leader();
        match value.parse::<Seat>() {
            Ok(seat) if seat == leader => {}
            Ok(_) => return record.failed(RecordError::Leader { value: value.to_owned(), expected: Some(leader) }),
            Err(_) => return record.failed(RecordError::Leader { value: value.to_owned(), expected: None }),
        }
        let section: Vec<&str> = play.section_lines().collect();
        let (cards, error) = pbn_play(&section.join("\n"), leader, contract.strain);
        record.play = cards;
        record.error = error;
        record
    }
}

impl RecordedPlay {
    /// The record so far with `error`.
    fn failed(mut self, error: RecordError) -> RecordedPlay {
        self.error = Some(error);
        self
    }
}

/// The tricks of a PBN play section: each line's words, comments (`{...}`,
/// `;` to the end of the line), notes (`=1=`), glyphs (`$1`) and `!`/`?`
/// marks removed, up to `*`. A line with no words is no trick; a line end
/// inside a `{...}` comment does not end a line.
fn play_lines(section: &str) -> Vec<Vec<&str>> {
    let mut lines = Vec::new();
    let mut words = Vec::new();
    let mut in_brace = false;
    for line in section.lines() {
        let mut rest = line;
        // Cut the comments out piece by piece, keeping the text between.
        let mut pieces = Vec::new();
        loop {
            if in_brace {
                match rest.find('}') {
                    Some(i) => {
                        in_brace = false;
                        rest = &rest[i + 1..];
                    }
                    None => break,
                }
            } else {
                let brace = rest.find('{');
                let semicolon = rest.find(';');
                match (brace, semicolon) {
                    (Some(b), s) if s.is_none_or(|s| b < s) => {
                        pieces.push(&rest[..b]);
                        in_brace = true;
                        rest = &rest[b + 1..];
                    }
                    (_, Some(s)) => {
                        pieces.push(&rest[..s]);
                        break;
                    }
                    _ => {
                        pieces.push(rest);
                        break;
                    }
                }
            }
        }
        for word in pieces.into_iter().flat_map(str::split_whitespace) {
            if word.starts_with('=') || word.starts_with('$') {
                continue;
            }
            let word = word.trim_end_matches(['!', '?']);
            if word == "*" {
                if !words.is_empty() {
                    lines.push(words);
                }
                return lines;
            }
            if !word.is_empty() {
                words.push(word);
            }
        }
        if !in_brace && !words.is_empty() {
            lines.push(std::mem::take(&mut words));
        }
    }
    if !words.is_empty() {
        lines.push(words);
    }
    lines
}

/// The cards of a PBN play section in the order played: each line a
/// trick, column `i` the play of the seat `i` places after `leader` (the
/// opening leader, the `Play` tag's seat), each trick led by the last
/// one's winner in `strain`. A line has a word (a card, or `-` for none)
/// for each seat; only the last line with a card may have fewer (the play
/// ended there), and a line with more is a fault.
fn pbn_play(section: &str, leader: Seat, strain: Strain) -> (Vec<Card>, Option<RecordError>) {
    let lines = play_lines(section);
    // The last line that holds a card (not only `-`).
    let last_card = lines.iter().rposition(|columns| columns.iter().any(|w| *w != "-"));
    let mut play = Vec::new();
    let mut played = Hand::EMPTY;
    let mut lead = leader;
    let mut ended: Option<usize> = None;
    for (t, columns) in lines.iter().enumerate() {
        let trick = t + 1;
        let fail = |message: String| Some(RecordError::Trick { trick, message });
        if columns.len() > 4 {
            let message =
                format!("the line {:?} has {} cards, more than one for each seat", columns.join(" "), columns.len());
            return (play, fail(message));
        }
        if columns.len() < 4 && last_card.is_some_and(|last| t < last) {
            let message = format!(
                "the line {:?} has {} of the four cards (- for a seat that played none), but the play goes on after it",
                columns.join(" "),
                columns.len()
            );
            return (play, fail(message));
        }
        if let Some(unfinished) = ended {
            if columns.iter().any(|w| *w != "-") {
                return (play, fail(format!("it follows trick {unfinished}, which was not finished")));
            }
            continue;
        }
        // The seats in the order they play to this trick.
        let mut cards = Vec::with_capacity(4);
        let mut missing: Option<Seat> = None;
        for k in 0..4 {
            let seat = lead.offset(k);
            let column = (seat.index() + 4 - leader.index()) % 4;
            let Some(&word) = columns.get(column) else {
                missing.get_or_insert(seat);
                continue;
            };
            if word == "-" {
                missing.get_or_insert(seat);
                continue;
            }
            let index = play.len() + cards.len();
            let card = match Card::parse_list(word).ok().filter(|l| l.len() == 1) {
                Some(list) => list[0],
                None => return (play, Some(RecordError::Card { index, text: word.to_owned(), twice: false })),
            };
            if let Some(seat_missing) = missing {
                let message = format!("{} plays {card} after {} played no card", seat.name(), seat_missing.name());
                return (play, fail(message));
            }
            if !played.insert(card) {
                return (play, Some(RecordError::Card { index, text: card.to_string(), twice: true }));
            }
            cards.push(card);
        }
        if cards.len() < 4 {
            ended = Some(trick);
        } else if let Some(winner) = trick_winner(&cards, strain) {
            lead = lead.offset(winner);
        }
        play.extend(cards);
    }
    (play, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PbnFile;

    fn cards(list: &str) -> Vec<Card> {
        Card::parse_list(list).unwrap()
    }

    #[test]
    fn the_trick_goes_to_the_highest_trump_else_the_highest_of_the_suit_led() {
        assert_eq!(trick_winner(&cards("S2 S3 SA SK"), Strain::Hearts), Some(2));
        assert_eq!(trick_winner(&cards("D2 C3 H4 DA"), Strain::NoTrump), Some(3));
        assert_eq!(trick_winner(&cards("D2 C3 H4 DA"), Strain::Clubs), Some(1));
        assert_eq!(trick_winner(&cards("D2 C3 CA DA"), Strain::Clubs), Some(2));
        assert_eq!(trick_winner(&cards("D2 C3 H4 S5"), Strain::Diamonds), Some(0));
        assert_eq!(trick_winner(&cards("DK DA"), Strain::Spades), Some(1));
    }

    fn game(tags: &str) -> RecordedPlay {
        let text = format!("[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n{tags}");
        PbnFile::parse(&text).unwrap().games()[0].recorded_play()
    }

    fn shown(cards: &[Card]) -> String {
        cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn pbn_columns_are_seats_and_the_winner_leads() {
        // 2S by West, North leads: the columns are N, E, S, W.
        let record = game(
            "[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\nD5 DA! D9 D2 {E wins}\nH2 H7 H3 HA $1\nS6 S3 SK =1= S2\n*\n",
        );
        assert_eq!(record.error, None);
        assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("2S by W"));
        // Trick 1 N E S W: CT C4 CA CJ, South wins. Trick 2 from South:
        // S D9, W D2, N D5, E DA; East wins. Trick 3 from East: E H7, S H3,
        // W HA, N H2; West wins. Trick 4 from West: W S2, N S6, E S3, S SK.
        assert_eq!(shown(&record.play), "CT C4 CA CJ D9 D2 D5 DA H7 H3 HA H2 S2 S6 S3 SK");
    }

    #[test]
    fn an_unfinished_trick_ends_the_play_and_faults_are_errors() {
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\n- - D9 -\n- - - -\n");
        assert_eq!((shown(&record.play), record.error), ("CT C4 CA CJ D9".to_owned(), None));
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\nD5 - D9 -\n");
        assert!(matches!(record.error, Some(RecordError::Trick { trick: 2, .. })), "{:?}", record.error);
        assert_eq!(shown(&record.play), "CT C4 CA CJ");
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\nD5 - D9 -\nH2 H7 H3 HA\n");
        assert!(matches!(record.error, Some(RecordError::Trick { trick: 2, .. })));
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CZ CJ\n");
        assert!(matches!(&record.error, Some(RecordError::Card { index: 2, text, twice: false }) if text == "CZ"));
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CT\n");
        assert!(matches!(record.error, Some(RecordError::Card { index: 3, twice: true, .. })));
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"E\"]\nCT C4 CA CJ\n");
        assert_eq!(record.error, Some(RecordError::Leader { value: "E".to_owned(), expected: Some(Seat::North) }));
        assert!(record.contract.is_some() && record.play.is_empty());
        let record = game("[Declarer \"W\"]\n[Contract \"2Z\"]\n[Play \"N\"]\nCT C4 CA CJ\n");
        assert_eq!(record.error, Some(RecordError::Contract("2Z".to_owned())));
        let record = game("[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\n");
        assert_eq!(record.error, Some(RecordError::Declarer(String::new())));
        assert_eq!(
            record.error.map(|e| e.to_string()).as_deref(),
            Some("the contract names no declarer (no Declarer tag)")
        );
        let record = game("[Play \"N\"]\nCT C4 CA CJ\n");
        assert_eq!(record.error, Some(RecordError::NoContract));
        let record = game("[Contract \"Pass\"]\n");
        assert!(record.passed_out && record.contract.is_none() && record.error.is_none());
        let record = game("[Declarer \"?\"]\n[Contract \"?\"]\n[Play \"?\"]\n");
        assert_eq!(record, RecordedPlay::default());
        // The declarer in the contract tag, a comment over two lines.
        let record =
            game("[Contract \"4HX by S\"]\n[Play \"W\"]\nSA { a comment\nover lines } S6 SK S3 ; a line comment\n*\n");
        assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("4HX by S"));
        assert_eq!((shown(&record.play), record.error), ("SA S6 SK S3".to_owned(), None));
    }

    #[test]
    fn lin_records_keep_what_was_read_before_a_fault() {
        let record = RecordedPlay::from_lin(
            Seat::North,
            Some(vec!["1S", "P", "4S", "P", "P", "P"]),
            vec!["HK", "h2", "HA", "H3"],
            Some("10"),
        );
        assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("4S by N"));
        assert_eq!((shown(&record.play), record.claim, record.error), ("HK H2 HA H3".to_owned(), Some(10), None));
        let record = RecordedPlay::from_lin(Seat::North, Some(vec!["1S", "zz"]), vec!["HK", "H22"], Some("14"));
        assert_eq!(record.auction, Some(vec!["1S".parse().unwrap()]));
        assert_eq!(record.contract, None);
        assert!(matches!(record.error, Some(RecordError::Auction(AuctionError::NotACall { index: 1, .. }))));
        assert_eq!((shown(&record.play), record.claim), ("HK".to_owned(), None));
    }

    #[test]
    fn each_line_of_the_play_section_is_a_trick() {
        // A short line in the middle would shift every later trick if the
        // words were cut into fours: it is a fault naming its trick.
        let record = game(
            "[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\nD5 DA D9\nD2 H2 H7 H3\nHA S6 S3 SK\n*\n",
        );
        assert_eq!(shown(&record.play), "CT C4 CA CJ");
        assert_eq!(
            record.error.as_ref().map(|e| e.to_string()).as_deref(),
            Some("trick 2 of the play: the line \"D5 DA D9\" has 3 of the four cards (- for a seat that played none), but the play goes on after it")
        );
        // A line with five cards.
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\nD5 DA D9 D2 H2\n");
        assert!(matches!(&record.error, Some(RecordError::Trick { trick: 2, message }) if message.contains("5 cards")));
        assert_eq!(shown(&record.play), "CT C4 CA CJ");
        // The last line may be short: the play ended there (columns N, E).
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\n- - D9 {South leads}\n{a line of comment}\n*\n");
        assert_eq!((shown(&record.play), record.error), ("CT C4 CA CJ D9".to_owned(), None));
        let record = game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\n- - D9\n- - - -\n*\n");
        assert_eq!((shown(&record.play), record.error), ("CT C4 CA CJ D9".to_owned(), None));
        // Comment lines between tricks are no tricks.
        let record =
            game("[Declarer \"W\"]\n[Contract \"2S\"]\n[Play \"N\"]\nCT C4 CA CJ\n; trick 2\n{ a comment\nover two lines }\nD5 DA D9 D2\n*\n");
        assert_eq!((shown(&record.play), record.error), ("CT C4 CA CJ D9 D2 D5 DA".to_owned(), None));
    }

    fn calls(texts: &[&str]) -> Vec<Call> {
        texts.iter().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn lin_auctions_keep_only_the_calls_before_a_call_against_the_rules() {
        // East's 1H is not higher than 1S: the auction is North's 1S alone,
        // unfinished, whatever follows.
        let record = RecordedPlay::from_lin(Seat::North, Some(vec!["1S", "1H", "P", "P", "P"]), vec!["HK"], None);
        assert_eq!(record.auction, Some(calls(&["1S"])));
        assert_eq!((record.contract, record.passed_out), (None, false));
        assert!(matches!(
            record.error,
            Some(RecordError::Auction(AuctionError::NotAllowed { index: 1, seat: Seat::East, .. }))
        ));
        assert_eq!(shown(&record.play), "HK");
        // A call after the end: the auction before it, and its contract.
        let record = RecordedPlay::from_lin(Seat::West, Some(vec!["1N", "P", "P", "P", "2C"]), vec![], None);
        assert_eq!(record.auction, Some(calls(&["1N", "P", "P", "P"])));
        assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("1NT by W"));
        assert_eq!(record.error, Some(RecordError::Auction(AuctionError::AfterTheEnd { index: 4 })));
        let record = RecordedPlay::from_lin(Seat::East, Some(vec!["P", "P", "P", "P", "P"]), vec![], None);
        assert_eq!(record.auction, Some(calls(&["P", "P", "P", "P"])));
        assert!(record.passed_out && record.contract.is_none());
        // A call against the rules before one that is not a call: the
        // first fault is the one named.
        let record = RecordedPlay::from_lin(Seat::North, Some(vec!["1S", "XX", "1H", "zz"]), vec![], None);
        assert_eq!(record.auction, Some(calls(&["1S"])));
        assert!(matches!(record.error, Some(RecordError::Auction(AuctionError::NotAllowed { index: 1, .. }))));
        // A call that is not a call after a finished auction: the calls
        // before it and their contract.
        let record = RecordedPlay::from_lin(Seat::North, Some(vec!["4S", "P", "P", "P", "??"]), vec![], None);
        assert_eq!(record.auction, Some(calls(&["4S", "P", "P", "P"])));
        assert_eq!(record.contract.map(|c| c.to_string()).as_deref(), Some("4S by N"));
        assert!(matches!(record.error, Some(RecordError::Auction(AuctionError::NotACall { index: 4, .. }))));
    }
}
