//! Double dummy results in a PBN game, as `dds pbn` writes them: the
//! table (Bridge Composer's `DoubleDummyTricks`, PBN 2.1's
//! `OptimumResultTable`) and the dealer's par (`ParContract`,
//! `OptimumScore`). Every front-end that writes results into a PBN file
//! calls [`add_results`].

use dds_model::{PbnGame, PbnTagError, Seat, Vulnerability};

use crate::par::Par;
use crate::DdTable;

/// The par contracts as `dds par` prints them and the `ParContract` tag
/// holds them: `Pass` for a passed-out deal, else each contract in DDS's
/// readable form, joined by commas (`NS 4Cx-1,NS 3Sx-1`).
///
/// ```
/// use dds::{DdTable, Seat, Vulnerability};
/// use dds::model::{BySeat, ByStrain};
/// let table = DdTable::new(ByStrain([[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]].map(BySeat)))?;
/// assert_eq!(dds::pbn::par_contracts(&table.dealer_par(Seat::North, Vulnerability::None)), "EW 2S");
/// # Ok::<_, dds::Error>(())
/// ```
pub fn par_contracts(par: &Par) -> String {
    if par.contracts.is_empty() {
        "Pass".to_owned()
    } else {
        par.contracts.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",")
    }
}

/// Writes the results of `table` into `game`: `DoubleDummyTricks`,
/// `OptimumResultTable` (with its section lines), and the dealer's par
/// for `dealer` and `vulnerability` as `ParContract` and `OptimumScore`
/// (North-South's score). A tag that already holds the same values keeps
/// the form the file wrote it in: an `OptimumResultTable` in another
/// column alignment or row order, a `ParContract` list in Bridge
/// Composer's `EW 6H=; EW 6S=` form, an `OptimumScore` from East-West's
/// side (`EW -300` for `NS 300`).
///
/// ```
/// use dds::model::PbnFile;
/// use dds::{Seat, Solver, Vulnerability};
/// let mut file: PbnFile = "[Board \"1\"]\n[Deal \"N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\"]\n".parse()?;
/// let deal = file.games()[0].deal().expect("a deal")?.into_deal()?;
/// let table = Solver::new().dd_table(&deal)?;
/// let game = &mut file.games_mut()[0];
/// dds::pbn::add_results(game, &table, Seat::North, Vulnerability::None)?;
/// assert_eq!(game.tag("DoubleDummyTricks"), Some("65657656576867568675"));
/// assert_eq!(game.tag("ParContract"), Some("EW 2S"));
/// assert_eq!(game.tag("OptimumScore"), Some("NS -110"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn add_results(
    game: &mut PbnGame,
    table: &DdTable,
    dealer: Seat,
    vulnerability: Vulnerability,
) -> Result<(), PbnTagError> {
    let par = table.dealer_par(dealer, vulnerability);
    let tricks = dds_model::double_dummy_tricks(table.as_by_strain());
    game.set_tag("DoubleDummyTricks", &tricks)?;
    if !same_result_table(game, table) {
        let lines = dds_model::optimum_result_table(table.as_by_strain());
        game.set_tag_with_section(
            "OptimumResultTable",
            dds_model::OPTIMUM_RESULT_TABLE_COLUMNS,
            lines.iter().map(String::as_str),
        )?;
    }
    let contracts = par_contracts(&par);
    if game.tag("ParContract").map(contract_set) != Some(contract_set(&contracts)) {
        game.set_tag("ParContract", &contracts)?;
    }
    if game.tag("OptimumScore").and_then(ns_score) != Some(par.score) {
        game.set_tag("OptimumScore", &format!("NS {}", par.score))?;
    }
    Ok(())
}

/// The contracts of a `ParContract` value as a set, whatever the
/// separators (`,` or `;`), spacing and case, and with a made contract's
/// `=` dropped: `EW 6H=; EW 6S=` and `EW 6S,EW 6H` are the same.
fn contract_set(value: &str) -> Vec<String> {
    let mut set: Vec<String> = value
        .split([',', ';'])
        .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" ").trim_end_matches('=').to_ascii_uppercase())
        .filter(|c| !c.is_empty())
        .collect();
    set.sort_unstable();
    set
}

/// North-South's score in an `OptimumScore` value: a side, `NS` or `EW`
/// (any case), and a whole number with or without its sign (`NS 300`,
/// `EW -300`, `NS +90`); `None` for anything else.
fn ns_score(value: &str) -> Option<i32> {
    let value = value.trim();
    let (side, number) = (value.get(..2)?, value.get(2..)?.trim_start());
    // `parse` takes an optional sign, `+` or `-`, before the digits.
    let score: i32 = number.parse().ok()?;
    match side {
        s if s.eq_ignore_ascii_case("NS") => Some(score),
        s if s.eq_ignore_ascii_case("EW") => score.checked_neg(),
        _ => None,
    }
}

/// Whether the game's `OptimumResultTable` holds the tricks of `table`: its
/// rows in any order, its columns (Declarer, Denomination, Result, in that
/// order) in any alignment.
fn same_result_table(game: &PbnGame, table: &DdTable) -> bool {
    game.tag_pair("OptimumResultTable").is_some_and(|tag| {
        dds_model::parse_optimum_result_table(tag.value(), tag.section_lines())
            .is_ok_and(|tricks| &tricks == table.as_by_strain())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_in_other_forms_are_recognised() {
        assert_eq!(contract_set("EW 6H=; EW 6S="), contract_set("ew 6s,EW  6H"));
        assert_ne!(contract_set("EW 6H"), contract_set("EW 6S"));
        assert_eq!(ns_score("EW -300"), Some(300));
        assert_eq!(ns_score("NS +90"), Some(90));
        assert_eq!(ns_score("ns 0"), Some(0));
        assert_eq!(ns_score("NS"), None);
        assert_eq!(ns_score("XX 10"), None);
    }
}
