//! The tools `cargo xtask dist` needs, installed when missing: Debian
//! packages (cross compilers, emulators, Wine), rustup targets, and the
//! Python tools of `xtask/dist/requirements.txt` in a virtual environment.

use std::process::Command;

use super::{run_command, Dist, Platform};
use crate::apt;

/// The Debian packages each platform's build or tests need, with a probe
/// that tells whether each is there (as `cargo xtask test`'s).
fn packages(platform: Platform, test: bool) -> Vec<(&'static str, &'static str)> {
    let mut packages = vec![("python3-venv", "python3 -m venv --help"), ("pkg-config", "pkg-config --version")];
    match platform {
        Platform::LinuxX86_64 => packages.push(("build-essential", "cc")),
        Platform::LinuxAarch64 if test => packages.extend([
            ("qemu-user-static", "/usr/bin/qemu-aarch64-static"),
            ("gcc-aarch64-linux-gnu", "aarch64-linux-gnu-gcc --version"),
            ("libc6-dev-arm64-cross", "/usr/aarch64-linux-gnu/lib/libc.so.6"),
            // Debian's arm64 Python for the wheel (check/foreign_python.rs).
            ("debootstrap", "/usr/sbin/debootstrap"),
        ]),
        Platform::WindowsX86_64 => {
            packages.push(("gcc-mingw-w64-x86-64", "x86_64-w64-mingw32-gcc --version"));
            if test {
                packages.push(("wine64", "/usr/lib/wine/wine64"));
            }
        }
        _ => {}
    }
    packages
}

/// The rustup target each platform builds for.
fn targets(platform: Platform) -> &'static [&'static str] {
    match platform {
        Platform::LinuxX86_64 => &["x86_64-unknown-linux-musl", "x86_64-unknown-linux-gnu"],
        Platform::LinuxAarch64 => &["aarch64-unknown-linux-musl", "aarch64-unknown-linux-gnu"],
        Platform::WindowsX86_64 => &["x86_64-pc-windows-gnu"],
        Platform::Packages => &["wasm32-unknown-unknown"],
    }
}

/// Installs what `platforms` need.
pub(crate) fn install(dist: &Dist, platforms: &[Platform], test: bool) -> Result<(), String> {
    let mut wanted: Vec<(&str, &str)> = Vec::new();
    for &p in platforms {
        for package in packages(p, test) {
            if !wanted.contains(&package) {
                wanted.push(package);
            }
        }
    }
    apt::ensure(&wanted)?;
    let mut rustup = Command::new("rustup");
    rustup.args(["target", "add"]);
    for &p in platforms {
        rustup.args(targets(p));
    }
    run_command(&mut rustup)?;
    let python = dist.tools.join("bin/python");
    if !python.exists() {
        run_command(Command::new("python3").args(["-m", "venv"]).arg(&dist.tools))?;
    }
    run_command(
        Command::new(&python)
            .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-r"])
            .arg(dist.root.join("xtask/dist/requirements.txt")),
    )
}
