//! `cargo xtask wasm [--test]`: the npm package of `crates/dds-wasm`. Builds
//! the crate for `wasm32-unknown-unknown` in release, runs `wasm-bindgen
//! --target web` (one module for browsers, bundlers and Node, which loads
//! it with `initSync`), `wasm-opt -O3` when it is found, lays the package
//! out in `TARGET/npm/` (the glue, the `.wasm`, the hand-written entries
//! and worker pool of `crates/dds-wasm/js/`, `package.json`, README,
//! LICENSE) and packs it with `npm pack` into `TARGET/npm/ddsrs-VERSION.tgz`.
//! `--test` then installs the tarball into `TARGET/npm-test/` and runs the
//! Node tests of `crates/dds-wasm/tests/node/` against it (`node --test`).
//! `TARGET` is Cargo's target directory: `$CARGO_TARGET_DIR` when set (a
//! relative one from the directory the command is run in, as Cargo takes
//! it), else `target/` (where `web/build.sh` looks for the package too).
//!
//! The tools: `wasm-bindgen` of the version the crate pins (`cargo install
//! wasm-bindgen-cli --version =VERSION`), `node` and `npm`; `wasm-opt`
//! (binaryen) is optional. Each is named by `WASM_BINDGEN` / `WASM_OPT`, or
//! looked up on the PATH; `wasm-opt` also in the `node_modules/.bin/` of
//! `TARGET/tools/binaryen/` or of the workspace, where `npm install
//! binaryen` puts it (npm does not put it on the PATH).

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::process::{output, run_command};

/// The npm package's name.
const PACKAGE: &str = "ddsrs";

/// The package's hand-written files, copied from `crates/dds-wasm/js/`.
const JS_FILES: [&str; 10] = [
    "index.js",
    "index.d.ts",
    "node.js",
    "error.js",
    "error.d.ts",
    "pool.js",
    "pool.d.ts",
    "worker.js",
    "README.md",
    "LICENSE",
];

/// The version of `wasm-bindgen` the crate pins (the command that makes
/// the package must be the same).
pub(crate) fn bindgen_version(root: &Path) -> Result<String, String> {
    pinned_version(&read(&root.join("crates/dds-wasm/Cargo.toml"))?, "wasm-bindgen")
}

/// Builds the package; with `--test`, tests it.
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    let test = match args {
        [] => false,
        ["--test"] => true,
        _ => return Err("usage: cargo xtask wasm [--test]".to_owned()),
    };
    let root = xtask::project_root();
    let crate_dir = root.join("crates/dds-wasm");
    let manifest = read(&crate_dir.join("Cargo.toml"))?;
    let bindgen_version = pinned_version(&manifest, "wasm-bindgen")?;
    let bindgen = tool("WASM_BINDGEN", "wasm-bindgen");
    let found = output(Command::new(&bindgen).arg("--version")).map_err(|e| {
        format!("{e}: install it with `cargo install wasm-bindgen-cli --version ={bindgen_version}`, or name it in WASM_BINDGEN")
    })?;
    if found.split_whitespace().nth(1) != Some(bindgen_version.as_str()) {
        return Err(format!(
            "{} is {}, the crate needs {bindgen_version}: `cargo install wasm-bindgen-cli --version ={bindgen_version}`",
            bindgen.display(),
            found.trim()
        ));
    }
    let version = package_version(&root, &manifest)?;

    let cwd = std::env::current_dir().map_err(|e| format!("cannot read the current directory: {e}"))?;
    let target_dir = target_dir(&root, std::env::var_os("CARGO_TARGET_DIR"), &cwd);
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    // The build runs in the workspace root: a relative target directory is
    // passed on resolved, so that it is the one the package is laid out in.
    run_command(Command::new(cargo).current_dir(&root).env("CARGO_TARGET_DIR", &target_dir).args([
        "build",
        "--release",
        "-p",
        "dds-wasm",
        "--target",
        "wasm32-unknown-unknown",
    ]))?;
    let built = target_dir.join("wasm32-unknown-unknown/release/dds_wasm.wasm");

    let npm = target_dir.join("npm");
    if npm.exists() {
        fs::remove_dir_all(&npm).map_err(|e| format!("cannot remove {}: {e}", npm.display()))?;
    }
    let web = npm.join("web");
    run_command(Command::new(&bindgen).arg("--target").arg("web").arg("--out-dir").arg(&web).arg(&built))?;
    let wasm = web.join("dds_wasm_bg.wasm");
    let raw = size(&wasm)?;
    let opt = wasm_opt(&root, &target_dir);
    if output(Command::new(&opt).arg("--version")).is_ok() {
        run_command(Command::new(&opt).arg("-O3").arg(&wasm).arg("-o").arg(&wasm))?;
    } else {
        println!("xtask wasm: no wasm-opt (binaryen) found: the module is not optimised further");
    }
    println!("xtask wasm: {} bytes from wasm-bindgen, {} bytes in the package", raw, size(&wasm)?);

    for file in JS_FILES {
        let from = crate_dir.join("js").join(file);
        fs::copy(&from, npm.join(file)).map_err(|e| format!("cannot copy {}: {e}", from.display()))?;
    }
    write(&npm.join("package.json"), &package_json(&version))?;
    run_command(Command::new("npm").current_dir(&npm).args(["pack", "--silent"]))?;
    let tarball = npm.join(format!("{PACKAGE}-{version}.tgz"));
    println!("xtask wasm: {} ({} bytes)", tarball.display(), size(&tarball)?);
    if test {
        test_package(&root, &target_dir, &tarball)?;
    }
    Ok(())
}

