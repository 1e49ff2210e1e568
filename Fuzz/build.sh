#!/bin/bash -eu
# Fuzz/build.sh: the OSS-Fuzz / ClusterFuzzLite build script.
#
# Run by the builder image (gcr.io/oss-fuzz-base/base-builder-swift) in the
# checkout, with $SRC, $OUT and $SANITIZER set. `precompile_swift`
# sets $SWIFTFLAGS (`-parse-as-library`, `-sanitize=fuzzer,$SANITIZER`, the
# static-stdlib flags and $CFLAGS as `-Xcc=`), which the Fuzz package builds
# with unchanged.
#
# Produces $OUT/DiffFuzz (fuzzing the `core` engine: ClusterFuzz sets no
# DIFFCHECK_ENGINE), its seed corpus $OUT/DiffFuzz_seed_corpus.zip and its
# libFuzzer options $OUT/DiffFuzz.options (max_len, the input length
# Fuzz/run.sh uses too; see Fuzz/README.md, "Input length").
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
cp "$bin/DiffFuzz" "$OUT/DiffFuzz"
cp "$repository/Fuzz/DiffFuzz.options" "$OUT/DiffFuzz.options"

(cd "$repository/Corpus/fuzz" && find . -maxdepth 1 -type f ! -name '.*' -print0 \
    | xargs -0 zip -q -j "$OUT/DiffFuzz_seed_corpus.zip")
