//! DDS 2.9 through its C interface (`dds/dll.h`), for side-by-side timing and
//! differential tests. Only built with the `oracle` feature.

use std::ffi::{c_char, c_int};

use dds::model::{Card, Deal, Seat, Strain};

use crate::dll::{
    AllParResults, Boards, DdTableDeal, DdTableDealPbn, DdTableDeals, DdTableResults, DdTablesRes, DealBin, DealPbn,
    FutureTricks, ParResultsDealer, SolvedBoards, MAX_BOARDS, MAX_TABLES,
};

#[link(name = "dds")]
extern "C" {
    fn SetMaxThreads(user_threads: c_int);
    fn SetResources(max_memory_mb: c_int, max_threads: c_int);
    fn CalcDDtable(table_deal: DdTableDeal, tablep: *mut DdTableResults) -> c_int;
    fn CalcDDtablePBN(table_deal_pbn: DdTableDealPbn, tablep: *mut DdTableResults) -> c_int;
    fn SolveBoard(
        dl: DealBin,
        target: c_int,
        solutions: c_int,
        mode: c_int,
        futp: *mut FutureTricks,
        thread_index: c_int,
    ) -> c_int;
    fn SolveBoardPBN(
        dlpbn: DealPbn,
        target: c_int,
        solutions: c_int,
        mode: c_int,
        futp: *mut FutureTricks,
        thr_id: c_int,
    ) -> c_int;
    fn CalcAllTables(
        dealsp: *mut DdTableDeals,
        mode: c_int,
        trump_filter: *mut c_int,
        resp: *mut DdTablesRes,
        presp: *mut AllParResults,
    ) -> c_int;
    fn SolveAllChunksBin(bop: *mut Boards, solvedp: *mut SolvedBoards, chunk_size: c_int) -> c_int;
    fn ErrorMessage(code: c_int, line: *mut c_char);
    fn SidesPar(tablep: *mut DdTableResults, sides: *mut ParResultsDealer, vulnerable: c_int) -> c_int;
}

/// DDS keeps per-thread state behind a thread index; every call here uses
/// index 0, so calls from several threads (such as parallel tests) take
/// turns.
static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Restricts DDS to one thread (only the first call does anything).
pub fn single_thread() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // Safety: plain C calls without pointers.
        unsafe {
            SetResources(0, 1);
            SetMaxThreads(1);
        }
    });
}

/// Sets DDS's thread count (for a workload that measures DDS on several
/// threads; [`single_thread`]'s one-time setting is then no longer true
/// until `set_threads(1)`).
pub fn set_threads(threads: c_int) {
    single_thread();
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: a plain C call without pointers.
    unsafe { SetMaxThreads(threads) };
}

fn message(code: c_int) -> String {
    let mut buf = [0 as c_char; 80];
    // Safety: DDS writes at most 80 bytes, NUL-terminated.
    unsafe { ErrorMessage(code, buf.as_mut_ptr()) };
    let bytes: Vec<u8> = buf.iter().take_while(|&&c| c != 0).map(|&c| c as u8).collect();
    format!("DDS error {code}: {}", String::from_utf8_lossy(&bytes))
}

/// DDS's double dummy table of `deal`: tricks by strain and declarer.
pub fn dd_table(deal: &Deal) -> Result<[[u8; 4]; 5], String> {
    let table_deal = DdTableDeal { cards: deal.to_dds_bits() };
    let mut res = DdTableResults { res_table: [[0; 4]; 5] };
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: `res` outlives the call; the struct layouts follow dll.h.
    let code = unsafe { CalcDDtable(table_deal, &mut res) };
    if code != 1 {
        return Err(message(code));
    }
    Ok(res.res_table.map(|row| row.map(|t| t as u8)))
}

/// `text` as a NUL-terminated 80-byte PBN field (longer text is cut, as
/// no valid deal is).
fn pbn_field(text: &str) -> [c_char; 80] {
    let mut field = [0 as c_char; 80];
    for (slot, &b) in field.iter_mut().zip(text.as_bytes().iter().take(79)) {
        *slot = b as c_char;
    }
    field
}

