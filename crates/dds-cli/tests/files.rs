//! End-to-end tests of what the command does with the files and streams it
//! is given: `-o` through links, into pipes and over files with their own
//! permissions; writes that fail; a closed standard output; a line without
//! an end; a PBN file with no games; a game that does not parse under
//! `--keep-going`; an `OptimumResultTable` written in another layout.
//! Every file lives in a temporary folder: no test names a system path.
//! Known answers are DDS's (list10, whose deals the sample PBN file holds).
//!
//! Unix files (modes, FIFOs, links): the tests are Unix-only.
#![cfg(unix)]

mod common;

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{run, temp_dir};
use dds::model::{PbnFile, Seat, Strain};
use dds_fixtures::{fixtures_dir, load_hand_file};

fn sample_pbn() -> PathBuf {
    fixtures_dir().join("sample/boards.pbn")
}

fn sample_deals() -> PathBuf {
    fixtures_dir().join("sample/deals.txt")
}

fn dds() -> &'static str {
    env!("CARGO_BIN_EXE_dds")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// What `dds pbn` writes for the sample file on standard output (the
/// reference the files written elsewhere are compared with).
fn pbn_on_stdout() -> Vec<u8> {
    let output = run(&["pbn", sample_pbn().to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    output.stdout
}

/// Runs `script` with `sh -c`, `$0` being the `dds` binary.
fn sh(script: &str) -> Output {
    Command::new("sh").args(["-c", script, dds()]).stdin(Stdio::null()).output().expect("sh runs")
}

#[test]
fn output_through_a_link_replaces_the_file_it_names_and_keeps_the_link_and_the_mode() {
    let dir = temp_dir("files-link");
    let (target, link) = (dir.join("record.pbn"), dir.join("link.pbn"));
    std::fs::write(&target, "old\n").unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::os::unix::fs::symlink("record.pbn", &link).unwrap();
    for command in ["pbn", "report"] {
        let output = run(&[command, sample_pbn().to_str().unwrap(), "-o", link.to_str().unwrap()], b"");
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        let meta = std::fs::symlink_metadata(&link).unwrap();
        assert!(meta.file_type().is_symlink(), "{command}: the link stays a link");
        assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("record.pbn"));
        let mode = std::fs::metadata(&target).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{command}: the replaced file keeps its mode");
        let written = std::fs::read(&target).unwrap();
        match command {
            "pbn" => assert_eq!(written, pbn_on_stdout()),
            _ => assert!(written.starts_with(b"<!DOCTYPE html>") && written.ends_with(b"</html>\n")),
        }
        assert!(!dir.join("record.pbn.part").exists() && !dir.join("link.pbn.part").exists());
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn output_to_a_named_pipe_is_written_into_it_and_leaves_it_a_pipe() {
    let dir = temp_dir("files-fifo");
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    // The reader, as a program at the other end of a pipe would be.
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::fs::File::open(&fifo).unwrap().read_to_end(&mut bytes).unwrap();
            bytes
        })
    };
    let output = run(&["pbn", sample_pbn().to_str().unwrap(), "-o", fifo.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(reader.join().unwrap(), pbn_on_stdout());
    assert!(std::fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo(), "the pipe is not replaced");
    assert!(!dir.join("out.fifo.part").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failed_write_is_an_error_that_says_what_was_written() {
    let dir = temp_dir("files-full");
    let full = run(&["table", "--json", sample_deals().to_str().unwrap()], b"");
    assert!(full.status.success());
    let lines: Vec<&[u8]> = full.stdout.split_inclusive(|&b| b == b'\n').collect();
    // A file size limit of 1 KiB (writes past it fail with "File too
    // large" once SIGXFSZ is ignored) stops the output after a few records.
    let out = dir.join("tables.json");
    let script =
        format!("trap '' XFSZ; ulimit -f 1; exec \"$0\" table --json {} > {}", sample_deals().display(), out.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let message = stderr(&output);
    assert!(message.starts_with("dds: cannot write to standard output: File too large"), "{message}");
    let written: usize =
        message.split("the results of the first ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(message.ends_with(&format!("the results of the first {written} deals are written, the rest are not\n")));
    let text = std::fs::read(&out).unwrap();
    let whole: Vec<u8> = lines[..written].concat();
    assert!(written < lines.len() && text.starts_with(&whole), "the records said to be written are there whole");

    // dds pbn -o FILE: the file is left as it was and its part removed.
    let record = dir.join("record.pbn");
    std::fs::write(&record, "old\n").unwrap();
    let script =
        format!("trap '' XFSZ; ulimit -f 1; exec \"$0\" pbn {} -o {}", sample_pbn().display(), record.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1));
    let part = dir.join("record.pbn.part");
    let expected = format!(
        "dds: cannot write {}: File too large (os error 27); nothing is written ({} is left as it was)\n",
        part.display(),
        record.display()
    );
    assert_eq!(stderr(&output), expected);
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "old\n");
    assert!(!part.exists());

    // dds pbn to standard output: no game went out whole.
    let script = format!("trap '' XFSZ; ulimit -f 1; exec \"$0\" pbn {} > {}", sample_pbn().display(), out.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.starts_with("dds: cannot write to standard output: File too large"), "{message}");
    assert!(!message.contains("the games before it are written"), "{message}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_or_read_only_standard_output_is_refused_before_any_work() {
    let dir = temp_dir("files-closed");
    let deals = sample_deals();
    let output = sh(&format!("exec \"$0\" table {} >&-", deals.display()));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "dds: standard output is closed: nothing would be written\n");
    let other = dir.join("other.txt");
    std::fs::write(&other, "").unwrap();
    let output = sh(&format!("exec \"$0\" par {} 1<{}", deals.display(), other.display()));
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "dds: standard output is open for reading only: nothing would be written\n");
    // With -o FILE standard output is not needed.
    let out = dir.join("out.pbn");
    let output = sh(&format!("exec \"$0\" pbn {} -o {} >&-", sample_pbn().display(), out.display()));
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read(&out).unwrap(), pbn_on_stdout());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_line_without_an_end_fails_at_the_bound_in_a_file_and_on_standard_input() {
    let dir = temp_dir("files-endless");
    // 64 MiB of zero bytes: no line end anywhere.
    let zeros = vec![0u8; 64 << 20];
    let output = run(&["table"], &zeros);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        "dds: <stdin>: line 1 is longer than 4 MiB: not a file of deals, PBN, LIN or DDS's hand files\n"
    );
    let path = dir.join("zeros.txt");
    let mut text = b"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n".to_vec();
    text.extend_from_slice(&zeros);
    std::fs::write(&path, &text).unwrap();
    let output = run(&["par", path.to_str().unwrap()], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "dds: {}: line 2 is longer than 4 MiB: not a file of deals, PBN, LIN or DDS's hand files\n",
            path.display()
        )
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_pbn_file_with_no_games_is_a_pbn_file_with_nothing_to_solve() {
    let dir = temp_dir("files-no-games");
    let path = dir.join("export.pbn");
    let text = "% PBN 2.1\r\n% EXPORT\r\n%Content-type: text/x-pbn; charset=ISO-8859-1\r\n";
    std::fs::write(&path, text).unwrap();
    let name = path.to_str().unwrap();
    for args in [vec!["table", name], vec!["par", name], vec!["par"], vec!["pbn", name]] {
        let stdin = if args.len() == 1 { text.as_bytes() } else { b"" };
        let output = run(&args, stdin);
        assert!(output.status.success(), "{args:?}: {}", stderr(&output));
        let shown = if args.len() == 1 { "<stdin>" } else { name };
        assert_eq!(stderr(&output), format!("dds: {shown}: a PBN file with no games: nothing to solve\n"), "{args:?}");
        let expected: &[u8] = if args[0] == "pbn" { text.as_bytes() } else { b"" };
        assert_eq!(output.stdout, expected, "{args:?}");
    }
    let output = run(&["report", name], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stdout.is_empty());
    assert_eq!(stderr(&output), format!("dds: {name}: a PBN file with no games: no report is written\n"));
    std::fs::remove_dir_all(&dir).ok();
}

/// The sample PBN file with game `g` (from 0) broken: its `Board` tag
/// pair lacks its closing bracket.
fn sample_with_a_broken_game(g: usize) -> String {
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    let tag = format!("[Board \"{}\"]\n", g + 1);
    let at = text.find(&tag).unwrap();
    format!("{}[Board \"{}\"\n{}", &text[..at], g + 1, &text[at + tag.len()..])
}

#[test]
fn keep_going_skips_a_game_that_does_not_parse_and_reads_on() {
    let dir = temp_dir("files-keep-going");
    let path = dir.join("broken.pbn");
    let text = sample_with_a_broken_game(1);
    std::fs::write(&path, &text).unwrap();
    let name = path.to_str().unwrap();
    let list10 = load_hand_file("list10.txt").unwrap();

    // Without --keep-going the error ends the run, after the game before
    // it.
    let output = run(&["par", name, "--json"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8(output.stdout.clone()).unwrap().starts_with("{\"game\":1,"));
    assert_eq!(output.stdout.iter().filter(|&&b| b == b'\n').count(), 1);
    assert_eq!(
        stderr(&output),
        format!("dds: {name}: game 2: line 15: tag pair is not closed with \"]\" on its line\n")
    );

    // With it, the other nine games are solved, with DDS's tables.
    let output = run(&["par", name, "--json", "--keep-going"], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "dds: {name}: game 2: line 15: tag pair is not closed with \"]\" on its line\n\
             dds: 1 of 10 records had errors\n"
        )
    );
    let json = String::from_utf8(output.stdout).unwrap();
    let games: Vec<&str> = json.lines().collect();
    assert_eq!(games.len(), 9);
    for (line, record) in games.iter().zip(list10.iter().enumerate().filter(|(i, _)| *i != 1)) {
        let (i, record) = record;
        assert!(line.starts_with(&format!("{{\"game\":{},\"board\":{}", i + 1, i + 1)), "{line}");
        let table = record.table.unwrap();
        let spades: Vec<String> = Seat::ALL.iter().map(|&s| table[Strain::Spades][s].to_string()).collect();
        assert!(line.contains(&format!("\"S\":[{}]", spades.join(","))), "{line}");
    }

    // dds pbn writes the broken game back as it was, and the others with
    // their results.
    let output = run(&["pbn", name, "--keep-going"], b"");
    assert_eq!(output.status.code(), Some(1));
    let written = String::from_utf8(output.stdout).unwrap();
    let broken_game = &text[text.find("[Event \"#\"]\n[Site \"#\"]\n[Date \"#\"]\n[Board \"2\"\n").unwrap()..];
    let broken_game = &broken_game[..broken_game.find("\n\n").unwrap() + 2];
    assert!(written.contains(broken_game), "the broken game is kept");
    let hex = PbnFile::parse(&written.replace(broken_game, "")).unwrap();
    let with_results = hex.games().iter().filter(|g| g.tag("DoubleDummyTricks").is_some()).count();
    assert_eq!(with_results, 9);
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 40: without `--keep-going`, a game that does not parse stops the
/// run after the results of the games before it, as a bad deal does
/// (docs/cli.md): they are written, then the error, status 1.
#[test]
fn a_game_that_does_not_parse_stops_the_run_after_the_games_before_it() {
    let dir = temp_dir("files-syntax-stop");
    let path = dir.join("broken.pbn");
    // Games 1 to 3 are good, game 4 does not parse.
    std::fs::write(&path, sample_with_a_broken_game(3)).unwrap();
    let name = path.to_str().unwrap();
    let error = format!("dds: {name}: game 4: line 31: tag pair is not closed with \"]\" on its line");
    // The sample's deals are list10's: DDS's tables.
    let list10 = load_hand_file("list10.txt").unwrap();
    let table_line = |i: usize| {
        let table = list10[i].table.unwrap();
        let row = |strain| Seat::ALL.map(|s: Seat| table[strain][s].to_string()).join(",");
        format!(
            "\"tricks\":{{\"S\":[{}],\"H\":[{}],\"D\":[{}],\"C\":[{}],\"NT\":[{}]}}}}",
            row(Strain::Spades),
            row(Strain::Hearts),
            row(Strain::Diamonds),
            row(Strain::Clubs),
            row(Strain::NoTrump)
        )
    };

    let output = run(&["table", "--json", name], b"");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), format!("{error}\n"));
    let json = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 3, "{json}");
    for (i, line) in lines.iter().enumerate() {
        assert!(line.starts_with(&format!("{{\"game\":{},", i + 1)), "{line}");
        assert!(line.ends_with(&table_line(i)), "{line}");
    }

    // dds pbn: the three games with their results, on standard output or
    // in the output file.
    let out = dir.join("out.pbn");
    for to_file in [false, true] {
        let output = match to_file {
            false => run(&["pbn", name], b""),
            true => run(&["pbn", name, "-o", out.to_str().unwrap()], b""),
        };
        assert_eq!(output.status.code(), Some(1));
        let place = if to_file { out.display().to_string() } else { "standard output".to_owned() };
        let message = format!("{error}; stopped at game 4: the games before it are written to {place}\n");
        assert_eq!(stderr(&output), message);
        let text =
            if to_file { std::fs::read_to_string(&out).unwrap() } else { String::from_utf8(output.stdout).unwrap() };
        let file = PbnFile::parse(&text).unwrap();
        assert_eq!(file.games().len(), 3, "{text}");
        for (i, game) in file.games().iter().enumerate() {
            let tricks = dds::model::parse_double_dummy_tricks(game.tag("DoubleDummyTricks").unwrap()).unwrap();
            assert_eq!(Some(tricks), list10[i].table, "game {}", i + 1);
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 40: a new output file gets the mode the umask gives, as any file
/// a command creates (a hand record or PBN file is often meant for others
/// to read); a file replaced keeps its own mode, whatever the umask.
#[test]
fn a_new_output_file_gets_the_mode_the_umask_gives() {
    let dir = temp_dir("files-umask");
    let mode = |path: &Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    for command in ["pbn", "report"] {
        for (umask, expected) in [("022", 0o644), ("027", 0o640), ("077", 0o600)] {
            let out = dir.join(format!("{command}-{umask}.out"));
            let script =
                format!("umask {umask}; exec \"$0\" {command} '{}' -o '{}'", sample_pbn().display(), out.display());
            let output = sh(&script);
            assert!(output.status.success(), "{command}: {}", stderr(&output));
            assert_eq!(mode(&out), expected, "{command} under umask {umask}: {:o}", mode(&out));
        }
        let kept = dir.join(format!("{command}-kept.out"));
        std::fs::write(&kept, "old\n").unwrap();
        std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o604)).unwrap();
        let script = format!("umask 077; exec \"$0\" {command} '{}' -o '{}'", sample_pbn().display(), kept.display());
        let output = sh(&script);
        assert!(output.status.success(), "{command}: {}", stderr(&output));
        assert_eq!(mode(&kept), 0o604, "{command}: the replaced file keeps its mode");
        assert_ne!(std::fs::read(&kept).unwrap(), b"old\n");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Issue 40: a file size limit (`ulimit -f`) is a failed write, status 1
/// and the part removed, when the shell leaves SIGXFSZ at its default:
/// `dds` ignores the signal itself rather than being killed by it (status
/// 153 in a shell, a partial `FILE.part` left).
#[test]
fn a_file_size_limit_is_a_failed_write_not_a_kill() {
    let dir = temp_dir("files-ulimit");
    let record = dir.join("record.pbn");
    std::fs::write(&record, "old\n").unwrap();
    let script = format!("ulimit -f 1; exec \"$0\" pbn '{}' -o '{}'", sample_pbn().display(), record.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1), "{:?}: {}", output.status, stderr(&output));
    let part = dir.join("record.pbn.part");
    let expected = format!(
        "dds: cannot write {}: File too large (os error 27); nothing is written ({} is left as it was)\n",
        part.display(),
        record.display()
    );
    assert_eq!(stderr(&output), expected);
    assert_eq!(std::fs::read_to_string(&record).unwrap(), "old\n");
    assert!(!part.exists());

    // To standard output redirected to a file: the message says what was
    // written.
    let out = dir.join("tables.json");
    let script = format!("ulimit -f 1; exec \"$0\" table --json '{}' > '{}'", sample_deals().display(), out.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1), "{:?}: {}", output.status, stderr(&output));
    let message = stderr(&output);
    assert!(message.starts_with("dds: cannot write to standard output: File too large"), "{message}");
    assert!(message.ends_with("deals are written, the rest are not\n"), "{message}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn an_optimum_result_table_of_the_same_values_is_kept_as_written() {
    let dir = temp_dir("files-ort");
    let list10 = load_hand_file("list10.txt").unwrap();
    let deal = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3";
    let record = list10.iter().find(|r| r.deal.to_string() == deal).expect("list10 holds the deal");
    let table = record.table.unwrap();
    // The table as another program lays it out: one space between the
    // columns, a one-wide alignment in its header, West first.
    let mut lines = Vec::new();
    for seat in [Seat::West, Seat::North, Seat::East, Seat::South] {
        for (strain, name) in [(Strain::NoTrump, "NT"), (Strain::Spades, "S"), (Strain::Hearts, "H")] {
            lines.push(format!("{} {name} {}", seat.to_char(), table[strain][seat]));
        }
        for (strain, name) in [(Strain::Diamonds, "D"), (Strain::Clubs, "C")] {
            lines.push(format!("{} {name} {}", seat.to_char(), table[strain][seat]));
        }
    }
    let section = format!("[OptimumResultTable \"Declarer;Denomination\\1R;Result\\1R\"]\n{}\n", lines.join("\n"));
    let text = format!("[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Deal \"{deal}\"]\n{section}");
    let path = dir.join("one.pbn");
    std::fs::write(&path, &text).unwrap();
    let output = run(&["pbn", path.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    let written = String::from_utf8(output.stdout).unwrap();
    assert!(written.contains(&section), "kept as written:\n{written}");
    assert_eq!(written.matches("OptimumResultTable").count(), 1);

    // A table with a wrong value is replaced.
    let wrong = text.replacen(&format!("W NT {}\n", table[Strain::NoTrump][Seat::West]), "W NT 13\n", 1);
    assert_ne!(wrong, text);
    std::fs::write(&path, &wrong).unwrap();
    let output = run(&["pbn", path.to_str().unwrap()], b"");
    let written = String::from_utf8(output.stdout).unwrap();
    assert!(!written.contains("W NT 13") && !written.contains("Result\\1R"), "{written}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_names_every_input_format() {
    for command in ["table", "par"] {
        let output = run(&[command, "--help"], b"");
        let help = String::from_utf8(output.stdout).unwrap();
        assert!(help.contains("LIN") && help.contains("DDS hand file"), "{command}: {help}");
    }
}

/// What `--help` says of Ctrl-C is what the command does since the
/// searches in flight are stopped (interrupt.rs tests the behaviour).
#[test]
fn help_says_a_signal_stops_the_searches_in_flight() {
    let output = run(&["--help"], b"");
    let help = String::from_utf8(output.stdout).unwrap().replace('\n', " ");
    assert!(help.contains("stop the searches in flight at once"), "{help}");
    assert!(!help.contains("finish the chunk"), "{help}");
}

#[test]
fn output_named_as_the_commands_own_standard_output_goes_there() {
    let dir = temp_dir("files-own-stdout");
    // A link in the test's folder to what /dev/stdout names: the kernel
    // resolves it to whatever standard output is, with no path to follow.
    let link = dir.join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &link).unwrap();
    // Standard output a pipe: the file goes into it.
    let output = run(&["pbn", sample_pbn().to_str().unwrap(), "-o", link.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(output.stdout, pbn_on_stdout());
    // A file opened for appending: what it held stays, the file follows.
    let log = dir.join("log.txt");
    std::fs::write(&log, "before\n").unwrap();
    let script = format!("exec \"$0\" pbn {} -o {} >> {}", sample_pbn().display(), link.display(), log.display());
    let output = sh(&script);
    assert!(output.status.success(), "{}", stderr(&output));
    let mut expected = b"before\n".to_vec();
    expected.extend(pbn_on_stdout());
    assert_eq!(std::fs::read(&log).unwrap(), expected);
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_part_left_by_an_earlier_run_is_replaced_not_followed() {
    let dir = temp_dir("files-stale-part");
    let (record, other) = (dir.join("record.pbn"), dir.join("other.txt"));
    std::fs::write(&record, "old\n").unwrap();
    std::fs::write(&other, "someone else's\n").unwrap();
    // A part that is a link to another file, left in place.
    std::os::unix::fs::symlink(&other, dir.join("record.pbn.part")).unwrap();
    let output = run(&["pbn", sample_pbn().to_str().unwrap(), "-o", record.to_str().unwrap()], b"");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "someone else's\n");
    assert!(std::fs::symlink_metadata(&record).unwrap().file_type().is_file());
    assert_eq!(std::fs::read(&record).unwrap(), pbn_on_stdout());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failed_write_at_the_end_of_a_report_leaves_the_file_as_it_was() {
    let dir = temp_dir("files-report-full");
    let out = dir.join("record.html");
    std::fs::write(&out, "old\n").unwrap();
    // 10 KiB: past the first sheet, short of the page.
    let script =
        format!("trap '' XFSZ; ulimit -f 20; exec \"$0\" report {} -o {}", sample_pbn().display(), out.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1));
    let part = dir.join("record.html.part");
    assert_eq!(
        stderr(&output),
        format!(
            "dds: cannot write {}: File too large (os error 27); {} is left as it was\n",
            part.display(),
            out.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old\n");
    assert!(!part.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn keep_going_cuts_a_broken_game_where_its_comments_end() {
    let dir = temp_dir("files-keep-going-comments");
    let text = std::fs::read_to_string(sample_pbn()).unwrap();
    // Game 2 broken; a comment with a blank line in it before the bad line,
    // and one after it holding what looks like a game.
    let game2 = text.find("[Event \"#\"]\n[Site \"#\"]\n[Date \"#\"]\n[Board \"2\"]\n").unwrap();
    let end2 = game2 + text[game2..].find("\n\n").unwrap() + 1;
    let broken = text[game2..end2].replace("[Board \"2\"]\n", "{ a note\n\non two lines }\n[Board \"2\"\n")
        + "{ and a note\n\n[Event \"not a game\"]\n\n}\n";
    let text = format!("{}{}{}", &text[..game2], broken, &text[end2..]);
    let path = dir.join("commented.pbn");
    std::fs::write(&path, &text).unwrap();
    let name = path.to_str().unwrap();
    let output = run(&["par", name, "--json", "--keep-going"], b"");
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(message.starts_with(&format!("dds: {name}: game 2: line 18: ")), "{message}");
    assert!(message.ends_with("dds: 1 of 10 records had errors\n"), "{message}");
    let json = String::from_utf8(output.stdout).unwrap();
    let games: Vec<u64> =
        json.lines().map(|l| l["{\"game\":".len()..].split(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(games, [1, 3, 4, 5, 6, 7, 8, 9, 10]);
    // dds pbn writes the broken game and its comments back as they were.
    let output = run(&["pbn", name, "--keep-going"], b"");
    let written = String::from_utf8(output.stdout).unwrap();
    assert!(written.contains(&broken), "{written}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_broken_first_game_keeps_the_files_title() {
    let dir = temp_dir("files-broken-first");
    let text = std::fs::read_to_string(sample_pbn())
        .unwrap()
        .replacen("% EXPORT\n", "% EXPORT\n%HRTitleEvent \"Tuesday Pairs\"\n", 1)
        .replace("[Event \"Sample boards\"]", "[Event \"\"]")
        .replacen("[Board \"1\"]\n", "[Board \"1\"\n", 1);
    let path = dir.join("handout.pbn");
    std::fs::write(&path, text).unwrap();
    let output = run(&["report", path.to_str().unwrap(), "--keep-going"], b"");
    assert_eq!(output.status.code(), Some(1));
    let html = String::from_utf8(output.stdout).unwrap();
    assert!(html.contains("<h1>Tuesday Pairs</h1>"), "{html}");
    assert_eq!(html.matches("<section class=\"board\"").count(), 9);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn output_over_the_input_on_standard_input_is_not_cut_at_a_bad_game() {
    let dir = temp_dir("files-same-stdin");
    let path = dir.join("boards.pbn");
    let text = sample_with_a_broken_game(3);
    std::fs::write(&path, &text).unwrap();
    let script = format!("exec \"$0\" pbn -o {} < {}", path.display(), path.display());
    let output = sh(&script);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text, "the input is left as it was");
    let part = dir.join("boards.pbn.part");
    assert!(stderr(&output).contains(&format!("is left as it was, and the games before it are in {}", part.display())));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_is_refused_when_standard_output_is_closed() {
    let output = sh("exec \"$0\" table --help >&-");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stderr(&output), "dds: standard output is closed: nothing would be written\n");
}

#[test]
fn standard_input_without_a_record_is_bounded() {
    // 70 MiB of blank lines: no deal ever comes.
    let blank = vec![b'\n'; 70 << 20];
    let output = run(&["table"], &blank);
    assert_eq!(output.status.code(), Some(1));
    let message = stderr(&output);
    assert!(
        message.starts_with("dds: <stdin>: lines 1 to ") && message.contains("hold no whole record in 64 MiB"),
        "{message}"
    );
}
