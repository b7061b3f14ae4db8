//! `cargo xtask dist`: the release artifacts, built into one folder with a
//! `SHA256SUMS` file, and with `--test` each tried where a user runs it.
//!
//! ```text
//! cargo xtask dist [--platform NAME]... [--out DIR] [--test]
//! cargo xtask dist --print-version
//! ```
//!
//! The platforms (all of them by default):
//! * `linux-x86_64`, `linux-aarch64`: the `dds` command as a static (musl)
//!   binary, the C library as a tarball (`libdds.so.0` for glibc 2.17 and
//!   later, `libdds.a`, DDS's `dll.h`, `ddsrs.h` and a relocatable
//!   pkg-config file) and the abi3 manylinux wheel;
//! * `windows-x86_64`: `dds.exe`, and `dds.dll` with DDS's exports, an
//!   import library for mingw-w64, a `.def` file for MSVC's `lib` and the
//!   headers, in a zip file;
//! * `packages`: the Python sdist, the npm tarball and the crate packages.
//!
//! The tools come from well-kept projects: rustup's targets, cargo-zigbuild
//! and maturin with zig (from the Python registry, pinned in
//! `xtask/dist/requirements.txt`) for the Linux builds and the manylinux
//! wheels, Debian's mingw-w64 for Windows, Debian's qemu-user-static and
//! Wine to run what this machine cannot, Debian's arm64 Python (unpacked
//! from its packages, fetched by debootstrap) for the aarch64 wheel.
//! `docs/release.md` says what each clean-room test shows.

mod build;
mod check;
mod tools;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

pub(crate) use crate::process::{output, run_command};

/// The version of every artifact: the workspace's (`[workspace.package]`
/// in the root `Cargo.toml`), which this crate inherits.
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// A group of artifacts built (and tested) together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Platform {
    /// Linux on x86-64 processors.
    LinuxX86_64,
    /// Linux on 64-bit ARM processors.
    LinuxAarch64,
    /// Windows on x86-64 processors.
    WindowsX86_64,
    /// The platform-independent packages: sdist, npm, crates.
    Packages,
}

impl Platform {
    /// Every platform, in the order they are built.
    pub(crate) const ALL: [Platform; 4] =
        [Platform::LinuxX86_64, Platform::LinuxAarch64, Platform::WindowsX86_64, Platform::Packages];

    /// The name `--platform` takes.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Platform::LinuxX86_64 => "linux-x86_64",
            Platform::LinuxAarch64 => "linux-aarch64",
            Platform::WindowsX86_64 => "windows-x86_64",
            Platform::Packages => "packages",
        }
    }

    fn parse(name: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.name() == name)
    }

    /// The processor of a Linux platform (`x86_64`, `aarch64`).
    pub(crate) fn arch(self) -> &'static str {
        match self {
            Platform::LinuxAarch64 => "aarch64",
            _ => "x86_64",
        }
    }
}

/// What one run builds, where, and whether it tests.
#[derive(Debug)]
pub(crate) struct Dist {
    /// The workspace root.
    pub(crate) root: PathBuf,
    /// The folder of the artifacts (emptied first).
    pub(crate) out: PathBuf,
    /// The virtual environment of the Python tools (maturin, zig, ...).
    pub(crate) tools: PathBuf,
}

impl Dist {
    /// A command run with the tools' folder first on the PATH (cargo-zigbuild
    /// finds zig there, maturin its `--zig`).
    pub(crate) fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut cmd = Command::new(program);
        let path = std::env::var_os("PATH").unwrap_or_default();
        let mut dirs = vec![self.tools.join("bin")];
        dirs.extend(std::env::split_paths(&path));
        cmd.env("PATH", std::env::join_paths(dirs).unwrap_or(path)).current_dir(&self.root);
        cmd
    }

    /// `cargo` with the tools on the PATH.
    pub(crate) fn cargo(&self) -> Command {
        self.command(std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned()))
    }

    /// A program of the tools' virtual environment.
    pub(crate) fn tool(&self, name: &str) -> PathBuf {
        self.tools.join("bin").join(name)
    }
}

const USAGE: &str = "usage: cargo xtask dist [--platform linux-x86_64|linux-aarch64|windows-x86_64|packages]... [--out DIR] [--test] | --print-version";

/// The options of one run.
#[derive(Debug, PartialEq)]
struct Options {
    platforms: Vec<Platform>,
    out: Option<PathBuf>,
    test: bool,
}

fn parse(args: &[&str]) -> Result<Options, String> {
    let mut options = Options { platforms: Vec::new(), out: None, test: false };
    let mut args = args.iter();
    while let Some(&arg) = args.next() {
        match arg {
            "--test" => options.test = true,
            "--platform" => {
                let name = args.next().ok_or(USAGE)?;
                let platform = Platform::parse(name).ok_or_else(|| format!("unknown platform {name:?}\n{USAGE}"))?;
                if !options.platforms.contains(&platform) {
                    options.platforms.push(platform);
                }
            }
            "--out" => options.out = Some(PathBuf::from(args.next().ok_or(USAGE)?)),
            _ => return Err(format!("unknown argument {arg:?}\n{USAGE}")),
        }
    }
    if options.platforms.is_empty() {
        options.platforms = Platform::ALL.to_vec();
    }
    options.platforms.sort_by_key(|p| Platform::ALL.iter().position(|q| q == p));
    Ok(options)
}

