//! A printable hand record: the HTML page `dds report` writes, for any
//! front-end (the command, the WebAssembly package). Sheets of six boards
//! (two columns of three, a club hand record on A4): each board's hands
//! round the compass with dealer and vulnerability, its double dummy table
//! and the dealer's par. The page is written in pieces ([`page_head`], a
//! [`sheet`] at a time, [`PAGE_END`]) so that a long run can write each
//! sheet as it is solved; [`hand_record`] makes the whole page at once.
//! A [`Collector`] reads the input's records into the boards to solve and
//! the page's [`Heading`].
//!
//! ```
//! use dds::model::{Deal, Seat, Vulnerability};
//! use dds::report::{hand_record, Heading, ReportBoard};
//! use dds::Solver;
//! let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
//! let table = Solver::new().dd_table(&deal)?;
//! let board = ReportBoard::new("1", deal, Seat::North, Vulnerability::None, table);
//! let heading = Heading::new(&["Club pairs".to_owned()], &[], &[], None);
//! let html = hand_record(&heading, &[board]);
//! assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<h2>Board 1</h2>"));
//! assert!(html.contains("Par -110")); // the dealer's par
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::path::Path;

use dds_model::{Deal, Seat, Side, Strain, Suit, Vulnerability};

use crate::par::{Par, ParContract};
use crate::DdTable;

mod boards;

pub use self::boards::{Collector, Read, UnsolvedBoard};

/// Boards on one printed sheet: two columns of three, the layout of the
/// usual club hand record on A4.
pub const BOARDS_PER_SHEET: usize = 6;

/// Declarers in the order of hand records: North-South, then East-West.
const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// The strains of the table's columns: no trump first, as hand records
/// print them.
const STRAINS: [Strain; 5] = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

/// One board of a hand record, solved.
#[derive(Clone, PartialEq, Debug)]
pub struct ReportBoard {
    /// The board's number as its input gives it, or its place.
    pub number: String,
    /// The deal.
    pub deal: Deal,
    /// The dealer.
    pub dealer: Seat,
    /// The vulnerability.
    pub vulnerability: Vulnerability,
    /// The double dummy table.
    pub table: DdTable,
    /// The dealer's par, from the table.
    pub par: Par,
}

impl ReportBoard {
    /// A board with its table; the dealer's par is computed from it.
    pub fn new(number: &str, deal: Deal, dealer: Seat, vulnerability: Vulnerability, table: DdTable) -> ReportBoard {
        let par = table.dealer_par(dealer, vulnerability);
        ReportBoard { number: number.to_owned(), deal, dealer, vulnerability, table, par }
    }
}

/// What the page says about the session: a title and the lines under it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Heading {
    /// The title.
    pub title: String,
    /// The date (PBN tags), or the input's file name.
    pub details: Vec<String>,
}

impl Heading {
    /// The heading of boards whose PBN games name `events` and `dates`
    /// (each distinct value once, in order; see [`known`] and [`pbn_date`]),
    /// or a plain title. When no game names its event (or date), Bridge
    /// Composer's header lines `%HRTitleEvent` and `%HRTitleDate` do (its
    /// `%HRTitleDate 0` is no date); the input's file name goes under the
    /// title when nothing else does.
    ///
    /// ```
    /// use dds::report::Heading;
    /// let header = ["%HRTitleEvent \"Tuesday Pairs\"".to_owned(), "%HRTitleDate 0".to_owned()];
    /// let heading = Heading::new(&[], &[], &header, Some("club/handout.pbn"));
    /// assert_eq!(heading.title, "Tuesday Pairs");
    /// assert_eq!(heading.details, ["handout.pbn"]);
    /// ```
    pub fn new(events: &[String], dates: &[String], header: &[String], file_name: Option<&str>) -> Heading {
        let title = match (events.is_empty(), header_value(header, "HRTitleEvent")) {
            (false, _) => events.join(" / "),
            (true, Some(title)) => title,
            (true, None) => "Hand records".to_owned(),
        };
        let mut details: Vec<String> = Vec::new();
        if !dates.is_empty() {
            details.push(dates.join(" / "));
        } else if let Some(date) = header_value(header, "HRTitleDate").filter(|date| date != "0") {
            // Bridge Composer writes `%HRTitleDate 0` for a hand record
            // without a date (beside `%HRTitleEvent ""`): no date to show.
            details.push(pbn_date(&date));
        }
        if let (true, Some(name)) = (details.is_empty(), file_name) {
            details.push(Path::new(name).file_name().map_or(name.to_owned(), |n| n.to_string_lossy().into_owned()));
        }
        Heading { title, details }
    }
}

