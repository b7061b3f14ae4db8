//! The README's Rust example as a user meets it: a new cargo project beside
//! a clone of this repository, with the README's `[dependencies]` line in
//! its manifest and the README's example as its `main.rs`, built and run.
//!
//! (The doctests of `lib.rs` compile the example inside this workspace;
//! this test checks what they cannot: that the dependency line the README
//! gives finds the library.) The clone beside the project is a symbolic
//! link to this repository: a Unix test (CI runs it on Linux).
#![cfg(unix)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

/// The fenced blocks of `lang` in the README's "From Rust" section, in order.
fn blocks(readme: &str, lang: &str) -> Vec<String> {
    let start = readme.find("### From Rust").expect("the README has a \"From Rust\" section");
    let section = &readme[start..];
    let section = &section[..section[4..].find("\n### ").map_or(section.len(), |end| end + 4)];
    let fence = format!("```{lang}\n");
    let mut found = Vec::new();
    let mut rest = section;
    while let Some(open) = rest.find(&fence) {
        let body = &rest[open + fence.len()..];
        let close = body.find("\n```").expect("every block is closed");
        found.push(body[..=close].to_owned());
        rest = &body[close..];
    }
    found
}

#[test]
fn the_readme_example_builds_and_runs_as_a_project_of_its_own() {
    let root = root();
    let readme = fs::read_to_string(root.join("README.md")).unwrap();
    let manifest = blocks(&readme, "toml");
    let manifest = manifest
        .iter()
        .find(|block| block.contains("[dependencies]") && block.contains("path = "))
        .expect("the README's Rust section gives the [dependencies] line of a clone");
    // The registry's line names the same crate, at this version.
    let version = env!("CARGO_PKG_VERSION").rsplit_once('.').map_or("", |(major_minor, _)| major_minor);
    let registry = format!("[dependencies]\n{} = \"{version}\"", env!("CARGO_PKG_NAME"));
    assert!(readme.contains(&registry), "the README does not say {registry:?}");
    let example = blocks(&readme, "rust").into_iter().next().expect("the README's Rust section has an example");

    // The README's layout: the repository cloned as `ddsrs`, the user's
    // project beside it.
    let scratch = std::env::temp_dir().join(format!("dds-readme-project-{}", std::process::id()));
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(scratch.join("app/src")).unwrap();
    std::os::unix::fs::symlink(&root, scratch.join("ddsrs")).unwrap();
    let app = scratch.join("app");
    // The package and workspace tables are the user's own; the README
    // supplies the dependency. The optimisation level only makes the test
    // quicker (a debug build solves the example's table slowly).
    fs::write(
        app.join("Cargo.toml"),
        format!(
            "[package]\nname = \"readme-example\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n{manifest}\n\
             [workspace]\n\n[profile.dev]\nopt-level = 1\n"
        ),
    )
    .unwrap();
    fs::write(app.join("src/main.rs"), &example).unwrap();
    // The workspace's lock file, so that the build uses the versions (and
    // the downloads) of this workspace and needs no network.
    fs::copy(root.join("Cargo.lock"), app.join("Cargo.lock")).unwrap();

    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(&app)
        .args(["run", "--quiet", "--offline"])
        .env("CARGO_TARGET_DIR", target.join("readme-project"))
        .env_remove("RUSTFLAGS")
        .output()
        .unwrap();
    let _ = fs::remove_dir_all(&scratch);
    assert!(
        output.status.success(),
        "the README's example failed as a project of its own ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}
