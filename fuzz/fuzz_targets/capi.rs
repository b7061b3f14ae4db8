//! DDS's C interface (`ddscapi`, the `dds-capi` crate) on random bytes read
//! as DDS's structures: never a crash, never a status code outside dll.h's
//! list, and answers in range when the status is `RETURN_NO_FAULT`.
//!
//! The entry points catch panics and answer `RETURN_UNKNOWN_FAULT` (-1),
//! which is also the answer to a NULL pointer, so a caught panic would pass
//! unseen: this target installs a panic hook that aborts on any panic, also
//! inside the entry points, so libFuzzer reports it as a crash.
//!
//! An input is a list of calls, each one byte for the function, one for
//! the form (bit 0: raw, the structure's bytes as they are in memory;
//! else compact, each number from one byte, the card masks from two; bit
//! 7 with bits 4-6 clear: a NULL output pointer), one for the thread
//! index, then the structures. To keep solving cheap, cards beyond the
//! first 20 held are cleared (PBN text is cut before its 21st card).
//! `FreeMemory` is called after the last call, so that no state passes from
//! one input to the next.
#![no_main]

use std::ffi::{c_char, c_int};
use std::ptr::null_mut;
use std::sync::Once;

use ddscapi::codes::*;
use ddscapi::types::*;
use libfuzzer_sys::fuzz_target;

/// The cards a position may hold.
const MAX_CARDS: u32 = 20;

/// Every status code of dll.h.
const CODES: &[c_int] = &[
    RETURN_NO_FAULT,
    RETURN_UNKNOWN_FAULT,
    RETURN_ZERO_CARDS,
    RETURN_TARGET_TOO_HIGH,
    RETURN_DUPLICATE_CARDS,
    RETURN_TARGET_WRONG_LO,
    RETURN_TARGET_WRONG_HI,
    RETURN_SOLNS_WRONG_LO,
    RETURN_SOLNS_WRONG_HI,
    RETURN_TOO_MANY_CARDS,
    RETURN_SUIT_OR_RANK,
    RETURN_PLAYED_CARD,
    RETURN_CARD_COUNT,
    RETURN_THREAD_INDEX,
    RETURN_MODE_WRONG_LO,
    RETURN_MODE_WRONG_HI,
    RETURN_TRUMP_WRONG,
    RETURN_FIRST_WRONG,
    RETURN_PLAY_FAULT,
    RETURN_PBN_FAULT,
    RETURN_TOO_MANY_BOARDS,
    RETURN_THREAD_CREATE,
    RETURN_THREAD_WAIT,
    RETURN_THREAD_MISSING,
    RETURN_NO_SUIT,
    RETURN_TOO_MANY_TABLES,
    RETURN_CHUNK_SIZE,
];

/// Makes every panic abort, also those the entry points catch.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The first call installs the library's own hook (quiet inside
        // entry points); ours goes on top of it.
        // SAFETY: NULL pointers are allowed.
        let _ = unsafe { ddscapi::Par(null_mut(), null_mut(), 0) };
        let inner = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            inner(info);
            eprintln!(
                "panic (inside the C interface it would be caught and answered -1): {info}\n{}",
                std::backtrace::Backtrace::force_capture()
            );
            std::process::abort();
        }));
    });
}

