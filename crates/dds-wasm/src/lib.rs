//! WebAssembly bindings of the double dummy solver: the npm package
//! `ddsrs` (`cargo xtask wasm` builds it; `docs/wasm.md` describes it).
//!
//! A front-end like the command, the C library and the Python module: it
//! converts JavaScript values (strings for deals, seats, strains, cards
//! and vulnerability, plain objects and arrays) to the facade's types,
//! calls the facade (`dds`) or the model (`dds::model`), and converts the
//! answers back; its errors are thrown as JavaScript `DdsError`s carrying
//! the facade's or the model's own message. It re-implements no rule of
//! bridge or of solving.
//!
//! **Dependencies:** `dds` (with `dds::model`), `wasm-bindgen` and
//! `js-sys`. It must never depend on `dds-search`, `dds-tt` or the other
//! internal crates directly, nor on `rayon`, `web-sys` or any crate that
//! needs threads, a clock or I/O: the package runs on
//! `wasm32-unknown-unknown` without threads, so every call runs on the
//! calling thread with one solver (the module's own, or a `Solver`
//! instance), and a page that wants several cores runs one instance of
//! the module per Web Worker (the package's `pool.js`). The facade's
//! threaded calls (`Parallel` with more than one thread, `score_cards`, a
//! layouts time limit, which reads the clock) are never made here.
//!
//! What the facade or the model does not offer yet, and this package would
//! need to call rather than copy:
//!
//! * Layouts: one run split over workers, each opening lead's figures,
//!   three hidden hands or hands of fewer than 13 cards: see
//!   `docs/wasm.md`.

mod api;
mod classes;
mod convert;
mod dds_hands;
mod error;
mod files;
mod layouts;
mod play;
mod score;

use std::cell::RefCell;

use js_sys::Array;
use wasm_bindgen::prelude::*;

pub use classes::{WasmBoard, WasmSolver};
pub use error::{set_error_class, Failure, JsResult};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A strain: "S", "H", "D", "C", "N" or "NT" (any case). */
export type StrainName = string;
/** A seat: "N", "E", "S", "W" or a full name. */
export type SeatName = string;
/** "None", "NS", "EW", "All" or "Both" (any case). */
export type VulnerabilityName = string;
/** Cards: an array such as ["SA", "HT"] (each card "SA", "HT", "H10", any case).
 *  A string is a TypeError: a list of played cards is always an array. */
export type Cards = string[];
/** Called after each item; return false to stop the call. */
export type ProgressCallback = (done: number, total: number) => boolean | void;
/** A contract: the model's text ("4SX by N", "3NT-S", "4S W"), or its parts
 *  (penalty "", "X" or "XX"; undoubled when left out). */
export type ContractInput = string | { level: number; strain: StrainName; declarer: SeatName; penalty?: string };
/** contractScore's answer: the duplicate score (Laws of Duplicate Bridge, Law 77). */
export interface ContractScore {
  /** The contract's text, "4SX by N". */
  contract: string;
  level: number; strain: string; penalty: string; declarer: string;
  /** The opening leader: declarer's left-hand opponent (replay's and analysePlay's `leader`). */
  leader: string;
  /** Whether declarer's side is vulnerable. */
  vulnerable: boolean;
  tricks: number; tricksNeeded: number; made: boolean;
  /** Tricks over (positive) or under (negative) the contract. */
  result: number;
  /** Declarer's side's score. */
  score: number;
  /** North-South's score (positive when North-South gain). */
  scoreNs: number;
}
/** boardInfo's answer: the board's dealer and vulnerability (the 16-board cycle). */
export interface BoardInfo { board: number; dealer: string; vulnerability: string }
/** A trick of replay: its leader, its cards in the order played with the
 *  seat that played each (`seats[i]` played `cards[i]`), and its winner once
 *  it is over (the seat winning so far while it is not). */
