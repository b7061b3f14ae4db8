//! Reads every file of `fixtures/dds-hands/` and checks what can be checked
//! without a solver: record counts, deal validity, and the relations between
//! the FUT, TABLE, PAR, PAR2, PLAY and TRACE lines of each record.

use std::collections::HashSet;

use dds_fixtures::{
    load_gib_file, load_hand_file, parse_txt, DdTableFixture, FutEntry, HandFileFormat, Record, HAND_FILES,
};
use dds_model::{Card, Deal, Hand, Holding, Rank, Seat, Strain, Suit};

/// Every record of every "txt" file, with its file name.
fn txt_records() -> Vec<(&'static str, Record)> {
    let mut all = Vec::new();
    for file in HAND_FILES.iter().filter(|f| f.format == HandFileFormat::Txt) {
        let records = load_hand_file(file.name).unwrap_or_else(|e| panic!("{e}"));
        all.extend(records.into_iter().map(|r| (file.name, r)));
    }
    all
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

#[test]
fn every_file_parses_with_its_listed_record_count() {
    for file in HAND_FILES {
        let text = std::fs::read_to_string(file.path()).unwrap();
        match file.format {
            HandFileFormat::Txt => {
                let number_line = format!("NUMBER {} ", file.records);
                assert_eq!(text.lines().next(), Some(number_line.as_str()), "{}", file.name);
                let records = load_hand_file(file.name).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(records.len(), file.records, "{}", file.name);
                // DDS's files have all seven lines in every record, 7 lines apart.
                for (i, record) in records.iter().enumerate() {
                    assert_eq!(record.line, 2 + 7 * i, "{}", file.name);
                    assert!(record.fut.is_some() && record.table.is_some() && record.par.is_some());
                    assert!(record.par2.is_some() && record.play.is_some() && record.trace.is_some());
                }
                assert_eq!(text.lines().count(), 1 + 7 * file.records, "{}", file.name);
            }
            HandFileFormat::Gib => {
                let records = load_gib_file(file.name).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(records.len(), file.records, "{}", file.name);
                assert_eq!(text.lines().count(), file.records, "{}", file.name);
            }
        }
    }
    let counts: Vec<usize> = HAND_FILES.iter().map(|f| f.records).collect();
    assert_eq!(counts, [1, 2, 10, 100, 300, 1000, 21, 1, 1, 10]);
}

#[test]
fn list1_matches_the_provenance_example() {
    let records = load_hand_file("list1.txt").unwrap();
    let [record] = records.as_slice() else { panic!("list1.txt has {} records", records.len()) };
    assert_eq!(record.line, 2);
    assert_eq!(record.dealer, Seat::North);
    assert_eq!(record.vulnerability, 0);
    assert_eq!(record.strain, Strain::Spades);
    assert_eq!(record.leader, Seat::North);
    assert_eq!(record.declarer(), Seat::West);
    assert_eq!(record.deal.to_string(), "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");

    let fut = record.fut.as_ref().unwrap();
    let entry = |c: &str, equals: &str, score: i8| FutEntry { card: card(c), equals: equals.parse().unwrap(), score };
    assert_eq!(
        fut.entries,
        [
            entry("D5", "", 5),
            entry("D8", "", 5),
            entry("DJ", "", 5),
            entry("CT", "98", 5),
            entry("S6", "", 5),
            entry("SQ", "J", 5),
            entry("H2", "", 4),
            entry("H6", "5", 4),
            entry("HK", "", 4),
        ]
    );

    let table = record.table.unwrap();
    let expected: [[u8; 4]; 5] = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];
    assert_eq!(table.map(|by_seat| by_seat.into_array()).into_array(), expected);
    assert_eq!(table[Strain::NoTrump][Seat::East], 6);

    let par = record.par.as_ref().unwrap();
    assert_eq!(par.score_text, ["NS -110", "EW 110"]);
    assert_eq!(par.contracts_text, ["NS:EW 2S", "EW:EW 2S"]);
    assert_eq!(par.scores, [-110, 110]);
    let par2 = record.par2.as_ref().unwrap();
    assert_eq!((par2.score, par2.contracts.as_slice()), (-110, ["2S-EW".to_owned()].as_slice()));

    let play = record.play.as_ref().unwrap();
    assert_eq!(play.len(), 45);
    let text: String = play.iter().map(Card::to_string).collect();
    assert_eq!(text, "CTC4CACJH8H4HKH9D5DAD9D2S7S5S2SQD8D4DQD3H3HAH6H7C3C8CQC2S3SKSAS6HQH5HJHTCKC9D6C5S4SJS8C6DJ");
    assert_eq!(record.trace.as_deref(), Some([8; 46].as_slice()));
}

