//! What each function does with a solver, shared by the module's functions
//! (which use the module's own solver) and the `Solver` class's methods:
//! read the arguments, call the facade, build the result.

use dds::model::{Deal, Seat, Strain};
use dds::{Board, DdTable, Solutions, Solver, Target};
use js_sys::{Array, Function};
use wasm_bindgen::prelude::*;

use crate::convert::{self, array, show, Obj};
use crate::error::{Failure, JsResult};

/// The progress callback of an options argument or a positional one:
/// `None` when left out.
pub(crate) fn callback(value: &JsValue, argument: &str) -> Result<Option<Function>, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    value.dyn_ref::<Function>().cloned().map(Some).ok_or_else(|| Failure::type_error(argument, "a function"))
}

/// Why a progress callback stopped a call.
pub(crate) enum Stop {
    /// It returned `false`.
    Cancelled,
    /// It threw this exception.
    Thrown(JsValue),
}

impl From<Stop> for JsValue {
    /// A `Cancelled` error, or the callback's own exception, thrown on as
    /// it is.
    fn from(stop: Stop) -> JsValue {
        match stop {
            Stop::Cancelled => Failure::cancelled().into(),
            Stop::Thrown(error) => error,
        }
    }
}

/// Calls `onProgress(done, total)`.
pub(crate) fn report(callback: Option<&Function>, done: u64, total: u64) -> Result<(), Stop> {
    let Some(callback) = callback else { return Ok(()) };
    let answer =
        callback.call2(&JsValue::UNDEFINED, &(done as f64).into(), &(total as f64).into()).map_err(Stop::Thrown)?;
    if answer == JsValue::FALSE {
        return Err(Stop::Cancelled);
    }
    Ok(())
}

/// `ddTable(deal)`: the table of a full deal (PBN or one LIN board).
pub(crate) fn dd_table(solver: &mut Solver, deal: &JsValue) -> JsResult<JsValue> {
    let deal = convert::full_deal_arg(deal, "deal")?;
    let table = solver.dd_table(&deal).map_err(Failure::from)?;
    Ok(convert::table(Some(&deal), &table).into())
}

/// `positionTable(deal)`: the table of a position of equal hands (an
/// ending of fewer than 13 cards a hand, or a full deal): declarer's
/// side's tricks of those left, `{deal, tricksLeft, tricks, rows}` as
/// `ddTable` gives them (the facade's `Solver::position_table`).
pub(crate) fn position_table(solver: &mut Solver, deal: &JsValue) -> JsResult<JsValue> {
    let deal = convert::remaining_deal(deal, "deal")?;
    let tricks = solver.position_table(&deal).map_err(Failure::from)?;
    let table = DdTable::new(tricks).map_err(Failure::from)?;
    Ok(convert::table(Some(&deal), &table).set("tricksLeft", deal[Seat::North].len() as u32).into())
}

/// `ddTables(deals, onProgress)`: one item per deal, in order; a bad deal
/// gives `{deal, error}` and the others are solved. The callback is
/// called after each deal.
pub(crate) fn dd_tables(solver: &mut Solver, deals: &JsValue, on_progress: &JsValue) -> JsResult<Array> {
    if !Array::is_array(deals) {
        return Err(Failure::type_error("deals", "an array of deals").into());
    }
    let callback = callback(on_progress, "onProgress")?;
    let deals = Array::from(deals);
    let total = u64::from(deals.length());
    let out = Array::new_with_length(deals.length());
    for (i, given) in deals.iter().enumerate() {
        let solved =
            convert::full_deal_arg(&given, &format!("deals[{i}]")).and_then(|deal| Ok((deal, solver.dd_table(&deal)?)));
        let item = match solved {
            Ok((deal, table)) => convert::table(Some(&deal), &table).into(),
            Err(failure) => Obj::new().set("deal", given).set("error", failure).into(),
        };
        out.set(i as u32, item);
        report(callback.as_ref(), i as u64 + 1, total)?;
    }
    Ok(out)
}

/// A position from the arguments of `solveBoard` and `bestLine`: the
/// cards still held, the strain, the leader of the current trick and the
/// cards played to it.
pub(crate) fn board(deal: &JsValue, strain: &JsValue, leader: &JsValue, played: &JsValue) -> Result<Board, Failure> {
    let remaining = convert::remaining_deal(deal, "deal")?;
    let strain = convert::strain(strain)?;
    let leader = convert::seat(leader, "leader")?;
    let played = convert::cards(played, "played")?;
    Ok(Board::new(&remaining, strain, leader, &played)?)
}

