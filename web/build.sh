#!/bin/sh
# Copies the npm package built by `cargo xtask wasm` (target/npm, or
# $CARGO_TARGET_DIR/npm, or the folder given as the first argument) into
# web/pkg/, the only thing the page needs besides its own files.
#   cargo xtask wasm && web/build.sh && python3 -m http.server -d web 8000
set -eu
web=$(cd "$(dirname "$0")" && pwd)
src=${1:-${CARGO_TARGET_DIR:-$web/../target}/npm}
for f in index.js error.js web/dds_wasm.js web/dds_wasm_bg.wasm; do
  if [ ! -f "$src/$f" ]; then
    echo "build.sh: $src/$f is missing: build the package first (cargo xtask wasm)" >&2
    exit 1
  fi
done
tmp="$web/pkg.tmp"
rm -rf "$tmp"
mkdir -p "$tmp/web"
# The browser entry (index.js), its error class and the module with its .wasm;
# the types and the licence come along for readers.
cp "$src/index.js" "$src/error.js" "$tmp/"
for f in index.d.ts error.d.ts package.json LICENSE README.md; do
  [ -f "$src/$f" ] && cp "$src/$f" "$tmp/"
done
cp "$src/web/dds_wasm.js" "$src/web/dds_wasm_bg.wasm" "$tmp/web/"
for f in dds_wasm.d.ts dds_wasm_bg.wasm.d.ts; do
  [ -f "$src/web/$f" ] && cp "$src/web/$f" "$tmp/web/"
done
rm -rf "$web/pkg"
mv "$tmp" "$web/pkg"
echo "build.sh: copied $src into $web/pkg"
