//! Deals of one card a hand (four cards in all), where the answer is one
//! trick that anyone can work out, against a brute force written here.
//!
//! DDS 2.9's `CalcDDtablePBN` answers such a deal wrongly: it gives
//! declarer 13 less the defenders' tricks, its formula for a deal of fewer
//! than 13 cards a hand, but finds the defenders' trick only for the first
//! leader it searches (North, declarer West). For declarers North, East and
//! South it gives 13 in a fresh process and 12 once the thread has solved a
//! full deal, whoever wins the trick (every one of the 6,144 deals below has
//! a wrong value in a fresh process). The facade's `Solver::dd_table` takes
//! full deals only; the C library takes these deals as DDS does and must
//! answer every one by the same formula with the right trick, whatever the
//! thread solved before.
//!
//! The deals: each seat holds one card of a different rank, the ranks being
//! A, K, Q, J (and again T, 5, 3, 2), in any suits: 4^4 ways to choose the
//! seats' suits times 4! ways to give out the ranks, 6,144 deals a rank set.
//! They hold every one of the 840 distinct one-card deals up to the ranks'
//! values (for each seat its suit, and the order of the cards within each
//! suit that several seats hold: 4! x C(7, 3) = 840), which the test
//! counts.

#![allow(unsafe_code)]

use std::collections::HashSet;
use std::ffi::c_char;

use dds::model::{Deal, Seat};
use dds::{Board, Error, Solutions, Solver, Strain, Target};
use ddscapi::codes::RETURN_NO_FAULT;
use ddscapi::types::{ddTableDealPBN, ddTableResults};
use ddscapi::CalcDDtablePBN;

/// The two rank sets, each as (PBN character, value).
const RANK_SETS: [[(char, u8); 4]; 2] =
    [[('A', 14), ('K', 13), ('Q', 12), ('J', 11)], [('T', 10), ('5', 5), ('3', 3), ('2', 2)]];

/// One card: its suit (0 S .. 3 C) and rank (2..14).
#[derive(Copy, Clone, Debug)]
struct OneCard {
    suit: usize,
    rank: u8,
}

/// A deal of one card a hand, seats in the order N, E, S, W.
type OneCardDeal = [OneCard; 4];

/// Every deal of the module documentation for one rank set.
fn deals(ranks: &[(char, u8); 4]) -> Vec<(String, OneCardDeal)> {
    let mut out = Vec::new();
    for suits in 0..256usize {
        for order in permutations() {
            let deal: OneCardDeal =
                std::array::from_fn(|seat| OneCard { suit: (suits >> (2 * seat)) & 3, rank: ranks[order[seat]].1 });
            let chars: [char; 4] = std::array::from_fn(|seat| ranks[order[seat]].0);
            out.push((pbn(&deal, &chars), deal));
        }
    }
    out
}

/// The 24 orders of 0..4.
fn permutations() -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..i).all(|j| p[i] != p[j])) {
                        out.push(p);
                    }
                }
            }
        }
    }
    out
}

/// The deal in PBN, North first: `N:A... .K.. ..Q. ...J`.
fn pbn(deal: &OneCardDeal, chars: &[char; 4]) -> String {
    let hands: Vec<String> = (0..4)
        .map(|seat| {
            let suits: Vec<String> =
                (0..4).map(|s| if deal[seat].suit == s { chars[seat].to_string() } else { String::new() }).collect();
            suits.join(".")
        })
        .collect();
    format!("N:{}", hands.join(" "))
}

/// The deal's shape up to the ranks' values: each seat's suit and how many
/// cards of that suit are higher.
fn pattern(deal: &OneCardDeal) -> [(usize, usize); 4] {
    std::array::from_fn(|seat| {
        let c = deal[seat];
        (c.suit, deal.iter().filter(|o| o.suit == c.suit && o.rank > c.rank).count())
    })
}

/// The brute force: the seat (0 N .. 3 W) that wins the one trick when
/// `leader` leads in `strain` (0 S .. 3 C, 4 no trump): the highest trump
/// if a trump is played, else the highest card of the suit led.
fn winner(deal: &OneCardDeal, strain: usize, leader: usize) -> usize {
    let mut win = leader;
    for k in 1..4 {
        let seat = (leader + k) % 4;
        let (card, best) = (deal[seat], deal[win]);
        let beats = if card.suit == best.suit { card.rank > best.rank } else { strain < 4 && card.suit == strain };
        if beats {
            win = seat;
        }
    }
    win
}

/// The tricks (0 or 1) the leader's side takes.
fn leaders_tricks(deal: &OneCardDeal, strain: usize, leader: usize) -> u8 {
    u8::from(winner(deal, strain, leader) % 2 == leader % 2)
}

/// DDS's formula for the table of a deal of fewer than 13 cards a hand,
/// with the brute force's trick: declarer (on the leader's right) gets 13
/// less the defenders' tricks.
fn expected_table(deal: &OneCardDeal) -> [[i32; 4]; 5] {
    std::array::from_fn(|strain| {
        std::array::from_fn(|declarer| 13 - i32::from(leaders_tricks(deal, strain, (declarer + 1) % 4)))
    })
}

