//! The "txt" format of DDS's `hands/list*.txt`, `largest.txt` and
//! `thomas*.txt` (`parse_txt`, `Record` and the types of its lines).
//!
//! A file is an optional `NUMBER n` line followed by records. A record starts
//! with a `PBN` line; the `FUT`, `TABLE`, `PAR`, `PAR2`, `PLAY` and `TRACE`
//! lines that follow it belong to it, each at most once and in any order.
//! DDS's own files always have all seven lines in that order. See
//! `fixtures/dds-hands/PROVENANCE.md` for the meaning of every field.

use dds_model::{
    BySeat, ByStrain, Card, DdsHandField, DdsHandLine, DdsHandLineError, Deal, Holding, Rank, Seat, Strain, Suit,
};

use crate::error::{FixtureError, FixtureErrorKind, LineTag};
use crate::tokens::{Fields, Token, Tokens};

/// A double dummy table as the fixtures store it: tricks for each declarer,
/// by strain (S, H, D, C, NT) and then by declaring seat (N, E, S, W), which is
/// DDS's `resTable[strain][hand]` order.
pub type DdTableFixture = ByStrain<BySeat<u8>>;

/// One record of a "txt" file: a deal with the known answers DDS computed
/// for it.
///
/// ```
/// use dds_fixtures::parse_txt;
/// use dds_model::{Seat, Strain};
/// let records = parse_txt(
///     "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n\
///      TABLE 5 8 5 8 6 6 6 6 5 7 5 7 7 5 7 5 6 6 6 6\n",
/// )?;
/// let record = &records[0];
/// assert_eq!(record.line, 1);
/// assert_eq!((record.strain, record.leader, record.declarer()), (Strain::Spades, Seat::North, Seat::West));
/// assert_eq!(record.table.unwrap()[Strain::Spades][Seat::West], 8);
/// assert!(record.fut.is_none() && record.trace.is_none());
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Record {
    /// The line number (from 1) of the record's `PBN` line, for messages.
    pub line: usize,
    /// The dealer (`PBN` field 1).
    pub dealer: Seat,
    /// DDS's vulnerability code, kept raw: 0 none, 1 both, 2 NS only, 3 EW only.
    pub vulnerability: u8,
    /// The trump strain (`PBN` field 3).
    pub strain: Strain,
    /// The seat on lead to the first trick (DDS's `first`); declarer is
    /// `leader.prev()`, see [`Record::declarer`].
    pub leader: Seat,
    /// The deal (all 52 cards in DDS's files).
    pub deal: Deal,
    /// The `FUT` line: every card the leader can lead, with its score.
    pub fut: Option<Fut>,
    /// The `TABLE` line: the double dummy table of the deal.
    pub table: Option<DdTableFixture>,
    /// The `PAR` line: DDS's `Par` output.
    pub par: Option<Par>,
    /// The `PAR2` line: DDS's `DealerPar` output.
    pub par2: Option<Par2>,
    /// The `PLAY` line: cards played from the opening lead on.
    pub play: Option<Vec<Card>>,
    /// The `TRACE` line: declarer's side's double dummy tricks before any
    /// card and after each card of `play` (at most 49 values).
    pub trace: Option<Vec<u8>>,
}

impl Record {
    /// The declarer: the seat to the right of the leader.
    ///
    /// ```
    /// # let records = dds_fixtures::load_hand_file("list1.txt")?;
    /// use dds_model::Seat;
    /// assert_eq!(records[0].leader, Seat::North);
    /// assert_eq!(records[0].declarer(), Seat::West);
    /// # Ok::<_, dds_fixtures::FixtureError>(())
    /// ```
    #[inline]
    pub const fn declarer(&self) -> Seat {
        self.leader.prev()
    }
}

/// The `FUT` line: DDS's `futureTricks` for the opening lead
/// (`SolveBoard` with `target = -1`, `solutions = 3`), best card first.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Fut {
    /// The entries in the order DDS returned them (score non-increasing).
    pub entries: Vec<FutEntry>,
}

