//! Deal input and PBN output: a PBN deal, the boards of a LIN text, the
//! games of a PBN file (the model's `PbnDeal`, `parse_lin`, `PbnFile`),
//! and a PBN file written back with the double dummy tags as `dds pbn`
//! writes them (the facade's `dds::pbn::add_results`).

use std::collections::HashMap;

use dds::model::{
    parse_lin, Contract, Deal, PbnCharset, PbnDeal, PbnFile, PbnRecord, PbnRecords, RecordedPlay, Seat, Vulnerability,
};
use dds::report::{self, Collector, Read};
use dds::{DdTable, Solver};
use js_sys::{Array, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::api::{callback, report};
use crate::convert::{self, array, property, show, strings, Obj};
use crate::error::{Failure, JsResult};

/// The hands of a PBN deal, unknown ones (`-`) `null`.
fn hands(deal: &PbnDeal) -> Obj {
    Seat::ALL
        .iter()
        .fold(Obj::new(), |obj, &seat| obj.set(&seat.to_string(), deal.hand(seat).map_or(JsValue::NULL, show)))
}

/// Whether a PBN deal is a full deal (every hand known, 13 cards each).
fn is_full(deal: &PbnDeal) -> bool {
    deal.into_deal().is_ok_and(|deal| dds::full_deal(&deal).is_ok())
}

/// `parseDeal(text)`: `{deal, hands: {N, E, S, W}, full}`, the deal in
/// the model's PBN form (North first), unknown hands `null`.
pub(crate) fn parse_deal(text: &JsValue) -> JsResult<JsValue> {
    let text = convert::text(text, "text")?;
    let deal: PbnDeal = text.trim().parse().map_err(|e| Failure::from(e).about("text"))?;
    Ok(Obj::new().set("deal", show(deal)).set("hands", hands(&deal)).set("full", is_full(&deal)).into())
}

/// A contract as `ContractInfo`: `{level, strain, penalty, declarer,
/// leader, text}`, `leader` the opening leader (the model's
/// `Contract::leader`: declarer's left-hand opponent), `text` as the model
/// writes it (`4SX by N`).
fn contract_info(contract: Option<Contract>) -> JsValue {
    contract.map_or(JsValue::NULL, |c| {
        Obj::new()
            .set("level", c.level.get())
            .set("strain", c.strain.as_str())
            .set("penalty", c.penalty.as_str())
            .set("declarer", show(c.declarer))
            .set("leader", show(c.leader()))
            .set("text", show(c))
            .into()
    })
}

/// The recorded contract and play of a board or game (the model's
/// `RecordedPlay`) added to `obj`: `contract`, `passedOut`, `play` (the
/// cards in the order played), `playError` (one line, or `null`); with
/// `lin`, also `auction` and `claim`.
fn with_recorded(obj: Obj, recorded: &RecordedPlay, lin: bool) -> Obj {
    let mut obj = obj
        .set("contract", contract_info(recorded.contract))
        .set("passedOut", recorded.passed_out)
        .set("play", strings(recorded.play.iter().map(|c| c.to_string())))
        .set("playError", recorded.error.as_ref().map_or(JsValue::NULL, show));
    if lin {
        let auction = recorded
            .auction
            .as_ref()
            .map_or(JsValue::NULL, |calls| strings(calls.iter().map(|c| c.to_string())).into());
        obj = obj.set("auction", auction).set("claim", recorded.claim.map_or(JsValue::NULL, JsValue::from));
    }
    obj
}

/// `parseLin(text)`: each board of a LIN text or a BBO link (handviewer
/// `lin=` or `n=`/`e=`/`s=`/`w=` hands), `{deal, dealer, vulnerability,
/// board, copyOf, auction, contract, passedOut, play, claim, playError}`, or
/// `{error}` for a bad board (a link whose `lin=` holds no board is one).
/// The vulnerability is `sv|`'s, else the board number's (the model's
/// `vulnerability_or_board`, as `dds` reads LIN); `null` when neither
/// says, as the board. The auction, contract, play and claim are the
/// model's reading of `mb|`, `pc|` and `mc|` (its `RecordedPlay`); a fault
/// there is `playError`, not an error board.
pub(crate) fn parse_lin_boards(text: &JsValue) -> JsResult<Array> {
    let text = convert::text(text, "text")?;
    let boards = parse_lin(&text);
    // Each board as a hand record reads it (as `dds report` reads LIN):
    // its deal, dealer, vulnerability and number.
    let numbers: Vec<Option<String>> =
        boards.iter().map(|b| b.as_ref().ok().and_then(|b| b.board).map(|n| n.to_string())).collect();
    let records: Vec<_> = boards
        .iter()
        .zip(&numbers)
        .map(|(board, number)| {
            Some(board.as_ref().ok().map(|b| {
                let record = PbnRecord {
                    deal_text: "",
                    dealer: Some(b.dealer),
                    vulnerability: b.vulnerability_or_board(),
                    board: number.as_deref(),
                    event: None,
                    date: None,
                };
                (b.deal, record)
            }))
        })
        .collect();
    let copies = copies(&records);
    let boards = boards.iter().zip(copies).map(|(board, copy)| match board {
        Ok(board) => {
            let obj = Obj::new()
                .set("deal", show(board.deal))
                .set("dealer", show(board.dealer))
                .set("vulnerability", board.vulnerability_or_board().map_or(JsValue::NULL, |v| v.as_str().into()))
                .set("board", board.board.map_or(JsValue::NULL, JsValue::from))
                .set("copyOf", copy_of(copy));
            with_recorded(obj, &board.recorded, true)
        }
        Err(e) => Obj::new().set("error", Failure::from(e.clone())),
    });
    Ok(array(boards))
}

/// Which earlier record each record copies, by the facade's reading of a
/// hand record (`dds::report::Collector`, as `dds report` and `handRecord`
/// keep one board of each): for each record read as a full deal, `None`
/// when it is the first of its board, else the index (in `records`) of the
/// first record of the same board; `None` too for a record that is not a
/// board (`None` in `records`: no deal) or a bad one (`Some(None)`: it takes
/// its place, as the collector counts it).
fn copies(records: &[Option<Option<(Deal, PbnRecord<'_>)>>]) -> Vec<Option<usize>> {
    let mut collector = Collector::new();
    // The index in `records` of the record at each place the collector
    // counts (the boards and bad records).
    let mut at_place = Vec::new();
    records
        .iter()
        .enumerate()
        .map(|(i, record)| {
            let record = record.as_ref()?;
            at_place.push(i);
            let Some((deal, record)) = record else {
                collector.skip();
                return None;
            };
            match collector.read(*deal, record) {
                Read::New(_) => None,
                Read::CopyOf(first) => Some(at_place[first.place]),
            }
        })
        .collect()
}

/// The full deal of a record, for [`copies`]: `None` for a bad record or
/// one whose deal is not a full deal (a hand record skips both).
fn full_record<'a>(record: Result<PbnRecord<'a>, dds::model::PbnRecordError>) -> Option<(Deal, PbnRecord<'a>)> {
    let record = record.ok()?;
    let deal = dds::full_deal(&record.deal_text.parse::<Deal>().ok()?).ok()?;
    Some((deal, record))
}

/// `copyOf`: the place (from 1) of the first board or game a copy copies,
/// else `null`.
fn copy_of(copy: Option<usize>) -> JsValue {
    copy.map_or(JsValue::NULL, |i| JsValue::from(i as u32 + 1))
}

/// Game `g` for messages: `game 3 (board 3)`, counted from 1.
fn label(records: &PbnRecords<'_>, g: usize) -> String {
    match records.board_number(g) {
        Some(board) => format!("game {} (board {board})", g + 1),
        None => format!("game {}", g + 1),
    }
}

/// A failure about game `g`: its message names it (`game 3 (board 3):
/// ...`, as `dds pbn` says it).
fn game_failure(records: &PbnRecords<'_>, g: usize, failure: Failure) -> Failure {
    labelled(label(records, g), failure)
}

/// A failure whose message starts with `label`, the argument it names.
fn labelled(label: String, failure: Failure) -> Failure {
    Failure { message: format!("{label}: {}", failure.message), argument: Some(label), ..failure }
}

/// The `Board` tag of game `g`, trimmed, or `null`.
fn board_value(records: &PbnRecords<'_>, g: usize) -> JsValue {
    records.tag(g, "Board").map_or(JsValue::NULL, |b| JsValue::from_str(b.trim()))
}

/// A PBN file's text.
fn pbn_file(text: &JsValue) -> Result<PbnFile, Failure> {
    let text = convert::text(text, "text")?;
    PbnFile::parse(&text).map_err(|e| Failure::from(e).about("text"))
}

/// A PBN file given as its text or as its bytes (a `Uint8Array`, read in
/// the model's `PbnCharset`: UTF-8, else ISO 8859-1); the character set
/// when bytes were given.
fn pbn_input(input: &JsValue) -> Result<(PbnFile, Option<PbnCharset>), Failure> {
    if input.is_instance_of::<Uint8Array>() {
        let (text, charset) = PbnCharset::decode(&Uint8Array::from(input.clone()).to_vec());
        let file = PbnFile::parse(&text).map_err(|e| Failure::from(e).about("text"))?;
        return Ok((file, Some(charset)));
    }
    if !input.is_string() {
        return Err(Failure::type_error("text", "a string or a Uint8Array of the file's bytes"));
    }
    Ok((pbn_file(input)?, None))
}

/// `parsePbn(text)`: the games of a PBN file, each `{game, board, deal,
/// full, dealer, vulnerability, event, date}` (`game` the game's place in
/// the file, counted from 1 as in messages and `dds pbn --json`; missing
/// values `null`, and `dealer` and `vulnerability` in a game without a
/// deal; `deal` may have unknown hands), or `{game,
/// board, error}` for a game whose deal, dealer or vulnerability does not
/// parse. Each game read also has `copyOf` (the first game of the same
/// board, by the facade's `Collector`, else `null`), and `contract`, `passedOut`, `play` and
/// `playError`: the model's reading of its `Contract`, `Declarer` and
/// `Play` tags (`PbnGame::recorded_play`). A text with no game throws
/// (kind `PbnFile`) the words `dds` says of it (the model's
/// `PbnFile::NO_GAMES`).
pub(crate) fn parse_pbn(text: &JsValue) -> JsResult<Array> {
    let file = pbn_file(text)?;
    if file.games().is_empty() {
        return Err(Failure::new("PbnFile", PbnFile::NO_GAMES).about("text").into());
    }
    let records = file.records();
    let null_or = |v: Option<&str>| v.map_or(JsValue::NULL, JsValue::from_str);
    let read: Vec<_> = (0..file.games().len()).map(|g| records.record(g).map(full_record)).collect();
    let copies = copies(&read);
    let games = (0..file.games().len()).map(|g| {
        let start = Obj::new().set("game", g as u32 + 1).set("board", board_value(&records, g));
        let read = || -> Result<Option<(PbnDeal, PbnRecord<'_>)>, Failure> {
            match records.record(g) {
                Some(record) => {
                    let record = record?;
                    Ok(Some((record.deal_text.parse::<PbnDeal>()?, record)))
                }
                None => Ok(None),
            }
        };
        match read() {
            Ok(record) => {
                // A game without a deal (a header game): no dealer or
                // vulnerability either.
                let (deal, dealer, vulnerability) = match &record {
                    Some((deal, record)) => (Some(deal), record.dealer, record.vulnerability),
                    None => (None, None, None),
                };
                let obj = start
                    .set("deal", deal.map_or(JsValue::NULL, |d| show(*d)))
                    .set("full", deal.is_some_and(is_full))
                    .set("dealer", dealer.map_or(JsValue::NULL, show))
                    .set("vulnerability", vulnerability.map_or(JsValue::NULL, |v| v.as_str().into()))
                    .set("event", null_or(records.tag(g, "Event")))
                    .set("date", null_or(records.tag(g, "Date")))
                    .set("copyOf", copy_of(copies[g]));
                with_recorded(obj, &file.games()[g].recorded_play(), false)
            }
            Err(failure) => start.set("error", game_failure(&records, g, failure)),
        }
    });
    Ok(array(games))
}

/// `writePbn(text, options)`: the PBN file with `DoubleDummyTricks`,
/// `OptimumResultTable`, `ParContract` and `OptimumScore` added to (or
/// replaced in) every game with a deal, everything else kept as it was:
/// `dds pbn`'s output. The dealer and vulnerability come from the tags or
/// the board number (North and none when neither says). A bad game throws
/// an error naming it, or, with `keepGoing`, is left as it was and listed
/// in `errors` (`{game, board, error}`, `game` counted from 1).
/// `onProgress(done, total)` is called after each game. Given the file's
/// bytes (a `Uint8Array`) instead of its text, the answer also has
/// `bytes`: the file in its own character set (UTF-8, else ISO 8859-1, as
/// `dds pbn` reads and writes it).
pub(crate) fn write_pbn(solver: &mut Solver, text: &JsValue, options: &JsValue) -> JsResult<JsValue> {
    let (mut file, charset) = pbn_input(text)?;
    let keep_going = property(options, "keepGoing").as_bool().unwrap_or(false);
    let callback = callback(&property(options, "onProgress"), "onProgress")?;
    let total = file.games().len() as u64;
    // Each distinct deal is solved once (traveller files repeat them).
    let mut tables: HashMap<Deal, DdTable> = HashMap::new();
    let errors = Array::new();
    let mut solved = 0u32;
    // Each game's board, read before the file changes: its deal, dealer
    // and vulnerability (`None` for a game without a deal), its label and
    // its board for messages.
    let boards: Vec<_> = {
        let records = file.records();
        (0..file.games().len())
            .map(|g| {
                let read = || -> Result<Option<(Deal, Seat, Vulnerability)>, Failure> {
                    let Some(record) = records.record(g) else { return Ok(None) };
                    let record = record?;
                    let deal = dds::full_deal(&record.deal_text.parse::<Deal>()?)?;
                    let dealer = record.dealer.unwrap_or(Seat::North);
                    let vulnerability = record.vulnerability.unwrap_or(Vulnerability::None);
                    Ok(Some((deal, dealer, vulnerability)))
                };
                let label = label(&records, g);
                (read(), label, board_value(&records, g))
            })
            .collect()
    };
    for (g, (board, label, board_tag)) in boards.into_iter().enumerate() {
        let outcome = board.and_then(|board| {
            let Some((deal, dealer, vulnerability)) = board else { return Ok(false) };
            let table = match tables.get(&deal) {
                Some(table) => *table,
                None => {
                    let table = solver.dd_table(&deal)?;
                    tables.insert(deal, table);
                    table
                }
            };
            dds::pbn::add_results(&mut file.games_mut()[g], &table, dealer, vulnerability)?;
            Ok(true)
        });
        match outcome {
            Ok(true) => solved += 1,
            Ok(false) => {}
            Err(failure) => {
                let failure = labelled(label, failure);
                if !keep_going {
                    return Err(failure.into());
                }
                errors.push(&Obj::new().set("game", g as u32 + 1).set("board", board_tag).set("error", failure).into());
            }
        }
        report(callback.as_ref(), g as u64 + 1, total)?;
    }
    let text = file.to_string();
    let mut out = Obj::new();
    if let Some(charset) = charset {
        let bytes = charset.encode(&text).map_err(|c| {
            Failure::new("PbnFile", format!("{c:?} cannot be written in the file's ISO 8859-1")).about("text")
        })?;
        out = out.set("bytes", Uint8Array::from(bytes.as_slice()));
    }
    Ok(out.set("text", text).set("solved", solved).set("errors", errors).into())
}

/// `handRecord(text, options)`: the printable hand record `dds report`
/// makes (the facade's `dds::report`) of the games of a PBN file: each
/// distinct board once (deal, number, dealer and vulnerability), its table
/// and the dealer's par, in sheets of six; the heading from the games'
/// events and dates, Bridge Composer's header lines, or `fileName`. A board
/// without a number is numbered by its place among the games with a deal,
/// and takes that number's dealer and vulnerability when no tag gives them
/// (the facade's `dds::report::Collector`, which `dds report` reads with).
/// A bad game throws, or with `keepGoing` is left out and listed in
/// `errors`. `onProgress(done, total)` after each game. Returns `{html,
/// boards, errors}`.
pub(crate) fn hand_record(solver: &mut Solver, text: &JsValue, options: &JsValue) -> JsResult<JsValue> {
    let file = pbn_file(text)?;
    let keep_going = property(options, "keepGoing").as_bool().unwrap_or(false);
    let callback = callback(&property(options, "onProgress"), "onProgress")?;
    let file_name = property(options, "fileName").as_string();
    let records = file.records();
    let total = file.games().len() as u64;
    let mut tables: HashMap<Deal, DdTable> = HashMap::new();
    let mut collector = Collector::new();
    let mut boards = Vec::new();
    let errors = Array::new();
    for g in 0..file.games().len() {
        let mut read = || -> Result<(), Failure> {
            let Some(record) = records.record(g) else { return Ok(()) };
            let parse = || -> Result<_, Failure> {
                let record = record?;
                Ok((dds::full_deal(&record.deal_text.parse::<Deal>()?)?, record))
            };
            // Bad records take their place, as `dds report` counts them.
            let (deal, record) = parse().inspect_err(|_| collector.skip())?;
            let Some(board) = collector.add(deal, &record) else { return Ok(()) };
            let table = match tables.get(&deal) {
                Some(table) => *table,
                None => *tables.entry(deal).or_insert(solver.dd_table(&deal)?),
            };
            boards.push(board.solved(table));
            Ok(())
        };
        if let Err(failure) = read() {
            let failure = game_failure(&records, g, failure);
            if !keep_going {
                return Err(failure.into());
            }
            errors.push(
                &Obj::new()
                    .set("game", g as u32 + 1)
                    .set("board", board_value(&records, g))
                    .set("error", failure)
                    .into(),
            );
        }
        report(callback.as_ref(), g as u64 + 1, total)?;
    }
    if boards.is_empty() {
        return Err(Failure::new("PbnFile", "no board with a deal to report").about("text").into());
    }
    let header: Vec<String> = file.header_lines().map(str::to_owned).collect();
    let heading = collector.heading(&header, file_name.as_deref());
    let html = report::hand_record(&heading, &boards);
    Ok(Obj::new().set("html", html).set("boards", boards.len() as u32).set("errors", errors).into())
}
