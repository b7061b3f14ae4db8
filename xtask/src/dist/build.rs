//! Building the artifacts of one platform into the dist folder.

use std::fs;
use std::path::{Path, PathBuf};

use super::{run_command, Dist, Platform, VERSION};

/// The cargo profile of the shipped binaries: the release profile without
/// debug information, stripped (`Cargo.toml`).
const PROFILE: &str = "shipped";

/// The package of the `dds` command, of the C library and of the wheel.
pub(crate) const CLI_PACKAGE: &str = "ddsrs-cli";
pub(crate) const CAPI_PACKAGE: &str = "dds-capi";

/// The packages published on crates.io, in the order they depend on each
/// other: every member whose manifest does not say `publish = false`.
pub(crate) const PUBLISHED: [&str; 6] =
    ["ddsrs-model", "ddsrs-tables", "ddsrs-tt", "ddsrs-search", "ddsrs", "ddsrs-cli"];

/// Builds every artifact of `platform` into `dist.out`.
pub(crate) fn platform(dist: &Dist, platform: Platform) -> Result<(), String> {
    match platform {
        Platform::LinuxX86_64 | Platform::LinuxAarch64 => linux(dist, platform.arch()),
        Platform::WindowsX86_64 => windows(dist),
        Platform::Packages => packages(dist),
    }
}

/// The names of a Linux platform's artifacts.
pub(crate) fn command_tarball(arch: &str) -> String {
    format!("dds-{VERSION}-{arch}-linux")
}

/// The folder (and tarball stem) of the C library for `arch`.
pub(crate) fn library_tarball(arch: &str) -> String {
    format!("libdds-{VERSION}-{arch}-linux-gnu")
}

/// The zip file (and its folder) of the Windows artifacts.
pub(crate) fn windows_zip() -> String {
    format!("dds-{VERSION}-x86_64-windows")
}

/// The command (static, musl), the C library (glibc 2.17 and later) and
/// the manylinux2014 wheel, all cross-built with zig.
fn linux(dist: &Dist, arch: &str) -> Result<(), String> {
    let musl = format!("{arch}-unknown-linux-musl");
    run_command(dist.cargo().args(["zigbuild", "--profile", PROFILE, "--target", &musl, "-p", CLI_PACKAGE]))?;
    let stage = staging(dist, &command_tarball(arch))?;
    copy(&dist.root.join(format!("target/{musl}/{PROFILE}/dds")), &stage.join("dds"))?;
    docs(dist, &stage)?;
    tarball(dist, &stage)?;

    let gnu = format!("{arch}-unknown-linux-gnu");
    // cargo-zigbuild links against glibc 2.17's symbols (the `.2.17` suffix).
    run_command(dist.cargo().args([
        "zigbuild",
        "--profile",
        PROFILE,
        "--target",
        &format!("{gnu}.2.17"),
        "-p",
        CAPI_PACKAGE,
    ]))?;
    let stage = staging(dist, &library_tarball(arch))?;
    crate::capi::lay_out(&dist.root.join(format!("target/{gnu}/{PROFILE}")), &stage, "${pcfiledir}/../..")?;
    docs(dist, &stage)?;
    tarball(dist, &stage)?;

    let wheels = dist.out.join("python");
    run_command(
        dist.command(dist.tool("maturin"))
            .current_dir(dist.root.join("python"))
            .args([
                "build",
                "--quiet",
                "--profile",
                PROFILE,
                "--zig",
                "--compatibility",
                "manylinux2014",
                "--target",
                &gnu,
            ])
            .arg("--out")
            .arg(&wheels),
    )
}

