//! The C functions called from Rust, with structures made in Rust: every
//! entry point of `dll.h` and `ddsrs.h` on three-card endings (quick enough
//! for Miri, which runs this file: `cargo xtask miri`, docs/sanitizers.md),
//! their NULL pointers, and a solver's settings not carrying over from one
//! call to the next.
//!
//! The answers of the endings are worked out by hand in the comments; the
//! C programs of `tests/c/` check the full deals of the hand files.

#![allow(unsafe_code)]

use std::ffi::{c_char, c_int, CStr};

use ddscapi::codes::*;
use ddscapi::types::*;
use ddscapi::*;

/// A structure of zero bytes on the heap (the batch structures are tens of
/// kilobytes; all of `dll.h`'s are plain integers, characters and a bool,
/// for which zero is valid).
fn zeroed<T>() -> Box<T> {
    let layout = std::alloc::Layout::new::<T>();
    // SAFETY: `layout` is not zero-sized (only used with the structures of
    // `types`); the allocation is checked, has `T`'s layout and is owned by
    // the box, which frees it with the same layout. All zero bytes is a
    // valid value of each `#[repr(C)]` structure of `types`, whose fields
    // are integers, arrays of them and `bool`.
    unsafe {
        let p = std::alloc::alloc_zeroed(layout).cast::<T>();
        if p.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        Box::from_raw(p)
    }
}

/// Rank `r`'s bit in DDS's masks.
const fn bit(rank: u32) -> u32 {
    1 << rank
}

/// The ending of these tests: each seat holds A K Q of its own suit, North
/// spades, East hearts, South diamonds, West clubs.
///
/// At notrump the side on lead takes all three tricks (its suit); with a
/// trump suit its holder ruffs every other suit's lead. So declarer's side
/// (the leader on declarer's left) takes 3 tricks when it holds the trump
/// suit, 0 otherwise, and 0 at notrump; a table of a deal of fewer than 13
/// cards a hand gives declarer 13 less the defenders' tricks, as DDS does.
const AKQ: u32 = bit(14) | bit(13) | bit(12);
const ENDING: [[u32; 4]; 4] = [[AKQ, 0, 0, 0], [0, AKQ, 0, 0], [0, 0, AKQ, 0], [0, 0, 0, AKQ]];
const ENDING_PBN: &str = "N:AKQ... .AKQ.. ..AKQ. ...AKQ";
/// [`ENDING`]'s table: declarer's tricks by strain (S, H, D, C, NT) and
/// seat (N, E, S, W).
const ENDING_TABLE: [[c_int; 4]; 5] =
    [[13, 10, 13, 10], [10, 13, 10, 13], [13, 10, 13, 10], [10, 13, 10, 13], [10, 10, 10, 10]];

/// [`ENDING`] at notrump with North on lead.
fn ending(trump: c_int, first: c_int) -> deal {
    deal { trump, first, currentTrickSuit: [0; 3], currentTrickRank: [0; 3], remainCards: ENDING }
}

/// A C string into a fixed buffer.
fn c_text<const N: usize>(text: &str) -> [c_char; N] {
    let mut out = [0 as c_char; N];
    for (slot, b) in out.iter_mut().zip(text.bytes()) {
        *slot = b as c_char;
    }
    out
}

fn ending_pbn(trump: c_int, first: c_int) -> dealPBN {
    dealPBN { trump, first, currentTrickSuit: [0; 3], currentTrickRank: [0; 3], remainCards: c_text(ENDING_PBN) }
}

/// The text of a C buffer up to its NUL.
fn text_of(buffer: &[c_char]) -> String {
    let bytes: Vec<u8> = buffer.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
    String::from_utf8(bytes).expect("ASCII")
}

/// North leads the spades and everyone follows as they can (suit 0 S, 1 H,
/// 2 D, 3 C): SA HQ DQ CQ, SK HK DK CK, the last trick not given.
fn ending_play() -> playTraceBin {
    let mut play = playTraceBin { number: 8, suit: [0; 52], rank: [0; 52] };
    let cards = [(0, 14), (1, 12), (2, 12), (3, 12), (0, 13), (1, 13), (2, 13), (3, 13)];
    for (k, (suit, rank)) in cards.into_iter().enumerate() {
        play.suit[k] = suit;
        play.rank[k] = rank;
    }
    play
}

