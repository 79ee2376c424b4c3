/*
 * An experiment's shim, not part of notebook-index: preloaded (LD_PRELOAD), it tells the kernel
 * that every *.sqlite file the process opens is read at random (posix_fadvise POSIX_FADV_RANDOM),
 * so a page missing from the page cache is read alone, without the readahead around it. Used to
 * measure what readahead costs a query whose index pages the host has reclaimed
 * (Benchmarks/query_tail.py --states dropped-index; docs/index-design.md, "The tail of word
 * queries"), without a build of its own:
 *
 *     cc -O2 -shared -fPIC -o /tmp/fadvise_random.so Benchmarks/fadvise_random_shim.c -ldl
 *     printf '#!/bin/sh\nLD_PRELOAD=/tmp/fadvise_random.so exec BIN "$@"\n' > random.sh
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>

/* opens through the next definition of `symbol` (the C library's), then advises the file */
static int opened(const char *symbol, const char *path, int flags, int mode) {
    int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, symbol);
    int fd = real(path, flags, mode);
    size_t n = strlen(path);
    if (fd >= 0 && n > 7 && strcmp(path + n - 7, ".sqlite") == 0) posix_fadvise(fd, 0, 0, POSIX_FADV_RANDOM);
    return fd;
}

/* SQLite's unix VFS opens through open(); glibc may resolve it as open64 */
#define OPEN_ADVISED(name)                            \
    int name(const char *path, int flags, ...) {      \
        va_list ap;                                   \
        va_start(ap, flags);                          \
        int mode = va_arg(ap, int);                   \
        va_end(ap);                                   \
        return opened(#name, path, flags, mode);      \
    }

OPEN_ADVISED(open)
OPEN_ADVISED(open64)
