#!/usr/bin/env bash
# The Python package's CI, from a clean machine with Python 3 (with venv)
# and Rust: a virtual environment under target/ (kept between runs), the
# pinned tools of python/requirements-ci.txt, the abi3 wheel built with
# maturin (in the workspace's target directory), installed, and its tests
# (python/tests) run with pytest against the installed wheel.
#
#   bash python/ci.sh
#
# Environment: PYTHON (the interpreter that makes the venv, python3 by
# default), DDSRS_VENV (the venv's folder, target/python-venv by default).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
venv="${DDSRS_VENV:-$target/python-venv}"
wheels="$target/python-wheels"
start=$SECONDS

step() { echo "python/ci.sh: $* ($((SECONDS - start)) s)"; }

if [ ! -x "$venv/bin/python" ]; then
    step "a virtual environment in $venv"
    "${PYTHON:-python3}" -m venv "$venv"
fi
step "the tools (python/requirements-ci.txt)"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r python/requirements-ci.txt

step "the wheel"
rm -f "$wheels"/ddsrs-*.whl
(cd python && "$venv/bin/maturin" build --release --quiet --out "$wheels")
wheel=("$wheels"/ddsrs-*.whl)
step "installing ${wheel[0]##*/}"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps "${wheel[0]}"
# The tests must see the installed wheel, not the source folder.
(cd / && "$venv/bin/python" -c 'import ddsrs, sys; assert "site-packages" in ddsrs.__file__, ddsrs.__file__')

step "the tests"
# DDSRS_WHEEL: the wheel that tests/test_dds3_install.py installs in venvs of its own.
(cd python && DDSRS_WHEEL="${wheel[0]}" "$venv/bin/pytest" -q -p no:cacheprovider tests)
step "passed"
