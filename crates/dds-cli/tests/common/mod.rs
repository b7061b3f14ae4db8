//! Test support shared by the interrupt and determinism tests: quick deals
//! with DDS's known answers, and runs of the `dds` binary.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::process::{Command, Output, Stdio};

use dds::model::{Seat, Strain};
use dds_fixtures::{fixtures_dir, load_hand_file, Record};

/// The records of DDS's list1000.txt whose tables solve fastest, fastest
/// first, each deal once (the file repeats some deals): 256 distinct deals
/// that all take under 60 ms on one thread (measured on the development
/// machine, process start included: 0.7 s for the first 64, 7 s for all).
/// Their answers (TABLE, PAR and PAR2 lines) come from DDS.
const FAST: [usize; 256] = [
    59, 6, 819, 995, 379, 461, 710, 911, 104, 146, 876, 64, 122, 360, 624, 227, 244, 391, 398, 733, 881, 393, 506, 873,
    5, 630, 812, 15, 116, 141, 212, 285, 306, 508, 677, 831, 17, 41, 436, 443, 447, 584, 675, 992, 404, 411, 502, 536,
    120, 374, 615, 660, 859, 128, 670, 813, 86, 196, 406, 433, 603, 686, 732, 868, 57, 65, 152, 155, 187, 903, 977, 96,
    163, 168, 258, 354, 241, 421, 552, 744, 772, 807, 32, 72, 347, 559, 595, 668, 795, 993, 216, 420, 620, 850, 910,
    982, 88, 165, 190, 331, 376, 457, 673, 706, 967, 90, 280, 424, 579, 646, 95, 123, 161, 266, 381, 777, 827, 905,
    130, 178, 179, 263, 304, 408, 517, 617, 78, 83, 220, 231, 749, 759, 20, 138, 200, 293, 349, 435, 697, 930, 210,
    269, 368, 946, 100, 121, 174, 439, 957, 961, 999, 77, 208, 345, 965, 969, 986, 21, 145, 289, 852, 4, 714, 725, 822,
    994, 337, 386, 928, 22, 81, 170, 173, 203, 372, 467, 845, 990, 2, 144, 159, 279, 875, 350, 514, 564, 755, 139, 290,
    440, 730, 833, 45, 131, 150, 219, 734, 907, 198, 342, 740, 743, 951, 111, 175, 474, 18, 25, 119, 769, 80, 530, 842,
    27, 28, 36, 274, 300, 562, 610, 738, 864, 52, 55, 287, 321, 493, 613, 861, 40, 669, 679, 10, 402, 682, 784, 143,
    569, 858, 125, 169, 618, 335, 428, 766, 16, 66, 560, 634, 838, 939, 544, 592, 736, 761, 79,
];

/// Distinct records of DDS's list1000.txt whose tables solve slowest: 64
/// deals that took 0.33 to 1.4 s each on one thread (the development
/// machine, busy; 32 s together), in file order. A chunk of them keeps a
/// batch solving for seconds. Their answers come from DDS.
const SLOW: [usize; 64] = [
    0, 1, 7, 13, 14, 23, 24, 26, 30, 42, 43, 50, 67, 68, 69, 70, 73, 75, 84, 87, 92, 106, 113, 114, 132, 137, 142, 147,
    154, 158, 162, 164, 167, 176, 177, 182, 188, 192, 194, 225, 228, 232, 234, 239, 250, 256, 264, 268, 277, 287, 302,
    329, 366, 390, 442, 480, 484, 574, 633, 667, 790, 880, 882, 954,
];

/// The records of [`SLOW`], in that order.
pub(crate) fn slow_records() -> Vec<Record> {
    let records = load_hand_file("list1000.txt").expect("list1000.txt reads");
    SLOW.iter().map(|&i| records[i].clone()).collect()
}

/// The records of [`FAST`], in that order.
pub(crate) fn fast_records() -> Vec<Record> {
    let records = load_hand_file("list1000.txt").expect("list1000.txt reads");
    FAST.iter().map(|&i| records[i].clone()).collect()
}

/// The `PBN ...` line of each record, as list1000.txt writes it: the input
/// of a DDS hand file with the record's dealer and vulnerability.
pub(crate) fn dds_lines(records: &[Record]) -> Vec<String> {
    let text = std::fs::read_to_string(fixtures_dir().join("dds-hands/list1000.txt")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    records.iter().map(|r| lines[r.line - 1].trim_end().to_owned()).collect()
}

/// The deal of a `PBN ...` line, as the line writes it (the text `dds`
/// echoes).
pub(crate) fn deal_text(line: &str) -> &str {
    line.split('"').nth(1).expect("a quoted deal")
}

/// DDS's vulnerability code (0 none, 1 both, 2 NS, 3 EW) as a PBN
/// `Vulnerable` value.
pub(crate) fn vulnerable(code: u8) -> &'static str {
    ["None", "All", "NS", "EW"][usize::from(code)]
}

/// A PBN file of the records: board numbers from 1, each with the
/// record's dealer, vulnerability and deal.
pub(crate) fn pbn_file(records: &[Record]) -> String {
    let lines = dds_lines(records);
    let mut text = String::from("% PBN 2.1\n% Quick deals from DDS's list1000.txt\n");
    for (b, (record, line)) in records.iter().zip(&lines).enumerate() {
        text.push_str(&format!(
            "[Board \"{}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"{}\"]\n\n",
            b + 1,
            record.dealer.to_char(),
            vulnerable(record.vulnerability),
            deal_text(line)
        ));
    }
    text
}

/// `dds table --json`'s line for a deal, from DDS's table.
pub(crate) fn table_json(deal: &str, record: &Record) -> String {
    let table = record.table.expect("a TABLE line");
    let strains: Vec<String> = Strain::ALL
        .iter()
        .map(|&s| {
            let t: Vec<String> = Seat::ALL.iter().map(|&d| table[s][d].to_string()).collect();
            format!("\"{s}\":[{}]", t.join(","))
        })
        .collect();
    format!("{{\"deal\":\"{deal}\",\"tricks\":{{{}}}}}", strains.join(","))
}

/// Bridge Composer's 20 hex digits of DDS's table: declarers N, S, E, W,
/// strains NT, S, H, D, C.
pub(crate) fn hex_tricks(record: &Record) -> String {
    let table = record.table.expect("a TABLE line");
    let mut s = String::new();
    for d in [Seat::North, Seat::South, Seat::East, Seat::West] {
        for st in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
            s.push(char::from_digit(u32::from(table[st][d]), 16).unwrap());
        }
    }
    s
}

/// A fresh directory for one test's files.
pub(crate) fn temp_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dds-cli-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A run of `dds` with `stdin` as its standard input.
pub(crate) fn run(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dds binary runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // Written from a thread: a large input must not block against a full
    // output pipe.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