/// Cargo's target directory: `CARGO_TARGET_DIR` (`env`) when set, a
/// relative one taken from `cwd` (the directory the command runs in, as
/// Cargo takes it); else `target/` in the workspace root.
fn target_dir(root: &Path, env: Option<OsString>, cwd: &Path) -> PathBuf {
    match env.filter(|dir| !dir.is_empty()) {
        Some(dir) => cwd.join(dir),
        None => root.join("target"),
    }
}

/// `wasm-opt`: named by `WASM_OPT`; else on the PATH when it runs there;
/// else the one `npm install` of binaryen put in a `node_modules/.bin/`:
/// under `TARGET/tools/binaryen/` (`npm install --prefix
/// target/tools/binaryen binaryen`, as docs/wasm.md says) or the
/// workspace root.
fn wasm_opt(root: &Path, target_dir: &Path) -> PathBuf {
    if let Some(named) = std::env::var_os("WASM_OPT") {
        return PathBuf::from(named);
    }
    let on_path = PathBuf::from("wasm-opt");
    if output(Command::new(&on_path).arg("--version")).is_ok() {
        return on_path;
    }
    npm_wasm_opt(root, target_dir).into_iter().find(|path| path.exists()).unwrap_or(on_path)
}

/// Where `npm install` of binaryen puts `wasm-opt`, in the order looked at.
fn npm_wasm_opt(root: &Path, target_dir: &Path) -> [PathBuf; 2] {
    [target_dir.join("tools/binaryen/node_modules/.bin/wasm-opt"), root.join("node_modules/.bin/wasm-opt")]
}

/// Installs the tarball into `TARGET/npm-test/` (as a user would, through
/// its `exports`) and runs the Node tests there.
fn test_package(root: &Path, target_dir: &Path, tarball: &Path) -> Result<(), String> {
    let dir = target_dir.join("npm-test");
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("cannot remove {}: {e}", dir.display()))?;
    }
    let tests = dir.join("test");
    fs::create_dir_all(&tests).map_err(|e| format!("cannot create {}: {e}", tests.display()))?;
    write(&dir.join("package.json"), "{ \"name\": \"ddsrs-test\", \"private\": true, \"type\": \"module\" }\n")?;
    run_command(
        Command::new("npm")
            .current_dir(&dir)
            .args(["install", "--offline", "--no-audit", "--no-fund", "--silent"])
            .arg(tarball),
    )?;
    // The tests with their data files (expected outputs, PBN files).
    let source = root.join("crates/dds-wasm/tests/node");
    let mut files = Vec::new();
    for entry in fs::read_dir(&source).map_err(|e| format!("{}: {e}", source.display()))? {
        let path = entry.map_err(|e| format!("{}: {e}", source.display()))?.path();
        let Some(name) = path.file_name().filter(|_| path.is_file()) else { continue };
        fs::copy(&path, tests.join(name)).map_err(|e| format!("cannot copy {}: {e}", path.display()))?;
        if name.to_string_lossy().ends_with(".test.mjs") {
            files.push(tests.join(name));
        }
    }
    files.sort();
    run_command(
        Command::new("node")
            .current_dir(&dir)
            .args(["--test", "--test-timeout=300000"])
            .args(&files)
            .env("DDS_FIXTURES", root.join("fixtures")),
    )
}