/// The fuzzer's bytes, read in order; zeros after the end.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let (&b, rest) = self.0.split_first().unwrap_or((&0, &[]));
        self.0 = rest;
        b
    }

    fn array<const N: usize>(&mut self) -> [u8; N] {
        std::array::from_fn(|_| self.byte())
    }

    /// A number: four bytes (raw) or one, sign-extended (compact).
    fn int(&mut self, raw: bool) -> c_int {
        if raw {
            c_int::from_le_bytes(self.array())
        } else {
            c_int::from(self.byte() as i8)
        }
    }

    /// A card mask: four bytes (raw) or two (compact: bits 0-15, the rank
    /// bits 2-14 and the bits around them).
    fn mask(&mut self, raw: bool) -> u32 {
        if raw {
            u32::from_le_bytes(self.array())
        } else {
            u32::from(u16::from_le_bytes(self.array()))
        }
    }

    /// Text: `N` bytes (raw), or a length byte and that many bytes, the
    /// rest NUL (compact).
    fn text<const N: usize>(&mut self, raw: bool) -> [c_char; N] {
        let mut out = [0 as c_char; N];
        let n = if raw { N } else { usize::from(self.byte()) % (N + 1) };
        for slot in out.iter_mut().take(n) {
            *slot = self.byte() as c_char;
        }
        out
    }

    fn masks(&mut self, raw: bool) -> [[u32; 4]; 4] {
        let mut cards = [[0; 4]; 4];
        for hand in &mut cards {
            for suit in hand.iter_mut() {
                *suit = self.mask(raw);
            }
        }
        limit_masks(&mut cards);
        cards
    }

    fn deal(&mut self, raw: bool) -> deal {
        deal {
            trump: self.int(raw),
            first: self.int(raw),
            currentTrickSuit: std::array::from_fn(|_| self.int(raw)),
            currentTrickRank: std::array::from_fn(|_| self.int(raw)),
            remainCards: self.masks(raw),
        }
    }

    fn deal_pbn(&mut self, raw: bool) -> dealPBN {
        let mut dl = dealPBN {
            trump: self.int(raw),
            first: self.int(raw),
            currentTrickSuit: std::array::from_fn(|_| self.int(raw)),
            currentTrickRank: std::array::from_fn(|_| self.int(raw)),
            remainCards: self.text(raw),
        };
        limit_text(&mut dl.remainCards);
        dl
    }

    fn table_deal_pbn(&mut self, raw: bool) -> ddTableDealPBN {
        let mut dl = ddTableDealPBN { cards: self.text(raw) };
        limit_text(&mut dl.cards);
        dl
    }

    fn play_bin(&mut self, raw: bool) -> playTraceBin {
        playTraceBin {
            number: self.int(raw),
            suit: std::array::from_fn(|_| self.int(raw)),
            rank: std::array::from_fn(|_| self.int(raw)),
        }
    }

    fn play_pbn(&mut self, raw: bool) -> playTracePBN {
        playTracePBN { number: self.int(raw), cards: self.text(raw) }
    }

    /// A table: raw numbers, or 0 to 14 (14 out of range).
    fn table(&mut self, raw: bool) -> ddTableResults {
        let mut table = ddTableResults::default();
        for row in &mut table.resTable {
            for entry in row.iter_mut() {
                *entry = if raw { self.int(true) } else { c_int::from(self.byte() % 15) };
            }
        }
        table
    }

    fn master(&mut self, raw: bool) -> parResultsMaster {
        let mut par = parResultsMaster { score: self.int(raw), number: self.int(raw), ..Default::default() };
        for c in &mut par.contracts {
            *c = contractType {
                underTricks: self.int(raw),
                overTricks: self.int(raw),
                level: self.int(raw),
                denom: self.int(raw),
                seats: self.int(raw),
            };
        }
        par
    }
}

/// Clears the rank bits after the first `MAX_CARDS` (the other bits stay,
/// for DDS's checks of them).
fn limit_masks(cards: &mut [[u32; 4]; 4]) {
    let mut count = 0;
    for mask in cards.iter_mut().flatten() {
        let ranks = *mask & 0x7ffc;
        let keep = MAX_CARDS.saturating_sub(count);
        if ranks.count_ones() > keep {
            let mut kept = 0;
            let mut left = ranks;
            for _ in 0..keep {
                let low = left & left.wrapping_neg();
                kept |= low;
                left &= !low;
            }
            *mask = (*mask & !0x7ffc) | kept;
        }
        count += (*mask & 0x7ffc).count_ones();
    }
}

/// Ends PBN text before its `MAX_CARDS + 1`-th card character.
fn limit_text(text: &mut [c_char]) {
    let mut count = 0;
    for c in text.iter_mut() {
        let b = *c as u8;
        if b == 0 {
            return;
        }
        if b"23456789TJQKAtjqka".contains(&b) {
            count += 1;
            if count > MAX_CARDS {
                *c = 0;
                return;
            }
        }
    }
}

/// The thread index: 0 mostly, else any small number.
fn thread_index(b: u8) -> c_int {
    if b < 224 {
        0
    } else {
        c_int::from(b as i8)
    }
}

fn nul_terminated(text: &[c_char]) -> bool {
    text.contains(&0)
}

