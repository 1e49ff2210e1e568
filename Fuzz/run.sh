#!/usr/bin/env bash
# Fuzz/run.sh: build the libFuzzer targets and run one. `--help`
# lists the modes; Fuzz/README.md explains them.
set -euo pipefail

usage() {
    cat <<'EOF'
Fuzz/run.sh: build the libFuzzer targets (release, -sanitize=fuzzer,address) and run one.

  --target T (first, before any mode) picks the target; every mode below runs on it:
    diff     DiffFuzz (default): bytes -> snapshot pair -> the engine -> every property
             seeds Corpus/fuzz/, artifacts Corpus/crashes/ENGINE/, options Fuzz/DiffFuzz.options
    case     CaseFuzz: bytes -> the case-file parser -> printer round trip, model, core
             seeds Corpus/regressions/ and Fuzz/corpus/case/, artifacts Fuzz/crashes/case/,
             options Fuzz/CaseFuzz.options
    triage   TriageFuzz: bytes -> the triage reader -> its case text parses back
             seeds Fuzz/corpus/triage/, artifacts Fuzz/crashes/triage/,
             options Fuzz/TriageFuzz.options
  For case and triage, ENGINE below reads as the target's name, --seeds is DiffFuzz's alone,
  and --merge adds to the target's own seed folder (Fuzz/corpus/case/, Fuzz/corpus/triage/).

  Fuzz/run.sh [FLAGS...]              a campaign in one process
  Fuzz/run.sh --fork N [FLAGS...]     a campaign in N child processes (libFuzzer -fork=N),
                                      for a machine with N cores to spare
  Fuzz/run.sh --merge [--into DIR] [SOURCE...]
                                      add to DIR (default Corpus/fuzz) every input of the
                                      SOURCE directories (default: the working corpus) that
                                      covers something DIR does not (libFuzzer -merge=1);
                                      into an empty DIR this is a minimized copy
  Fuzz/run.sh --regress               every file of Corpus/fuzz/ and Corpus/crashes/ENGINE/ once
  Fuzz/run.sh --seeds                 remake the seed corpus Corpus/fuzz/ (mutant-* kept)
  Fuzz/run.sh --build                 build only; print the binary's path
  Fuzz/run.sh --help                  this text
  Fuzz/run.sh --fast [--fork N] [FLAGS...]
                                      a campaign built without AddressSanitizer, coverage edges
                                      counted only in DiffcheckCore, ListModel and DiffTriage (the
                                      core, the model, the triage reader); no comparison hooks; a
                                      build of its own (Fuzz/.build-fast): the most executions a
                                      second; --regress, ClusterFuzzLite and OSS-Fuzz keep ASan
  Fuzz/run.sh --fast-cmp [--fork N] [FLAGS...]
                                      the same with libFuzzer's comparison hooks (-use_cmp's
                                      input), as -sanitize=fuzzer has them (Fuzz/.build-fast-cmp)
  (--fast and --fast-cmp also go before --build.)

Campaigns (with or without --fork) pass FLAGS to libFuzzer (-max_total_time=S, -runs=N,
-seed=N, -max_len=N, -ignore_crashes=1, ...; see -help=1) and add, unless given:
  -timeout=30                         an input running 30 s is a hang (libFuzzer's default is 1200);
                                      10 s for the case and triage targets
  -rss_limit_mb=2048                  a run past 2048 MB is out of memory (libFuzzer's default, stated)
  -max_len=256                        the longest input (Fuzz/DiffFuzz.options; Fuzz/README.md,
                                      "Input length")
  -artifact_prefix=Corpus/crashes/ENGINE/
                                      where a failing input is saved (the folder names the engine)
The corpus directories are Fuzz/.build/corpus/ENGINE/ (new inputs go there; kept between
campaigns, never committed) and Corpus/fuzz/ (the seeds, read only). Relative paths in
FLAGS are resolved against the caller's directory.

Environment:
  DIFFCHECK_ENGINE    the engine under test: core (default), stdlib, reload-all, simple,
                      mutant:FLAW (`diffcheck engines` lists them)
  DIFFCHECK_PROFILE   the model's profile: strict (default) or uikit
  ASAN_OPTIONS        passed on; when unset, malloc_context_size=0 (reports without
                      allocation stacks, see Fuzz/README.md); empty: ASan's defaults
  SWIFT_BACKTRACE     always set to enable=no (the backtracer can hang after a crash)

Exit status:
  0    the campaign ended (time or run limit) with nothing found; --regress: every input
       passes; --merge, --seeds, --build, --help: done
  1    --regress: an input fails a property, crashes or draws a sanitizer report;
       a build failure
  2    a usage error (unknown mode, missing or bad argument), or an unknown engine or profile
  77   a campaign found a failure: a failed property or a crash (libFuzzer's -error_exitcode;
       the input is saved under Corpus/crashes/ENGINE/)
  other  a campaign's other libFuzzer statuses: 70 a hang (-timeout; --fork ignores hangs and
       out-of-memory unless -ignore_timeouts=0 / -ignore_ooms=0), non-zero on a sanitizer report
EOF
}

fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$fuzz")"
# The target: --target diff (DiffFuzz, the default), case (CaseFuzz), triage (TriageFuzz).
target=diff
if [ "${1:-}" = --target ]; then
    [ "$#" -ge 2 ] || { echo "Fuzz/run.sh: --target needs diff, case or triage" >&2; exit 2; }
    target="$2"
    shift 2
fi
case "$target" in
diff)
    product=DiffFuzz
    # Where --merge adds inputs, first of the seed folders.
    seeds="$root/Corpus/fuzz"
    seedfolders=("$seeds")
    engine="${DIFFCHECK_ENGINE:-core}"
    ;;
case)
    product=CaseFuzz
    seeds="$fuzz/corpus/case"
    # The corpus gate's cases are the seeds; Fuzz/corpus/case/ keeps the
    # inputs a campaign found (each fixed, with a test).
    seedfolders=("$seeds" "$root/Corpus/regressions")
    engine=case
    ;;
triage)
    product=TriageFuzz
    # The triage tests' real logs (Tests/DiffTriageTests/TriageFixtures.swift) and found inputs.
    seeds="$fuzz/corpus/triage"
    seedfolders=("$seeds")
    engine=triage
    ;;
*)
    echo "Fuzz/run.sh: unknown target '$target' (diff, case or triage)" >&2
    exit 2
    ;;
esac
# Artifacts of each engine (or target) in a folder of its own: the same
# bytes are a failure on a mutant and a pass on the core.
# The parser targets' artifacts are files of their own kind (a case, a log),
# kept out of Corpus/, which `diffcheck check` replays as DiffFuzz inputs.
crashes="$root/Corpus/crashes/$engine"
[ "$target" = diff ] || crashes="$fuzz/crashes/$engine"
# The working corpus: what campaigns find, per engine, never committed.
work="$fuzz/.build/corpus/$engine"
# The longest input a campaign makes (Fuzz/README.md, "Input length"), from
# the options file build.sh gives ClusterFuzzLite and OSS-Fuzz.
maxlen="$(sed -n 's/^max_len *= *//p' "$fuzz/$product.options")"
# Seconds an input may run before it is a hang: a parser target's input is
# read in milliseconds; DiffFuzz's may diff and check thousands of items.
timeout=30
[ "$target" = diff ] || timeout=10


# The flags OSS-Fuzz passes for Swift, minus its static-linking ones.
swiftflags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)

# Swift's crash backtracer can hang long after a crash, before libFuzzer
# writes the artifact.
export SWIFT_BACKTRACE=enable=no

die_usage() {
    echo "Fuzz/run.sh: $1 (Fuzz/run.sh --help lists the modes)" >&2
    exit 2
}

# The build directory: SwiftPM's default, or the fast build's own.
scratch=()

# swiftc keeps an object file whose Swift code did not change even when only
# the coverage flags did (its incremental code generation compares a hash of
# the module taken before the coverage pass runs), so a fast build directory
# serves one set of flags: when they differ from the ones it was built with
# (in its .diffcheck-flags), it is removed first. The root Package.swift's
# checksum is part of the record, since it says which modules get the
# coverage flags. The ASan build's directory (Fuzz/.build, which also holds
# the working corpus) has fixed flags.
fresh_scratch() {
    [ "${#scratch[@]}" -eq 2 ] || return 0
    local dir="${scratch[1]}"
    local manifest
    manifest="$(cksum <"$root/Package.swift")"
    local flags="${swiftflags[*]} DIFFCHECK_FUZZ_COVERAGE=${DIFFCHECK_FUZZ_COVERAGE:-} Package.swift=$manifest"
    if [ -d "$dir" ] && [ "$(cat "$dir/.diffcheck-flags" 2>/dev/null)" != "$flags" ]; then
        echo "Fuzz/run.sh: $dir was built with other flags; building it again from scratch" >&2
        rm -rf "$dir"
    fi
    mkdir -p "$dir"
    echo "$flags" >"$dir/.diffcheck-flags"
}

