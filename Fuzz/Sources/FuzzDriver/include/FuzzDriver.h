// FuzzDriver: the one libFuzzer entry point the fuzz target calls.
#ifndef DIFFCHECK_FUZZ_DRIVER_H
#define DIFFCHECK_FUZZ_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's per-input callback: returns 0 (non-zero values are reserved).
typedef int (*FuzzTestOneInput)(const uint8_t *data, size_t size);

/// Whether libFuzzer is linked into this binary (`-sanitize=fuzzer`).
int FuzzDriverIsLinked(void);

/// Hands the command line to libFuzzer's driver (`LLVMFuzzerRunDriver`),
/// which parses its flags and runs `callback` on every input. Returns the
/// driver's exit status, or -1 when libFuzzer is not linked.
int FuzzDriverRun(int *argc, char ***argv, FuzzTestOneInput callback);

#endif
