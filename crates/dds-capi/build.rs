//! Links the shared library as DDS's: soname `libdds.so.0`, so that a
//! program linked against Debian's libdds0 loads this one unchanged.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdds.so.0");
        // Calls from one exported function to another stay inside the
        // library even when a program has DDS itself loaded as well.
        println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