export interface PlayedTrick { leader: string; cards: string[]; seats: string[]; winner: string }
export interface CurrentTrick { leader: string; cards: string[]; seats: string[]; winning: string | null }
/** replay's answer: the play as the solver's Board played it. */
export interface ReplayResult {
  /** The tricks completed. */
  tricks: PlayedTrick[];
  /** The trick in progress (no cards at a trick's start). */
  current: CurrentTrick;
  /** The seat to play; null once every card is played. */
  toPlay: string | null;
  /** The cards the seat to play may play. */
  legalCards: string[];
  /** The tricks each side has won. */
  tricksWon: { NS: number; EW: number };
  /** The tricks left, the current one included. */
  tricksLeft: number;
  finished: boolean;
  /** The cards still held, as PBN deal text (North first), and by seat. */
  remaining: string;
  hands: { N: string[]; E: string[]; S: string[]; W: string[] };
  /** The cards of the play that were played: all of them unless error. */
  plays: string[];
  /** Why the replay stopped before the end of the play (kind Position,
   *  argument "plays[i]"); null when every card was played. */
  error: DdsErrorLike | null;
}
/** Tricks by declarer. */
export interface SeatTricks { N: number; E: number; S: number; W: number }
/** Declarer's tricks by strain and declarer; rows is DDS's 5 x 4 array
 *  (strains S, H, D, C, NT; declarers N, E, S, W). */
