//! The result classes: small frozen objects that compare by value, print
//! as their constructor call, and pickle (each `__reduce__` gives the
//! class and its constructor's arguments). Each wraps or converts the
//! facade's own type; one file per area: `solution` (`solve_board`),
//! `play` (`analyse_play`, `best_line`), `par` (par and contract results),
//! `board` (positions), `layouts` (`solve_layouts`).

mod board;
mod layouts;
mod par;
mod play;
mod solution;

pub(crate) use board::{make_board, Board};
pub(crate) use layouts::LayoutSummary;
pub(crate) use par::{ContractResult, Par, ParContract, SidesPar};
pub(crate) use play::{BestLine, LineCard, PlayAnalysis};
pub(crate) use solution::{ScoredCard, Solution};

use dds::model::{Seat, Strain};

/// A seat as `"N"`, `"E"`, `"S"` or `"W"`.
pub(crate) fn seat_text(seat: Seat) -> String {
    seat.to_char().to_string()
}

/// A strain as `"S"`, `"H"`, `"D"`, `"C"` or `"NT"`.
pub(crate) fn strain_text(strain: Strain) -> String {
    strain.as_str().to_owned()
}

/// `repr` of a string list as a Python list literal.
fn repr_list(items: &[String]) -> String {
    let inner: Vec<String> = items.iter().map(|s| format!("'{s}'")).collect();
    format!("[{}]", inner.join(", "))
}

/// `True` or `False`.
fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// Small numbers as a list of ints (a `Vec<u8>` would become `bytes`).
fn ints(values: &[u8]) -> Vec<u32> {
    values.iter().map(|&v| u32::from(v)).collect()
}