#[test]
fn distinct_deals_match_provenance() {
    for (name, distinct) in [("list1000.txt", 639), ("list300.txt", 230), ("largest.txt", 16)] {
        let records = load_hand_file(name).unwrap();
        let deals: HashSet<Deal> = records.iter().map(|r| r.deal).collect();
        assert_eq!(deals.len(), distinct, "{name}");
    }
}

#[test]
fn every_deal_is_complete() {
    for (name, record) in txt_records() {
        assert_eq!(record.deal.len(), 52, "{name}:{}", record.line);
        assert_eq!(record.deal.cards(), Hand::ALL, "{name}:{}", record.line);
        assert!(record.vulnerability < 4);
    }
    for record in load_gib_file("sol10.txt").unwrap() {
        assert_eq!(record.deal.cards(), Hand::ALL, "sol10.txt:{}", record.line);
        assert!(Seat::ALL.iter().all(|&seat| record.deal[seat].len() == 13));
    }
}

/// The FUT line lists every card the leader can lead: at the opening lead
/// that is the whole hand, grouped into maximal runs of touching cards.
#[test]
fn fut_covers_the_leaders_hand_in_runs() {
    for (name, record) in txt_records() {
        let at = format!("{name}:{}", record.line);
        let fut = record.fut.as_ref().unwrap();
        let hand = record.deal[record.leader];
        let mut covered = Hand::EMPTY;
        for entry in &fut.entries {
            let suit = entry.card.suit();
            let holding = hand.holding(suit);
            assert!(hand.contains(entry.card), "{at}: {} not in the leader's hand", entry.card);
            assert_eq!(entry.equals - holding, Holding::EMPTY, "{at}: equals of {} not held", entry.card);
            let below = Holding::below(entry.card.rank());
            assert_eq!(entry.equals - below, Holding::EMPTY, "{at}: equals of {} not lower", entry.card);
            assert!((0..=13).contains(&entry.score), "{at}");
            // The card and its equals form a run of touching ranks, and the
            // leader holds neither neighbour of the run.
            let run = entry.equals.with(entry.card.rank());
            let low = run.lowest().unwrap();
            let high = entry.card.rank();
            assert_eq!(run.len(), high.index() - low.index() + 1, "{at}: {} run has gaps", entry.card);
            for neighbour in [high.index() + 1, low.index().wrapping_sub(1)] {
                if neighbour < 13 {
                    assert!(!holding.contains(Rank::from_index(neighbour)), "{at}: {} run not maximal", entry.card);
                }
            }
            let run_cards = Hand::from_holding(suit, run);
            assert!(covered.is_disjoint(run_cards), "{at}: {} listed twice", entry.card);
            covered |= run_cards;
        }
        assert_eq!(covered, hand, "{at}: FUT does not cover the leader's hand");
        let scores: Vec<i8> = fut.entries.iter().map(|e| e.score).collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{at}: scores {scores:?} increase");
    }
}

/// `TRACE[0]` is declarer's side's tricks with the leader on lead, which is
/// the table entry of `declarer = leader.prev()`; the best lead's FUT score is
/// the defenders' share of the same 13 tricks.
#[test]
fn trace_fut_and_table_agree_on_the_opening_position() {
    for (name, record) in txt_records() {
        let at = format!("{name}:{}", record.line);
        let table: DdTableFixture = record.table.unwrap();
        assert!(table.values().all(|by_seat| by_seat.values().all(|&t| t <= 13)), "{at}");
        let from_table = table[record.strain][record.declarer()];
        let trace = record.trace.as_ref().unwrap();
        assert_eq!(trace[0], from_table, "{at}: trace[0] vs table[{}][{}]", record.strain, record.declarer());
        let best = record.fut.as_ref().unwrap().entries[0].score;
        assert_eq!(i16::from(best) + i16::from(from_table), 13, "{at}");
    }
}