build() {
    fresh_scratch
    # SwiftPM keeps a path dependency's file lists (the root package's) until
    # this manifest changes, so a source file added to the root package would
    # not be compiled ("cannot find ... in scope"): touching it has them read again.
    touch "$fuzz/Package.swift"
    swift build -c release --package-path "$fuzz" "${scratch[@]}" "${swiftflags[@]}" >&2 || exit 1
    binary="$(swift build -c release --package-path "$fuzz" "${scratch[@]}" "${swiftflags[@]}" --show-bin-path)/$product"
}

# The regular, non-hidden files of the given directories.
files_in() {
    find "$@" -maxdepth 1 -type f ! -name '.*' 2>/dev/null | sort
}

# A path made absolute against the caller's directory.
absolute() {
    case "$1" in
    /*) echo "$1" ;;
    *) echo "$callerdir/$1" ;;
    esac
}

# Exits 2, with DiffFuzz's list of valid names, on an unknown engine or
# profile, before any folder is made for it. (DiffFuzz checks both before
# anything else; its -diffcheck_labels=1 mode with no files does nothing more.)
check_names() {
    [ "$target" = diff ] || return 0
    local status=0
    "$binary" -diffcheck_labels=1 >/dev/null 2>&1 || status=$?
    if [ "$status" -eq 2 ]; then
        "$binary" -diffcheck_labels=1 2>&1 >/dev/null | head -1 >&2
        exit 2
    fi
}

# Runs a campaign: the libFuzzer flags in "$@", the run.sh defaults added.
campaign() {
    check_names
    mkdir -p "$work" "${seedfolders[@]}" "$logs"
    # Paths the caller gave, as arguments or flag values, made absolute
    # (the campaign runs from the logs directory).
    local args=() arg value has_timeout=0 has_maxlen=0 has_prefix=0 has_rss=0
    for arg in "$@"; do
        case "$arg" in
        -timeout=*) has_timeout=1 ;;
        -rss_limit_mb=*) has_rss=1 ;;
        -max_len=*) has_maxlen=1 ;;
        -artifact_prefix=*) has_prefix=1 ;;
        esac
        case "$arg" in
        -*=*)
            value="${arg#*=}"
            if [ -e "$callerdir/$value" ] && [ "${value:0:1}" != / ]; then
                args+=("${arg%%=*}=$callerdir/$value")
            else
                args+=("$arg")
            fi
            ;;
        -*) args+=("$arg") ;;
        *) args+=("$(absolute "$arg")") ;;
        esac
    done
    # libFuzzer's default (1200 s an input) would hide a hang for 20 minutes.
    [ "$has_timeout" -eq 1 ] || args=(-timeout="$timeout" "${args[@]}")
    [ "$has_rss" -eq 1 ] || args=(-rss_limit_mb=2048 "${args[@]}")
    [ "$has_maxlen" -eq 1 ] || args=(-max_len="$maxlen" "${args[@]}")
    if [ "$has_prefix" -eq 0 ]; then
        mkdir -p "$crashes"
        args=(-artifact_prefix="$crashes/" "${args[@]}")
    fi
    # Run from the logs directory, where -jobs and -fork write theirs.
    cd "$logs"
    exec "$binary" "${args[@]}" "$work" "${seedfolders[@]}"
}

# AddressSanitizer's settings for every run, unless ASAN_OPTIONS is given:
# no allocation and free stacks are recorded (recording them took a tenth of
# the time; Fuzz/README.md, "run.sh").
# Detection is unchanged, and a report still shows the bad access and its
# stack; ASAN_OPTIONS= (empty) brings back ASan's defaults, with the stacks.
ASAN_DEFAULTS="malloc_context_size=0"
export ASAN_OPTIONS="${ASAN_OPTIONS-$ASAN_DEFAULTS}"

callerdir="$PWD"
logs="$fuzz/.build/logs"
# The ASan build (and build.sh) take their flags from the command line only:
# the root package's coverage flags are for the fast builds.
unset DIFFCHECK_FUZZ_COVERAGE
# --fast, --fast-cmp: a campaign (or --fork campaign) without
# AddressSanitizer, which took a fifth of an execution, and with coverage
# only in the core, the model and the triage reader (DiffcheckCore,
# ListModel, DiffTriage; the root Package.swift reads
# DIFFCHECK_FUZZ_COVERAGE): --fast counts edges only, --fast-cmp
# adds libFuzzer's comparison hooks (Fuzz/README.md, "run.sh"). A memory
# error then shows only if it crashes.
case "${1:-}" in
--fast | --fast-cmp)
    fastmode="$1"
    shift
    case "${1:-}" in
    --regress | --seeds | --merge | --help | -h) die_usage "$fastmode is for campaigns (and --build), not $1" ;;
    esac
    if [ "$fastmode" = --fast ]; then
        export DIFFCHECK_FUZZ_COVERAGE=edges
        scratch=(--scratch-path "$fuzz/.build-fast")
    else
        export DIFFCHECK_FUZZ_COVERAGE=cmp
        scratch=(--scratch-path "$fuzz/.build-fast-cmp")
    fi
    # -sanitize=fuzzer comes from the manifests, per module.
    swiftflags=(-Xswiftc -parse-as-library)
    ;;
esac
mode="${1:-}"
case "$mode" in
--help | -h)
    usage
    ;;
--build)
    [ "$#" -eq 1 ] || die_usage "--build takes no arguments"
    build
    echo "$binary"
    ;;
--regress)
    [ "$#" -eq 1 ] || die_usage "--regress takes no arguments"
    build
    mapfile -t inputs < <(files_in "${seedfolders[@]}" "$crashes")
    if [ "${#inputs[@]}" -eq 0 ]; then
        echo "Fuzz/run.sh --regress: no inputs in ${seedfolders[*]#$root/} or Corpus/crashes/$engine/"
        exit 0
    fi
    # libFuzzer runs file arguments once each and stops at the first failure.
    log="$(mktemp)"
    trap 'rm -f "$log"' EXIT
    status=0
    "$binary" "${inputs[@]}" >"$log" 2>&1 || status=$?
    if [ "$status" -eq 2 ]; then
        cat "$log" >&2
        exit 2
    fi
    if [ "$status" -ne 0 ]; then
        cat "$log"
        echo "Fuzz/run.sh --regress: FAILED ($product, engine $engine, ${#inputs[@]} inputs)" >&2
        exit 1
    fi
    if grep -q "ERROR: AddressSanitizer\|ERROR: libFuzzer\|==$product==" "$log"; then
        cat "$log"
        echo "Fuzz/run.sh --regress: a sanitizer or property report ($product, engine $engine)" >&2
        exit 1
    fi
    echo "Fuzz/run.sh --regress: ${#inputs[@]} inputs pass ($product, engine $engine)"
    ;;
--seeds)
    [ "$#" -eq 1 ] || die_usage "--seeds takes no arguments"
    [ "$target" = diff ] || die_usage "--seeds remakes DiffFuzz's seeds; the $target target's are files of the repository"
    build
    candidates="$(mktemp -d)"
    trap 'rm -rf "$candidates"' EXIT
    "$binary" -diffcheck_seeds="$candidates"
    mkdir -p "$seeds"
    # The mutants' shrunk counterexamples (mutant-*) stay: they make every
    # built-in mutant fail on load, which CI checks.
    files_in "$seeds" | grep -v '/mutant-' | while IFS= read -r file; do rm -f "$file"; done
    "$binary" -merge=1 "$seeds" "$candidates" 2>&1 | grep "MERGE-OUTER"
    "$binary" -diffcheck_labels=1 $(files_in "$seeds")
    ;;
--merge)
    shift
    into="$seeds"
    sources=()
    while [ "$#" -gt 0 ]; do
        case "$1" in
        --into)
            [ "$#" -ge 2 ] || die_usage "--into needs a directory"
            into="$(absolute "$2")"
            shift 2
            ;;
        -*) die_usage "--merge takes [--into DIR] and source directories, not '$1'" ;;
        *)
            [ -d "$1" ] || die_usage "--merge: '$1' is not a directory"
            sources+=("$(absolute "$1")")
            shift
            ;;
        esac
    done
    if [ "${#sources[@]}" -eq 0 ]; then
        [ -d "$work" ] || die_usage "--merge: no source given and no working corpus $work"
        sources=("$work")
    fi
    build
    check_names
    mkdir -p "$into" "$logs"
    before="$(files_in "$into" | wc -l)"
    cd "$logs"
    # -merge=1 runs the inputs in a child process it restarts after a crash,
    # so an input that fails is skipped, not merged.
    "$binary" -merge=1 -timeout=30 "$into" "${sources[@]}" 2>&1 | grep "MERGE-OUTER" || true
    after="$(files_in "$into" | wc -l)"
    echo "Fuzz/run.sh --merge: $((after - before)) inputs added to $into ($after in all, engine $engine)"
    ;;
--fork)
    [ "$#" -ge 2 ] || die_usage "--fork needs a number of processes"
    [[ "$2" =~ ^[1-9][0-9]*$ ]] || die_usage "--fork needs a positive number, not '$2'"
    jobs="$2"
    shift 2
    build
    campaign -fork="$jobs" "$@"
    ;;
--*)
    die_usage "unknown mode '$mode'"
    ;;
*)
    build
    campaign "$@"
    ;;
esac
