//! The `dds` command: double dummy analysis of bridge deals.
//!
//! * `dds table [FILE] [--json]`: the double dummy table of each deal, one
//!   PBN deal per line, from FILE or standard input.
//! * `dds solve DEAL --trump S --leader N [--played S4 SK] [--target max|N]
//!   [--solutions 1|2|3] [--json]`: the score of each card of the seat to
//!   play (DDS's SolveBoard).
//!
//! Bad input gives a message on standard error and exit status 1; a usage
//! error found by the argument parser (an unknown option, a missing value)
//! gives status 2.

mod json;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use dds::model::{Card, Deal, Seat, Strain};
use dds::{Board, Parallel, Solutions, Solver, Target};

#[derive(Parser, Debug)]
#[command(name = "dds", version, about = "Double dummy analysis of bridge deals")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Double dummy tables: tricks for each strain and declarer.
    Table {
        /// A file of PBN deals, one per line (`N:... ... ... ...`); standard
        /// input if absent.
        file: Option<std::path::PathBuf>,
        /// One JSON object per deal and line.
        #[arg(long)]
        json: bool,
        /// Worker threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// The score of every card of the seat to play (DDS's SolveBoard).
    Solve {
        /// The cards still held, as a PBN deal (cards played to the current
        /// trick are not in it).
        deal: String,
        /// The strain: S, H, D, C or NT.
        #[arg(long)]
        trump: String,
        /// The seat that led to the current trick: N, E, S or W.
        #[arg(long)]
        leader: String,
        /// The cards played to the current trick, in order (e.g. `S4 SK`).
        #[arg(long, num_args = 1..=3)]
        played: Vec<String>,
        /// `max` (or -1), or the number of tricks to reach (0 lists every
        /// card with score 0).
        #[arg(long, default_value = "max", allow_hyphen_values = true)]
        target: String,
        /// 1: one best card; 2: every best card; 3: every card with its score.
        #[arg(long, default_value_t = 3)]
        solutions: u8,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
}

/// An error for the user: a message and the exit status.
struct Failure(String);

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure(e.to_string())
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Table { file, json, threads } => table(file.as_deref(), json, threads),
        Command::Solve { deal, trump, leader, played, target, solutions, json } => {
            solve(&deal, &trump, &leader, &played, &target, solutions, json)
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`dds table | head`) is not an error.
        Err(Failure(message)) if message.contains("Broken pipe") => ExitCode::SUCCESS,
        Err(Failure(message)) => {
            eprintln!("dds: {message}");
            ExitCode::FAILURE
        }
    }
}

