//! Links the shared library as DDS's: soname `libdds.so.0`, so that a
//! program linked against Debian's libdds0 loads this one unchanged.

fn main() {
    let target_os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    if target_os == "linux" {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdds.so.0");
        // Calls from one exported function to another stay inside the
        // library even when a program has DDS itself loaded as well.
        println!("cargo:rustc-cdylib-link-arg=-Wl,-Bsymbolic");
        // The export list, unversioned as in Debian's libdds.so.0. rustc
        // passes its own list too (the `#[no_mangle]` functions) and GNU ld
        // exports what either names, so this file cannot hide a function;
        // the nm test holds the library, this file and the headers to the
        // same list.
        let map = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("libdds.map");
        println!("cargo:rustc-cdylib-link-arg=-Wl,--version-script={}", map.display());
        println!("cargo:rerun-if-changed=libdds.map");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
