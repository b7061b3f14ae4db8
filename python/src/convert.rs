//! From Python's arguments to the solver's types: deals (PBN text, objects
//! with `to_pbn()`, numpy arrays of DDS's bit layout), strains, seats,
//! vulnerabilities, cards, thread counts and the `errors` mode.

use std::num::NonZeroUsize;

use dds::model::{BySeat, ByStrain, Card, Contract, Deal, Holding, Seat, Strain, Suit, Vulnerability};
use dds::{DdTable, Parallel, MAX_THREADS};
use numpy::{PyArray2, PyArray3, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use crate::errors::{Class, Failure};

/// What a batch does with a bad item.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum ErrorMode {
    /// Raise the first bad item's exception before solving anything.
    Raise,
    /// Solve the good items and return the bad items' exceptions.
    Return,
}

/// The `errors` argument: `"raise"` or `"return"`.
pub(crate) fn error_mode(errors: &str) -> PyResult<ErrorMode> {
    match errors {
        "raise" => Ok(ErrorMode::Raise),
        "return" => Ok(ErrorMode::Return),
        other => Err(PyValueError::new_err(format!("errors must be \"raise\" or \"return\", not {other:?}"))),
    }
}

/// The `threads` argument: `None` or 0 for every core, else that many
/// worker threads, at most [`dds::MAX_THREADS`]. Anything else is refused
/// naming `threads`: a `ValueError` for an int out of range (a huge or
/// negative one included), a `TypeError` for what is not an int (a
/// `bool`, a `float`, a string).
pub(crate) fn parallel(threads: Option<&Bound<'_, PyAny>>) -> PyResult<Parallel> {
    let Some(obj) = threads.filter(|t| !t.is_none()) else { return Ok(Parallel::default()) };
    let range = format!("0 (every core) to {MAX_THREADS}");
    let is_int = !obj.is_instance_of::<PyBool>()
        && !obj.is_instance_of::<PyString>()
        && (obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false));
    if !is_int {
        return Err(PyTypeError::new_err(format!(
            "threads must be None or an int from {range}, not {}",
            describe(obj)
        )));
    }
    match obj.extract::<i64>() {
        Ok(n) => match usize::try_from(n) {
            Ok(n) if n <= MAX_THREADS => Ok(Parallel::with_threads(n)),
            _ => Err(PyValueError::new_err(format!("threads must be None or {range}, not {n}"))),
        },
        // An int beyond i64 (2**70, -2**70) is out of range, not of the wrong type.
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
            Err(PyValueError::new_err(format!("threads must be None or {range}, not {}", describe(obj))))
        }
        Err(e) => Err(PyTypeError::new_err(format!(
            "threads must be None or an int from {range}, not {}: {e}",
            describe(obj)
        ))),
    }
}

/// The number of threads a batch runs on, for the size of its chunks.
pub(crate) fn thread_count(settings: &Parallel) -> usize {
    settings
        .threads
        .map(NonZeroUsize::get)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, NonZeroUsize::get))
}

/// An integer argument, if `obj` is one (a Python `int`, an `IntEnum`, a
/// numpy integer).
fn as_int(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if obj.is_instance_of::<PyString>() {
        return None;
    }
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false) {
        return obj.extract::<i64>().ok();
    }
    None
}

/// A text argument, if `obj` is a `str`.
fn as_text(obj: &Bound<'_, PyAny>) -> Option<String> {
    obj.downcast::<PyString>().ok().and_then(|s| s.to_cow().ok().map(|c| c.into_owned()))
}

/// A short description of a bad argument for messages.
fn describe(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map_or_else(|_| "?".to_owned(), |r| r.to_string())
}

/// A strain: `"S"`, `"H"`, `"D"`, `"C"`, `"N"`/`"NT"` (any case), or DDS's
/// number 0 to 4 (spades to clubs, then notrump).
pub(crate) fn strain(obj: &Bound<'_, PyAny>) -> Result<Strain, Failure> {
    let bad = || {
        Failure::new(
            Class::Input,
            "strain",
            format!("bad strain {}: expected S, H, D, C, NT or 0 to 4 (DDS's order)", describe(obj)),
        )
    };
    if let Some(i) = as_int(obj) {
        return usize::try_from(i).ok().and_then(Strain::try_new).ok_or_else(bad);
    }
    as_text(obj).and_then(|t| t.trim().parse().ok()).ok_or_else(bad)
}