/// The whole page of `boards`, in sheets of [`BOARDS_PER_SHEET`].
pub fn hand_record(heading: &Heading, boards: &[ReportBoard]) -> String {
    let sheets = boards.len().div_ceil(BOARDS_PER_SHEET);
    let mut html = page_head(heading);
    for (index, sheet_boards) in boards.chunks(BOARDS_PER_SHEET).enumerate() {
        html.push_str(&sheet(heading, sheet_boards, index, sheets));
    }
    html.push_str(PAGE_END);
    html
}

/// The value of a header line `%NAME value` or `%NAME "value"` (Bridge
/// Composer's settings), when it says something.
fn header_value(header: &[String], name: &str) -> Option<String> {
    header.iter().find_map(|line| {
        let rest = line.strip_prefix('%')?.trim_start().strip_prefix(name)?;
        // The name must end here: `%HRTitleEventX` is another setting.
        if !rest.is_empty() && !rest.starts_with([' ', '\t']) {
            return None;
        }
        let value = rest.trim();
        let value = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')).unwrap_or(value);
        known(value).map(str::to_owned)
    })
}

/// A tag value that says something: not empty and not PBN's `?` (unknown).
pub fn known(value: &str) -> Option<&str> {
    let value = value.trim();
    (!value.is_empty() && value != "?").then_some(value)
}

/// A PBN date (`2026.11.23`) in ISO 8601 (`2026-11-23`) when it is
/// complete, else as written (`2026.??.??`).
pub fn pbn_date(date: &str) -> String {
    let parts: Vec<&str> = date.split('.').collect();
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if parts.len() == 3 && digits(parts[0], 4) && digits(parts[1], 2) && digits(parts[2], 2) {
        parts.join("-")
    } else {
        date.to_owned()
    }
}

/// `text` safe in HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page's head, up to the first sheet.
pub fn page_head(heading: &Heading) -> String {
    let (title, details) = heading_html(heading);
    let page_title = if details.is_empty() { title.clone() } else { format!("{title} · {details}") };
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"dds report\">\n<title>{page_title}</title>\n<style>\n{STYLE}</style>\n\
         </head>\n<body>\n"
    )
}

/// The end of the page, after the last sheet.
pub const PAGE_END: &str = "</body>\n</html>\n";

/// The title and the details line, escaped for HTML.
fn heading_html(heading: &Heading) -> (String, String) {
    let title = escape(&heading.title);
    let details = heading.details.iter().map(|d| escape(d)).collect::<Vec<_>>().join(" · ");
    (title, details)
}

/// Sheet `index` (from 0) of `sheets`: its heading, its boards (at most
/// [`BOARDS_PER_SHEET`], at least one) and its footer.
pub fn sheet(heading: &Heading, sheet: &[ReportBoard], index: usize, sheets: usize) -> String {
    let (title, details) = heading_html(heading);
    let first = &sheet[0].number;
    let last = &sheet[sheet.len() - 1].number;
    let range = if sheet.len() == 1 {
        format!("Board {}", escape(first))
    } else {
        format!("Boards {}–{}", escape(first), escape(last))
    };
    let mut html = "<div class=\"sheet\">\n<header>\n".to_owned();
    html.push_str(&format!("<h1>{title}</h1>\n"));
    if !details.is_empty() {
        html.push_str(&format!("<p class=\"details\">{details}</p>\n"));
    }
    html.push_str(&format!("<p class=\"range\">{range}</p>\n</header>\n<main class=\"boards\">\n"));
    for board in sheet {
        html.push_str(&render_board(board));
    }
    html.push_str(&format!(
        "</main>\n<footer>Double dummy analysis: tricks for each declarer and strain, and the dealer's par \
         (dds {}). <span class=\"page\">Page {} of {sheets}</span></footer>\n</div>\n",
        env!("CARGO_PKG_VERSION"),
        index + 1,
    ));
    html
}

/// One board: the heading at the top left, the hands round the compass,
/// the par at the bottom left and the table at the bottom right.
fn render_board(board: &ReportBoard) -> String {
    let number = escape(&board.number);
    let mut html = format!("<section class=\"board\" data-board=\"{number}\">\n");
    html.push_str(&format!(
        "<div class=\"info\"><h2>Board {number}</h2><p>Dealer {}</p><p>Vul {}</p></div>\n",
        board.dealer.name(),
        vulnerability_name(board.vulnerability),
    ));
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        html.push_str(&render_hand(&board.deal, seat));
    }
    html.push_str(&render_compass(board.dealer, board.vulnerability));
    html.push_str(&render_par(&board.par));
    html.push_str(&render_table(&board.table));
    html.push_str("</section>\n");
    html
}

