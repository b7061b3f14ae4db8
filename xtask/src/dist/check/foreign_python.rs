//! The clean-room test of a wheel this machine's processor cannot run (the
//! aarch64 one): installed for Debian 12's Python 3 of that processor and
//! run by it under qemu user emulation.
//!
//! The Python is Debian's, as Debian ships it: `debootstrap
//! --download-only` resolves and downloads the packages of a minimal system
//! with `python3` for the other architecture (checking the archive's
//! signature with Debian's keyring), and `dpkg-deb -x` unpacks each one into
//! a root folder kept in `target/dist-tools` for the next runs. Neither step
//! runs a program of the other architecture or needs root. qemu runs that
//! root's `/usr/bin/python3` with `-L ROOT`, so the loader and libraries it
//! finds are the root's.
//!
//! The wheel and what it depends on (numpy) are installed by this machine's
//! pip for that Python (`pip install --target --platform --python-version`,
//! the tags computed from the emulated Python's version and glibc): pip
//! under emulation would take minutes and test nothing of the wheel. The
//! scripts then run with an environment of their own: no cargo or rustc on
//! the PATH, the install folder as PYTHONPATH, no user site folder.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::{numbers, readme_python_output, room, run_with_input, Known};
use crate::dist::{build, output, run_command, Dist};

/// The Debian release whose Python runs the wheel, and its name in messages.
const SUITE: &str = "bookworm";
const RELEASE: &str = "Debian 12";

/// The mirror used when apt's sources on this machine name none for [`SUITE`].
const DEFAULT_MIRROR: &str = "http://deb.debian.org/debian";

/// The file that marks a root folder as whole, holding what it was made of.
const STAMP: &str = ".ddsrs-root";

/// The glibc minor version of manylinux2014, the oldest policy pip is offered.
const MANYLINUX2014_GLIBC_MINOR: u32 = 17;

/// Prints the emulated Python's version, its glibc's version and its
/// processor, one a line.
const ABOUT: &str =
    "import platform, sys\nprint(platform.python_version())\nprint(platform.libc_ver()[1])\nprint(platform.machine())";

/// Prints where ddsrs and numpy were imported from, and numpy's version.
const LOCATIONS: &str = "import ddsrs, numpy\nprint(ddsrs.__file__)\nprint(numpy.__file__)\nprint(numpy.__version__)";

/// Installs `wheel` (built for `arch`) for Debian's Python of `arch`,
/// runs `tables.py` on the known deals and the README's example with it
/// under `qemu-ARCH-static`; the line that says so, starting with `what`.
pub(super) fn wheel_under_qemu(
    dist: &Dist,
    arch: &str,
    wheel: &Path,
    known: &Known,
    what: &str,
) -> Result<String, String> {
    let debian = debian_arch(arch).ok_or_else(|| format!("Debian has no architecture for {arch}"))?;
    let root = debian_root(dist, debian)?;
    let dir = room(dist, &format!("{arch}-python"))?;
    let site = dir.join("site");
    // The guest's PATH: qemu looks each absolute path up in the root first,
    // then on this machine, so neither may hold cargo or rustc.
    let path = "/usr/bin:/bin";
    for tool in ["cargo", "rustc"] {
        for folder in path.split(':') {
            let inside = root.join(folder.trim_start_matches('/')).join(tool);
            if inside.exists() || Path::new(folder).join(tool).exists() {
                return Err(format!("{tool} is on the clean room's PATH {path}"));
            }
        }
    }
    let python = || {
        let mut cmd = Command::new(format!("qemu-{arch}-static"));
        cmd.arg("-L")
            .arg(&root)
            .arg(root.join("usr/bin/python3"))
            .env_clear()
            .env("PATH", path)
            .env("PYTHONPATH", &site)
            .env("PYTHONNOUSERSITE", "1")
            .current_dir(&dir);
        cmd
    };

    let about = output(python().args(["-c", ABOUT]))?;
    let [version, glibc, machine] = lines(&about, "the emulated Python's version, glibc and processor")?;
    if machine != arch {
        return Err(format!("{RELEASE}'s {debian} Python says its processor is {machine:?}, not {arch}"));
    }
    let python_version = version.split('.').take(2).collect::<Vec<_>>().join(".");
    let mut pip = Command::new(dist.tool("python"));
    pip.args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--only-binary=:all:"])
        .args(["--implementation", "cp", "--python-version", &python_version, "--target"])
        .arg(&site);
    for platform in manylinux_platforms(arch, &glibc)? {
        pip.args(["--platform", &platform]);
    }
    run_command(pip.arg(wheel))?;

    let located = output(python().args(["-c", LOCATIONS]))?;
    let [ddsrs, numpy, numpy_version] = lines(&located, "where ddsrs and numpy were imported from")?;
    for file in [&ddsrs, &numpy] {
        if !Path::new(file).starts_with(&site) {
            return Err(format!("the emulated Python imported {file}, not the wheel installed in {}", site.display()));
        }
    }

    for script in ["xtask/dist/tables.py", "python/examples/readme.py"] {
        build::copy(&dist.root.join(script), &dir.join(Path::new(script).file_name().unwrap_or_default()))?;
    }
    let tables = run_with_input(python().arg("tables.py"), &known.deals)?;
    let result = known.check(
        &format!(
            "{what}, with numpy {numpy_version}, under qemu-{arch}-static by {RELEASE}'s {debian} Python {version}"
        ),
        numbers(&tables)?,
    )?;
    let printed = output(python().arg("readme.py"))?;
    let promised = readme_python_output(&dist.root)?;
    if printed.trim() != promised {
        return Err(format!(
            "the README's Python example printed {printed:?} under qemu, the README says {promised:?}"
        ));
    }
    Ok(format!("{result}; the README's example prints {promised:?}"))
}