/// A seat: `"N"`, `"E"`, `"S"`, `"W"` or the full names (any case), or
/// DDS's number 0 to 3 (North to West).
pub(crate) fn seat(obj: &Bound<'_, PyAny>) -> Result<Seat, Failure> {
    let bad = || {
        Failure::new(
            Class::Input,
            "seat",
            format!("bad seat {}: expected N, E, S, W or 0 to 3 (North to West)", describe(obj)),
        )
    };
    if let Some(i) = as_int(obj) {
        return usize::try_from(i).ok().and_then(Seat::try_new).ok_or_else(bad);
    }
    as_text(obj).and_then(|t| t.trim().parse().ok()).ok_or_else(bad)
}

/// A vulnerability: `"None"`, `"NS"`, `"EW"`, `"All"`/`"Both"` (any case;
/// also `"-"` and `"Love"`), or DDS's number (0 none, 1 both, 2 NS, 3 EW,
/// as endplay's `Vul`).
pub(crate) fn vulnerability(obj: &Bound<'_, PyAny>) -> Result<Vulnerability, Failure> {
    let bad = || {
        Failure::new(
            Class::Input,
            "vulnerability",
            format!(
                "bad vulnerability {}: expected None, NS, EW, All (or Both), or DDS's 0 none, 1 both, 2 NS, 3 EW",
                describe(obj)
            ),
        )
    };
    if let Some(i) = as_int(obj) {
        return u8::try_from(i).ok().and_then(Vulnerability::from_dds).ok_or_else(bad);
    }
    as_text(obj).and_then(|t| t.trim().parse().ok()).ok_or_else(bad)
}

/// Cards: one string (`"SQ D2 S8"`, `"SQD2S8"`, tens as `T` or `10`) or a
/// sequence of card strings.
pub(crate) fn cards(obj: &Bound<'_, PyAny>) -> Result<Vec<Card>, Failure> {
    let bad = |why: String| Failure::new(Class::Input, "card", why);
    if let Some(text) = as_text(obj) {
        return Card::parse_list(&text).map_err(|e| bad(e.to_string()));
    }
    let iter = obj.try_iter().map_err(|_| {
        bad(format!("bad cards {}: expected a string such as \"SA HK\" or a sequence of cards", describe(obj)))
    })?;
    let mut out = Vec::new();
    for (i, item) in iter.enumerate() {
        let item = item.map_err(|e| bad(e.to_string()))?;
        let text = as_text(&item).ok_or_else(|| {
            bad(format!("card {} of the list is {}, not a string such as \"SA\"", i + 1, describe(&item)))
        })?;
        let card =
            text.trim().parse::<Card>().map_err(|_| bad(format!("card {} of the list: bad card {text:?}", i + 1)))?;
        out.push(card);
    }
    Ok(out)
}

/// A contract: `"4SX by W"`, `"3NT S"`, `"6HXX-N"`, ...
pub(crate) fn contract(obj: &Bound<'_, PyAny>) -> Result<Contract, Failure> {
    let bad = || {
        Failure::new(
            Class::Input,
            "contract",
            format!("bad contract {}: expected level, strain, X or XX, declarer, as \"4SX by W\"", describe(obj)),
        )
    };
    as_text(obj).and_then(|t| t.parse().ok()).ok_or_else(bad)
}

/// Whether a deal argument must be a full deal of 52 cards.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Need {
    /// 13 cards in each hand (tables, par, contract results).
    Full,
    /// The cards still held, hands of any size (positions, play).
    Remaining,
}

/// A deal from PBN text, checked as `need` says.
pub(crate) fn deal_from_text(text: &str, need: Need) -> Result<Deal, Failure> {
    let deal = match need {
        Need::Full => text.trim().parse::<Deal>().map_err(|e| Failure::from_dds(&e.into()))?,
        Need::Remaining => Deal::from_pbn_remaining(text.trim()).map_err(|e| Failure::from_dds(&e.into()))?,
    };
    check(deal, need)
}

/// `deal` checked as `need` says: a full deal by the facade's rule
/// (`dds::full_deal`), so that a batch checks every deal before it solves
/// any, with the errors the solving calls give.
fn check(deal: Deal, need: Need) -> Result<Deal, Failure> {
    match need {
        Need::Full => dds::full_deal(&deal).map_err(|e| Failure::from_dds(&e)),
        _ => Ok(deal),
    }
}

