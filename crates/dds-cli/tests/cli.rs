//! End-to-end tests of the `dds` command: the binary is run on fixture
//! files and its output checked against DDS's known answers.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use dds::model::{Seat, Strain};
use dds_fixtures::{fixtures_dir, load_hand_file};

mod common;
use common::{hex_tricks, table_json};

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

#[test]
fn table_json_matches_dds_on_the_sample_file() {
    let records = load_hand_file("list10.txt").unwrap();
    let sample = fixtures_dir().join("sample/deals.txt");
    let out = stdout(&dds(&["table", "--json", sample.to_str().unwrap()], ""));
    let given = std::fs::read_to_string(&sample).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), records.len());
    for ((line, record), deal) in lines.iter().zip(&records).zip(given.lines()) {
        assert_eq!(deal.parse::<dds::model::Deal>(), Ok(record.deal));
        let expected = table_json(deal, record);
        assert_eq!(*line, expected);
    }
}

#[test]
fn table_reads_stdin_and_keeps_the_deal_as_given() {
    let deal = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";
    let out = stdout(&dds(&["table", "--json"], &format!("\n{deal}\n\n")));
    assert!(out.starts_with(&format!("{{\"deal\":\"{deal}\"")), "{out}");
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn table_text_is_readable() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    insta::assert_snapshot!(stdout(&dds(&["table"], deal)));
}

#[test]
fn solve_json_matches_dds_leads() {
    for record in load_hand_file("list10.txt").unwrap() {
        let fut = record.fut.as_ref().unwrap();
        let deal = record.deal.to_string();
        let out = stdout(&dds(
            &["solve", &deal, "--trump", record.strain.as_str(), "--leader", &record.leader.to_string(), "--json"],
            "",
        ));
        for entry in &fut.entries {
            let equals: Vec<String> = dds::model::Hand::from_holding(entry.card.suit(), entry.equals)
                .iter()
                .rev()
                .map(|c| format!("\"{c}\""))
                .collect();
            let expected =
                format!("{{\"card\":\"{}\",\"tricks\":{},\"equals\":[{}]}}", entry.card, entry.score, equals.join(","));
            assert!(out.contains(&expected), "line {}: {expected} not in {out}", record.line);
        }
        assert_eq!(out.matches("\"card\"").count(), fut.entries.len());
    }
}

#[test]
fn solve_output_does_not_depend_on_threads() {
    for record in load_hand_file("list10.txt").unwrap().iter().take(3) {
        let deal = record.deal.to_string();
        let leader = record.leader.to_string();
        let args = |threads: &'static str| {
            ["solve", &deal, "--trump", record.strain.as_str(), "--leader", &leader, "--threads", threads]
                .map(str::to_owned)
        };
        let run = |threads| {
            let args = args(threads);
            stdout(&dds(&args.iter().map(String::as_str).collect::<Vec<_>>(), ""))
        };
        let one = run("1");
        assert_eq!(one.lines().count(), record.fut.as_ref().unwrap().entries.len(), "line {}", record.line);
        assert_eq!(one, run("2"), "line {}", record.line);
    }
}

#[test]
fn solve_accepts_target_minus_one() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let a = stdout(&dds(&["solve", deal, "--trump", "S", "--leader", "N", "--target", "-1", "--json"], ""));
    let b = stdout(&dds(&["solve", deal, "--trump", "S", "--leader", "N", "--target", "MAX", "--json"], ""));
    assert_eq!(a, b);
}

#[test]
fn solve_mid_trick() {
    // East led the spade ace; South and West are still to play in list1's
    // deal with spades as trumps (North played the six).
    let deal = "N:QJ.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 T942.AQ4.32.KJ3";
    let out = stdout(&dds(&["solve", deal, "--trump", "S", "--leader", "W", "--played", "SA", "S6", "--json"], ""));
    assert!(out.starts_with("{\"cards\":[{\"card\":\"S"), "{out}");
    let out =
        stdout(&dds(&["solve", deal, "--trump", "S", "--leader", "W", "--played", "SA", "S6", "--solutions", "1"], ""));
    assert_eq!(out.lines().count(), 1, "{out}");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["table"], "N:AKQ.J.T.9 x\n", "<stdin>:1: pbn deal has 2 hands"),
        (&["table"], "\nN:A... A... Q... J...\n", "<stdin>:2: invalid deal: duplicate card (SA)"),
        (&["table"], "N:A... K... Q... J...\n", "a full deal of 13 cards per hand is needed"),
        (&["table", "/no/such/file"], "", "cannot read /no/such/file"),
        (
            &["solve", "N:A... K... Q... J...", "--trump", "S", "--leader", "N", "--target", "2"],
            "",
            "target 2 is more than the 1 tricks left",
        ),
        (
            &["solve", "N:AK... K... Q... J...", "--trump", "S", "--leader", "N"],
            "",
            "invalid deal: duplicate card (SK)",
        ),
        (&["solve", "N:AQ... K... J... T...", "--trump", "S", "--leader", "N"], "", "invalid position: hand sizes"),
        (&["solve", "N:A... K... Q... -", "--trump", "S", "--leader", "N"], "", "West hand is unknown"),
    ];
    for (args, stdin, message) in cases {
        let output = dds(args, stdin);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr:?} lacks {message:?}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}

#[test]
fn table_output_does_not_depend_on_threads() {
    let sample = fixtures_dir().join("sample/deals.txt");
    let path = sample.to_str().unwrap();
    let one = stdout(&dds(&["table", "--threads", "1", path], ""));
    let two = stdout(&dds(&["table", "--threads", "2", path], ""));
    assert_eq!(one, two);
    assert_eq!(one.matches("NT   S   H   D   C").count(), 10);
}

