//! The differential target: small positions (1 to 4 cards a hand, any
//! strain and leader, 0 to 3 cards played to the trick) solved by the
//! solver and by the brute-force `dds_fixtures::minimax`.
//!
//! Checked: `Board::new` accepts exactly the valid positions (a rule
//! written out here, independently) and never panics; the board's
//! accessors; `solve_board` with every `Target` and `Solutions` (every
//! card's score, the cards listed, their equivalent cards); `best_line`
//! (its value, every card legal and keeping the value, the tricks of each
//! card); `analyse_play` of a random play (every value, and the error of an
//! illegal card) and of the best line (constant); skip-forced mode.
//!
//! Input layout: byte 0 the strain, leader and cards played; byte 1 the
//! hand size; byte 2 a change that may make the position invalid; then
//! the cards and the play, one byte each (a missing byte reads as 0).
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;

use dds::model::{BySeat, Card, Deal, Hand, Seat, Side, Strain};
use dds::{Board, Error, PlayFault, Solutions, Solver, Target};
use dds_fixtures::{legal_cards, minimax, winning_index};
use libfuzzer_sys::fuzz_target;

/// Cards a hand holds at the start of the trick, by byte 1: at most 4 (16
/// cards: the brute force visits at most 4!^4 = 331,776 leaves; 5 cards a
/// hand is up to 207 million, tens of seconds under the sanitizer).
const SIZES: [usize; 16] = [1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 3];

/// The fuzzer's bytes, read one at a time; 0 after the end.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn next(&mut self) -> usize {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        usize::from(b)
    }
}

fuzz_target!(|data: &[u8]| {
    MEMO.with(|memo| memo.borrow_mut().clear());
    let mut bytes = Bytes(data);
    let b0 = bytes.next();
    let strain = Strain::ALL[b0 % 5];
    let leader = Seat::ALL[(b0 / 5) % 4];
    let played = (b0 / 20) % 4;
    let size = SIZES[bytes.next() % SIZES.len()];
    let change = bytes.next();

    // Deal `size` cards to each seat, then play `played` legal cards.
    let mut pool: Vec<Card> = Card::all().collect();
    let mut start = [Hand::EMPTY; 4];
    for i in 0..4 * size {
        let k = bytes.next() % pool.len();
        start[i % 4].add(pool.swap_remove(k));
    }
    let mut held = start;
    let mut trick: Vec<Card> = Vec::new();
    for i in 0..played {
        let seat = leader.offset(i).index();
        let legal = legal_cards(held[seat], &trick);
        let card = legal[bytes.next() % legal.len()];
        held[seat].discard(card);
        trick.push(card);
    }

    // One time in eight, a change that may break the rules.
    let changed = change < 32;
    if changed {
        let any = |b: usize| Card::all().nth(b % 52).expect("52 cards");
        match change % 6 {
            0 => {
                let card = any(bytes.next());
                held[bytes.next() % 4].add(card);
            }
            1 => {
                let seat = bytes.next() % 4;
                if let Some(card) = held[seat].iter().next() {
                    held[seat].discard(card);
                }
            }
            2 => {
                if let Some(&card) = trick.first() {
                    held[leader.index()].add(card);
                }
            }
            3 => {
                if let Some(last) = trick.last_mut() {
                    *last = any(bytes.next());
                }
            }
            4 => {
                let seat = leader.offset(trick.len()).index();
                if let Some(card) = start[seat].iter().nth(bytes.next() % start[seat].len().max(1)) {
                    trick.push(card);
                    held[seat].discard(card);
                }
            }
            _ => trick.push(any(bytes.next())),
        }
    }

    let remaining = Deal::new(BySeat(held));
    let valid = is_valid(&held, leader, &trick);
    let board = match Board::new(&remaining, strain, leader, &trick) {
        Ok(board) => board,
        Err(e) => {
            let _ = e.to_string();
            assert!(!valid, "Board::new refuses a valid position ({e}): {remaining} {strain:?} {leader:?} {trick:?}");
            return;
        }
    };
    assert!(valid, "Board::new accepts an invalid position: {remaining} {strain:?} {leader:?} {trick:?}");
    assert!(changed || valid);

    let p = Pos { hands: held, leader, trick: trick.clone(), strain };
    check_board(&board, &p);
    let mut solver = Solver::new();
    check_solve_board(&mut solver, &board, &p);
    check_skip_forced(&board, &p);
    let line = check_best_line(&mut solver, &board, &p);
    check_analyse_play(&mut solver, &p, &line, &mut bytes);
});