/// Runs `cargo xtask dist`.
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    if args == ["--print-version"] {
        println!("{VERSION}");
        return Ok(());
    }
    let options = parse(args)?;
    let root = xtask::project_root();
    let out = match options.out {
        Some(dir) => std::path::absolute(&dir).map_err(|e| format!("bad --out {}: {e}", dir.display()))?,
        None => root.join("target/dist"),
    };
    let dist = Dist { tools: root.join("target/dist-tools"), root, out };
    tools::install(&dist, &options.platforms, options.test)?;
    if dist.out.exists() {
        fs::remove_dir_all(&dist.out).map_err(|e| format!("cannot empty {}: {e}", dist.out.display()))?;
    }
    fs::create_dir_all(&dist.out).map_err(|e| format!("cannot create {}: {e}", dist.out.display()))?;
    let mut tested = Vec::new();
    for &platform in &options.platforms {
        step(&format!("{} artifacts", platform.name()), build::platform(&dist, platform))?;
        if options.test {
            let lines =
                check::platform(&dist, platform).map_err(|e| format!("{} clean-room tests: {e}", platform.name()))?;
            tested.extend(lines);
        }
    }
    checksums(&dist.out)?;
    println!("xtask dist: the artifacts of {VERSION} are in {}:", dist.out.display());
    for file in files(&dist.out)? {
        let size = fs::metadata(dist.out.join(&file)).map(|m| m.len()).unwrap_or(0);
        println!("  {file} ({size} bytes)");
    }
    if options.test {
        check::clean_up();
        println!("xtask dist: clean-room tests passed:");
        for line in tested {
            println!("  {line}");
        }
    }
    Ok(())
}

/// Announces a step and names it in its error.
fn step(name: &str, result: Result<(), String>) -> Result<(), String> {
    println!("xtask dist: {name}: {}", if result.is_ok() { "built" } else { "FAILED" });
    result.map_err(|e| format!("{name}: {e}"))
}

/// Every file under `dir`, as paths relative to it with `/`, sorted.
pub(crate) fn files(dir: &Path) -> Result<Vec<String>, String> {
    fn walk(dir: &Path, prefix: &str, into: &mut Vec<String>) -> Result<(), String> {
        for entry in fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))? {
            let entry = entry.map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.path().is_dir() {
                walk(&entry.path(), &format!("{name}/"), into)?;
            } else {
                into.push(name);
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    walk(dir, "", &mut found)?;
    found.sort();
    Ok(found)
}

/// Writes `SHA256SUMS` (`sha256sum`'s format, paths relative to the folder)
/// for every other file of the folder.
fn checksums(dir: &Path) -> Result<(), String> {
    let names: Vec<String> = files(dir)?.into_iter().filter(|f| f != "SHA256SUMS").collect();
    let output = Command::new("sha256sum")
        .current_dir(dir)
        .args(&names)
        .output()
        .map_err(|e| format!("cannot run sha256sum: {e}"))?;
    if !output.status.success() {
        return Err(format!("sha256sum failed: {}", String::from_utf8_lossy(&output.stderr)));
    }
    fs::write(dir.join("SHA256SUMS"), &output.stdout).map_err(|e| format!("cannot write SHA256SUMS: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_options_name_platforms_in_build_order() {
        let o = parse(&["--platform", "packages", "--test", "--platform", "linux-x86_64"]).unwrap();
        assert_eq!(o.platforms, [Platform::LinuxX86_64, Platform::Packages]);
        assert!(o.test);
        assert_eq!(parse(&[]).unwrap().platforms, Platform::ALL);
        assert!(parse(&["--platform", "macos"]).unwrap_err().contains("unknown platform"));
        assert!(parse(&["--platform"]).unwrap_err().contains("usage"));
        assert!(parse(&["--frobnicate"]).unwrap_err().contains("unknown argument"));
    }

    /// The workspace's version, and the same in every dependency on a
    /// crate of the workspace that crates.io will see.
    #[test]
    fn one_version_everywhere() {
        let manifest = fs::read_to_string(xtask::project_root().join("Cargo.toml")).unwrap();
        assert!(manifest.contains(&format!("\nversion = \"{VERSION}\"\n")));
        let ours: Vec<&str> =
            manifest.lines().filter(|l| l.contains("path = \"crates/") && l.contains("version")).collect();
        assert!(ours.len() >= 5, "{ours:?}");
        for line in ours {
            assert!(line.contains(&format!("version = \"{VERSION}\"")), "{line}");
        }
    }
}