#[test]
fn results_before_a_bad_line_are_printed() {
    let input = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\nN:junk\n";
    let output = dds(&["table", "--json"], input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    assert!(String::from_utf8_lossy(&output.stderr).contains("<stdin>:2:"));
}

/// The sample PBN file: the deals of list10 with their dealer and
/// vulnerability.
fn sample_pbn() -> std::path::PathBuf {
    fixtures_dir().join("sample/boards.pbn")
}

#[test]
fn pbn_adds_the_fixture_results_and_keeps_the_rest_of_the_file() {
    let records = load_hand_file("list10.txt").unwrap();
    let original = std::fs::read_to_string(sample_pbn()).unwrap();
    let out = stdout(&dds(&["pbn", sample_pbn().to_str().unwrap()], ""));
    let mut file = dds::model::PbnFile::parse(&out).unwrap();
    assert_eq!(file.games().len(), records.len());
    for (game, record) in file.games().iter().zip(&records) {
        assert_eq!(game.tag("DoubleDummyTricks"), Some(hex_tricks(record).as_str()));
        let par2 = record.par2.as_ref().unwrap();
        assert_eq!(game.tag("OptimumScore"), Some(format!("NS {}", par2.score).as_str()), "line {}", record.line);
        let contracts = game.tag("ParContract").unwrap();
        assert_eq!(contracts.split(',').count(), par2.contracts.len(), "{contracts} vs {:?}", par2.contracts);
        let table = game.tag_pair("OptimumResultTable").unwrap();
        assert_eq!(table.section_lines().count(), 20);
        assert!(table
            .section_lines()
            .any(|l| l == format!("W  S {:>2}", record.table.unwrap()[Strain::Spades][Seat::West])));
    }
    // Without the four new tags, the file is the original, byte for byte.
    for game in file.games_mut() {
        for tag in ["DoubleDummyTricks", "OptimumResultTable", "ParContract", "OptimumScore"] {
            assert!(game.remove_tag(tag));
        }
    }
    assert_eq!(file.to_string(), original);
}

#[test]
fn pbn_writes_to_a_file_and_runs_again_in_place() {
    let dir = std::env::temp_dir().join(format!("dds-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let once = dir.join("once.pbn");
    let twice = dir.join("twice.pbn");
    stdout(&dds(&["pbn", sample_pbn().to_str().unwrap(), "-o", once.to_str().unwrap()], ""));
    // Running on its own output replaces the tags instead of adding more.
    stdout(&dds(&["pbn", once.to_str().unwrap(), "--output", twice.to_str().unwrap()], ""));
    let (a, b) = (std::fs::read_to_string(&once).unwrap(), std::fs::read_to_string(&twice).unwrap());
    assert_eq!(a, b);
    assert_eq!(a.matches("[OptimumScore").count(), 10);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn par_json_has_the_fixture_par_strings() {
    let records = load_hand_file("list10.txt").unwrap();
    let out = stdout(&dds(&["par", "--json", sample_pbn().to_str().unwrap()], ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), records.len());
    let quoted = |v: &[String]| v.iter().map(|s| format!("\"{s}\"")).collect::<Vec<_>>().join(",");
    for (line, record) in lines.iter().zip(&records) {
        let par = record.par.as_ref().unwrap();
        let par2 = record.par2.as_ref().unwrap();
        assert!(line.contains(&format!("\"par_score\":[{}]", quoted(&par.score_text))), "{line}");
        assert!(line.contains(&format!("\"par_contracts\":[{}]", quoted(&par.contracts_text))), "{line}");
        assert!(line.contains(&format!("\"dealer_par\":[{}]", quoted(&par2.contracts))), "{line}");
        assert!(line.contains(&format!("\"par\":{{\"score\":{},", par2.score)), "{line}");
    }
}

#[test]
fn par_text_is_readable() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    insta::assert_snapshot!(stdout(&dds(&["par", deal, "--vul", "EW", "--dealer", "E"], "")));
}

#[test]
fn play_json_matches_the_fixture_traces() {
    for record in load_hand_file("list10.txt").unwrap().iter().take(4) {
        let play: String = record.play.as_ref().unwrap().iter().map(|c| c.to_string()).collect();
        let deal = record.deal.to_string();
        let strain = record.strain.as_str();
        let leader = record.leader.to_char().to_string();
        let out = stdout(&dds(&["play", &deal, "--trump", strain, "--leader", &leader, &play, "--json"], ""));
        let trace: Vec<String> = record.trace.as_ref().unwrap().iter().map(u8::to_string).collect();
        assert!(out.contains(&format!("\"tricks\":[{}", trace.join(","))), "line {}: {out}", record.line);
    }
}

#[test]
fn play_text_is_readable() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    insta::assert_snapshot!(stdout(&dds(
        &["play", deal, "--trump", "NT", "--leader", "E", "D6", "DK", "D3", "D5", "SK", "SA", "S6", "S3"],
        ""
    )));
}

#[test]
fn keep_going_reports_bad_records_and_goes_on() {
    let good = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let input = format!("{good}\nN:junk\n{good}\n");
    let output = dds(&["table", "--json", "--keep-going"], &input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 2);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("<stdin>:2:"), "{stderr}");
    assert!(stderr.contains("1 of 3 records had errors"), "{stderr}");
    // Without it the batch stops at the bad record.
    let output = dds(&["par", "--json"], &input);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&output.stdout).lines().count(), 1);
    // A bad game of a PBN file is left as it was, the others get results.
    let pbn = std::fs::read_to_string(sample_pbn()).unwrap().replacen("[Deal \"E:QJT5432", "[Deal \"E:QQT5432", 1);
    let output = dds(&["pbn", "-", "--keep-going"], &pbn);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("game 2 (board 2)"), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&output.stdout).matches("[OptimumScore").count(), 9);
}

#[test]
fn bad_plays_and_options_are_errors() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let cases: &[(&[&str], &str)] = &[
        (
            &["play", deal, "--trump", "S", "--leader", "N", "CT", "D4"],
            "card 2 of the play (D4, East to play): a revoke",
        ),
        (
            &["play", deal, "--trump", "S", "--leader", "N", "C4"],
            "card 1 of the play (C4, North to play): East holds it",
        ),
        (&["play", deal, "--trump", "S", "--leader", "N", "CTC"], "card \"CTC\""),
        (&["pbn", "/no/such/file.pbn"], "cannot read /no/such/file.pbn"),
    ];
    for (args, message) in cases {
        let output = dds(args, "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr:?} lacks {message:?}");
    }
    let output = dds(&["pbn", "-"], "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n");
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a PBN file"));
}

#[test]
fn line_gives_the_table_result_and_a_full_line() {
    for record in load_hand_file("list10.txt").unwrap().iter().take(3) {
        let deal = record.deal.to_string();
        let leader = record.leader.to_char().to_string();
        let out = stdout(&dds(&["line", &deal, "--trump", record.strain.as_str(), "--leader", &leader, "--json"], ""));
        let declarer = record.declarer();
        let t = record.table.unwrap()[record.strain][declarer];
        let ns = if declarer.index() % 2 == 0 { t } else { 13 - t };
        assert!(out.contains(&format!("\"ns_tricks\":{ns},")), "line {}: {out}", record.line);
        assert_eq!(out.matches("\"card\":").count(), 52);
        assert_eq!(out.matches("\"wins\":\"").count(), 13);
        assert!(out.contains(&format!("{{\"seat\":\"{leader}\",\"card\":")), "{out}");
        assert_eq!(out.matches("\"tricks\":").count(), 52);
        let text = stdout(&dds(&["line", &deal, "--trump", record.strain.as_str(), "--leader", &leader], ""));
        assert_eq!(text.lines().count(), 14, "{text}");
        assert!(text.starts_with(&format!("NS take {ns}, EW take {} of the 13 tricks left", 13 - ns)), "{text}");
    }
}

/// North-South known, East and West share six unknown cards: 20 layouts.
const LAYOUTS_DEAL: &str = "N:AKQT.AK2.K32.K32 J98.QJT.QJ.QJ 5432.876.A54.A54 76.95.T98.T98";

/// Every completion of [`LAYOUTS_DEAL`], built by bit masks and solved by a
/// fresh solver: North's tricks in no trump with East on lead.
fn layouts_brute_force() -> Vec<(dds::model::Deal, u8)> {
    let partial = dds::model::Deal::from_pbn_remaining(LAYOUTS_DEAL).unwrap();
    let unknown: Vec<_> = (!partial.cards()).iter().collect();
    let mut out = Vec::new();
    for mask in 0u32..1 << unknown.len() {
        if mask.count_ones() != 3 {
            continue;
        }
        let mut deal = partial;
        for (i, &card) in unknown.iter().enumerate() {
            deal[if mask & 1 << i != 0 { Seat::East } else { Seat::West }].add(card);
        }
        let table = dds::Solver::new().dd_table(&deal).unwrap();
        out.push((deal, table.tricks(Strain::NoTrump, Seat::North)));
    }
    out
}