fn ending_play_pbn() -> playTracePBN {
    playTracePBN { number: 8, cards: c_text("SAHQDQCQSKHKDKCK") }
}

/// [`ending_play`]'s values for declarer (West, North being on lead), the
/// East-West side, which takes no trick: nine zeros (before the play and
/// after each of the eight cards).
fn check_ending_trace(what: &str, solved: &solvedPlay) {
    assert_eq!(solved.number, 9, "{what}: number");
    assert_eq!(&solved.tricks[..9], &[0; 9], "{what}: declarer's side takes no trick");
}

/// SolveBoard with mode 0 makes the calling thread's solver skip forced
/// cards; the next call on that thread (play analysis, whose positions
/// have forced cards: here every card after the lead is the only choice of
/// its seat, the three cards of a suit being equal) must still score them.
/// Found by `tests/c/stress.c`: the values came out as if the seat to play
/// a forced card took no trick.
#[test]
fn mode_0_does_not_carry_over_to_the_next_call() {
    std::thread::spawn(|| {
        let mut fut = futureTricks::default();
        // SAFETY: `fut` is writable.
        let rc = unsafe { SolveBoard(ending(4, 0), -1, 1, 0, &mut fut, 0) };
        assert_eq!((rc, fut.cards, fut.score[0]), (RETURN_NO_FAULT, 1, -2), "mode 0: the lead is forced, -2");
        let mut solved = solvedPlay { number: 0, tricks: [0; 53] };
        // SAFETY: `solved` is writable.
        let rc = unsafe { AnalysePlayBin(ending(4, 0), ending_play(), &mut solved, 0) };
        assert_eq!(rc, RETURN_NO_FAULT);
        check_ending_trace("AnalysePlayBin after SolveBoard(mode 0)", &solved);
        // And SolveBoard itself, mode 1 after mode 0.
        // SAFETY: `fut` is writable.
        let rc = unsafe { SolveBoard(ending(4, 0), -1, 1, 1, &mut fut, 0) };
        assert_eq!((rc, fut.score[0]), (RETURN_NO_FAULT, 3), "mode 1 after mode 0 searches");
    })
    .join()
    .unwrap();
}

/// The same through a handle of `ddsrs.h`, which keeps its solver from call
/// to call.
#[test]
fn mode_0_does_not_carry_over_on_a_handle() {
    let solver = dds_solver_new(1 << 20);
    assert!(!solver.is_null());
    let mut fut = futureTricks::default();
    let mut solved = solvedPlay { number: 0, tricks: [0; 53] };
    // SAFETY: a live solver used by this thread only; the structures are
    // valid.
    unsafe {
        assert_eq!(dds_solve_board(solver, &ending(4, 0), -1, 1, 0, &mut fut), RETURN_NO_FAULT);
        assert_eq!(fut.score[0], -2);
        assert_eq!(dds_analyse_play(solver, &ending(4, 0), &ending_play(), &mut solved), RETURN_NO_FAULT);
        check_ending_trace("dds_analyse_play after dds_solve_board(mode 0)", &solved);
        assert_eq!(dds_analyse_play_pbn(solver, &ending_pbn(4, 0), &ending_play_pbn(), &mut solved), RETURN_NO_FAULT);
        check_ending_trace("dds_analyse_play_pbn", &solved);
        dds_solver_free(solver);
    }
}

