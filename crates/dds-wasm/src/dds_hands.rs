//! `parseDdsHands(text)`: the deal lines of DDS's hand files
//! (`PBN dealer vul trump first "deal"`), each read by the model's
//! [`DdsHandLine`].

use dds::model::DdsHandLine;
use js_sys::Array;
use wasm_bindgen::prelude::*;

use crate::convert::{self, array, show, Obj};
use crate::error::{Failure, JsResult};

/// `parseDdsHands(text)`: one object for each line that starts with `PBN`,
/// in order: `{line, deal, dealer, vulnerability, strain, leader}` (`line`
/// from 1, `deal` the deal as written), or `{line, error}` for a line that
/// does not read (the other lines are still read). The other lines (`NUMBER`,
/// `FUT`, `TABLE`, `PAR`, ...) hold DDS's answers and are read past.
pub(crate) fn parse_dds_hands(text: &JsValue) -> JsResult<Array> {
    let text = convert::text(text, "text")?;
    let boards = text.lines().enumerate().filter_map(|(i, line)| {
        let line = line.trim_start_matches('\u{feff}').trim();
        if !line.starts_with(DdsHandLine::TAG) {
            return None;
        }
        let start = Obj::new().set("line", i as u32 + 1);
        Some(match DdsHandLine::parse(line) {
            Ok(read) => start
                .set("deal", read.deal_text.as_str())
                .set("dealer", show(read.dealer))
                .set("vulnerability", read.vulnerability.as_str())
                .set("strain", read.strain.as_str())
                .set("leader", show(read.leader)),
            Err(e) => {
                let label = format!("line {}", i + 1);
                let failure = Failure::from(e);
                let failure = Failure { message: format!("{label}: {}", failure.message), ..failure.about(label) };
                start.set("error", JsValue::from(failure))
            }
        })
    });
    Ok(array(boards.map(JsValue::from)))
}