/// A deal from DDS's bit layout: `bits[seat][suit]` with seats N, E, S,
/// W, suits S, H, D, C, the rank of value `r` (2 to 14) at bit `r`.
pub(crate) fn deal_from_bits(bits: &[[i64; 4]; 4], need: Need) -> Result<Deal, Failure> {
    let mut words = [[0u32; 4]; 4];
    for (seat, row) in Seat::ALL.into_iter().zip(bits) {
        for (suit, &value) in Suit::ALL.into_iter().zip(row) {
            // Which bits hold ranks is the model's rule (`Holding::from_dds_bits`);
            // the check is made word by word to name the seat and suit.
            let word = u32::try_from(value).ok().filter(|&v| Holding::from_dds_bits(v).is_some());
            let Some(word) = word else {
                return Err(Failure::new(
                    Class::Deal,
                    "bad_bits",
                    format!(
                        "bad bits {value:#x} for {} in {}: DDS's layout holds the rank of value r (2 to 14) at bit r",
                        seat.name(),
                        suit.name(),
                    ),
                ));
            };
            words[seat.index()][suit.index()] = word;
        }
    }
    // Every word passed the model's check: the layout converts.
    let deal = Deal::from_dds_bits(&words).unwrap_or_default();
    check(deal, need)
}

/// One deal argument: PBN text, an object with a `to_pbn()` method (such
/// as endplay's `Deal`), or a (4, 4) array of DDS's bit layout (a numpy
/// array of any integer type or nested lists).
pub(crate) fn deal(obj: &Bound<'_, PyAny>, need: Need) -> Result<Deal, Failure> {
    if let Some(text) = as_text(obj) {
        return deal_from_text(&text, need);
    }
    if obj.is_instance_of::<PyUntypedArray>() {
        let array = int64_array(obj)?;
        let Ok(array) = array.downcast::<PyArray2<i64>>() else {
            return Err(shape_error(obj, "(4, 4)"));
        };
        let view = array.readonly();
        let view = view.as_array();
        if view.shape() != [4, 4] {
            return Err(shape_error(obj, "(4, 4)"));
        }
        let bits: [[i64; 4]; 4] = std::array::from_fn(|h| std::array::from_fn(|s| view[[h, s]]));
        return deal_from_bits(&bits, need);
    }
    if obj.hasattr("to_pbn").unwrap_or(false) {
        let text = obj
            .call_method0("to_pbn")
            .and_then(|t| t.extract::<String>())
            .map_err(|e| Failure::new(Class::Deal, "to_pbn", format!("the deal's to_pbn() failed: {e}")))?;
        return deal_from_text(&text, need);
    }
    if let Ok(bits) = obj.extract::<[[i64; 4]; 4]>() {
        return deal_from_bits(&bits, need);
    }
    Err(Failure::new(
        Class::Deal,
        "type",
        format!(
            "bad deal {}: expected PBN text such as \"N:AKQ... ...\", an object with to_pbn(), or a (4, 4) array of \
             DDS's bit layout",
            describe(obj)
        ),
    ))
}

/// A numpy array of integers as an array of `i64` (a copy unless it is
/// one already); a `DealError` for an array of another kind.
fn int64_array<'py>(obj: &Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>, Failure> {
    let kind =
        obj.getattr("dtype").and_then(|d| d.getattr("kind")).and_then(|k| k.extract::<String>()).unwrap_or_default();
    if kind != "u" && kind != "i" {
        return Err(Failure::new(
            Class::Deal,
            "type",
            format!("a deal array must hold integers (DDS's bit layout), not dtype kind {kind:?}"),
        ));
    }
    obj.call_method1("astype", ("int64",))
        .map_err(|e| Failure::new(Class::Deal, "type", format!("cannot read the deal array: {e}")))
}

/// The error for an array of the wrong shape.
fn shape_error(obj: &Bound<'_, PyAny>, want: &str) -> Failure {
    let shape = obj.downcast::<PyUntypedArray>().map(|a| format!("{:?}", a.shape())).unwrap_or_else(|_| "?".to_owned());
    Failure::new(Class::Deal, "shape", format!("a deal array must have shape {want}, not {shape}"))
}

