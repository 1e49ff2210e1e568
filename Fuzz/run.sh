#!/usr/bin/env bash
# Fuzz/run.sh: build the DiffFuzz libFuzzer target and run it.
#
#   Fuzz/run.sh [LIBFUZZER FLAGS...]   a campaign on Corpus/fuzz/; crash
#                                      artifacts go to Corpus/crashes/ENGINE/
#                                      (the folder names the engine, which
#                                      the bytes do not: `diffcheck repro`
#                                      runs an artifact on it)
#   Fuzz/run.sh --regress              every file of Corpus/fuzz/ and
#                                      Corpus/crashes/ENGINE/ once; non-zero
#                                      exit on any failure or sanitizer report
#   Fuzz/run.sh --seeds                remake the seed corpus Corpus/fuzz/
#                                      (one small input per generator label,
#                                      minimized with -merge=1; the mutant-*
#                                      seeds are kept)
#   Fuzz/run.sh --build                build only, print the binary's path
#
# Flags are passed through to libFuzzer: -max_total_time=60, -runs=N,
# -jobs=N, -workers=N, -seed=N, -max_len=N, ... (see -help=1).
#
# Environment: DIFFCHECK_ENGINE (core, stdlib, reload-all, simple,
# mutant:FLAW; default core), DIFFCHECK_PROFILE (strict or uikit).
#
# New corpus inputs a campaign finds go to a working corpus per engine,
# Fuzz/.build/corpus/ENGINE/ (kept between campaigns, never committed), so
# the committed seeds in Corpus/fuzz/ stay small. libFuzzer's -jobs logs
# (fuzz-N.log) go to Fuzz/.build/logs/.
set -euo pipefail

fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz")"
seeds="$root/Corpus/fuzz"
engine="${DIFFCHECK_ENGINE:-core}"
# Artifacts of each engine in a folder of its own: the same bytes are a
# failure on a mutant and a pass on the core.
crashes="$root/Corpus/crashes/$engine"

# The flags OSS-Fuzz passes for Swift, minus its static-linking ones.
swiftflags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

# Swift's crash backtracer can hang long after a crash, before libFuzzer
# writes the artifact.
export SWIFT_BACKTRACE=enable=no

build() {
    swift build -c release --package-path "$fuzz" "${swiftflags[@]}" >&2
    binary="$(swift build -c release --package-path "$fuzz" "${swiftflags[@]}" --show-bin-path)/DiffFuzz"
}

# The regular, non-hidden files of the given directories.
files_in() {
    find "$@" -maxdepth 1 -type f ! -name '.*' 2>/dev/null | sort
}

mode="${1:-}"
case "$mode" in
--build)
    build
    echo "$binary"
    ;;
--regress)
    build
    mapfile -t inputs < <(files_in "$seeds" "$crashes")
    if [ "${#inputs[@]}" -eq 0 ]; then
        echo "Fuzz/run.sh --regress: no inputs in Corpus/fuzz/ or Corpus/crashes/$engine/"
        exit 0
    fi
    # libFuzzer runs file arguments once each and stops at the first failure.
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    if ! "$binary" "${inputs[@]}" >"$log" 2>&1; then
        cat "$log"
        echo "Fuzz/run.sh --regress: FAILED (engine $engine, ${#inputs[@]} inputs)" >&2
        exit 1
    fi
    if grep -q "ERROR: AddressSanitizer\|ERROR: libFuzzer\|==DiffFuzz==" "$log"; then
        cat "$log"
        echo "Fuzz/run.sh --regress: a sanitizer or property report (engine $engine)" >&2
        exit 1
    fi
    echo "Fuzz/run.sh --regress: ${#inputs[@]} inputs pass (engine $engine)"
    ;;
--seeds)
    build
    candidates="$(mktemp -d)"
    trap 'rm -rf "$candidates"' EXIT
    "$binary" -diffcheck_seeds="$candidates"
    mkdir -p "$seeds"
    # The mutants' shrunk counterexamples (mutant-*) stay: they make every
    # built-in mutant fail on load, which CI checks.
    files_in "$seeds" | grep -v '/mutant-' | xargs -r rm -f
    "$binary" -merge=1 "$seeds" "$candidates" 2>&1 | grep "MERGE-OUTER"
    "$binary" -diffcheck_labels=1 $(files_in "$seeds")
    ;;
*)
    build
    work="$fuzz/.build/corpus/$engine"
    logs="$fuzz/.build/logs"
    mkdir -p "$work" "$seeds" "$crashes" "$logs"
    callerdir="$PWD"
    # Run from the logs directory (so -jobs logs land there); paths the
    # caller gave, as arguments or flag values, are made absolute first.
    args=()
    has_timeout=0
    for arg in "$@"; do
        case "$arg" in
        -timeout=*) has_timeout=1; args+=("$arg") ;;
        -*=*)
            value="${arg#*=}"
            if [ -e "$callerdir/$value" ] && [ "${value:0:1}" != / ]; then
                args+=("${arg%%=*}=$callerdir/$value")
            else
                args+=("$arg")
            fi
            ;;
        -*) args+=("$arg") ;;
        /*) args+=("$arg") ;;
        *) args+=("$callerdir/$arg") ;;
        esac
    done
    # libFuzzer's default (1200 s an input) would hide a hang for 20 minutes.
    [ "$has_timeout" -eq 1 ] || args=(-timeout=30 "${args[@]}")
    cd "$logs"
    exec "$binary" -artifact_prefix="$crashes/" "${args[@]}" "$work" "$seeds"
    ;;
esac
