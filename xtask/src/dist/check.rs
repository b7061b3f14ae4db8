//! The clean-room tests of `cargo xtask dist --test`: each artifact
//! unpacked or installed in a folder of its own outside the repository and
//! run as a user runs it (under qemu for aarch64, under Wine for Windows),
//! its answers compared with DDS 2.9's from the fixtures' TABLE lines.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use dds_model::{Seat, Strain};

use super::build::{self, command_tarball, library_tarball, windows_zip};
use super::{output, run_command, Dist, Platform, VERSION};

mod foreign_python;

/// Tests the artifacts of `platform`; one line per test passed.
pub(crate) fn platform(dist: &Dist, platform: Platform) -> Result<Vec<String>, String> {
    match platform {
        Platform::LinuxX86_64 | Platform::LinuxAarch64 => linux(dist, platform),
        Platform::WindowsX86_64 => windows(dist),
        Platform::Packages => packages(dist),
    }
}

/// Deals with DDS 2.9's tables: a fixture file's deals (PBN, one a line)
/// and each one's table as 20 numbers (strains S H D C NT by declarers
/// N E S W, as `table.c` and `tables.py` print them).
struct Known {
    file: &'static str,
    deals: String,
    tables: Vec<Vec<u8>>,
}

impl Known {
    fn load(file: &'static str) -> Result<Known, String> {
        let records = dds_fixtures::load_hand_file(file).map_err(|e| format!("{file}: {e}"))?;
        let (mut deals, mut tables) = (String::new(), Vec::new());
        for record in records {
            let table = record.table.ok_or_else(|| format!("{file}: a record without a TABLE line"))?;
            deals.push_str(&format!("{}\n", record.deal));
            tables.push(Strain::ALL.iter().flat_map(|&s| Seat::ALL.map(|h| table[s][h])).collect());
        }
        Ok(Known { file, deals, tables })
    }

    /// Whether `got` (one table a line) equals DDS 2.9's tables.
    fn check(&self, what: &str, got: Vec<Vec<u8>>) -> Result<String, String> {
        if got.len() != self.tables.len() {
            return Err(format!("{what}: {} tables for the {} deals of {}", got.len(), self.tables.len(), self.file));
        }
        if let Some(i) = (0..got.len()).find(|&i| got[i] != self.tables[i]) {
            return Err(format!("{what}: deal {} of {}: {:?}, DDS 2.9 {:?}", i + 1, self.file, got[i], self.tables[i]));
        }
        Ok(format!("{what}: the {} tables of {} equal DDS 2.9's", got.len(), self.file))
    }
}

/// Lines of whitespace-separated numbers (`table.c`'s and `tables.py`'s output).
fn numbers(text: &str) -> Result<Vec<Vec<u8>>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|n| n.parse().map_err(|_| format!("not a table line: {l:?}"))).collect())
        .collect()
}

/// The tables of `dds table`'s text output: after each deal, a header and
/// a row a declarer (N E S W) of tricks in NT S H D C; returned in the
/// order of [`numbers`].
fn command_tables(text: &str) -> Result<Vec<Vec<u8>>, String> {
    let rows: Vec<Vec<u8>> = text
        .lines()
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            matches!(words.next(), Some("N" | "E" | "S" | "W")).then(|| words.filter_map(|n| n.parse().ok()).collect())
        })
        .collect();
    if rows.len() % 4 != 0 || rows.iter().any(|r: &Vec<u8>| r.len() != 5) {
        return Err(format!("not dds table's output: {text:?}"));
    }
    // Rows N E S W, columns NT S H D C -> strains S H D C NT by N E S W.
    Ok(rows
        .chunks(4)
        .map(|t| [1, 2, 3, 4, 0].iter().flat_map(|&c| t.iter().map(move |row| row[c])).collect())
        .collect())
}

/// Removes the clean rooms of this run (after every test passed; a
/// failed run leaves them to look at).
pub(crate) fn clean_up() {
    let prefix = format!("ddsrs-dist-{}-", std::process::id());
    if let Ok(entries) = fs::read_dir(std::env::temp_dir()) {
        for entry in entries.flatten() {
            if entry.file_name().to_string_lossy().starts_with(&prefix) {
                let _ = fs::remove_dir_all(entry.path());
            }
        }
    }
}

