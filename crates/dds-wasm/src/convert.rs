//! Conversions between JavaScript values and the facade's types: reading
//! arguments (each with the model's parser, so that a bad seat or strain
//! gets the model's message, the one the `dds` command prints) and
//! building the plain objects the functions return.

use dds::model::{parse_lin, BySeat, ByStrain, Card, Deal, Seat, Strain, Vulnerability};
use dds::par::{Par, ParContract, SidesPar};
use dds::{DdTable, Solution};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::error::Failure;

/// A string argument.
pub(crate) fn text(value: &JsValue, argument: &str) -> Result<String, Failure> {
    value.as_string().ok_or_else(|| Failure::type_error(argument, &format!("a string, got {}", describe(value))))
}

/// A short description of a value for messages: its type, or the value
/// itself for a number or a boolean.
fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".to_owned()
    } else if value.is_null() {
        "null".to_owned()
    } else if let Some(n) = value.as_f64() {
        format!("the number {n}")
    } else if let Some(b) = value.as_bool() {
        format!("{b}")
    } else if Array::is_array(value) {
        "an array".to_owned()
    } else {
        value
            .js_typeof()
            .as_string()
            .map_or_else(|| "a value of another type".to_owned(), |t| format!("a value of type {t}"))
    }
}

/// A value parsed from a string argument by the model's `FromStr`.
fn parsed<T: std::str::FromStr>(value: &JsValue, argument: &str) -> Result<T, Failure>
where
    Failure: From<T::Err>,
{
    text(value, argument)?.trim().parse::<T>().map_err(|e| Failure::from(e).about(argument))
}

/// A strain: `S`, `H`, `D`, `C`, `N` or `NT` (any case).
pub(crate) fn strain(value: &JsValue) -> Result<Strain, Failure> {
    parsed(value, "strain")
}

/// A seat: `N`, `E`, `S`, `W` or a full name.
pub(crate) fn seat(value: &JsValue, argument: &str) -> Result<Seat, Failure> {
    parsed(value, argument)
}

/// A vulnerability: `None`, `NS`, `EW`, `All` or `Both` (any case);
/// `None` when the argument is left out.
pub(crate) fn vulnerability(value: &JsValue) -> Result<Vulnerability, Failure> {
    if value.is_undefined() {
        return Ok(Vulnerability::None);
    }
    parsed(value, "vulnerability")
}

/// Cards: an array of cards (`["SA", "HT"]`), each in a form the model's
/// card parser takes; none when left out. A string is a type error, even
/// one that reads as cards: a list of played cards is an array, so that a
/// deal or a single card passed in its place is not read as cards.
pub(crate) fn cards(value: &JsValue, argument: &str) -> Result<Vec<Card>, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !Array::is_array(value) {
        let got = match value.as_string() {
            Some(text) => {
                let shown: String = text.chars().take(30).collect();
                let more = if text.chars().count() > 30 { "..." } else { "" };
                format!("the string {shown:?}{more}")
            }
            None => describe(value),
        };
        return Err(Failure::type_error(argument, &format!("an array of cards such as [\"SA\", \"HT\"], got {got}")));
    }
    Array::from(value).iter().enumerate().map(|(i, card)| parsed::<Card>(&card, &format!("{argument}[{i}]"))).collect()
}

/// One card: a string such as `"SA"` or `"H10"`.
pub(crate) fn card(value: &JsValue, argument: &str) -> Result<Card, Failure> {
    parsed(value, argument)
}

/// A whole number, `default` when the argument is left out.
pub(crate) fn integer(value: &JsValue, argument: &str, default: i64) -> Result<i64, Failure> {
    if value.is_undefined() || value.is_null() {
        return Ok(default);
    }
    match value.as_f64() {
        Some(n) if n.fract() == 0.0 && n.abs() < 9.0e15 => Ok(n as i64),
        _ => Err(Failure::type_error(argument, &format!("a whole number, got {}", describe(value)))),
    }
}

