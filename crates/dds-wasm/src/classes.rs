//! The classes: `Solver` (a solver whose transposition table stays warm
//! across calls, as a page playing a deal card by card needs) and `Board`
//! (a valid position: whose turn, the legal cards, the trick so far).

use dds::model::Seat;
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::api;
use crate::convert::{self, strings};
use crate::error::{Failure, JsResult};

/// A solver with its own transposition table, kept between calls on the
/// same deal and strain (the facade's `Solver`). Each method is the
/// module's function of the same name.
#[wasm_bindgen(js_name = Solver)]
#[derive(Debug)]
pub struct WasmSolver {
    inner: dds::Solver,
}

#[wasm_bindgen(js_class = Solver)]
impl WasmSolver {
    /// A solver; `options.memoryMb` bounds its table (64 MiB by default,
    /// allocated as it grows).
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "{ memoryMb?: number }")] options: JsValue,
    ) -> JsResult<WasmSolver> {
        let memory = convert::integer(&convert::property(&options, "memoryMb"), "memoryMb", 64)?;
        if !(1..=1024).contains(&memory) {
            return Err(Failure::new("Range", "memoryMb: expected 1 to 1024").about("memoryMb").into());
        }
        Ok(WasmSolver { inner: dds::Solver::with_memory((memory as usize) << 20) })
    }

    /// The table of a full deal: see the function `ddTable`.
    #[wasm_bindgen(js_name = ddTable, unchecked_return_type = "DdTableResult")]
    pub fn dd_table(&mut self, #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue) -> JsResult<JsValue> {
        api::dd_table(&mut self.inner, &deal)
    }

    /// The table of a position of equal hands: see the function
    /// `positionTable`.
    #[wasm_bindgen(js_name = positionTable, unchecked_return_type = "PositionTableResult")]
    pub fn position_table(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
    ) -> JsResult<JsValue> {
        api::position_table(&mut self.inner, &deal)
    }

    /// The tables of several deals: see the function `ddTables`.
    #[wasm_bindgen(js_name = ddTables, unchecked_return_type = "Array<DdTableResult | DdTableFailure>")]
    pub fn dd_tables(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string[]")] deals: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "ProgressCallback")] on_progress: JsValue,
    ) -> JsResult<Array> {
        api::dd_tables(&mut self.inner, &deals, &on_progress)
    }

    /// Every card's score in a position: see the function `solveBoard`.
    #[wasm_bindgen(js_name = solveBoard, unchecked_return_type = "SolveResult")]
    pub fn solve_board(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
        #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Cards")] played: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] solutions: JsValue,
    ) -> JsResult<JsValue> {
        let board = api::board(&deal, &strain, &leader, &played)?;
        api::solve(&mut self.inner, &board, &target, &solutions)
    }

    /// Every card's score in a `Board`'s position (`target` and `solutions`
    /// as in `solveBoard`).
    #[wasm_bindgen(unchecked_return_type = "SolveResult")]
    pub fn solve(
        &mut self,
        board: &WasmBoard,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] target: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] solutions: JsValue,
    ) -> JsResult<JsValue> {
        api::solve(&mut self.inner, &board.inner, &target, &solutions)
    }

    /// The tricks after each card of a play: see the function `analysePlay`.
    #[wasm_bindgen(js_name = analysePlay, unchecked_return_type = "PlayAnalysisResult")]
    pub fn analyse_play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
        #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Cards")] plays: JsValue,
    ) -> JsResult<JsValue> {
        api::analyse_play(&mut self.inner, &deal, &strain, &leader, &plays)
    }

    /// One line of best play: see the function `bestLine`.
    #[wasm_bindgen(js_name = bestLine, unchecked_return_type = "BestLineResult")]
    pub fn best_line(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
        #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Cards")] played: JsValue,
    ) -> JsResult<JsValue> {
        let board = api::board(&deal, &strain, &leader, &played)?;
        Ok(api::best_line(&mut self.inner, &board))
    }

    /// Both sides' par: see the function `par`.
    #[wasm_bindgen(unchecked_return_type = "SidesParResult")]
    pub fn par(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "TableInput")] table: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "VulnerabilityName")] vulnerability: JsValue,
    ) -> JsResult<JsValue> {
        api::par(&mut self.inner, &table, &vulnerability)
    }

    /// The dealer's par: see the function `dealerPar`.
    #[wasm_bindgen(js_name = dealerPar, unchecked_return_type = "DealerParResult")]
    pub fn dealer_par(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "TableInput")] table: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SeatName")] dealer: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "VulnerabilityName")] vulnerability: JsValue,
    ) -> JsResult<JsValue> {
        api::dealer_par(&mut self.inner, &table, &dealer, &vulnerability)
    }

    /// The printable hand record of a PBN file: see the function
    /// `handRecord`.
    #[wasm_bindgen(js_name = handRecord, unchecked_return_type = "HandRecordResult")]
    pub fn hand_record(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "HandRecordOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        crate::files::hand_record(&mut self.inner, &text, &options)
    }

    /// A PBN file with the double dummy tags: see the function `writePbn`.
    #[wasm_bindgen(js_name = writePbn, unchecked_return_type = "PbnWriteResult")]
    pub fn write_pbn(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string | Uint8Array")] text: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "PbnWriteOptions")] options: JsValue,
    ) -> JsResult<JsValue> {
        crate::files::write_pbn(&mut self.inner, &text, &options)
    }

    /// The search nodes this solver has visited.
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.inner.nodes() as f64
    }
}