/// DDS's `target` (-1 the most tricks, 0 to 13) and `solutions` (1, 2, 3).
pub(crate) fn target_and_solutions(target: &JsValue, solutions: &JsValue) -> Result<(Target, Solutions), Failure> {
    let range = |argument: &str, expected: &str| {
        Failure::new("Range", format!("{argument}: expected {expected}")).about(argument)
    };
    let target = Target::from_dds(convert::integer(target, "target", -1)?)
        .ok_or_else(|| range("target", "-1 (the most tricks) or a number of tricks from 0 to 13"))?;
    let solutions = Solutions::from_dds(convert::integer(solutions, "solutions", 3)?)
        .ok_or_else(|| range("solutions", "1, 2 or 3"))?;
    Ok((target, solutions))
}

/// `solveBoard` on a position.
pub(crate) fn solve(solver: &mut Solver, board: &Board, target: &JsValue, solutions: &JsValue) -> JsResult<JsValue> {
    let (target, solutions) = target_and_solutions(target, solutions)?;
    let solution = solver.solve_board(board, target, solutions).map_err(Failure::from)?;
    Ok(convert::solution(&solution))
}

/// The deal at the start of a play: PBN text (hands of equal size) or one
/// LIN board.
fn play_deal(value: &JsValue) -> Result<Deal, Failure> {
    let text = convert::text(value, "deal")?;
    if dds::model::is_lin(&text) {
        return convert::full_deal(&text, "deal");
    }
    text.trim().parse::<Deal>().map_err(|e| Failure::from(e).about("deal"))
}

/// `analysePlay(deal, strain, leader, plays)`: declarer's side's tricks
/// before the lead and after each card, DDS's trace, and each card (`cards`)
/// with the seat that played it, its trick (from 1), declarer's side's
/// tricks after it and the change it made for its own side.
pub(crate) fn analyse_play(
    solver: &mut Solver,
    deal: &JsValue,
    strain: &JsValue,
    leader: &JsValue,
    plays: &JsValue,
) -> JsResult<JsValue> {
    let deal = play_deal(deal)?;
    let strain: Strain = convert::strain(strain)?;
    let leader: Seat = convert::seat(leader, "leader")?;
    let plays = convert::cards(plays, "plays")?;
    let analysis = solver.analyse_play(&deal, strain, leader, &plays).map_err(Failure::from)?;
    let declarer = leader.prev();
    // The facade's changes are declarer's side's; each card's is its own
    // side's, so a defender's is the other way round.
    let mut changes = vec![0i8; plays.len()];
    for (i, change) in analysis.changes() {
        changes[i] = change;
    }
    // Who plays each card and to which trick: the facade's boards along
    // the play (the analysis played every card, so each is legal).
    let mut board = Board::new(&deal, strain, leader, &[]).map_err(Failure::from)?;
    let mut trick = 1u32;
    let mut cards = Vec::with_capacity(plays.len());
    for (i, &card) in plays.iter().enumerate() {
        let seat = board.to_play();
        let change = if seat.side() == declarer.side() { changes[i] } else { -changes[i] };
        cards.push(
            Obj::new()
                .set("card", show(card))
                .set("seat", show(seat))
                .set("trick", trick)
                .set("tricks", analysis.tricks[i + 1])
                .set("change", change),
        );
        board = board.after(card).map_err(Failure::from)?;
        if board.played().is_empty() {
            trick += 1;
        }
    }
    Ok(Obj::new()
        .set("declarer", show(declarer))
        .set("tricks", array(analysis.tricks.iter().copied()))
        .set("ddsTrace", array(analysis.dds_trace().iter().copied()))
        .set("cards", array(cards))
        .into())
}

/// `bestLine(...)`: one line of best play from the position to the end.
pub(crate) fn best_line(solver: &mut Solver, board: &Board) -> JsValue {
    let line = solver.best_line(board);
    let cards = line.cards.iter().map(|c| {
        Obj::new()
            .set("seat", show(c.seat))
            .set("card", show(c.card))
            .set("tricks", c.tricks)
            .set("wins", c.wins.map_or(JsValue::NULL, show))
    });
    Obj::new().set("nsTricks", line.ns_tricks).set("cards", array(cards)).into()
}

/// `par(tableOrDeal, vulnerability)`: DDS's Par and SidesPar.
pub(crate) fn par(solver: &mut Solver, table: &JsValue, vulnerability: &JsValue) -> JsResult<JsValue> {
    let vulnerability = convert::vulnerability(vulnerability)?;
    let table = convert::table_or_deal(table, |deal| solver.dd_table(deal))?;
    Ok(convert::sides_par(&table.par(vulnerability)))
}

/// `dealerPar(tableOrDeal, dealer, vulnerability)`: DDS's DealerPar.
pub(crate) fn dealer_par(
    solver: &mut Solver,
    table: &JsValue,
    dealer: &JsValue,
    vulnerability: &JsValue,
) -> JsResult<JsValue> {
    let dealer = convert::seat(dealer, "dealer")?;
    let vulnerability = convert::vulnerability(vulnerability)?;
    let table = convert::table_or_deal(table, |deal| solver.dd_table(deal))?;
    Ok(convert::dealer_par(&table.dealer_par(dealer, vulnerability)))
}
