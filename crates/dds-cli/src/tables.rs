//! `dds table` and `dds par`: the double dummy table, and the par, of
//! each deal of the input.

use std::io::{self, Write};

use dds::model::{Seat, Strain, Vulnerability};
use dds::DdTable;

use crate::batch::{run_tables, with_place};
use crate::input::{Item, Records};
use crate::{json, output, Batch, Failure};

/// Records written to standard output one after the other, counted, so
/// that a failed write says what was written and what was not.
pub(crate) struct RecordsOut {
    out: io::StdoutLock<'static>,
    written: usize,
}

impl RecordsOut {
    fn new() -> RecordsOut {
        RecordsOut { out: io::stdout().lock(), written: 0 }
    }

    /// Writes one deal's record (lines of text, each ended).
    fn write(&mut self, record: &str) -> Result<(), Failure> {
        self.out.write_all(record.as_bytes()).map_err(|e| self.failed(&e))?;
        self.written += 1;
        Ok(())
    }

    /// The message of a failed write. Standard output is line-buffered:
    /// every record before the one that failed has reached it.
    fn failed(&self, e: &io::Error) -> Failure {
        let written = match self.written {
            0 => "nothing is written".to_owned(),
            1 => "the result of the first deal is written, the rest are not".to_owned(),
            n => format!("the results of the first {n} deals are written, the rest are not"),
        };
        Failure(format!("{}; {written}", output::stdout_error(e).0))
    }

    /// Flushes what is buffered, after the records or before the message
    /// of whatever stopped the batch.
    fn finish(mut self) -> Result<(), Failure> {
        self.out.flush().map_err(|e| self.failed(&e))
    }
}

pub(crate) fn table(batch: &Batch, gib: bool) -> Result<(), Failure> {
    let mut records = Records::open(batch.input.as_deref(), batch.run.keep_going)?;
    let mut out = RecordsOut::new();
    let result = run_tables(&mut records, &batch.run, &mut |item: &Item, table: &DdTable| {
        let record = if batch.json {
            format!("{}\n", with_place(item, json::table(&item.text, table), false))
        } else if gib {
            format!("{}\n", dds::model::gib_line(&item.deal, table.as_by_strain()))
        } else {
            let gap = if out.written > 0 { "\n" } else { "" };
            format!("{gap}{}", render_table(item, table))
        };
        out.write(&record)
    });
    out.finish()?;
    result.map_err(|stop| stop.failure)
}

/// A table a person can read at a glance: declarers down, strains across,
/// under the board number when the input gives one.
pub(crate) fn render_table(item: &Item, table: &DdTable) -> String {
    let board = item.board.as_deref().map_or(String::new(), |b| format!("Board {b}\n"));
    let mut s = format!("{board}{}\n     NT   S   H   D   C\n", item.text);
    for declarer in Seat::ALL {
        s.push_str(&format!("  {}", declarer));
        for strain in STRAINS_NT_FIRST {
            s.push_str(&format!(" {:>3}", table.tricks(strain, declarer)));
        }
        s.push('\n');
    }
    s
}

/// Strains in the order of hand records: NT, S, H, D, C.
pub(crate) const STRAINS_NT_FIRST: [Strain; 5] =
    [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs];

pub(crate) fn par(batch: &Batch, dealer: Option<Seat>, vul: Option<Vulnerability>) -> Result<(), Failure> {
    let mut records = Records::open(batch.input.as_deref(), batch.run.keep_going)?;
    let mut out = RecordsOut::new();
    let result = run_tables(&mut records, &batch.run, &mut |item: &Item, table: &DdTable| {
        let dealer = item.dealer.or(dealer).unwrap_or(Seat::North);
        let vulnerability = item.vulnerability.or(vul).unwrap_or(Vulnerability::None);
        let dealer_par = table.dealer_par(dealer, vulnerability);
        let sides = table.par(vulnerability);
        let record = if batch.json {
            let record = json::par_record(&item.text, table, dealer, vulnerability, &dealer_par, &sides);
            format!("{}\n", with_place(item, record, false))
        } else {
            let gap = if out.written > 0 { "\n" } else { "" };
            let (score, contracts) = (dealer_par.score, dds::pbn::par_contracts(&dealer_par));
            let [s0, s1] = sides.score_texts();
            let [c0, c1] = sides.contract_texts();
            format!(
                "{gap}{}Dealer {}, vulnerable {vulnerability}: Par {score}: {contracts}\nBy side: {s0} ({c0}), {s1} ({c1})\n",
                render_table(item, table),
                dealer.to_char(),
            )
        };
        out.write(&record)
    });
    out.finish()?;
    result.map_err(|stop| stop.failure)
}