export interface DdTableResult {
  deal?: string;
  tricks: { S: SeatTricks; H: SeatTricks; D: SeatTricks; C: SeatTricks; NT: SeatTricks };
  rows: number[][];
}
/** positionTable's answer: a table of the tricks left. */
export interface PositionTableResult extends DdTableResult { tricksLeft: number }
/** The item of ddTables for a deal that could not be solved. */
export interface DdTableFailure { deal: unknown; error: DdsErrorLike }
/** A table (as ddTable returns it, its tricks, or the 5 x 4 rows), or a deal to solve. */
export type TableInput = string | DdTableResult | DdTableResult["tricks"] | number[][];
/** What every function throws (the package's DdsError class). */
export interface DdsErrorLike extends Error { kind: string; argument?: string }
export interface ScoredCard { card: string; tricks: number | null; equals: string[] }
export interface SolveResult { cards: ScoredCard[]; forced: boolean; nodes: number }
export interface ParContract {
  level: number; strain: string; declarer: string; doubled: boolean; result: number;
  /** DDS's DealerPar form, "4S*-EW-1". */
  text: string;
}
export interface ParResult {
  /** North-South's score (positive when North-South gain), whichever side
   *  bids first: in `ewFirst` too (DDS's SidesPar gives East-West's there:
   *  its score is -ewFirst.score). */
  score: number; contracts: ParContract[];
}
export interface SidesParResult {
  /** The par when North-South bid first, and when East-West do; both
   *  scores are North-South's. */
  nsFirst: ParResult; ewFirst: ParResult;
  /** DDS's Par strings: ["NS -110", "EW 110"]. */
  scoreTexts: string[];
  /** DDS's Par strings: ["NS:EW 2S", "EW:EW 2S"]. */
  contractTexts: string[];
  /** DDS's SidesPar strings. */
  sidesTexts: string[][];
}
export interface DealerParResult extends ParResult {
  /** DDS's DealerPar strings: ["2S-EW"]. */
  texts: string[];
  /** "Par -110: EW 2S". */
  text: string;
  /** The ParContract tag's value: "EW 2S", or "Pass". */
  parContract: string;
}
/** One card of an analysed play. */
export interface AnalysedCard {
  card: string;
  /** The seat that played it. */
  seat: SeatName;
  /** The trick it was played to, from 1 (counted from the start of `plays`). */
  trick: number;
  /** Declarer's side's tricks with best play after it (`tricks[i + 1]`). */
  tricks: number;
  /** The tricks it changed for its own side (the side of `seat`): 0 when it keeps
   *  the result, -1 when it cost that side a trick (-2 two tricks, ...). */
  change: number;
}
export interface PlayAnalysisResult {
  declarer: string;
  /** Declarer's side's tricks with best play before the lead and after each card. */
  tricks: number[];
  ddsTrace: number[];
  /** Each card of `plays`, in order. */
  cards: AnalysedCard[];
}
export interface LineCard { seat: string; card: string; tricks: number; wins: string | null }
export interface BestLineResult { nsTricks: number; cards: LineCard[] }
export interface LayoutOptions {
  /** The seats whose cards are dealt again, `deal` being a position of equal
   *  hands (an ending, or a full deal); without it, `deal`'s unknown hands are `-`. */
  hide?: SeatName[];
  /** One lead: strain and leader (declarer is the leader's right). */
  strain?: StrainName; leader?: SeatName;
  /** With strain and leader: score every card the leader holds (the summary's leads). */
  everyLead?: boolean;
  /** Solve only this share of the run (part from 0, below parts): shares
   *  run in several workers add up with mergeLayouts. */
  share?: { part: number; parts: number };
  /** Every strain and declarer instead. */
  table?: boolean;
  vulnerability?: VulnerabilityName;
  /** A random sample of this many distinct layouts. */
  sample?: number;
  /** Stop after this many layouts of the work order. */
  limit?: number;
  seed?: number;
  /** Called after each layout with (solved, planned, the figures so far);
   *  false stops the run (the figures so far come back, stopped: true). */
  onProgress?: (done: number, planned: number, summary: LayoutSummary) => boolean | void;
}
/** countLayouts' answer: the layouts of a deal before any solving. */
export interface LayoutCount { population: number; hidden: string[]; unknown: string }
export interface LayoutCell {
  strain: string; declarer: string;
  /** Layouts by declarer's tricks, 0 to 13. */
  distribution: number[];
  mean: number | null;
  /** Levels 1 to 7. */
  make: (number | null)[]; standardError: (number | null)[]; expectedScore: (number | null)[];
}
export interface LayoutSummary {
  population: number; planned: number; solved: number; complete: boolean;
  /** Whether onProgress stopped the run. */
  stopped: boolean;
  units: number; hidden: string[]; unknown: string; vulnerability: string;
  results: LayoutCell[];
  /** With everyLead: each card led, over the layouts in which the leader held it. */
  leads?: LeadFigures[];
}
export interface LeadFigures {
  card: string;
  /** Layouts by declarer's tricks after this lead, 0 to 13. */
  distribution: number[];
  mean: number | null;
  /** Levels 1 to 7. */
  make: (number | null)[]; standardError: (number | null)[];
}
export interface DealInfo { deal: string; hands: { N: string | null; E: string | null; S: string | null; W: string | null }; full: boolean }
/** A final contract read from a record: penalty "", "X" or "XX"; text "4SX by N". */
export interface ContractInfo {
  level: number; strain: StrainName; penalty: '' | 'X' | 'XX'; declarer: SeatName;
  /** The opening leader, declarer's left-hand opponent: analysePlay's and replay's `leader`. */
  leader: SeatName;
  text: string;
}
/** The contract and play a board or game records (the model's reading). */
export interface RecordedPlayInfo {
  /** The final contract; null with no auction or contract, an unfinished auction, or a passed-out board. */
  contract?: ContractInfo | null;
  passedOut?: boolean;
  /** The cards in the order played from the opening lead ("SA", "HT"), as analysePlay's plays take them; [] when none. */
  play?: string[];
  /** Why a call, card or tag of the record could not be read (one line); null when all could.
   *  The fields above keep what was read before the fault. */
  playError?: string | null;
}
export interface LinBoard extends RecordedPlayInfo {
  deal?: string; dealer?: string; vulnerability?: string | null; board?: number | null;
  /** The place (from 1) of the first board of the text that is the same board (deal, number,
   *  dealer and vulnerability, as handRecord keeps one of each); null for the first. */
  copyOf?: number | null;
  /** The calls of mb| in order ("1S", "P", "X", "XX", "3NT"); null when the board has none. */
  auction?: string[] | null;
  /** The tricks declarer's side claimed in all (mc|); null when none. */
  claim?: number | null;
  error?: DdsErrorLike;
}
export interface PbnGame extends RecordedPlayInfo {
  /** The game's place in the file, from 1. */
  game: number; board: string | null;
  deal?: string | null; full?: boolean; dealer?: string | null; vulnerability?: string | null;
  event?: string | null; date?: string | null;
  /** The game (from 1) of the first game of the file that is the same board (deal, number,
   *  dealer and vulnerability, as handRecord and `dds report` keep one of each: the tables of
   *  a traveller file); null for the first, and for a game that is not a full deal. */
  copyOf?: number | null;
  error?: DdsErrorLike;
}
/** A deal line of DDS's hand files (parseDdsHands): `PBN dealer vul trump first "deal"`. */
export interface DdsHandsBoard {
  /** The line's number in the text, from 1. */
  line: number;
  /** The deal as written; the dealer, the vulnerability, the trump strain and the seat on lead. */
  deal?: string; dealer?: string; vulnerability?: string; strain?: string; leader?: string;
  /** Why the line could not be read (kind Parse, or ParseDeal for its deal). */
  error?: DdsErrorLike;
}
/** The format of a text of deals (detectFormat), as the `dds` command tells it. */
export type InputFormat = 'pbn' | 'lin' | 'dds-hands' | 'deals';
export interface PbnWriteOptions { keepGoing?: boolean; onProgress?: ProgressCallback }
export interface HandRecordOptions extends PbnWriteOptions { fileName?: string }
export interface HandRecordResult {
  /** The whole page. */
  html: string;
  /** The distinct boards on it. */
  boards: number;
  errors: { game: number; board: string | null; error: DdsErrorLike }[];
}
export interface PbnWriteResult {
  text: string; solved: number;
  /** Given the file's bytes: the file written back in its own character set
   *  (UTF-8, else ISO 8859-1), byte for byte as `dds pbn` writes it. */
  bytes?: Uint8Array;
  errors: { game: number; board: string | null; error: DdsErrorLike }[];
}
"#;