/// `dds.exe` and `dds.dll` (with an import library made from the C
/// library's export list), cross-built with mingw-w64, in a zip file.
fn windows(dist: &Dist) -> Result<(), String> {
    let target = "x86_64-pc-windows-gnu";
    run_command(dist.cargo().args([
        "build",
        "--profile",
        PROFILE,
        "--target",
        target,
        "-p",
        CLI_PACKAGE,
        "-p",
        CAPI_PACKAGE,
    ]))?;
    let built = dist.root.join(format!("target/{target}/{PROFILE}"));
    let stage = staging(dist, &windows_zip())?;
    copy(&built.join("dds.exe"), &stage.join("dds.exe"))?;
    // The library is ddscapi.dll as built (a second crate named `dds`
    // would collide with the facade); programs written for DDS load
    // dds.dll, and the import library names that file.
    copy(&built.join("ddscapi.dll"), &stage.join("dds.dll"))?;
    let def = stage.join("dds.def");
    fs::write(&def, def_file(&exports(dist)?)).map_err(|e| format!("cannot write {}: {e}", def.display()))?;
    run_command(dist.command("x86_64-w64-mingw32-dlltool").current_dir(&stage).args([
        "--input-def",
        "dds.def",
        "--dllname",
        "dds.dll",
        "--output-lib",
        "libdds.dll.a",
    ]))?;
    headers(dist, &stage.join("include"))?;
    docs(dist, &stage)?;
    let zip = dist.out.join(format!("{}.zip", windows_zip()));
    run_command(
        dist.command("python3")
            .current_dir(stage.parent().unwrap_or(&dist.out))
            .args(["-m", "zipfile", "-c"])
            .arg(&zip)
            .arg(windows_zip()),
    )?;
    remove(&stage)
}

/// The Python sdist, the npm tarball and the crate packages.
fn packages(dist: &Dist) -> Result<(), String> {
    let python = dist.out.join("python");
    run_command(
        dist.command(dist.tool("maturin")).current_dir(dist.root.join("python")).args(["sdist", "--out"]).arg(&python),
    )?;
    // The npm package, built as `cargo xtask wasm` builds it.
    let bindgen = crate::test::wasm_bindgen(&dist.root)?;
    run_command(dist.cargo().args(["xtask", "wasm"]).env("WASM_BINDGEN", &bindgen))?;
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| dist.root.join("target"), PathBuf::from);
    let npm = dist.out.join("npm");
    fs::create_dir_all(&npm).map_err(|e| format!("cannot create {}: {e}", npm.display()))?;
    for entry in fs::read_dir(target.join("npm")).map_err(|e| format!("cannot read the npm package: {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_some_and(|e| e == "tgz") && path.to_string_lossy().contains(VERSION) {
            copy(&path, &npm.join(path.file_name().unwrap_or_default()))?;
        }
    }
    // Every crate meant for crates.io, packaged and built from its package
    // as a user would get it (cargo package's verification), in a target
    // folder of its own made anew: cargo never rebuilds a registry
    // package it has built, and the verification's temporary registry
    // has the same name in every run. (`--allow-dirty`: the artifacts are
    // the working tree's, as the others are.)
    forget_unpacked_packages()?;
    let packages = target.join("dist-package");
    if packages.exists() {
        remove(&packages)?;
    }
    let mut package = dist.cargo();
    package.args(["package", "--locked", "--allow-dirty", "--quiet"]).env("CARGO_TARGET_DIR", &packages);
    for name in PUBLISHED {
        package.args(["-p", name]);
    }
    run_command(&mut package)?;
    let crates = dist.out.join("crates");
    fs::create_dir_all(&crates).map_err(|e| format!("cannot create {}: {e}", crates.display()))?;
    for name in PUBLISHED {
        let file = format!("{name}-{VERSION}.crate");
        copy(&packages.join("package").join(&file), &crates.join(&file))?;
    }
    Ok(())
}

/// Removes what an earlier `cargo package` unpacked of this version's
/// packages. cargo verifies a package against its dependencies' new
/// packages, through a temporary registry, but unpacks them under
/// `$CARGO_HOME/registry/src/` in a folder named the same in every run and
/// keeps an unpacked copy it finds there: a package made before a change
/// would be built in its place. crates.io's own folders are left alone.
fn forget_unpacked_packages() -> Result<(), String> {
    let home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .ok_or("neither CARGO_HOME nor HOME is set")?;
    let Ok(registries) = fs::read_dir(home.join("registry/src")) else { return Ok(()) };
    for registry in registries.flatten() {
        if registry.file_name().to_string_lossy().starts_with("index.crates.io") {
            continue;
        }
        for name in PUBLISHED {
            let unpacked = registry.path().join(format!("{name}-{VERSION}"));
            if unpacked.exists() {
                remove(&unpacked)?;
            }
        }
    }
    Ok(())
}

