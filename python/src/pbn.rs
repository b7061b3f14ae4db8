//! Boards and PBN files as the model reads them: `board_info` (a board
//! number's dealer and vulnerability), `parse_pbn` (a PBN file's games
//! read as boards, `PbnRecord`), and `parse_seat` / `parse_vulnerability`
//! (a seat's or a vulnerability's names), and `_pbn_first_seat` (the seat
//! a PBN deal's text starts from), and `detect_format` (the format of a
//! text of deals, the `dds` command's). Every rule is the model's
//! (`dealer_for_board`, `Vulnerability::for_board`, `PbnFile::records`
//! with PBN's `#` copy rule, the names' `FromStr`, `InputFormat`); this
//! file converts.

use dds::model::{dealer_for_board, InputFormat, PbnCharset, PbnDeal, PbnFile, Vulnerability};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple, PyType};

use crate::convert;
use crate::errors::{Class, Failure};
use crate::types::seat_text;

/// The dealer and vulnerability of a duplicate board number (from 1):
/// `(dealer, vulnerability)`, as `("E", "NS")` for board 2; boards repeat
/// every 16. A number below 1 (or not an int) raises `InputError` (kind
/// `"board"`).
///
/// >>> board_info(2)
/// ('E', 'NS')
/// >>> board_info(17)
/// ('N', 'None')
#[pyfunction]
pub(crate) fn board_info(py: Python<'_>, board: &Bound<'_, PyAny>) -> PyResult<(String, &'static str)> {
    let number = board.extract::<i64>().ok().filter(|_| !board.is_instance_of::<pyo3::types::PyBool>());
    let info = number
        .and_then(|n| u32::try_from(n).ok())
        .and_then(|n| Some((dealer_for_board(n)?, Vulnerability::for_board(n)?)));
    match info {
        Some((dealer, vulnerability)) => Ok((seat_text(dealer), vulnerability.as_str())),
        None => {
            let shown = board.repr().map(|r| r.to_string()).unwrap_or_else(|_| "?".to_owned());
            let reason = format!("bad board {shown}: expected a board number from 1 on");
            Err(Failure::new(Class::Input, "board", reason).to_pyerr(py, None))
        }
    }
}

/// A seat's letter (`"N"`, `"E"`, `"S"` or `"W"`) from any of its names
/// (`"n"`, `"North"`, ...) or DDS's number 0 to 3; anything else raises
/// `InputError` (kind `"seat"`).
///
/// >>> parse_seat("west"), parse_seat(1)
/// ('W', 'E')
#[pyfunction]
pub(crate) fn parse_seat(py: Python<'_>, seat: &Bound<'_, PyAny>) -> PyResult<String> {
    convert::seat(seat).map(seat_text).map_err(|f| f.to_pyerr(py, None))
}

/// A vulnerability's PBN name (`"None"`, `"NS"`, `"EW"` or `"All"`) from
/// any of its names (any case; `"Both"`, `"Love"`, `"-"`) or DDS's number
/// (0 none, 1 both, 2 NS, 3 EW); anything else raises `InputError` (kind
/// `"vulnerability"`).
///
/// >>> parse_vulnerability("both"), parse_vulnerability("-"), parse_vulnerability(2)
/// ('All', 'None', 'NS')
#[pyfunction]
pub(crate) fn parse_vulnerability(py: Python<'_>, vulnerability: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    convert::vulnerability(vulnerability).map(Vulnerability::as_str).map_err(|f| f.to_pyerr(py, None))
}

/// The first seat of PBN deal text, as `"E"` for `"e:..."`: the seat
/// whose hand the text gives first, and so the dealer of a deal that names
/// none (PBN's convention; `ddsrs.dask`'s par). The text (surrounding
/// whitespace aside) is read by the model as a PBN deal (`PbnDeal`; hands
/// may be unknown, `-`), whose first seat the character before the colon
/// is; text that is not one raises `DealError`.
#[pyfunction]
pub(crate) fn _pbn_first_seat(py: Python<'_>, deal: &str) -> PyResult<String> {
    PbnDeal::first_seat_of(deal).map(seat_text).map_err(|e| Failure::from_dds(&e.into()).to_pyerr(py, None))
}

/// The format of a text of deals, told by its content as the `dds` command
/// tells it (the model's `InputFormat`): `"pbn"` (a PBN file, or only its
/// header such as `% PBN 2.1`), `"lin"` (BBO's LIN, or a link holding a
/// board), `"dds-hands"` (DDS's hand files), `"deals"` (PBN deals, one a
/// line), or None for nothing but blank lines and comments. The first line
/// that is not blank or a comment (`%`, `;`, `#`) tells it, except that
/// deal lines with LIN anywhere (`md|`) are LIN. `text` is a str, or bytes
/// (read as UTF-8, else ISO 8859-1).
///
/// >>> detect_format('% PBN 2.1\n[Deal "N:AKQJT98765432... - - -"]\n')
/// 'pbn'
/// >>> detect_format("# two deals\nN:AKQJT98765432... - - -\n"), detect_format("\n# none\n")
/// ('deals', None)
#[pyfunction]
pub(crate) fn detect_format(text: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let text: String = match text.downcast::<PyBytes>() {
        Ok(bytes) => PbnCharset::decode(bytes.as_bytes()).0,
        Err(_) => text.extract()?,
    };
    Ok(InputFormat::of(&text).map(InputFormat::as_str))
}

