//! The commands on one position: `dds play` (the result after each card
//! of a play), `dds line` (one line of best play) and `dds solve` (the
//! score of each card).

use std::io::{self, Write};

use clap::Args;
use dds::model::{Card, Deal, Seat, Strain};
use dds::{Board, Parallel, Solutions, Solver, Target};

use crate::{interrupt, json, parse_value, Failure};

/// A position in the play: the options of `dds line` and `dds solve`.
#[derive(Args, Debug)]
pub(crate) struct PositionArgs {
    /// The cards still held, as a PBN deal (cards played to the current
    /// trick are not in it).
    deal: String,
    /// The strain: S, H, D, C or NT.
    #[arg(long, value_parser = parse_value::<Strain>)]
    trump: Strain,
    /// The seat that led to the current trick: N, E, S or W.
    #[arg(long, value_parser = parse_value::<Seat>)]
    leader: Seat,
    /// The cards played to the current trick, in order (e.g. `S4 SK`).
    #[arg(long, num_args = 1..=3, value_parser = parse_value::<Card>)]
    played: Vec<Card>,
}

impl PositionArgs {
    /// The board the options describe.
    fn board(&self) -> Result<Board, Failure> {
        let deal = Deal::from_pbn_remaining(&self.deal).map_err(|e| Failure(format!("deal: {e}")))?;
        Ok(Board::new(&deal, self.trump, self.leader, &self.played)?)
    }
}

/// Cards from separate tokens (`CT C4`) or run together (`CTC4`, DDS's
/// PLAY lines), read by [`Card::parse_list`]: suit and rank in either
/// order, either case, a suit letter or symbol, `T` or `10` for the ten
/// (`C10C4`, `10C`, `♣10`).
fn parse_cards(tokens: &[String]) -> Result<Vec<Card>, Failure> {
    let mut cards = Vec::new();
    for token in tokens {
        let t = token.trim();
        if t.is_empty() {
            return Err(Failure(format!("card {t:?}: expected a suit and a rank, e.g. CT or C10")));
        }
        let more = Card::parse_list(t).map_err(|e| {
            let piece = e.piece();
            let what = if piece == t { format!("card {t:?}") } else { format!("card {t:?}, at {piece:?}") };
            Failure(format!("{what}: {}", dds::model::ParseError::Card))
        })?;
        cards.extend(more);
    }
    Ok(cards)
}

pub(crate) fn play(deal: &str, strain: Strain, leader: Seat, cards: &[String], json: bool) -> Result<(), Failure> {
    let deal_value: Deal = deal.parse().map_err(|e| Failure(format!("deal: {e}")))?;
    let cards = parse_cards(cards)?;
    let analysis = Solver::new().analyse_play(&deal_value, strain, leader, &cards)?;
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", json::play(deal, strain, leader, &cards, &analysis.tricks))?;
        return Ok(());
    }
    let declarer = leader.prev();
    let side = declarer.side();
    writeln!(
        out,
        "{} declares {}; {} take {} tricks with best play",
        declarer.name(),
        strain_name(strain),
        side,
        analysis.tricks[0]
    )?;
    // Replays the cards (legal: the analysis checked them) to show who
    // played each and who won each trick.
    let mut pos = Board::new(&deal_value, strain, leader, &[])?;
    for (i, card) in cards.iter().enumerate() {
        let before = analysis.tricks[i];
        let after = analysis.tricks[i + 1];
        let in_trick = pos.played().len();
        let prefix = if in_trick == 0 { format!("{:>2}.", i / 4 + 1) } else { "   ".to_owned() };
        let note = match after.cmp(&before) {
            core::cmp::Ordering::Less => format!("  (-{}: costs {side} a trick)", before - after),
            core::cmp::Ordering::Greater => format!("  (+{}: gives {side} a trick)", after - before),
            core::cmp::Ordering::Equal => String::new(),
        };
        let player = pos.to_play();
        pos = pos.after(*card)?;
        let won = if in_trick == 3 { format!("  trick to {}", pos.leader().to_char()) } else { String::new() };
        writeln!(out, "{prefix} {} {card} {after:>3}{won}{note}", player.to_char())?;
    }
    Ok(())
}

pub(crate) fn line(position: &PositionArgs, json: bool) -> Result<(), Failure> {
    let board = position.board()?;
    let best = Solver::new().best_line(&board);
    let (line, ns) = (best.cards, best.ns_tricks);
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        let cards: Vec<String> = line
            .iter()
            .map(|c| {
                let wins = c.wins.map_or("null".to_owned(), |w| format!("\"{}\"", w.to_char()));
                format!(
                    "{{\"seat\":\"{}\",\"card\":\"{}\",\"tricks\":{},\"wins\":{wins}}}",
                    c.seat.to_char(),
                    c.card,
                    c.tricks
                )
            })
            .collect();
        let deal = json::string(&position.deal);
        writeln!(out, "{{\"deal\":{deal},\"ns_tricks\":{ns},\"line\":[{}]}}", cards.join(","))?;
        return Ok(());
    }
    let left = board.tricks_left();
    writeln!(out, "NS take {ns}, EW take {} of the {left} tricks left; one line of best play:", left - ns)?;
    // The first trick shown opens with the cards given with `--played`,
    // each with the seat that played it.
    let mut trick = Vec::new();
    let mut seat = board.leader();
    for card in board.played() {
        trick.push(format!("{} {card}", seat.to_char()));
        seat = seat.next();
    }
    let mut number = 0;
    // North-South's tricks to come, from the first card of the line in
    // each trick.
    let (mut ns_to_come, mut ew_to_come) = (0, 0);
    let mut trick_start = true;
    for c in &line {
        if std::mem::take(&mut trick_start) {
            let tricks_left = left - number;
            ns_to_come = if c.seat.index() % 2 == 0 { c.tricks } else { tricks_left - c.tricks };
            ew_to_come = tricks_left - ns_to_come;
        }
        trick.push(format!("{} {}", c.seat.to_char(), c.card));
        if let Some(w) = c.wins {
            number += 1;
            let to_come = format!("(to come: NS {ns_to_come}, EW {ew_to_come})");
            writeln!(out, "{number:>2}. {}  -> {}   {to_come}", trick.join(", "), w.to_char())?;
            trick.clear();
            trick_start = true;
        }
    }
    Ok(())
}

/// `notrump`, `spades`, ...
pub(crate) fn strain_name(strain: Strain) -> &'static str {
    match strain.trump() {
        Some(suit) => suit.name(),
        None => "notrump",
    }
}

pub(crate) fn solve(
    position: &PositionArgs,
    target: Target,
    solutions: Solutions,
    threads: Option<usize>,
    json: bool,
) -> Result<(), Failure> {
    let board = position.board()?;
    let solution = if (target, solutions) == (Target::Max, Solutions::All) {
        // Every card scored: spread over the threads when the search is long.
        Solver::new().score_cards(&board, &Parallel::with_threads(threads.unwrap_or(0)))?
    } else {
        Solver::new().solve_board(&board, target, solutions)?
    };
    // Found: a signal from here on lets the result be written whole.
    interrupt::finish_from_here();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if json {
        writeln!(out, "{}", json::solution(&solution))?;
    } else {
        let seat = board.to_play();
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
