//! Deal input and PBN output: a PBN deal, the boards of a LIN text, the
//! games of a PBN file (the model's `PbnDeal`, `parse_lin`, `PbnFile`),
//! and a PBN file written back with the double dummy tags as `dds pbn`
//! writes them (the facade's `dds::pbn::add_results`).

use std::collections::HashMap;

use dds::model::{dealer_for_board, parse_lin, Deal, PbnDeal, PbnFile, Seat, Vulnerability};
use dds::{DdTable, Solver};
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::api::{callback, report};
use crate::convert::{self, array, property, show, Obj};
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

/// `parseLin(text)`: each board of a LIN text, `{deal, dealer,
/// vulnerability, board}`, or `{error}` for a bad board. The vulnerability
/// is `sv|`'s, else the board number's (as `dds par` reads LIN: `dds-cli`'s
/// `input.rs`, `lin_items`); `null` when neither says, as the board.
pub(crate) fn parse_lin_boards(text: &JsValue) -> JsResult<Array> {
    let text = convert::text(text, "text")?;
    let boards = parse_lin(&text).into_iter().map(|board| match board {
        Ok(board) => Obj::new()
            .set("deal", show(board.deal))
            .set("dealer", show(board.dealer))
            .set("vulnerability", {
                let vulnerability = board.vulnerability.or_else(|| board.board.and_then(Vulnerability::for_board));
                vulnerability.map_or(JsValue::NULL, |v| v.as_str().into())
            })
            .set("board", board.board.map_or(JsValue::NULL, JsValue::from)),
        Err(e) => Obj::new().set("error", Failure::from(e)),
    });
    Ok(array(boards))
}

/// A game of a PBN file as `dds pbn` reads it: its tags with the `#` copy
/// rule applied; the dealer and vulnerability from their tags, else from
/// the board number. `dds-cli`'s `input/pbn.rs` (`PbnPiece::item`) reads
/// a game the same way; that reading belongs in `dds-model`, for both
/// (see the crate documentation).
struct Game<'a> {
    file: &'a PbnFile,
    g: usize,
    /// The `Board` tag, trimmed.
    board: Option<&'a str>,
}

impl<'a> Game<'a> {
    fn new(file: &'a PbnFile, g: usize) -> Game<'a> {
        Game { file, g, board: file.resolved_tag(g, "Board").map(str::trim) }
    }

    /// The game for messages: `game 3 (board 3)`, counted from 1.
    fn label(&self) -> String {
        match self.board.and_then(|b| b.parse::<u32>().ok()) {
            Some(board) => format!("game {} (board {board})", self.g + 1),
            None => format!("game {}", self.g + 1),
        }
    }

    /// The deal's text: `None` without a `Deal` tag or with an empty one
    /// (Bridge Composer's opening game of a handout).
    fn deal_text(&self) -> Result<Option<&'a str>, Failure> {
        match self.file.resolved_tag(self.g, "Deal") {
            Some(text) if text.trim().is_empty() => Ok(None),
            Some(text) => Ok(Some(text)),
            None if self.file.games()[self.g].tag("Deal").is_some() => Err(Failure::new(
                "PbnFile",
                "[Deal \"#\"] copies the deal of the game before, but no earlier game has a deal",
            )),
            None => Ok(None),
        }
    }

    fn number(&self) -> Option<u32> {
        self.board.and_then(|b| b.parse().ok())
    }

    /// The `Dealer` tag, else the board number's dealer.
    fn dealer(&self) -> Result<Option<Seat>, Failure> {
        match self.file.resolved_tag(self.g, "Dealer") {
            Some(d) => d.trim().parse().map(Some).map_err(|e| Failure::new("Parse", format!("Dealer {d:?}: {e}"))),
            None => Ok(self.number().and_then(dealer_for_board)),
        }
    }

    /// The `Vulnerable` tag, else the board number's vulnerability.
    fn vulnerability(&self) -> Result<Option<Vulnerability>, Failure> {
        match self.file.resolved_tag(self.g, "Vulnerable") {
            Some(v) => v.trim().parse().map(Some).map_err(|e| Failure::new("Parse", format!("Vulnerable {v:?}: {e}"))),
            None => Ok(self.number().and_then(Vulnerability::for_board)),
        }
    }

