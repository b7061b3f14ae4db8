//! `dds report`: a hand-record report a club director can print, as one
//! self-contained HTML page: for every board, its number, dealer and
//! vulnerability, the hand diagram, the double dummy table (the tricks each
//! declarer takes in each strain) and the dealer's par, six boards to an A4
//! sheet.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use dds::model::{dealer_for_board, Deal, Seat, Side, Strain, Suit, Vulnerability};
use dds::{DdTable, Par, ParContract};

use crate::batch::{run_tables, Emit, RunOptions};
use crate::input::{Item, PbnPieces, Records};
use crate::output::{stdout_error, OutputFile};
use crate::tables::STRAINS_NT_FIRST as STRAINS;
use crate::{parse_threads, Failure};

/// The options of `dds report`.
#[derive(Args, Debug)]
pub(crate) struct ReportArgs {
    /// A PBN file, a LIN file, a DDS hand file, a file of PBN deals (one
    /// per line), or one PBN deal; standard input if absent or `-`.
    input: Option<String>,
    /// Write the HTML to this file (through FILE.part, renamed at the end)
    /// instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
    /// Worker threads, 1 to 1024 (default: every core).
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Report a bad board, leave it out of the report and go on (the exit
    /// status is still 1).
    #[arg(long)]
    keep_going: bool,
    /// Print on standard error, at the end, how many deals were read and
    /// how many distinct deals were solved (each is solved once per run).
    #[arg(long)]
    stats: bool,
}

/// Boards on one printed sheet: two columns of three, the layout of the
/// usual club hand record on A4.
const BOARDS_PER_SHEET: usize = 6;

/// Declarers in the order of hand records: North-South, then East-West.
const DECLARERS: [Seat; 4] = [Seat::North, Seat::South, Seat::East, Seat::West];

/// One board of the report, solved.
struct Board {
    /// The board's number as the input gives it (the `Board` tag, LIN's
    /// board number), or its place among the deals.
    number: String,
    deal: Deal,
    dealer: Seat,
    vulnerability: Vulnerability,
    table: DdTable,
    /// The dealer's par.
    par: Par,
}

/// What the page says about the session: a title and the lines under it.
struct Heading {
    title: String,
    /// The date (PBN tags), or the input's file name.
    details: Vec<String>,
}

/// Runs `dds report`: reads the boards, then solves them in chunks and
/// writes the page as they are solved (the page's head first, each sheet
/// of six boards when it is full). Each distinct board is drawn once, and
/// each distinct deal solved once: a traveller or results file gives every
/// board once per table result. A bad record stops the run before
/// anything is written, or with `--keep-going` is reported and left out.
///
/// A signal (see [`crate::interrupt`]) while the input is read stops the
/// run with nothing written; one while the boards are solved stops it
/// after the chunk in progress, and the page of the boards solved is
/// closed (on standard output, or in `FILE.part` with `-o`, FILE being
/// left as it was). A write that fails (a closed pipe: `dds report | head`)
/// stops the run at once.
pub(crate) fn run(args: &ReportArgs) -> Result<(), Failure> {
    let mut records = Records::open(args.input.as_deref(), args.keep_going)?;
    if !records.read_all()? {
        return Err(Failure("interrupted while the input was read: no board is solved, nothing is written".into()));
    }
    let total = records.queued().count();
    if total == 0 {
        if records.is_pbn_without_games() {
            eprintln!("dds: {}: a PBN file with no games: no report is written", records.name);
            return Ok(());
        }
        return Err(Failure(format!("{}: no deals to report", records.name)));
    }
    // The distinct boards, in input order, and what the heading says.
    let mut keys = HashSet::new();
    let (mut events, mut dates) = (Vec::new(), Vec::new());
    let mut bad = 0;
    for item in records.queued() {
        match item {
            Ok(item) => {
                if keys.insert(BoardKey::of(item)) {
                    add_distinct(&mut events, item.event.as_deref());
                    add_distinct(&mut dates, item.date.as_deref().map(pbn_date));
                }
            }
            Err(e) if !args.keep_going => return Err(Failure(e.0.clone())),
            Err(_) => bad += 1,
        }
    }
    if keys.is_empty() {
        // Every record is bad: each is reported as the batch would.
        for item in records.queued() {
            if let Err(Failure(message)) = item {
                eprintln!("dds: {message}");
            }
        }
        return Err(Failure(format!("{bad} of {total} records had errors; no boards to report")));
    }
    let heading = heading(&records.name, &events, &dates, &records.header);
    let out = match &args.output {
        Some(path) => Sink::File(crate::interrupt::while_opening(|| OutputFile::create(path))?),
        None => Sink::Stdout(std::io::stdout().lock()),
    };
    let mut page = Page {
        out,
        heading,
        sheets: keys.len().div_ceil(BOARDS_PER_SHEET),
        sheet: Vec::new(),
        done: 0,
        seen: HashSet::new(),
    };
    if let Err(failure) = page.start() {
        return Err(page.failed(failure));
    }
    let options = RunOptions { threads: args.threads, keep_going: args.keep_going, stats: args.stats };
    match run_tables(&mut records, &options, &mut page) {
        Ok(()) => page.end(),
        Err(stop) if stop.output => Err(page.failed(stop.failure)),
        Err(stop) if stop.interrupted => {
            let solved = page.done + page.sheet.len();
            if solved == 0 {
                let kept = match &args.output {
                    Some(path) if page.out.part().is_some() => format!(" ({} is left as it was)", path.display()),
                    _ => String::new(),
                };
                page.out.discard();
                return Err(Failure(format!(
                    "interrupted before any board was solved: nothing is written ({} read){kept}",
                    keys.len()
                )));
            }
            let report = format!("the report of the first {solved} boards");
            let place = match (&args.output, page.out.part()) {
                (Some(out), Some(part)) => {
                    format!("{} is left as it was, and {report} is in {}", out.display(), part.display())
                }
                (Some(out), None) => format!("{report} is written to {}", out.display()),
                _ => format!("{report} is written to standard output"),
            };
            let (read, errors) = (keys.len(), stop_errors(bad, total));
            page.close()?;
            Err(Failure(format!(
                "interrupted: stopped after {solved} of the {read} boards: {place}; the boards after them are not solved{errors}"
            )))
        }
        Err(stop) => {
            // Bad records reported on the way (--keep-going): the page is
            // whole, and the count is the error.
            page.end()?;
            Err(stop.failure)
        }
    }
}

/// ` (N of M records had errors)` when some had, for a message.
fn stop_errors(bad: usize, total: usize) -> String {
    if bad > 0 {
        format!(" ({bad} of {total} records had errors)")
    } else {
        String::new()
    }
}

/// What makes a board distinct: its deal, the number it is drawn under,
/// its dealer and its vulnerability (the copies of a board in a traveller
/// file agree in all four).
#[derive(Clone, PartialEq, Eq, Hash)]
struct BoardKey {
    deal: Deal,
    number: String,
    dealer: Option<Seat>,
    vulnerability: Option<Vulnerability>,
}

impl BoardKey {
    fn of(item: &Item) -> BoardKey {
        BoardKey { deal: item.deal, number: number(item), dealer: item.dealer, vulnerability: item.vulnerability }
    }
}

/// The board's number: the one its input gives, else its place among the
/// records, from 1.
fn number(item: &Item) -> String {
    item.board.as_deref().and_then(known).map_or_else(|| (item.record + 1).to_string(), str::to_owned)
}

/// Where the page goes: standard output or an output file.
enum Sink {
    Stdout(std::io::StdoutLock<'static>),
    File(OutputFile),
}

impl Sink {
    fn write(&mut self, text: &str) -> Result<(), Failure> {
        match self {
            Sink::Stdout(out) => out.write_all(text.as_bytes()).map_err(|e| stdout_error(&e)),
            Sink::File(out) => out.write_all(text.as_bytes()).map_err(|e| out.write_error(&e)),
        }
    }

