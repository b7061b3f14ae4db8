//! The library as C programs see it.
//!
//! Each program of `tests/c/` is compiled with `cc -std=c99 -Wall -Werror
//! -O1` against DDS's own header (`/usr/include/dds/dll.h`, from Debian's
//! libdds-dev) and linked with `-ldds` against this crate's `libddscapi.so`,
//! reached through `libdds.so` and `libdds.so.0` links in a scratch
//! directory; the program runs with that directory as `LD_LIBRARY_PATH` and
//! as its working directory, and each test checks that the library the
//! program loaded is ours (the program prints where `SolveBoard` came from,
//! and `ldd` must agree), not Debian's `/usr/lib/x86_64-linux-gnu/libdds.so.0`.
//!
//! * `functions.c`: every function of `dll.h` and `SolveAllBoardsBin` with
//!   the known answers of `fixtures/dds-hands/list10.txt` (FUT, TABLE, PAR,
//!   PAR2, PLAY/TRACE), DDS's status code for each kind of bad input, DDS's
//!   text formats and mode semantics, and (`--ours`) NULL pointers.
//! * `threads.c`: eight threads at once, on distinct thread indices and all
//!   on thread index 0.
//! * `stress.c` (built against our headers): sixteen threads at once, each
//!   making every call of `dll.h` and `ddsrs.h` (good inputs, about fifty
//!   bad ones, and `SetMaxThreads`, `SetResources`, `SetThreading`,
//!   `FreeMemory` among them) twice, each answer equal to the one the same
//!   call gave in a sequential run first and, for the good ones, to the hand
//!   file's known answers. The same program runs under ThreadSanitizer in
//!   `cargo xtask tsan` (docs/sanitizers.md).
//! * `nm -D`: the library exports the functions of `dll.h`,
//!   `SolveAllBoardsBin` and the handle API (`dds_*`), nothing else.
//! * `differential.c`, only with `DDS_ORACLE=1` in the environment (this
//!   crate has no `oracle` feature; the variable plays its part): random
//!   deals and positions through our library and DDS 2.9 itself, loaded side
//!   by side, every output compared. `DDS_ORACLE_CASES` (default 50),
//!   `DDS_ORACLE_SEED` (default 1) and `DDS_ORACLE_LIB` (default Debian's
//!   `/usr/lib/x86_64-linux-gnu/libdds.so.0`) tune it.
//!
//! Without `cc` or DDS's header these tests fail, saying to run
//! `apt-get install libdds-dev build-essential`; they never pass by doing
//! nothing. `tests/c/README.md` shows how to run each program by hand,
//! against our library or against Debian's DDS.

mod common;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The 29 functions of DDS 2.9's `dll.h`.
const DLL_H_FUNCTIONS: [&str; 29] = [
    "SetMaxThreads",
    "SetThreading",
    "SetResources",
    "FreeMemory",
    "SolveBoard",
    "SolveBoardPBN",
    "CalcDDtable",
    "CalcDDtablePBN",
    "CalcAllTables",
    "CalcAllTablesPBN",
    "SolveAllBoards",
    "SolveAllChunks",
    "SolveAllChunksBin",
    "SolveAllChunksPBN",
    "Par",
    "CalcPar",
    "CalcParPBN",
    "SidesPar",
    "DealerPar",
    "DealerParBin",
    "SidesParBin",
    "ConvertToDealerTextFormat",
    "ConvertToSidesTextFormat",
    "AnalysePlayBin",
    "AnalysePlayPBN",
    "AnalyseAllPlaysBin",
    "AnalyseAllPlaysPBN",
    "GetDDSInfo",
    "ErrorMessage",
];

/// A scratch directory where `-ldds` and the dynamic loader find our library.
struct Linked {
    dir: common::TempDir,
    library: PathBuf,
}