    /// A failure about the game: its message names it (`game 3 (board 3):
    /// ...`, as `dds pbn` says it).
    fn failure(&self, failure: Failure) -> Failure {
        let label = self.label();
        Failure { message: format!("{label}: {}", failure.message), argument: Some(label), ..failure }
    }

    /// The `Board` tag, or `null`.
    fn board_value(&self) -> JsValue {
        self.board.map_or(JsValue::NULL, JsValue::from_str)
    }
}

/// A game's deal (unknown hands allowed), dealer and vulnerability.
type GameTags = (Option<PbnDeal>, Option<Seat>, Option<Vulnerability>);

/// A PBN file's text.
fn pbn_file(text: &JsValue) -> Result<PbnFile, Failure> {
    let text = convert::text(text, "text")?;
    PbnFile::parse(&text).map_err(|e| Failure::from(e).about("text"))
}

/// `parsePbn(text)`: the games of a PBN file, each `{game, board, deal,
/// full, dealer, vulnerability, event, date}` (`game` the game's place in
/// the file, counted from 1 as in messages and `dds pbn --json`; missing
/// values `null`; `deal` may have unknown hands), or `{game,
/// board, error}` for a game whose deal, dealer or vulnerability does not
/// parse.
pub(crate) fn parse_pbn(text: &JsValue) -> JsResult<Array> {
    let file = pbn_file(text)?;
    let null_or = |v: Option<&str>| v.map_or(JsValue::NULL, JsValue::from_str);
    let games = (0..file.games().len()).map(|g| {
        let game = Game::new(&file, g);
        let start = Obj::new().set("game", g as u32 + 1).set("board", game.board_value());
        let read = || -> Result<GameTags, Failure> {
            let deal = match game.deal_text()? {
                Some(text) => Some(text.parse::<PbnDeal>()?),
                None => None,
            };
            Ok((deal, game.dealer()?, game.vulnerability()?))
        };
        match read() {
            Ok((deal, dealer, vulnerability)) => start
                .set("deal", deal.map_or(JsValue::NULL, show))
                .set("full", deal.as_ref().is_some_and(is_full))
                .set("dealer", dealer.map_or(JsValue::NULL, show))
                .set("vulnerability", vulnerability.map_or(JsValue::NULL, |v| v.as_str().into()))
                .set("event", null_or(file.resolved_tag(g, "Event")))
                .set("date", null_or(file.resolved_tag(g, "Date"))),
            Err(failure) => start.set("error", game.failure(failure)),
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
/// `onProgress(done, total)` is called after each game.
pub(crate) fn write_pbn(solver: &mut Solver, text: &JsValue, options: &JsValue) -> JsResult<JsValue> {
    let mut file = pbn_file(text)?;
    let keep_going = property(options, "keepGoing").as_bool().unwrap_or(false);
    let callback = callback(&property(options, "onProgress"), "onProgress")?;
    let total = file.games().len() as u64;
    // Each distinct deal is solved once (traveller files repeat them).
    let mut tables: HashMap<Deal, DdTable> = HashMap::new();
    let errors = Array::new();
    let mut solved = 0u32;
    for g in 0..file.games().len() {
        let game = Game::new(&file, g);
        let read = || -> Result<Option<(Deal, Seat, Vulnerability)>, Failure> {
            let Some(text) = game.deal_text()? else { return Ok(None) };
            let deal = dds::full_deal(&text.parse::<Deal>()?)?;
            let dealer = game.dealer()?.unwrap_or(Seat::North);
            let vulnerability = game.vulnerability()?.unwrap_or(Vulnerability::None);
            Ok(Some((deal, dealer, vulnerability)))
        };
        let outcome = read().and_then(|record| {
            let Some((deal, dealer, vulnerability)) = record else { return Ok(false) };
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
                let game = Game::new(&file, g);
                let failure = game.failure(failure);
                if !keep_going {
                    return Err(failure.into());
                }
                errors.push(
                    &Obj::new().set("game", g as u32 + 1).set("board", game.board_value()).set("error", failure).into(),
                );
            }
        }
        report(callback.as_ref(), g as u64 + 1, total)?;
    }
    Ok(Obj::new().set("text", file.to_string()).set("solved", solved).set("errors", errors).into())
}