#[test]
fn solve_board_and_its_status_codes() {
    let mut fut = futureTricks::default();
    // SAFETY: `fut` is writable; NULL is allowed.
    unsafe {
        // Spades, West on lead: North ruffs the club lead, NS take all 3.
        assert_eq!(SolveBoard(ending(0, 3), -1, 3, 1, &mut fut, 0), RETURN_NO_FAULT);
        assert_eq!((fut.cards, fut.suit[0], fut.rank[0], fut.score[0]), (1, 3, 14, 0), "West's clubs are one group");
        assert_eq!(fut.equals[0], (bit(13) | bit(12)) as c_int, "CK and CQ equal to CA");
        assert_eq!(SolveBoardPBN(ending_pbn(0, 3), -1, 3, 1, &mut fut, 0), RETURN_NO_FAULT);
        assert_eq!((fut.cards, fut.score[0]), (1, 0));
        assert_eq!(SolveBoard(ending(4, 0), -1, 1, 1, std::ptr::null_mut(), 0), RETURN_UNKNOWN_FAULT);
        assert_eq!(SolveBoard(ending(4, 0), 14, 1, 1, &mut fut, 0), RETURN_TARGET_WRONG_HI);
        assert_eq!(SolveBoard(ending(4, 0), 4, 1, 1, &mut fut, 0), RETURN_TARGET_TOO_HIGH);
        assert_eq!(SolveBoard(ending(5, 0), -1, 1, 1, &mut fut, 0), RETURN_TRUMP_WRONG);
        assert_eq!(SolveBoard(ending(4, 0), -1, 1, 1, &mut fut, -1), RETURN_THREAD_INDEX);
        let mut bad = ending_pbn(4, 0);
        bad.remainCards = c_text("xyz");
        assert_eq!(SolveBoardPBN(bad, -1, 1, 1, &mut fut, 0), RETURN_PBN_FAULT);
        // A text of 80 characters and no NUL is read to its end: "N:A.A.A.A.A..." has an ace in a fifth suit.
        for (k, slot) in bad.remainCards.iter_mut().enumerate() {
            *slot = match k {
                0 => b'N',
                1 => b':',
                k if k % 2 == 0 => b'A',
                _ => b'.',
            } as c_char;
        }
        assert_eq!(SolveBoardPBN(bad, -1, 1, 1, &mut fut, 0), RETURN_PBN_FAULT, "more than four suits");
    }
}

#[test]
fn tables_of_an_ending() {
    let mut table = ddTableResults::default();
    // SAFETY: `table` is writable.
    unsafe {
        assert_eq!(CalcDDtable(ddTableDeal { cards: ENDING }, &mut table), RETURN_NO_FAULT);
        assert_eq!(table.resTable, ENDING_TABLE);
        table = ddTableResults::default();
        assert_eq!(CalcDDtablePBN(ddTableDealPBN { cards: c_text(ENDING_PBN) }, &mut table), RETURN_NO_FAULT);
        assert_eq!(table.resTable, ENDING_TABLE);
        assert_eq!(CalcDDtable(ddTableDeal { cards: ENDING }, std::ptr::null_mut()), RETURN_UNKNOWN_FAULT);
    }
}