/// The deals of a batch argument, one result per deal: a sequence (or any
/// iterable) of deals as [`deal`] reads them, or an (n, 4, 4) array of
/// DDS's bit layout. A single string is refused (it would be read as a
/// sequence of characters).
pub(crate) fn deals(obj: &Bound<'_, PyAny>, need: Need) -> PyResult<Vec<Result<Deal, Failure>>> {
    if obj.is_instance_of::<PyString>() {
        return Err(PyTypeError::new_err(
            "deals must be a sequence of deals or an (n, 4, 4) array, not one string (use dd_table for one deal)",
        ));
    }
    if obj.is_instance_of::<PyUntypedArray>() {
        let ndim = obj.downcast::<PyUntypedArray>().map(|a| a.ndim()).unwrap_or(0);
        if ndim != 3 {
            let shape = shape_error(obj, "(n, 4, 4)");
            return Err(PyValueError::new_err(shape.reason));
        }
        if let Ok(array) = obj.downcast::<PyArray3<u32>>() {
            let view = array.readonly();
            let view = view.as_array();
            if view.shape()[1..] != [4, 4] {
                return Err(PyValueError::new_err(shape_error(obj, "(n, 4, 4)").reason));
            }
            return Ok(view
                .outer_iter()
                .map(|d| {
                    let bits: [[i64; 4]; 4] = std::array::from_fn(|h| std::array::from_fn(|s| i64::from(d[[h, s]])));
                    deal_from_bits(&bits, need)
                })
                .collect());
        }
        let converted = int64_array(obj).map_err(|f| PyTypeError::new_err(f.reason))?;
        let array = converted.downcast::<PyArray3<i64>>().map_err(PyErr::from)?;
        let view = array.readonly();
        let view = view.as_array();
        if view.shape()[1..] != [4, 4] {
            return Err(PyValueError::new_err(shape_error(obj, "(n, 4, 4)").reason));
        }
        return Ok(view
            .outer_iter()
            .map(|d| {
                let bits: [[i64; 4]; 4] = std::array::from_fn(|h| std::array::from_fn(|s| d[[h, s]]));
                deal_from_bits(&bits, need)
            })
            .collect());
    }
    let iter = obj.try_iter().map_err(|_| {
        PyTypeError::new_err(format!("deals must be a sequence of deals or an (n, 4, 4) array, not {}", describe(obj)))
    })?;
    let mut out = Vec::new();
    for item in iter {
        out.push(deal(&item?, need));
    }
    Ok(out)
}

/// One entry of a table argument as read, before its range is checked.
#[derive(Clone, Debug)]
enum Entry {
    /// An integer (a Python `int`, a numpy integer).
    Int(i64),
    /// An integer beyond `i64`, as its repr.
    Huge(String),
    /// A float: a number of tricks only if it is whole.
    Float(f64),
    /// Anything else (a bool, a string, None), as its repr.
    Bad(String),
}

/// One entry of a table given as Python objects.
fn entry(obj: &Bound<'_, PyAny>) -> Entry {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyString>() {
        return Entry::Bad(describe(obj));
    }
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__").unwrap_or(false) {
        return match obj.extract::<i64>() {
            Ok(t) => Entry::Int(t),
            Err(_) => Entry::Huge(describe(obj)),
        };
    }
    // A Python float, or a numpy float (no __index__).
    if obj.is_instance_of::<PyFloat>() || obj.hasattr("is_integer").unwrap_or(false) {
        if let Ok(x) = obj.extract::<f64>() {
            return Entry::Float(x);
        }
    }
    Entry::Bad(describe(obj))
}

/// An entry's tricks: an int from 0 to 13, or a float holding one (7.0 is
/// 7; 7.9, NaN and infinities are refused, not truncated).
fn entry_tricks(entry: Entry, strain: Strain, seat: Seat) -> Result<u8, Failure> {
    let at = format!("for {} in {strain}", seat.name());
    let bad = |why: String| Failure::new(Class::Input, "table", why);
    let out_of_range =
        |t: &dyn std::fmt::Display| bad(format!("a table entry is out of range: {t} tricks {at} (0 to 13)"));
    match entry {
        Entry::Int(t) => u8::try_from(t).ok().filter(|&t| t <= 13).ok_or_else(|| out_of_range(&t)),
        Entry::Huge(text) => Err(out_of_range(&text)),
        Entry::Float(x) if !x.is_finite() => {
            Err(bad(format!("a table entry is not a number of tricks: {x} {at} (0 to 13)")))
        }
        Entry::Float(x) if x.fract() != 0.0 => {
            Err(bad(format!("a table entry is not a whole number of tricks: {x} {at} (0 to 13)")))
        }
        // Whole and finite: 7.0 is 7 (-0.0 is 0).
        Entry::Float(x) => {
            if (0.0..=13.0).contains(&x) {
                Ok(x as u8)
            } else {
                Err(out_of_range(&x))
            }
        }
        Entry::Bad(text) => Err(bad(format!("a table entry is not a number of tricks: {text} {at} (0 to 13)"))),
    }
}