/// The play sequence is legal (each card held by the seat to play, suit
/// followed when possible) and the trace moves like a minimax value: a card
/// of declarer's side never raises it, a defender's card never lowers it, and
/// it stays between the tricks declarer's side has won and 13 minus the
/// defenders' tricks.
#[test]
fn play_is_legal_and_trace_is_a_minimax_value() {
    for (name, record) in txt_records() {
        let at = format!("{name}:{}", record.line);
        let play = record.play.as_ref().unwrap();
        let trace = record.trace.as_ref().unwrap();
        assert!(!play.is_empty() && play.len() <= 52, "{at}");
        assert_eq!(trace.len(), play.len().min(48) + 1, "{at}");
        assert_eq!(play.iter().copied().collect::<Hand>().len(), play.len(), "{at}: repeated card");

        let declarer_side = record.declarer().side();
        let mut hands = *record.deal.hands();
        let mut player = record.leader;
        let mut trick: Vec<(Seat, Card)> = Vec::new();
        let (mut won, mut lost) = (0u8, 0u8);
        for (i, &card) in play.iter().enumerate() {
            assert_eq!(record.deal.owner(card), Some(player), "{at}: card {i} ({card}) not held by {player}");
            if let Some(&(_, lead)) = trick.first() {
                let follows = card.suit() == lead.suit() || hands[player].holding(lead.suit()).is_empty();
                assert!(follows, "{at}: card {i} ({card}) revokes");
            }
            hands[player].discard(card);
            trick.push((player, card));
            player = if trick.len() == 4 {
                let winner = trick_winner(&trick, record.strain.trump());
                if winner.side() == declarer_side {
                    won += 1;
                } else {
                    lost += 1;
                }
                trick.clear();
                winner
            } else {
                player.next()
            };
            if let [before, after] = trace.get(i..i + 2).unwrap_or_default() {
                let played_by = record.deal.owner(card).unwrap();
                if played_by.side() == declarer_side {
                    assert!(after <= before, "{at}: declarer's card {i} ({card}) raised the trace");
                } else {
                    assert!(after >= before, "{at}: defender's card {i} ({card}) lowered the trace");
                }
                assert!((won..=13 - lost).contains(after), "{at}: trace after card {i} out of bounds");
            }
        }
    }
}

fn trick_winner(trick: &[(Seat, Card)], trump: Option<Suit>) -> Seat {
    let led = trick[0].1.suit();
    let strength = |card: Card| {
        let class = if Some(card.suit()) == trump {
            2
        } else if card.suit() == led {
            1
        } else {
            0
        };
        (class, card.rank())
    };
    trick.iter().max_by_key(|(_, card)| strength(*card)).unwrap().0
}

/// DealerPar with the dealer in a side equals Par with that side bidding
/// first. Observed on every record; it follows from the two definitions.
#[test]
fn par2_agrees_with_par_for_the_dealers_side() {
    for (name, record) in txt_records() {
        let at = format!("{name}:{}", record.line);
        let par = record.par.as_ref().unwrap();
        let par2 = record.par2.as_ref().unwrap();
        let expected = match record.dealer {
            Seat::North | Seat::South => par.scores[0],
            Seat::East | Seat::West => -par.scores[1],
        };
        assert_eq!(par2.score, expected, "{at}");
        assert!(par.contracts_text[0].starts_with("NS:") && par.contracts_text[1].starts_with("EW:"), "{at}");
        assert!(!par2.contracts.is_empty(), "{at}");
    }
}

#[test]
fn gib_tables_are_plausible() {
    let records = load_gib_file("sol10.txt").unwrap();
    let deals: HashSet<Deal> = records.iter().map(|r| r.deal).collect();
    assert_eq!(deals.len(), records.len());
    for record in &records {
        for (strain, by_seat) in record.table.iter() {
            for (seat, &tricks) in by_seat.iter() {
                assert!(tricks <= 13, "sol10.txt:{}: {strain} {seat} {tricks}", record.line);
            }
        }
    }
    // The last line ends in ":54547777777732325555": NT E5 N4 W5 S4 (NS tricks).
    let last = records.last().unwrap();
    assert_eq!(last.table[Strain::NoTrump].into_array(), [4, 8, 4, 8]);
    assert_eq!(last.table[Strain::Clubs].into_array(), [5, 8, 5, 8]);
}

#[test]
fn parse_txt_reads_what_load_hand_file_reads() {
    let text = std::fs::read_to_string(dds_fixtures::hands_dir().join("list10.txt")).unwrap();
    assert_eq!(parse_txt(&text).unwrap(), load_hand_file("list10.txt").unwrap());
    // Windows line endings and missing trailing spaces read the same.
    let crlf: String = text.lines().map(|l| format!("{}\r\n", l.trim_end())).collect();
    assert_eq!(parse_txt(&crlf).unwrap(), load_hand_file("list10.txt").unwrap());
}

/// `dds_model::gib_line` writes every line of `sol10.txt` back exactly from
/// its deal and table.
#[test]
fn gib_lines_are_written_as_the_gib_file_has_them() {
    let text = std::fs::read_to_string(dds_fixtures::hands_dir().join("sol10.txt")).expect("sol10.txt reads");
    let records = dds_fixtures::load_gib_file("sol10.txt").expect("sol10.txt parses");
    let lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(records.len(), lines.len());
    for (record, line) in records.iter().zip(lines) {
        assert_eq!(dds_model::gib_line(&record.deal, &record.table), line, "line {}", record.line);
    }
}
