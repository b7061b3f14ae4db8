//! `cargo xtask tidy`: project conventions that a compiler does not check.

use std::fs;
use std::path::{Path, PathBuf};

/// Checks every Rust file of the workspace; returns the list of problems.
pub(crate) fn check(root: &Path) -> Result<(), String> {
    let mut problems = Vec::new();
    for file in rust_files(root) {
        let text = fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let rel = file.strip_prefix(root).unwrap_or(&file).display().to_string();
        if !text.starts_with("//!") {
            problems.push(format!("{rel}: does not start with a `//!` doc comment"));
        }
        // Spelled in two pieces so that this file does not match itself.
        if text.contains(concat!("#[should", "_panic")) {
            problems.push(format!("{rel}: uses should_panic; test the error value instead"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

fn rust_files(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack: Vec<PathBuf> = ["crates", "xtask", "benches"].iter().map(|d| root.join(d)).collect();
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "target") {
                    stack.push(path);
                }
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn tidy() {
        super::check(&xtask::project_root()).unwrap();
    }
}
