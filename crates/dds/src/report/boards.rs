//! The reading of a hand record's input, one reading for every front-end:
//! the distinct boards to solve, numbered and with their dealer and
//! vulnerability, and the events and dates for the heading.

use std::collections::hash_map::Entry;
use std::collections::HashMap;

use dds_model::{dealer_for_board, Deal, PbnRecord, Seat, Vulnerability};

use super::{known, pbn_date, Heading, ReportBoard};
use crate::DdTable;

/// A distinct board of a hand record, read and not yet solved.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnsolvedBoard {
    /// The place of its record among the records read, bad ones included
    /// (from 0): the first record of the board, where copies follow.
    pub place: usize,
    /// The number it is drawn under: the record's `Board` tag when it says
    /// something (see [`known`]), else its place counted from 1.
    pub number: String,
    /// The deal.
    pub deal: Deal,
    /// The record's dealer, else the dealer of the number, else North.
    pub dealer: Seat,
    /// The record's vulnerability, else the number's, else none.
    pub vulnerability: Vulnerability,
}

impl UnsolvedBoard {
    /// The board with its double dummy table (and so its dealer's par).
    pub fn solved(&self, table: DdTable) -> ReportBoard {
        ReportBoard::new(&self.number, self.deal, self.dealer, self.vulnerability, table)
    }
}