fn check_status(status: c_int, what: &str) {
    assert!(CODES.contains(&status), "{what} answered {status}, not a code of dll.h");
}

fn check_future(fut: &futureTricks) {
    let n = usize::try_from(fut.cards).expect("cards >= 0");
    assert!(n <= 13, "{fut:?}");
    if n == 0 {
        assert!([-1, 0].contains(&fut.score[0]), "{fut:?}");
    }
    for i in 0..n {
        assert!((0..4).contains(&fut.suit[i]) && (2..=14).contains(&fut.rank[i]), "{fut:?}");
        assert!((-2..=13).contains(&fut.score[i]), "{fut:?}");
        assert_eq!(fut.equals[i] & !0x7ffc, 0, "{fut:?}");
    }
}

fn check_table(table: &ddTableResults) {
    assert!(table.resTable.iter().flatten().all(|t| (0..=13).contains(t)), "{table:?}");
}

fn check_play(solved: &solvedPlay) {
    assert!(solved.number <= 53, "{solved:?}");
    for t in &solved.tricks[..usize::try_from(solved.number).unwrap_or(0)] {
        assert!((0..=13).contains(t), "{solved:?}");
    }
}

fn check_dealer(res: &parResultsDealer) {
    assert!((0..=10).contains(&res.number), "{res:?}");
    assert!(res.contracts.iter().all(|c| nul_terminated(c)), "{res:?}");
}

fn check_master(res: &parResultsMaster) {
    assert!((0..=10).contains(&res.number), "{res:?}");
}

/// `ConvertToDealerTextFormat` into a heap buffer of 1 KiB (so that
/// AddressSanitizer sees a write past it).
fn dealer_text(par: &mut parResultsMaster) {
    let mut buffer: Vec<c_char> = vec![0x55; 1024];
    // SAFETY: valid pointers; 1 KiB is more than any text it writes.
    let status = unsafe { ddscapi::ConvertToDealerTextFormat(par, buffer.as_mut_ptr()) };
    check_status(status, "ConvertToDealerTextFormat");
    if status == RETURN_NO_FAULT {
        assert!(nul_terminated(&buffer), "no NUL in the text of {par:?}");
    }
}

fn sides_text(pars: &mut [parResultsMaster; 2]) {
    // SAFETY: all zero is a valid parTextResults.
    let mut out: parTextResults = unsafe { std::mem::zeroed() };
    // SAFETY: valid pointers.
    let status = unsafe { ddscapi::ConvertToSidesTextFormat(pars.as_mut_ptr(), &mut out) };
    check_status(status, "ConvertToSidesTextFormat");
    if status == RETURN_NO_FAULT {
        assert!(out.parText.iter().all(|t| nul_terminated(t)), "{out:?}");
    }
}

/// `p`, or NULL when asked.
fn out<T>(p: &mut T, null: bool) -> *mut T {
    if null {
        null_mut()
    } else {
        p
    }
}

