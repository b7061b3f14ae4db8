//! Play analysis against the PLAY and TRACE lines of the DDS hand files:
//! `Solver::analyse_play` and `analyse_plays` must give DDS's trace exactly.
//!
//! `list10` runs in every build; `list100` in optimised builds (`cargo
//! test --release`, as CI does) or with `DDS_SLOW_TESTS=1`.

use dds::model::{Card, Seat};
use dds::{analyse_plays, Error, Parallel, PlayFault, PlayRequest, Solver, Strain};
use dds_fixtures::{load_hand_file, slow_tests_enabled, Record};

fn requests(name: &str) -> Vec<(Record, PlayRequest)> {
    load_hand_file(name)
        .expect("fixture file reads")
        .into_iter()
        .filter_map(|r| {
            let play = r.play.clone()?;
            r.trace.as_ref()?;
            let request = PlayRequest { deal: r.deal, strain: r.strain, leader: r.leader, play };
            Some((r, request))
        })
        .collect()
}

/// Checks one analysis against its record: DDS's values exactly, and the
/// values after card 48 (the forced last trick, which DDS does not analyse)
/// equal to the value after card 48.
fn check(name: &str, record: &Record, tricks: &[u8]) {
    let trace = record.trace.as_ref().expect("filtered on traces");
    let play = record.play.as_ref().expect("filtered on plays");
    assert_eq!(tricks.len(), play.len() + 1, "{name} line {}: one value per card and one before", record.line);
    assert_eq!(&tricks[..trace.len()], &trace[..], "{name} line {}: trace", record.line);
    for &after in &tricks[trace.len()..] {
        assert_eq!(after, tricks[48], "{name} line {}: the last trick is forced", record.line);
    }
}

#[test]
fn list10_traces_sequentially() {
    let mut solver = Solver::new();
    let requests = requests("list10.txt");
    assert_eq!(requests.len(), 10);
    for (record, r) in &requests {
        let analysis = solver.analyse_play(&r.deal, r.strain, r.leader, &r.play).expect("legal play");
        assert_eq!(analysis.dds_trace(), &record.trace.as_ref().unwrap()[..]);
        check("list10", record, &analysis.tricks);
    }
}

/// Every trace of `name`, analysed in parallel.
fn check_file(name: &str, expected: usize) {
    if cfg!(debug_assertions) && !slow_tests_enabled() {
        eprintln!("skipped in debug builds: run with --release or DDS_SLOW_TESTS=1");
        return;
    }
    let requests = requests(name);
    assert_eq!(requests.len(), expected);
    let plays: Vec<PlayRequest> = requests.iter().map(|(_, r)| r.clone()).collect();
    let results = analyse_plays(&plays, &Parallel::with_threads(2));
    for ((record, _), result) in requests.iter().zip(results) {
        check(name, record, &result.expect("legal play").tricks);
    }
}

#[test]
fn list100_traces_in_parallel() {
    check_file("list100.txt", 100);
}

#[test]
fn list1000_traces_in_parallel() {
    check_file("list1000.txt", 1000);
}

#[test]
fn largest_traces_in_parallel() {
    check_file("largest.txt", 21);
}

fn cards(list: &[&str]) -> Vec<Card> {
    list.iter().map(|c| c.parse().expect("card")).collect()
}

const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

fn analyse(play: &[&str]) -> Result<Vec<u8>, Error> {
    let deal = DEAL.parse().expect("deal");
    Solver::new().analyse_play(&deal, Strain::Spades, Seat::North, &cards(play)).map(|a| a.tricks)
}