/// `CalcDDtablePBN` on the calling thread.
fn calc_dd_table_pbn(pbn: &str) -> [[i32; 4]; 5] {
    let mut deal = ddTableDealPBN { cards: [0; 80] };
    for (slot, b) in deal.cards.iter_mut().zip(pbn.bytes()) {
        *slot = b as c_char;
    }
    let mut table = ddTableResults::default();
    // SAFETY: `table` is writable.
    let rc = unsafe { CalcDDtablePBN(deal, &mut table) };
    assert_eq!(rc, RETURN_NO_FAULT, "{pbn}");
    table.resTable
}

/// Every deal of one rank set through `CalcDDtablePBN` against the brute
/// force; returns how many values were checked.
fn check_c_tables(ranks: &[(char, u8); 4], when: &str) -> usize {
    let mut checked = 0;
    for (pbn, deal) in deals(ranks) {
        let got = calc_dd_table_pbn(&pbn);
        assert_eq!(got, expected_table(&deal), "{pbn} ({when}): rows S H D C NT, declarers N E S W");
        checked += 20;
    }
    checked
}

#[test]
fn the_deals_hold_every_one_card_pattern() {
    for ranks in &RANK_SETS {
        let deals = deals(ranks);
        assert_eq!(deals.len(), 6144);
        let texts: HashSet<&str> = deals.iter().map(|(pbn, _)| pbn.as_str()).collect();
        assert_eq!(texts.len(), 6144, "the deals are distinct");
        let patterns: HashSet<[(usize, usize); 4]> = deals.iter().map(|(_, deal)| pattern(deal)).collect();
        assert_eq!(patterns.len(), 840, "4! x C(7, 3) one-card patterns");
    }
    // The brute force on deals worked out by hand: North's spade ace,
    // East's heart king, South's diamond queen, West's club jack.
    let deal = deals(&RANK_SETS[0]).into_iter().find(|(pbn, _)| pbn == "N:A... .K.. ..Q. ...J").expect("in the set").1;
    // At notrump the leader wins; in spades North wins whoever leads.
    assert_eq!((0..4).map(|leader| winner(&deal, 4, leader)).collect::<Vec<_>>(), [0, 1, 2, 3]);
    assert_eq!((0..4).map(|leader| winner(&deal, 0, leader)).collect::<Vec<_>>(), [0, 0, 0, 0]);
    // Declarer East in spades: South leads the diamond queen and North
    // trumps it, the defenders' trick, so 12 by DDS's formula; declarer
    // North: East leads, North trumps, 13.
    assert_eq!(expected_table(&deal)[0], [13, 12, 13, 12]);
    assert_eq!(expected_table(&deal)[4], [12, 12, 12, 12]);
    // Four spades: the ace wins whoever leads, in every strain.
    let deal = deals(&RANK_SETS[0]).into_iter().find(|(pbn, _)| pbn == "N:A... K... Q... J...").expect("in the set").1;
    assert!((0..5).all(|strain| (0..4).all(|leader| winner(&deal, strain, leader) == 0)));
    assert_eq!(expected_table(&deal)[4], [13, 12, 13, 12]);
}

/// The C library's `CalcDDtablePBN` on a fresh thread, and again on a
/// thread that has just solved a full deal (DDS's answers change then).
#[test]
fn calc_dd_table_pbn_equals_the_brute_force() {
    let fresh = std::thread::spawn(|| RANK_SETS.iter().map(|r| check_c_tables(r, "fresh thread")).sum::<usize>());
    assert_eq!(fresh.join().expect("no failure"), 2 * 6144 * 20);
    let after_full = std::thread::spawn(|| {
        let full = calc_dd_table_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
        assert_eq!(full[0], [5, 8, 5, 8], "the full deal's spades");
        let mut checked = 0;
        for (pbn, deal) in deals(&RANK_SETS[0]).into_iter().step_by(1024) {
            // A full deal before each one-card deal, on the same thread.
            calc_dd_table_pbn("N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3");
            assert_eq!(calc_dd_table_pbn(&pbn), expected_table(&deal), "{pbn} after a full deal");
            checked += 1;
        }
        checked
    });
    assert_eq!(after_full.join().expect("no failure"), 6);
}

/// The facade: `Solver::dd_table` refuses a deal that is not full, and
/// `solve_board` from each leader gives the leader's side the brute force's
/// trick, on one solver kept across all the deals.
#[test]
fn the_facade_refuses_the_table_and_solves_each_lead() {
    let mut solver = Solver::new();
    for ranks in &RANK_SETS {
        for (pbn, deal) in deals(ranks) {
            let remaining = Deal::from_pbn_remaining(&pbn).expect("a one-card deal reads");
            assert_eq!(solver.dd_table(&remaining), Err(Error::NotFullDeal), "{pbn}");
            for strain in Strain::ALL {
                // Strain indices in DDS's order: S, H, D, C, NT.
                let strain_index = strain.index();
                for leader in Seat::ALL {
                    let board = Board::new(&remaining, strain, leader, &[]).expect("a valid position");
                    let best = solver.solve_board(&board, Target::Max, Solutions::One).expect("solves");
                    let tricks = best.cards.first().and_then(|c| c.tricks);
                    assert_eq!(
                        tricks,
                        Some(leaders_tricks(&deal, strain_index, leader.index())),
                        "{pbn}, {strain:?}, {leader:?} leads"
                    );
                }
            }
        }
    }
}