/// A position of the play, always valid (the facade's `Board`): the
/// strain, the cards still held, the leader of the current trick and the
/// cards played to it. `after(card)` plays a legal card.
#[wasm_bindgen(js_name = Board)]
#[derive(Debug)]
pub struct WasmBoard {
    inner: dds::Board,
}

#[wasm_bindgen(js_class = Board)]
impl WasmBoard {
    /// The position: `deal` the cards still held (PBN, hands of any size),
    /// `leader` the seat that led to the current trick, `played` the cards
    /// played to it.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "string")] deal: JsValue,
        #[wasm_bindgen(unchecked_param_type = "StrainName")] strain: JsValue,
        #[wasm_bindgen(unchecked_param_type = "SeatName")] leader: JsValue,
        #[wasm_bindgen(unchecked_optional_param_type = "Cards")] played: JsValue,
    ) -> JsResult<WasmBoard> {
        Ok(WasmBoard { inner: api::board(&deal, &strain, &leader, &played)? })
    }

    /// The position after the seat to play plays `card` (an error unless
    /// it is legal).
    pub fn after(&self, #[wasm_bindgen(unchecked_param_type = "string")] card: JsValue) -> JsResult<WasmBoard> {
        let card = convert::card(&card, "card")?;
        Ok(WasmBoard { inner: self.inner.after(card).map_err(Failure::from)? })
    }

    /// The strain: `S`, `H`, `D`, `C` or `NT`.
    #[wasm_bindgen(getter)]
    pub fn strain(&self) -> String {
        self.inner.strain().as_str().to_owned()
    }

    /// The seat that led to the current trick.
    #[wasm_bindgen(getter)]
    pub fn leader(&self) -> String {
        self.inner.leader().to_string()
    }

    /// The seat to play.
    #[wasm_bindgen(getter, js_name = toPlay)]
    pub fn to_play(&self) -> String {
        self.inner.to_play().to_string()
    }

    /// The cards played to the current trick, in order.
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn played(&self) -> Array {
        strings(self.inner.played().iter().map(|c| c.to_string()))
    }

    /// The seat whose card wins the current trick so far (`null` before
    /// its first card).
    #[wasm_bindgen(getter)]
    pub fn winning(&self) -> Option<String> {
        self.inner.winning().map(|s| s.to_string())
    }

    /// The tricks left, the current one included.
    #[wasm_bindgen(getter, js_name = tricksLeft)]
    pub fn tricks_left(&self) -> u8 {
        self.inner.tricks_left()
    }

    /// The cards the seat to play may play.
    #[wasm_bindgen(getter, js_name = legalCards, unchecked_return_type = "string[]")]
    pub fn legal_cards(&self) -> Array {
        strings(self.inner.legal_cards().iter().map(|c| c.to_string()))
    }

    /// The cards still held, as PBN deal text (North first).
    #[wasm_bindgen(getter)]
    pub fn remaining(&self) -> String {
        self.inner.remaining().to_string()
    }

    /// The cards `seat` still holds, as a PBN hand (`AK.Q..T2`).
    pub fn hand(&self, #[wasm_bindgen(unchecked_param_type = "SeatName")] seat: JsValue) -> JsResult<String> {
        let seat: Seat = convert::seat(&seat, "seat")?;
        Ok(self.inner.hand(seat).to_string())
    }

    /// The position as text: `N:... S, led by W, played SA`.
    #[wasm_bindgen(js_name = toString)]
    pub fn to_text(&self) -> String {
        let played: Vec<String> = self.inner.played().iter().map(|c| c.to_string()).collect();
        format!(
            "{} {}, led by {}{}",
            self.inner.remaining(),
            self.inner.strain(),
            self.inner.leader(),
            if played.is_empty() { String::new() } else { format!(", played {}", played.join(" ")) }
        )
    }
}
