//! The `pbnread` workload: reading a large PBN file given by name against
//! the same text on standard input.
//!
//! Dealing programs write `[Event "#"]`, `[Site "#"]` and `[Date "#"]` on
//! every board (PBN's copy rule: the value of the game before). A file of
//! 100,000 such games (or `DDS_PBNREAD_GAMES`) is written to a temporary
//! folder, every game with the same deal so that the one table solved
//! costs nothing beside the reading, and `dds par` reads it by name and on
//! standard input, runs interleaved. The two must take about the same
//! time: a file is read whole, standard input a game at a time, and the
//! copy rule is resolved in one pass either way (it once walked back to the
//! first game for every tag of every game of a file).

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use dds_bench::workload;

/// The `dds` command of this workspace's release build.
fn command() -> PathBuf {
    std::env::var_os("DDS_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/dds"), PathBuf::from)
}

/// The user CPU seconds of the children waited for so far.
fn children_user_seconds() -> f64 {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name in parentheses: cutime is the 16th
    // field of the line, the 14th after the closing parenthesis.
    let rest = text.rsplit_once(')').map_or("", |(_, r)| r);
    let ticks: f64 = rest.split_whitespace().nth(13).and_then(|t| t.parse().ok()).unwrap_or(0.0);
    ticks / 100.0
}

/// Runs `dds par` on `file`, by name or on standard input; returns the
/// wall and user CPU seconds and the output's length.
fn time_one(file: &std::path::Path, stdin: bool) -> (f64, f64, usize) {
    let mut cmd = Command::new(command());
    cmd.args(["par", "--threads", "1"]).stdout(Stdio::piped()).stderr(Stdio::inherit());
    if stdin {
        cmd.stdin(std::fs::File::open(file).expect("the file just written"));
    } else {
        cmd.arg(file);
    }
    let user = children_user_seconds();
    let start = Instant::now();
    let output = cmd.output().unwrap_or_else(|e| panic!("cannot run dds (cargo build --release -p ddsrs-cli): {e}"));
    let wall = start.elapsed().as_secs_f64();
    assert!(output.status.success(), "dds par failed: {}", output.status);
    (wall, children_user_seconds() - user, output.stdout.len())
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

/// Runs the workload, `reps` runs of each way interleaved.
pub(crate) fn run(reps: usize) {
    let games: usize = std::env::var("DDS_PBNREAD_GAMES").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let deal = workload::hand_file_deals("list100.txt")[0].to_string();
    let dir = std::env::temp_dir().join(format!("ddsbench-pbnread-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("games.pbn");
    let mut text = String::with_capacity(games * 180);
    for g in 1..=games {
        let copy = |value: &str| if g == 1 { value.to_owned() } else { "#".to_owned() };
        text.push_str(&format!(
            "[Event \"{}\"]\n[Site \"{}\"]\n[Date \"{}\"]\n[Board \"{g}\"]\n[Deal \"{deal}\"]\n\n",
            copy("Club"),
            copy("Here"),
            copy("2026.11.26")
        ));
    }
    std::fs::write(&file, &text).expect("the PBN file");
    println!(
        "pbnread: `dds par` on {games} games with [Event \"#\"] [Site \"#\"] [Date \"#\"], one deal; medians of {reps}"
    );
    let (mut by_name, mut by_stdin) = ((Vec::new(), Vec::new()), (Vec::new(), Vec::new()));
    for _ in 0..reps {
        let (wall, user, named_len) = time_one(&file, false);
        by_name.0.push(wall);
        by_name.1.push(user);
        let (wall, user, stdin_len) = time_one(&file, true);
        by_stdin.0.push(wall);
        by_stdin.1.push(user);
        assert_eq!(named_len, stdin_len, "the same output either way");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let (named_wall, named_user) = (median(by_name.0), median(by_name.1));
    let (stdin_wall, stdin_user) = (median(by_stdin.0), median(by_stdin.1));
    println!("{:>14} {:>8} {:>8}", "", "wall s", "user s");
    println!("{:>14} {named_wall:>8.2} {named_user:>8.2}", "file by name");
    println!("{:>14} {stdin_wall:>8.2} {stdin_user:>8.2}", "standard input");
    println!(
        "pbnread: file / standard input: wall {:.2}, user CPU {:.2}",
        named_wall / stdin_wall,
        named_user / stdin_user.max(0.01)
    );
}
