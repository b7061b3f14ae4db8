//! Interrupts lose nothing and come promptly: each long command is started
//! on an input that takes seconds, sent SIGTERM or SIGINT once its first
//! results are out (or at a fixed moment for the commands that write only
//! at the end), and then checked: exit status 130, within seconds of the
//! signal (the searches in flight are stopped), the message on standard
//! error, every record written whole and equal to DDS's answer for its
//! deal (the TABLE, PAR and PAR2 lines of list1000.txt), an output file
//! left as it was and the finished games or boards in `FILE.part`.
//!
//! The runs are serialised (one `dds` at a time), so that each has the
//! machine's cores and its timing is what the test expects.
//!
//! Unix signals: the tests are Unix-only.
#![cfg(unix)]

mod common;

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use common::{dds_lines, deal_text, fast_records, hex_tricks, pbn_file, slow_records, table_json, temp_dir};
use dds::model::{PbnFile, Seat, Strain};
use dds_fixtures::Record;

/// The exit status of a run stopped by a signal.
const INTERRUPTED: i32 = 130;

/// Deals solved at a time by a batch (`CHUNK` in batch.rs): the first
/// results of a run from a file come out when its first chunk is solved.
const CHUNK: usize = 64;

/// The longest a run may take to end after its signal: the searches in
/// flight stop within about a millisecond, so this is only a generous bound for
/// a busy machine (a chunk of the slow deals takes far longer to finish).
const PROMPT: Duration = Duration::from_secs(5);

/// The longest a test waits for output or for the run to end: far more
/// than any run here takes, so that a run that ignores a signal fails the
/// test instead of hanging it.
const PATIENCE: Duration = Duration::from_secs(60);

/// One run at a time (see the module's doc).
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A `dds` run to interrupt: standard output and error are gathered by
/// threads as they come, and standard input (when given) stays open until
/// the run ends.
struct Running {
    child: Child,
    stdout: Arc<Mutex<Vec<u8>>>,
    readers: Vec<JoinHandle<()>>,
    stderr: Arc<Mutex<Vec<u8>>>,
    /// The thread writing standard input; it hands the pipe back, still
    /// open, when it has written everything.
    writer: Option<JoinHandle<ChildStdin>>,
    signalled: Option<Instant>,
}

/// How a run ended.
struct Ended {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    /// From the first signal to the end of the process.
    after_signal: Duration,
}

impl Ended {
    fn text(&self) -> String {
        String::from_utf8(self.stdout.clone()).expect("UTF-8 output")
    }
}

/// Copies everything `from` gives into `into`, as it comes.
fn gather(mut from: impl Read + Send + 'static, into: &Arc<Mutex<Vec<u8>>>) -> JoinHandle<()> {
    let into = Arc::clone(into);
    std::thread::spawn(move || {
        let mut buffer = [0u8; 8192];
        while let Ok(n) = from.read(&mut buffer) {
            if n == 0 {
                break;
            }
            into.lock().unwrap().extend_from_slice(&buffer[..n]);
        }
    })
}

impl Running {
    /// Starts `dds args`; `stdin`, when given, is written to its standard
    /// input, which then stays open (a pipe from a program that has more
    /// to send); else standard input is empty.
    fn start(args: &[&str], stdin: Option<Vec<u8>>) -> Running {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
            .args(args)
            .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the dds binary runs");
        let (stdout, stderr) = (Arc::new(Mutex::new(Vec::new())), Arc::new(Mutex::new(Vec::new())));
        let readers =
            vec![gather(child.stdout.take().unwrap(), &stdout), gather(child.stderr.take().unwrap(), &stderr)];
        let writer = stdin.map(|bytes| {
            let mut pipe = child.stdin.take().unwrap();
            std::thread::spawn(move || {
                // The run may stop reading before the end: a failed write
                // is no error here.
                let _ = pipe.write_all(&bytes);
                let _ = pipe.flush();
                pipe
            })
        });
        Running { child, stdout, readers, stderr, writer, signalled: None }
    }