/// A position's key: the hands' bits, the leader, the trick and the strain.
type Key = ([u64; 4], Seat, Vec<Card>, Strain);

thread_local! {
    /// The brute force's answers for the input being run.
    static MEMO: RefCell<HashMap<Key, u8>> = RefCell::new(HashMap::new());
}

/// A position of play: what each seat holds, the leader and the cards
/// played to the current trick.
#[derive(Clone, Debug)]
struct Pos {
    hands: [Hand; 4],
    leader: Seat,
    trick: Vec<Card>,
    strain: Strain,
}

impl Pos {
    fn to_play(&self) -> Seat {
        self.leader.offset(self.trick.len())
    }

    /// The tricks left, the current one included.
    fn tricks_left(&self) -> u8 {
        let cards: usize = self.hands.iter().map(|h| h.len()).sum::<usize>() + self.trick.len();
        (cards / 4) as u8
    }

    fn legal(&self) -> Vec<Card> {
        legal_cards(self.hands[self.to_play().index()], &self.trick)
    }

    /// North-South's tricks from here, the current trick included, by
    /// brute force (remembered for the rest of the input: the checks ask
    /// for the same positions several times).
    fn ns_value(&self) -> u8 {
        let key = (self.hands.map(Hand::bits), self.leader, self.trick.clone(), self.strain);
        if let Some(&value) = MEMO.with(|memo| memo.borrow().get(&key).copied()).as_ref() {
            return value;
        }
        let value = minimax(self.hands, self.leader, &mut self.trick.clone(), self.strain);
        MEMO.with(|memo| memo.borrow_mut().insert(key, value));
        value
    }

    /// The position after `card`, and whether its trick went to North-South
    /// (`None` when the trick is not over).
    fn after(&self, card: Card) -> (Pos, Option<Seat>) {
        let seat = self.to_play();
        let mut next = self.clone();
        next.hands[seat.index()].discard(card);
        next.trick.push(card);
        if next.trick.len() < 4 {
            return (next, None);
        }
        let winner = self.leader.offset(winning_index(&next.trick, self.strain));
        next.trick.clear();
        next.leader = winner;
        (next, Some(winner))
    }

    /// North-South's tricks after `card`, its trick included.
    fn ns_after(&self, card: Card) -> u8 {
        let (next, winner) = self.after(card);
        u8::from(winner.is_some_and(|w| w.side() == Side::NorthSouth)) + next.ns_value()
    }
}

/// North-South's tricks as tricks of `side`.
fn for_side(ns: u8, side: Side, left: u8) -> u8 {
    if side == Side::NorthSouth {
        ns
    } else {
        left - ns
    }
}

/// The rules of a valid position, written out independently of
/// `Position::new`: at most three cards played, no card twice (held or
/// played), at most 13 cards a hand, every hand of one size at the start of
/// the trick, some card left, and the trick's cards following suit when
/// their players still hold the suit led.
fn is_valid(held: &[Hand; 4], leader: Seat, trick: &[Card]) -> bool {
    if trick.len() > 3 {
        return false;
    }
    let mut seen = Hand::EMPTY;
    for card in held.iter().flat_map(|h| h.iter()).chain(trick.iter().copied()) {
        if !seen.insert(card) {
            return false;
        }
    }
    if held.iter().any(|h| h.len() > 13) {
        return false;
    }
    let mut start = *held;
    for (i, &card) in trick.iter().enumerate() {
        start[leader.offset(i).index()].add(card);
    }
    if start.iter().any(|h| h.len() != start[0].len()) || start[0].is_empty() {
        return false;
    }
    let Some(lead) = trick.first() else { return true };
    trick
        .iter()
        .enumerate()
        .skip(1)
        .all(|(i, card)| card.suit() == lead.suit() || held[leader.offset(i).index()].holding(lead.suit()).is_empty())
}