thread_local! {
    /// The module's solver, behind the functions: one per instance of the
    /// module (one per Web Worker), its table kept between calls.
    static SOLVER: RefCell<Option<dds::Solver>> = const { RefCell::new(None) };
}

/// Runs `f` with the module's solver; with a fresh one when a progress
/// callback calls the module again while it is solving.
fn with_solver<R>(f: impl FnOnce(&mut dds::Solver) -> R) -> R {
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solver) => f(solver.get_or_insert_with(dds::Solver::new)),
        Err(_) => f(&mut dds::Solver::new()),
    })
}

/// The double dummy table of a full deal: PBN deal text (`N:... ... ...
/// ...`, any first seat) or one LIN board (`md|...|`).
#[wasm_bindgen(js_name = ddTable, unchecked_return_type = "DdTableResult")]
pub fn dd_table(#[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue) -> JsResult<JsValue> {
    with_solver(|solver| api::dd_table(solver, &deal))
}

/// The table of a position of equal hands, an ending of 1 to 13 cards a
/// hand (PBN text of the cards held): for each strain and declarer the
/// tricks declarer's side takes of those left when the seat on declarer's
/// left leads. A full deal's is `ddTable`'s.
#[wasm_bindgen(js_name = positionTable, unchecked_return_type = "PositionTableResult")]
pub fn position_table(#[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue) -> JsResult<JsValue> {
    with_solver(|solver| api::position_table(solver, &deal))
}

/// The tables of several deals, in input order: a bad deal gives `{deal,
/// error}` and the others are solved. `onProgress(done, total)` is called
/// after each deal; returning `false` stops the call, which throws a
/// `DdsError` of kind `Cancelled`.
#[wasm_bindgen(js_name = ddTables, unchecked_return_type = "Array<DdTableResult | DdTableFailure>")]
pub fn dd_tables(
    #[wasm_bindgen(unchecked_param_type = "string[]")] deals: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "ProgressCallback")] on_progress: JsValue,
) -> JsResult<Array> {
    with_solver(|solver| api::dd_tables(solver, &deals, &on_progress))
}

/// DDS's SolveBoard: `deal` the cards still held, `leader` the seat that
/// led to the current trick, `played` the cards played to it; `target` -1
/// (the most tricks) or 0 to 13 and `solutions` 1, 2 or 3 as DDS's. The
/// cards come highest score first, each with its lower equivalent cards.
#[wasm_bindgen(js_name = solveBoard, unchecked_return_type = "SolveResult")]
pub fn solve_board(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Cards")] played: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] target: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "number")] solutions: JsValue,
) -> JsResult<JsValue> {
    let board = api::board(&deal, &strain, &leader, &played)?;
    with_solver(|solver| api::solve(solver, &board, &target, &solutions))
}

