//! The structures of DDS 2.9's `dll.h`, field for field (`#[repr(C)]`):
//! the tests compare their sizes and field offsets with C's `sizeof` and
//! `offsetof` on DDS's own header.

#![allow(non_snake_case)]

use std::ffi::{c_char, c_int, c_uint};

/// `DDS_HANDS`: the seats, North, East, South, West.
pub const DDS_HANDS: usize = 4;
/// `DDS_SUITS`: the suits, spades, hearts, diamonds, clubs.
pub const DDS_SUITS: usize = 4;
/// `DDS_STRAINS`: the suits and notrump.
pub const DDS_STRAINS: usize = 5;
/// `MAXNOOFBOARDS`: the room in the batch structures.
pub const MAXNOOFBOARDS: usize = 200;
/// `MAXNOOFTABLES`: the deals `CalcAllTables` takes with every strain.
pub const MAXNOOFTABLES: usize = 40;

/// `struct futureTricks`: SolveBoard's answer.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct futureTricks {
    /// Search nodes.
    pub nodes: c_int,
    /// Cards listed.
    pub cards: c_int,
    /// Their suits (0 spades .. 3 clubs).
    pub suit: [c_int; 13],
    /// Their ranks (2 .. 14).
    pub rank: [c_int; 13],
    /// The equivalent lower cards of each, rank `r` at bit `r`.
    pub equals: [c_int; 13],
    /// Tricks for the side to play (-1, -2: see DDS's documentation).
    pub score: [c_int; 13],
}

/// `struct deal`: a position, cards as bit masks.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct deal {
    /// The strain: 0 spades .. 3 clubs, 4 notrump.
    pub trump: c_int,
    /// The seat that led to the current trick: 0 North .. 3 West.
    pub first: c_int,
    /// The suits of the cards played to the current trick.
    pub currentTrickSuit: [c_int; 3],
    /// Their ranks (2 .. 14; 0 for none).
    pub currentTrickRank: [c_int; 3],
    /// The cards held by seat and suit, rank `r` at bit `r`.
    pub remainCards: [[c_uint; DDS_SUITS]; DDS_HANDS],
}

/// `struct dealPBN`: a position, the cards held as PBN text.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct dealPBN {
    /// As in [`deal`].
    pub trump: c_int,
    /// As in [`deal`].
    pub first: c_int,
    /// As in [`deal`].
    pub currentTrickSuit: [c_int; 3],
    /// As in [`deal`].
    pub currentTrickRank: [c_int; 3],
    /// The cards held, `N:...` (NUL-terminated).
    pub remainCards: [c_char; 80],
}

/// `struct boards`: positions for `SolveAllChunksBin`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct boards {
    /// The positions given.
    pub noOfBoards: c_int,
    /// The positions.
    pub deals: [deal; MAXNOOFBOARDS],
    /// Each position's `target`.
    pub target: [c_int; MAXNOOFBOARDS],
    /// Each position's `solutions`.
    pub solutions: [c_int; MAXNOOFBOARDS],
    /// Each position's `mode`.
    pub mode: [c_int; MAXNOOFBOARDS],
}

/// `struct boardsPBN`: positions as PBN text.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct boardsPBN {
    /// The positions given.
    pub noOfBoards: c_int,
    /// The positions.
    pub deals: [dealPBN; MAXNOOFBOARDS],
    /// Each position's `target`.
    pub target: [c_int; MAXNOOFBOARDS],
    /// Each position's `solutions`.
    pub solutions: [c_int; MAXNOOFBOARDS],
    /// Each position's `mode`.
    pub mode: [c_int; MAXNOOFBOARDS],
}

/// `struct solvedBoards`: the answers of a batch.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct solvedBoards {
    /// The answers given.
    pub noOfBoards: c_int,
    /// The answers, in the order of the positions.
    pub solvedBoard: [futureTricks; MAXNOOFBOARDS],
}

/// `struct ddTableDeal`: a full deal as bit masks.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ddTableDeal {
    /// The cards by seat and suit, rank `r` at bit `r`.
    pub cards: [[c_uint; DDS_SUITS]; DDS_HANDS],
}

/// `struct ddTableDeals`: deals for `CalcAllTables`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ddTableDeals {
    /// The deals given.
    pub noOfTables: c_int,
    /// The deals.
    pub deals: [ddTableDeal; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct ddTableDealPBN`: a full deal as PBN text.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ddTableDealPBN {
    /// `N:...` (NUL-terminated).
    pub cards: [c_char; 80],
}

/// `struct ddTableDealsPBN`: deals as PBN text for `CalcAllTablesPBN`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ddTableDealsPBN {
    /// The deals given.
    pub noOfTables: c_int,
    /// The deals.
    pub deals: [ddTableDealPBN; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct ddTableResults`: a double dummy table.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct ddTableResults {
    /// Declarer's tricks by strain (S, H, D, C, NT) and declarer (N, E, S,
    /// W).
    pub resTable: [[c_int; DDS_HANDS]; DDS_STRAINS],
}

/// `struct ddTablesRes`: the tables of a batch.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct ddTablesRes {
    /// The tables' count as DDS reports it (deals times strains asked).
    pub noOfBoards: c_int,
    /// The tables, in the order of the deals.
    pub results: [ddTableResults; MAXNOOFTABLES * DDS_STRAINS],
}