/// DDS's `CalcDDtablePBN` on a PBN deal (`N:...`): tricks by strain and
/// declarer, as [`dd_table`]. Call [`single_thread`] first, as the
/// benchmarks do.
pub fn calc_dd_table_pbn(pbn: &str) -> Result<[[u8; 4]; 5], String> {
    let table_deal = DdTableDealPbn { cards: pbn_field(pbn) };
    let mut res = DdTableResults { res_table: [[0; 4]; 5] };
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: `res` outlives the call; the struct layouts follow dll.h.
    let code = unsafe { CalcDDtablePBN(table_deal, &mut res) };
    if code != 1 {
        return Err(message(code));
    }
    Ok(res.res_table.map(|row| row.map(|t| t as u8)))
}

/// DDS's `CalcAllTables` (no par) on `deals`, in calls of at most 40
/// tables, spread over the threads set by [`set_threads`]: tricks by
/// strain and declarer for each deal, as [`dd_table`].
pub fn calc_all_tables(deals: &[Deal]) -> Result<Vec<[[u8; 4]; 5]>, String> {
    // The structs are large (about 13 KiB to 16 KiB each): on the heap.
    let mut input: Box<DdTableDeals> =
        Box::new(DdTableDeals { no_of_tables: 0, deals: std::array::from_fn(|_| DdTableDeal { cards: [[0; 4]; 4] }) });
    let mut res: Box<DdTablesRes> = Box::new(DdTablesRes {
        no_of_boards: 0,
        results: std::array::from_fn(|_| DdTableResults { res_table: [[0; 4]; 5] }),
    });
    let mut par: Box<AllParResults> = Box::new(AllParResults { presults: [[0; 288]; MAX_TABLES] });
    let mut out = Vec::with_capacity(deals.len());
    for chunk in deals.chunks(MAX_TABLES) {
        input.no_of_tables = chunk.len() as c_int;
        for (slot, deal) in input.deals.iter_mut().zip(chunk) {
            slot.cards = deal.to_dds_bits();
        }
        let mut filter = [0 as c_int; 5];
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // Safety: every struct outlives the call and follows dll.h's layouts.
        let code = unsafe { CalcAllTables(&mut *input, -1, filter.as_mut_ptr(), &mut *res, &mut *par) };
        if code != 1 {
            return Err(message(code));
        }
        out.extend(res.results[..chunk.len()].iter().map(|t| t.res_table.map(|row| row.map(|n| n as u8))));
    }
    Ok(out)
}

/// One card of DDS's answer: the card as text, its score and DDS's mask of
/// equivalent lower cards (rank `r` at bit `r`).
pub type DdsCard = (String, i32, i32);

/// DDS's SolveBoard with `solutions` 3 and target -1: the cards and DDS's
/// node count.
pub fn solve_all(remaining: &Deal, strain: Strain, leader: Seat) -> Result<(Vec<DdsCard>, i64), String> {
    solve_board(remaining, strain, leader, &[], 3)
}

/// DDS's SolveBoard with target -1 and mode 1 for a position in the middle
/// of play (`played` are the cards of the current trick): the cards and
/// DDS's node count.
pub fn solve_board(
    remaining: &Deal,
    strain: Strain,
    leader: Seat,
    played: &[Card],
    solutions: i32,
) -> Result<(Vec<DdsCard>, i64), String> {
    let (suits, ranks) = trick_codes(played);
    let dl = DealBin {
        trump: strain.index() as c_int,
        first: leader.index() as c_int,
        current_trick_suit: suits,
        current_trick_rank: ranks,
        remain_cards: remaining.to_dds_bits(),
    };
    let mut fut = FutureTricks::default();
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: `fut` outlives the call; thread index 0 exists.
    let code = unsafe { SolveBoard(dl, -1, solutions, 1, &mut fut, 0) };
    if code != 1 {
        return Err(message(code));
    }
    Ok((cards_of(&fut), i64::from(fut.nodes)))
}

/// DDS's `SolveBoardPBN` with target -1 and mode 1: [`solve_board`] with
/// the cards still held given as PBN text (`N:...`).
pub fn solve_board_pbn(
    remaining_pbn: &str,
    strain: Strain,
    leader: Seat,
    played: &[Card],
    solutions: i32,
) -> Result<(Vec<DdsCard>, i64), String> {
    let (suits, ranks) = trick_codes(played);
    let dl = DealPbn {
        trump: strain.index() as c_int,
        first: leader.index() as c_int,
        current_trick_suit: suits,
        current_trick_rank: ranks,
        remain_cards: pbn_field(remaining_pbn),
    };
    let mut fut = FutureTricks::default();
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: `fut` outlives the call; thread index 0 exists.
    let code = unsafe { SolveBoardPBN(dl, -1, solutions, 1, &mut fut, 0) };
    if code != 1 {
        return Err(message(code));
    }
    Ok((cards_of(&fut), i64::from(fut.nodes)))
}