/// Both sides' par (DDS's Par and SidesPar) of a table, or of a deal
/// (solved first).
#[wasm_bindgen(unchecked_return_type = "SidesParResult")]
pub fn par(
    #[wasm_bindgen(unchecked_param_type = "TableInput")] table: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "VulnerabilityName")] vulnerability: JsValue,
) -> JsResult<JsValue> {
    with_solver(|solver| api::par(solver, &table, &vulnerability))
}

/// The dealer's par (DDS's DealerPar) of a table, or of a deal.
#[wasm_bindgen(js_name = dealerPar, unchecked_return_type = "DealerParResult")]
pub fn dealer_par(
    #[wasm_bindgen(unchecked_param_type = "TableInput")] table: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatName")] dealer: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "VulnerabilityName")] vulnerability: JsValue,
) -> JsResult<JsValue> {
    with_solver(|solver| api::dealer_par(solver, &table, &dealer, &vulnerability))
}

/// DDS's AnalysePlay: declarer's side's tricks with best play before the
/// lead and after each card of `plays` (from the opening lead of `deal`,
/// or from a trick boundary), and DDS's trace.
#[wasm_bindgen(js_name = analysePlay, unchecked_return_type = "PlayAnalysisResult")]
pub fn analyse_play(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Cards")] plays: JsValue,
) -> JsResult<JsValue> {
    with_solver(|solver| api::analyse_play(solver, &deal, &strain, &leader, &plays))
}

/// One line of best play from a position to the end, each card with the
/// tricks its side takes from its trick on and each trick's winner.
#[wasm_bindgen(js_name = bestLine, unchecked_return_type = "BestLineResult")]
pub fn best_line(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Cards")] played: JsValue,
) -> JsResult<JsValue> {
    let board = api::board(&deal, &strain, &leader, &played)?;
    Ok(with_solver(|solver| api::best_line(solver, &board)))
}

/// The single-dummy statistics of `dds layouts`: every layout of the
/// unknown cards (a hand of `-`, or short hands that receive the cards no
/// hand holds), or a random sample, solved on this thread;
/// `onProgress(done, planned, summary)` gets the figures so far.
#[wasm_bindgen(unchecked_return_type = "LayoutSummary")]
pub fn layouts(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "LayoutOptions")] options: JsValue,
) -> JsResult<JsValue> {
    layouts::layouts(&deal, &options)
}

/// The summaries of the shares of one layouts run (each as `layouts`
/// returned it with its own `share`) added up into the whole run's.
#[wasm_bindgen(js_name = mergeLayouts, unchecked_return_type = "LayoutSummary")]
pub fn merge_layouts(
    #[wasm_bindgen(unchecked_param_type = "LayoutSummary[]")] summaries: JsValue,
) -> JsResult<JsValue> {
    layouts::merge_layouts(&summaries)
}

/// The layouts of a deal for `layouts` (its unknown hands `-`, or with
/// `hide` the seats of a position whose cards are dealt again): how many,
/// the hidden seats and the unknown cards, without solving any.
#[wasm_bindgen(js_name = countLayouts, unchecked_return_type = "LayoutCount")]
pub fn count_layouts(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SeatName[]")] hide: JsValue,
) -> JsResult<JsValue> {
    layouts::count_layouts(&deal, &hide)
}

/// A play replayed from the opening lead (or any trick's start) on the
/// solver's `Board`: each trick's leader, cards and winner, the tricks
/// each side has won, the seat to play and its legal cards, the cards
/// left. `deal` holds the cards at the start (PBN, hands of equal size),
/// `leader` the seat on lead. A card that cannot be played ends the
/// replay there (`error`); bad arguments throw.
#[wasm_bindgen(unchecked_return_type = "ReplayResult")]
pub fn replay(
    #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
    #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "Cards")] plays: JsValue,
) -> JsResult<JsValue> {
    play::replay(&deal, &strain, &leader, &plays)
}