/// One card of a [`Fut`] with its equivalent lower cards and its score.
///
/// ```
/// use dds_fixtures::parse_txt;
/// let text = "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n\
///             FUT 1 3 10 768 5\n";
/// let entry = parse_txt(text)?[0].fut.as_ref().unwrap().entries[0];
/// assert_eq!(entry.card.to_string(), "CT");
/// assert_eq!(entry.equals.to_string(), "98");
/// assert_eq!(entry.score, 5);
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct FutEntry {
    /// The card (DDS's `suit` and `rank`).
    pub card: Card,
    /// The lower cards of the same suit that are equivalent to `card`.
    /// DDS writes a mask with rank `r` at bit `r` (768 = 9 and 8); this is
    /// the same set as a [`Holding`] of `card`'s suit.
    pub equals: Holding,
    /// The tricks the leader's side takes after leading `card`.
    pub score: i8,
}

/// The `PAR` line: the output of DDS's `Par(table, vul)`.
///
/// ```
/// use dds_fixtures::load_hand_file;
/// let par = load_hand_file("list1.txt")?[0].par.clone().unwrap();
/// assert_eq!(par.score_text, ["NS -110", "EW 110"]);
/// assert_eq!(par.scores, [-110, 110]);
/// assert_eq!(par.contracts_text, ["NS:EW 2S", "EW:EW 2S"]);
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Par {
    /// `parScore[0]` and `parScore[1]` as written, e.g. `"NS -110"`, `"EW 110"`.
    pub score_text: [String; 2],
    /// `parContractsString[0]` and `[1]` as written, e.g. `"NS:EW 2S"`; they
    /// may contain spaces and commas.
    pub contracts_text: [String; 2],
    /// The numbers of `score_text`: the par score from North-South's point of
    /// view when they start the bidding, then from East-West's point of view
    /// when they do.
    pub scores: [i32; 2],
}

/// The `PAR2` line: the output of DDS's `DealerPar(table, dealer, vul)`.
///
/// ```
/// use dds_fixtures::load_hand_file;
/// let par2 = load_hand_file("list1.txt")?[0].par2.clone().unwrap();
/// assert_eq!(par2.score, -110);
/// assert_eq!(par2.contracts, ["2S-EW"]);
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Par2 {
    /// The par score, from North-South's point of view.
    pub score: i32,
    /// The par contracts as written (at least one), e.g. `"4S*-EW-1"`.
    pub contracts: Vec<String>,
}

/// Parses a "txt" hand file.
///
/// Blank lines are skipped. If the first line is `NUMBER n`, the file must
/// hold exactly `n` records. Errors name the line and what is wrong; no input
/// makes this function panic.
///
/// ```
/// use dds_fixtures::{parse_txt, FixtureErrorKind, LineTag};
/// let pbn = "PBN 0 0 4 1 \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"";
/// let records = parse_txt(&format!("NUMBER 1\n{pbn}\nPLAY 2 \"SAS2\"\n"))?;
/// assert_eq!(records[0].play.as_ref().unwrap().len(), 2);
///
/// let err = parse_txt(&format!("NUMBER 2\n{pbn}\n")).unwrap_err();
/// assert_eq!(err.line(), 1);
/// assert_eq!(err.kind(), &FixtureErrorKind::CountMismatch { tag: LineTag::Number, declared: 2, found: 1 });
/// # Ok::<_, dds_fixtures::FixtureError>(())
/// ```
pub fn parse_txt(text: &str) -> Result<Vec<Record>, FixtureError> {
    let mut records: Vec<Record> = Vec::new();
    let mut number: Option<(usize, usize)> = None;
    let mut first_line = true;
    for (index, line) in text.lines().enumerate() {
        let line_number = index + 1;
        let at = |kind| FixtureError::new(line_number, kind);
        let mut tokens = Tokens::new(line);
        let tag = match tokens.next() {
            None => continue,
            Some(Err(kind)) => return Err(at(kind)),
            Some(Ok(Token::Word(word))) => {
                LineTag::from_word(word).ok_or_else(|| at(FixtureErrorKind::UnknownTag(word.to_owned())))?
            }
            Some(Ok(Token::Quoted(text))) => return Err(at(FixtureErrorKind::UnknownTag(format!("\"{text}\"")))),
        };
        let mut fields = Fields::new(tag, tokens);
        match tag {
            LineTag::Number => {
                if !first_line {
                    return Err(at(FixtureErrorKind::MisplacedNumber));
                }
                let count = fields.number::<usize>("record count", |_| true).map_err(at)?;
                fields.end().map_err(at)?;
                number = Some((line_number, count));
            }
            LineTag::Pbn => records.push(parse_pbn(line_number, line).map_err(at)?),
            _ => {
                let record = records.last_mut().ok_or_else(|| at(FixtureErrorKind::NoRecord(tag)))?;
                parse_answer(record, tag, fields).map_err(at)?;
            }
        }
        first_line = false;
    }
    if let Some((line, declared)) = number {
        if declared != records.len() {
            let kind = FixtureErrorKind::CountMismatch { tag: LineTag::Number, declared, found: records.len() };
            return Err(FixtureError::new(line, kind));
        }
    }
    Ok(records)
}