fn check_board(board: &Board, p: &Pos) {
    assert_eq!(board.strain(), p.strain);
    assert_eq!(board.leader(), p.leader);
    assert_eq!(board.to_play(), p.to_play());
    assert_eq!(board.played(), p.trick);
    assert_eq!(board.tricks_left(), p.tricks_left());
    assert_eq!(board.remaining(), Deal::new(BySeat(p.hands)));
    let legal: Hand = p.legal().into_iter().collect();
    assert_eq!(board.legal_cards(), legal, "legal cards of {p:?}");
    let winning = (!p.trick.is_empty()).then(|| p.leader.offset(winning_index(&p.trick, p.strain)));
    assert_eq!(board.winning(), winning, "{p:?}");
    let mut start = p.hands;
    for (i, &card) in p.trick.iter().enumerate() {
        start[p.leader.offset(i).index()].add(card);
    }
    assert_eq!(board.trick_start_hands().0, start);
    for seat in Seat::ALL {
        assert_eq!(board.hand(seat), p.hands[seat.index()]);
    }
    // Every legal card leads to a valid board; an illegal one is refused.
    for card in Card::all() {
        let result = board.after(card);
        assert_eq!(result.is_ok(), legal.contains(card), "after({card}) in {p:?}: {result:?}");
    }
}

/// The score of every legal card for the side to play, by brute force.
fn reference_scores(p: &Pos) -> Vec<(Card, u8)> {
    let side = p.to_play().side();
    let left = p.tricks_left();
    let mut scores: Vec<(Card, u8)> = p.legal().into_iter().map(|c| (c, for_side(p.ns_after(c), side, left))).collect();
    scores.sort_by_key(|&(c, _)| c.bit());
    scores
}

/// The cards listed with their equivalent cards, each with its score, in
/// card order.
fn expand(solution: &dds::Solution, p: &Pos) -> Vec<(Card, Option<u8>)> {
    let hand = p.hands[p.to_play().index()];
    let mut out = Vec::new();
    let mut seen = Hand::EMPTY;
    for scored in &solution.cards {
        assert!(hand.is_superset(scored.equals), "equals {} outside the hand in {p:?}", scored.equals);
        assert!(!scored.equals.contains(scored.card));
        for card in std::iter::once(scored.card).chain(scored.equals.iter()) {
            assert!(hand.contains(card), "{card} not held in {p:?}");
            assert!(seen.insert(card), "{card} listed twice in {p:?}: {solution:?}");
            out.push((card, scored.tricks));
        }
    }
    out.sort_by_key(|&(c, _)| c.bit());
    out
}