/// `None`, `N-S`, `E-W` or `All`, as hand records write the vulnerability.
fn vulnerability_name(vulnerability: Vulnerability) -> &'static str {
    match vulnerability {
        Vulnerability::None => "None",
        Vulnerability::NorthSouth => "N-S",
        Vulnerability::EastWest => "E-W",
        Vulnerability::Both => "All",
    }
}

/// The class of a seat's place in the diagram.
fn seat_class(seat: Seat) -> &'static str {
    match seat {
        Seat::North => "north",
        Seat::East => "east",
        Seat::South => "south",
        Seat::West => "west",
    }
}

/// A suit symbol, hearts and diamonds red.
fn suit_symbol(suit: Suit) -> String {
    let class = if matches!(suit, Suit::Hearts | Suit::Diamonds) { "sym red" } else { "sym" };
    format!("<span class=\"{class}\">{}</span>", suit.symbol())
}

/// A strain as a column heading or in a contract: `NT` or the suit symbol.
fn strain_html(strain: Strain) -> String {
    strain.trump().map_or_else(|| "NT".to_owned(), suit_symbol)
}

/// One hand: a line per suit, spades first, the ten as `10` (as printed
/// hand records write it) and a void as a dash.
fn render_hand(deal: &Deal, seat: Seat) -> String {
    let hand = deal.hand(seat);
    let mut html = format!("<div class=\"hand {}\">", seat_class(seat));
    for suit in Suit::ALL {
        let holding = hand.holding(suit);
        let cards = if holding.is_empty() { "—".to_owned() } else { holding.to_string().replace('T', "10") };
        html.push_str(&format!("<div class=\"suit\">{} {cards}</div>", suit_symbol(suit)));
    }
    html.push_str("</div>\n");
    html
}

/// The compass in the middle of the diagram: the seats' letters, the
/// vulnerable side's shaded red and the dealer's marked.
fn render_compass(dealer: Seat, vulnerability: Vulnerability) -> String {
    let mut html = "<div class=\"compass\">".to_owned();
    for seat in [Seat::North, Seat::West, Seat::East, Seat::South] {
        let mut class = seat_class(seat).to_owned();
        if vulnerability.is_vulnerable(seat) {
            class.push_str(" vul");
        }
        if seat == dealer {
            class.push_str(" dealer");
        }
        let title = if seat == dealer { " title=\"Dealer\"" } else { "" };
        html.push_str(&format!("<span class=\"{class}\"{title}>{}</span>", seat.to_char()));
    }
    html.push_str("</div>\n");
    html
}

/// The dealer's par: the score from North-South's side and each contract
/// on its own line, or `Pass` for a passed-out deal (the text of `dds par`,
/// with suit symbols).
fn render_par(par: &Par) -> String {
    let mut html = format!("<div class=\"par\"><div class=\"score\">Par {}</div>", par.score);
    if par.contracts.is_empty() {
        html.push_str("<div class=\"contract\">Pass</div>");
    }
    for contract in &par.contracts {
        html.push_str(&format!("<div class=\"contract\">{}</div>", contract_html(contract)));
    }
    html.push_str("</div>\n");
    html
}

/// A par contract in DDS's readable form, as [`ParContract`]'s `Display`
/// writes it (`EW 2S`, `NS 3N+1`, `EW 4Sx-1`), with the strain as a
/// symbol or `NT`.
fn contract_html(contract: &ParContract) -> String {
    let result = match (contract.doubled, contract.result) {
        (true, r) => format!("x{r}"),
        (false, 0) => String::new(),
        (false, r) => format!("{r:+}"),
    };
    format!("{} {}{}{result}", contract.declarer, contract.level, strain_html(contract.strain))
}