/// Debian's name of a processor architecture.
fn debian_arch(arch: &str) -> Option<&'static str> {
    match arch {
        "aarch64" => Some("arm64"),
        "x86_64" => Some("amd64"),
        _ => None,
    }
}

/// The first `N` lines of a program's output, trimmed.
fn lines<const N: usize>(text: &str, what: &str) -> Result<[String; N], String> {
    let found: Vec<String> = text.lines().map(|l| l.trim().to_owned()).take(N).collect();
    found.try_into().map_err(|_| format!("{what}: expected {N} lines, got {text:?}"))
}

/// A root folder holding Debian's `python3` for the architecture `debian`
/// (and the minimal system it needs), made once in
/// `target/dist-tools/DEBIAN-root`; its stamp file says it is whole.
fn debian_root(dist: &Dist, debian: &str) -> Result<PathBuf, String> {
    let root = dist.tools.join(format!("{debian}-root"));
    let stamp = root.join(STAMP);
    let recipe = format!("debootstrap {SUITE} --arch={debian} --variant=minbase --include=python3\n");
    if fs::read_to_string(&stamp).is_ok_and(|made| made == recipe) {
        return Ok(root);
    }
    if root.exists() {
        fs::remove_dir_all(&root).map_err(|e| format!("cannot remove {}: {e}", root.display()))?;
    }
    fs::create_dir_all(&root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
    let mirror = mirror();
    println!("xtask dist: {RELEASE}'s {debian} python3 from {mirror} into {} (once)", root.display());
    // Not on the PATH of users other than root.
    let debootstrap = if Path::new("/usr/sbin/debootstrap").exists() { "/usr/sbin/debootstrap" } else { "debootstrap" };
    output(
        Command::new(debootstrap)
            .args(["--download-only", &format!("--arch={debian}"), "--variant=minbase", "--include=python3", SUITE])
            .arg(&root)
            .arg(&mirror),
    )?;
    let archives = root.join("var/cache/apt/archives");
    let mut debs: Vec<PathBuf> = fs::read_dir(&archives)
        .map_err(|e| format!("cannot read {}: {e}", archives.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "deb"))
        .collect();
    if debs.is_empty() {
        return Err(format!("debootstrap downloaded no packages into {}", archives.display()));
    }
    debs.sort();
    for deb in &debs {
        output(Command::new("dpkg-deb").arg("-x").arg(deb).arg(&root))?;
    }
    // The unpacked files are what is kept; the packages are not needed again.
    for deb in &debs {
        fs::remove_file(deb).map_err(|e| format!("cannot remove {}: {e}", deb.display()))?;
    }
    fs::write(&stamp, recipe).map_err(|e| format!("cannot write {}: {e}", stamp.display()))?;
    Ok(root)
}

/// This machine's Debian mirror for [`SUITE`], from apt's sources
/// (`/etc/apt/sources.list` and `/etc/apt/sources.list.d`), or
/// [`DEFAULT_MIRROR`] when they name none.
fn mirror() -> String {
    let mut files = vec![PathBuf::from("/etc/apt/sources.list")];
    if let Ok(entries) = fs::read_dir("/etc/apt/sources.list.d") {
        let mut more: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        more.sort();
        files.extend(more);
    }
    files
        .iter()
        .filter_map(|file| {
            let deb822 = match file.extension().and_then(|e| e.to_str()) {
                Some("sources") => true,
                Some("list") => false,
                _ => return None,
            };
            mirror_in(&fs::read_to_string(file).ok()?, deb822)
        })
        .next()
        .unwrap_or_else(|| DEFAULT_MIRROR.to_owned())
}

/// The first archive that apt's sources `text` name for [`SUITE`] (not its
/// security or updates suites): `deb822` for a `.sources` file's stanzas,
/// else a `.list` file's one-line entries. Only http, https and file
/// addresses, which debootstrap reads.
fn mirror_in(text: &str, deb822: bool) -> Option<String> {
    let usable = |uri: &str| ["http://", "https://", "file:/"].iter().any(|s| uri.starts_with(s));
    let found = if deb822 {
        // Stanzas apart by blank lines; "Field: value", continued on
        // indented lines; "#" starts a comment line.
        text.split("\n\n").find_map(|stanza| {
            let mut fields: Vec<(String, String)> = Vec::new();
            for line in stanza.lines().filter(|l| !l.trim_start().starts_with('#')) {
                if line.starts_with([' ', '\t']) {
                    if let Some((_, value)) = fields.last_mut() {
                        value.push(' ');
                        value.push_str(line.trim());
                    }
                } else if let Some((name, value)) = line.split_once(':') {
                    fields.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
                }
            }
            let field = |name: &str| fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or("");
            let enabled = !field("enabled").eq_ignore_ascii_case("no");
            (enabled
                && field("types").split_whitespace().any(|t| t == "deb")
                && field("suites").split_whitespace().any(|s| s == SUITE))
            .then(|| field("uris").split_whitespace().find(|u| usable(u)).map(str::to_owned))
            .flatten()
        })
    } else {
        text.lines().find_map(|line| {
            let line = line.split('#').next().unwrap_or("");
            let rest = line.trim().strip_prefix("deb ")?.trim_start();
            // Options in brackets come before the address.
            let rest = match rest.strip_prefix('[') {
                Some(options) => options.split_once(']')?.1,
                None => rest,
            };
            let mut words = rest.split_whitespace();
            let (uri, suite) = (words.next()?, words.next()?);
            (suite == SUITE && usable(uri)).then(|| uri.to_owned())
        })
    };
    found.map(|uri| uri.trim_end_matches('/').to_owned())
}

/// The platform tags pip may take wheels of for a Python on `arch` with
/// glibc `glibc` (`2.36`): `manylinux_2_N_ARCH` from that version down to
/// manylinux2014's, and `manylinux2014_ARCH`, newest first.
fn manylinux_platforms(arch: &str, glibc: &str) -> Result<Vec<String>, String> {
    let minor = glibc
        .strip_prefix("2.")
        .and_then(|m| m.split('.').next())
        .and_then(|m| m.parse::<u32>().ok())
        .filter(|&m| m >= MANYLINUX2014_GLIBC_MINOR)
        .ok_or_else(|| format!("not a glibc version of manylinux2014 or later: {glibc:?}"))?;
    let mut platforms: Vec<String> =
        (MANYLINUX2014_GLIBC_MINOR..=minor).rev().map(|m| format!("manylinux_2_{m}_{arch}")).collect();
    platforms.push(format!("manylinux2014_{arch}"));
    Ok(platforms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mirror_is_the_suites_own_in_either_format() {
        let deb822 = "Types: deb\n# a comment\nURIs: http://deb.debian.org/debian/\nSuites: bookworm bookworm-updates\nComponents: main\n\nTypes: deb\nURIs: http://deb.debian.org/debian-security\nSuites: bookworm-security\n";
        assert_eq!(mirror_in(deb822, true).as_deref(), Some("http://deb.debian.org/debian"));
        let security_first = "Types: deb\nURIs: http://security.example/debian-security\nSuites: bookworm-security\n\nTypes: deb-src deb\nURIs:\n cdrom:/x\n https://mirror.example/debian\nSuites: bookworm\n";
        assert_eq!(mirror_in(security_first, true).as_deref(), Some("https://mirror.example/debian"));
        assert_eq!(mirror_in("Types: deb\nURIs: http://a.example/debian\nSuites: bookworm\nEnabled: no\n", true), None);
        assert_eq!(mirror_in("Types: deb-src\nURIs: http://a.example/debian\nSuites: bookworm\n", true), None);

        let list = "# deb http://old.example/debian bookworm main\ndeb http://deb.debian.org/debian-security bookworm-security main\ndeb [arch=amd64 signed-by=/k.gpg] http://ftp.example/debian bookworm main\n";
        assert_eq!(mirror_in(list, false).as_deref(), Some("http://ftp.example/debian"));
        assert_eq!(mirror_in("deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n", false), None);
        assert_eq!(
            mirror_in("deb [ arch=amd64 ] http://x.example/debian bookworm main\n", false).as_deref(),
            Some("http://x.example/debian")
        );
    }

    #[test]
    fn pip_is_offered_every_manylinux_policy_the_glibc_runs() {
        assert_eq!(
            manylinux_platforms("aarch64", "2.19").unwrap(),
            ["manylinux_2_19_aarch64", "manylinux_2_18_aarch64", "manylinux_2_17_aarch64", "manylinux2014_aarch64"]
        );
        assert_eq!(manylinux_platforms("aarch64", "2.36").unwrap().len(), 36 - 17 + 2);
        assert!(manylinux_platforms("aarch64", "2.5").is_err());
        assert!(manylinux_platforms("aarch64", "").is_err());
    }

    #[test]
    fn a_programs_lines_are_counted() {
        let [a, b] = lines::<2>("3.11.2\n 2.36 \naarch64\n", "x").unwrap();
        assert_eq!((a.as_str(), b.as_str()), ("3.11.2", "2.36"));
        assert!(lines::<3>("3.11.2\n", "x").unwrap_err().contains("expected 3 lines"));
        assert_eq!(debian_arch("aarch64"), Some("arm64"));
        assert_eq!(debian_arch("riscv64"), None);
    }
}