#[test]
fn batches_on_the_pool() {
    SetMaxThreads(2);
    let mut deals = zeroed::<ddTableDealsPBN>();
    deals.noOfTables = 2;
    deals.deals[0].cards = c_text(ENDING_PBN);
    deals.deals[1].cards = c_text(ENDING_PBN);
    let mut filter: [c_int; 5] = [0, 1, 1, 1, 0]; // spades and notrump
    let mut res = zeroed::<ddTablesRes>();
    // SAFETY: the structures are valid; no par asked, NULL allowed.
    let rc = unsafe { CalcAllTablesPBN(&mut *deals, -1, filter.as_mut_ptr(), &mut *res, std::ptr::null_mut()) };
    assert_eq!((rc, res.noOfBoards), (RETURN_NO_FAULT, 16));
    for table in &res.results[..2] {
        assert_eq!((table.resTable[0], table.resTable[4]), (ENDING_TABLE[0], ENDING_TABLE[4]));
    }
    let mut none: [c_int; 5] = [1; 5];
    // SAFETY: as above.
    let rc = unsafe { CalcAllTablesPBN(&mut *deals, -1, none.as_mut_ptr(), &mut *res, std::ptr::null_mut()) };
    assert_eq!(rc, RETURN_NO_SUIT);

    let mut boards = zeroed::<boards>();
    boards.noOfBoards = 3;
    for k in 0..3 {
        boards.deals[k] = ending(k as c_int, 0);
        (boards.target[k], boards.solutions[k], boards.mode[k]) = (-1, 1, 1);
    }
    let mut solved = zeroed::<solvedBoards>();
    // SAFETY: the structures are valid.
    assert_eq!(unsafe { SolveAllChunksBin(&mut *boards, &mut *solved, 1) }, RETURN_NO_FAULT);
    // North leads the spades: all three tricks with spades or diamonds
    // trump, none with hearts trump (East ruffs, then cashes its hearts).
    let scores: Vec<c_int> = solved.solvedBoard[..3].iter().map(|f| f.score[0]).collect();
    assert_eq!((solved.noOfBoards, scores), (3, vec![3, 0, 3]));
    boards.target[1] = 14;
    // SAFETY: as above.
    assert_eq!(unsafe { SolveAllBoardsBin(&mut *boards, &mut *solved) }, RETURN_TARGET_WRONG_HI);
    assert_eq!((solved.solvedBoard[0].score[0], solved.solvedBoard[1].cards), (3, 0), "the others are written");

    let mut boards_pbn = zeroed::<boardsPBN>();
    boards_pbn.noOfBoards = 2;
    let mut plays = zeroed::<playTracesPBN>();
    plays.noOfBoards = 2;
    for k in 0..2 {
        boards_pbn.deals[k] = ending_pbn(4, 0);
        (boards_pbn.target[k], boards_pbn.solutions[k], boards_pbn.mode[k]) = (-1, 3, 1);
        plays.plays[k] = ending_play_pbn();
    }
    // SAFETY: as above.
    assert_eq!(unsafe { SolveAllBoards(&mut *boards_pbn, &mut *solved) }, RETURN_NO_FAULT);
    assert_eq!((solved.solvedBoard[1].cards, solved.solvedBoard[1].score[0]), (1, 3));
    let mut solved_plays = zeroed::<solvedPlays>();
    // SAFETY: as above.
    assert_eq!(unsafe { AnalyseAllPlaysPBN(&mut *boards_pbn, &mut *plays, &mut *solved_plays, 0) }, RETURN_NO_FAULT);
    for solved in &solved_plays.solved[..2] {
        check_ending_trace("AnalyseAllPlaysPBN", solved);
    }
    // SAFETY: as above.
    assert_eq!(
        unsafe { SolveAllChunksPBN(&mut *boards_pbn, &mut *solved, 0) },
        RETURN_CHUNK_SIZE,
        "chunk size checked first"
    );
    // SAFETY: NULL is allowed.
    assert_eq!(unsafe { SolveAllBoards(std::ptr::null_mut(), &mut *solved) }, RETURN_UNKNOWN_FAULT);
    SetMaxThreads(0);
}

#[test]
fn play_analysis() {
    let mut solved = solvedPlay { number: 0, tricks: [0; 53] };
    // SAFETY: `solved` is writable; NULL is allowed.
    unsafe {
        assert_eq!(AnalysePlayPBN(ending_pbn(4, 0), ending_play_pbn(), &mut solved, 0), RETURN_NO_FAULT);
        check_ending_trace("AnalysePlayPBN", &solved);
        let mut bad = ending_play();
        bad.suit[0] = 1; // North leads a heart it does not hold
        assert_eq!(AnalysePlayBin(ending(4, 0), bad, &mut solved, 0), RETURN_PLAY_FAULT);
        assert_eq!(AnalysePlayBin(ending(4, 0), ending_play(), std::ptr::null_mut(), 0), RETURN_UNKNOWN_FAULT);
    }
}

/// list10.txt's first record: its TABLE, PAR and PAR2 lines (no vulnerable,
/// North deals).
const LIST10_TABLE: [[c_int; 4]; 5] = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]];

