//! JSON output of the `dds` command, written by hand: the schemas are small
//! and fixed.

use dds::model::{Card, Seat, Strain, Vulnerability};
use dds::par::{Par, ParContract, SidesPar};
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
    format!("{{{}}}", table_fields(deal, table))
}

/// The fields of [`table`]'s object, without the braces.
fn table_fields(deal: &str, table: &DdTable) -> String {
    let strains: Vec<String> = Strain::ALL
        .iter()
        .map(|&strain| {
            let tricks: Vec<String> = Seat::ALL.iter().map(|&d| table.tricks(strain, d).to_string()).collect();
            format!("\"{strain}\":[{}]", tricks.join(","))
        })
        .collect();
    format!("\"deal\":{},\"tricks\":{{{}}}", string(deal), strains.join(","))
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

/// `{"level":2,"strain":"S","declarer":"EW","doubled":false,"result":0,"text":"2S-EW"}`.
pub(crate) fn contract(c: &ParContract) -> String {
    format!(
        "{{\"level\":{},\"strain\":\"{}\",\"declarer\":\"{}\",\"doubled\":{},\"result\":{},\"text\":{}}}",
        c.level,
        c.strain,
        c.declarer,
        c.doubled,
        c.result,
        string(&c.dealer_text())
    )
}

/// `{"score":-110,"contracts":[...]}`.
pub(crate) fn par(par: &Par) -> String {
    let contracts: Vec<String> = par.contracts.iter().map(contract).collect();
    format!("{{\"score\":{},\"contracts\":[{}]}}", par.score, contracts.join(","))
}

/// The `dds par` object: the table object's fields, then the dealer, the
/// vulnerability, the dealer par, both sides' par and DDS's text forms.
pub(crate) fn par_record(
    deal: &str,
    t: &DdTable,
    dealer: Seat,
    vulnerability: Vulnerability,
    dealer_par: &Par,
    sides: &SidesPar,
) -> String {
    let list = |v: &[String]| v.iter().map(|s| string(s)).collect::<Vec<_>>().join(",");
    format!(
        "{{{},\"dealer\":\"{}\",\"vulnerable\":{},\"par\":{},\"sides\":{{\"ns_first\":{},\"ew_first\":{}}},\
         \"dds\":{{\"par_score\":[{}],\"par_contracts\":[{}],\"dealer_par\":[{}]}}}}",
        table_fields(deal, t),
        dealer.to_char(),
        string(vulnerability.as_str()),
        par(dealer_par),
        par(&sides.ns_first),
        par(&sides.ew_first),
        list(&sides.score_texts()),
        list(&sides.contract_texts()),
        list(&dealer_par.dealer_texts()),
    )
}

/// The `dds play` object.
pub(crate) fn play(deal: &str, strain: Strain, leader: Seat, cards: &[Card], tricks: &[u8]) -> String {
    let cards: Vec<String> = cards.iter().map(|c| format!("\"{c}\"")).collect();
    let tricks: Vec<String> = tricks.iter().map(u8::to_string).collect();
    format!(
        "{{\"deal\":{},\"strain\":\"{strain}\",\"leader\":\"{}\",\"declarer\":\"{}\",\"cards\":[{}],\"tricks\":[{}]}}",
        string(deal),
        leader.to_char(),
        leader.prev().to_char(),
        cards.join(","),
        tricks.join(",")
    )
}