    /// Waits until the output gathered so far satisfies `ready`.
    fn wait_for_output(&mut self, ready: &dyn Fn(&[u8]) -> bool) {
        let start = Instant::now();
        while !ready(&self.stdout.lock().unwrap()) {
            if let Some(status) = self.child.try_wait().unwrap() {
                let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
                panic!("dds ended ({status}) before the output expected: {stderr}");
            }
            assert!(start.elapsed() < PATIENCE, "no output from dds");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the file at `path` is not empty and holds `text`.
    fn wait_for_file(&mut self, path: &std::path::Path, text: &str) {
        let start = Instant::now();
        let ready = || std::fs::read_to_string(path).is_ok_and(|t| !t.is_empty() && t.contains(text));
        while !ready() {
            assert!(self.child.try_wait().unwrap().is_none(), "dds ended before writing {}", path.display());
            assert!(start.elapsed() < PATIENCE, "{} stays empty", path.display());
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Sends signal `name` (`TERM`, `INT`) to the run, with the `kill`
    /// command.
    fn signal(&mut self, name: &str) {
        assert!(self.child.try_wait().unwrap().is_none(), "dds ended before SIG{name}: the input is too short");
        let status = Command::new("kill").args(["-s", name, &self.child.id().to_string()]).status().expect("kill runs");
        assert!(status.success(), "kill -s {name}");
        self.signalled.get_or_insert_with(Instant::now);
    }

    /// Waits for the run to end (at most [`PATIENCE`]: a run that ignored
    /// the signal is killed and fails the test).
    fn finish(mut self) -> Ended {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > PATIENCE {
                let _ = self.child.kill();
                panic!("dds did not stop after the signal");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let after_signal = self.signalled.map_or(Duration::ZERO, |s| s.elapsed());
        for reader in self.readers {
            reader.join().unwrap();
        }
        // The pipe is closed only now, after the run has ended.
        drop(self.writer.map(|w| w.join().unwrap()));
        let stdout = std::mem::take(&mut *self.stdout.lock().unwrap());
        let stderr = String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned();
        Ended { code: status.code(), stdout, stderr, after_signal }
    }
}

/// When a run is sent its signal.
enum When<'a> {
    /// Once a line of output has come.
    FirstLine,
    /// Once the file is not empty.
    File(&'a std::path::Path),
    /// Once the file holds this text.
    FileHas(&'a std::path::Path, &'a str),
    /// Once the output gathered satisfies the test.
    Output(&'a dyn Fn(&[u8]) -> bool),
    /// After this many milliseconds (for the commands that write only at
    /// the end).
    After(u64),
}

/// Starts `dds args` (with `stdin` as in [`Running::start`]), sends it
/// SIG`signal` at the moment `when` says, and waits for it to end.
fn signalled(args: &[&str], stdin: Option<Vec<u8>>, when: When, signal: &str) -> Ended {
    let mut run = Running::start(args, stdin);
    match when {
        When::FirstLine => run.wait_for_output(&|out| out.contains(&b'\n')),
        When::File(path) => run.wait_for_file(path, ""),
        When::FileHas(path, text) => run.wait_for_file(path, text),
        When::Output(ready) => run.wait_for_output(ready),
        When::After(ms) => std::thread::sleep(Duration::from_millis(ms)),
    }
    run.signal(signal);
    run.finish()
}

/// [`signalled`], and the run must end with the status of an interrupted
/// run.
fn stopped(args: &[&str], stdin: Option<Vec<u8>>, when: When, signal: &str) -> Ended {
    let ended = signalled(args, stdin, when, signal);
    assert_eq!(ended.code, Some(INTERRUPTED), "dds {}: {}", args.join(" "), ended.stderr);
    ended
}

/// Writes the quick deals as a DDS hand file (their `PBN` lines) and
/// returns its path.
fn hand_file(dir: &std::path::Path) -> String {
    let path = dir.join("deals.txt");
    std::fs::write(&path, dds_lines(&fast_records()).join("\n") + "\n").unwrap();
    path.to_str().unwrap().to_owned()
}

/// Checks that a run from a file signalled once its first chunk was out
/// was stopped part way, promptly: `n` records written of `total`, the
/// first chunk's at least.
fn assert_stopped_part_way(n: usize, total: usize, ended: &Ended) {
    assert!((CHUNK..total).contains(&n), "{n} of {total} written: {}", ended.stderr);
    assert!(ended.after_signal < PROMPT, "{:?} from the signal to the end", ended.after_signal);
}

#[test]
fn table_json_stopped_by_sigterm_keeps_every_line_solved() {
    let _serial = serial();
    let dir = temp_dir("int-table-json");
    let records = fast_records();
    let lines = dds_lines(&records);
    let ended = stopped(&["table", "--json", &hand_file(&dir)], None, When::FirstLine, "TERM");
    let text = ended.text();
    assert!(text.ends_with('\n'), "a partial line: {text}");
    let out: Vec<&str> = text.lines().collect();
    assert_stopped_part_way(out.len(), records.len(), &ended);
    for (i, line) in out.iter().enumerate() {
        assert_eq!(*line, table_json(deal_text(&lines[i]), &records[i]), "deal {}", i + 1);
    }
    let message = format!(
        "dds: interrupted: stopped after {} deals, whose results are written whole to standard output; \
         the deals after them are not solved\n",
        out.len()
    );
    assert_eq!(ended.stderr, message);
    std::fs::remove_dir_all(&dir).ok();
}

/// `dds table`'s text for a deal, from DDS's table: the deal, then
/// declarers down and strains across (NT, S, H, D, C).
fn table_text(deal: &str, record: &Record) -> String {
    let table = record.table.unwrap();
    let mut s = format!("{deal}\n     NT   S   H   D   C\n");
    for declarer in Seat::ALL {
        s.push_str(&format!("  {}", declarer.to_char()));
        for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
            s.push_str(&format!(" {:>3}", table[strain][declarer]));
        }
        s.push('\n');
    }
    s
}

#[test]
fn table_text_stopped_by_sigint_ends_after_a_whole_table() {
    let _serial = serial();
    let dir = temp_dir("int-table-text");
    let records = fast_records();
    let lines = dds_lines(&records);
    let ended = stopped(&["table", &hand_file(&dir)], None, When::FirstLine, "INT");
    let text = ended.text();
    // The tables are separated by blank lines: the output is the first n
    // of them, the last one whole.
    let n = text.split("\n\n").count();
    assert_stopped_part_way(n, records.len(), &ended);
    let expected: Vec<String> = (0..n).map(|i| table_text(deal_text(&lines[i]), &records[i])).collect();
    assert_eq!(text, expected.join("\n"));
    assert!(ended.stderr.contains(&format!("interrupted: stopped after {n} deals")), "{}", ended.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Checks a `dds par --json` (or `dds pbn --json`) line against DDS's
/// answers for its deal: the table, the dealer and vulnerability, the
/// dealer's par and both sides' par texts.
fn assert_par_line(line: &str, deal: &str, record: &Record) {
    let table = table_json(deal, record);
    assert!(line.contains(&table[1..table.len() - 1]), "{line}\n{table}");
    let vulnerable = ["None", "All", "NS", "EW"][usize::from(record.vulnerability)];
    let place = format!("\"dealer\":\"{}\",\"vulnerable\":\"{vulnerable}\",", record.dealer.to_char());
    assert!(line.contains(&place), "{line}");
    let (par, par2) = (record.par.as_ref().unwrap(), record.par2.as_ref().unwrap());
    let quoted = |v: &[String]| v.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(",");
    let dds = format!(
        "\"dds\":{{\"par_score\":[{}],\"par_contracts\":[{}],\"dealer_par\":[{}]}}}}",
        quoted(&par.score_text),
        quoted(&par.contracts_text),
        quoted(&par2.contracts)
    );
    assert!(line.ends_with(&dds), "{line}\n{dds}");
    assert!(line.contains(&format!("\"par\":{{\"score\":{},", par2.score)), "{line}");
}

#[test]
fn par_json_stopped_by_sigterm_keeps_every_line_solved() {
    let _serial = serial();
    let dir = temp_dir("int-par");
    let records = fast_records();
    let lines = dds_lines(&records);
    let ended = stopped(&["par", "--json", &hand_file(&dir)], None, When::FirstLine, "TERM");
    let text = ended.text();
    assert!(text.ends_with('\n'), "a partial line: {text}");
    let out: Vec<&str> = text.lines().collect();
    assert_stopped_part_way(out.len(), records.len(), &ended);
    for (i, line) in out.iter().enumerate() {
        assert_par_line(line, deal_text(&lines[i]), &records[i]);
    }
    assert!(ended.stderr.contains(&format!("interrupted: stopped after {} deals", out.len())), "{}", ended.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// The four tags `dds pbn` adds.
const RESULT_TAGS: [&str; 4] = ["DoubleDummyTricks", "OptimumResultTable", "ParContract", "OptimumScore"];

/// Checks `dds pbn`'s output of a stopped run: whole games, each with
/// DDS's table and par score, and without the new tags the input up to
/// the first game not done. Returns the number of games.
fn assert_pbn_prefix(output: &str, input: &str, records: &[Record]) -> usize {
    let mut file = PbnFile::parse(output).expect("the output is PBN");
    let n = file.games().len();
    assert!(n > 0 && n < records.len(), "{n} games");
    for (i, game) in file.games().iter().enumerate() {
        assert_eq!(game.tag("Board"), Some((i + 1).to_string().as_str()));
        assert_eq!(game.tag("DoubleDummyTricks"), Some(hex_tricks(&records[i]).as_str()), "game {}", i + 1);
        let score = records[i].par2.as_ref().unwrap().score;
        assert_eq!(game.tag("OptimumScore"), Some(format!("NS {score}").as_str()), "game {}", i + 1);
        assert_eq!(game.tag_pair("OptimumResultTable").unwrap().section_lines().count(), 20);
    }
    for game in file.games_mut() {
        for tag in RESULT_TAGS {
            assert!(game.remove_tag(tag), "{tag}");
        }
    }
    let end = input.find(&format!("[Board \"{}\"]", n + 1)).unwrap();
    assert_eq!(file.to_string(), input[..end], "the games done, byte for byte");
    n
}

#[test]
fn pbn_to_a_file_stopped_by_sigterm_leaves_the_file_and_the_games_done_in_part() {
    let _serial = serial();
    let dir = temp_dir("int-pbn-o");
    let records = fast_records();
    let input = pbn_file(&records);
    let (path, out) = (dir.join("in.pbn"), dir.join("out.pbn"));
    std::fs::write(&path, &input).unwrap();
    std::fs::write(&out, "old results\n").unwrap();
    let part = dir.join("out.pbn.part");
    let ended = stopped(&["pbn", path.to_str().unwrap(), "-o", out.to_str().unwrap()], None, When::File(&part), "TERM");
    assert!(ended.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old results\n", "the output file is left as it was");
    let n = assert_pbn_prefix(&std::fs::read_to_string(&part).unwrap(), &input, &records);
    assert_stopped_part_way(n, records.len(), &ended);
    let message = format!(
        "dds: interrupted: stopped after game {n}: {} is left as it was, and games 1 to {n}, with their results, \
         are in {}; the games after them are not solved\n",
        out.display(),
        part.display()
    );
    assert_eq!(ended.stderr, message);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pbn_from_an_open_pipe_stopped_by_sigint_writes_the_games_done() {
    let _serial = serial();
    let records = fast_records();
    let input = pbn_file(&records);
    // The whole file is sent and the pipe stays open.
    let ended = stopped(
        &["pbn"],
        Some(input.clone().into_bytes()),
        When::Output(&|out| out.windows(2).any(|w| w == b"\n\n")),
        "INT",
    );
    let n = assert_pbn_prefix(&ended.text(), &input, &records);
    assert!(
        ended.stderr.contains(&format!(
            "interrupted: stopped after game {n}: games 1 to {n}, with their results, are written to standard output"
        )),
        "{}",
        ended.stderr
    );
}

#[test]
fn pbn_json_stopped_by_sigterm_keeps_every_line_solved() {
    let _serial = serial();
    let dir = temp_dir("int-pbn-json");
    let records = fast_records();
    let lines = dds_lines(&records);
    let path = dir.join("in.pbn");
    std::fs::write(&path, pbn_file(&records)).unwrap();
    let ended = stopped(&["pbn", "--json", path.to_str().unwrap()], None, When::FirstLine, "TERM");
    let text = ended.text();
    assert!(text.ends_with('\n'), "a partial line: {text}");
    let out: Vec<&str> = text.lines().collect();
    assert_stopped_part_way(out.len(), records.len(), &ended);
    for (i, line) in out.iter().enumerate() {
        assert!(line.starts_with(&format!("{{\"game\":{},\"board\":{},", i + 1, i + 1)), "{line}");
        assert_par_line(line, deal_text(&lines[i]), &records[i]);
    }
    let n = out.len();
    let message = format!("interrupted: stopped after game {n}: the results of games 1 to {n} are written");
    assert!(ended.stderr.contains(&message), "{}", ended.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

/// Checks a report of a stopped run: one whole HTML page holding the
/// first boards, each with DDS's table and par score. Returns the number
/// of boards.
fn assert_report_prefix(html: &str, records: &[Record]) -> usize {
    assert!(html.starts_with("<!DOCTYPE html>\n") && html.ends_with("</body>\n</html>\n"), "a whole page");
    let boards: Vec<&str> = html.split("<section class=\"board\" data-board=\"").skip(1).collect();
    for (i, board) in boards.iter().enumerate() {
        let record = &records[i];
        assert!(board.starts_with(&format!("{}\"", i + 1)), "board {}", i + 1);
        let score = record.par2.as_ref().unwrap().score;
        assert!(board.contains(&format!("<div class=\"score\">Par {score}</div>")), "board {}", i + 1);
        // The table's cells: declarers N, S, E, W down, strains NT, S, H,
        // D, C across.
        let cells: Vec<u8> = board
            .split("<td")
            .skip(1)
            .map(|cell| cell.split('>').nth(1).unwrap().split('<').next().unwrap().parse().unwrap())
            .collect();
        let table = record.table.unwrap();
        let mut want = Vec::new();
        for d in [Seat::North, Seat::South, Seat::East, Seat::West] {
            for s in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
                want.push(table[s][d]);
            }
        }
        assert_eq!(cells, want, "board {}", i + 1);
    }
    boards.len()
}

#[test]
fn report_to_a_file_stopped_by_sigterm_leaves_the_file_and_the_boards_done_in_part() {
    let _serial = serial();
    let dir = temp_dir("int-report-o");
    let records = fast_records();
    let (path, out) = (dir.join("in.pbn"), dir.join("report.html"));
    std::fs::write(&path, pbn_file(&records)).unwrap();
    std::fs::write(&out, "old report\n").unwrap();
    let part = dir.join("report.html.part");
    // The page's head is written first, the boards a sheet at a time as
    // their chunk is solved: the signal comes once the first board is in
    // the file, well inside the 7 s of solving on one thread.
    let ended = stopped(
        &["report", path.to_str().unwrap(), "-o", out.to_str().unwrap(), "--threads", "1"],
        None,
        When::FileHas(&part, "data-board="),
        "TERM",
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old report\n", "the output file is left as it was");
    let n = assert_report_prefix(&std::fs::read_to_string(&part).unwrap(), &records);
    assert_stopped_part_way(n, records.len(), &ended);
    let message = format!(
        "dds: interrupted: stopped after {n} of the {} boards: {} is left as it was, and the report of the first \
         {n} boards is in {}; the boards after them are not solved\n",
        records.len(),
        out.display(),
        part.display()
    );
    assert_eq!(ended.stderr, message);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn report_to_standard_output_stopped_by_sigint_writes_the_boards_done() {
    let _serial = serial();
    let dir = temp_dir("int-report");
    let records = fast_records();
    let path = dir.join("in.pbn");
    std::fs::write(&path, pbn_file(&records)).unwrap();
    let first_board = |out: &[u8]| out.windows(11).any(|w| w == b"data-board=");
    let ended = stopped(&["report", path.to_str().unwrap(), "--threads", "1"], None, When::Output(&first_board), "INT");
    let n = assert_report_prefix(&ended.text(), &records);
    assert_stopped_part_way(n, records.len(), &ended);
    let message = format!("the report of the first {n} boards is written to standard output");
    assert!(ended.stderr.contains(&message), "{}", ended.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn layouts_stopped_by_sigterm_print_the_estimate_and_every_row_counted() {
    let _serial = serial();
    let dir = temp_dir("int-layouts");
    let csv = dir.join("rows.csv");
    // 10,400,600 layouts: far more than can be solved before the signal.
    let deal = "N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -";
    let args = ["layouts", deal, "--trump", "S", "--leader", "W", "--json", "--csv", csv.to_str().unwrap()];
    let ended = stopped(&args, None, When::After(500), "TERM");
    let json = ended.text();
    assert!(json.starts_with("{\"population\":10400600,\"solved\":") && json.ends_with("}\n"), "{json}");
    assert!(json.contains("\"complete\":false"), "{json}");
    let solved: usize = json.split("\"solved\":").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
    assert!(solved > 0, "{json}");
    // One whole row per layout counted, in the order of the layout
    // number, and the distribution is theirs.
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("layout,east,west,tricks"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert!(text.ends_with('\n'));
    assert_eq!(rows.len(), solved, "a row per layout counted");
    let mut counts = [0u64; 14];
    let mut last = None;
    for row in &rows {
        assert_eq!(row.len(), 4, "{row:?}");
        let index: u64 = row[0].parse().unwrap();
        assert!(last.is_none_or(|l| l < index), "rows in the order of the layout number");
        last = Some(index);
        counts[row[3].parse::<usize>().unwrap()] += 1;
    }
    let list: Vec<String> = counts.iter().map(u64::to_string).collect();
    assert!(json.contains(&format!("\"distribution\":[{}]", list.join(","))), "{json}");
    // A few rows against a fresh solver: South's tricks in spades.
    for row in rows.iter().take(3) {
        let full: dds::model::Deal =
            format!("N:AQ72.K84.A95.Q63 {} K853.A62.KJ4.J72 {}", row[1], row[2]).parse().unwrap();
        let table = dds::Solver::new().dd_table(&full).unwrap();
        assert_eq!(row[3], table.tricks(Strain::Spades, Seat::South).to_string(), "{row:?}");
    }
    assert!(ended.stderr.contains("interrupted: the estimate printed is from the"), "{}", ended.stderr);
    assert!(ended.stderr.contains(&format!("their rows are in {}", csv.display())), "{}", ended.stderr);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_wait_on_an_open_pipe_ends_on_a_signal() {
    let _serial = serial();
    let records = fast_records();
    let lines = dds_lines(&records);
    // Three deals sent, answered, and the pipe left open with nothing more.
    let deals: String = lines[..3].iter().map(|l| format!("{}\n", deal_text(l))).collect();
    let ended = stopped(
        &["table", "--json"],
        Some(deals.into_bytes()),
        When::Output(&|out| out.iter().filter(|&&b| b == b'\n').count() == 3),
        "TERM",
    );
    assert!(ended.after_signal < Duration::from_secs(5), "{:?}", ended.after_signal);
    let text = ended.text();
    let out: Vec<&str> = text.lines().collect();
    assert_eq!(out.len(), 3);
    for (i, line) in out.iter().enumerate() {
        assert_eq!(*line, table_json(deal_text(&lines[i]), &records[i]));
    }
    assert!(ended.stderr.contains("interrupted: stopped after 3 deals"), "{}", ended.stderr);

    // Before any input has come: nothing to write.
    for (command, message) in [
        ("pbn", "interrupted before any input was read: nothing is written"),
        ("par", "interrupted before any input was read: nothing is written"),
    ] {
        let ended = stopped(&[command], Some(Vec::new()), When::After(200), "INT");
        assert!(ended.stdout.is_empty(), "{command}");
        assert_eq!(ended.stderr, format!("dds: {message}\n"), "{command}");
    }

    // `dds report` reads everything first: a signal while it waits writes
    // nothing.
    let ended = stopped(&["report"], Some(deals_text(&lines[..2])), When::After(200), "TERM");
    assert!(ended.stdout.is_empty());
    assert!(ended.stderr.contains("interrupted while the input was read"), "{}", ended.stderr);
}

/// The deals of `PBN` lines, one per line.
fn deals_text(lines: &[String]) -> Vec<u8> {
    lines.iter().map(|l| format!("{}\n", deal_text(l))).collect::<String>().into_bytes()
}

/// `dds solve` and `dds line` have nothing finished before their one
/// result: a signal stops them at once with nothing written (or, if the
/// result was already found, it is written whole).
#[test]
fn solve_and_line_stop_at_once() {
    let _serial = serial();
    // The record of largest.txt that takes longest here (1.6 s for every
    // card's score, 0.5 s for the line).
    let record = &dds_fixtures::load_hand_file("largest.txt").unwrap()[4];
    let deal = record.deal.to_string();
    let (trump, leader) = (record.strain.as_str(), record.leader.to_char().to_string());
    for (command, signal, wait) in [("solve", "TERM", 200), ("line", "INT", 50)] {
        let ended =
            signalled(&[command, &deal, "--trump", trump, "--leader", &leader], None, When::After(wait), signal);
        match ended.code {
            Some(INTERRUPTED) => {
                assert!(ended.stdout.is_empty(), "{command}: {}", ended.text());
                assert_eq!(ended.stderr, "dds: interrupted before the result was found: nothing is written\n");
                assert!(ended.after_signal < Duration::from_secs(1), "{command}: {:?}", ended.after_signal);
            }
            // Found before the signal came: the whole result.
            Some(0) if command == "solve" => {
                assert_eq!(ended.text().lines().count(), record.fut.as_ref().unwrap().entries.len())
            }
            Some(0) => assert_eq!(ended.text().lines().count(), 14),
            code => panic!("{command}: {code:?}: {}", ended.stderr),
        }
    }
}

#[test]
fn a_second_signal_stops_at_once() {
    let _serial = serial();
    let dir = temp_dir("int-second");
    // One quick deal, many times: solved once, and its lines fill the
    // output pipe, which nobody reads, so that the run waits in a write
    // that the first signal cannot end.
    let records = fast_records();
    let line = format!("{}\n", deal_text(&dds_lines(&records[..1])[0]));
    let path = dir.join("deals.txt");
    std::fs::write(&path, line.repeat(20_000)).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(["table", "--json", path.to_str().unwrap(), "--threads", "1"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dds binary runs");
    std::thread::sleep(Duration::from_millis(500));
    let pid = child.id().to_string();
    let kill = |name: &str| {
        let status = Command::new("kill").args(["-s", name, &pid]).status().expect("kill runs");
        assert!(status.success(), "kill -s {name}");
    };
    assert!(child.try_wait().unwrap().is_none(), "dds ended before the signals");
    kill("INT");
    std::thread::sleep(Duration::from_millis(300));
    assert!(child.try_wait().unwrap().is_none(), "dds ended on the first signal: its output is not full");
    let second = Instant::now();
    kill("INT");
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(second.elapsed() < PATIENCE, "dds did not stop after the second signal");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert!(second.elapsed() < Duration::from_secs(1), "{:?}", second.elapsed());
    assert_eq!(status.code(), Some(INTERRUPTED));
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(stderr, "dds: interrupted again: stopped at once; the output may end in a partial record\n");
    std::fs::remove_dir_all(&dir).ok();
}

/// The first chunk of 64 quick deals (its results out within a second),
/// then 64 slow ones: a chunk that takes many seconds to solve, so that a
/// run which finished the chunk in progress before stopping would take
/// far longer than [`PROMPT`] to end.
fn quick_then_slow() -> Vec<Record> {
    let mut records = fast_records();
    records.truncate(CHUNK);
    records.extend(slow_records());
    records
}

/// Issue 40: Ctrl-C in `dds table` stops the searches in flight instead of
/// finishing the chunk in progress (which took 28 s on a loaded machine):
/// the run ends within seconds, and what it wrote is whole tables, each
/// DDS's, the deals solved before the signal among them (on one thread,
/// the deals are solved in input order).
#[test]
fn table_stops_the_searches_in_flight_on_sigint() {
    let _serial = serial();
    let dir = temp_dir("int-table-prompt");
    let records = quick_then_slow();
    let lines = dds_lines(&records);
    let path = dir.join("deals.txt");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let mut run = Running::start(&["table", path.to_str().unwrap(), "--threads", "1"], None);
    // The first chunk is out; a second later, the slow chunk is being
    // solved.
    run.wait_for_output(&|out| out.contains(&b'\n'));
    std::thread::sleep(Duration::from_secs(1));
    run.signal("INT");
    let ended = run.finish();
    assert_eq!(ended.code, Some(INTERRUPTED), "{}", ended.stderr);
    assert!(ended.after_signal < PROMPT, "{:?} from SIGINT to the end", ended.after_signal);
    let text = ended.text();
    let n = text.split("\n\n").count();
    assert!((CHUNK..records.len()).contains(&n), "{n} tables written: {}", ended.stderr);
    let expected: Vec<String> = (0..n).map(|i| table_text(deal_text(&lines[i]), &records[i])).collect();
    assert_eq!(text, expected.join("\n"), "whole tables, DDS's");
    let message = format!(
        "dds: interrupted: stopped after {n} deals, whose results are written whole to standard output; \
         the deals after them are not solved\n"
    );
    assert_eq!(ended.stderr, message);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 40: the same with `dds pbn -o FILE` on two threads: FILE is left
/// as it was and `FILE.part` holds the games solved, whole, in input order.
#[test]
fn pbn_to_a_file_stops_the_searches_in_flight_on_sigterm() {
    let _serial = serial();
    let dir = temp_dir("int-pbn-prompt");
    let records = quick_then_slow();
    let input = pbn_file(&records);
    let (path, out, part) = (dir.join("in.pbn"), dir.join("out.pbn"), dir.join("out.pbn.part"));
    std::fs::write(&path, &input).unwrap();
    std::fs::write(&out, "old results\n").unwrap();
    let args = ["pbn", path.to_str().unwrap(), "-o", out.to_str().unwrap(), "--threads", "2"];
    let mut run = Running::start(&args, None);
    run.wait_for_file(&part, "");
    std::thread::sleep(Duration::from_secs(1));
    run.signal("TERM");
    let ended = run.finish();
    assert_eq!(ended.code, Some(INTERRUPTED), "{}", ended.stderr);
    assert!(ended.after_signal < PROMPT, "{:?} from SIGTERM to the end", ended.after_signal);
    assert!(ended.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old results\n", "the output file is left as it was");
    let n = assert_pbn_prefix(&std::fs::read_to_string(&part).unwrap(), &input, &records);
    assert!(n >= CHUNK, "{n} games");
    let message = format!(
        "dds: interrupted: stopped after game {n}: {} is left as it was, and games 1 to {n}, with their results, \
         are in {}; the games after them are not solved\n",
        out.display(),
        part.display()
    );
    assert_eq!(ended.stderr, message);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_signal_while_a_file_is_read_stops_at_once() {
    let _serial = serial();
    let dir = temp_dir("int-reading");
    let fifo = dir.join("deals.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    // A file that is slow to read: a named pipe whose writer sends a deal
    // and keeps it open (as a large file on a slow disk keeps the reading
    // going); nothing has been solved when the signal comes.
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut file = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
            let record = &fast_records()[0];
            file.write_all(format!("{}\n", record.deal).as_bytes()).unwrap();
            let _ = wait.recv_timeout(PATIENCE);
        })
    };
    let ended = stopped(&["par", fifo.to_str().unwrap()], None, When::After(300), "TERM");
    assert!(ended.after_signal < Duration::from_secs(5), "{:?}", ended.after_signal);
    assert!(ended.stdout.is_empty());
    assert_eq!(ended.stderr, "dds: interrupted while the input was read: nothing is solved or written\n");
    done.send(()).unwrap();
    writer.join().unwrap();
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_signal_while_the_output_is_opened_stops_at_once() {
    let _serial = serial();
    let dir = temp_dir("int-opening");
    let fifo = dir.join("out.fifo");
    assert!(Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs").success());
    let input = dir.join("in.pbn");
    std::fs::write(&input, pbn_file(&fast_records()[..2])).unwrap();
    // Nobody reads the pipe: opening it waits.
    let ended =
        stopped(&["pbn", input.to_str().unwrap(), "-o", fifo.to_str().unwrap()], None, When::After(300), "TERM");
    assert!(ended.after_signal < Duration::from_secs(5), "{:?}", ended.after_signal);
    assert_eq!(ended.stderr, "dds: interrupted while the output was opened: nothing is solved or written\n");
    std::fs::remove_dir_all(&dir).ok();
}