#[test]
fn par_and_its_texts() {
    let mut table = ddTableResults { resTable: LIST10_TABLE };
    let mut par = zeroed::<parResults>();
    let mut dealer = zeroed::<parResultsDealer>();
    let mut sides = zeroed::<[parResultsDealer; 2]>();
    let mut master = zeroed::<parResultsMaster>();
    let mut sides_master = zeroed::<[parResultsMaster; 2]>();
    let mut text = [0 as c_char; 128];
    let mut sides_text = zeroed::<parTextResults>();
    // SAFETY: every pointer is to a structure (or two, for the sides) of
    // its type, or NULL.
    unsafe {
        assert_eq!(Par(&mut table, &mut *par, 0), RETURN_NO_FAULT);
        assert_eq!((text_of(&par.parScore[0]), text_of(&par.parScore[1])), ("NS -110".into(), "EW 110".into()));
        assert_eq!(text_of(&par.parContractsString[0]), "NS:EW 2S");
        assert_eq!(DealerPar(&mut table, &mut *dealer, 0, 0), RETURN_NO_FAULT);
        assert_eq!((dealer.score, dealer.number, text_of(&dealer.contracts[0])), (-110, 1, "2S-EW".into()));
        assert_eq!(SidesPar(&mut table, sides.as_mut_ptr(), 0), RETURN_NO_FAULT);
        assert_eq!((sides[0].score, sides[1].score), (-110, 110));
        assert_eq!(DealerParBin(&mut table, &mut *master, 0, 0), RETURN_NO_FAULT);
        assert_eq!(ConvertToDealerTextFormat(&mut *master, text.as_mut_ptr()), RETURN_NO_FAULT);
        assert_eq!(text_of(&text), "Par -110: EW 2S");
        assert_eq!(SidesParBin(&mut table, sides_master.as_mut_ptr(), 0), RETURN_NO_FAULT);
        assert_eq!(ConvertToSidesTextFormat(sides_master.as_mut_ptr(), &mut *sides_text), RETURN_NO_FAULT);
        assert_eq!(text_of(&sides_text.parText[0]), "Par -110: EW 2S");
        assert!(sides_text.equal);
        let mut calc_par = zeroed::<parResults>();
        let cards = ddTableDealPBN { cards: c_text(ENDING_PBN) };
        assert_eq!(CalcParPBN(cards, &mut table, 0, &mut *calc_par), RETURN_NO_FAULT);
        assert_eq!(table.resTable, ENDING_TABLE);
        assert_eq!(Par(&mut table, &mut *par, 0), RETURN_NO_FAULT);
        assert_eq!(
            (text_of(&calc_par.parScore[0]), text_of(&calc_par.parContractsString[1])),
            (text_of(&par.parScore[0]), text_of(&par.parContractsString[1])),
            "CalcParPBN is CalcDDtablePBN and Par"
        );
        // Bad input.
        table.resTable[0][0] = 14;
        assert_eq!(Par(&mut table, &mut *par, 0), RETURN_UNKNOWN_FAULT);
        assert_eq!(DealerPar(&mut table, std::ptr::null_mut(), 0, 0), RETURN_UNKNOWN_FAULT);
        master.contracts[0].seats = 9;
        assert_eq!(ConvertToDealerTextFormat(&mut *master, text.as_mut_ptr()), RETURN_UNKNOWN_FAULT);
    }
}

/// A sacrifice by one seat in the par contract's strain (the table of
/// `dds`'s test `a_same_strain_sacrifice_by_one_seat_is_written_doubled`,
/// dealer East, none vulnerable): DDS 2.9 writes "2S-E-1" and its
/// `DealerParBin` then reports East making 2S, with North-South scoring
/// +100 ("Par 100: E 2S"); ours keeps the double and the undertrick, which
/// is what the score is (2S doubled one down, not vulnerable: 100).
#[test]
fn a_same_strain_sacrifice_by_one_seat_in_the_c_forms() {
    let mut table = ddTableResults { resTable: [[8, 7, 7, 6], [6, 7, 6, 7], [8, 5, 8, 5], [6, 7, 6, 7], [7, 6, 7, 6]] };
    let mut dealer = zeroed::<parResultsDealer>();
    let mut master = zeroed::<parResultsMaster>();
    let mut text = [0 as c_char; 128];
    // SAFETY: every pointer is to a structure of its type.
    unsafe {
        assert_eq!(DealerPar(&mut table, &mut *dealer, 1, 0), RETURN_NO_FAULT);
        assert_eq!((dealer.score, dealer.number, text_of(&dealer.contracts[0])), (100, 1, "2S*-E-1".into()));
        assert_eq!(DealerParBin(&mut table, &mut *master, 1, 0), RETURN_NO_FAULT);
        let c = &master.contracts[0];
        assert_eq!((master.score, master.number), (100, 1));
        assert_eq!((c.level, c.denom, c.seats, c.underTricks, c.overTricks), (2, 1, 1, 1, 0));
        assert_eq!(ConvertToDealerTextFormat(&mut *master, text.as_mut_ptr()), RETURN_NO_FAULT);
        assert_eq!(text_of(&text), "Par 100: E 2Sx-1");
    }
}

