#ifndef CRENAME_EXCHANGE_H
#define CRENAME_EXCHANGE_H

/// Atomically exchanges two paths (Linux renameat2 with RENAME_EXCHANGE).
/// Returns 0 on success, -1 with errno set otherwise (EINVAL/ENOSYS where unsupported).
int crename_exchange_paths(const char *a, const char *b);

#endif