/// `struct parResults`: `Par`'s text answer, North-South's view first.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct parResults {
    /// `"NS -110"`, `"EW 110"`.
    pub parScore: [[c_char; 16]; 2],
    /// `"NS:EW 2S"`, `"EW:EW 2S"`.
    pub parContractsString: [[c_char; 128]; 2],
}

/// `struct allParResults`: the par of each deal of `CalcAllTables`.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct allParResults {
    /// One per deal.
    pub presults: [parResults; MAXNOOFTABLES],
}

/// `struct parResultsDealer`: `DealerPar`'s and `SidesPar`'s answer.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct parResultsDealer {
    /// Contracts given.
    pub number: c_int,
    /// North-South's par score.
    pub score: c_int,
    /// `"4S*-EW-1"`, ... (NUL-terminated).
    pub contracts: [[c_char; 10]; 10],
}

/// `struct contractType`: one par contract in numbers.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct contractType {
    /// 0 for a made contract, 1-13 for a sacrifice's undertricks.
    pub underTricks: c_int,
    /// Overtricks, 0-3.
    pub overTricks: c_int,
    /// 1-7.
    pub level: c_int,
    /// 0 notrump, 1 spades, 2 hearts, 3 diamonds, 4 clubs.
    pub denom: c_int,
    /// 0 N, 1 E, 2 S, 3 W, 4 NS, 5 EW.
    pub seats: c_int,
}

/// `struct parResultsMaster`: par in numbers.
#[repr(C)]
#[derive(Copy, Clone, Debug, Default)]
pub struct parResultsMaster {
    /// North-South's score.
    pub score: c_int,
    /// Contracts given.
    pub number: c_int,
    /// The contracts.
    pub contracts: [contractType; 10],
}

/// `struct parTextResults`: `ConvertToSidesTextFormat`'s answer.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct parTextResults {
    /// `"Par -110: EW 2S"`, one per side's view.
    pub parText: [[c_char; 128]; 2],
    /// Whether both views give the same par.
    pub equal: bool,
}

/// `struct playTraceBin`: a play as suits and ranks.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct playTraceBin {
    /// Cards given.
    pub number: c_int,
    /// Their suits.
    pub suit: [c_int; 52],
    /// Their ranks.
    pub rank: [c_int; 52],
}

/// `struct playTracePBN`: a play as text (`"CTC4CA..."`).
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct playTracePBN {
    /// Cards given.
    pub number: c_int,
    /// The cards, two characters each (NUL-terminated).
    pub cards: [c_char; 106],
}

/// `struct solvedPlay`: declarer's side's tricks before the play and
/// after each card.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct solvedPlay {
    /// Values given.
    pub number: c_int,
    /// The values.
    pub tricks: [c_int; 53],
}

/// `struct playTracesBin`: the plays of a batch.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct playTracesBin {
    /// Plays given.
    pub noOfBoards: c_int,
    /// The plays.
    pub plays: [playTraceBin; MAXNOOFBOARDS],
}

/// `struct playTracesPBN`: the plays of a batch, as text.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct playTracesPBN {
    /// Plays given.
    pub noOfBoards: c_int,
    /// The plays.
    pub plays: [playTracePBN; MAXNOOFBOARDS],
}

/// `struct solvedPlays`: the answers of a batch of plays.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct solvedPlays {
    /// Answers given.
    pub noOfBoards: c_int,
    /// The answers.
    pub solved: [solvedPlay; MAXNOOFBOARDS],
}

/// `struct DDSInfo`: what `GetDDSInfo` tells of the library.
#[repr(C)]
#[derive(Copy, Clone, Debug)]
pub struct DDSInfo {
    /// 2 of 2.9.0.
    pub major: c_int,
    /// 9 of 2.9.0.
    pub minor: c_int,
    /// 0 of 2.9.0.
    pub patch: c_int,
    /// `"2.9.0"`.
    pub versionString: [c_char; 10],
    /// 0 unknown, 1 Windows, 2 Cygwin, 3 Linux, 4 Apple.
    pub system: c_int,
    /// 32 or 64.
    pub numBits: c_int,
    /// 0 unknown, 1 MSVC, 2 mingw, 3 g++, 4 clang.
    pub compiler: c_int,
    /// 0 none, 1 DllMain, 2 Unix-style.
    pub constructor: c_int,
    /// The cores found.
    pub numCores: c_int,
    /// The threading system (DDS's codes; 0 none).
    pub threading: c_int,
    /// The threads configured.
    pub noOfThreads: c_int,
    /// DDS's memory sizes per thread (`"LLLSSS"`).
    pub threadSizes: [c_char; 128],
    /// A description of the library and system.
    pub systemString: [c_char; 1024],
}
