#!/bin/bash -eu
# Fuzz/build.sh: the OSS-Fuzz / ClusterFuzzLite build script.
#
# Run by the builder image (gcr.io/oss-fuzz-base/base-builder-swift) in the
# checkout, with $SRC, $OUT and $SANITIZER set. `precompile_swift`
# sets $SWIFTFLAGS (`-parse-as-library`, `-sanitize=fuzzer,$SANITIZER`, the
# static-stdlib flags and $CFLAGS as `-Xcc=`), which the Fuzz package builds
# with unchanged.
#
# Produces three fuzz targets, each with its seed corpus
# $OUT/NAME_seed_corpus.zip and its libFuzzer options $OUT/NAME.options
# (max_len, the input length Fuzz/run.sh uses too; see Fuzz/README.md):
#   DiffFuzz    the `core` engine (ClusterFuzz sets no DIFFCHECK_ENGINE);
#               seeds Corpus/fuzz/
#   CaseFuzz    the case-file parser; seeds Corpus/regressions/, Fuzz/corpus/case/
#   TriageFuzz  the triage reader; seeds Fuzz/corpus/triage/
#
# Used by OSS-Fuzz (Fuzz/Dockerfile, Fuzz/project.yaml) and by
# ClusterFuzzLite (.clusterfuzzlite/build.sh runs this script).
if [ -z "${SWIFTFLAGS:-}" ] && command -v precompile_swift >/dev/null; then
    . precompile_swift
fi

# OSS-Fuzz runs $SRC/build.sh from the checkout (the Dockerfile's WORKDIR);
# run by hand, the script finds the checkout from its own path.
if [ -f Fuzz/Package.swift ]; then
    repository="$PWD"
else
    repository="$(cd "$(dirname "$0")/.." && pwd)"
fi
cd "$repository/Fuzz"
# The root Package.swift's per-module coverage flags are run.sh --fast's;
# this build takes its flags from $SWIFTFLAGS alone.
unset DIFFCHECK_FUZZ_COVERAGE
# SWIFTFLAGS is a list of flags: split it on spaces, as OSS-Fuzz projects do.
# shellcheck disable=SC2086
swift build -c release $SWIFTFLAGS
# shellcheck disable=SC2086
bin="$(swift build -c release $SWIFTFLAGS --show-bin-path)"
# The seed corpus of target $1: the regular files of the folders after it.
seed_corpus() {
    local name="$1"
    shift
    rm -f "$OUT/${name}_seed_corpus.zip"
    find "$@" -maxdepth 1 -type f ! -name '.*' -print0 | xargs -0 zip -q -j "$OUT/${name}_seed_corpus.zip"
}
for name in DiffFuzz CaseFuzz TriageFuzz; do
    cp "$bin/$name" "$OUT/$name"
    cp "$repository/Fuzz/$name.options" "$OUT/$name.options"
done
seed_corpus DiffFuzz "$repository/Corpus/fuzz"
seed_corpus CaseFuzz "$repository/Corpus/regressions" "$repository/Fuzz/corpus/case"
seed_corpus TriageFuzz "$repository/Fuzz/corpus/triage"
