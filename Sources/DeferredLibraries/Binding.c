// The opening that MicroHTTPD.c and Zinnia.c share (Binding.h).
#include "Binding.h"

void nbi_open_library(const char *soname, int (*find)(void *handle), char *failure, size_t size) {
    void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(failure, size, "%s", dlerror());
        return;
    }
    // a library without one of the functions stays open, unused: closing it could run its
    // finalizers while nothing else knows it was opened
    find(handle);
}
