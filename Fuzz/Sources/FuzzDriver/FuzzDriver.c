// FuzzDriver: reaches libFuzzer's driver, which `-sanitize=fuzzer` links in.
//
// The reference is weak so that the package also builds (and runs its inputs
// once each, see Sources/DiffFuzz) without the fuzzer flags.
#include "FuzzDriver.h"

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int FuzzDriverIsLinked(void) {
    return LLVMFuzzerRunDriver != NULL;
}

int FuzzDriverRun(int *argc, char ***argv, FuzzTestOneInput callback) {
    if (LLVMFuzzerRunDriver == NULL) return -1;
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