#[test]
fn information_and_messages() {
    let mut info = zeroed::<DDSInfo>();
    let mut line = [b'x' as c_char; 80];
    // SAFETY: `info` is writable, `line` has 80 bytes; NULL is allowed.
    unsafe {
        GetDDSInfo(&mut *info);
        GetDDSInfo(std::ptr::null_mut());
        ErrorMessage(RETURN_PBN_FAULT, line.as_mut_ptr());
        ErrorMessage(RETURN_PBN_FAULT, std::ptr::null_mut());
    }
    assert_eq!((info.major, info.minor, text_of(&info.versionString)), (2, 9, "2.9.0".into()));
    assert!(info.noOfThreads >= 1);
    assert!(text_of(&info.systemString).starts_with("ddsrs "));
    assert_eq!(text_of(&line), "PBN string error");
    // SAFETY: static NUL-terminated strings.
    let (message, version) = unsafe { (CStr::from_ptr(dds_error_message(-99)), CStr::from_ptr(dds_version())) };
    assert_eq!(message.to_str(), Ok("PBN string error"));
    assert_eq!(version.to_str(), Ok(env!("CARGO_PKG_VERSION")));
    assert_eq!(SetThreading(0), RETURN_NO_FAULT);
    assert_eq!(SetThreading(1), RETURN_THREAD_MISSING);
}

#[test]
fn resources_and_free_memory() {
    std::thread::spawn(|| {
        let mut fut = futureTricks::default();
        SetResources(8, 1);
        FreeMemory();
        FreeMemory();
        // SAFETY: `fut` is writable.
        assert_eq!(unsafe { SolveBoard(ending(0, 1), -1, 1, 1, &mut fut, 0) }, RETURN_NO_FAULT);
        assert_eq!(fut.score[0], 0, "East leads a heart, North ruffs");
        FreeMemory();
        SetResources(0, 0);
    })
    .join()
    .unwrap();
}

#[test]
fn handle_api_and_null_pointers() {
    let solver = dds_solver_new(0);
    assert!(!solver.is_null());
    let mut table = ddTableResults::default();
    let mut fut = futureTricks::default();
    // SAFETY: a live solver of this thread; the structures are valid or
    // NULL.
    unsafe {
        assert_eq!(dds_calc_dd_table(solver, &ddTableDeal { cards: ENDING }, &mut table), RETURN_NO_FAULT);
        assert_eq!(table.resTable, ENDING_TABLE);
        let text = ddTableDealPBN { cards: c_text(ENDING_PBN) };
        assert_eq!(dds_calc_dd_table_pbn(solver, &text, &mut table), RETURN_NO_FAULT);
        assert_eq!(table.resTable, ENDING_TABLE);
        assert_eq!(dds_solve_board_pbn(solver, &ending_pbn(3, 0), -1, 2, 1, &mut fut), RETURN_NO_FAULT);
        assert_eq!((fut.cards, fut.score[0]), (1, 0), "North leads into West's ruffs");
        assert_eq!(dds_solve_board(std::ptr::null_mut(), &ending(4, 0), -1, 1, 1, &mut fut), RETURN_UNKNOWN_FAULT);
        assert_eq!(dds_solve_board(solver, std::ptr::null(), -1, 1, 1, &mut fut), RETURN_UNKNOWN_FAULT);
        assert_eq!(dds_calc_dd_table_pbn(solver, &text, std::ptr::null_mut()), RETURN_UNKNOWN_FAULT);
        dds_solver_free(solver);
        dds_solver_free(std::ptr::null_mut());
    }
}