/// The C library's exported functions, from the export list the Linux
/// library is linked with (`crates/dds-capi/libdds.map`).
pub(crate) fn exports(dist: &Dist) -> Result<Vec<String>, String> {
    let map = read(&dist.root.join("crates/dds-capi/libdds.map"))?;
    let global = map
        .split("global:")
        .nth(1)
        .and_then(|rest| rest.split("local:").next())
        .ok_or("libdds.map has no global: list")?;
    let names: Vec<String> = global.split(';').map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned).collect();
    if names.is_empty() {
        return Err("libdds.map exports nothing".to_owned());
    }
    Ok(names)
}

/// A module-definition file for dds.dll (mingw-w64's dlltool and MSVC's
/// `lib /def:dds.def` make import libraries from it).
fn def_file(names: &[String]) -> String {
    let mut def = "LIBRARY dds.dll\nEXPORTS\n".to_owned();
    for name in names {
        def.push_str(&format!("    {name}\n"));
    }
    def
}

/// A fresh folder `name` under `target/dist-stage`.
fn staging(dist: &Dist, name: &str) -> Result<PathBuf, String> {
    let dir = dist.root.join("target/dist-stage").join(name);
    if dir.exists() {
        remove(&dir)?;
    }
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

/// A gzipped tarball of the staged folder in the dist folder, with owners
/// and times that do not depend on the machine.
fn tarball(dist: &Dist, stage: &Path) -> Result<(), String> {
    let name = stage.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let parent = stage.parent().ok_or("a staging folder has a parent")?;
    run_command(
        dist.command("tar")
            .current_dir(parent)
            .args(["--sort=name", "--owner=0", "--group=0", "--numeric-owner", "--mtime=@0", "-czf"])
            .arg(dist.out.join(format!("{name}.tar.gz")))
            .arg(&name),
    )?;
    remove(stage)
}

/// The README, licence and change log beside the artifact's files.
fn docs(dist: &Dist, stage: &Path) -> Result<(), String> {
    for file in ["README.md", "LICENSE", "CHANGELOG.md"] {
        copy(&dist.root.join(file), &stage.join(file))?;
    }
    Ok(())
}

/// DDS's `dll.h` and `ddsrs.h` into `include` (`include/dds/dll.h`).
pub(crate) fn headers(dist: &Dist, include: &Path) -> Result<(), String> {
    let from = dist.root.join("crates/dds-capi/include");
    fs::create_dir_all(include.join("dds")).map_err(|e| format!("cannot create {}: {e}", include.display()))?;
    copy(&from.join("dds/dll.h"), &include.join("dds/dll.h"))?;
    copy(&from.join("ddsrs.h"), &include.join("ddsrs.h"))
}

pub(crate) fn copy(from: &Path, to: &Path) -> Result<(), String> {
    fs::copy(from, to).map(|_| ()).map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

fn remove(dir: &Path) -> Result<(), String> {
    fs::remove_dir_all(dir).map_err(|e| format!("cannot remove {}: {e}", dir.display()))
}

pub(crate) fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_packages_are_the_members_not_marked_unpublished() {
        let root = xtask::project_root();
        let mut published = Vec::new();
        for dir in ["crates", "."] {
            for entry in fs::read_dir(root.join(dir)).unwrap() {
                let manifest = entry.unwrap().path().join("Cargo.toml");
                let Ok(text) = fs::read_to_string(&manifest) else { continue };
                let Some(name) = text.lines().find_map(|l| l.strip_prefix("name = ")) else { continue };
                if text.contains("[package]") && !text.contains("publish = false") {
                    published.push(name.trim_matches('"').to_owned());
                }
            }
        }
        published.sort();
        let mut expected = PUBLISHED.map(str::to_owned).to_vec();
        expected.sort();
        assert_eq!(published, expected);
    }

    #[test]
    fn the_def_file_lists_dds_functions_and_the_handle_api() {
        let dist = Dist { root: xtask::project_root(), out: PathBuf::new(), tools: PathBuf::new() };
        let names = exports(&dist).unwrap();
        for name in ["SolveBoard", "CalcDDtablePBN", "DealerPar", "AnalysePlayPBN", "GetDDSInfo", "dds_version"] {
            assert!(names.iter().any(|n| n == name), "{name} missing from {names:?}");
        }
        let def = def_file(&names);
        assert!(def.starts_with("LIBRARY dds.dll\nEXPORTS\n    SetMaxThreads\n"));
        assert_eq!(def.lines().count(), names.len() + 2);
    }
}