fuzz_target!(|data: &[u8]| {
    install_panic_hook();
    let mut input = Input(data);
    // At most 8 calls an input.
    for _ in 0..8 {
        if input.0.is_empty() {
            break;
        }
        let op = input.byte();
        let form = input.byte();
        let raw = form & 1 == 1;
        let null = form & 0xf0 == 0x80;
        let thr = thread_index(input.byte());
        // SAFETY (every call): the pointers are valid or NULL, as the C
        // interface requires.
        match op % 14 {
            0 => {
                let (dl, target, solutions, mode) = (input.deal(raw), input.int(raw), input.int(raw), input.int(raw));
                let mut fut = futureTricks::default();
                let status = unsafe { ddscapi::SolveBoard(dl, target, solutions, mode, out(&mut fut, null), thr) };
                check_status(status, "SolveBoard");
                if status == RETURN_NO_FAULT {
                    check_future(&fut);
                }
            }
            1 => {
                let (dl, target, solutions, mode) =
                    (input.deal_pbn(raw), input.int(raw), input.int(raw), input.int(raw));
                let mut fut = futureTricks::default();
                let status = unsafe { ddscapi::SolveBoardPBN(dl, target, solutions, mode, out(&mut fut, null), thr) };
                check_status(status, "SolveBoardPBN");
                if status == RETURN_NO_FAULT {
                    check_future(&fut);
                }
            }
            2 => {
                let dl = ddTableDeal { cards: input.masks(raw) };
                let mut table = ddTableResults::default();
                let status = unsafe { ddscapi::CalcDDtable(dl, out(&mut table, null)) };
                check_status(status, "CalcDDtable");
                if status == RETURN_NO_FAULT {
                    check_table(&table);
                }
            }
            3 => {
                let dl = input.table_deal_pbn(raw);
                let mut table = ddTableResults::default();
                let status = unsafe { ddscapi::CalcDDtablePBN(dl, out(&mut table, null)) };
                check_status(status, "CalcDDtablePBN");
                if status == RETURN_NO_FAULT {
                    check_table(&table);
                }
            }
            4 => {
                let (dl, play) = (input.deal(raw), input.play_bin(raw));
                let mut solved = solvedPlay { number: 0, tricks: [0; 53] };
                let status = unsafe { ddscapi::AnalysePlayBin(dl, play, out(&mut solved, null), thr) };
                check_status(status, "AnalysePlayBin");
                if status == RETURN_NO_FAULT {
                    check_play(&solved);
                }
            }
            5 => {
                let (dl, play) = (input.deal_pbn(raw), input.play_pbn(raw));
                let mut solved = solvedPlay { number: 0, tricks: [0; 53] };
                let status = unsafe { ddscapi::AnalysePlayPBN(dl, play, out(&mut solved, null), thr) };
                check_status(status, "AnalysePlayPBN");
                if status == RETURN_NO_FAULT {
                    check_play(&solved);
                }
            }
            6 => {
                let (mut table, vul) = (input.table(raw), input.int(false));
                // SAFETY: all zero is a valid parResults.
                let mut res: parResults = unsafe { std::mem::zeroed() };
                let status = unsafe { ddscapi::Par(&mut table, out(&mut res, null), vul) };
                check_status(status, "Par");
                if status == RETURN_NO_FAULT {
                    assert!(res.parScore.iter().all(|t| nul_terminated(t)), "{res:?}");
                    assert!(res.parContractsString.iter().all(|t| nul_terminated(t)), "{res:?}");
                }
            }
            7 => {
                let (mut table, dealer, vul) = (input.table(raw), input.int(false), input.int(false));
                // SAFETY: all zero is a valid parResultsDealer.
                let mut res: parResultsDealer = unsafe { std::mem::zeroed() };
                let status = unsafe { ddscapi::DealerPar(&mut table, out(&mut res, null), dealer, vul) };
                check_status(status, "DealerPar");
                if status == RETURN_NO_FAULT {
                    check_dealer(&res);
                }
            }
            8 => {
                let (mut table, vul) = (input.table(raw), input.int(false));
                // SAFETY: all zero is a valid parResultsDealer.
                let mut res: [parResultsDealer; 2] = unsafe { std::mem::zeroed() };
                let status = unsafe { ddscapi::SidesPar(&mut table, out(&mut res, null).cast(), vul) };
                check_status(status, "SidesPar");
                if status == RETURN_NO_FAULT {
                    res.iter().for_each(check_dealer);
                }
            }
            9 => {
                let (mut table, dealer, vul) = (input.table(raw), input.int(false), input.int(false));
                let mut res = parResultsMaster::default();
                let status = unsafe { ddscapi::DealerParBin(&mut table, out(&mut res, null), dealer, vul) };
                check_status(status, "DealerParBin");
                if status == RETURN_NO_FAULT {
                    check_master(&res);
                    dealer_text(&mut res);
                }
            }
            10 => {
                let (mut table, vul) = (input.table(raw), input.int(false));
                let mut res = [parResultsMaster::default(); 2];
                let status = unsafe { ddscapi::SidesParBin(&mut table, out(&mut res, null).cast(), vul) };
                check_status(status, "SidesParBin");
                if status == RETURN_NO_FAULT {
                    res.iter().for_each(check_master);
                    sides_text(&mut res);
                }
            }
            11 => dealer_text(&mut input.master(raw)),
            12 => sides_text(&mut [input.master(raw), input.master(raw)]),
            _ => ddscapi::FreeMemory(),
        }
    }
    ddscapi::FreeMemory();
});
