//! `contractScore` (the facade's [`ContractResult::from_tricks`]) and `boardInfo` (the model's dealer and vulnerability of a
//! board number, [`dealer_for_board`] and [`Vulnerability::for_board`]).

use dds::model::{dealer_for_board, Contract, Level, Penalty, Vulnerability};
use dds::ContractResult;
use wasm_bindgen::prelude::*;

use crate::convert::{self, property, show, Obj};
use crate::error::{Failure, JsResult};

/// A contract argument: the model's contract text (`"4SX by N"`, `"3NT-S"`,
/// `"4S W"`, `"6HXX by South"`), or an object `{level, strain, declarer,
/// penalty}` whose `penalty` is `""` (or left out), `"X"` or `"XX"`.
fn contract(value: &JsValue) -> Result<Contract, Failure> {
    if let Some(text) = value.as_string() {
        return text.trim().parse::<Contract>().map_err(|e| Failure::from(e).about("contract"));
    }
    if !value.is_object() {
        return Err(Failure::type_error(
            "contract",
            "contract text such as \"4SX by N\", or {level, strain, declarer}",
        ));
    }
    let level = convert::integer(&property(value, "level"), "contract.level", 0)?;
    let level = u8::try_from(level)
        .ok()
        .and_then(Level::try_new)
        .ok_or_else(|| Failure::new("Range", "contract.level: expected 1 to 7").about("contract.level"))?;
    let strain = convert::strain(&property(value, "strain")).map_err(|f| f.about("contract.strain"))?;
    let declarer = convert::seat(&property(value, "declarer"), "contract.declarer")?;
    let penalty = property(value, "penalty");
    let penalty = if penalty.is_undefined() || penalty.is_null() {
        Penalty::Undoubled
    } else {
        convert::text(&penalty, "contract.penalty")?
            .trim()
            .parse::<Penalty>()
            .map_err(|e| Failure::from(e).about("contract.penalty"))?
    };
    Ok(Contract::new(level, strain, penalty, declarer))
}

/// `contractScore(contract, vulnerability, tricks)`: the duplicate score
/// of `contract` when declarer's side takes `tricks` (0 to 13), `{contract,
/// level, strain, penalty, declarer, leader, vulnerable, tricks, tricksNeeded,
/// made, result, score, scoreNs}`: `score` declarer's side's, `scoreNs`
/// North-South's, `result` the tricks over (positive) or under (negative)
/// the contract: the facade's `ContractResult`.
pub(crate) fn contract_score(contract_value: &JsValue, vulnerability: &JsValue, tricks: &JsValue) -> JsResult<JsValue> {
    let contract = contract(contract_value)?;
    let vulnerability = convert::vulnerability(vulnerability)?;
    if tricks.is_undefined() {
        return Err(Failure::type_error("tricks", "the tricks declarer's side takes, 0 to 13").into());
    }
    let out_of_range = || Failure::new("Range", "tricks: expected 0 to 13").about("tricks");
    let tricks = u8::try_from(convert::integer(tricks, "tricks", 0)?).map_err(|_| out_of_range())?;
    let result = ContractResult::from_tricks(contract, vulnerability, tricks).ok_or_else(out_of_range)?;
    Ok(Obj::new()
        .set("contract", show(contract))
        .set("level", contract.level.get())
        .set("strain", contract.strain.as_str())
        .set("penalty", contract.penalty.as_str())
        .set("declarer", show(contract.declarer))
        .set("leader", show(contract.leader()))
        .set("vulnerable", contract.is_vulnerable(vulnerability))
        .set("tricks", tricks)
        .set("tricksNeeded", contract.tricks_needed())
        .set("made", contract.is_made(tricks))
        .set("result", result.result)
        .set("score", result.score)
        .set("scoreNs", result.score_ns)
        .into())
}

/// `boardInfo(board)`: the dealer and vulnerability of a board number
/// (from 1; a number or its text), `{board, dealer, vulnerability}`.
pub(crate) fn board_info(board: &JsValue) -> JsResult<JsValue> {
    let range = || Failure::new("Range", "board: expected a board number from 1 on").about("board");
    let number = match board.as_string() {
        Some(text) => text.trim().parse::<u32>().map_err(|_| range())?,
        None => u32::try_from(convert::integer(board, "board", 0)?).map_err(|_| range())?,
    };
    let (Some(dealer), Some(vulnerability)) = (dealer_for_board(number), Vulnerability::for_board(number)) else {
        return Err(range().into());
    };
    Ok(Obj::new().set("board", number).set("dealer", show(dealer)).set("vulnerability", vulnerability.as_str()).into())
}
