//! A progress line on standard error, for long batches run from a terminal:
//! done, total, rate and time left. Quiet when standard error is not a
//! terminal (a pipe, a file, a test).

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

pub(crate) struct Progress {
    /// The items to do, when known.
    total: Option<usize>,
    done: usize,
    start: Instant,
    last: Option<Instant>,
    enabled: bool,
    unit: &'static str,
    note: String,
}

impl Progress {
    /// A progress line for `total` items of `what`, shown only on a
    /// terminal and only once the batch has run for a second.
    pub(crate) fn new(total: Option<usize>, quiet: bool) -> Progress {
        let enabled = !quiet && std::io::stderr().is_terminal();
        Progress { total, done: 0, start: Instant::now(), last: None, enabled, unit: "deals", note: String::new() }
    }

    /// Counts `unit` instead of deals.
    pub(crate) fn unit(self, unit: &'static str) -> Progress {
        Progress { unit, ..self }
    }

    /// Text shown after the counts (a running estimate).
    pub(crate) fn set_note(&mut self, note: String) {
        if self.enabled {
            self.note = note;
        }
    }

    /// `n` more items are done.
    pub(crate) fn advance(&mut self, n: usize) {
        self.done += n;
        if !self.enabled {
            return;
        }
        let now = Instant::now();
        let elapsed = now - self.start;
        if elapsed < Duration::from_secs(1) || self.last.is_some_and(|l| now - l < Duration::from_millis(200)) {
            return;
        }
        self.last = Some(now);
        let rate = self.done as f64 / elapsed.as_secs_f64();
        let counts = match self.total {
            Some(total) => {
                let left = if rate > 0.0 { (total - self.done.min(total)) as f64 / rate } else { 0.0 };
                format!(
                    "{}/{total} {}, {rate:.1}/s, {} left",
                    self.done,
                    self.unit,
                    clock(Duration::from_secs_f64(left))
                )
            }
            None => format!("{} {}, {rate:.1}/s", self.done, self.unit),
        };
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r{counts}{}{}   ", if self.note.is_empty() { "" } else { "; " }, self.note);
        let _ = err.flush();
    }

    /// Clears the line.
    pub(crate) fn finish(&mut self) {
        if self.enabled && self.last.is_some() {
            let _ = write!(std::io::stderr().lock(), "\r{:100}\r", "");
        }
    }
}

/// `1h02m`, `3m05s` or `12s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s / 60) % 60),
    }
}