/// What the [`Collector`] made of a record ([`Collector::read`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Read<'a> {
    /// A board no earlier record gave.
    New(&'a UnsolvedBoard),
    /// A copy of a board an earlier record gave: that board, whose
    /// [`place`](UnsolvedBoard::place) is the place of its first record.
    CopyOf(&'a UnsolvedBoard),
}

/// What makes a board distinct: its deal, its number and its dealer and
/// vulnerability, given or from the number (the copies of a board in a
/// traveller file agree in all four, whether or not each copy has the
/// tags).
type BoardKey = (Deal, String, Seat, Vulnerability);

/// The boards of a hand record and what its heading says, collected from
/// the input's records one at a time, in input order (so that a front-end
/// reading its input in pieces feeds each record as it comes): each
/// distinct board is kept once, numbered by its `Board` tag or else by its
/// place among the records; the events and dates of the distinct boards
/// are kept once each for the [`Heading`]. `dds report` and the
/// WebAssembly package's `handRecord` both read their input with it.
///
/// ```
/// use dds::model::{Deal, PbnFile, Seat, Vulnerability};
/// use dds::report::Collector;
/// let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
/// let text = format!(
///     "[Event \"Club\"]\n[Board \"7\"]\n[Deal \"{deal}\"]\n\n\
///      [Event \"Club\"]\n[Board \"7\"]\n[Deal \"{deal}\"]\n\n\
///      [Deal \"{deal}\"]\n"
/// );
/// let file = PbnFile::parse(&text)?;
/// let records = file.records();
/// let mut collector = Collector::new();
/// for g in 0..file.games().len() {
///     let record = records.record(g).unwrap()?;
///     collector.add(record.deal_text.parse::<Deal>()?, &record);
/// }
/// // The second game repeats the first; the third, with no number, is
/// // numbered by its place and takes board 3's dealer and vulnerability.
/// let numbers: Vec<&str> = collector.boards().iter().map(|b| b.number.as_str()).collect();
/// assert_eq!(numbers, ["7", "3"]);
/// assert_eq!((collector.boards()[1].dealer, collector.boards()[1].vulnerability), (Seat::South, Vulnerability::EastWest));
/// assert_eq!(collector.heading(&[], None).title, "Club");
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Collector {
    boards: Vec<UnsolvedBoard>,
    /// Each distinct board's key, with its index in `boards`.
    seen: HashMap<BoardKey, usize>,
    events: Vec<String>,
    dates: Vec<String>,
    /// The records read, bad ones included.
    records: usize,
}

impl Collector {
    /// A collector that has read no record.
    pub fn new() -> Collector {
        Collector::default()
    }

    /// Reads the next record: its deal (read from `record.deal_text` by
    /// the caller, who names its errors) and its tags. Returns the board
    /// when it is new, `None` when an earlier record gave the same board
    /// (see [`Collector::read`] for which).
    pub fn add(&mut self, deal: Deal, record: &PbnRecord<'_>) -> Option<&UnsolvedBoard> {
        match self.read(deal, record) {
            Read::New(board) => Some(board),
            Read::CopyOf(_) => None,
        }
    }

    /// Reads the next record as [`Collector::add`] does, and says which
    /// board it gave: a new one, or the earlier board it is a copy of (in
    /// a traveller file, the first table's record of the board).
    ///
    /// ```
    /// use dds::model::{Deal, PbnRecord};
    /// use dds::report::{Collector, Read};
    /// let deal: Deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3".parse()?;
    /// let record = |board| PbnRecord { deal_text: "", dealer: None, vulnerability: None, board, event: None, date: None };
    /// let mut collector = Collector::new();
    /// assert!(matches!(collector.read(deal, &record(Some("1"))), Read::New(b) if b.place == 0));
    /// assert!(matches!(collector.read(deal, &record(Some("2"))), Read::New(b) if b.place == 1));
    /// // The third record is board 1 again: a copy of the first.
    /// assert!(matches!(collector.read(deal, &record(Some("1"))), Read::CopyOf(b) if b.place == 0));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(&mut self, deal: Deal, record: &PbnRecord<'_>) -> Read<'_> {
        let place = self.records;
        self.records += 1;
        let number = record.board.and_then(known).map_or_else(|| (place + 1).to_string(), str::to_owned);
        // A board whose record does not say follows its number, as
        // duplicate boards do; a number that is not one means North, None.
        let n = number.parse::<u32>().ok();
        let dealer = record.dealer.or_else(|| n.and_then(dealer_for_board)).unwrap_or(Seat::North);
        let vulnerability =
            record.vulnerability.or_else(|| n.and_then(Vulnerability::for_board)).unwrap_or(Vulnerability::None);
        let index = self.boards.len();
        match self.seen.entry((deal, number.clone(), dealer, vulnerability)) {
            Entry::Occupied(first) => return Read::CopyOf(&self.boards[*first.get()]),
            Entry::Vacant(entry) => {
                entry.insert(index);
            }
        }
        add_distinct(&mut self.events, record.event);
        add_distinct(&mut self.dates, record.date.and_then(known).map(pbn_date));
        self.boards.push(UnsolvedBoard { place, number, deal, dealer, vulnerability });
        Read::New(&self.boards[index])
    }

    /// Passes over a bad record (one that cannot be read as a board): it
    /// takes its place, so the boards after it keep their numbers.
    pub fn skip(&mut self) {
        self.records += 1;
    }

    /// The records read so far, bad ones included: the place of the next.
    pub fn records(&self) -> usize {
        self.records
    }

    /// The distinct boards, in input order.
    pub fn boards(&self) -> &[UnsolvedBoard] {
        &self.boards
    }

    /// The board first read at `place` (see [`Collector::records`]);
    /// `None` for a bad record or a copy of an earlier board.
    pub fn board_at(&self, place: usize) -> Option<&UnsolvedBoard> {
        let i = self.boards.binary_search_by_key(&place, |board| board.place).ok()?;
        Some(&self.boards[i])
    }

    /// The distinct events of the boards, in order.
    pub fn events(&self) -> &[String] {
        &self.events
    }

    /// The distinct dates of the boards (ISO 8601 when complete, see
    /// [`pbn_date`]), in order.
    pub fn dates(&self) -> &[String] {
        &self.dates
    }

    /// The page's heading: the events and dates read, else the PBN file's
    /// `header` lines, else `file_name` (see [`Heading::new`]).
    pub fn heading(&self, header: &[String], file_name: Option<&str>) -> Heading {
        Heading::new(&self.events, &self.dates, header, file_name)
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

#[cfg(test)]
mod tests {
    use dds_model::PbnFile;

    use super::*;

    const DEAL: &str = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    /// The same hands, each a seat further round: another deal.
    const OTHER: &str = "E:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";

    /// A record with only a deal text and the tags given.
    fn record<'a>(board: Option<&'a str>, event: Option<&'a str>, date: Option<&'a str>) -> PbnRecord<'a> {
        PbnRecord { deal_text: DEAL, dealer: None, vulnerability: None, board, event, date }
    }

    fn deal(text: &str) -> Deal {
        text.parse().unwrap()
    }

    /// The collector fed every game of a PBN text, a game whose record
    /// does not read skipped.
    fn collect(text: &str) -> Collector {
        let file = PbnFile::parse(text).unwrap();
        let records = file.records();
        let mut collector = Collector::new();
        for g in 0..file.games().len() {
            match records.record(g) {
                Some(Ok(record)) => {
                    collector.add(deal(record.deal_text), &record);
                }
                Some(Err(_)) => collector.skip(),
                None => {}
            }
        }
        collector
    }

    fn numbers(collector: &Collector) -> Vec<&str> {
        collector.boards().iter().map(|b| b.number.as_str()).collect()
    }

    #[test]
    fn boards_are_numbered_by_their_tag_else_by_their_place() {
        let text = format!(
            "[Board \" 12 \"]\n[Deal \"{DEAL}\"]\n\n\
             [Deal \"{OTHER}\"]\n\n\
             [Event \"header game\"]\n\n\
             [Board \"?\"]\n[Deal \"{DEAL}\"]\n\n\
             [Board \"\"]\n[Deal \"{OTHER}\"]\n\n\
             [Board \"1a\"]\n[Deal \"{DEAL}\"]\n"
        );
        let collector = collect(&text);
        // A game without a deal is no record: places 0 to 4.
        assert_eq!(numbers(&collector), ["12", "2", "3", "4", "1a"]);
        let places: Vec<usize> = collector.boards().iter().map(|b| b.place).collect();
        assert_eq!(places, [0, 1, 2, 3, 4]);
        assert_eq!(collector.records(), 5);
    }

    #[test]
    fn a_bad_record_keeps_its_place() {
        let text = format!("[Deal \"{DEAL}\"]\n\n[Dealer \"X\"]\n[Deal \"{OTHER}\"]\n\n[Deal \"{OTHER}\"]\n");
        let collector = collect(&text);
        assert_eq!(numbers(&collector), ["1", "3"]);
        assert_eq!(collector.board_at(2).map(|b| b.deal), Some(deal(OTHER)));
        assert_eq!(collector.board_at(1), None);
        assert_eq!(collector.records(), 3);
    }

    #[test]
    fn a_board_read_again_is_kept_once() {
        let mut collector = Collector::new();
        let seven = record(Some("7"), None, None);
        assert_eq!(collector.add(deal(DEAL), &seven).map(|b| b.place), Some(0));
        assert_eq!(collector.add(deal(DEAL), &seven), None);
        // A copy that gives board 7's own dealer and vulnerability in tags
        // is the same board.
        let tagged = PbnRecord { dealer: Some(Seat::South), vulnerability: Some(Vulnerability::Both), ..seven };
        assert_eq!(collector.add(deal(DEAL), &tagged), None);
        // Another number, another deal, another dealer or vulnerability:
        // another board.
        assert!(collector.add(deal(DEAL), &record(Some("8"), None, None)).is_some());
        assert!(collector.add(deal(OTHER), &seven).is_some());
        assert!(collector.add(deal(DEAL), &PbnRecord { dealer: Some(Seat::East), ..seven }).is_some());
        let vulnerable = PbnRecord { vulnerability: Some(Vulnerability::NorthSouth), ..seven };
        assert!(collector.add(deal(DEAL), &vulnerable).is_some());
        assert_eq!(collector.add(deal(DEAL), &vulnerable), None);
        assert_eq!(numbers(&collector), ["7", "8", "7", "7", "7"]);
        let places: Vec<usize> = collector.boards().iter().map(|b| b.place).collect();
        assert_eq!(places, [0, 3, 4, 5, 6]);
        assert_eq!(collector.board_at(1), None);
        assert_eq!(collector.board_at(2), None);
        assert_eq!(collector.board_at(4).map(|b| b.deal), Some(deal(OTHER)));
        assert_eq!(collector.records(), 8);
    }

    #[test]
    fn a_copy_names_the_board_it_copies() {
        let game = |board: u32, deal: &str| format!("[Board \"{board}\"]\n[Deal \"{deal}\"]\n\n");
        // Board 1, board 2, a bad record, board 1 again, board 2 again; a
        // record without a number at place 5 reads as board 6, not a copy.
        let text = [
            game(1, DEAL),
            game(2, OTHER),
            format!("[Dealer \"X\"]\n[Deal \"{DEAL}\"]\n\n"),
            game(1, DEAL),
            game(2, OTHER),
        ]
        .concat()
            + &format!("[Deal \"{DEAL}\"]\n");
        let file = PbnFile::parse(&text).unwrap();
        let records = file.records();
        let mut collector = Collector::new();
        let mut read = Vec::new();
        for g in 0..file.games().len() {
            match records.record(g) {
                Some(Ok(record)) => read.push(match collector.read(deal(record.deal_text), &record) {
                    Read::New(board) => format!("new {}", board.place),
                    Read::CopyOf(board) => format!("copy of {}", board.place),
                }),
                _ => {
                    collector.skip();
                    read.push("bad".to_owned());
                }
            }
        }
        assert_eq!(read, ["new 0", "new 1", "bad", "copy of 0", "copy of 1", "new 5"]);
        assert_eq!(numbers(&collector), ["1", "2", "6"]);
    }

    #[test]
    fn a_traveller_file_gives_each_board_once() {
        let game = |board: u32, deal: &str| format!("[Board \"{board}\"]\n[Deal \"{deal}\"]\n[Contract \"4S\"]\n\n");
        let text = [game(1, DEAL), game(1, DEAL), game(2, OTHER), game(1, DEAL), game(2, OTHER)].concat();
        let collector = collect(&text);
        assert_eq!(numbers(&collector), ["1", "2"]);
        assert_eq!(collector.boards()[1].place, 2);
    }

    #[test]
    fn events_and_dates_are_the_distinct_ones_said() {
        let mut collector = Collector::new();
        let boards = [
            (DEAL, "1", Some("Club pairs"), Some("2026.11.23")),
            (DEAL, "2", Some(" Club pairs "), Some("2026.11.23")),
            (DEAL, "3", Some("?"), Some("2026.??.??")),
            (DEAL, "4", Some(""), None),
            (DEAL, "5", Some("Open teams"), Some("2026.11.24")),
            (OTHER, "6", None, Some("?")),
            (OTHER, "7", None, Some(" 2026.11.24 ")),
        ];
        for (text, board, event, date) in boards {
            collector.add(deal(text), &record(Some(board), event, date));
        }
        assert_eq!(collector.events(), ["Club pairs", "Open teams"]);
        assert_eq!(collector.dates(), ["2026-11-23", "2026.??.??", "2026-11-24"]);
        let heading = collector.heading(&[], Some("dir/boards.pbn"));
        assert_eq!(heading.title, "Club pairs / Open teams");
        assert_eq!(heading.details, ["2026-11-23 / 2026.??.?? / 2026-11-24"]);
    }

    #[test]
    fn a_copy_of_a_board_adds_nothing_to_the_heading() {
        let mut collector = Collector::new();
        collector.add(deal(DEAL), &record(Some("1"), Some("Club"), None));
        collector.add(deal(DEAL), &record(Some("1"), Some("Other"), Some("2026.01.02")));
        assert_eq!(collector.events(), ["Club"]);
        assert!(collector.dates().is_empty());
    }

    #[test]
    fn the_heading_falls_back_to_the_header_and_the_file_name() {
        let mut collector = Collector::new();
        collector.add(deal(DEAL), &record(Some("1"), None, None));
        let header = ["%HRTitleEvent \"Monday pairs\"".to_owned(), "%HRTitleDate 2026.03.02".to_owned()];
        let heading = collector.heading(&header, Some("boards.pbn"));
        assert_eq!(heading.title, "Monday pairs");
        assert_eq!(heading.details, ["2026-03-02"]);
        let heading = collector.heading(&[], Some("dir/boards.pbn"));
        assert_eq!(
            (heading.title.as_str(), heading.details.as_slice()),
            ("Hand records", &["boards.pbn".to_owned()][..])
        );
        assert!(collector.heading(&[], None).details.is_empty());
    }

    #[test]
    fn dealer_and_vulnerability_come_from_the_record_else_the_number_else_north_and_none() {
        let mut collector = Collector::new();
        let tagged = PbnRecord {
            dealer: Some(Seat::West),
            vulnerability: Some(Vulnerability::NorthSouth),
            ..record(Some("1"), None, None)
        };
        collector.add(deal(DEAL), &tagged);
        // Board 6: East deals, East-West vulnerable.
        collector.add(deal(DEAL), &record(Some("6"), None, None));
        // No number: place 3, South deals, East-West vulnerable.
        collector.add(deal(DEAL), &record(None, None, None));
        // A number that is not one, or 0: North, none.
        collector.add(deal(DEAL), &record(Some("1a"), None, None));
        collector.add(deal(DEAL), &record(Some("0"), None, None));
        let seats: Vec<(&str, Seat, Vulnerability)> =
            collector.boards().iter().map(|b| (b.number.as_str(), b.dealer, b.vulnerability)).collect();
        assert_eq!(
            seats,
            [
                ("1", Seat::West, Vulnerability::NorthSouth),
                ("6", Seat::East, Vulnerability::EastWest),
                ("3", Seat::South, Vulnerability::EastWest),
                ("1a", Seat::North, Vulnerability::None),
                ("0", Seat::North, Vulnerability::None),
            ]
        );
    }

    #[test]
    fn a_solved_board_has_its_table_and_the_dealers_par() {
        let mut collector = Collector::new();
        let board = collector.add(deal(DEAL), &record(Some("1"), None, None)).unwrap().clone();
        let table = crate::Solver::new().dd_table(&board.deal).unwrap();
        let solved = board.solved(table);
        assert_eq!(solved, ReportBoard::new("1", deal(DEAL), Seat::North, Vulnerability::None, table));
        assert_eq!(solved.par.score, -110);
    }
}
