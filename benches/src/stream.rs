//! The `stream` workload: the memory of `dds table` over a long stream of
//! deals on standard input.
//!
//! A million deal lines (or `DDS_STREAM_LINES`) are written to the
//! command's standard input as fast as it takes them, and its answers (one
//! GIB line a deal) are read as they come. The deals are list100's, over
//! and over: the command solves each distinct deal once per run, so the
//! run measures what the stream itself holds (input read ahead, chunks,
//! answers waiting to be written, the table of deals seen) at a cost of
//! seconds, not the hours a million distinct tables take. The resident
//! size is read from `/proc` every 100,000 answers and at the end (the
//! kernel's high-water mark): a stream in bounded memory stays flat.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use dds_bench::workload;

/// Answers between two readings of the resident size.
const EVERY: usize = 100_000;

/// The `dds` command of this workspace's release build.
fn command() -> PathBuf {
    std::env::var_os("DDS_BIN")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/dds"), PathBuf::from)
}

/// A field of `/proc/PID/status` in kB (`VmRSS`, `VmHWM`).
fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    text.lines().find_map(|l| l.strip_prefix(field)?.strip_prefix(':')?.trim().strip_suffix(" kB")?.parse().ok())
}

/// Runs the workload with `threads` worker threads (every core if 0).
pub(crate) fn run(threads: usize) {
    let lines: usize = std::env::var("DDS_STREAM_LINES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000_000);
    let deals: Vec<String> = workload::hand_file_deals("list100.txt").iter().map(ToString::to_string).collect();
    let bin = command();
    let mut cmd = Command::new(&bin);
    cmd.args(["table", "--gib"]);
    if threads > 0 {
        cmd.args(["--threads", &threads.to_string()]);
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {} (cargo build --release -p ddsrs-cli): {e}", bin.display()));
    let pid = child.id();
    let mut input = BufWriter::new(child.stdin.take().expect("piped"));
    let writer = std::thread::spawn(move || {
        for i in 0..lines {
            writeln!(input, "{}", deals[i % deals.len()]).expect("the command reads its input");
        }
        // Dropping the writer closes standard input: the end of the stream.
    });
    println!("stream: {lines} deal lines into `dds table --gib` ({} distinct), threads {threads} (0: all)", 100);
    println!("{:>10} {:>8} {:>9} {:>9}", "answers", "seconds", "RSS MB", "peak MB");
    let start = Instant::now();
    let output = BufReader::new(child.stdout.take().expect("piped"));
    let mut answers = 0usize;
    let mut readings: Vec<u64> = Vec::new();
    let mut peak = 0u64;
    for line in output.lines() {
        line.expect("the command writes text");
        answers += 1;
        if answers % EVERY == 0 {
            let rss = status_kb(pid, "VmRSS").unwrap_or(0);
            peak = peak.max(status_kb(pid, "VmHWM").unwrap_or(0));
            readings.push(rss);
            println!(
                "{answers:>10} {:>8.1} {:>9.1} {:>9.1}",
                start.elapsed().as_secs_f64(),
                rss as f64 / 1024.0,
                peak as f64 / 1024.0
            );
        }
    }
    // The high-water mark as the command exits (gone once it has).
    peak = peak.max(status_kb(pid, "VmHWM").unwrap_or(0));
    writer.join().expect("the writer thread");
    let status = child.wait().expect("the command ends");
    assert!(status.success(), "dds table failed: {status}");
    assert_eq!(answers, lines, "one answer per deal line");
    let (first, last) = (readings.first().copied().unwrap_or(0), readings.last().copied().unwrap_or(0));
    println!(
        "stream: {answers} answers in {:.1} s; RSS {:.1} MB after {EVERY} answers, {:.1} MB after {answers}; peak {:.1} MB",
        start.elapsed().as_secs_f64(),
        first as f64 / 1024.0,
        last as f64 / 1024.0,
        peak as f64 / 1024.0
    );
}