/// `package.json`: an ES module package whose `node` entry loads the
/// module from its file and whose default entry (browsers, bundlers)
/// loads it with `init()`.
fn package_json(version: &str) -> String {
    format!(
        r#"{{
  "name": "{PACKAGE}",
  "version": "{version}",
  "description": "A fast, exact double dummy solver for contract bridge (DDS 2.9's answers), in WebAssembly",
  "license": "Apache-2.0",
  "type": "module",
  "main": "./node.js",
  "types": "./index.d.ts",
  "exports": {{
    ".": {{
      "types": "./index.d.ts",
      "node": "./node.js",
      "default": "./index.js"
    }},
    "./pool": {{
      "types": "./pool.d.ts",
      "default": "./pool.js"
    }},
    "./worker": "./worker.js",
    "./dds_wasm_bg.wasm": "./web/dds_wasm_bg.wasm",
    "./package.json": "./package.json"
  }},
  "files": [
    "index.js", "index.d.ts", "node.js", "error.js", "error.d.ts",
    "pool.js", "pool.d.ts", "worker.js", "web/", "README.md", "LICENSE"
  ],
  "sideEffects": ["./node.js", "./worker.js"],
  "engines": {{ "node": ">=18" }},
  "keywords": ["bridge", "double dummy", "dds", "solver", "webassembly"]
}}
"#
    )
}

/// The version a dependency is pinned to with `=` in a manifest
/// (`wasm-bindgen = "=0.2.130"`).
fn pinned_version(manifest: &str, dependency: &str) -> Result<String, String> {
    manifest
        .lines()
        .filter_map(|line| line.trim().strip_prefix(dependency)?.trim_start().strip_prefix('='))
        .find_map(|value| value.trim().trim_matches('"').strip_prefix('=').map(str::to_owned))
        .ok_or_else(|| format!("crates/dds-wasm/Cargo.toml pins no {dependency} version (`{dependency} = \"=X.Y.Z\"`)"))
}

/// The crate's version: its own, or the workspace's.
fn package_version(root: &Path, manifest: &str) -> Result<String, String> {
    let own = |text: &str, section: &str| {
        let mut current = "";
        text.lines().map(str::trim).find_map(|line| {
            if line.starts_with('[') {
                current = line;
                return None;
            }
            let value = line.strip_prefix("version")?.trim_start().strip_prefix('=')?.trim();
            (current == section && value.starts_with('"')).then(|| value.trim_matches('"').to_owned())
        })
    };
    own(manifest, "[package]")
        .or_else(|| own(&read(&root.join("Cargo.toml")).ok()?, "[workspace.package]"))
        .ok_or_else(|| "no version for dds-wasm in its Cargo.toml or the workspace's".to_owned())
}

/// A tool named by the environment variable `var`, else found on the PATH.
fn tool(var: &str, name: &str) -> PathBuf {
    std::env::var_os(var).map_or_else(|| PathBuf::from(name), PathBuf::from)
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn size(path: &Path) -> Result<u64, String> {
    fs::metadata(path).map(|m| m.len()).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_package_goes_to_cargo_target_dir_when_it_is_set() {
        let root = Path::new("/work/repo");
        let cwd = Path::new("/home/me/build");
        // Unset or empty: the workspace's target/.
        assert_eq!(target_dir(root, None, cwd), Path::new("/work/repo/target"));
        assert_eq!(target_dir(root, Some(OsString::new()), cwd), Path::new("/work/repo/target"));
        // Absolute: as it is; relative: from where the command runs, as Cargo takes it.
        assert_eq!(target_dir(root, Some("/tmp/t".into()), cwd).join("npm"), Path::new("/tmp/t/npm"));
        assert_eq!(target_dir(root, Some("out".into()), cwd).join("npm"), Path::new("/home/me/build/out/npm"));
    }

    #[test]
    fn wasm_opt_is_looked_for_where_npm_installs_binaryen() {
        let [tools, local] = npm_wasm_opt(Path::new("/work/repo"), Path::new("/tmp/t"));
        assert_eq!(tools, Path::new("/tmp/t/tools/binaryen/node_modules/.bin/wasm-opt"));
        assert_eq!(local, Path::new("/work/repo/node_modules/.bin/wasm-opt"));
    }

    #[test]
    fn versions_are_read_from_the_manifests() {
        let manifest = "[dependencies]\nwasm-bindgen = \"=0.2.130\"\njs-sys = \"0.3\"\n";
        assert_eq!(pinned_version(manifest, "wasm-bindgen"), Ok("0.2.130".to_owned()));
        assert!(pinned_version(manifest, "js-sys").is_err());
        let root = xtask::project_root();
        let manifest = read(&root.join("crates/dds-wasm/Cargo.toml")).unwrap();
        assert_eq!(package_version(&root, &manifest), Ok(env!("CARGO_PKG_VERSION").to_owned()));
        assert_eq!(package_version(&root, "[package]\nversion = \"1.2.3\"\n"), Ok("1.2.3".to_owned()));
    }
}