impl Linked {
    fn new(tag: &str) -> Self {
        common::require_c_toolchain();
        let library = common::our_library();
        let dir = common::TempDir::new(tag);
        for name in ["libdds.so.0", "libdds.so"] {
            let link = dir.path().join(name);
            std::os::unix::fs::symlink(&library, &link)
                .unwrap_or_else(|err| panic!("cannot link {} to {}: {err}", link.display(), library.display()));
        }
        Linked { dir, library }
    }

    /// Compiles `tests/c/PROGRAM.c` against DDS's header and our library.
    fn build(&self, program: &str) -> PathBuf {
        self.build_with(program, &[])
    }

    /// Compiles `tests/c/PROGRAM.c` against our own headers
    /// (`crates/dds-capi/include`: `dds/dll.h` and `ddsrs.h`) and our
    /// library, as a new program would be built.
    fn build_with_our_headers(&self, program: &str) -> PathBuf {
        let include = format!("-I{}", Path::new(env!("CARGO_MANIFEST_DIR")).join("include").display());
        self.build_with(program, &[&include])
    }

    fn build_with(&self, program: &str, flags: &[&str]) -> PathBuf {
        let exe = self.dir.path().join(format!("{program}{}", flags.len()));
        let search = format!("-L{}", self.dir.path().display());
        let mut extra: Vec<&str> = flags.to_vec();
        extra.extend([search.as_str(), "-ldds", "-lpthread", "-ldl"]);
        common::compile(&common::c_source(&format!("{program}.c")), &exe, &extra);
        self.assert_ldd_finds_ours(&exe);
        exe
    }

    fn run<S: AsRef<OsStr>>(&self, exe: &Path, args: &[S]) -> Output {
        Command::new(exe)
            .args(args)
            .env("LD_LIBRARY_PATH", self.dir.path())
            .current_dir(self.dir.path())
            .output()
            .unwrap_or_else(|err| panic!("cannot run {}: {err}", exe.display()))
    }

    /// `ldd` resolves the program's `libdds.so.0` to our library.
    fn assert_ldd_finds_ours(&self, exe: &Path) {
        let Ok(output) = Command::new("ldd").arg(exe).env("LD_LIBRARY_PATH", self.dir.path()).output() else {
            return; // no ldd: the program's own report (loaded-from) still checks it
        };
        let text = String::from_utf8_lossy(&output.stdout);
        let line = text.lines().find(|l| l.trim_start().starts_with("libdds.so"));
        let resolved = line.and_then(|l| l.split("=>").nth(1)).and_then(|rest| rest.split_whitespace().next());
        let Some(resolved) = resolved else {
            panic!("ldd {} names no libdds.so.0:\n{}", exe.display(), common::describe(&output));
        };
        assert!(
            same_file(Path::new(resolved), &self.library),
            "ldd {}: libdds.so.0 resolves to {resolved}, not to {}:\n{text}",
            exe.display(),
            self.library.display()
        );
    }