fn check_solve_board(solver: &mut Solver, board: &Board, p: &Pos) {
    let scores = reference_scores(p);
    let left = p.tricks_left();
    let best = scores.iter().map(|&(_, s)| s).max().expect("a legal card");
    let value = for_side(p.ns_value(), p.to_play().side(), left);
    assert_eq!(best, value, "the brute force disagrees with itself in {p:?}");
    let all_scored: Vec<(Card, Option<u8>)> = scores.iter().map(|&(c, s)| (c, Some(s))).collect();
    let context = |target: Target, solutions: Solutions| format!("{target:?} {solutions:?} in {p:?}");

    // Every card with its score (DDS's solutions 3), any target.
    let mut targets = vec![Target::Max, Target::LegalCards];
    targets.extend((0..=left).map(Target::AtLeast));
    for target in targets {
        for solutions in [Solutions::One, Solutions::AllOptimal, Solutions::All] {
            let solution = solver
                .solve_board(board, target, solutions)
                .unwrap_or_else(|e| panic!("{e} for {}", context(target, solutions)));
            let listed = expand(&solution, p);
            let cx = context(target, solutions);
            for w in solution.cards.windows(2) {
                if solutions == Solutions::All {
                    assert!(w[0].tricks >= w[1].tricks, "not sorted: {solution:?} for {cx}");
                }
            }
            if target == Target::LegalCards {
                assert!(solution.cards.iter().all(|c| c.tricks.is_none()), "{cx}");
                if solutions == Solutions::One {
                    assert_eq!(solution.cards.len(), 1, "{cx}");
                } else {
                    let cards: Vec<Card> = listed.iter().map(|&(c, _)| c).collect();
                    let mut legal = p.legal();
                    legal.sort_by_key(|c| c.bit());
                    assert_eq!(cards, legal, "{cx}");
                }
                continue;
            }
            if left == 1 {
                // The last trick: its one card with the real score (0 for
                // target 0 with one or all optimal solutions).
                let zero = target == Target::AtLeast(0) && solutions != Solutions::All;
                let want: Vec<(Card, Option<u8>)> =
                    scores.iter().map(|&(c, s)| (c, Some(if zero { 0 } else { s }))).collect();
                assert_eq!(listed, want, "{cx}");
                continue;
            }
            match (target, solutions) {
                (_, Solutions::All) => assert_eq!(listed, all_scored, "{cx}"),
                (Target::Max, Solutions::One) => {
                    assert_eq!(solution.cards.len(), 1, "{cx}");
                    let card = solution.cards[0].card;
                    assert_eq!(solution.cards[0].tricks, Some(best), "{cx}");
                    assert_eq!(score_of(&scores, card), best, "{card} listed for {cx}");
                }
                (Target::Max, Solutions::AllOptimal) => {
                    let want: Vec<(Card, Option<u8>)> =
                        scores.iter().filter(|&&(_, s)| s == best).map(|&(c, _)| (c, Some(best))).collect();
                    assert_eq!(listed, want, "{cx}");
                }
                (Target::AtLeast(t), Solutions::One) => {
                    if t <= best {
                        assert_eq!(solution.cards.len(), 1, "{cx}");
                        assert_eq!(solution.cards[0].tricks, Some(t), "{cx}");
                        let card = solution.cards[0].card;
                        assert!(score_of(&scores, card) >= t, "{card} listed for {cx}");
                    } else {
                        assert!(solution.cards.is_empty(), "{cx}: {solution:?}");
                    }
                }
                (Target::AtLeast(t), Solutions::AllOptimal) => {
                    let want: Vec<(Card, Option<u8>)> =
                        scores.iter().filter(|&&(_, s)| s >= t).map(|&(c, _)| (c, Some(t))).collect();
                    assert_eq!(listed, want, "{cx}");
                }
                (Target::LegalCards, _) => unreachable!(),
            }
            if solutions == Solutions::All {
                let groups = solution.cards.len();
                assert_eq!(solution.forced, groups == 1, "{cx}");
            }
        }
    }
    let too_high = left + 1;
    assert_eq!(
        solver.solve_board(board, Target::AtLeast(too_high), Solutions::One),
        Err(Error::TargetTooHigh { target: too_high, tricks_left: left })
    );
}

fn score_of(scores: &[(Card, u8)], card: Card) -> u8 {
    scores.iter().find(|&&(c, _)| c == card).map(|&(_, s)| s).expect("a legal card")
}

/// DDS's mode 0: a forced card is answered without a search.
fn check_skip_forced(board: &Board, p: &Pos) {
    let mut solver = Solver::new();
    let all = solver.solve_board(board, Target::Max, Solutions::All).expect("a valid board");
    solver.set_skip_forced(true);
    let one = solver.solve_board(board, Target::Max, Solutions::One).expect("a valid board");
    let best = all.cards[0].tricks;
    assert_eq!(one.forced, all.forced, "{p:?}");
    if all.forced && p.tricks_left() > 1 {
        assert_eq!((one.cards.len(), one.cards[0].tricks, one.nodes), (1, None, 0), "{p:?}");
    } else {
        assert_eq!(one.cards[0].tricks, best, "{p:?}");
    }
}

