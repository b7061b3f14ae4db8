//! Running the programs the commands drive: a command to its end, and the
//! rustc of a toolchain (its host triple).
//!
//! These helpers are shared by `test`, `fuzz` and `sanitizers`; they live
//! here, below all three, so that each of those modules imports only this
//! one and none imports another (`test` calls `fuzz::run` and
//! `sanitizers::tsan`, so neither may import `test`).

use std::process::Command;

/// How to get a nightly toolchain with the standard library's sources
/// (what `cargo xtask tsan` needs without `--stable`).
pub(crate) const NIGHTLY_HINT: &str = "rustup toolchain install nightly --component rust-src";

/// Runs a command to its end, its output going to ours; an error (naming
/// the program and its arguments) unless it succeeds.
pub(crate) fn run_command(cmd: &mut Command) -> Result<(), String> {
    let status = cmd.status().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{:?} {:?} failed: {status}", cmd.get_program(), cmd.get_args().collect::<Vec<_>>()))
    }
}

/// Runs a command to its end; its standard output, or an error with its
/// standard error.
pub(crate) fn output(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    if !out.status.success() {
        return Err(format!(
            "{:?} {:?} failed ({}): {}",
            cmd.get_program(),
            cmd.get_args().collect::<Vec<_>>(),
            out.status,
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The rustc of `toolchain` (or the default one) with `args`.
pub(crate) fn rustc(toolchain: Option<&str>, args: &[&str]) -> Result<String, String> {
    let mut cmd = Command::new("rustc");
    if let Some(toolchain) = toolchain {
        cmd.arg(format!("+{toolchain}"));
    }
    cmd.args(args).env_remove("RUSTUP_TOOLCHAIN");
    let output = cmd.output().map_err(|e| format!("cannot run rustc: {e}"))?;
    if !output.status.success() {
        let hint = if toolchain.is_some() { NIGHTLY_HINT } else { "install Rust with rustup" };
        return Err(format!("rustc {} failed ({}): {hint}", args.join(" "), output.status));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The host's target triple (`x86_64-unknown-linux-gnu` here), from the
/// rustc of `toolchain` (the default one if `None`).
pub(crate) fn host_triple(toolchain: Option<&str>) -> Result<String, String> {
    let info = rustc(toolchain, &["-vV"])?;
    info.lines().find_map(|l| l.strip_prefix("host: ")).map(str::to_owned).ok_or("rustc -vV names no host".to_owned())
}
