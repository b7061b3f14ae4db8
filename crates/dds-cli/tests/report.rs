//! End-to-end tests of `dds report`, the printable hand-record page: the
//! binary is run on the sample PBN file and each board's section is checked
//! against values found without the code under test: the file's own tags
//! (board, dealer, vulnerability, event, date), read with `PbnFile`, and
//! DDS's tables and dealer's par for the same deals (the list10 fixture,
//! whose deals, dealers and vulnerabilities the sample file holds).

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

mod common;

use dds::model::{PbnFile, Seat, Strain, Suit};
use dds_fixtures::{fixtures_dir, load_hand_file};

fn dds(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dds binary runs");
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(output: &Output) -> String {
    assert!(output.status.success(), "dds failed: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout.clone()).unwrap()
}

/// The exit status and standard error of a run.
fn failure(output: &Output) -> (Option<i32>, String) {
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dds-report-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The sample PBN file: the deals of list10 with their dealer and
/// vulnerability, and the event and date of the session.
fn sample_pbn() -> PathBuf {
    fixtures_dir().join("sample/boards.pbn")
}

/// The board sections of a page, in order, each from its start tag to its
/// end tag.
fn sections(html: &str) -> Vec<&str> {
    html.split("<section class=\"board\"")
        .skip(1)
        .map(|s| &s[..s.find("</section>").expect("a closed section")])
        .collect()
}

/// The inner HTML of the first element whose start tag holds `marker`
/// (`class="dd"`), its nested elements of the same name matched.
fn element<'a>(html: &'a str, marker: &str) -> &'a str {
    let at = html.find(marker).unwrap_or_else(|| panic!("{marker} not in {html}"));
    let open = if marker.starts_with('<') { at } else { html[..at].rfind('<').unwrap() };
    let name: String = html[open + 1..].chars().take_while(char::is_ascii_alphanumeric).collect();
    let start = open + html[open..].find('>').unwrap() + 1;
    let (open_tag, close_tag) = (format!("<{name}"), format!("</{name}>"));
    let (mut depth, mut pos) = (1, start);
    loop {
        let close = pos + html[pos..].find(&close_tag).expect("a closing tag");
        // Start tags of the same name (and not a longer name) before it.
        let nested = html[pos..close]
            .match_indices(&open_tag)
            .filter(|(i, _)| {
                html[pos + i + open_tag.len()..].starts_with(|c: char| c == '>' || c.is_ascii_whitespace())
            })
            .count();
        depth += nested;
        depth -= 1;
        if depth == 0 {
            return &html[start..close];
        }
        pos = close + close_tag.len();
    }
}

/// The text of some HTML: tags dropped (a block's start and end make a
/// space, an inline tag nothing), the five escapes decoded and runs of
/// white space made one space.
fn text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('>').expect("a closed tag");
        let name: String =
            rest[open + 1..close].trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect();
        if !matches!(name.as_str(), "span" | "b" | "i" | "em" | "strong") {
            out.push(' ');
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    let out = out
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The text of each cell of each row of a table.
fn rows(table: &str) -> Vec<Vec<String>> {
    table
        .split("<tr")
        .skip(1)
        .map(|row| {
            let row = &row[row.find('>').unwrap() + 1..row.find("</tr>").expect("a closed row")];
            // Each piece before a `</t` ends with a cell: its start tag
            // is the last `<td` or `<th` in it.
            row.split("</t")
                .filter_map(|piece| piece.rfind("<t").map(|start| &piece[start..]))
                .map(|cell| text(&cell[cell.find('>').unwrap() + 1..]))
                .collect()
        })
        .collect()
}

/// A suit's symbol as the page shows it.
fn symbol(suit: Suit) -> char {
    suit.symbol()
}

/// A strain as the page shows it: `NT` or the suit symbol.
fn strain_text(c: char) -> String {
    match c {
        'N' => "NT".to_owned(),
        c => Suit::from_char(c).expect("a strain letter").symbol().to_string(),
    }
}

/// A contract of DDS's DealerPar text (`2S-EW`, `4S*-EW-1`, `3N-NS+1`) in
/// the readable form the page shows (`EW 2♠`, `EW 4♠x-1`, `NS 3NT+1`).
fn readable(dealer_text: &str) -> String {
    let (bid, rest) = dealer_text.split_once('-').expect("a DealerPar contract");
    let doubled = bid.ends_with('*');
    let bid = bid.trim_end_matches('*');
    let (level, strain) = bid.split_at(bid.len() - 1);
    let end = rest.find(['+', '-']).unwrap_or(rest.len());
    let (declarer, result) = rest.split_at(end);
    let x = if doubled { "x" } else { "" };
    format!("{declarer} {level}{}{x}{result}", strain_text(strain.chars().next().unwrap()))
}

/// How the page writes a PBN `Vulnerable` value.
fn vulnerable_text(tag: &str) -> &'static str {
    match tag {
        "None" => "None",
        "NS" => "N-S",
        "EW" => "E-W",
        "All" => "All",
        other => panic!("vulnerability {other}"),
    }
}

/// A hand as the page shows it: each suit's symbol and cards, the ten as
/// `10` and a void as a dash.
fn hand_text(hand: dds::model::Hand) -> String {
    Suit::ALL
        .iter()
        .map(|&suit| {
            let holding = hand.holding(suit);
            let cards = if holding.is_empty() { "—".to_owned() } else { holding.to_string().replace('T', "10") };
            format!("{} {cards}", symbol(suit))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn each_board_has_its_hands_and_dds_tricks_and_par() {
    let records = load_hand_file("list10.txt").unwrap();
    let pbn = PbnFile::parse(&std::fs::read_to_string(sample_pbn()).unwrap()).unwrap();
    let html = stdout(&dds(&["report", sample_pbn().to_str().unwrap()], ""));
    let boards = sections(&html);
    assert_eq!(boards.len(), records.len());
    assert_eq!(boards.len(), pbn.games().len());
    // The title: the event and date of the file's tags.
    let title = text(element(&html, "<h1"));
    assert_eq!(title, pbn.resolved_tag(0, "Event").unwrap());
    let details = text(element(&html, "class=\"details\""));
    assert_eq!(details, pbn.resolved_tag(0, "Date").unwrap().replace('.', "-"));
    assert!(text(element(&html, "<title")).starts_with("Sample boards"));
    for (g, (board, record)) in boards.iter().zip(&records).enumerate() {
        let number = pbn.resolved_tag(g, "Board").unwrap();
        assert!(board.starts_with(&format!(" data-board=\"{number}\">")), "{board}");
        // Board number, dealer and vulnerability, from the PBN tags.
        let info = text(element(board, "class=\"info\""));
        let dealer = Seat::from_char(pbn.resolved_tag(g, "Dealer").unwrap().chars().next().unwrap()).unwrap();
        let vulnerable = vulnerable_text(pbn.resolved_tag(g, "Vulnerable").unwrap());
        assert_eq!(info, format!("Board {number} Dealer {} Vul {vulnerable}", dealer.name()));
        assert!(
            element(board, "class=\"compass\"").contains(&format!("dealer\" title=\"Dealer\">{}<", dealer.to_char()))
        );
        // The hand diagram.
        for (seat, class) in
            [(Seat::North, "north"), (Seat::East, "east"), (Seat::South, "south"), (Seat::West, "west")]
        {
            let shown = text(element(board, &format!("class=\"hand {class}\"")));
            assert_eq!(shown, hand_text(record.deal.hand(seat)), "board {number}, {class}");
        }
        // The table: declarers N, S, E, W down, strains NT, S, H, D, C across.
        let table = record.table.unwrap();
        let cells = rows(element(board, "class=\"dd\""));
        let head: Vec<String> = ["", "NT", "♠", "♥", "♦", "♣"].iter().map(|s| s.to_string()).collect();
        assert_eq!(cells[0], head, "board {number}");
        let strains = [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];
        for (row, declarer) in cells[1..].iter().zip([Seat::North, Seat::South, Seat::East, Seat::West]) {
            let mut expected = vec![declarer.to_char().to_string()];
            expected.extend(strains.iter().map(|&s| table[s][declarer].to_string()));
            assert_eq!(*row, expected, "board {number}, declarer {declarer}");
        }
        assert_eq!(cells.len(), 5);
        // The dealer's par: DDS's score and contracts.
        let par2 = record.par2.as_ref().unwrap();
        let par = element(board, "class=\"par\"");
        assert_eq!(text(element(par, "class=\"score\"")), format!("Par {}", par2.score), "board {number}");
        let mut shown: Vec<String> =
            par.split("class=\"contract\">").skip(1).map(|c| text(&c[..c.find("</div>").unwrap()])).collect();
        let mut expected: Vec<String> = par2.contracts.iter().map(|c| readable(c)).collect();
        shown.sort();
        expected.sort();
        assert_eq!(shown, expected, "board {number}");
    }
    // Board 2's South has no spade: a dash.
    assert!(text(element(boards[1], "class=\"hand south\"")).starts_with("♠ —"));
    // Six boards to a printed sheet: two sheets, each with its boards.
    assert_eq!(html.matches("<div class=\"sheet\">").count(), 2);
    assert!(html.contains("Boards 1–6") && html.contains("Boards 7–10"));
}

#[test]
fn the_page_is_self_contained_utf8_html_with_a_print_style() {
    let html = stdout(&dds(&["report", sample_pbn().to_str().unwrap()], ""));
    assert!(html.starts_with("<!DOCTYPE html>\n"));
    assert!(html.contains("<meta charset=\"utf-8\">"));
    assert!(html.contains("@media print") && html.contains("size: A4"));
    assert!(html.contains("break-inside: avoid") && html.contains("break-after: page"));
    for external in ["<script", "src=", "href=", "url(", "@import", "http:", "https:"] {
        assert!(!html.contains(external), "{external}");
    }
    // Hearts and diamonds are red.
    assert!(html.contains("<span class=\"sym red\">♥</span>") && html.contains("<span class=\"sym red\">♦</span>"));
    assert!(html.contains("<span class=\"sym\">♠</span>") && html.contains("<span class=\"sym\">♣</span>"));
    assert!(html.ends_with("</html>\n"));
}

/// Two games of a PBN file, the first with `event`, the second with
/// `deal`.
fn two_games(event: &str, board: &str, deal: &str) -> String {
    format!(
        "[Event \"{event}\"]\n[Board \"{board}\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n\
         [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n\n\
         [Event \"#\"]\n[Board \"2\"]\n[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"{deal}\"]\n"
    )
}

/// Board 2 of the sample file.
const BOARD_2: &str = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";

#[test]
fn text_from_the_file_is_escaped() {
    // PBN escapes a quote in a tag value with a backslash.
    let pbn = two_games("Club <Pairs> & \\\"Teams\\\" 'A'", "1<b>", BOARD_2);
    let html = stdout(&dds(&["report", "-"], &pbn));
    let escaped = "Club &lt;Pairs&gt; &amp; &quot;Teams&quot; &#39;A&#39;";
    assert!(html.contains(&format!("<h1>{escaped}</h1>")), "{html}");
    assert!(html.contains(&format!("<title>{escaped}</title>")), "{html}");
    assert!(!html.contains("<Pairs>") && !html.contains("<b>"), "{html}");
    // The board number is escaped in the text and in the attribute.
    assert!(html.contains("<section class=\"board\" data-board=\"1&lt;b&gt;\">"), "{html}");
    assert!(html.contains("<h2>Board 1&lt;b&gt;</h2>"), "{html}");
    assert_eq!(sections(&html).len(), 2);
}

#[test]
fn output_goes_to_the_file_through_a_part_file() {
    let dir = temp_dir("output");
    let path = dir.join("record.html");
    let output = dds(&["report", sample_pbn().to_str().unwrap(), "-o", path.to_str().unwrap()], "");
    assert!(stdout(&output).is_empty());
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(!dir.join("record.html.part").exists());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
    // The same page as on standard output, with any thread count.
    let printed = stdout(&dds(&["report", sample_pbn().to_str().unwrap(), "--threads", "1"], ""));
    assert_eq!(written, printed);
    // Written again over an existing file.
    let output = dds(&["report", sample_pbn().to_str().unwrap(), "--output", path.to_str().unwrap()], "");
    assert!(output.status.success());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), written);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_deal_is_an_error_unless_keep_going_leaves_it_out() {
    // The second game's deal gives the spade ace to two hands.
    let bad = BOARD_2.replacen("AK96", "AK9A", 1);
    let pbn = two_games("Club", "1", &bad);
    let output = dds(&["report", "-"], &pbn);
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.starts_with("dds: <stdin>: game 2 (board 2): "), "{stderr}");
    assert!(output.stdout.is_empty());
    // With -o no file is left behind.
    let dir = temp_dir("bad");
    let path = dir.join("record.html");
    std::fs::write(dir.join("boards.pbn"), &pbn).unwrap();
    let input = dir.join("boards.pbn");
    let (code, stderr) = failure(&dds(&["report", input.to_str().unwrap(), "-o", path.to_str().unwrap()], ""));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("game 2 (board 2)"), "{stderr}");
    assert!(!path.exists() && !dir.join("record.html.part").exists());
    // --keep-going reports the board, writes the others and still fails.
    let output = dds(&["report", input.to_str().unwrap(), "--keep-going", "-o", path.to_str().unwrap()], "");
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("game 2 (board 2)") && stderr.contains("1 of 2 records had errors"), "{stderr}");
    let html = std::fs::read_to_string(&path).unwrap();
    let boards = sections(&html);
    assert_eq!(boards.len(), 1);
    assert!(boards[0].starts_with(" data-board=\"1\">"));
    std::fs::remove_dir_all(&dir).ok();
    // A deal that does not parse, given as the argument.
    let (code, stderr) = failure(&dds(&["report", "X:AKQ.. . ."], ""));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.starts_with("dds: ") && stderr.contains("first seat"), "{stderr}");
}

