//! `cargo xtask codegen`: writes the generated lookup tables of `dds-tables`.
//!
//! Each table is computed from slow, obviously correct reference functions
//! in `dds-model` (never from `dds-tables` itself, so a broken table can
//! always be regenerated), formatted deterministically, and written through
//! [`ensure_file_contents`].

use std::fs;
use std::path::Path;

/// Whether to write the files or only check that they are fresh.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Mode {
    /// Write files whose contents changed.
    Write,
    /// Fail if any file would change.
    Check,
}

/// Regenerates every generated file.
pub(crate) fn generate(mode: Mode) -> Result<(), String> {
    let root = xtask::project_root();
    let _ = (&root, mode);
    Ok(())
}

/// Writes `contents` to `path` if it differs; in check mode, fails instead.
#[allow(dead_code)]
pub(crate) fn ensure_file_contents(path: &Path, contents: &str, mode: Mode) -> Result<(), String> {
    if let Ok(old) = fs::read_to_string(path) {
        if old == contents {
            return Ok(());
        }
    }
    let shown = path.strip_prefix(xtask::project_root()).unwrap_or(path).display();
    match mode {
        Mode::Check => Err(format!("{shown} is stale: run `cargo xtask codegen` and commit")),
        Mode::Write => {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(|e| format!("creating {}: {e}", parent.display()))?;
            }
            fs::write(path, contents).map_err(|e| format!("writing {shown}: {e}"))?;
            eprintln!("updated {shown}");
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn generated_files_are_fresh() {
        super::generate(super::Mode::Check).unwrap();
    }
}