/// A property of an options object (`undefined` when the object is left
/// out or lacks it).
pub(crate) fn property(options: &JsValue, name: &str) -> JsValue {
    if options.is_object() {
        Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

/// A full deal: PBN deal text (`N:... ... ... ...`) or a LIN text of one
/// board (`md|...|`), checked as [`dds::full_deal`] checks it.
pub(crate) fn full_deal(text: &str, argument: &str) -> Result<Deal, Failure> {
    let about = |f: Failure| f.about(argument);
    let deal = if dds::model::is_lin(text) {
        let mut boards = parse_lin(text);
        if boards.len() != 1 {
            let message = format!("the LIN text holds {} boards: give one (parseLin reads them all)", boards.len());
            return Err(about(Failure::new("Lin", message)));
        }
        boards.remove(0).map_err(|e| about(e.into()))?.deal
    } else {
        text.trim().parse::<Deal>().map_err(|e| about(e.into()))?
    };
    dds::full_deal(&deal).map_err(|e| about(e.into()))
}

/// A deal argument that must be a full deal.
pub(crate) fn full_deal_arg(value: &JsValue, argument: &str) -> Result<Deal, Failure> {
    full_deal(&text(value, argument)?, argument)
}

/// The cards still held in a position: PBN deal text whose hands may
/// differ in size ([`Deal::from_pbn_remaining`]).
pub(crate) fn remaining_deal(value: &JsValue, argument: &str) -> Result<Deal, Failure> {
    Deal::from_pbn_remaining(text(value, argument)?.trim()).map_err(|e| Failure::from(e).about(argument))
}

/// A double dummy table given by the caller: an object of strains
/// (`{S: {N, E, S, W}, ..., NT: {...}}`, `N` standing for `NT`), the
/// 5 x 4 array of DDS (strains S, H, D, C, NT; declarers N, E, S, W), or
/// an object holding either as `tricks` or `rows` (what [`table`]
/// returns). [`DdTable::new`] checks the numbers.
pub(crate) fn given_table(value: &JsValue, argument: &str) -> Result<DdTable, Failure> {
    let expected = "a double dummy table: {S: {N, E, S, W}, H, D, C, NT} or a 5 x 4 array";
    let number = |v: JsValue, at: String| -> Result<u8, Failure> {
        match v.as_f64() {
            Some(n) if n.fract() == 0.0 && (0.0..=255.0).contains(&n) => Ok(n as u8),
            _ => Err(Failure::type_error(&at, &format!("a number of tricks, got {}", describe(&v)))),
        }
    };
    let mut tricks = ByStrain::<BySeat<u8>>::default();
    let rows = property(value, "rows");
    let value = if Array::is_array(&rows) { &rows } else { value };
    if Array::is_array(value) {
        let rows = Array::from(value);
        if rows.length() != 5 {
            return Err(Failure::type_error(argument, expected));
        }
        for strain in Strain::ALL {
            let row = rows.get(strain.index() as u32);
            if !Array::is_array(&row) || Array::from(&row).length() != 4 {
                return Err(Failure::type_error(argument, expected));
            }
            let row = Array::from(&row);
            for seat in Seat::ALL {
                let at = format!("{argument}[{}][{}]", strain.index(), seat.index());
                tricks[strain][seat] = number(row.get(seat.index() as u32), at)?;
            }
        }
    } else {
        let strains = property(value, "tricks");
        let strains = if strains.is_object() { strains } else { value.clone() };
        if !strains.is_object() {
            return Err(Failure::type_error(argument, &format!("{expected}, got {}", describe(value))));
        }
        for strain in Strain::ALL {
            let mut row = property(&strains, strain.as_str());
            if row.is_undefined() && strain == Strain::NoTrump {
                row = property(&strains, "N");
            }
            if !row.is_object() {
                return Err(Failure::type_error(&format!("{argument}.{strain}"), "the tricks of N, E, S and W"));
            }
            for seat in Seat::ALL {
                let at = format!("{argument}.{strain}.{seat}");
                tricks[strain][seat] = number(property(&row, &seat.to_string()), at)?;
            }
        }
    }
    DdTable::new(tricks).map_err(|e| Failure::from(e).about(argument))
}

/// A table argument, or a deal (text) whose table is solved by `solve`.
pub(crate) fn table_or_deal(
    value: &JsValue,
    solve: impl FnOnce(&Deal) -> Result<DdTable, dds::Error>,
) -> Result<DdTable, Failure> {
    match value.as_string() {
        Some(text) => {
            let deal = full_deal(&text, "deal")?;
            Ok(solve(&deal)?)
        }
        None => given_table(value, "table"),
    }
}

/// A plain object built a property at a time.
pub(crate) struct Obj(Object);

impl Obj {
    pub(crate) fn new() -> Obj {
        Obj(Object::new())
    }

    /// Sets `key` (on a plain object this cannot fail).
    pub(crate) fn set(self, key: &str, value: impl Into<JsValue>) -> Obj {
        let _ = Reflect::set(&self.0, &JsValue::from_str(key), &value.into());
        self
    }
}

impl From<Obj> for JsValue {
    fn from(obj: Obj) -> JsValue {
        obj.0.into()
    }
}

/// An array of the values.
pub(crate) fn array<T: Into<JsValue>>(values: impl IntoIterator<Item = T>) -> Array {
    values.into_iter().map(Into::into).collect()
}

/// An array of strings.
pub(crate) fn strings<S: AsRef<str>>(values: impl IntoIterator<Item = S>) -> Array {
    values.into_iter().map(|s| JsValue::from_str(s.as_ref())).collect()
}

/// A card, a seat, anything shown as text.
pub(crate) fn show(value: impl std::fmt::Display) -> JsValue {
    JsValue::from_str(&value.to_string())
}

/// A table as returned: `{deal, tricks: {S: {N, E, S, W}, H, D, C, NT},
/// rows}`, `rows` being DDS's 5 x 4 array (strains S, H, D, C, NT;
/// declarers N, E, S, W). `deal` is left out for a table given by the
/// caller.
pub(crate) fn table(deal: Option<&Deal>, table: &DdTable) -> Obj {
    let mut tricks = Obj::new();
    let rows = Array::new();
    for strain in Strain::ALL {
        let mut row = Obj::new();
        for seat in Seat::ALL {
            row = row.set(&seat.to_string(), table.tricks(strain, seat));
        }
        tricks = tricks.set(strain.as_str(), row);
        rows.push(&array(Seat::ALL.map(|seat| table.tricks(strain, seat))));
    }
    let mut out = Obj::new();
    if let Some(deal) = deal {
        out = out.set("deal", show(deal));
    }
    out.set("tricks", tricks).set("rows", rows)
}

/// A solution of `solve_board`: `{cards: [{card, tricks, equals}],
/// forced, nodes}`, `tricks` `null` when no search was asked for, `equals`
/// the lower equivalent cards, highest first (as `dds solve --json`).
pub(crate) fn solution(solution: &Solution) -> JsValue {
    let cards = solution.cards.iter().map(|c| {
        let tricks = c.tricks.map_or(JsValue::NULL, JsValue::from);
        Obj::new()
            .set("card", show(c.card))
            .set("tricks", tricks)
            .set("equals", strings(c.equals.iter().rev().map(|e| e.to_string())))
    });
    Obj::new().set("cards", array(cards)).set("forced", solution.forced).set("nodes", solution.nodes as f64).into()
}

/// A par contract: `{level, strain, declarer, doubled, result, text}`, as
/// the `dds par --json` record writes it (`text`: DDS's DealerPar form).
fn contract(c: &ParContract) -> JsValue {
    Obj::new()
        .set("level", c.level.get())
        .set("strain", c.strain.as_str())
        .set("declarer", show(c.declarer))
        .set("doubled", c.doubled)
        .set("result", c.result)
        .set("text", c.dealer_text())
        .into()
}

/// A par result: `{score, contracts}`, the score North-South's.
pub(crate) fn par_value(par: &Par) -> Obj {
    Obj::new().set("score", par.score).set("contracts", array(par.contracts.iter().map(contract)))
}

/// Both sides' par (DDS's Par and SidesPar): `{nsFirst, ewFirst,
/// scoreTexts, contractTexts, sidesTexts}`.
pub(crate) fn sides_par(par: &SidesPar) -> JsValue {
    let [ns, ew] = par.sides_texts();
    Obj::new()
        .set("nsFirst", par_value(&par.ns_first))
        .set("ewFirst", par_value(&par.ew_first))
        .set("scoreTexts", strings(par.score_texts()))
        .set("contractTexts", strings(par.contract_texts()))
        .set("sidesTexts", array([strings(ns), strings(ew)]))
        .into()
}

/// The dealer's par (DDS's DealerPar): `{score, contracts, texts, text,
/// parContract}`: `texts` DDS's strings, `text` the readable form (`Par
/// -110: EW 2S`), `parContract` the `ParContract` tag's value (`EW 2S`,
/// `Pass`).
pub(crate) fn dealer_par(par: &Par) -> JsValue {
    par_value(par)
        .set("texts", strings(par.dealer_texts()))
        .set("text", par.to_string())
        .set("parContract", dds::pbn::par_contracts(par))
        .into()
}
