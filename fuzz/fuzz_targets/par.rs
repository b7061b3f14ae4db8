//! Par on arbitrary tables: `DdTable::new` refuses entries over 13 (naming
//! the first), `par` and `dealer_par` never panic, their texts format, and
//! every par contract scores the par score on the table
//! (`contract_result`, each seat that may declare it, its over- or
//! undertricks), and a par is passed out exactly when it scores 0.
//!
//! Not an invariant: that `dealer_par`'s score is one of `par`'s two views'
//! scores. DDS 2.9 itself gives `DealerPar` 200 ("4N-E-1") and `Par` 430
//! ("S 4N") on S 9 4 8 4, H 10 4 10 3, D 3 3 0 0, C 0 0 0 0, NT 0 9 10 3,
//! dealer North, East-West vulnerable: North deals but cannot declare no
//! trump, and East bids 4NT before South can (fuzz/README.md).
//!
//! Input layout: 20 bytes of tricks (strains S, H, D, C, NT, declarers N,
//! E, S, W), then a byte for the vulnerability (bits 0-1) and how the
//! tricks are read (bits 2-3: 0 as they are, to test the refusal, else
//! modulo 14).
#![no_main]

use dds::model::{BySeat, ByStrain, Contract, Penalty, Seat, Strain, Vulnerability};
use dds::{DdTable, Error};
use dds::par::{Par, ParDeclarer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 21 {
        return;
    }
    let control = data[20];
    let vulnerability = Vulnerability::ALL[usize::from(control % 4)];
    let raw = (control >> 2) & 3 == 0;
    let value = |k: usize| if raw { data[k] } else { data[k] % 14 };
    let tricks: ByStrain<BySeat<u8>> =
        ByStrain::from_fn(|strain| BySeat::from_fn(|seat| value(strain.index() * 4 + seat.index())));
    let first_bad = Strain::ALL
        .into_iter()
        .flat_map(|strain| Seat::ALL.map(|seat| (strain, seat)))
        .find(|&(strain, seat)| tricks[strain][seat] > 13);
    let table = match (DdTable::new(tricks), first_bad) {
        (Ok(table), None) => table,
        (Err(e), Some((strain, declarer))) => {
            assert_eq!(e, Error::TricksOutOfRange { strain, declarer, tricks: tricks[strain][declarer] });
            let _ = e.to_string();
            return;
        }
        (result, bad) => panic!("DdTable::new of {tricks:?}: {result:?}, first entry over 13: {bad:?}"),
    };
    for strain in Strain::ALL {
        for seat in Seat::ALL {
            assert_eq!(table.tricks(strain, seat), tricks[strain][seat]);
        }
    }

    let sides = table.par(vulnerability);
    let _ = (sides.score_texts(), sides.sides_texts(), sides.contract_texts());
    for (k, view) in sides.views().into_iter().enumerate() {
        check_par(&table, view, vulnerability, &format!("par view {k}"));
    }
    for dealer in Seat::ALL {
        let par = table.dealer_par(dealer, vulnerability);
        check_par(&table, &par, vulnerability, &format!("dealer_par({dealer:?})"));
    }
});

/// The texts, and each contract's score on the table.
fn check_par(table: &DdTable, par: &Par, vulnerability: Vulnerability, what: &str) {
    let _ = (par.to_string(), par.dealer_texts());
    let context = || format!("{what}, {vulnerability:?}: {par:?} for {:?}", table.as_by_strain());
    assert_eq!(par.contracts.is_empty(), par.score == 0, "{}", context());
    for contract in &par.contracts {
        let _ = (contract.to_string(), contract.dealer_text(), contract.par_text());
        let seats = match contract.declarer {
            ParDeclarer::Seat(seat) => vec![seat],
            ParDeclarer::Side(side) => side.seats().to_vec(),
        };
        let penalty = if contract.doubled { Penalty::Doubled } else { Penalty::Undoubled };
        assert_eq!(contract.doubled, contract.result < 0, "{}", context());
        for seat in seats {
            let bid = Contract::new(contract.level, contract.strain, penalty, seat);
            let result = table.contract_result(bid, vulnerability);
            assert_eq!(result.result, contract.result, "{bid} on the table, {}", context());
            assert_eq!(result.score_ns, par.score, "{bid} on the table, {}", context());
        }
    }
}
