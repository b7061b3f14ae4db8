//! What every workload shares: one run's figures ([`Run`]), the peak
//! memory of the process, medians and ratios of interleaved runs, and the
//! report of a full-table workload.

use std::time::{Duration, Instant};

pub(crate) struct Run {
    pub(crate) total: Duration,
    /// User CPU time: of this process for ours and DDS, of the child
    /// processes for bridge-solver.
    pub(crate) user: Duration,
    pub(crate) per_deal: Vec<Duration>,
    pub(crate) nodes: u64,
    /// The growth of the process's peak resident memory during the run, in
    /// bytes (Linux only).
    pub(crate) peak: Option<u64>,
}

/// Reads a memory figure of this process, in bytes, from
/// `/proc/self/status` (`VmRSS`, `VmHWM`).
fn proc_status_bytes(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Starts measuring peak memory: resets the kernel's high-water mark to the
/// current resident size and returns that size.
pub(crate) fn peak_start() -> Option<u64> {
    // Memory freed by the previous run goes back to the system first, so
    // that this run cannot reuse pages that are already resident.
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        extern "C" {
            fn malloc_trim(pad: usize) -> i32;
        }
        // SAFETY: glibc's malloc_trim has no preconditions.
        unsafe {
            malloc_trim(0);
        }
    }
    std::fs::write("/proc/self/clear_refs", "5").ok()?;
    proc_status_bytes("VmRSS")
}

/// The peak resident memory reached since `peak_start`, above its start.
pub(crate) fn peak_since(start: Option<u64>) -> Option<u64> {
    Some(proc_status_bytes("VmHWM")?.saturating_sub(start?))
}

pub(crate) fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The median wall time of `reps` runs of `run`.
pub(crate) fn median_time(reps: usize, mut run: impl FnMut()) -> Duration {
    median(
        (0..reps)
            .map(|_| {
                let start = Instant::now();
                run();
                start.elapsed()
            })
            .collect(),
    )
}

pub(crate) fn secs(d: Duration) -> String {
    format!("{:.3}s", d.as_secs_f64())
}

/// The median over the runs of the ratio of `of` in `ours` to `of` in
/// `other` (run `i` against run `i`).
pub(crate) fn ratio_median(ours: &[Run], other: &[Run], of: fn(&Run) -> Duration) -> f64 {
    let mut r: Vec<f64> = ours.iter().zip(other).map(|(a, b)| of(a).as_secs_f64() / of(b).as_secs_f64()).collect();
    r.sort_by(f64::total_cmp);
    r[r.len() / 2]
}

/// The report of a full-table workload: for each solver the medians over
/// the runs of the wall and user time, the slowest deal of the run with the
/// median wall time and the peak memory; then the ratios of ours to the
/// others, each the median of the runs' ratios (the runs are interleaved,
/// so a ratio compares times of the same minutes).
pub(crate) fn report(name: &str, deals: usize, ours: &[Run], theirs: &[Run], bridge: &[Run]) {
    struct Summary {
        wall: Duration,
        user: Duration,
        slowest: (usize, Duration),
        nodes: u64,
        peak: Option<u64>,
    }
    let summary = |runs: &[Run]| {
        let wall = median(runs.iter().map(|r| r.total).collect());
        // The run with the median total stands for the per-deal figures.
        let run = runs.iter().min_by_key(|r| r.total.abs_diff(wall)).expect("at least one run");
        let slowest = run.per_deal.iter().copied().enumerate().max_by_key(|&(_, d)| d).expect("deals");
        let peak = runs.iter().filter_map(|r| r.peak).max();
        Summary { wall, user: median(runs.iter().map(|r| r.user).collect()), slowest, nodes: run.nodes, peak }
    };
    let mb = |p: Option<u64>| p.map_or_else(|| "n/a".to_owned(), |b| format!("{:.1} MB", b as f64 / 1e6));
    let line = |label: &str, s: &Summary, extra: &str| {
        println!(
            "  {label:<14} wall {}  user {}  per table {}  slowest {} (deal {})  peak memory {}{extra}",
            secs(s.wall),
            secs(s.user),
            secs(s.wall / deals as u32),
            secs(s.slowest.1),
            s.slowest.0,
            mb(s.peak)
        );
    };
    let ratios = |label: &str, other: &[Run], s: &Summary, o: &Summary| {
        println!(
            "  ratio ours/{label}: wall {:.2}  user {:.2}  slowest {:.2}",
            ratio_median(ours, other, |r| r.total),
            ratio_median(ours, other, |r| r.user),
            s.slowest.1.as_secs_f64() / o.slowest.1.as_secs_f64()
        );
    };
    let mine = summary(ours);
    let others = [("DDS", theirs), ("bridge-solver", bridge)];
    let names: Vec<&str> =
        std::iter::once("ours").chain(others.iter().filter(|o| !o.1.is_empty()).map(|o| o.0)).collect();
    println!("\n{name}: {deals} deals, full tables, {} runs interleaved ({}), medians", ours.len(), names.join(", "));
    line("ours", &mine, &format!("  nodes {}", mine.nodes));
    let mut done = Vec::new();
    for (label, runs) in others {
        if runs.is_empty() {
            continue;
        }
        let theirs = summary(runs);
        line(label, &theirs, "");
        done.push((label, runs, theirs));
    }
    for (label, runs, theirs) in &done {
        ratios(label, runs, &mine, theirs);
    }
    if !done.is_empty() {
        println!("  (ratios: medians of the runs' ratios; slowest: the slowest deals' times, in the median runs)");
    }
}

pub(crate) fn cpu_name() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("model name")).map(|l| l.split(':').nth(1).unwrap_or("").trim().to_owned())
        })
        .unwrap_or_else(|| "unknown cpu".to_owned())
}
