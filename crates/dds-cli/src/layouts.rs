//! `dds layouts`: every way the unknown cards can lie, solved, with the
//! distribution of tricks, the chance of making each contract and its
//! expected score.
//!
//! The output is the same with any number of threads for a complete run,
//! a `--limit` or a `--sample`: the totals do not depend on the order the
//! workers finish layouts in, and the `--csv` rows are kept and written at
//! the end in the order of the layout number. A `--time` run, or one
//! stopped by a signal, solves a set of layouts that depends on the
//! timing; it prints the estimate from them (and writes their rows), then
//! exits with status 130 if a signal stopped it.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, CommandFactory};
use dds::layouts::{solve_layouts, LayoutOptions, LayoutSummary, LayoutTask, Layouts};
use dds::model::{Level, Seat, Strain, Vulnerability};
use dds::{DdTable, Parallel};

use crate::json;
use crate::position::strain_name;
use crate::progress::Progress;
use crate::{parse_threads, parse_value, Failure};

/// The longest `--time`, in seconds: one year.
const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A `--time` value: a number of seconds, more than 0 and at most
/// [`MAX_SECONDS`] (infinity, NaN and huge values are refused rather than
/// taken as no limit). The parser's error is a usage error (status 2).
fn parse_time(value: &str) -> Result<Duration, String> {
    let seconds: f64 =
        value.trim().parse().map_err(|_| "expected a number of seconds, such as 30 or 0.5".to_owned())?;
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(format!("out of range: expected more than 0 and at most {MAX_SECONDS} seconds (one year)"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// The options of `dds layouts`: one lead (`--trump` with `--leader`) or
/// the whole table (`--table`), one of them required.
#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("task").required(true).args(["trump", "table"])))]
pub(crate) struct LayoutArgs {
    /// The deal as PBN text: the known hands in full, `-` for a hand of
    /// unknown cards, or a short hand holding the cards known to be there
    /// (the cards no hand holds go to the short hands).
    deal: String,
    /// The strain of the one lead to solve: S, H, D, C or NT (with
    /// `--leader`).
    #[arg(long, requires = "leader", conflicts_with = "table", value_parser = parse_value::<Strain>)]
    trump: Option<Strain>,
    /// The seat on lead (declarer is on its right).
    #[arg(long, requires = "trump", value_parser = parse_value::<Seat>)]
    leader: Option<Seat>,
    /// With --trump and --leader: score every card the leader holds in
    /// each layout, and give each opening lead's figures (dearer: every
    /// card's value is searched).
    #[arg(long, requires = "trump")]
    every_lead: bool,
    /// Solve the full table of every layout instead of one lead.
    #[arg(long)]
    table: bool,
    /// The vulnerability of the expected scores: None, NS, EW or All.
    #[arg(long, default_value = "None", value_parser = parse_value::<Vulnerability>)]
    vul: Vulnerability,
    /// Solve a random sample of this many distinct layouts (at most the
    /// number of layouts).
    #[arg(long)]
    sample: Option<u64>,
    /// Stop after this many layouts (the same ones with any thread count).
    #[arg(long)]
    limit: Option<u64>,
    /// Stop after this many seconds: more than 0 and at most 31536000
    /// (one year); fractions are fine.
    #[arg(long, value_name = "SECONDS", value_parser = parse_time)]
    time: Option<Duration>,
    /// The seed of the shuffled order and of the sample.
    #[arg(long)]
    seed: Option<u64>,
    /// Worker threads, 1 to 1024 (default: every core).
    #[arg(long, value_parser = parse_threads)]
    threads: Option<usize>,
    /// Write every layout's result to this CSV file: one row per layout
    /// solved, in the order of the layout number (written at the end).
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Print the totals as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `dds layouts`.
pub(crate) fn run(args: &LayoutArgs) -> Result<(), Failure> {
    let layouts = Layouts::from_pbn(&args.deal).map_err(|e| Failure(format!("deal: {e}")))?;
    let task = match (args.trump, args.leader, args.table) {
        (Some(strain), Some(leader), false) if args.every_lead => LayoutTask::Leads { strain, leader },
        (Some(strain), Some(leader), false) => LayoutTask::Lead { strain, leader },
        (None, None, true) => LayoutTask::Table,
        _ => return Err(Failure("give --trump and --leader for one lead, or --table".to_owned())),
    };
    if let Some(sample) = args.sample.filter(|&n| n > layouts.count()) {
        // A bad option value: a usage error (status 2), naming the
        // population.
        let message = format!(
            "invalid value '{sample}' for '--sample <SAMPLE>': more than the {} layouts of this deal \
             (give at most {}, or leave --sample out to solve them all)",
            thousands(layouts.count()),
            layouts.count()
        );
        let mut command = crate::Cli::command();
        command.build();
        let layouts_command = command.find_subcommand_mut("layouts").expect("the layouts subcommand");
        layouts_command.error(clap::error::ErrorKind::ValueValidation, message).exit();
    }
    let vul = args.vul;
    let defaults = LayoutOptions::default();
    let options = LayoutOptions {
        sample: args.sample,
        limit: args.limit,
        time_limit: args.time,
        seed: args.seed.unwrap_or(defaults.seed),
        share: None,
    };
    // The file is created first, so that a path that cannot be written
    // fails before the work; the rows are written at the end.
    let mut csv = match &args.csv {
        Some(path) => {
            let file = File::create(path).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
            Some((BufWriter::new(file), CsvRows::new(task)))
        }
        None => None,
    };
    let planned = layouts.count().min(options.sample.unwrap_or(u64::MAX)).min(options.limit.unwrap_or(u64::MAX));
    let mut progress = Progress::new(Some(usize::try_from(planned).unwrap_or(usize::MAX)), false).unit("layouts");
    let settings = Parallel::with_threads(args.threads.unwrap_or(0));
    // A signal stops the run as --limit does (see crate::interrupt): the
    // layouts the workers hold are finished, and every layout solved is in
    // the totals and the CSV rows.
    let mut interrupted = false;
    let summary = solve_layouts(&layouts, task, &options, &settings, |result, so_far| {
        // Every result handed over is counted in the totals: its row is
        // kept even after the stop was asked for.
        if let Some((_, rows)) = csv.as_mut() {
            rows.push(result.index, &result.table);
        }
        progress.set_note(running_estimate(task, so_far));
        progress.advance(1);
        interrupted |= crate::interrupt::requested();
        if interrupted {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    progress.finish();
    if let (Some((mut out, rows)), Some(path)) = (csv, &args.csv) {
        rows.write(&mut out, &layouts).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    }
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if args.json {
        writeln!(out, "{}", summary_json(&layouts, &summary, vul))?;
    } else {
        write_summary(&mut out, &layouts, task, &summary, vul)?;
    }
    out.flush()?;
    if interrupted {
        let rows =
            args.csv.as_ref().map_or(String::new(), |path| format!(", and their rows are in {}", path.display()));
        return Err(Failure(format!(
            "interrupted: the estimate printed is from the {} layouts solved so far{rows}",
            thousands(summary.solved())
        )));
    }
    Ok(())
}

/// The CSV rows of the layouts solved, kept packed until the end of the run
/// and then written in the order of the layout number, so that the file is
/// the same with any number of threads (the workers hand layouts over in
/// an order that depends on the threads). Each row is the layout number
/// and its tricks, four bits a cell: 16 bytes a layout (at most 166 MB for
/// the largest population of two hidden hands, 10,400,600 layouts); the
/// hidden hands are found again from the number.
enum CsvRows {
    /// One lead: the number above 8 bits of tricks (three hidden hands
    /// number up to 2^57 layouts).
    Lead { strain: Strain, declarer: Seat, rows: Vec<u128> },
    /// The table: the number above 80 bits, 4 for each cell, strains in
    /// [`Strain::ALL`]'s order, declarers in [`Seat::ALL`]'s; numbers from
    /// 2^48 on (samples of three hidden hands) apart, with their cells.
    Table { packed: Vec<u128>, wide: Vec<(u64, u128)> },
}

impl CsvRows {
    fn new(task: LayoutTask) -> CsvRows {
        match task {
            LayoutTask::Lead { strain, leader } | LayoutTask::Leads { strain, leader } => {
                CsvRows::Lead { strain, declarer: leader.prev(), rows: Vec::new() }
            }
            LayoutTask::Table => CsvRows::Table { packed: Vec::new(), wide: Vec::new() },
        }
    }

    /// Keeps layout `index`'s result.
    fn push(&mut self, index: u64, table: &DdTable) {
        match self {
            CsvRows::Lead { strain, declarer, rows } => {
                rows.push(u128::from(index) << 8 | u128::from(table.tricks(*strain, *declarer)));
            }
            CsvRows::Table { packed, wide } => {
                let mut cells = 0u128;
                for (k, (strain, declarer)) in table_cells().enumerate() {
                    cells |= u128::from(table.tricks(strain, declarer) & 15) << (4 * k);
                }
                if index < 1 << 48 {
                    packed.push(u128::from(index) << 80 | cells);
                } else {
                    wide.push((index, cells));
                }
            }
        }
    }

    /// Writes the header and the rows, in the order of the layout number,
    /// and flushes.
    fn write(self, out: &mut impl Write, layouts: &Layouts) -> io::Result<()> {
        let hands = |index: u64| {
            let deal = layouts.layout(index);
            layouts.hidden().iter().map(|&s| deal.hand(s).to_string()).collect::<Vec<_>>().join(",")
        };
        match self {
            CsvRows::Lead { mut rows, .. } => {
                writeln!(out, "{}", csv_header(layouts, true))?;
                rows.sort_unstable();
                for row in rows {
                    // The number is below 2^64 (a u64 shifted by 8).
                    let index = (row >> 8) as u64;
                    writeln!(out, "{index},{},{}", hands(index), row & 0xff)?;
                }
            }
            CsvRows::Table { mut packed, mut wide } => {
                writeln!(out, "{}", csv_header(layouts, false))?;
                packed.sort_unstable();
                wide.sort_unstable();
                // The packed numbers are below 2^48, the wide ones not.
                let rows = packed.into_iter().map(|row| ((row >> 80) as u64, row)).chain(wide);
                for (index, row) in rows {
                    let cells: Vec<String> = (0..20).map(|k| ((row >> (4 * k)) & 15).to_string()).collect();
                    writeln!(out, "{index},{},{}", hands(index), cells.join(","))?;
                }
            }
        }
        out.flush()
    }
}

/// The cells of a table row, in the CSV's order: strains in
/// [`Strain::ALL`]'s order, each with the declarers in [`Seat::ALL`]'s.
fn table_cells() -> impl Iterator<Item = (Strain, Seat)> {
    Strain::ALL.into_iter().flat_map(|strain| Seat::ALL.map(|declarer| (strain, declarer)))
}

/// The progress line's estimate: the mean of the first cell solved.
fn running_estimate(task: LayoutTask, so_far: &LayoutSummary) -> String {
    let Some((strain, declarer)) = so_far.cells().next() else { return String::new() };
    let Some(mean) = so_far.mean_tricks(strain, declarer) else { return String::new() };
    let what = match task {
        LayoutTask::Lead { .. } | LayoutTask::Leads { .. } => String::new(),
        LayoutTask::Table => format!(" in {strain} by {declarer}"),
    };
    format!("mean {mean:.2} tricks{what}")
}

/// The CSV header: `layout`, the hidden seats, then `tricks` for one lead
/// or a column per cell of the table (`S_N`, ...).
fn csv_header(layouts: &Layouts, lead: bool) -> String {
    let mut columns = vec!["layout".to_owned()];
    columns.extend(layouts.hidden().iter().map(|s| s.name().to_lowercase()));
    if lead {
        columns.push("tricks".to_owned());
    } else {
        columns.extend(table_cells().map(|(strain, declarer)| format!("{strain}_{declarer}")));
    }
    columns.join(",")
}

/// `10,400,600`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn percent(p: f64) -> String {
    format!("{:.1}%", 100.0 * p)
}

fn write_summary(
    out: &mut impl Write,
    layouts: &Layouts,
    task: LayoutTask,
    summary: &LayoutSummary,
    vul: Vulnerability,
) -> io::Result<()> {
    let seats: Vec<&str> = layouts.hidden().iter().map(|s| s.name()).collect();
    writeln!(
        out,
        "{} layouts ({} share {} unknown cards); solved {}{}",
        thousands(summary.population()),
        seats.join(" and "),
        layouts.unknown().len(),
        thousands(summary.solved()),
        if summary.is_complete() {
            " (all)".to_owned()
        } else {
            let share = 100.0 * summary.solved() as f64 / summary.population() as f64;
            let digits = if share >= 1.0 { 1 } else { 3 };
            format!(" ({share:.digits$}% of them, in random order)")
        }
    )?;
    if summary.solved() == 0 {
        return Ok(());
    }
    match task {
        LayoutTask::Lead { strain, leader } | LayoutTask::Leads { strain, leader } => {
            let declarer = leader.prev();
            writeln!(out, "\n{} declares in {}, {} leads", declarer.name(), strain_name(strain), leader.name())?;
            writeln!(out, "tricks   layouts   share")?;
            let counts = summary.distribution(strain, declarer).expect("the task's cell");
            for (tricks, &n) in counts.iter().enumerate().filter(|(_, &n)| n > 0) {
                writeln!(out, "{tricks:>6} {:>9} {:>7}", thousands(n), percent(n as f64 / summary.solved() as f64))?;
            }
            let mean = summary.mean_tricks(strain, declarer).unwrap_or(0.0);
            writeln!(out, "mean {mean:.2} tricks")?;
            writeln!(out, "\ncontract  makes   ± s.e.   expected score ({})", vul.as_str())?;
            for level in Level::ALL {
                let p = summary.make_probability(level, strain, declarer).unwrap_or(0.0);
                let score = summary.expected_score(level, strain, declarer, vul).unwrap_or(0.0);
                let name = format!("{}{strain}", level.get());
                let se = summary.standard_error(p).map_or("-".to_owned(), percent);
                writeln!(out, "{name:<8} {:>6}  {se:>6}   {score:>+8.1}", percent(p))?;
            }
            if summary.lead_cards().next().is_some() {
                writeln!(out, "\neach opening lead: layouts, declarer's mean tricks, the chance to make each level")?;
                writeln!(out, "lead   layouts  mean      1      2      3      4      5      6      7")?;
                for card in summary.lead_cards() {
                    let held: u64 = summary.lead_distribution(card).map_or(0, |c| c.iter().sum());
                    let mean = summary.lead_mean_tricks(card).unwrap_or(0.0);
                    let makes: Vec<String> = Level::ALL
                        .iter()
                        .map(|&l| format!("{:>6}", percent(summary.lead_make_probability(card, l).unwrap_or(0.0))))
                        .collect();
                    writeln!(out, "{:<4} {:>9} {mean:>5.2} {}", card.to_string(), thousands(held), makes.join(" "))?;
                }
            }
        }
        LayoutTask::Table => {
            writeln!(out, "\nmean tricks and the chance to make each level")?;
            writeln!(out, "strain declarer  mean      1      2      3      4      5      6      7")?;
            for (strain, declarer) in summary.cells() {
                let mean = summary.mean_tricks(strain, declarer).unwrap_or(0.0);
                let makes: Vec<String> = Level::ALL
                    .iter()
                    .map(|&l| format!("{:>6}", percent(summary.make_probability(l, strain, declarer).unwrap_or(0.0))))
                    .collect();
                writeln!(out, "{:<6} {:<8} {mean:>5.2} {}", strain.to_string(), declarer.name(), makes.join(" "))?;
            }
            writeln!(out, "\nexpected score ({}), undoubled", vul.as_str())?;
            writeln!(out, "strain declarer       1       2       3       4       5       6       7")?;
            for (strain, declarer) in summary.cells() {
                let scores: Vec<String> = Level::ALL
                    .iter()
                    .map(|&l| format!("{:>+7.1}", summary.expected_score(l, strain, declarer, vul).unwrap_or(0.0)))
                    .collect();
                writeln!(out, "{:<6} {:<8} {}", strain.to_string(), declarer.name(), scores.join(" "))?;
            }
        }
    }
    Ok(())
}

/// `{"population":..,"solved":..,"complete":..,"hidden":[..],"unknown":"..",
/// "vulnerability":"..","results":[{"strain":"S","declarer":"N",
/// "distribution":[14 counts],"mean":..,"make":[7],"standard_error":[7],
/// "expected_score":[7]}]}`, and with `--every-lead` `"leads":[{"card":"SA",
/// "distribution":[14 counts],"mean":..,"make":[7]}]` (over the layouts in
/// which the leader held the card).
fn summary_json(layouts: &Layouts, summary: &LayoutSummary, vul: Vulnerability) -> String {
    let hidden: Vec<String> = layouts.hidden().iter().map(|s| json::string(&s.to_string())).collect();
    let cells: Vec<String> = summary
        .cells()
        .map(|(strain, declarer)| {
            let counts = summary.distribution(strain, declarer).expect("a solved cell");
            let list = |values: Vec<String>| values.join(",");
            let float = |v: Option<f64>| v.map_or("null".to_owned(), |v| format!("{v:.6}"));
            let makes: Vec<Option<f64>> =
                Level::ALL.iter().map(|&l| summary.make_probability(l, strain, declarer)).collect();
            format!(
                "{{\"strain\":\"{strain}\",\"declarer\":\"{declarer}\",\"distribution\":[{}],\"mean\":{},\"make\":[{}],\"standard_error\":[{}],\"expected_score\":[{}]}}",
                list(counts.iter().map(u64::to_string).collect()),
                float(summary.mean_tricks(strain, declarer)),
                list(makes.iter().map(|&p| float(p)).collect()),
                list(makes.iter().map(|&p| float(p.and_then(|p| summary.standard_error(p)))).collect()),
                list(Level::ALL.iter().map(|&l| float(summary.expected_score(l, strain, declarer, vul))).collect()),
            )
        })
        .collect();
    let leads: Vec<String> = summary
        .lead_cards()
        .map(|card| {
            let counts = summary.lead_distribution(card).expect("a card led");
            let float = |v: Option<f64>| v.map_or("null".to_owned(), |v| format!("{v:.6}"));
            let makes: Vec<String> =
                Level::ALL.iter().map(|&l| float(summary.lead_make_probability(card, l))).collect();
            format!(
                "{{\"card\":\"{card}\",\"distribution\":[{}],\"mean\":{},\"make\":[{}]}}",
                counts.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
                float(summary.lead_mean_tricks(card)),
                makes.join(","),
            )
        })
        .collect();
    let leads =
        if summary.lead_cards().next().is_some() { format!(",\"leads\":[{}]", leads.join(",")) } else { String::new() };
    format!(
        "{{\"population\":{},\"solved\":{},\"complete\":{},\"hidden\":[{}],\"unknown\":{},\"vulnerability\":{},\"results\":[{}]{leads}}}",
        summary.population(),
        summary.solved(),
        summary.is_complete(),
        hidden.join(","),
        json::string(&layouts.unknown().to_string()),
        json::string(vul.as_str()),
        cells.join(",")
    )
}