/// The best line: legal, keeping the value card after card, each card's
/// tricks right. Returns its cards.
fn check_best_line(solver: &mut Solver, board: &Board, p: &Pos) -> Vec<Card> {
    let line = solver.best_line(board);
    let value = p.ns_value();
    assert_eq!(line.ns_tricks, value, "best_line's value in {p:?}");
    let mut pos = p.clone();
    let mut ns_won = 0;
    let held: usize = p.hands.iter().map(|h| h.len()).sum();
    assert_eq!(line.cards.len(), held, "the line plays every card: {line:?} from {p:?}");
    for (k, lc) in line.cards.iter().enumerate() {
        let seat = pos.to_play();
        assert_eq!(lc.seat, seat, "card {k} of {line:?} from {p:?}");
        assert!(pos.legal().contains(&lc.card), "card {k} ({}) of the line is illegal: {line:?} from {p:?}", lc.card);
        let left = pos.tricks_left();
        let before = pos.ns_value();
        assert_eq!(lc.tricks, for_side(before, seat.side(), left), "tricks of card {k} of {line:?} from {p:?}");
        let (next, winner) = pos.after(lc.card);
        assert_eq!(lc.wins, winner, "winner at card {k} of {line:?} from {p:?}");
        ns_won += u8::from(winner.is_some_and(|w| w.side() == Side::NorthSouth));
        pos = next;
        assert_eq!(ns_won + pos.ns_value(), value, "card {k} ({}) loses the value: {line:?} from {p:?}", lc.card);
    }
    assert_eq!(ns_won, value, "{line:?} from {p:?}");
    line.cards.iter().map(|c| c.card).collect()
}

/// `analyse_play` from the start of the trick: of a random play (maybe
/// ending in an illegal card) and of the best line.
fn check_analyse_play(solver: &mut Solver, p: &Pos, line: &[Card], bytes: &mut Bytes<'_>) {
    let mut start = p.hands;
    for (i, &card) in p.trick.iter().enumerate() {
        start[p.leader.offset(i).index()].add(card);
    }
    let deal = Deal::new(BySeat(start));
    let first = Pos { hands: start, leader: p.leader, trick: Vec::new(), strain: p.strain };
    let declarer = p.leader.prev().side();

    // The values along a play, by brute force; `None` from the first
    // illegal card on.
    let reference = |play: &[Card]| -> (Vec<u8>, Option<(usize, Pos)>) {
        let mut pos = first.clone();
        let mut won = 0;
        let mut values = vec![for_side(pos.ns_value(), declarer, pos.tricks_left())];
        for (k, &card) in play.iter().enumerate() {
            if !pos.legal().contains(&card) {
                return (values, Some((k, pos)));
            }
            let (next, winner) = pos.after(card);
            won += u8::from(winner.is_some_and(|w| w.side() == declarer));
            pos = next;
            values.push(won + for_side(pos.ns_value(), declarer, pos.tricks_left()));
        }
        (values, None)
    };

    // The trick so far and the best line from there: the value holds from
    // the position on.
    let best: Vec<Card> = p.trick.iter().chain(line).copied().collect();
    let analysis = solver.analyse_play(&deal, p.strain, p.leader, &best).expect("a legal play");
    let (want, illegal) = reference(&best);
    assert!(illegal.is_none());
    assert_eq!(analysis.tricks, want, "analyse_play of the best line {best:?} from {first:?}");
    let tail = &analysis.tricks[p.trick.len()..];
    assert!(tail.iter().all(|&t| t == tail[0]), "the best line's analysis varies: {:?}", analysis.tricks);

    // A random play, legal except perhaps its last card.
    let mut play = p.trick.clone();
    let mut pos = p.clone();
    let cards = bytes.next() % (line.len() + 1);
    for _ in 0..cards {
        let legal = pos.legal();
        let card = legal[bytes.next() % legal.len()];
        play.push(card);
        pos = pos.after(card).0;
    }
    let wrong = bytes.next();
    if wrong < 64 {
        play.push(Card::all().nth(wrong % 52).expect("52 cards"));
    }
    let (want, illegal) = reference(&play);
    let result = solver.analyse_play(&deal, p.strain, p.leader, &play);
    match illegal {
        None => assert_eq!(result.map(|a| a.tricks), Ok(want), "analyse_play of {play:?} from {first:?}"),
        Some((index, at)) => {
            let card = play[index];
            let seat = at.to_play();
            let fault = if at.hands[seat.index()].contains(card) {
                PlayFault::Revoke { led: at.trick[0].suit() }
            } else {
                match Seat::ALL.into_iter().find(|s| at.hands[s.index()].contains(card)) {
                    Some(holder) => PlayFault::HeldBy(holder),
                    None => PlayFault::AlreadyPlayed,
                }
            };
            let want_err = Error::IllegalPlay { index, card, seat, fault };
            assert_eq!(result, Err(want_err), "analyse_play of {play:?} from {first:?}");
        }
    }
}