fn table(file: Option<&std::path::Path>, json: bool, threads: Option<usize>) -> Result<(), Failure> {
    let input: Box<dyn BufRead> = match file {
        Some(path) => Box::new(io::BufReader::new(
            std::fs::File::open(path).map_err(|e| Failure(format!("cannot read {}: {e}", path.display())))?,
        )),
        None => Box::new(io::stdin().lock()),
    };
    let name = file.map_or("<stdin>".to_owned(), |p| p.display().to_string());
    let settings = Parallel { threads, ..Parallel::default() };
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut first = true;
    // Deals are solved in parallel a chunk at a time, so output streams and
    // memory stays bounded on files of any size.
    let mut chunk: Vec<(String, Deal)> = Vec::with_capacity(CHUNK);
    let mut failure = None;
    for (number, line) in input.lines().enumerate() {
        let parsed = line.map_err(|e| Failure(format!("{name}: {e}"))).and_then(|line| {
            // A byte-order mark may open a file written on Windows.
            let text = line.trim_start_matches('\u{feff}').trim().to_owned();
            if text.is_empty() {
                return Ok(None);
            }
            let deal: Deal = text.parse().map_err(|e| Failure(format!("{name}:{}: {e}", number + 1)))?;
            if deal.hand(Seat::North).len() != 13 {
                return Err(Failure(format!("{name}:{}: {}", number + 1, dds::Error::NotFullDeal)));
            }
            Ok(Some((text, deal)))
        });
        match parsed {
            Ok(Some(entry)) => chunk.push(entry),
            Ok(None) => {}
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
        if chunk.len() == CHUNK {
            write_tables(&mut out, &chunk, json, &settings, &mut first)?;
            chunk.clear();
        }
    }
    write_tables(&mut out, &chunk, json, &settings, &mut first)?;
    failure.map_or(Ok(()), Err)
}

/// Deals solved in parallel at a time by `dds table`.
const CHUNK: usize = 256;

/// Solves a chunk of deals in parallel and prints their tables in order.
fn write_tables(
    out: &mut impl Write,
    chunk: &[(String, Deal)],
    json: bool,
    settings: &Parallel,
    first: &mut bool,
) -> Result<(), Failure> {
    let deals: Vec<Deal> = chunk.iter().map(|(_, deal)| *deal).collect();
    let tables = dds::dd_tables(&deals, settings)?;
    for ((text, _), table) in chunk.iter().zip(&tables) {
        if json {
            writeln!(out, "{}", json::table(text, table))?;
        } else {
            if !*first {
                writeln!(out)?;
            }
            write!(out, "{}", render_table(text, table))?;
        }
        *first = false;
    }
    Ok(())
}

/// A table a person can read at a glance: declarers down, strains across.
fn render_table(deal: &str, table: &dds::DdTable) -> String {
    let mut s = format!("{deal}\n     NT   S   H   D   C\n");
    for declarer in Seat::ALL {
        s.push_str(&format!("  {}", declarer));
        for strain in [Strain::NoTrump, Strain::Spades, Strain::Hearts, Strain::Diamonds, Strain::Clubs] {
            s.push_str(&format!(" {:>3}", table.tricks(strain, declarer)));
        }
        s.push('\n');
    }
    s
}

fn solve(
    deal: &str,
    trump: &str,
    leader: &str,
    played: &[String],
    target: &str,
    solutions: u8,
    json: bool,
) -> Result<(), Failure> {
    let deal = Deal::from_pbn_remaining(deal).map_err(|e| Failure(format!("deal: {e}")))?;
    let strain: Strain = trump.parse().map_err(|e| Failure(format!("--trump {trump:?}: {e}")))?;
    let leader: Seat = leader.parse().map_err(|e| Failure(format!("--leader {leader:?}: {e}")))?;
    let played = played
        .iter()
        .map(|c| c.parse::<Card>().map_err(|e| Failure(format!("--played {c:?}: {e}"))))
        .collect::<Result<Vec<Card>, Failure>>()?;
    let target = match target {
        t if t.eq_ignore_ascii_case("max") || t == "-1" => Target::Max,
        n => Target::AtLeast(
            n.parse::<u8>()
                .ok()
                .filter(|&n| n <= 13)
                .ok_or_else(|| Failure(format!("--target {n:?}: expected max or a number of tricks from 0 to 13")))?,
        ),
    };
    let solutions = match solutions {
        1 => Solutions::One,
        2 => Solutions::AllOptimal,
        3 => Solutions::All,
        n => return Err(Failure(format!("--solutions {n}: expected 1, 2 or 3"))),
    };
    let board = Board::new(&deal, strain, leader, &played)?;
    let solution = Solver::new().solve_board(&board, target, solutions)?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", json::solution(&solution))?;
    } else {
        let seat = board.position().to_play();
        if solution.cards.is_empty() {
            writeln!(out, "{} cannot reach the target", seat.name())?;
        }
        for c in &solution.cards {
            let tricks = c.tricks.map_or("-".to_owned(), |t| t.to_string());
            let equals: Vec<String> = c.equals.iter().rev().map(|e| e.to_string()).collect();
            if equals.is_empty() {
                writeln!(out, "{} {:>2}", c.card, tricks)?;
            } else {
                writeln!(out, "{} {:>2}  (= {})", c.card, tricks, equals.join(" "))?;
            }
        }
    }
    Ok(())
}
