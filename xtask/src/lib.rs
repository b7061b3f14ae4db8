//! Shared helpers of the `xtask` binary and its tests.

use std::path::{Path, PathBuf};

/// The root of the workspace (the parent of `xtask/`).
pub fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}
