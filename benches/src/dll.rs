//! DDS 2.9's C structs (`dds/dll.h`), declared once for the bench's two
//! users of DDS's interface: the oracle (Debian's `libdds`, linked) and the
//! `capi` workload (our `libddscapi.so`, loaded by path). The bench does
//! not take `dds-capi`'s own declarations: linking that library into a
//! binary beside Debian's would let the oracle's calls resolve to our
//! functions, and the oracle would silently become ourselves.

use std::ffi::{c_char, c_int, c_uint};

/// `ddTableDeal`: a full deal as bit masks.
#[repr(C)]
#[derive(Debug)]
pub struct DdTableDeal {
    /// The cards by seat and suit, the rank `r` at bit `r`.
    pub cards: [[c_uint; 4]; 4],
}

/// `ddTableDealPBN`: a full deal as PBN text, NUL-terminated.
#[repr(C)]
#[derive(Debug)]
pub struct DdTableDealPbn {
    /// The PBN text.
    pub cards: [c_char; 80],
}

/// `ddTableResults`: tricks by strain (S, H, D, C, NT) and declarer (N, E,
/// S, W).
#[repr(C)]
#[derive(Debug)]
pub struct DdTableResults {
    /// The tricks.
    pub res_table: [[c_int; 4]; 5],
}

/// `deal`: a position with the cards held as bit masks.
#[repr(C)]
#[derive(Debug)]
pub struct DealBin {
    /// The strain (0 spades .. 4 notrump).
    pub trump: c_int,
    /// The seat that led to the current trick.
    pub first: c_int,
    /// The suits of the cards played to the current trick.
    pub current_trick_suit: [c_int; 3],
    /// Their ranks (2 .. 14), 0 where no card.
    pub current_trick_rank: [c_int; 3],
    /// The cards held, by seat and suit.
    pub remain_cards: [[c_uint; 4]; 4],
}

/// `dealPBN`: a position with the cards held as PBN text.
#[repr(C)]
#[derive(Debug)]
pub struct DealPbn {
    /// The strain (0 spades .. 4 notrump).
    pub trump: c_int,
    /// The seat that led to the current trick.
    pub first: c_int,
    /// The suits of the cards played to the current trick.
    pub current_trick_suit: [c_int; 3],
    /// Their ranks (2 .. 14), 0 where no card.
    pub current_trick_rank: [c_int; 3],
    /// The cards held, as PBN text.
    pub remain_cards: [c_char; 80],
}

/// `futureTricks`: SolveBoard's answer.
#[repr(C)]
#[derive(Clone, Copy, Default, Debug)]
pub struct FutureTricks {
    /// Search nodes.
    pub nodes: c_int,
    /// The cards listed.
    pub cards: c_int,
    /// Each card's suit.
    pub suit: [c_int; 13],
    /// Each card's rank.
    pub rank: [c_int; 13],
    /// The equivalent lower cards of each, as a rank mask.
    pub equals: [c_int; 13],
    /// Each card's score.
    pub score: [c_int; 13],
}

/// `parResultsDealer`: DealerPar's answer.
#[repr(C)]
#[derive(Debug)]
pub struct ParResultsDealer {
    /// The contracts listed.
    pub number: c_int,
    /// The par score.
    pub score: c_int,
    /// The contracts as text.
    pub contracts: [[c_char; 10]; 10],
}

/// `MAXNOOFBOARDS`: the most boards of one batch call.
pub const MAX_BOARDS: usize = 200;

/// `boards`: a batch of positions for `SolveAllBoardsBin`.
#[repr(C)]
#[derive(Debug)]
pub struct Boards {
    /// The boards used.
    pub no_of_boards: c_int,
    /// The positions.
    pub deals: [DealBin; MAX_BOARDS],
    /// Each board's target.
    pub target: [c_int; MAX_BOARDS],
    /// Each board's solutions.
    pub solutions: [c_int; MAX_BOARDS],
    /// Each board's mode.
    pub mode: [c_int; MAX_BOARDS],
}

/// `MAXNOOFTABLES`: the most full tables of one `CalcAllTables` call (with
/// all five strains).
pub const MAX_TABLES: usize = 40;

/// `ddTableDeals`: the deals of a `CalcAllTables` call.
#[repr(C)]
#[derive(Debug)]
pub struct DdTableDeals {
    /// The deals used.
    pub no_of_tables: c_int,
    /// The deals.
    pub deals: [DdTableDeal; MAX_TABLES * 5],
}

/// `ddTablesRes`: the tables of a `CalcAllTables` call.
#[repr(C)]
#[derive(Debug)]
pub struct DdTablesRes {
    /// The boards solved (tables times strains).
    pub no_of_boards: c_int,
    /// The tables, in the order of the deals.
    pub results: [DdTableResults; MAX_TABLES * 5],
}

/// `allParResults`: par of each table of a `CalcAllTables` call (unused
/// with mode -1, but DDS takes the pointer).
#[repr(C)]
#[derive(Debug)]
pub struct AllParResults {
    /// `parResults` by table: two scores of 16 bytes, two contract strings
    /// of 128.
    pub presults: [[c_char; 2 * 16 + 2 * 128]; MAX_TABLES],
}

/// `solvedBoards`: the answers of a batch.
#[repr(C)]
#[derive(Debug)]
pub struct SolvedBoards {
    /// The boards answered.
    pub no_of_boards: c_int,
    /// Each board's answer.
    pub solved_board: [FutureTricks; MAX_BOARDS],
}
