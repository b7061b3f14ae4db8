//! Par and dealer par against every PAR and PAR2 line of the DDS fixture
//! files: the tables come from the fixtures' TABLE lines, so these tests
//! check the par engines alone, exactly (strings and scores).

use dds::{DdTable, Par, ParDeclarer, Vulnerability};
use dds_fixtures::{load_hand_file, HandFileFormat, Record, HAND_FILES};

/// Every record with a table, from every "txt" hand file.
fn records() -> Vec<Record> {
    HAND_FILES
        .iter()
        .filter(|f| f.format == HandFileFormat::Txt)
        .flat_map(|f| load_hand_file(f.name).expect("fixture file reads"))
        .filter(|r| r.table.is_some())
        .collect()
}

fn table(record: &Record) -> DdTable {
    DdTable::new(record.table.expect("filtered on tables"))
}

fn vulnerability(record: &Record) -> Vulnerability {
    Vulnerability::from_dds(record.vulnerability).expect("fixture vulnerability is 0..4")
}

#[test]
fn par_equals_every_fixture_par_line() {
    let records = records();
    assert!(records.len() > 1400, "all fixture records: {}", records.len());
    let mut failures = Vec::new();
    for record in &records {
        let Some(expected) = &record.par else { continue };
        let par = table(record).par(vulnerability(record));
        if par.score_texts() != expected.score_text || par.contract_texts() != expected.contracts_text {
            failures.push(format!(
                "line {}: got {:?} {:?}, DDS {:?} {:?}",
                record.line,
                par.score_texts(),
                par.contract_texts(),
                expected.score_text,
                expected.contracts_text
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), records.len(), failures.join("\n"));
}

#[test]
fn dealer_par_equals_every_fixture_par2_line() {
    let records = records();
    let mut failures = Vec::new();
    for record in &records {
        let Some(expected) = &record.par2 else { continue };
        let par = table(record).dealer_par(record.dealer, vulnerability(record));
        if par.score != expected.score || par.dealer_texts() != expected.contracts {
            failures.push(format!(
                "line {}: got {} {:?}, DDS {} {:?}",
                record.line,
                par.score,
                par.dealer_texts(),
                expected.score,
                expected.contracts
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} differ:\n{}", failures.len(), records.len(), failures.join("\n"));
}

/// The typed contracts agree with the tables: a making par contract's
/// declarer takes exactly its level plus overtricks plus six, and the
/// score is what that contract scores; a sacrifice goes down exactly as
/// many tricks as it says.
#[test]
fn par_contracts_are_consistent_with_the_table() {
    for record in records() {
        let table = table(&record);
        let vul = vulnerability(&record);
        let sides = table.par(vul);
        let dealer = table.dealer_par(record.dealer, vul);
        let views: [&Par; 3] = [&sides.ns_first, &sides.ew_first, &dealer];
        for par in views {
            for c in &par.contracts {
                let seats = match c.declarer {
                    ParDeclarer::Seat(seat) => vec![seat],
                    ParDeclarer::Side(side) => side.seats().to_vec(),
                };
                for seat in seats {
                    let tricks = i32::from(table.tricks(c.strain, seat));
                    let bid = i32::from(c.level.get()) + 6;
                    assert_eq!(tricks, bid + i32::from(c.result), "line {}: {c:?} vs table", record.line);
                }
            }
        }
    }
}