/// `PBN dealer vul trump first "deal"`: the model's [`DdsHandLine`], its
/// errors as the fixtures' (the PBN line's fields by their names).
fn parse_pbn(line: usize, text: &str) -> Result<Record, FixtureErrorKind> {
    use DdsHandLineError as E;
    use FixtureErrorKind as K;
    let tag = LineTag::Pbn;
    let pbn = DdsHandLine::parse(text).map_err(|e| match e {
        E::MissingField(field) => K::MissingField { tag, field: field.name() },
        E::InvalidNumber { field, text } => K::InvalidNumber { tag, field: field.name(), text },
        E::UnquotedDeal => K::ExpectedQuoted { tag, field: DdsHandField::Deal.name() },
        E::UnterminatedQuote => K::UnterminatedQuote,
        E::TrailingText(text) => K::TrailingText { tag, text },
        E::InvalidDeal(e) => K::InvalidDeal(e),
        E::MisplacedQuote => K::MisplacedQuote,
        // Not a deal line: the caller has read `PBN` as the first word, so
        // this does not happen.
        _ => K::UnknownTag(text.to_owned()),
    })?;
    Ok(Record {
        line,
        dealer: pbn.dealer,
        vulnerability: pbn.vulnerability.to_dds(),
        strain: pbn.strain,
        leader: pbn.leader,
        deal: pbn.deal,
        fut: None,
        table: None,
        par: None,
        par2: None,
        play: None,
        trace: None,
    })
}

/// Stores the answer line `tag` in `record`, which must not have one yet.
fn parse_answer(record: &mut Record, tag: LineTag, fields: Fields<'_>) -> Result<(), FixtureErrorKind> {
    fn store<T>(
        slot: &mut Option<T>,
        tag: LineTag,
        parse: impl FnOnce() -> Result<T, FixtureErrorKind>,
    ) -> Result<(), FixtureErrorKind> {
        if slot.is_some() {
            return Err(FixtureErrorKind::DuplicateLine(tag));
        }
        *slot = Some(parse()?);
        Ok(())
    }
    match tag {
        LineTag::Fut => store(&mut record.fut, tag, || parse_fut(fields)),
        LineTag::Table => store(&mut record.table, tag, || parse_table(fields)),
        LineTag::Par => store(&mut record.par, tag, || parse_par(fields)),
        LineTag::Par2 => store(&mut record.par2, tag, || parse_par2(fields)),
        LineTag::Play => store(&mut record.play, tag, || parse_play(fields)),
        LineTag::Trace => store(&mut record.trace, tag, || parse_trace(fields)),
        // The caller handles these; they never start an answer line.
        LineTag::Number | LineTag::Pbn | LineTag::Gib => Ok(()),
    }
}