/// A fresh folder outside the repository for one test.
fn room(dist: &Dist, name: &str) -> Result<PathBuf, String> {
    let dir = std::env::temp_dir().join(format!("ddsrs-dist-{}-{name}", std::process::id()));
    if dir.starts_with(&dist.root) {
        return Err(format!("the temporary folder {} is inside the repository", dir.display()));
    }
    if dir.exists() {
        fs::remove_dir_all(&dir).map_err(|e| format!("cannot empty {}: {e}", dir.display()))?;
    }
    fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    Ok(dir)
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Runs `cmd` with `input` on its standard input; its standard output.
fn run_with_input(cmd: &mut Command, input: &str) -> Result<String, String> {
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {:?}: {e}", cmd.get_program()))?;
    let mut stdin = child.stdin.take().ok_or("no standard input")?;
    let text = input.to_owned();
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, text.as_bytes()));
    let out = child.wait_with_output().map_err(|e| format!("{:?}: {e}", cmd.get_program()))?;
    let _ = writer.join();
    if !out.status.success() {
        return Err(format!(
            "{:?} failed ({}): {}",
            cmd.get_program(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Whether an ELF file has no program interpreter (a static executable).
fn is_static(elf: &[u8]) -> bool {
    let u16_at = |o: usize| elf.get(o..o + 2).map_or(0, |b| u16::from_le_bytes([b[0], b[1]]) as usize);
    let u64_at =
        |o: usize| elf.get(o..o + 8).map_or(0, |b| u64::from_le_bytes(b.try_into().unwrap_or([0; 8])) as usize);
    let (phoff, size, count) = (u64_at(0x20), u16_at(0x36), u16_at(0x38));
    elf.starts_with(b"\x7fELF\x02\x01")
        && count > 0
        && (0..count).all(|i| elf.get(phoff + i * size..phoff + i * size + 4) != Some(&3u32.to_le_bytes()[..]))
}

/// The highest `GLIBC_x.y` version a shared library asks for.
fn glibc_needed(objdump: &str, library: &Path) -> Result<(u32, u32), String> {
    let symbols = output(Command::new(objdump).arg("-T").arg(library))?;
    symbols
        .split("GLIBC_")
        .skip(1)
        .filter_map(|rest| {
            let version: String = rest.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
            Some((parts.next()?, parts.next().unwrap_or(0)))
        })
        .max()
        .ok_or_else(|| format!("{} asks for no glibc version", library.display()))
}

/// The command, the C library and the wheel of a Linux platform.
fn linux(dist: &Dist, platform: Platform) -> Result<Vec<String>, String> {
    let arch = platform.arch();
    let native = arch == std::env::consts::ARCH;
    // Emulated runs are slower: ten deals there, a hundred natively.
    let known = Known::load(if native { "list100.txt" } else { "list10.txt" })?;
    let emulator = |program: &Path| {
        if native {
            Command::new(program)
        } else {
            let mut cmd = Command::new(format!("qemu-{arch}-static"));
            cmd.arg("-L").arg(format!("/usr/{arch}-linux-gnu")).arg(program);
            cmd
        }
    };
    let mut passed = Vec::new();

    // The command: static, run with an empty environment from a folder
    // outside the repository.
    let dir = room(dist, &format!("{arch}-command"))?;
    unpack(&dist.out.join(format!("{}.tar.gz", command_tarball(arch))), &dir)?;
    let folder = dir.join(command_tarball(arch));
    let dds = folder.join("dds");
    let elf = fs::read(&dds).map_err(|e| format!("cannot read {}: {e}", dds.display()))?;
    if !is_static(&elf) {
        return Err(format!("{} has a program interpreter: it is not static", dds.display()));
    }
    write(&folder.join("deals.txt"), &known.deals)?;
    let out = output(emulator(Path::new("./dds")).env_clear().current_dir(&folder).args(["table", "deals.txt"]))?;
    passed.push(
        known.check(&format!("{arch} dds (static, {} bytes, empty environment)", elf.len()), command_tables(&out)?)?,
    );

    // The C library: a program that does not know where the tarball was
    // unpacked finds it through pkg-config.
    let dir = room(dist, &format!("{arch}-library"))?;
    unpack(&dist.out.join(format!("{}.tar.gz", library_tarball(arch))), &dir)?;
    let pkgconfig = dir.join(library_tarball(arch)).join("lib/pkgconfig");
    let pkg = |args: &[&str]| output(Command::new("pkg-config").env("PKG_CONFIG_LIBDIR", &pkgconfig).args(args));
    let flags = pkg(&["--cflags", "--libs", "dds"])?;
    let libdir = pkg(&["--variable=libdir", "dds"])?.trim().to_owned();
    let work = room(dist, &format!("{arch}-program"))?;
    build::copy(&dist.root.join("xtask/dist/table.c"), &work.join("table.c"))?;
    let compiler = if native { "cc".to_owned() } else { format!("{arch}-linux-gnu-gcc") };
    run_command(
        Command::new(&compiler)
            .current_dir(&work)
            .args(["-std=c99", "-O2", "table.c", "-o", "table"])
            .args(flags.split_whitespace()),
    )?;
    let out =
        run_with_input(emulator(&work.join("table")).env("LD_LIBRARY_PATH", &libdir).current_dir(&work), &known.deals)?;
    let objdump = if native { "objdump".to_owned() } else { format!("{arch}-linux-gnu-objdump") };
    let (major, minor) = glibc_needed(&objdump, &Path::new(&libdir).join("libdds.so.0"))?;
    if (major, minor) > (2, 17) {
        return Err(format!("libdds.so.0 for {arch} needs glibc {major}.{minor}, more than 2.17"));
    }
    passed.push(known.check(
        &format!("{arch} C library (glibc {major}.{minor} or later) through pkg-config, a C program ({compiler})"),
        numbers(&out)?,
    )?);

    // The wheel: its manylinux policy, and where this machine runs it, a
    // fresh virtual environment with no Rust toolchain on the PATH.
    let wheel = wheel(dist, arch)?;
    let shown = output(Command::new(dist.tool("auditwheel")).arg("show").arg(&wheel))?;
    let policy = shown
        .split_whitespace()
        .find(|w| w.trim_matches(|c: char| c == '"' || c == '.').starts_with("manylinux_"))
        .map(|w| w.trim_matches(|c: char| c == '"' || c == '.').to_owned())
        .ok_or_else(|| format!("auditwheel names no manylinux policy for {}: {shown}", wheel.display()))?;
    let name = wheel.file_name().unwrap_or_default().to_string_lossy().into_owned();
    if !native {
        let what = format!("{arch} wheel {name} ({policy})");
        passed.push(foreign_python::wheel_under_qemu(dist, arch, &wheel, &known, &what)?);
        return Ok(passed);
    }
    passed.push(wheel_in_a_fresh_venv(dist, &wheel, &known, &format!("{arch} wheel {name} ({policy})"))?);
    Ok(passed)
}

/// Installs the wheel into a new virtual environment whose PATH has no
/// cargo or rustc, runs `tables.py` and the README's example there.
fn wheel_in_a_fresh_venv(dist: &Dist, wheel: &Path, known: &Known, what: &str) -> Result<String, String> {
    let dir = room(dist, "venv")?;
    let venv = dir.join("venv");
    run_command(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    let path = format!("{}:/usr/bin:/bin", venv.join("bin").display());
    for tool in ["cargo", "rustc"] {
        if path.split(':').any(|d| Path::new(d).join(tool).exists()) {
            return Err(format!("{tool} is on the clean room's PATH {path}"));
        }
    }
    let python = venv.join("bin/python");
    run_command(
        Command::new(&python)
            .env("PATH", &path)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check"])
            .arg(wheel),
    )?;
    for script in ["xtask/dist/tables.py", "python/examples/readme.py"] {
        build::copy(&dist.root.join(script), &dir.join(Path::new(script).file_name().unwrap_or_default()))?;
    }
    let mut run = Command::new(&python);
    run.env_clear().env("PATH", &path).current_dir(&dir).arg("tables.py");
    let result = known.check(what, numbers(&run_with_input(&mut run, &known.deals)?)?)?;
    let printed = output(Command::new(&python).env_clear().env("PATH", &path).current_dir(&dir).arg("readme.py"))?;
    let promised = readme_python_output(&dist.root)?;
    if printed.trim() != promised {
        return Err(format!("the README's Python example printed {printed:?}, the README says {promised:?}"));
    }
    Ok(format!("{result}; the README's example prints {promised:?}"))
}

/// What the README says its Python example prints (the comment of its
/// `print` line), after checking that `python/examples/readme.py` is the
/// README's example.
fn readme_python_output(root: &Path) -> Result<String, String> {
    let readme = build::read(&root.join("README.md"))?;
    let example = build::read(&root.join("python/examples/readme.py"))?;
    let code: Vec<&str> = example.lines().filter(|l| !l.starts_with('#')).collect();
    let block = format!("```python\n{}\n```", code.join("\n"));
    if !readme.contains(&block) {
        return Err("python/examples/readme.py is not the README's Python example".to_owned());
    }
    code.iter()
        .find(|l| l.starts_with("print("))
        .and_then(|l| l.split("# ").nth(1))
        .map(|c| c.trim().to_owned())
        .ok_or_else(|| "the README's Python example has no print line with its output".to_owned())
}

/// The wheel built for `arch`.
fn wheel(dist: &Dist, arch: &str) -> Result<PathBuf, String> {
    let dir = dist.out.join("python");
    fs::read_dir(&dir)
        .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| {
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            name.contains("linux") && name.ends_with(&format!("_{arch}.whl"))
        })
        .ok_or_else(|| format!("no {arch} wheel in {}", dir.display()))
}

/// The Windows DLLs a program may import: Windows' own.
const WINDOWS_DLLS: [&str; 7] = [
    "kernel32.dll",
    "msvcrt.dll",
    "ntdll.dll",
    "userenv.dll",
    "ws2_32.dll",
    "bcryptprimitives.dll",
    "api-ms-win-core-synch-l1-2-0.dll",
];

/// `dds.exe` and a C program built against `dds.dll` with mingw-w64, under Wine.
fn windows(dist: &Dist) -> Result<Vec<String>, String> {
    let known = Known::load("list100.txt")?;
    let dir = room(dist, "windows")?;
    run_command(
        Command::new("python3")
            .current_dir(&dir)
            .args(["-m", "zipfile", "-e"])
            .arg(dist.out.join(format!("{}.zip", windows_zip())))
            .arg("."),
    )?;
    let folder = dir.join(windows_zip());
    let mut passed = Vec::new();
    for file in ["dds.exe", "dds.dll"] {
        let dump = output(Command::new("x86_64-w64-mingw32-objdump").arg("-p").arg(folder.join(file)))?;
        let foreign: Vec<&str> = dump
            .lines()
            .filter_map(|l| l.trim().strip_prefix("DLL Name: "))
            .filter(|d| !WINDOWS_DLLS.contains(&d.to_ascii_lowercase().as_str()))
            .collect();
        if !foreign.is_empty() {
            return Err(format!("{file} needs DLLs that Windows lacks: {foreign:?}"));
        }
        if file == "dds.dll" {
            let missing: Vec<String> =
                build::exports(dist)?.into_iter().filter(|n| !dump.contains(&format!(" {n}\n"))).collect();
            if !missing.is_empty() {
                return Err(format!("dds.dll does not export {missing:?}"));
            }
        }
    }
    passed.push(
        "windows dds.exe and dds.dll import only Windows' own DLLs; dds.dll exports DDS 2.9's functions and ddsrs.h's"
            .to_owned(),
    );
    // Debian's 64-bit Wine (the `wine` wrapper looks for 32-bit parts too).
    let wine_program =
        ["/usr/lib/wine/wine64", "/usr/bin/wine64"].into_iter().find(|p| Path::new(p).exists()).unwrap_or("wine");
    let prefix = dir.join("wine");
    let wine = |program: &str| {
        let mut cmd = Command::new(wine_program);
        cmd.arg(program).current_dir(&folder).env("WINEPREFIX", &prefix).env("WINEDEBUG", "-all");
        cmd
    };
    // A new prefix; its first start sets it up (and may complain of
    // parts it lacks, such as a display).
    let _ = wine("wineboot").stdout(Stdio::null()).stderr(Stdio::null()).status();
    if !prefix.join("drive_c/windows/system32/bcryptprimitives.dll").exists() {
        run_command(
            Command::new("x86_64-w64-mingw32-gcc")
                .current_dir(&folder)
                .args(["-O2", "-shared", "-o", "bcryptprimitives.dll"])
                .arg(dist.root.join("xtask/dist/wine/bcryptprimitives.c"))
                .arg("-ladvapi32"),
        )?;
        passed.push(
            "Wine lacks bcryptprimitives.dll (Windows 10 and later have it): a stand-in was put beside the programs"
                .to_owned(),
        );
    }
    write(&folder.join("deals.txt"), &known.deals)?;
    let out = output(wine("dds.exe").args(["table", "deals.txt"]))?;
    passed.push(known.check("windows dds.exe under Wine", command_tables(&out)?)?);
    run_command(
        Command::new("x86_64-w64-mingw32-gcc")
            .current_dir(&folder)
            .args(["-std=c99", "-O2", "-Iinclude", "-o", "table.exe"])
            .arg(dist.root.join("xtask/dist/table.c"))
            .args(["-L.", "-ldds"]),
    )?;
    let out = run_with_input(&mut wine("table.exe"), &known.deals)?;
    passed.push(known.check("windows: a C program built with mingw-w64 against dds.dll, under Wine", numbers(&out)?)?);
    Ok(passed)
}

/// The sdist's contents, the npm package's tests (an empty project
/// installs the tarball) and the crate packages' verification (done by
/// the build).
fn packages(dist: &Dist) -> Result<Vec<String>, String> {
    let sdist = dist.out.join(format!("python/ddsrs-{VERSION}.tar.gz"));
    let listing = output(Command::new("tar").arg("-tzf").arg(&sdist))?;
    for needed in ["pyproject.toml", "Cargo.toml", "src/lib.rs", "ddsrs/__init__.py"] {
        if !listing.lines().any(|l| l.ends_with(needed)) {
            return Err(format!("{} lacks {needed}", sdist.display()));
        }
    }
    let bindgen = crate::test::wasm_bindgen(&dist.root)?;
    run_command(dist.cargo().args(["xtask", "wasm", "--test"]).env("WASM_BINDGEN", &bindgen))?;
    let crates = super::files(&dist.out.join("crates"))?;
    Ok(vec![
        format!("sdist ddsrs-{VERSION}.tar.gz holds the package's sources ({} files)", listing.lines().count()),
        "npm: the package's Node tests, and the tarball installed in an empty project".to_owned(),
        format!("crates: cargo package built each of {} from its package", crates.join(", ")),
    ])
}

/// Unpacks a gzipped tarball into `dir`.
fn unpack(tarball: &Path, dir: &Path) -> Result<(), String> {
    run_command(Command::new("tar").arg("-xzf").arg(tarball).arg("-C").arg(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_of_the_command_are_read_in_dds_order() {
        // The README's deal: the command's table, and DDS's TABLE line
        // (list10.txt's first record).
        let text = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3\n     NT   S   H   D   C\n  N   6   5   6   5   7\n  E   6   8   6   7   5\n  S   6   5   6   5   7\n  W   6   8   6   7   5\n";
        let known = Known::load("list10.txt").unwrap();
        assert_eq!(command_tables(text).unwrap(), vec![known.tables[0].clone()]);
        assert!(command_tables("  N 1 2\n").is_err());
        assert!(known.check("x", vec![known.tables[1].clone()]).is_err());
    }

    #[test]
    fn a_static_executable_has_no_interpreter() {
        // This test's own executable is dynamically linked on Linux.
        let me = fs::read(std::env::current_exe().unwrap()).unwrap();
        assert!(!is_static(&me));
        assert!(!is_static(b"not an elf file"));
    }

    #[test]
    fn the_readme_example_is_the_file_and_says_what_it_prints() {
        assert_eq!(readme_python_output(&xtask::project_root()).unwrap(), "8 Par -110: EW 2S");
    }
}