/// A game of a PBN file read as a board (`parse_pbn`): `game` (its place
/// in the file, from 1), `deal` (the deal's PBN text, as written or as the
/// game it copies with `#` has it; hands may be unknown), `dealer` and
/// `vulnerability` (the tags, else the board number's; None when neither
/// says), `board` (the `Board` tag, trimmed) and `board_number` (it as an
/// int, when it is one), `event` and `date` (those tags).
///
/// >>> PbnRecord(1, "N:AKQJT98765432... - - -", board="2")
/// PbnRecord(game=1, deal='N:AKQJT98765432... - - -', dealer=None, vulnerability=None, board='2', board_number=None, event=None, date=None)
#[pyclass(module = "ddsrs", frozen, eq, hash, get_all)]
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct PbnRecord {
    game: usize,
    deal: String,
    dealer: Option<String>,
    vulnerability: Option<String>,
    board: Option<String>,
    board_number: Option<u32>,
    event: Option<String>,
    date: Option<String>,
}

#[pymethods]
impl PbnRecord {
    #[new]
    #[pyo3(signature = (game, deal, dealer = None, vulnerability = None, board = None, board_number = None, event = None, date = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: usize,
        deal: String,
        dealer: Option<String>,
        vulnerability: Option<String>,
        board: Option<String>,
        board_number: Option<u32>,
        event: Option<String>,
        date: Option<String>,
    ) -> PbnRecord {
        PbnRecord { game, deal, dealer, vulnerability, board, board_number, event, date }
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let me = slf.get();
        let text = |value: &Option<String>| -> PyResult<String> {
            Ok(value.as_deref().into_pyobject(py)?.repr()?.to_string())
        };
        Ok(format!(
            "PbnRecord(game={}, deal={}, dealer={}, vulnerability={}, board={}, board_number={}, event={}, date={})",
            me.game,
            text(&Some(me.deal.clone()))?,
            text(&me.dealer)?,
            text(&me.vulnerability)?,
            text(&me.board)?,
            me.board_number.map_or_else(|| "None".to_owned(), |n| n.to_string()),
            text(&me.event)?,
            text(&me.date)?,
        ))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let me = slf.get().clone();
        let args = (me.game, me.deal, me.dealer, me.vulnerability, me.board, me.board_number, me.event, me.date)
            .into_pyobject(slf.py())?;
        Ok((slf.get_type(), args))
    }
}

/// The games of a PBN file that hold a deal, read as boards by the model
/// (`PbnFile::records`): PBN's copy rule applied (a tag's `#` stands for
/// its value in the game before) and the dealer and vulnerability taken
/// from the board number where no tag gives them. `text` is the file's
/// text, or its bytes (read as UTF-8, else ISO 8859-1). Games without a
/// deal are left out; a file with no game gives `[]`. A text that is not
/// PBN raises `InputError` (kind `"pbn_file"`, the line in the message); a
/// game whose `Dealer` or `Vulnerable` does not parse, or that copies a
/// deal no game before has, raises `InputError` (kind `"pbn_record"`,
/// `index` the game's place from 0, the message `game 3 (index 2): ...`).
///
/// >>> text = '[Board "2"]\n[Deal "N:AKQJT98765432... - - -"]\n\n[Board "3"]\n[Deal "#"]\n[Vulnerable "All"]\n'
/// >>> [(r.board_number, r.dealer, r.vulnerability, r.deal[:7]) for r in parse_pbn(text)]
/// [(2, 'E', 'NS', 'N:AKQJT'), (3, 'S', 'All', 'N:AKQJT')]
#[pyfunction]
pub(crate) fn parse_pbn(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<Vec<PbnRecord>> {
    let text: String = match text.downcast::<PyBytes>() {
        Ok(bytes) => PbnCharset::decode(bytes.as_bytes()).0,
        Err(_) => text.extract()?,
    };
    let file =
        PbnFile::parse(&text).map_err(|e| Failure::new(Class::Input, "pbn_file", e.to_string()).to_pyerr(py, None))?;
    let records = file.records();
    let mut out = Vec::new();
    for game in 0..file.games().len() {
        let Some(record) = records.record(game) else { continue };
        let record = record
            .map_err(|e| Failure::new(Class::Input, "pbn_record", e.to_string()).to_pyerr(py, Some(("game", game))))?;
        out.push(PbnRecord {
            game: game + 1,
            deal: record.deal_text.to_owned(),
            dealer: record.dealer.map(seat_text),
            vulnerability: record.vulnerability.map(|v| v.as_str().to_owned()),
            board: record.board.map(str::to_owned),
            board_number: record.board_number(),
            event: record.event.map(str::to_owned),
            date: record.date.map(str::to_owned),
        });
    }
    Ok(out)
}