/// `FUT n suit[n] rank[n] equals[n] score[n]`.
fn parse_fut(mut fields: Fields<'_>) -> Result<Fut, FixtureErrorKind> {
    let declared = fields.number::<usize>("card count", |_| true)?;
    let values = fields.remaining()?;
    if Some(values.len()) != declared.checked_mul(4) {
        return Err(FixtureErrorKind::CountMismatch { tag: LineTag::Fut, declared, found: values.len() });
    }
    let column = |i: usize| &values[i * declared..(i + 1) * declared];
    let (suits, ranks, equals, scores) = (column(0), column(1), column(2), column(3));
    let mut entries = Vec::with_capacity(declared);
    for i in 0..declared {
        let suit = Suit::new(fields.parse_number::<usize>("suit", suits[i], |v| v < Suit::NUM)?);
        let rank = Rank::new(fields.parse_number::<u8>("rank", ranks[i], |v| Rank::try_new(v).is_some())?);
        // DDS puts rank r at bit r, `Holding` puts the deuce at bit 0.
        let mask = fields.parse_number::<u32>("equals", equals[i], |_| true)?;
        let equals = Holding::from_dds_bits(mask).ok_or_else(|| fields.invalid("equals", equals[i]))?;
        let score = fields.parse_number::<i8>("score", scores[i], |_| true)?;
        entries.push(FutEntry { card: Card::new(suit, rank), equals, score });
    }
    Ok(Fut { entries })
}

/// `TABLE t0 .. t19`, strain-major in DDS order.
fn parse_table(mut fields: Fields<'_>) -> Result<DdTableFixture, FixtureErrorKind> {
    let mut table = DdTableFixture::default();
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            table[strain][seat] = fields.number::<u8>("tricks", |v| v <= 13)?;
        }
    }
    fields.end()?;
    Ok(table)
}

/// `PAR "NS s0" "EW s1" "NS:c0" "EW:c1"`.
fn parse_par(mut fields: Fields<'_>) -> Result<Par, FixtureErrorKind> {
    let score_text = [fields.quoted("NS score")?.to_owned(), fields.quoted("EW score")?.to_owned()];
    let contracts_text = [fields.quoted("NS contracts")?.to_owned(), fields.quoted("EW contracts")?.to_owned()];
    fields.end()?;
    let score = |text: &str, side: &str| {
        text.strip_prefix(side)
            .and_then(|rest| rest.strip_prefix(' '))
            .and_then(|number| number.parse::<i32>().ok())
            .ok_or_else(|| FixtureErrorKind::InvalidParScore(text.to_owned()))
    };
    let scores = [score(&score_text[0], "NS")?, score(&score_text[1], "EW")?];
    Ok(Par { score_text, contracts_text, scores })
}

/// `PAR2 "score" "c1" ["c2" ...]`.
fn parse_par2(mut fields: Fields<'_>) -> Result<Par2, FixtureErrorKind> {
    let text = fields.quoted("score")?;
    let score = fields.parse_number::<i32>("score", Token::Word(text), |_| true)?;
    let mut contracts = vec![fields.quoted("contract")?.to_owned()];
    for token in fields.remaining()? {
        match token {
            Token::Quoted(contract) => contracts.push(contract.to_owned()),
            Token::Word(_) => return Err(FixtureErrorKind::ExpectedQuoted { tag: LineTag::Par2, field: "contract" }),
        }
    }
    Ok(Par2 { score, contracts })
}

/// `PLAY n "cards"`, each card a suit letter and a rank character.
fn parse_play(mut fields: Fields<'_>) -> Result<Vec<Card>, FixtureErrorKind> {
    let declared = fields.number::<usize>("card count", |_| true)?;
    let text = fields.quoted("cards")?;
    fields.end()?;
    let mut cards = Vec::new();
    let mut chars = text.chars();
    while let Some(suit) = chars.next() {
        let rank = chars.next();
        let card = rank.and_then(|rank| Some(Card::new(Suit::from_char(suit)?, Rank::from_char(rank)?)));
        let card = card.ok_or_else(|| FixtureErrorKind::InvalidCard {
            tag: LineTag::Play,
            text: [Some(suit), rank].into_iter().flatten().collect(),
        })?;
        cards.push(card);
    }
    if cards.len() != declared {
        return Err(FixtureErrorKind::CountMismatch { tag: LineTag::Play, declared, found: cards.len() });
    }
    Ok(cards)
}