/// The (5, 4) entries of a numpy array of numbers: integers as they are,
/// floats as floats (checked to be whole later); any other dtype is read
/// entry by entry from `tolist()`.
fn array_entries(obj: &Bound<'_, PyAny>) -> Result<[[Entry; 4]; 5], Failure> {
    let bad = |why: String| Failure::new(Class::Input, "table", why);
    let shape = obj.downcast::<PyUntypedArray>().map(|a| a.shape().to_vec()).unwrap_or_default();
    if shape != [5, 4] {
        // Python's way of writing a shape: (4, 5), (20,).
        let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
        let shape = if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
        return Err(bad(format!("a table must have shape (5, 4) (strains S, H, D, C, NT by N, E, S, W), not {shape}")));
    }
    let read = |e: PyErr| bad(format!("cannot read the table: {e}"));
    if let Ok(array) = obj.downcast::<PyArray2<u8>>() {
        // dd_tables' and dd_table's own dtype: no copy.
        let view = array.readonly();
        let view = view.as_array();
        return Ok(std::array::from_fn(|s| std::array::from_fn(|d| Entry::Int(i64::from(view[[s, d]])))));
    }
    let kind =
        obj.getattr("dtype").and_then(|d| d.getattr("kind")).and_then(|k| k.extract::<String>()).unwrap_or_default();
    match kind.as_str() {
        "i" => {
            let array = obj.call_method1("astype", ("int64",)).map_err(read)?;
            let array = array.downcast::<PyArray2<i64>>().map_err(|e| read(e.into()))?;
            let view = array.readonly();
            let view = view.as_array();
            Ok(std::array::from_fn(|s| std::array::from_fn(|d| Entry::Int(view[[s, d]]))))
        }
        "u" => {
            let array = obj.call_method1("astype", ("uint64",)).map_err(read)?;
            let array = array.downcast::<PyArray2<u64>>().map_err(|e| read(e.into()))?;
            let view = array.readonly();
            let view = view.as_array();
            Ok(std::array::from_fn(|s| {
                std::array::from_fn(|d| {
                    let t = view[[s, d]];
                    i64::try_from(t).map_or_else(|_| Entry::Huge(t.to_string()), Entry::Int)
                })
            }))
        }
        "f" => {
            let array = obj.call_method1("astype", ("float64",)).map_err(read)?;
            let array = array.downcast::<PyArray2<f64>>().map_err(|e| read(e.into()))?;
            let view = array.readonly();
            let view = view.as_array();
            Ok(std::array::from_fn(|s| std::array::from_fn(|d| Entry::Float(view[[s, d]]))))
        }
        // Booleans, objects, strings, complex numbers: entry by entry,
        // where each is refused unless it is a number of tricks.
        _ => sequence_entries(&obj.call_method0("tolist").map_err(read)?),
    }
}

/// The (5, 4) entries of nested sequences.
fn sequence_entries(obj: &Bound<'_, PyAny>) -> Result<[[Entry; 4]; 5], Failure> {
    let rows = obj.extract::<[[Bound<'_, PyAny>; 4]; 5]>().map_err(|_| {
        Failure::new(
            Class::Input,
            "table",
            format!(
                "bad table {}: expected a (5, 4) array of tricks, strains S, H, D, C, NT by declarers N, E, S, W",
                describe(obj)
            ),
        )
    })?;
    Ok(rows.map(|row| row.map(|e| entry(&e))))
}

/// A double dummy table argument: a (5, 4) array-like of tricks (strains
/// S, H, D, C, NT by declarers N, E, S, W, as DDS's `resTable`), of ints
/// (any numpy integer dtype) or of floats holding whole numbers (7.0;
/// 7.9, NaN and infinities are refused, never truncated); each entry 0
/// to 13.
pub(crate) fn table(obj: &Bound<'_, PyAny>) -> Result<DdTable, Failure> {
    let rows = if obj.is_instance_of::<PyUntypedArray>() { array_entries(obj)? } else { sequence_entries(obj)? };
    let mut tricks = ByStrain::from_fn(|_| BySeat([0u8; 4]));
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            let entry = rows[strain.index()][seat.index()].clone();
            tricks[strain][seat] = entry_tricks(entry, strain, seat)?;
        }
    }
    DdTable::new(tricks).map_err(|e| Failure::from_dds(&e))
}

/// The table's 20 entries in DDS's order (strains S, H, D, C, NT; declarers
/// N, E, S, W).
pub(crate) fn table_entries(table: &DdTable) -> [u8; 20] {
    std::array::from_fn(|i| table.tricks(Strain::ALL[i / 4], Seat::ALL[i % 4]))
}