#[test]
fn illegal_cards_are_named_with_their_place() {
    // East holds the four of clubs, not North.
    let err = analyse(&["C4"]).unwrap_err();
    assert_eq!(
        err,
        Error::IllegalPlay {
            index: 0,
            card: "C4".parse().unwrap(),
            seat: Seat::North,
            fault: PlayFault::HeldBy(Seat::East)
        }
    );
    assert!(err.to_string().contains("card 1 of the play"), "{err}");
    // East holds clubs (the queen and the four) and must follow.
    let err = analyse(&["CT", "D4"]).unwrap_err();
    assert!(
        matches!(err, Error::IllegalPlay { index: 1, seat: Seat::East, fault: PlayFault::Revoke { .. }, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("revoke"), "{err}");
    // The ten of clubs again, in the second trick.
    let err = analyse(&["CT", "C4", "CA", "CJ", "CT"]).unwrap_err();
    assert!(matches!(err, Error::IllegalPlay { index: 4, fault: PlayFault::AlreadyPlayed, .. }), "{err:?}");
}

#[test]
fn the_first_value_is_the_tables_and_no_play_gives_it_alone() {
    let deal = DEAL.parse().expect("deal");
    let table = Solver::new().dd_table(&deal).expect("table");
    let tricks = analyse(&["CT"]).expect("legal");
    assert_eq!(tricks[0], table.tricks(Strain::Spades, Seat::West));
    // An empty play gives just the starting value.
    assert_eq!(analyse(&[]).expect("legal"), vec![tricks[0]]);
}

/// The line of best play, checked independently by the play analyser: every
/// card of the line keeps the value, and the tricks won along it add up to
/// the table's result.
#[test]
fn best_lines_keep_the_value_at_every_card() {
    let mut solver = Solver::new();
    let mut analyser = Solver::new();
    for record in load_hand_file("list10.txt").expect("fixture").iter().take(5) {
        let board = dds::Board::new(&record.deal, record.strain, record.leader, &[]).expect("board");
        let best = solver.best_line(&board);
        let (line, ns) = (best.cards, best.ns_tricks);
        assert_eq!(line.len(), 52);
        let declarer = record.declarer();
        let declarer_tricks = record.table.unwrap()[record.strain][declarer];
        let want_ns = if declarer.index() % 2 == 0 { declarer_tricks } else { 13 - declarer_tricks };
        assert_eq!(ns, want_ns, "line {}", record.line);
        let won_ns = line.iter().filter(|c| c.wins.is_some_and(|w| w.index() % 2 == 0)).count();
        assert_eq!(won_ns, usize::from(ns), "line {}", record.line);
        // Each card keeps its side's tricks still to come: the side's total
        // less the tricks it won before the card's trick.
        let mut won = [0u8; 2];
        for (i, c) in line.iter().enumerate() {
            let side = c.seat.index() % 2;
            let total = if side == 0 { ns } else { 13 - ns };
            assert_eq!(c.tricks, total - won[side], "line {}: card {i} ({})", record.line, c.card);
            if let Some(w) = c.wins {
                won[w.index() % 2] += 1;
            }
        }
        let cards: Vec<Card> = line.iter().map(|c| c.card).collect();
        let analysis = analyser.analyse_play(&record.deal, record.strain, record.leader, &cards).expect("legal line");
        assert!(analysis.tricks.iter().all(|&t| t == declarer_tricks), "line {}: {:?}", record.line, analysis.tricks);
    }
}

/// Best lines from random positions in the middle of the play, tricks in
/// progress included (with ruffs in them), in every strain: every card is
/// legal by the rules of play, the tricks are won as the rules say, North-
/// South take the value the line reports, that value is the position's
/// (brute force on small endings, `solve_board` otherwise), and the play
/// analyser finds no card of the line that changes the value.
#[test]
fn best_lines_from_positions_in_the_middle_of_a_trick() {
    use dds_fixtures::{legal_cards, minimax, winning_index, DealRng};
    let mut rng = DealRng::new(1016);
    let cases = if cfg!(debug_assertions) { 12 } else { 150 };
    let (mut solver, mut analyser) = (Solver::new(), Solver::new());
    let mut in_progress = 0;
    for case in 0..cases {
        let strain = Strain::ALL[case % 5];
        let start = rng.deal();
        let first_leader = rng.seat();
        let (mut deal, mut leader, mut trick) = (start, first_leader, Vec::new());
        // Between 1 and 51 cards played: 1 to 13 tricks left.
        let prefix_len = 1 + rng.below(51) as usize;
        let mut prefix = Vec::new();
        for _ in 0..prefix_len {
            let before = deal;
            rng.play(&mut deal, &mut leader, &mut trick, strain, 1);
            prefix.extend(Seat::ALL.into_iter().flat_map(|s| before[s] - deal[s]));
        }
        in_progress += usize::from(!trick.is_empty());
        let context = format!("case {case}: {deal} {strain} leader {leader} trick {trick:?}");
        let board = dds::Board::new(&deal, strain, leader, &trick).expect("a legal position");
        let best = solver.best_line(&board);
        let (line, ns) = (best.cards, best.ns_tricks);
        assert_eq!(line.len(), 52 - prefix_len, "{context}");
        // Replay by the rules.
        let (mut hands, mut at, mut cards, mut won_ns) = (deal, leader, trick.clone(), 0u8);
        for (i, c) in line.iter().enumerate() {
            let seat = at.offset(cards.len());
            assert_eq!(c.seat, seat, "{context}: card {i}");
            assert!(legal_cards(hands[seat], &cards).contains(&c.card), "{context}: card {i} {}", c.card);
            hands[seat] = hands[seat].without(c.card);
            cards.push(c.card);
            if cards.len() == 4 {
                at = at.offset(winning_index(&cards, strain));
                cards.clear();
                won_ns += u8::from(at.index() % 2 == 0);
                assert_eq!(c.wins, Some(at), "{context}: card {i}");
            } else {
                assert_eq!(c.wins, None, "{context}: card {i}");
            }
        }
        assert_eq!(won_ns, ns, "{context}");
        let tricks_left = (52 - prefix_len).div_ceil(4) as u8;
        let expected = if tricks_left <= 4 {
            minimax(deal.hands().0, leader, &mut trick.clone(), strain)
        } else {
            let best = solver.solve_board(&board, dds::Target::Max, dds::Solutions::One).expect("solvable").cards[0]
                .tricks
                .expect("searched");
            if board.to_play().index() % 2 == 0 {
                best
            } else {
                tricks_left - best
            }
        };
        assert_eq!(ns, expected, "{context}");
        let whole: Vec<Card> = prefix.iter().copied().chain(line.iter().map(|c| c.card)).collect();
        let analysis = analyser.analyse_play(&start, strain, first_leader, &whole).expect("a legal play");
        let after_prefix = analysis.tricks[prefix_len];
        assert!(analysis.tricks[prefix_len..].iter().all(|&t| t == after_prefix), "{context}: {:?}", analysis.tricks);
    }
    assert!(in_progress > cases / 2, "{in_progress} of {cases} positions have a trick in progress");
}

/// Recorded play with a revoke (`Board::after_held`, as DDS's AnalysePlay
/// takes it): the value of every position after it is the double dummy
/// value found by plain minimax, on small endings with a card of another
/// suit played although the seat could follow.
#[test]
fn revokes_in_recorded_play_are_solved_exactly() {
    use dds_fixtures::{legal_cards, minimax, DealRng};
    let mut rng = DealRng::new(0x2e70);
    let mut solver = Solver::new();
    let mut tried = 0;
    for _ in 0..400 {
        let deal = rng.partial_deal(3);
        let (strain, leader) = (rng.strain(), rng.seat());
        let lead = deal[leader].iter().nth(rng.below(3) as usize).expect("three cards");
        let second = leader.next();
        let hand = deal[second];
        if legal_cards(hand, &[lead]).len() == hand.len() {
            continue; // no revoke possible: void in the suit led
        }
        let revoke = hand.iter().find(|c| c.suit() != lead.suit()).expect("a card of another suit");
        tried += 1;
        let board = dds::Board::new(&deal, strain, leader, &[]).and_then(|b| b.after(lead)).expect("a legal lead");
        assert!(board.after(revoke).is_err(), "a revoke is not a legal card");
        let board = board.after_held(revoke).expect("a card the seat holds");
        let mut hands = deal.hands().0;
        hands[leader.index()] = hands[leader.index()].without(lead);
        hands[second.index()] = hands[second.index()].without(revoke);
        let ns = minimax(hands, leader, &mut vec![lead, revoke], strain);
        let best = solver.solve_board(&board, dds::Target::Max, dds::Solutions::One).expect("solvable").cards[0]
            .tricks
            .expect("searched");
        let to_play_ns = board.to_play().index() % 2 == 0;
        assert_eq!(if to_play_ns { best } else { 3 - best }, ns, "{deal} {strain} {leader} {lead} {revoke}");
    }
    assert!(tried > 100, "{tried} revokes tried");
}

#[test]
fn the_table_of_an_ending_agrees_with_dds_traces() {
    // After whole tricks of list10's recorded plays, DDS's trace gives
    // declarer's side's total with the next leader on lead; the ending's
    // table counts tricks from there, declarer left of the leader.
    let mut solver = Solver::new();
    for (record, request) in requests("list10.txt") {
        let trace = record.trace.as_ref().expect("filtered on traces");
        let declarer_side = request.leader.prev().side();
        let mut board = dds::Board::new(&request.deal, request.strain, request.leader, &[]).unwrap();
        let mut won = 0u8;
        for (i, &card) in request.play.iter().enumerate().take(44) {
            board = board.after(card).expect("the recorded play is legal");
            if (i + 1) % 4 != 0 {
                continue;
            }
            won += u8::from(board.leader().side() == declarer_side);
            let tricks = i / 4 + 1;
            if tricks % 3 != 2 || trace.len() <= i + 1 {
                continue;
            }
            let rest = trace[i + 1] - won;
            let table = solver.position_table(&board.remaining()).expect("an ending of equal hands");
            let row_seat = board.leader().prev();
            let left = 13 - tricks as u8;
            let want = if row_seat.side() == declarer_side { rest } else { left - rest };
            assert_eq!(table[request.strain][row_seat], want, "list10 line {} after {tricks} tricks", record.line);
        }
    }
}