/// The double dummy table: declarers down, strains across, the tricks
/// each declarer takes; a contract that makes (seven tricks or more) in
/// bold.
fn render_table(table: &DdTable) -> String {
    let mut html = "<table class=\"dd\"><thead><tr><th></th>".to_owned();
    for strain in STRAINS {
        html.push_str(&format!("<th>{}</th>", strain_html(strain)));
    }
    html.push_str("</tr></thead><tbody>");
    for declarer in DECLARERS {
        let side = if declarer.side() == Side::NorthSouth { "ns" } else { "ew" };
        html.push_str(&format!("<tr class=\"{side}\"><th>{}</th>", declarer.to_char()));
        for strain in STRAINS {
            let tricks = table.tricks(strain, declarer);
            let class = if tricks >= 7 { " class=\"makes\"" } else { "" };
            html.push_str(&format!("<td{class}>{tricks}</td>"));
        }
        html.push_str("</tr>");
    }
    html.push_str("</tbody></table>\n");
    html
}

/// The page's style: sheets of A4 on screen and on paper, six boards each
/// in two columns; a board never splits across pages.
const STYLE: &str = r#"@page { size: A4; margin: 10mm; }
* { box-sizing: border-box; }
html { background: #d8d8d8; color: #000; }
body { margin: 0; padding: 6mm 0; font: 10.5pt/1.25 "DejaVu Sans", "Segoe UI", Arial, sans-serif; }
.sheet { width: 210mm; margin: 0 auto 6mm; padding: 10mm; background: #fff;
  box-shadow: 0 1px 4px rgba(0, 0, 0, .35); }
header { display: grid; grid-template-columns: 1fr auto; align-items: end; column-gap: 6mm;
  border-bottom: 1.5pt solid #000; padding-bottom: 1.5mm; margin-bottom: 3mm; }
h1 { grid-column: 1; margin: 0; font-size: 16pt; line-height: 1.2; }
.details { grid-column: 1; margin: 0; font-size: 10pt; color: #333; }
.range { grid-column: 2; grid-row: 1 / span 2; margin: 0; font-size: 10pt; font-weight: bold; }
.boards { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.board { display: grid; height: 82mm; padding: 2.5mm 3mm; border: 0.75pt solid #555; border-radius: 1.5mm;
  grid-template-columns: 1fr 1fr 1fr; grid-template-rows: auto auto auto; align-content: space-between;
  grid-template-areas: "info north ." "west compass east" "par south dd";
  break-inside: avoid; page-break-inside: avoid; }
.info { grid-area: info; }
.info h2 { margin: 0 0 0.5mm; font-size: 13pt; }
.info p { margin: 0; font-size: 9pt; }
.hand { white-space: nowrap; }
.hand.north { grid-area: north; }
.hand.south { grid-area: south; }
.hand.west { grid-area: west; align-self: center; }
.hand.east { grid-area: east; align-self: center; padding-left: 3mm; }
.hand.north, .hand.south { padding-left: 1mm; }
.suit .sym { display: inline-block; width: 1.1em; }
.red { color: #c8102e; }
.compass { grid-area: compass; align-self: center; justify-self: center; position: relative;
  width: 17mm; height: 17mm; border: 0.75pt solid #555; background: #f4f4f4; font-size: 8.5pt; font-weight: bold; }
.compass span { position: absolute; width: 4.6mm; height: 4.6mm; line-height: 4.6mm; text-align: center; }
.compass .north { top: 0; left: 50%; margin-left: -2.3mm; }
.compass .south { bottom: 0; left: 50%; margin-left: -2.3mm; }
.compass .west { left: 0; top: 50%; margin-top: -2.3mm; }
.compass .east { right: 0; top: 50%; margin-top: -2.3mm; }
.compass .vul { background: #c8102e; color: #fff; }
.compass .dealer { text-decoration: underline; text-decoration-thickness: 1.5pt; }
.par { grid-area: par; align-self: end; font-size: 9pt; }
.par .score { font-weight: bold; }
.dd { grid-area: dd; align-self: end; justify-self: end; border-collapse: collapse; font-size: 8.5pt; }
.dd th, .dd td { width: 4.6mm; padding: 0.2mm 0.4mm; text-align: center; }
.dd thead th { border-bottom: 0.75pt solid #555; font-weight: normal; }
.dd tbody th { border-right: 0.75pt solid #555; }
.dd tbody tr:nth-child(3) > * { border-top: 0.5pt solid #aaa; }
.dd td { color: #777; }
.dd td.makes { color: #000; font-weight: bold; }
footer { margin-top: 2.5mm; font-size: 7.5pt; color: #555; display: flex; justify-content: space-between; }
@media print {
  html, body { background: none; padding: 0; }
  .sheet { width: auto; margin: 0; padding: 0; box-shadow: none; break-after: page; page-break-after: always; }
  .sheet:last-child { break-after: auto; page-break-after: auto; }
  .compass { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"#;
