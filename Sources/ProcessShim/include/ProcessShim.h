// ProcessShim: the process calls DiffProcess and DiffBench need that Swift
// cannot make directly: prctl(2) is variadic, glibc's
// posix_spawn_file_actions_addclosefrom_np is declared only with
// _GNU_SOURCE, and malloc_trim's <malloc.h> is not in the Glibc module.
#ifndef DIFFCHECK_PROCESS_SHIM_H
#define DIFFCHECK_PROCESS_SHIM_H

#include <spawn.h>

/// Makes this process a subreaper (Linux's prctl(PR_SET_CHILD_SUBREAPER),
/// Linux 3.4): 0 on success, else -1 with errno set (ENOSYS where there is
/// no such call).
int diffcheck_become_subreaper(void);

/// Adds a file action that closes every descriptor from `from` up in the
/// child (glibc 2.34's posix_spawn_file_actions_addclosefrom_np): 0 on
/// success, else an error number (ENOSYS where the C library has none).
int diffcheck_spawn_file_actions_addclosefrom(posix_spawn_file_actions_t *actions, int from);

/// Hands the heap's free memory back to the system (glibc's
/// malloc_trim(0)); nothing elsewhere.
void diffcheck_return_freed_memory(void);

#endif
