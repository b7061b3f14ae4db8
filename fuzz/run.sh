#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after the other,
# with the dictionary and the seed corpus, after replaying the saved crashes
# of fuzz/regressions/. Fails (exit 1) if any target crashes, times out, runs
# out of memory or fails to build; a crash's input is left in
# fuzz/artifacts/<target>/.
#
#   fuzz/run.sh [SECONDS]
#
# Environment:
#   TARGETS    the targets to run (default: all of them)
#   FUZZ_ARGS  more libFuzzer options, e.g. "-jobs=4 -workers=4"
#   CARGO_FUZZ_ARGS  options of cargo fuzz build/run, e.g. for the position
#              target's differential at about 3 times the speed, without
#              AddressSanitizer (debug assertions stay on):
#              CARGO_FUZZ_ARGS="-s none --target-dir target/nosan"
#
# Needs a nightly toolchain and cargo-fuzz:
#   rustup toolchain install nightly && cargo install cargo-fuzz
# What each target checks: fuzz/README.md.
set -u

cd "$(dirname "$0")"
seconds=${1:-60}
targets=${TARGETS:-"deal_text pbn_file lin position par capi"}

# shellcheck disable=SC2086
if ! cargo +nightly fuzz build ${CARGO_FUZZ_ARGS:-}; then
    echo "fuzz/run.sh: the fuzz targets do not build" >&2
    exit 1
fi

failed=()
for target in $targets; do
    mkdir -p "work/$target" "artifacts/$target"
    # The position target allocates much (the brute force's move lists);
    # short allocation stacks keep AddressSanitizer's bookkeeping cheap.
    asan=""
    [ "$target" = position ] && asan="malloc_context_size=0"

    # The crashes found before must not crash any more.
    if [ -d "regressions/$target" ] && [ -n "$(ls -A "regressions/$target")" ]; then
        echo "== $target: replaying fuzz/regressions/$target"
        # shellcheck disable=SC2086
        if ! ASAN_OPTIONS="$asan" cargo +nightly fuzz run ${CARGO_FUZZ_ARGS:-} "$target" "regressions/$target"/* -- -runs=1; then
            failed+=("$target (regressions)")
        fi
    fi

    echo "== $target: fuzzing for ${seconds}s"
    # New inputs go to work/<target>; the seeds in corpus/<target> are read
    # only.
    # shellcheck disable=SC2086
    if ! ASAN_OPTIONS="$asan" cargo +nightly fuzz run ${CARGO_FUZZ_ARGS:-} "$target" "work/$target" "corpus/$target" -- \
        -max_total_time="$seconds" -dict=dict/bridge.dict -timeout=30 -rss_limit_mb=4096 \
        -print_final_stats=1 ${FUZZ_ARGS:-}; then
        failed+=("$target")
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz/run.sh: failed: ${failed[*]} (inputs in fuzz/artifacts/)" >&2
    exit 1
fi
echo "fuzz/run.sh: every target ran ${seconds}s without a crash"