/// DDS's batch call (target -1, mode 1; `SolveAllChunksBin`, which DDS 2.9
/// exports for binary boards, with chunks of one) on the cards still held
/// in `samples`, all with the same strain, leader and current trick, in
/// calls of at most 200 boards: each board's cards and DDS's node count.
pub fn solve_all_boards(
    samples: &[Deal],
    strain: Strain,
    leader: Seat,
    played: &[Card],
    solutions: i32,
) -> Result<Vec<(Vec<DdsCard>, i64)>, String> {
    let (suits, ranks) = trick_codes(played);
    let mut out = Vec::with_capacity(samples.len());
    // The structs are large (about 50 KiB each): on the heap.
    let mut boards: Box<Boards> = Box::new(Boards {
        no_of_boards: 0,
        deals: std::array::from_fn(|_| DealBin {
            trump: 0,
            first: 0,
            current_trick_suit: [0; 3],
            current_trick_rank: [0; 3],
            remain_cards: [[0; 4]; 4],
        }),
        target: [-1; MAX_BOARDS],
        solutions: [solutions; MAX_BOARDS],
        mode: [1; MAX_BOARDS],
    });
    let mut solved: Box<SolvedBoards> =
        Box::new(SolvedBoards { no_of_boards: 0, solved_board: [FutureTricks::default(); MAX_BOARDS] });
    for chunk in samples.chunks(MAX_BOARDS) {
        boards.no_of_boards = chunk.len() as c_int;
        for (slot, deal) in boards.deals.iter_mut().zip(chunk) {
            *slot = DealBin {
                trump: strain.index() as c_int,
                first: leader.index() as c_int,
                current_trick_suit: suits,
                current_trick_rank: ranks,
                remain_cards: deal.to_dds_bits(),
            };
        }
        let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
        // Safety: both structs outlive the call and follow dll.h's layouts.
        let code = unsafe { SolveAllChunksBin(&mut *boards, &mut *solved, 1) };
        if code != 1 {
            return Err(message(code));
        }
        out.extend(solved.solved_board[..chunk.len()].iter().map(|fut| (cards_of(fut), i64::from(fut.nodes))));
    }
    Ok(out)
}

/// DDS's suit and rank codes of the cards of the current trick (0 where
/// none).
fn trick_codes(played: &[Card]) -> ([c_int; 3], [c_int; 3]) {
    let mut suits = [0; 3];
    let mut ranks = [0; 3];
    for (i, card) in played.iter().enumerate() {
        suits[i] = card.suit().index() as c_int;
        ranks[i] = c_int::from(card.rank().value());
    }
    (suits, ranks)
}

/// The cards of DDS's answer as text with their scores and masks.
fn cards_of(fut: &FutureTricks) -> Vec<DdsCard> {
    (0..fut.cards as usize)
        .map(|i| {
            let suit = ["S", "H", "D", "C"][fut.suit[i] as usize];
            let rank = b"23456789TJQKA"[fut.rank[i] as usize - 2] as char;
            (format!("{suit}{rank}"), fut.score[i], fut.equals[i])
        })
        .collect()
}

/// DDS's SidesPar for a table (tricks by DDS strain and declarer index) and
/// DDS's vulnerability code: per side (North-South first), the score and
/// the contract strings.
pub fn sides_par(table: [[u8; 4]; 5], vulnerable: i32) -> Result<[(i32, Vec<String>); 2], String> {
    let mut res = DdTableResults { res_table: table.map(|row| row.map(c_int::from)) };
    let empty = || ParResultsDealer { number: 0, score: 0, contracts: [[0; 10]; 10] };
    let mut sides = [empty(), empty()];
    let _guard = LOCK.lock().unwrap_or_else(|e| e.into_inner());
    // Safety: both pointers outlive the call; the layouts follow dll.h.
    let code = unsafe { SidesPar(&mut res, sides.as_mut_ptr(), vulnerable) };
    if code != 1 {
        return Err(message(code));
    }
    Ok(sides.map(|side| {
        let texts = side.contracts[..side.number.clamp(0, 10) as usize]
            .iter()
            .map(|c| c.iter().take_while(|&&b| b != 0).map(|&b| b as u8 as char).collect())
            .collect();
        (side.score, texts)
    }))
}