/// The duplicate score of a contract when declarer's side takes `tricks`
/// (0 to 13), for declarer's side and for North-South (the model's
/// `duplicate_score` and `score_ns`).
#[wasm_bindgen(js_name = contractScore, unchecked_return_type = "ContractScore")]
pub fn contract_score(
    #[wasm_bindgen(unchecked_param_type = "ContractInput")] contract: JsValue,
    #[wasm_bindgen(unchecked_param_type = "VulnerabilityName | undefined")] vulnerability: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] tricks: JsValue,
) -> JsResult<JsValue> {
    score::contract_score(&contract, &vulnerability, &tricks)
}

/// The dealer and vulnerability of a board number (from 1), as the
/// model's `dealer_for_board` and `Vulnerability::for_board` give them.
#[wasm_bindgen(js_name = boardInfo, unchecked_return_type = "BoardInfo")]
pub fn board_info(#[wasm_bindgen(unchecked_param_type = "number | string")] board: JsValue) -> JsResult<JsValue> {
    score::board_info(&board)
}

/// A PBN deal, read: `{deal, hands, full}`, unknown hands (`-`) `null`.
#[wasm_bindgen(js_name = parseDeal, unchecked_return_type = "DealInfo")]
pub fn parse_deal(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<JsValue> {
    files::parse_deal(&text)
}

/// The boards of a LIN text (BBO's hand records and movies), with the
/// auction, contract, play and claim they record.
#[wasm_bindgen(js_name = parseLin, unchecked_return_type = "LinBoard[]")]
pub fn parse_lin(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<Array> {
    files::parse_lin_boards(&text)
}

/// The games of a PBN file, with their deal, dealer, vulnerability and
/// board number, and the contract and play they record; a text with no
/// game throws "a PBN file with no games".
#[wasm_bindgen(js_name = parsePbn, unchecked_return_type = "PbnGame[]")]
pub fn parse_pbn(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<Array> {
    files::parse_pbn(&text)
}

/// The deal lines of DDS's hand files (`PBN dealer vul trump first
/// "deal"`, the model's reading): each with its line, deal, dealer,
/// vulnerability, trump strain and opening leader, or its error.
#[wasm_bindgen(js_name = parseDdsHands, unchecked_return_type = "DdsHandsBoard[]")]
pub fn parse_dds_hands(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<Array> {
    dds_hands::parse_dds_hands(&text)
}

/// The format of a text of deals, told by its content as the `dds` command
/// tells it (the model's `InputFormat`): `"pbn"` (a PBN file, or only its
/// header), `"lin"` (LIN, or a BBO link holding a board), `"dds-hands"`
/// (DDS's hand files), `"deals"` (PBN deals, one a line), or `null` for a
/// text of nothing but blank lines and comments.
#[wasm_bindgen(js_name = detectFormat, unchecked_return_type = "InputFormat | null")]
pub fn detect_format(#[wasm_bindgen(unchecked_param_type = "string")] text: JsValue) -> JsResult<JsValue> {
    let text = convert::text(&text, "text")?;
    Ok(dds::model::InputFormat::of(&text).map_or(JsValue::NULL, |f| JsValue::from_str(f.as_str())))
}

/// The printable hand record `dds report` makes of the games of a PBN
/// file: each distinct board's hands, dealer and vulnerability, double
/// dummy table and dealer's par, in A4 sheets of six boards, as one HTML
/// page. Options: `fileName` (under the title when the games name no
/// event or date), `keepGoing`, `onProgress(done, total)`.
#[wasm_bindgen(js_name = handRecord, unchecked_return_type = "HandRecordResult")]
pub fn hand_record(
    #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "HandRecordOptions")] options: JsValue,
) -> JsResult<JsValue> {
    with_solver(|solver| files::hand_record(solver, &text, &options))
}

/// A PBN file with the double dummy tags of `dds pbn` added to every game:
/// its text, or its bytes (then `bytes` comes back in the file's own
/// character set).
#[wasm_bindgen(js_name = writePbn, unchecked_return_type = "PbnWriteResult")]
pub fn write_pbn(
    #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "PbnWriteOptions")] options: JsValue,
) -> JsResult<JsValue> {
    with_solver(|solver| files::write_pbn(solver, &text, &options))
}

/// The version of the package (the crate's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
