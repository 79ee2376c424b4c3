// A library's function defined under its own name that calls the library's through a pointer, and
// the pointer set from dlsym. A library's file lists its functions once, as FUNCTIONS(F, V):
// F(return type, name, parameters, arguments) for one that returns a value, V(name, parameters,
// arguments) for one that returns nothing.
#ifndef DEFERRED_LIBRARIES_BINDING_H
#define DEFERRED_LIBRARIES_BINDING_H

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#define NBI_DEFINE(type, name, parameters, arguments)                                                       \
    static typeof(&name) name##_bound;                                                                       \
    __attribute__((visibility("hidden"))) type name parameters { return name##_bound arguments; }

#define NBI_DEFINE_VOID(name, parameters, arguments)                                                        \
    static typeof(&name) name##_bound;                                                                       \
    __attribute__((visibility("hidden"))) void name parameters { name##_bound arguments; }

// Inside a function that returns 0 when every function was found: finds `name` in `handle`, or
// writes which is missing into `failure` and returns 1.
#define NBI_FIND(type, name, parameters, arguments) NBI_FIND_VOID(name, parameters, arguments)
#define NBI_FIND_VOID(name, parameters, arguments)                                                          \
    if ((name##_bound = (typeof(name##_bound))dlsym(handle, #name)) == NULL) {                              \
        snprintf(failure, sizeof failure, "%s has no %s", soname, #name);                                   \
        return 1;                                                                                            \
    }

// Opens `soname` and calls `find` with its handle; on failure writes why into `failure`.
__attribute__((visibility("hidden"))) void nbi_open_library(
    const char *soname, int (*find)(void *handle), char *failure, size_t size);

// Defines `const char *name(void)`, which opens the file's library and finds its functions
// (`find_functions`) once a process, and says NULL, or why not.
#define NBI_DEFINE_OPEN(name)                                                                                \
    static void open_library(void) { nbi_open_library(soname, find_functions, failure, sizeof failure); }     \
    const char *name(void) {                                                                                 \
        static pthread_once_t once = PTHREAD_ONCE_INIT;                                                      \
        pthread_once(&once, open_library);                                                                   \
        return failure[0] ? failure : NULL;                                                                  \
    }

#endif