#[test]
fn layouts_json_and_csv_match_brute_force() {
    let expected = layouts_brute_force();
    let mut counts = [0u64; 14];
    for &(_, tricks) in &expected {
        counts[usize::from(tricks)] += 1;
    }
    let dir = std::env::temp_dir().join(format!("dds-layouts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("layouts.csv");
    let base = ["layouts", LAYOUTS_DEAL, "--trump", "NT", "--leader", "E", "--json"];
    let mut args = base.to_vec();
    args.extend(["--csv", csv.to_str().unwrap(), "--threads", "2"]);
    let out = stdout(&dds(&args, ""));
    let list: Vec<String> = counts.iter().map(u64::to_string).collect();
    assert!(out.contains(&format!("\"distribution\":[{}]", list.join(","))), "{out}");
    assert!(out.starts_with("{\"population\":20,\"solved\":20,\"complete\":true,\"hidden\":[\"E\",\"W\"]"), "{out}");
    assert!(out.contains("\"strain\":\"NT\",\"declarer\":\"N\""), "{out}");
    // The same totals on one thread.
    let mut one = base.to_vec();
    one.extend(["--threads", "1"]);
    assert_eq!(stdout(&dds(&one, "")), out);
    // One CSV row per layout: the hidden hands and North's tricks.
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("layout,east,west,tricks"));
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields.len(), 4, "{line}");
        let (east, west): (dds::model::Hand, dds::model::Hand) =
            (fields[1].parse().unwrap(), fields[2].parse().unwrap());
        let &(_, tricks) = expected
            .iter()
            .find(|(deal, _)| deal.hand(Seat::East) == east && deal.hand(Seat::West) == west)
            .unwrap_or_else(|| panic!("{line}: not a layout"));
        assert_eq!(fields[3], tricks.to_string(), "{line}");
        rows += 1;
    }
    assert_eq!(rows, 20);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn layouts_every_lead_gives_each_cards_figures() {
    // East leads in no trump (North declares): each of East's cards, its
    // layouts (East's hand is hidden: a card counts where East held it) and
    // North's tricks after it, against every card of solve_board.
    let mut per_card: std::collections::BTreeMap<String, [u64; 14]> = Default::default();
    for (deal, _) in layouts_brute_force() {
        let board = dds::Board::new(&deal, Strain::NoTrump, Seat::East, &[]).unwrap();
        let solution = dds::Solver::new().solve_board(&board, dds::Target::Max, dds::Solutions::All).unwrap();
        for scored in &solution.cards {
            for card in std::iter::once(scored.card).chain(scored.equals.iter()) {
                per_card.entry(card.to_string()).or_default()[usize::from(13 - scored.tricks.unwrap())] += 1;
            }
        }
    }
    let args = ["layouts", LAYOUTS_DEAL, "--trump", "NT", "--leader", "E", "--every-lead", "--json"];
    let out = stdout(&dds(&args, ""));
    let leads = out.split("\"leads\":[").nth(1).unwrap_or_else(|| panic!("no leads: {out}"));
    assert_eq!(leads.matches("\"card\":").count(), per_card.len(), "{out}");
    for (card, counts) in &per_card {
        let list: Vec<String> = counts.iter().map(u64::to_string).collect();
        let want = format!("{{\"card\":\"{card}\",\"distribution\":[{}]", list.join(","));
        assert!(leads.contains(&want), "{want} in {out}");
    }
    // The text: a line per card under the one-lead figures; --every-lead
    // needs a lead.
    let text = stdout(&dds(&args[..7], ""));
    assert!(text.contains("each opening lead"), "{text}");
    let (code, stderr) = failure(&dds(&["layouts", LAYOUTS_DEAL, "--table", "--every-lead"], ""));
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn layouts_text_output() {
    let out = stdout(&dds(&["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "E", "--vul", "NS"], ""));
    insta::assert_snapshot!(out);
}

#[test]
fn layouts_limit_and_sample() {
    for (option, n) in [("--limit", "7"), ("--sample", "5")] {
        let args = ["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "W", option, n, "--json"];
        let out = stdout(&dds(&args, ""));
        assert!(out.contains(&format!("\"solved\":{n},\"complete\":false")), "{out}");
    }
}

#[test]
fn layouts_bad_options_fail() {
    for (args, message) in [
        (vec!["layouts", "N:- - - -", "--table"], "4 hands are incomplete"),
        (
            vec!["layouts", "N:AKQT.AK2.K32.K32 - - -", "--table"],
            "too many to solve in full or in order: solve a random sample",
        ),
        (vec!["layouts", "N:AKQT.AK2.K32.K32 A... - -", "--table"], "deal:"),
    ] {
        let output = dds(&args, "");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    }
}

#[test]
fn layouts_table_csv_rows_are_tables() {
    let dir = std::env::temp_dir().join(format!("dds-layouts-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("tables.csv");
    let args = ["layouts", LAYOUTS_DEAL, "--table", "--limit", "3", "--csv", csv.to_str().unwrap()];
    let out = stdout(&dds(&args, ""));
    assert!(out.starts_with("20 layouts (East and West share 6 unknown cards); solved 3 (15.0% of them"), "{out}");
    let text = std::fs::read_to_string(&csv).unwrap();
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header.len(), 23);
    assert_eq!(&header[..4], ["layout", "east", "west", "S_N"]);
    let partial = dds::model::Deal::from_pbn_remaining(LAYOUTS_DEAL).unwrap();
    let mut rows = 0;
    for line in lines {
        let fields: Vec<&str> = line.split(',').collect();
        let mut deal = partial;
        deal[Seat::East] = fields[1].parse().unwrap();
        deal[Seat::West] = fields[2].parse().unwrap();
        let table = dds::Solver::new().dd_table(&deal).unwrap();
        let want: Vec<String> =
            Strain::ALL.iter().flat_map(|&s| Seat::ALL.map(|d| table.tricks(s, d).to_string())).collect();
        assert_eq!(fields[3..], want[..], "{line}");
        rows += 1;
    }
    assert_eq!(rows, 3);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn line_from_a_trick_with_a_ruff_in_it() {
    // North led a spade and East ruffed: East wins the trick whatever South
    // and West play (this panicked when the trick's winner ignored trumps).
    let deal = "N:75...2 ..J.85 AJ.6.A. .J.T5.J";
    let out = dds(&["line", deal, "--trump", "D", "--leader", "N", "--played", "S2", "D6"], "");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = stdout(&out);
    let first = text.lines().find(|l| l.trim_start().starts_with("1.")).expect("a first trick");
    assert!(first.ends_with("-> E") || first.contains("-> E "), "{text}");
}

/// The exit status and standard error of a run.
fn failure(output: &Output) -> (Option<i32>, String) {
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn a_deal_argument_is_parsed_as_a_deal_unless_a_file_has_its_name() {
    let hands = "QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let cases: &[(&str, &str)] = &[
        (&format!("X:{hands}"), "invalid first seat 'X'"),
        ("N:", "pbn deal has"),
        (hands, "pbn deal must start with the first seat and a colon, such as \"N:\""),
        ("QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652", "pbn deal must start with the first seat"),
        ("", "the input is empty"),
        ("  ", "the input is empty"),
    ];
    for &(arg, message) in cases {
        for command in ["table", "par"] {
            let (code, stderr) = failure(&dds(&[command, arg], ""));
            assert_eq!(code, Some(1), "{arg:?}: {stderr}");
            assert!(stderr.contains(message), "{arg:?}: {stderr:?} lacks {message:?}");
            assert!(!stderr.contains("cannot read"), "{arg:?}: {stderr}");
        }
    }
    // A file whose name looks like a deal is read as the file.
    let dir = std::env::temp_dir().join(format!("dds-deal-named-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deal = format!("N:{hands}");
    std::fs::write(dir.join("X:deals"), format!("{deal}\n")).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(["table", "--json", "X:deals"])
        .current_dir(&dir)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(stdout(&output).starts_with(&format!("{{\"deal\":\"{deal}\"")));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn play_takes_the_ten_as_10_in_every_card_form() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let run = |cards: &[&str]| {
        let mut args = vec!["play", deal, "--trump", "S", "--leader", "N", "--json"];
        args.extend(cards);
        stdout(&dds(&args, ""))
    };
    let expected = run(&["CT", "C4", "C2", "CJ"]);
    assert!(expected.contains("\"cards\":[\"CT\",\"C4\",\"C2\",\"CJ\"]"), "{expected}");
    for cards in [
        &["C10", "C4", "C2", "CJ"][..],
        &["C10C4C2CJ"],
        &["c10c4", "C2CJ"],
        &["10C", "4C", "2C", "JC"],
        &["♣10♣4", "♣2♣J"],
    ] {
        assert_eq!(run(cards), expected, "{cards:?}");
    }
    // A ten in the middle of a run-together list.
    let output = dds(&["play", deal, "--trump", "S", "--leader", "N", "D5D10"], "");
    assert!(stdout(&output).contains("E DT"));
    for (cards, message) in [
        ("C1", "card \"C1\": invalid card"),
        ("C10C", "card \"C10C\", at \"C\": invalid card"),
        ("C100", "card \"C100\", at \"0\": invalid card"),
        ("SQD", "card \"SQD\", at \"D\": invalid card"),
    ] {
        let (code, stderr) = failure(&dds(&["play", deal, "--trump", "S", "--leader", "N", cards], ""));
        assert_eq!(code, Some(1), "{cards}: {stderr}");
        assert!(stderr.contains(message), "{cards}: {stderr:?} lacks {message:?}");
    }
}

#[test]
fn out_of_range_time_limits_are_usage_errors() {
    for time in ["1e30", "inf", "-inf", "NaN", "0", "-1", "31536001"] {
        let (code, stderr) = failure(&dds(&["layouts", LAYOUTS_DEAL, "--table", &format!("--time={time}")], ""));
        assert_eq!(code, Some(2), "{time}: {stderr}");
        assert!(stderr.contains("--time") && stderr.contains("out of range"), "{time}: {stderr}");
    }
    let (code, stderr) = failure(&dds(&["layouts", LAYOUTS_DEAL, "--table", "--time", "soon"], ""));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("expected a number of seconds"), "{stderr}");
    // One year is accepted.
    let out = stdout(&dds(&["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "W", "--time", "31536000"], ""));
    assert!(out.contains("solved 20"), "{out}");
}

#[test]
fn thread_counts_out_of_range_are_usage_errors() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let sample = sample_pbn();
    let pbn = sample.to_str().unwrap();
    for threads in ["0", "1025", "100000"] {
        let start = std::time::Instant::now();
        for args in [
            &["table", deal, "--threads", threads][..],
            &["par", deal, "--threads", threads],
            &["pbn", pbn, "--threads", threads],
            &["solve", deal, "--trump", "S", "--leader", "N", "--threads", threads],
            &["layouts", LAYOUTS_DEAL, "--table", "--threads", threads],
        ] {
            let (code, stderr) = failure(&dds(args, ""));
            assert_eq!(code, Some(2), "{args:?}: {stderr}");
            assert!(stderr.contains("--threads") && stderr.contains("from 1 to 1024"), "{args:?}: {stderr}");
        }
        assert!(start.elapsed() < std::time::Duration::from_secs(10), "{threads}: refused slowly");
    }
}

#[test]
fn bad_option_values_are_usage_errors() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let position = ["--trump", "S", "--leader", "N"];
    let with = |head: &[&'static str], tail: &[&'static str]| -> Vec<String> {
        head.iter().chain(tail).map(|s| s.to_string()).collect()
    };
    let cases: Vec<(Vec<String>, &str)> = vec![
        (with(&["par", deal], &["--vul", "Some"]), "invalid value 'Some' for '--vul"),
        (with(&["par", deal], &["--dealer", "X"]), "invalid value 'X' for '--dealer"),
        (with(&["solve", deal], &["--trump", "X", "--leader", "N"]), "invalid value 'X' for '--trump"),
        (with(&["solve", deal], &["--trump", "S", "--leader", "Q"]), "invalid value 'Q' for '--leader"),
        (with(&["solve", deal], &[&position[..], &["--target", "x"]].concat()), "invalid value 'x' for '--target"),
        (with(&["solve", deal], &[&position[..], &["--target", "14"]].concat()), "from 0 to 13"),
        (with(&["solve", deal], &[&position[..], &["--solutions", "4"]].concat()), "expected 1, 2 or 3"),
        (with(&["solve", deal], &[&position[..], &["--played", "SZ"]].concat()), "invalid value 'SZ' for '--played"),
        (with(&["line", deal], &["--trump", "X", "--leader", "N"]), "invalid value 'X' for '--trump"),
        (with(&["line", deal], &["--trump", "S", "--leader", "Q"]), "invalid value 'Q' for '--leader"),
        (with(&["play", deal], &["--trump", "X", "--leader", "N", "CT"]), "invalid value 'X' for '--trump"),
        (with(&["play", deal], &["--trump", "S", "--leader", "Q", "CT"]), "invalid value 'Q' for '--leader"),
        (with(&["layouts", LAYOUTS_DEAL], &["--table", "--vul", "some"]), "invalid value 'some' for '--vul"),
        (with(&["layouts", LAYOUTS_DEAL], &["--trump", "X", "--leader", "W"]), "invalid value 'X' for '--trump"),
        (with(&["layouts", LAYOUTS_DEAL], &["--trump", "S", "--leader", "Q"]), "invalid value 'Q' for '--leader"),
        (with(&["table", deal], &["--threads", "abc"]), "--threads"),
        // Neither a lead nor the table: the task is missing.
        (with(&["layouts", LAYOUTS_DEAL], &[]), "<--trump <TRUMP>|--table>"),
    ];
    for (args, message) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stderr) = failure(&dds(&args, ""));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr:?} lacks {message:?}");
    }
    // A well-formed value that does not fit the deal is bad input data.
    let (code, stderr) = failure(&dds(&["solve", deal, "--trump", "S", "--leader", "N", "--played", "SA"], ""));
    assert_eq!(code, Some(1), "{stderr}");
}

#[test]
fn every_bad_solutions_value_is_the_same_usage_error() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    for solutions in ["0", "4", "256", "-1", "x", ""] {
        let args = ["solve", deal, "--trump", "S", "--leader", "N", &format!("--solutions={solutions}")];
        let (code, stderr) = failure(&dds(&args, ""));
        assert_eq!(code, Some(2), "{solutions:?}: {stderr}");
        assert!(stderr.contains("--solutions") && stderr.contains("expected 1, 2 or 3"), "{solutions:?}: {stderr}");
    }
}

#[test]
fn a_deal_copied_from_no_previous_game_is_an_error() {
    let original = std::fs::read_to_string(sample_pbn()).unwrap();
    let games = original.matches("[Deal ").count();
    let first = "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]";
    assert!(original.contains(first));
    let pbn = original.replacen(first, "[Deal \"#\"]", 1);
    for args in [&["pbn", "-"][..], &["table", "-"], &["par", "--json"]] {
        let output = dds(args, &pbn);
        let (code, stderr) = failure(&output);
        assert_eq!(code, Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("game 1 (board 1)") && stderr.contains("no earlier game"), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
    // With --keep-going the game is reported, left as it was, and the others
    // get their results.
    let output = dds(&["pbn", "-", "--keep-going"], &pbn);
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("game 1 (board 1)"), "{stderr}");
    assert!(stderr.contains(&format!("1 of {games} records had errors")), "{stderr}");
    let out = String::from_utf8_lossy(&output.stdout);
    assert_eq!(out.matches("[OptimumScore").count(), games - 1);
    assert!(out.contains("[Deal \"#\"]\n{"), "{out}");
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("dds-cli-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A run of `dds` on files, with standard input closed.
fn dds_bytes(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dds")).args(args).stdin(Stdio::null()).output().unwrap()
}

/// The four tags `dds pbn` writes.
const RESULT_TAGS: [&str; 4] = ["DoubleDummyTricks", "OptimumResultTable", "ParContract", "OptimumScore"];

/// `text` read as ISO 8859-1: one character per byte.
fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// `text` written as ISO 8859-1.
fn to_latin1(text: &str) -> Vec<u8> {
    text.chars().map(|c| u8::try_from(u32::from(c)).unwrap()).collect()
}

/// Two games, the first with `event`, in the style of a club's export.
fn two_games(event: &str) -> String {
    format!(
        "% PBN 2.1\r\n%Content-type: text/x-pbn; charset=ISO-8859-1\r\n[Event \"{event}\"]\r\n[Board \"1\"]\r\n\
         [Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n\
         [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\r\n\
         {{ Played in {event}. }}\r\n\r\n[Event \"#\"]\r\n[Board \"2\"]\r\n[Dealer \"E\"]\r\n[Vulnerable \"NS\"]\r\n\
         [Deal \"E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63\"]\r\n"
    )
}

#[test]
fn pbn_reads_latin1_and_writes_every_byte_back_as_it_was() {
    let dir = temp_dir("latin1");
    let text = two_games("Chorzów Open");
    let bytes = to_latin1(&text);
    assert!(std::str::from_utf8(&bytes).is_err());
    let path = dir.join("latin1.pbn");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();

    let output = dds_bytes(&["pbn", path]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let out = output.stdout;
    assert!(out.windows(8).any(|w| w == b"Chorz\xf3w "), "the Latin-1 byte stays Latin-1");
    // Without the result tags, the output is the input, byte for byte.
    let mut file = dds::model::PbnFile::parse(&latin1(&out)).unwrap();
    for game in file.games_mut() {
        assert_eq!(game.tag("DoubleDummyTricks").map(str::len), Some(20));
        for tag in RESULT_TAGS {
            assert!(game.remove_tag(tag), "{tag}");
        }
    }
    assert_eq!(to_latin1(&file.to_string()), bytes);

    // `-o` writes the same bytes; the other subcommands read the file too.
    let written = dir.join("out.pbn");
    let output = dds_bytes(&["pbn", path, "-o", written.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(std::fs::read(&written).unwrap(), out);
    assert_eq!(stdout(&dds_bytes(&["par", "--json", path])).lines().count(), 2);
    // From standard input as well.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(["pbn", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    assert_eq!(child.wait_with_output().unwrap().stdout, out);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pbn_keeps_a_byte_order_mark_and_utf8() {
    let dir = temp_dir("bom");
    let text = format!("\u{feff}{}", two_games("Chorzów Open"));
    let path = dir.join("bom.pbn");
    std::fs::write(&path, &text).unwrap();
    let out = stdout(&dds_bytes(&["pbn", path.to_str().unwrap()]));
    assert!(out.starts_with("\u{feff}% PBN 2.1\r\n"), "{out:?}");
    assert!(out.contains("Chorzów Open"));
    let mut file = dds::model::PbnFile::parse(&out).unwrap();
    for game in file.games_mut() {
        for tag in RESULT_TAGS {
            assert!(game.remove_tag(tag), "{tag}");
        }
    }
    assert_eq!(file.to_string(), text);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn several_par_contracts_are_joined_by_commas_in_par_and_pbn() {
    // Board 4 of the sample: East-West sacrifice in 3C or 2NT doubled.
    let deal = "E:K75.T654.J43.J43 AT3.KQ92.Q982.Q2 Q9.AJ3.T65.AK975 J8642.87.AK7.T86";
    let out = stdout(&dds(&["par", deal, "--dealer", "E", "--vul", "NS"], ""));
    assert!(out.contains("Dealer E, vulnerable NS: Par 100: EW 3Cx-1,EW 2Nx-1\n"), "{out}");
    let pbn = stdout(&dds(&["pbn", "-"], &format!("[Dealer \"E\"]\n[Vulnerable \"NS\"]\n[Deal \"{deal}\"]\n")));
    assert!(pbn.contains("[ParContract \"EW 3Cx-1,EW 2Nx-1\"]"), "{pbn}");
}

#[test]
fn line_shows_the_played_cards_in_the_first_trick() {
    // The cards of a trick line, before its winner.
    let cards = |trick: &str| trick.split("  ->").next().unwrap().split(", ").count();
    // West led the spade ace and North played the six; East and South are
    // still to play to the first trick.
    let deal = "N:QJ.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 T942.AQ4.32.KJ3";
    let text = stdout(&dds(&["line", deal, "--trump", "S", "--leader", "W", "--played", "SA", "S6"], ""));
    let tricks: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(tricks.len(), 13, "{text}");
    assert!(tricks[0].starts_with(" 1. W SA, N S6, E "), "{text}");
    for trick in &tricks {
        assert_eq!(cards(trick), 4, "{trick} in {text}");
    }
    // One card given: West's lead of the club three.
    let after_lead = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ";
    let text = stdout(&dds(&["line", after_lead, "--trump", "S", "--leader", "W", "--played", "C3"], ""));
    let first = text.lines().nth(1).unwrap();
    assert!(first.starts_with(" 1. W C3, N ") && cards(first) == 4, "{text}");
    assert_eq!(text.lines().count(), 14, "{text}");
}

#[test]
fn pbn_keeps_an_optimum_score_of_the_same_value_as_written() {
    // Board 1 of the sample: par is EW 2S making, NS -110.
    let deal = "[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]";
    for (given, written) in [
        ("EW 110", "EW 110"),
        ("EW +110", "EW +110"),
        ("NS -110", "NS -110"),
        ("ew 110", "ew 110"),
        ("EW -110", "NS -110"),
        ("NS 110", "NS -110"),
        ("EW 120", "NS -110"),
        ("#", "NS -110"),
        ("", "NS -110"),
    ] {
        let input = format!("[Board \"1\"]\n{deal}\n[OptimumScore \"{given}\"]\n");
        let out = stdout(&dds(&["pbn", "-"], &input));
        assert!(out.contains(&format!("\n[OptimumScore \"{written}\"]\n")), "{given}: {out}");
        assert_eq!(out.matches("[OptimumScore").count(), 1, "{out}");
    }
    // A sacrifice: board 2 of the sample, par NS 100 (EW 4Sx-1).
    let deal = "[Deal \"E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63\"]";
    for (given, written) in [("NS +100", "NS +100"), ("EW -100", "EW -100"), ("NS 100", "NS 100"), ("EW 100", "NS 100")]
    {
        let input = format!("[Board \"2\"]\n{deal}\n[OptimumScore \"{given}\"]\n");
        let out = stdout(&dds(&["pbn", "-"], &input));
        assert!(out.contains(&format!("\n[OptimumScore \"{written}\"]\n")), "{given}: {out}");
    }
}

#[test]
fn pbn_reads_standard_input_without_a_file() {
    let pbn = std::fs::read_to_string(sample_pbn()).unwrap();
    let out = stdout(&dds(&["pbn"], &pbn));
    assert_eq!(out.matches("[OptimumScore").count(), 10, "{out}");
    assert_eq!(out, stdout(&dds(&["pbn", "-"], &pbn)));
    assert_eq!(out, stdout(&dds(&["pbn", sample_pbn().to_str().unwrap()], "")));
    let json = stdout(&dds(&["pbn", "--json"], &pbn));
    assert_eq!(json.lines().count(), 10, "{json}");
}

#[test]
fn lowercase_and_repeated_tags_are_warned_about() {
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let other = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";
    let input = format!(
        "[Board \"1\"]\n[deal \"{deal}\"]\n\n[Board \"2\"]\n[Deal \"{deal}\"]\n[Deal \"{other}\"]\n\n\
         [Board \"3\"]\n[Deal \"{other}\"]\n"
    );
    for args in [&["table", "--json"][..], &["par", "-"], &["pbn"]] {
        let output = dds(args, &input);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {stderr}");
        assert!(
            stderr.contains("<stdin>: game 1 (board 1): tag [deal] (line 2) is not read")
                && stderr.contains("expected [Deal]"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("<stdin>: game 2 (board 2): 2 [Deal] tags; the first is used"), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 2, "{args:?}: {stderr}");
    }
    // The games read: the second (its first deal) and the third.
    let out = stdout(&dds(&["table", "--json"], &input));
    let deals: Vec<&str> =
        out.lines().map(|l| l.split("\"deal\":\"").nth(1).unwrap().split('"').next().unwrap()).collect();
    assert_eq!(deals, [deal, other]);
    // A clean file gives no warnings.
    let output = dds(&["pbn", sample_pbn().to_str().unwrap()], "");
    assert!(output.status.success() && output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// `two_games` with a bad third game and a good fourth one after it.
fn bad_third_game() -> String {
    format!(
        "{}\r\n[Board \"3\"]\r\n[Deal \"N:junk\"]\r\n\r\n[Board \"4\"]\r\n\
         [Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\r\n",
        two_games("Club")
    )
}

#[test]
fn pbn_writes_the_games_before_a_bad_one_and_says_where_it_stopped() {
    let dir = temp_dir("stopped");
    let good = stdout(&dds(&["pbn"], &two_games("Club")));
    assert_eq!(good.matches("[OptimumScore").count(), 2, "{good}");
    let output = dds(&["pbn"], &bad_third_game());
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("game 3 (board 3)") && stderr.contains("stopped at game 3"), "{stderr}");
    // The first two games with their results, and the blank line after the
    // second (the bytes up to the third game).
    assert_eq!(String::from_utf8_lossy(&output.stdout), format!("{good}\r\n"));

    // `-o` renames what was done over the file and leaves no temporary file.
    let input = dir.join("in.pbn");
    std::fs::write(&input, bad_third_game()).unwrap();
    let written = dir.join("out.pbn");
    std::fs::write(&written, "old").unwrap();
    let output = dds_bytes(&["pbn", input.to_str().unwrap(), "-o", written.to_str().unwrap()]);
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("stopped at game 3") && stderr.contains(written.to_str().unwrap()), "{stderr}");
    assert!(output.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&written).unwrap(), format!("{good}\r\n"));
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "{names:?}");

    // With --keep-going every good game gets its results.
    let output = dds(&["pbn", "--keep-going"], &bad_third_game());
    assert_eq!(output.status.code(), Some(1));
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.starts_with(&format!("{good}\r\n[Board \"3\"]\r\n[Deal \"N:junk\"]\r\n\r\n")), "{out}");
    assert_eq!(out.matches("[OptimumScore").count(), 3, "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn pbn_streams_each_chunk_of_games_as_it_is_solved() {
    // 70 games (more than a chunk) then a bad one: every good game is
    // written, in order, before the error.
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let mut input = String::new();
    for b in 1..=70 {
        input.push_str(&format!("[Board \"{b}\"]\n[Deal \"{deal}\"]\n\n"));
    }
    input.push_str("[Board \"71\"]\n[Deal \"N:junk\"]\n");
    let output = dds(&["pbn"], &input);
    let (code, stderr) = failure(&output);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("stopped at game 71"), "{stderr}");
    let out = String::from_utf8_lossy(&output.stdout);
    let file = dds::model::PbnFile::parse(&out).unwrap();
    assert_eq!(file.games().len(), 70);
    for (b, game) in file.games().iter().enumerate() {
        assert_eq!(game.board(), Some(b as u32 + 1));
        assert_eq!(game.tag("DoubleDummyTricks"), Some("65657656576867568675"));
    }
}

#[test]
fn repeated_deals_are_solved_once() {
    let a = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let b = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63";
    // 30 times the same deal.
    let lines = format!("{a}\n").repeat(30);
    for command in ["table", "par"] {
        let output = dds(&[command, "--json", "--stats"], &lines);
        let out = stdout(&output);
        let results: Vec<&str> = out.lines().collect();
        assert_eq!(results.len(), 30);
        assert!(results.iter().all(|r| *r == results[0]), "{out}");
        assert_eq!(out, stdout(&dds(&[command, "--json"], &lines)).repeat(30).get(..out.len()).unwrap());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr, "dds: 30 deals, 1 distinct solved\n", "{command}");
    }
    // Two deals taking turns over several chunks, in a PBN file.
    let mut pbn = String::new();
    for g in 0..100 {
        pbn.push_str(&format!("[Board \"{}\"]\n[Deal \"{}\"]\n\n", g + 1, if g % 2 == 0 { a } else { b }));
    }
    let output = dds(&["pbn", "--stats"], &pbn);
    let out = stdout(&output);
    assert_eq!(String::from_utf8_lossy(&output.stderr), "dds: 100 deals, 2 distinct solved\n");
    assert_eq!(out, stdout(&dds(&["pbn"], &pbn)));
    let file = dds::model::PbnFile::parse(&out).unwrap();
    for (g, game) in file.games().iter().enumerate() {
        let tricks = if g % 2 == 0 { "65657656576867568675" } else { "94a8694a863923739237" };
        assert_eq!(game.tag("DoubleDummyTricks"), Some(tricks), "game {}", g + 1);
    }
}

#[test]
fn pbn_json_names_the_game_board_event_and_date() {
    let a = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let input = format!(
        "[Event \"Club \\\"A\\\"\"]\n[Date \"2024.01.02\"]\n[Board \"7\"]\n[Deal \"{a}\"]\n\n\
         [Event \"#\"]\n[Board \"8\"]\n[Deal \"{a}\"]\n\n[Event \"Header only\"]\n\n[Deal \"{a}\"]\n"
    );
    let out = stdout(&dds(&["pbn", "--json"], &input));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    let deal = format!("\"deal\":\"{a}\"");
    assert!(
        lines[0].starts_with(&format!(
            "{{\"game\":1,\"board\":7,\"event\":\"Club \\\"A\\\"\",\"date\":\"2024.01.02\",{deal}"
        )),
        "{out}"
    );
    assert!(lines[1].starts_with(&format!("{{\"game\":2,\"board\":8,\"event\":\"Club \\\"A\\\"\",{deal}")), "{out}");
    assert!(lines[2].starts_with(&format!("{{\"game\":4,\"board\":null,{deal}")), "{out}");
    // The rest of each object is `dds par --json`'s.
    let par = stdout(&dds(&["par", "--json"], a));
    assert!(lines[2].ends_with(&par.trim()[par.find("\"deal\"").unwrap()..]), "{out}");
}

#[test]
fn layouts_sample_larger_than_the_population_is_a_usage_error() {
    let args = ["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "W", "--sample", "21"];
    let (code, stderr) = failure(&dds(&args, ""));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("--sample") && stderr.contains("20 layouts"), "{stderr}");
    // The whole population is a fine sample.
    let args = ["layouts", LAYOUTS_DEAL, "--trump", "S", "--leader", "W", "--sample", "20", "--json"];
    assert!(stdout(&dds(&args, "")).contains("\"solved\":20,"));
}

#[test]
fn lin_hand_records_are_read_with_dealer_and_vulnerability() {
    // The README's deal as a BBO hand record: dealer North (3), East-West
    // vulnerable, East's hand left for the reader to fill in; then a board
    // with a bad dealer digit, which fails alone.
    let lin = "qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|sv|e|ah|Board 1|pg||\n\
               qx|o2|md|9,,,|sv|o|pg||\n";
    let dir = std::env::temp_dir().join(format!("dds-cli-lin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("record.lin");
    std::fs::write(&path, lin).unwrap();
    let out = dds(&["par", path.to_str().unwrap(), "--json", "--keep-going"], "");
    assert_eq!(out.status.code(), Some(1), "the bad board is reported");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = text.lines().next().expect("one result");
    let pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    assert!(line.contains(&format!("\"deal\":\"{pbn}\"")), "{line}");
    assert!(line.contains("\"dealer\":\"N\"") && line.contains("\"vulnerable\":\"EW\""), "{line}");
    // The same table as the deal given as PBN.
    let from_pbn = stdout(&dds(&["table", pbn], ""));
    let from_lin =
        String::from_utf8_lossy(&dds(&["table", path.to_str().unwrap(), "--keep-going"], "").stdout).into_owned();
    // Under the board number the LIN record gives.
    assert_eq!(from_lin, format!("Board 1\n{from_pbn}"));
    assert!(line.starts_with("{\"board\":1,\"deal\""), "{line}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("LIN board 2"), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bbo_links_given_as_arguments_are_read_as_their_board() {
    // The README's deal, board 3, as a handviewer link (LIN
    // percent-encoded, dealer South in md|, East left out, no sv|: the
    // board's vulnerability, East-West) and as the older link with the
    // hands as parameters (no d= or v=: board 3's dealer and vulnerability).
    let pbn = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let lin = "https://www.bridgebase.com/tools/handviewer.html?lin=qx%7Co3%7Cmd%7C1SK5HT83DKQ9CA7652%2CSAT942HAQ4D32CKJ3%2CSQJ6HK652DJ85CT98%2C%7C";
    let hands = "https://www.bridgebase.com/tools/handviewer.html?n=sqj6hk652dj85ct98&e=s873hj97dat764cq4&s=sk5ht83dkq9ca7652&b=3";
    for link in [lin, hands] {
        let line = stdout(&dds(&["par", link, "--json"], ""));
        assert!(line.contains(&format!("\"deal\":\"{pbn}\"")), "{link}: {line}");
        assert!(line.contains("\"dealer\":\"S\"") && line.contains("\"vulnerable\":\"EW\""), "{link}: {line}");
    }
    // A link without a board is no deal: read as a file name, which fails.
    let (code, stderr) = failure(&dds(&["table", "https://www.bridgebase.com/tools/handviewer.html?n=sakq"], ""));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("cannot read https://www.bridgebase.com/"), "{stderr}");
}

#[test]
fn table_gib_writes_the_sol10_lines() {
    // Every deal of DDS's sol10.txt, given as PBN lines: `dds table --gib`
    // writes the file's own lines back (its tables come from DDS).
    let records = dds_fixtures::load_gib_file("sol10.txt").unwrap();
    let input: String = records.iter().map(|r| format!("{}\n", r.deal)).collect();
    let out = dds(&["table", "--gib"], &input);
    let text = stdout(&out);
    let file = std::fs::read_to_string(dds_fixtures::hands_dir().join("sol10.txt")).unwrap();
    let want: Vec<&str> = file.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), want);
}

/// (Unix: the test sends SIGINT with `kill`.)
#[cfg(unix)]
#[test]
fn layouts_stopped_by_ctrl_c_print_the_estimate_so_far() {
    // 10,400,600 layouts: far more than can be solved before the signal.
    let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
        .args(["layouts", "N:AQ72.K84.A95.Q63 - K853.A62.KJ4.J72 -", "--trump", "S", "--leader", "W", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dds starts");
    std::thread::sleep(std::time::Duration::from_millis(3000));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill runs");
    assert!(killed.success());
    // The run stops soon after the signal; a run that ignored it would go
    // on for hours, so wait a bounded time.
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait works").is_none() {
        assert!(start.elapsed() < std::time::Duration::from_secs(60), "dds did not stop after Ctrl-C");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("output");
    // The estimate is printed, and the status says the run was stopped.
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("\"population\":10400600"), "{text}");
    assert!(text.contains("\"complete\":false"), "{text}");
    assert!(!text.contains("\"solved\":0,"), "{text}");
    assert!(String::from_utf8_lossy(&out.stderr).contains("interrupted"));
}

/// A `dds` run fed through a pipe that stays open: each line written is
/// answered before the next is sent, as a program generating deals would
/// see it.
struct Fed {
    child: std::process::Child,
    input: Option<std::process::ChildStdin>,
    output: std::sync::mpsc::Receiver<String>,
}

impl Fed {
    fn start(args: &[&str]) -> Fed {
        let mut child = Command::new(env!("CARGO_BIN_EXE_dds"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let input = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (send, output) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                if send.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Fed { child, input, output }
    }

    fn send(&mut self, text: &str) {
        let input = self.input.as_mut().unwrap();
        input.write_all(text.as_bytes()).unwrap();
        input.flush().unwrap();
    }

    /// The next line of output while the input is still open.
    fn line(&self) -> String {
        self.output.recv_timeout(std::time::Duration::from_secs(60)).expect("an answer before the input ends")
    }

    fn finish(mut self) -> std::process::ExitStatus {
        drop(self.input.take());
        self.child.wait().unwrap()
    }
}

#[test]
fn deals_on_standard_input_are_answered_as_they_come() {
    let records = load_hand_file("list10.txt").unwrap();
    let mut fed = Fed::start(&["table", "--gib"]);
    for record in records.iter().take(3) {
        // Each deal is answered while the pipe is still open.
        fed.send(&format!("{}\n", record.deal));
        let line = fed.line();
        let table = record.table.unwrap();
        let expected = dds::model::gib_line(&record.deal, &table);
        assert_eq!(line, expected);
    }
    assert!(fed.finish().success());
}

#[test]
fn pbn_games_on_standard_input_are_written_as_they_come() {
    let records = load_hand_file("list10.txt").unwrap();
    let mut fed = Fed::start(&["pbn"]);
    for (n, record) in records.iter().take(2).enumerate() {
        // The second game copies the first one's dealer and vulnerability.
        let (dealer, vulnerable) = if n == 0 { ("S", "EW") } else { ("#", "#") };
        fed.send(&format!(
            "[Board \"{}\"]\n[Dealer \"{dealer}\"]\n[Vulnerable \"{vulnerable}\"]\n[Deal \"{}\"]\n\n",
            n + 1,
            record.deal
        ));
        let mut game = Vec::new();
        while game.last().is_none_or(|l: &String| !l.is_empty()) {
            game.push(fed.line());
        }
        let text = game.join("\n");
        let file = dds::model::PbnFile::parse(&text).unwrap();
        let tricks = file.games()[0].tag("DoubleDummyTricks").unwrap();
        let table = record.table.unwrap();
        assert_eq!(dds::model::parse_double_dummy_tricks(tricks).unwrap(), table, "{text}");
        assert_eq!(file.games()[0].tag("Dealer"), Some(dealer));
        // Dealer South, East-West vulnerable, in both games: the score is
        // the same as `dds par` gives for it.
        let par = stdout(&dds(&["par", "--json", "--dealer", "S", "--vul", "EW", &record.deal.to_string()], ""));
        let score = file.games()[0].tag("OptimumScore").unwrap();
        assert!(par.contains(&format!("\"par\":{{\"score\":{}", score.trim_start_matches("NS "))), "{par} {score}");
    }
    assert!(fed.finish().success());
}

#[test]
fn dds_hand_files_are_read_with_their_dealer_and_vulnerability() {
    let records = load_hand_file("list10.txt").unwrap();
    let path = fixtures_dir().join("dds-hands/list10.txt");
    let out = stdout(&dds(&["par", "--json", path.to_str().unwrap()], ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), records.len());
    for (line, record) in lines.iter().zip(&records) {
        let par2 = record.par2.as_ref().unwrap();
        let contracts: Vec<String> = par2.contracts.iter().map(|c| format!("\"{c}\"")).collect();
        assert!(line.contains(&format!("\"dealer_par\":[{}]", contracts.join(","))), "{line}\n{par2:?}");
        let par = record.par.as_ref().unwrap();
        let scores = format!("\"par_score\":[\"{}\",\"{}\"]", par.score_text[0], par.score_text[1]);
        assert!(line.contains(&scores), "{line}\n{scores}");
        assert!(line.contains(&format!("\"dealer\":\"{}\"", record.dealer.to_char())), "{line}");
    }
    // A bad line names its line number.
    let output = dds(
        &["table"],
        "NUMBER 1\nPBN 0 7 0 0 \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"\n",
    );
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("<stdin>:2: vulnerability \"7\" is not 0-3"), "{stderr}");
}

/// Real files from other software (found by trying public hand records):
/// Bridge Composer's opening game with every tag empty is passed through,
/// an equal ParContract keeps its form, `-o` naming the input never
/// replaces it with a partial file, and the board number names each
/// result.
#[test]
fn real_file_quirks_are_handled() {
    let dir = temp_dir("quirks");
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    // DDS's par for list10's first deal, dealer North, None: EW 2S.
    let text = format!(
        "[Event \"\"]\n[Board \"\"]\n[Deal \"\"]\n\n\
         [Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n[ParContract \"EW 2S=\"]\n"
    );
    let path = dir.join("composer.pbn");
    std::fs::write(&path, &text).unwrap();
    let out = stdout(&dds(&["pbn", path.to_str().unwrap()], ""));
    assert!(out.starts_with("[Event \"\"]\n[Board \"\"]\n[Deal \"\"]\n\n"), "{out}");
    assert!(out.contains("[ParContract \"EW 2S=\"]"), "{out}");
    assert_eq!(out.matches("[OptimumScore \"NS -110\"]").count(), 1, "{out}");
    // The board number leads each result of table and par.
    let table = stdout(&dds(&["table", path.to_str().unwrap()], ""));
    assert!(table.starts_with(&format!("Board 1\n{deal}\n")), "{table}");
    let json = stdout(&dds(&["par", "--json", path.to_str().unwrap()], ""));
    assert!(json.starts_with("{\"game\":2,\"board\":1,\"deal\""), "{json}");

    // `-o` naming the input: a bad game leaves the input as it was.
    let bad = format!("{text}\n[Board \"2\"]\n[Deal \"N:AKQ\"]\n");
    std::fs::write(&path, &bad).unwrap();
    let output = dds(&["pbn", path.to_str().unwrap(), "-o", path.to_str().unwrap()], "");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("is left as it was, and the games before it are in"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), bad);
    let part = std::fs::read_to_string(dir.join("composer.pbn.part")).unwrap();
    assert!(part.contains("[OptimumScore \"NS -110\"]"), "{part}");

    // A comment never closed runs into the next game: read as written,
    // with a warning naming the lines.
    let runaway = format!("[Board \"1\"]\n[Deal \"{deal}\"]\n{{ 3NT 10\n\n[Board \"2\"]\n[Deal \"{deal}\"] }}\n");
    let output = dds(&["table"], &runaway);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("the comment opened on line 3 runs over a blank line into line 5"), "{stderr}");

    // A LIN file given to `dds pbn` points to the subcommands that read it.
    let lin = dir.join("record.lin");
    std::fs::write(&lin, "qx|o1|md|3SK5HT83DKQ9CA7652,SAT942HAQ4D32CKJ3,SQJ6HK652DJ85CT98,|\n").unwrap();
    let output = dds(&["pbn", lin.to_str().unwrap()], "");
    assert!(String::from_utf8_lossy(&output.stderr).contains("dds table and dds par read"), "{output:?}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A PBN error in a later game of standard input names its line in the
/// whole input, as for a file (standard input is parsed game by game; the
/// `cli` fuzz target found it naming the line within the game).
#[test]
fn a_pbn_error_on_standard_input_names_the_line_of_the_input() {
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    // Break the Dealer tag of the last game.
    let at = text.rfind("[Dealer \"").unwrap();
    let broken = format!("{}[Dealer!\"{}", &text[..at], &text[at + "[Dealer \"".len()..]);
    let line = broken[..at].lines().count() + 1;
    let want = format!("line {line}: tag pair is not of the form [Name \"value\"]");
    for source in ["-", "file"] {
        let output = if source == "-" {
            dds(&["pbn"], &broken)
        } else {
            let dir = std::env::temp_dir().join(format!("dds-cli-pbn-line-{}", std::process::id()));
            std::fs::create_dir_all(&dir).unwrap();
            let path = dir.join("broken.pbn");
            std::fs::write(&path, &broken).unwrap();
            dds(&["pbn", path.to_str().unwrap()], "")
        };
        assert_eq!(output.status.code(), Some(1), "{source}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(&want), "{source}: {stderr}");
    }
}

/// A line of white space other than spaces and tabs (here a vertical tab)
/// inside a game is not the blank line that ends it, on standard input as
/// in a file (the `cli` fuzz target found standard input cutting the game
/// there and failing on the rest).
#[test]
fn a_line_of_other_white_space_does_not_end_a_game_on_standard_input() {
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let deal = text.find("[Deal \"").unwrap();
    let end = deal + text[deal..].find('\n').unwrap() + 1;
    let odd = format!("{}\u{b}\n{}", &text[..end], &text[end..]);
    pbn_from_file_and_stdin_agree("vt", &odd, text.matches("[Deal \"").count());
}

/// A `{` comment opened after a tag pair on the same line, and a `{` in a
/// quoted tag value, are read on standard input as in a file: the comment
/// runs over the blank line, the brace in the value opens nothing (the
/// `cli` fuzz target found standard input ending the game inside such a
/// comment).
#[test]
fn comments_after_tags_are_read_on_standard_input_as_in_a_file() {
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let board = text.find("[Board \"2\"]").unwrap() + "[Board \"2\"]".len();
    let odd = format!("{} {{ a note\n\nthat goes on }}{}", &text[..board], &text[board..]).replacen(
        "[Site \"dds sample\"]",
        "[Site \"dds { sample\"]",
        1,
    );
    pbn_from_file_and_stdin_agree("brace", &odd, text.matches("[Deal \"").count());
}

/// `dds pbn` on `text` given as a file and on standard input: both succeed,
/// with the same output, and add the results to `games` games.
fn pbn_from_file_and_stdin_agree(test: &str, text: &str, games: usize) {
    let path = common::temp_dir(test).join("odd.pbn");
    std::fs::write(&path, text).unwrap();
    let from_file = dds(&["pbn", path.to_str().unwrap()], "");
    let from_stdin = dds(&["pbn"], text);
    assert!(from_file.status.success(), "{}", String::from_utf8_lossy(&from_file.stderr));
    assert!(from_stdin.status.success(), "{}", String::from_utf8_lossy(&from_stdin.stderr));
    assert_eq!(stdout(&from_stdin), stdout(&from_file));
    assert_eq!(stdout(&from_stdin).matches("[DoubleDummyTricks \"").count(), games);
}
