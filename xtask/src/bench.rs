//! `cargo xtask bench`: builds and runs the `ddsbench` binary of the
//! `dds-bench` package in release mode, linking DDS 2.9 when it is installed.
//! The `capi` workload loads our C library by path, so for it the library
//! (`dds-capi`, `target/release/libddscapi.so`) is built first; `stream`
//! and `pbnread` run the `dds` command, built first likewise.
//!
//! The full-table workloads (and `midplay` and `engine`, on their positions
//! at a trick boundary) also time macroxue's bridge-solver when its
//! source is found (`DDS_BENCH_BRIDGE_SOLVER=DIR`, default
//! `../tools/bridge-solver/src` beside the workspace); `ddsbench` builds it
//! itself, once, into the target directory. `--cachegrind N` counts
//! instructions per table of the three solvers on the first `N` deals
//! instead (needs valgrind). See `benches/src/bridge_solver.rs` and
//! `benches/src/cachegrind.rs`.

use std::path::Path;
use std::process::Command;

/// Runs the benchmark binary with `args`.
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    let oracle = Path::new("/usr/include/dds/dll.h").exists();
    if !oracle {
        eprintln!("note: DDS 2.9 not found (apt-get install libdds-dev); timing ours only");
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    // Built only when asked for: the C library and the command are other
    // release builds of the solver, and most workloads need neither.
    for (workload, package) in [("capi", "dds-capi"), ("stream", "ddsrs-cli"), ("pbnread", "ddsrs-cli")] {
        if !args.contains(&workload) {
            continue;
        }
        let status = Command::new(&cargo)
            .current_dir(xtask::project_root())
            .args(["build", "--release", "-p", package])
            .status()
            .map_err(|e| format!("cannot run cargo: {e}"))?;
        if !status.success() {
            return Err(format!("cargo build -p {package} failed: {status}"));
        }
    }
    let mut cmd = Command::new(&cargo);
    cmd.current_dir(xtask::project_root()).args(["run", "--release", "-p", "dds-bench", "--bin", "ddsbench"]);
    if oracle {
        cmd.args(["--features", "oracle"]);
    }
    cmd.arg("--").args(args);
    let status = cmd.status().map_err(|e| format!("cannot run cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("ddsbench failed: {status}"))
    }
}