    fn flush(&mut self) -> Result<(), Failure> {
        match self {
            Sink::Stdout(out) => out.flush().map_err(|e| stdout_error(&e)),
            Sink::File(out) => out.flush(),
        }
    }

    fn part(&self) -> Option<&Path> {
        match self {
            Sink::File(out) => out.part(),
            Sink::Stdout(_) => None,
        }
    }

    /// Drops the output: a temporary file is removed.
    fn discard(self) {
        if let Sink::File(out) = self {
            out.discard();
        }
    }
}

/// The page being written: the boards of the sheet not yet full, and the
/// boards already drawn.
struct Page {
    out: Sink,
    heading: Heading,
    /// The sheets the page will have.
    sheets: usize,
    sheet: Vec<Board>,
    /// The boards on the sheets written.
    done: usize,
    seen: HashSet<BoardKey>,
}

impl Page {
    /// Writes the page's head.
    fn start(&mut self) -> Result<(), Failure> {
        let head = render_head(&self.heading);
        self.out.write(&head)
    }

    /// Writes the sheet in hand, full or the last.
    fn write_sheet(&mut self) -> Result<(), Failure> {
        if self.sheet.is_empty() {
            return Ok(());
        }
        let index = self.done / BOARDS_PER_SHEET;
        let html = render_sheet(&self.heading, &self.sheet, index, self.sheets);
        // Flushed, so that the boards counted as written are out.
        self.out.write(&html)?;
        self.out.flush()?;
        self.done += self.sheet.len();
        self.sheet.clear();
        Ok(())
    }

