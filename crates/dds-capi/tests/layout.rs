//! The structures of `dll.h`, C against Rust: `tests/c/layout.c`, compiled
//! against DDS's own header (`/usr/include/dds/dll.h`), prints `sizeof`,
//! the alignment and every field's `offsetof`; the same lines are made here
//! from `ddscapi::types` with `size_of`, `align_of` and `offset_of!`, and
//! the two lists must be equal line for line.
//!
//! Needs `cc` and DDS's header (`apt-get install libdds-dev build-essential`);
//! without them the test fails and says so.

mod common;

use std::ffi::{c_int, c_uint};
use std::mem::{align_of, offset_of, size_of};
use std::process::Command;

use ddscapi::types::*;

/// `STRUCT size`, `STRUCT@align n` and `STRUCT.FIELD offset` for each field
/// named, in the order named (the order of `dll.h`).
macro_rules! layout {
    ($lines:ident, $t:ident { $($f:ident),* $(,)? }) => {{
        $lines.push(format!("{} {}", stringify!($t), size_of::<$t>()));
        $lines.push(format!("{}@align {}", stringify!($t), align_of::<$t>()));
        $( $lines.push(format!("{}.{} {}", stringify!($t), stringify!($f), offset_of!($t, $f))); )*
    }};
}

/// The Rust side of `layout.c`'s output.
fn rust_layout() -> Vec<String> {
    let mut lines = Vec::new();
    layout!(lines, futureTricks { nodes, cards, suit, rank, equals, score });
    layout!(lines, deal { trump, first, currentTrickSuit, currentTrickRank, remainCards });
    layout!(lines, dealPBN { trump, first, currentTrickSuit, currentTrickRank, remainCards });
    layout!(lines, boards { noOfBoards, deals, target, solutions, mode });
    layout!(lines, boardsPBN { noOfBoards, deals, target, solutions, mode });
    layout!(lines, solvedBoards { noOfBoards, solvedBoard });
    layout!(lines, ddTableDeal { cards });
    layout!(lines, ddTableDeals { noOfTables, deals });
    layout!(lines, ddTableDealPBN { cards });
    layout!(lines, ddTableDealsPBN { noOfTables, deals });
    layout!(lines, ddTableResults { resTable });
    layout!(lines, ddTablesRes { noOfBoards, results });
    layout!(lines, parResults { parScore, parContractsString });
    layout!(lines, allParResults { presults });
    layout!(lines, parResultsDealer { number, score, contracts });
    layout!(lines, contractType { underTricks, overTricks, level, denom, seats });
    layout!(lines, parResultsMaster { score, number, contracts });
    layout!(lines, parTextResults { parText, equal });
    layout!(lines, playTraceBin { number, suit, rank });
    layout!(lines, playTracePBN { number, cards });
    layout!(lines, solvedPlay { number, tricks });
    layout!(lines, playTracesBin { noOfBoards, plays });
    layout!(lines, playTracesPBN { noOfBoards, plays });
    layout!(lines, solvedPlays { noOfBoards, solved });
    layout!(
        lines,
        DDSInfo {
            major,
            minor,
            patch,
            versionString,
            system,
            numBits,
            compiler,
            constructor,
            numCores,
            threading,
            noOfThreads,
            threadSizes,
            systemString,
        }
    );
    lines.push(format!("int {}", size_of::<c_int>()));
    lines.push(format!("unsigned {}", size_of::<c_uint>()));
    lines.push(format!("bool {}", size_of::<bool>()));
    lines
}

#[test]
fn structures_match_dll_h() {
    common::require_c_toolchain();
    let dir = common::TempDir::new("layout");
    let exe = dir.path().join("layout");
    common::compile(&common::c_source("layout.c"), &exe, &[]);
    let output = Command::new(&exe).output().expect("run layout");
    assert!(output.status.success(), "layout failed:\n{}", common::describe(&output));
    let c_text = String::from_utf8(output.stdout).expect("layout's output is ASCII");
    let c_lines: Vec<&str> = c_text.lines().collect();
    let rust_lines = rust_layout();

    let mut mismatches = Vec::new();
    for i in 0..c_lines.len().max(rust_lines.len()) {
        let c = c_lines.get(i).copied().unwrap_or("(none)");
        let rust = rust_lines.get(i).map_or("(none)", String::as_str);
        if c != rust {
            mismatches.push(format!("line {}: C `{c}`, Rust `{rust}`", i + 1));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} layout lines differ between dll.h (C) and ddscapi::types (Rust):\n{}",
        mismatches.len(),
        c_lines.len(),
        mismatches.join("\n")
    );
}
