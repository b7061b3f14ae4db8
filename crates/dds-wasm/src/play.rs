//! `replay(deal, strain, leader, plays)`: a play sequence walked with the
//! facade's [`Board`] (`Board::after` checks each card), and what the
//! boards say along the way: each trick's leader, cards and winner (the
//! leader of the board after its fourth card), the tricks each side has
//! won and the final position. Nothing here decides a rule of play: a
//! card is legal when `Board::after` plays it, a trick is over when the
//! board's trick is empty again, and its winner is whom the board has on
//! lead.

use dds::model::{Seat, Side};
use dds::Board;
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::api;
use crate::convert::{self, array, show, strings, Obj};
use crate::error::{Failure, JsResult};

/// A trick as an object: `{leader, cards, seats}` (`seats[i]` the seat
/// that played `cards[i]`), with `winner` once it is over and `winning`
/// (the seat winning so far, `null` before the lead) while it is in
/// progress.
fn trick(leader: Seat, cards: &[dds::Card], seats: &[Seat]) -> Obj {
    Obj::new()
        .set("leader", show(leader))
        .set("cards", strings(cards.iter().map(|c| c.to_string())))
        .set("seats", array(seats.iter().map(|&s| show(s))))
}

/// `replay(...)`: `{tricks, current, toPlay, legalCards, tricksWon,
/// tricksLeft, finished, remaining, hands, plays, error}`. A card that
/// cannot be played (not held, a revoke, no cards left) ends the replay:
/// the result is the position before it, `plays` the cards played and
/// `error` the facade's error (kind `Position`, argument `plays[i]`);
/// `error` is `null` when every card was played. Bad arguments throw.
pub(crate) fn replay(deal: &JsValue, strain: &JsValue, leader: &JsValue, plays: &JsValue) -> JsResult<JsValue> {
    let mut board: Board = api::board(deal, strain, leader, &JsValue::UNDEFINED)?;
    let cards = convert::cards(plays, "plays")?;
    let tricks = Array::new();
    let (mut ns, mut ew) = (0u32, 0u32);
    let mut played = Vec::with_capacity(cards.len());
    let mut error = JsValue::NULL;
    // The seats that played the cards of the trick in progress: the board's
    // seat to play before each (the replay starts at a trick's start).
    let mut seats = Vec::with_capacity(4);
    for (i, &card) in cards.iter().enumerate() {
        let seat = board.to_play();
        let (trick_leader, mut trick_cards) = (board.leader(), board.played());
        let next = match board.after(card) {
            Ok(next) => next,
            Err(e) => {
                error = Failure::from(e).about(format!("plays[{i}]")).into();
                break;
            }
        };
        played.push(card);
        seats.push(seat);
        if next.played().is_empty() {
            // The card ended its trick: the board's new leader won it.
            trick_cards.push(card);
            let winner = next.leader();
            match winner.side() {
                Side::NorthSouth => ns += 1,
                Side::EastWest => ew += 1,
            }
            tricks.push(&trick(trick_leader, &trick_cards, &seats).set("winner", show(winner)).into());
            seats.clear();
        }
        board = next;
    }
    let finished = board.tricks_left() == 0;
    let hands = Seat::ALL.iter().fold(Obj::new(), |obj, &seat| {
        obj.set(&seat.to_string(), strings(board.hand(seat).iter().map(|c| c.to_string())))
    });
    let current =
        trick(board.leader(), &board.played(), &seats).set("winning", board.winning().map_or(JsValue::NULL, show));
    Ok(Obj::new()
        .set("tricks", tricks)
        .set("current", current)
        .set("toPlay", if finished { JsValue::NULL } else { show(board.to_play()) })
        .set("legalCards", strings(board.legal_cards().iter().map(|c| c.to_string())))
        .set("tricksWon", Obj::new().set(Side::NorthSouth.as_str(), ns).set(Side::EastWest.as_str(), ew))
        .set("tricksLeft", board.tricks_left())
        .set("finished", finished)
        .set("remaining", show(board.remaining()))
        .set("hands", hands)
        .set("plays", array(played.iter().map(|&c| show(c))))
        .set("error", error)
        .into())
}