    /// Writes the last sheet and the end of the page and flushes them; a
    /// failed write says what was written (see [`Page::failed`]).
    fn write_end(mut self) -> Result<Page, Failure> {
        match self.write_sheet().and_then(|()| self.out.write(PAGE_END)).and_then(|()| self.out.flush()) {
            Ok(()) => Ok(self),
            Err(failure) => Err(self.failed(failure)),
        }
    }

    /// Writes the last sheet and the end of the page, and puts an output
    /// file in place.
    fn end(self) -> Result<(), Failure> {
        match self.write_end()?.out {
            Sink::Stdout(_) => Ok(()),
            Sink::File(out) => out.finish(),
        }
    }

    /// Ends a page stopped early: the boards solved on their sheets and the
    /// end of the page, flushed; an output file stays in its part.
    fn close(self) -> Result<(), Failure> {
        self.write_end().map(drop)
    }

    /// The message of a failed write: nothing more is written; a temporary
    /// file is removed and the output file left as it was.
    fn failed(self, Failure(message): Failure) -> Failure {
        let Page { out, done, .. } = self;
        let written = match (&out, done) {
            (Sink::File(f), _) if f.part().is_some() => format!("{} is left as it was", f.path().display()),
            (_, 0) => "no board is written".to_owned(),
            (_, n) => format!("the first {n} boards are written, the rest are not"),
        };
        out.discard();
        Failure(format!("{message}; {written}"))
    }
}

impl Emit for Page {
    fn item(&mut self, item: &Item, table: &DdTable, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        let key = BoardKey::of(item);
        if self.seen.contains(&key) {
            return Ok(());
        }
        // A board whose input does not say follows the board number, as
        // duplicate boards do; a number that is not one means North, None.
        let n = key.number.parse::<u32>().ok();
        let dealer = item.dealer.or_else(|| n.and_then(dealer_for_board)).unwrap_or(Seat::North);
        let vulnerability =
            item.vulnerability.or_else(|| n.and_then(Vulnerability::for_board)).unwrap_or(Vulnerability::None);
        let par = table.dealer_par(dealer, vulnerability);
        self.sheet.push(Board {
            number: key.number.clone(),
            deal: item.deal,
            dealer,
            vulnerability,
            table: *table,
            par,
        });
        self.seen.insert(key);
        if self.sheet.len() == BOARDS_PER_SHEET {
            self.write_sheet()?;
        }
        Ok(())
    }

    fn chunk_done(&mut self, _pbn: &mut PbnPieces) -> Result<(), Failure> {
        self.out.flush()
    }
}

/// Adds a tag's value to `values` when it says something (see [`known`])
/// and is not there yet.
fn add_distinct(values: &mut Vec<String>, value: Option<impl AsRef<str>>) {
    if let Some(value) = value.as_ref().and_then(|v| known(v.as_ref())) {
        if !values.iter().any(|v| v == value) {
            values.push(value.to_owned());
        }
    }
}

/// The heading: the events of the boards' PBN games (each distinct value
/// once, in order) and their dates, or a plain title. When no game names
/// its event (or date), Bridge Composer's header lines `%HRTitleEvent` and
/// `%HRTitleDate` do; the input's file name goes under the title when
/// nothing else does.
fn heading(name: &str, events: &[String], dates: &[String], header: &[String]) -> Heading {
    let title = match (events.is_empty(), header_value(header, "HRTitleEvent")) {
        (false, _) => events.join(" / "),
        (true, Some(title)) => title,
        (true, None) => "Hand records".to_owned(),
    };
    let mut details: Vec<String> = Vec::new();
    if !dates.is_empty() {
        details.push(dates.join(" / "));
    } else if let Some(date) = header_value(header, "HRTitleDate") {
        details.push(pbn_date(&date));
    }
    // `<stdin>` and `<argument>` are not names to show.
    if details.is_empty() && !name.starts_with('<') {
        details.push(Path::new(name).file_name().map_or(name.to_owned(), |n| n.to_string_lossy().into_owned()));
    }
    Heading { title, details }
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
fn known(value: &str) -> Option<&str> {
    let value = value.trim();
    (!value.is_empty() && value != "?").then_some(value)
}

/// A PBN date (`2026.11.23`) in ISO 8601 (`2026-11-23`) when it is
/// complete, else as written (`2026.??.??`).
fn pbn_date(date: &str) -> String {
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
fn render_head(heading: &Heading) -> String {
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
const PAGE_END: &str = "</body>\n</html>\n";

/// The title and the details line, escaped for HTML.
fn heading_html(heading: &Heading) -> (String, String) {
    let title = escape(&heading.title);
    let details = heading.details.iter().map(|d| escape(d)).collect::<Vec<_>>().join(" · ");
    (title, details)
}

/// Sheet `index` (from 0) of `sheets`: its heading, its boards and its
/// footer.
fn render_sheet(heading: &Heading, sheet: &[Board], index: usize, sheets: usize) -> String {
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
fn render_board(board: &Board) -> String {
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