#[test]
fn an_input_without_deals_is_an_error() {
    for (input, name) in [
        ("[Event \"Club\"]\n[Site \"Hall\"]\n", "PBN without deals"),
        ("", "empty input"),
        ("# a comment\n\n", "comments only"),
    ] {
        let output = dds(&["report", "-"], input);
        let (code, stderr) = failure(&output);
        assert_eq!(code, Some(1), "{name}: {stderr}");
        assert_eq!(stderr, "dds: <stdin>: no deals to report\n", "{name}");
        assert!(output.stdout.is_empty(), "{name}");
    }
    // Every board bad: nothing to report, even with --keep-going.
    let output = dds(&["report", "-", "--keep-going"], "N:AKQ.. . .\n");
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("1 of 1 records had errors; no boards to report"), "{stderr}");
    assert!(output.stdout.is_empty());
}

#[test]
fn deal_lines_and_lin_boards_are_numbered() {
    // Deal lines are boards 1, 2, ... with the dealer and vulnerability of
    // their number.
    let deals = fixtures_dir().join("sample/deals.txt");
    let html = stdout(&dds(&["report", deals.to_str().unwrap()], ""));
    let boards = sections(&html);
    assert_eq!(boards.len(), 10);
    assert_eq!(text(element(boards[1], "class=\"info\"")), "Board 2 Dealer East Vul N-S");
    assert_eq!(text(element(boards[8], "class=\"info\"")), "Board 9 Dealer North Vul E-W");
    assert_eq!(text(element(&html, "<h1")), "Hand records");
    assert_eq!(text(element(&html, "class=\"details\"")), "deals.txt");
    // LIN: the board number, dealer and vulnerability of the record.
    let lin = "qx|o7|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|ah|Board 7|pg||\n";
    let dir = temp_dir("lin");
    let path = dir.join("record.lin");
    std::fs::write(&path, lin).unwrap();
    let html = stdout(&dds(&["report", path.to_str().unwrap()], ""));
    let boards = sections(&html);
    assert_eq!(boards.len(), 1);
    assert_eq!(text(element(boards[0], "class=\"info\"")), "Board 7 Dealer North Vul E-W");
    assert_eq!(text(element(boards[0], "class=\"hand north\"")), "♠ QJ6 ♥ K652 ♦ J85 ♣ 1098");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_options_are_usage_errors() {
    for args in [&["report", "--threads", "0"][..], &["report", "--output"], &["report", "--colour"]] {
        let (code, stderr) = failure(&dds(args, ""));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
    }
}

/// The sample file as a traveller: every game once per table result (its
/// `Result` and `Contract` tags differ), the copies one after the other.
fn traveller(copies: usize) -> String {
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let mut out = String::new();
    for (i, game) in text.split("\n\n").enumerate() {
        let game = game.trim_end();
        for copy in 0..copies {
            // The file's header stays in front of the first game only.
            let game = if i == 0 && copy > 0 {
                game.split_once("[Event").map(|(_, g)| format!("[Event{g}")).unwrap()
            } else {
                game.to_owned()
            };
            out.push_str(&format!("{game}\n[Contract \"3NT\"]\n[Result \"{}\"]\n\n", 7 + copy));
        }
    }
    out
}

#[test]
fn a_traveller_file_gives_one_diagram_per_board_each_deal_solved_once() {
    let dir = temp_dir("traveller");
    let path = dir.join("traveller.pbn");
    std::fs::write(&path, traveller(3)).unwrap();
    let html = stdout(&dds(&["report", path.to_str().unwrap()], ""));
    // The same page as the sample file's (checked against DDS above), but
    // for the file's name, which neither shows (the tags give a date).
    let sample = stdout(&dds(&["report", sample_pbn().to_str().unwrap()], ""));
    assert_eq!(sections(&html).len(), 10);
    assert_eq!(html, sample);
    let output = dds(&["report", path.to_str().unwrap(), "--stats"], "");
    assert_eq!(stdout(&output), sample);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "dds: 30 deals, 10 distinct solved\n");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_title_is_bridge_composers_when_the_event_tags_are_empty() {
    let dir = temp_dir("hrtitle");
    let path = dir.join("handout.pbn");
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let text =
        text.replace("[Event \"Sample boards\"]", "[Event \"\"]").replace("[Date \"2026.11.23\"]", "[Date \"\"]");
    let text = text.replacen(
        "% EXPORT\n",
        "% EXPORT\n%BCOptions Float Justify\n%HRTitleEvent \"Tuesday Pairs\"\n%HRTitleDate \"2026.11.24\"\n",
        1,
    );
    std::fs::write(&path, text).unwrap();
    let html = stdout(&dds(&["report", path.to_str().unwrap()], ""));
    assert_eq!(text_of(&html, "<h1"), "Tuesday Pairs");
    assert_eq!(text_of(&html, "class=\"details\""), "2026-11-24");
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 40: Bridge Composer's `%HRTitleDate 0` (beside `%HRTitleEvent
/// ""`) is a hand record without a date: no "0" under the title, which
/// shows the file's name instead.
#[test]
fn bridge_composers_title_date_0_is_no_date() {
    let dir = temp_dir("hrtitle-0");
    let path = dir.join("handout.pbn");
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let text =
        text.replace("[Event \"Sample boards\"]", "[Event \"\"]").replace("[Date \"2026.11.23\"]", "[Date \"\"]");
    for (title, event) in [("Tuesday Pairs", "\"Tuesday Pairs\""), ("Hand records", "\"\"")] {
        let header = format!("% EXPORT\n%HRTitleDate 0\n%HRTitleEvent {event}\n%HRTitleSetID \"\"\n");
        std::fs::write(&path, text.replacen("% EXPORT\n", &header, 1)).unwrap();
        let html = stdout(&dds(&["report", path.to_str().unwrap()], ""));
        assert_eq!(text_of(&html, "<h1"), title);
        assert_eq!(text_of(&html, "class=\"details\""), "handout.pbn");
        assert_eq!(element(&html, "<title"), format!("{title} · handout.pbn"));
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// The text of the first element whose start tag holds `marker`.
fn text_of(html: &str, marker: &str) -> String {
    text(element(html, marker))
}

#[test]
fn a_closed_pipe_stops_the_report() {
    let dir = temp_dir("report-pipe");
    let path = dir.join("deals.pbn");
    let records = common::fast_records();
    std::fs::write(&path, common::pbn_file(&records)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(["report", path.to_str().unwrap(), "--stats", "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dds binary runs");
    // As `dds report FILE | head -1`: the first line read, then the pipe
    // closed while the first chunk is being solved.
    let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut out, &mut first).unwrap();
    assert_eq!(first, "<!DOCTYPE html>\n");
    drop(out);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "a closed pipe is no error");
    let stats = String::from_utf8_lossy(&output.stderr).into_owned();
    let solved: usize = stats.split(", ").nth(1).and_then(|s| s.split(' ').next()).unwrap().parse().unwrap();
    assert!(solved <= 2 * 64 && solved < records.len(), "the solving stops at the first failed write: {stats}");
    std::fs::remove_dir_all(&dir).ok();
}