/// `TRACE m v0 .. v(m-1)`.
fn parse_trace(mut fields: Fields<'_>) -> Result<Vec<u8>, FixtureErrorKind> {
    let declared = fields.number::<usize>("value count", |_| true)?;
    let values = fields.remaining()?;
    if values.len() != declared {
        return Err(FixtureErrorKind::CountMismatch { tag: LineTag::Trace, declared, found: values.len() });
    }
    values.into_iter().map(|token| fields.parse_number::<u8>("tricks", token, |v| v <= 13)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PBN: &str = "PBN 0 0 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"";

    fn kind_of(extra: &str) -> FixtureErrorKind {
        let err = parse_txt(&format!("{PBN}\n{extra}\n")).unwrap_err();
        assert_eq!(err.line(), 2, "{extra}");
        err.kind().clone()
    }

    #[test]
    fn answer_lines_are_optional_and_unordered() {
        let text = format!("{PBN}\nTRACE 2 8 8\nPLAY 1 \"CT\"\n\n{PBN}\n");
        let records = parse_txt(&text).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].trace, Some(vec![8, 8]));
        assert_eq!(records[0].play.as_ref().map(|p| p[0].to_string()), Some("CT".into()));
        assert_eq!(records[1].line, 5);
        assert_eq!(records[1].play, None);
        assert_eq!(parse_txt("").unwrap(), []);
        assert_eq!(parse_txt("NUMBER 0 \r\n").unwrap(), []);
    }

    #[test]
    fn par_lines() {
        let text =
            format!("{PBN}\nPAR \"NS 100\" \"EW -100\" \"NS:EW 4Sx\" \"EW:EW 4Sx\"\nPAR2 \"-90\" \"2D-EW\" \"1N-EW\"");
        let record = &parse_txt(&text).unwrap()[0];
        let par = record.par.as_ref().unwrap();
        assert_eq!(par.scores, [100, -100]);
        assert_eq!(par.contracts_text[0], "NS:EW 4Sx");
        let par2 = record.par2.as_ref().unwrap();
        assert_eq!((par2.score, par2.contracts.len()), (-90, 2));
    }

    #[test]
    fn errors_name_the_field() {
        use FixtureErrorKind as K;
        use LineTag as T;
        assert_eq!(kind_of("FUT 1 3 10 768"), K::CountMismatch { tag: T::Fut, declared: 1, found: 3 });
        assert_eq!(
            kind_of("FUT 99999999999999999999"),
            K::InvalidNumber { tag: T::Fut, field: "card count", text: "99999999999999999999".into() }
        );
        assert_eq!(
            kind_of(&format!("FUT {} 0", usize::MAX)),
            K::CountMismatch { tag: T::Fut, declared: usize::MAX, found: 1 }
        );
        assert_eq!(kind_of("FUT 1 4 10 0 5"), K::InvalidNumber { tag: T::Fut, field: "suit", text: "4".into() });
        assert_eq!(kind_of("FUT 1 3 1 0 5"), K::InvalidNumber { tag: T::Fut, field: "rank", text: "1".into() });
        assert_eq!(kind_of("FUT 1 3 10 3 5"), K::InvalidNumber { tag: T::Fut, field: "equals", text: "3".into() });
        assert_eq!(
            kind_of("FUT 1 3 10 32768 5"),
            K::InvalidNumber { tag: T::Fut, field: "equals", text: "32768".into() }
        );
        assert_eq!(kind_of("FUT 1 3 10 0 300"), K::InvalidNumber { tag: T::Fut, field: "score", text: "300".into() });
        assert_eq!(kind_of("TABLE 1 2 3"), K::MissingField { tag: T::Table, field: "tricks" });
        assert_eq!(kind_of("TABLE 14"), K::InvalidNumber { tag: T::Table, field: "tricks", text: "14".into() });
        assert_eq!(kind_of(&format!("TABLE {}", "1 ".repeat(21))), K::TrailingText { tag: T::Table, text: "1".into() });
        assert_eq!(kind_of("PAR \"NS 1\" \"NS 1\" \"\" \"\""), K::InvalidParScore("NS 1".into()));
        assert_eq!(kind_of("PAR \"NS 1\" \"EW x\" \"\" \"\""), K::InvalidParScore("EW x".into()));
        assert_eq!(kind_of("PAR \"NS 1\" \"EW 1\" \"\""), K::MissingField { tag: T::Par, field: "EW contracts" });
        assert_eq!(
            kind_of("PAR2 \"x\" \"1N-NS\""),
            K::InvalidNumber { tag: T::Par2, field: "score", text: "x".into() }
        );
        assert_eq!(kind_of("PAR2 \"1\""), K::MissingField { tag: T::Par2, field: "contract" });
        assert_eq!(kind_of("PAR2 \"1\" \"a\" b"), K::ExpectedQuoted { tag: T::Par2, field: "contract" });
        assert_eq!(kind_of("PLAY 2 \"SAS\""), K::InvalidCard { tag: T::Play, text: "S".into() });
        assert_eq!(kind_of("PLAY 1 \"XA\""), K::InvalidCard { tag: T::Play, text: "XA".into() });
        assert_eq!(kind_of("PLAY 1 \"SAHK\""), K::CountMismatch { tag: T::Play, declared: 1, found: 2 });
        assert_eq!(kind_of("PLAY 1 SA"), K::ExpectedQuoted { tag: T::Play, field: "cards" });
        assert_eq!(kind_of("TRACE 2 8"), K::CountMismatch { tag: T::Trace, declared: 2, found: 1 });
        assert_eq!(kind_of("TRACE 1 14"), K::InvalidNumber { tag: T::Trace, field: "tricks", text: "14".into() });
        assert_eq!(kind_of("TRACE 1 \"8"), K::UnterminatedQuote);
        assert_eq!(kind_of("PBN 0 0 0 0"), K::MissingField { tag: T::Pbn, field: "deal" });
        assert_eq!(kind_of("PBN"), K::MissingField { tag: T::Pbn, field: "dealer" });
        assert_eq!(kind_of("NUMBER 1"), K::MisplacedNumber);
        let err = parse_txt(&format!("{PBN}\nTRACE 0\nTRACE 0")).unwrap_err();
        assert_eq!((err.line(), err.kind()), (3, &K::DuplicateLine(T::Trace)));
        assert_eq!(kind_of("DEALERPAR \"1\""), K::UnknownTag("DEALERPAR".into()));
    }

    #[test]
    fn pbn_line_errors() {
        use FixtureErrorKind as K;
        use LineTag as T;
        let kind = |line: &str| parse_txt(line).unwrap_err().kind().clone();
        assert_eq!(kind("PBN 4 0 0 0 \"\""), K::InvalidNumber { tag: T::Pbn, field: "dealer", text: "4".into() });
        assert_eq!(
            kind("PBN 0 4 0 0 \"\""),
            K::InvalidNumber { tag: T::Pbn, field: "vulnerability", text: "4".into() }
        );
        assert_eq!(kind("PBN 0 0 5 0 \"\""), K::InvalidNumber { tag: T::Pbn, field: "trump", text: "5".into() });
        assert_eq!(kind("PBN 0 0 0 -1 \"\""), K::InvalidNumber { tag: T::Pbn, field: "first", text: "-1".into() });
        assert!(matches!(kind("PBN 0 0 0 0 \"N:A... A... Q... J...\""), K::InvalidDeal(_)));
        assert_eq!(kind("PBN 0 0 0 0 N:A..."), K::ExpectedQuoted { tag: T::Pbn, field: "deal" });
        assert_eq!(kind(&format!("{PBN} 7")), K::TrailingText { tag: T::Pbn, text: "7".into() });
        assert_eq!(kind("\"PBN\" 0"), K::UnknownTag("\"PBN\"".into()));
    }
}
