#ifndef CSYSTEM_H
#define CSYSTEM_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL/ENOSYS where unsupported).
int csystem_exchange_paths(const char *a, const char *b);

#endif
