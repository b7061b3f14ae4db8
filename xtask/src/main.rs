//! Project automation, run as `cargo xtask <command>`.
//!
//! * `cargo xtask codegen [--check]` regenerates the lookup tables of
//!   `dds-tables` (or checks that the checked-in files are fresh).
//! * `cargo xtask tidy` checks conventions that a compiler does not: every
//!   `.rs` file of `crates/`, `xtask/` and `benches/` opens with a `//!` doc
//!   comment, no test uses `should_panic` (tests check the error value), and
//!   the crate graph that `ARCHITECTURE.md` states matches the manifests;
//!   then it checks the GitHub workflows with actionlint.
//! * `cargo xtask bench [ARGS]` runs the `ddsbench` workloads in release
//!   mode, side by side with DDS 2.9 when Debian's `libdds-dev` is
//!   installed (`apt-get install libdds-dev`).
//! * `cargo xtask capi [--prefix DIR]` builds the C library with DDS's
//!   file names, its two headers and a pkg-config file (`target/capi`).
//! * `cargo xtask test [--offline]` runs every test of the project,
//!   installing the system packages they need (what CI runs).
//! * `cargo xtask fuzz [--seconds N] [--no-sanitizer] [TARGET ...]` builds
//!   the libFuzzer targets of `fuzz/` (no nightly or cargo-fuzz needed) and
//!   runs each for N seconds (60 by default).
//! * `cargo xtask tsan [--stable] [--rounds K]` runs the C library's thread
//!   programs and the batch tests under ThreadSanitizer, and `cargo xtask
//!   miri` the tests of the crates with `unsafe` code under Miri (CI runs
//!   `tsan --stable`; the rest is by hand: see `docs/sanitizers.md`).
//! * `cargo xtask dist [--platform NAME]... [--out DIR] [--test]` builds the
//!   release artifacts (Linux x86_64 and aarch64, Windows, the packages)
//!   into `target/dist` and with `--test` tries each in a clean room.
//! * `cargo xtask wasm [--test]` builds the npm package of `dds-wasm`
//!   (`target/npm/`, packed) and with `--test` runs its Node tests.

mod apt;
mod bench;
mod capi;
mod codegen;
mod dist;
mod fuzz;
mod process;
mod sanitizers;
mod test;
mod tidy;
mod wasm;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["codegen"] => codegen::generate(codegen::Mode::Write),
        ["codegen", "--check"] => codegen::generate(codegen::Mode::Check),
        ["tidy"] => tidy::run(&xtask::project_root()),
        ["bench", rest @ ..] => bench::run(rest),
        ["test", rest @ ..] => test::run(rest),
        ["capi", rest @ ..] => capi::run(rest),
        ["fuzz", rest @ ..] => fuzz::run(rest),
        ["tsan", rest @ ..] => sanitizers::tsan(rest),
        ["miri", rest @ ..] => sanitizers::miri(rest),
        ["wasm", rest @ ..] => wasm::run(rest),
        ["dist", rest @ ..] => dist::run(rest),
        _ => {
            eprintln!("usage: cargo xtask <codegen [--check] | tidy | bench [--reps N] [WORKLOAD ...] | test [--offline] | capi [--prefix DIR] | fuzz [--seconds N] [--no-sanitizer] [TARGET ...] | tsan [--stable] [--rounds K] | miri | wasm [--test] | dist [--platform NAME]... [--out DIR] [--test]>");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
