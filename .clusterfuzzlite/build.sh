#!/bin/bash -eu
# ClusterFuzzLite's build script: the one in Fuzz/ (also OSS-Fuzz's), run in
# the checkout the Dockerfile copied to $SRC/diffcheck.
exec bash -eu "$SRC/diffcheck/Fuzz/build.sh"
