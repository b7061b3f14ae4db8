//! JSON output of the `dds` command, written by hand: the schemas are small
//! and fixed.

use dds::model::{Seat, Strain};
use dds::{DdTable, Solution};

/// A JSON string literal.
pub(crate) fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `{"deal":"...","tricks":{"S":[n,e,s,w],...,"NT":[...]}}`.
pub(crate) fn table(deal: &str, table: &DdTable) -> String {
    let strains: Vec<String> = Strain::ALL
        .iter()
        .map(|&strain| {
            let tricks: Vec<String> = Seat::ALL.iter().map(|&d| table.tricks(strain, d).to_string()).collect();
            format!("\"{strain}\":[{}]", tricks.join(","))
        })
        .collect();
    format!("{{\"deal\":{},\"tricks\":{{{}}}}}", string(deal), strains.join(","))
}

/// `{"cards":[{"card":"HA","tricks":9,"equals":["HK","HQ"]}, ...]}`.
pub(crate) fn solution(solution: &Solution) -> String {
    let cards: Vec<String> = solution
        .cards
        .iter()
        .map(|c| {
            let equals: Vec<String> = c.equals.iter().rev().map(|e| string(&e.to_string())).collect();
            let tricks = c.tricks.map_or("null".to_owned(), |t| t.to_string());
            format!("{{\"card\":\"{}\",\"tricks\":{tricks},\"equals\":[{}]}}", c.card, equals.join(","))
        })
        .collect();
    format!("{{\"cards\":[{}]}}", cards.join(","))
}