    /// The program's `loaded-from: PATH` line names our library.
    fn assert_loaded_ours(&self, output: &Output) {
        let stdout = String::from_utf8_lossy(&output.stdout);
        let Some(path) = stdout.lines().find_map(|l| l.strip_prefix("loaded-from: ")) else {
            panic!("the program did not say which library it loaded:\n{}", common::describe(output));
        };
        assert!(
            same_file(Path::new(path), &self.library),
            "the program loaded {path}, not our {}:\n{}",
            self.library.display(),
            common::describe(output)
        );
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Runs a program and fails with its whole output unless it exits with 0.
fn run_and_check<S: AsRef<OsStr>>(linked: &Linked, exe: &Path, args: &[S]) -> Output {
    let output = linked.run(exe, args);
    linked.assert_loaded_ours(&output);
    assert!(output.status.success(), "{} failed:\n{}", exe.display(), common::describe(&output));
    output
}

#[test]
fn functions_known_answers_status_codes_and_null_pointers() {
    let linked = Linked::new("functions");
    let exe = linked.build("functions");
    let fixture = common::fixture("list10.txt");
    let output = run_and_check(&linked, &exe, &[fixture.as_os_str(), OsStr::new("--ours")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().find(|l| l.starts_with("functions: ")).unwrap_or("(no summary)");
    eprintln!("{summary}");
    assert!(summary.ends_with(" 0 failures"), "{}", common::describe(&output));
}

/// `functions.c` again, built against our `dds/dll.h` instead of DDS's:
/// the header is a drop-in for DDS's.
#[test]
fn functions_built_with_our_header() {
    let linked = Linked::new("functions-ours");
    let exe = linked.build_with_our_headers("functions");
    let fixture = common::fixture("list10.txt");
    let output = run_and_check(&linked, &exe, &[fixture.as_os_str(), OsStr::new("--ours")]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().find(|l| l.starts_with("functions: ")).unwrap_or("(no summary)");
    assert!(summary.ends_with(" 0 failures"), "{}", common::describe(&output));
}

/// The handle API of `ddsrs.h`: known answers, NULLs, status codes, and a
/// solver per thread.
#[test]
fn handle_api() {
    let linked = Linked::new("handle");
    let exe = linked.build_with_our_headers("handle");
    let fixture = common::fixture("list10.txt");
    let output = run_and_check(&linked, &exe, &[fixture.as_os_str()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let summary = stdout.lines().find(|l| l.starts_with("handle: ")).unwrap_or("(no summary)");
    eprintln!("{summary}");
    assert!(summary.ends_with(" 0 failures"), "{}", common::describe(&output));
}

#[test]
fn threads_call_at_once() {
    let linked = Linked::new("threads");
    let exe = linked.build("threads");
    let fixture = common::fixture("list10.txt");
    let output = run_and_check(&linked, &exe, &[fixture.as_os_str()]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    eprintln!("{}", stdout.lines().filter(|l| !l.starts_with("loaded-from")).collect::<Vec<_>>().join("\n"));
}

/// The records of `list10.txt` the stress program uses: four whose tables
/// take a few milliseconds (the first two take a tenth of a second each),
/// with all four vulnerabilities, three dealers and three first seats of
/// the PBN text among them.
const STRESS_RECORDS: &str = "2,4,5,6";

/// Every function of `dll.h` and `ddsrs.h` from sixteen threads at once,
/// answers checked against a sequential run and the known answers.
#[test]
fn stress_sixteen_threads_every_function() {
    let linked = Linked::new("stress");
    let exe = linked.build_with_our_headers("stress");
    let fixture = common::fixture("list10.txt");
    let args = [fixture.as_os_str(), OsStr::new("--records"), OsStr::new(STRESS_RECORDS)];
    let output = run_and_check(&linked, &exe, &args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    for line in stdout.lines().filter(|l| l.starts_with("sequential: ") || l.starts_with("parallel: ")) {
        eprintln!("{line}");
    }
    let summary = stdout.lines().find(|l| l.starts_with("stress: ")).unwrap_or("(no summary)");
    eprintln!("{summary}");
    assert!(summary.ends_with(" 0 failures"), "{}", common::describe(&output));
    assert!(
        stdout.contains("parallel: 16 threads x 2 rounds"),
        "the program ran other than 16 threads and 2 rounds:\n{}",
        common::describe(&output)
    );
}

#[test]
fn exports_exactly_dll_h() {
    let library = common::our_library();
    let output = Command::new("nm")
        .args(["-D", "--defined-only"])
        .arg(&library)
        .output()
        .unwrap_or_else(|err| panic!("cannot run nm ({err}): {}", common::INSTALL_HINT));
    assert!(output.status.success(), "nm -D {} failed:\n{}", library.display(), common::describe(&output));
    let text = String::from_utf8_lossy(&output.stdout);

    // The handle API: the functions `ddsrs.h` declares, no more and no
    // fewer.
    let header = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("include/ddsrs.h")).unwrap();
    // The identifier before each `(`.
    let handle: Vec<&str> = header
        .split('(')
        .filter_map(|before| before.rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next())
        .filter(|name| name.starts_with("dds_"))
        .collect();
    assert!(handle.len() >= 10, "ddsrs.h declares {handle:?}");
    let expected: Vec<&str> =
        DLL_H_FUNCTIONS.iter().copied().chain(["SolveAllBoardsBin"]).chain(handle.iter().copied()).collect();
    let mut found = Vec::new();
    let mut unexpected = Vec::new();
    for line in text.lines() {
        // "ADDRESS TYPE NAME", or "TYPE NAME" for a symbol without an address
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (kind, name) = match fields[..] {
            [_, kind, name] | [kind, name] => (kind, name),
            _ => {
                unexpected.push(format!("unparsed line `{line}`"));
                continue;
            }
        };
        let name = name.split('@').next().unwrap_or(name); // drop a version suffix
        if kind == "T" && expected.contains(&name) {
            found.push(name.to_owned());
        } else {
            unexpected.push(format!("{kind} {name}"));
        }
    }
    // The version script names the same functions.
    let map = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("libdds.map")).unwrap();
    let global = map.split("global:").nth(1).and_then(|rest| rest.split("local:").next()).unwrap_or("");
    let mut in_map: Vec<&str> = global.split(';').map(str::trim).filter(|s| !s.is_empty()).collect();
    let mut sorted = expected.clone();
    in_map.sort_unstable();
    sorted.sort_unstable();
    assert_eq!(in_map, sorted, "libdds.map's global list against dll.h, SolveAllBoardsBin and ddsrs.h");
    let missing: Vec<&&str> = expected.iter().filter(|name| !found.iter().any(|f| f == *name)).collect();
    assert!(
        missing.is_empty() && unexpected.is_empty(),
        "nm -D --defined-only {}:\nmissing (expected as T): {missing:?}\nunexpected: {unexpected:#?}",
        library.display()
    );
}

/// Debian's DDS 2.9, the oracle of the differential test.
const DEBIAN_DDS: &str = "/usr/lib/x86_64-linux-gnu/libdds.so.0";

/// Random deals and positions through our library and DDS itself.
///
/// Runs only with `DDS_ORACLE=1` (passes, saying it was skipped, otherwise);
/// `DDS_ORACLE_CASES`, `DDS_ORACLE_SEED` and `DDS_ORACLE_LIB` tune it.
#[test]
fn differential_against_dds() {
    if std::env::var_os("DDS_ORACLE").is_none_or(|v| v != "1") {
        eprintln!("differential_against_dds skipped: set DDS_ORACLE=1 to compare with DDS 2.9 itself");
        return;
    }
    let oracle = std::env::var("DDS_ORACLE_LIB").unwrap_or_else(|_| DEBIAN_DDS.to_owned());
    assert!(Path::new(&oracle).is_file(), "DDS itself ({oracle}) is missing: {}", common::INSTALL_HINT);
    let cases = std::env::var("DDS_ORACLE_CASES").unwrap_or_else(|_| "50".to_owned());
    let seed = std::env::var("DDS_ORACLE_SEED").unwrap_or_else(|_| "1".to_owned());

    common::require_c_toolchain();
    let library = common::our_library();
    let dir = common::TempDir::new("differential");
    let exe = dir.path().join("differential");
    common::compile(&common::c_source("differential.c"), &exe, &["-ldl"]);
    let output = Command::new(&exe)
        .arg(&library)
        .arg(&oracle)
        .args([&cases, &seed])
        .current_dir(dir.path())
        .output()
        .unwrap_or_else(|err| panic!("cannot run {}: {err}", exe.display()));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let loaded = stdout.lines().find(|l| l.starts_with("ours: ")).unwrap_or("");
    assert!(
        loaded.contains(&format!("SolveBoard from {}", library.display())),
        "the library compared is not ours ({}):\n{}",
        library.display(),
        common::describe(&output)
    );
    assert!(output.status.success(), "our library differs from DDS:\n{}", common::describe(&output));
    eprintln!("{}", stdout.lines().last().unwrap_or(""));
}
