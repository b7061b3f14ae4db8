//! `cargo xtask capi [--prefix DIR]`: builds the C library (`dds-capi`)
//! and lays it out as DDS's: `lib/libdds.so.0` (soname `libdds.so.0`),
//! `lib/libdds.so`, `lib/libdds.a`, the headers `include/dds/dll.h`
//! (DDS 2.9's interface) and `include/ddsrs.h` (the handle API), and
//! `lib/pkgconfig/dds.pc`. The prefix defaults to `target/capi`; it is
//! never the system's own directory unless asked for.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Builds and installs under the prefix given (`target/capi` if none).
pub(crate) fn run(args: &[&str]) -> Result<(), String> {
    let root = xtask::project_root();
    let prefix = match args {
        [] => root.join("target/capi"),
        ["--prefix", dir] => absolute(Path::new(dir))?,
        _ => return Err("usage: cargo xtask capi [--prefix DIR]".to_owned()),
    };
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let status = Command::new(cargo)
        .current_dir(&root)
        .args(["build", "--release", "-p", "dds-capi"])
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build failed: {status}"));
    }
    lay_out(&root.join("target/release"), &prefix, &prefix.display().to_string())?;
    println!("installed under {}:", prefix.display());
    for file in [
        "lib/libdds.so.0",
        "lib/libdds.so",
        "lib/libdds.a",
        "lib/pkgconfig/dds.pc",
        "include/dds/dll.h",
        "include/ddsrs.h",
    ] {
        println!("  {file}");
    }
    Ok(())
}

/// Lays the C library built in `built` (`libddscapi.so`, `libddscapi.a`)
/// out under `prefix` as DDS's files: `lib/libdds.so.0`, the link
/// `lib/libdds.so`, `lib/libdds.a`, `include/dds/dll.h`, `include/ddsrs.h`
/// and `lib/pkgconfig/dds.pc`, whose `prefix` is `pc_prefix` (a path, or
/// `${pcfiledir}/../..` for a tree that may be unpacked anywhere).
pub(crate) fn lay_out(built: &Path, prefix: &Path, pc_prefix: &str) -> Result<(), String> {
    let (lib, include) = (prefix.join("lib"), prefix.join("include"));
    for dir in [lib.join("pkgconfig"), include.join("dds")] {
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    copy(&built.join("libddscapi.so"), &lib.join("libdds.so.0"))?;
    copy(&built.join("libddscapi.a"), &lib.join("libdds.a"))?;
    let link = lib.join("libdds.so");
    let _ = std::fs::remove_file(&link);
    std::os::unix::fs::symlink("libdds.so.0", &link).map_err(|e| format!("cannot link {}: {e}", link.display()))?;
    let headers = xtask::project_root().join("crates/dds-capi/include");
    copy(&headers.join("dds/dll.h"), &include.join("dds/dll.h"))?;
    copy(&headers.join("ddsrs.h"), &include.join("ddsrs.h"))?;
    let pc_path = lib.join("pkgconfig/dds.pc");
    std::fs::write(&pc_path, pc_file(pc_prefix)).map_err(|e| format!("cannot write {}: {e}", pc_path.display()))
}

/// The pkg-config file: DDS's library name and interface version (2.9.0,
/// what programs written for DDS ask for), this library's own version in
/// the description.
fn pc_file(prefix: &str) -> String {
    format!(
        "prefix={prefix}\nlibdir=${{prefix}}/lib\nincludedir=${{prefix}}/include\n\n\
         Name: dds\nDescription: Double dummy solver for bridge (ddsrs {}, DDS 2.9's C interface)\n\
         Version: 2.9.0\nLibs: -L${{libdir}} -ldds\nLibs.private: -lpthread -ldl -lm\nCflags: -I${{includedir}}\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// `path` made absolute against the current directory.
fn absolute(path: &Path) -> Result<PathBuf, String> {
    std::path::absolute(path).map_err(|e| format!("bad prefix {}: {e}", path.display()))
}

/// Copies a file, naming both in an error.
fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}
