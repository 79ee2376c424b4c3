// DeferredLibraries: libmicrohttpd, the HTTP server of `serve`, opened with dlopen when `serve`
// starts, not linked. Linked, it was loaded with what it needs (GnuTLS, nettle, GMP, p11-kit,
// libidn2, libtasn1 ...) and their initializers ran at the start of every command, a query's too.
// (libdbus, which only `search-provider` uses, stays linked: SwiftPM links what pkg-config names
// for the headers' folders, and dlopen would not keep it from loading.)
//
// The functions the code calls are defined here under the library's own names, with the
// prototypes of its header (the compiler checks them), hidden from the dynamic symbol table; each
// calls the library's function found by dlsym. They may be called only after
// `nbi_open_microhttpd` succeeded: `HTTPServer` opens it before anything else, and every other
// call goes through an `HTTPServer`.
#ifndef DEFERRED_LIBRARIES_H
#define DEFERRED_LIBRARIES_H

// Opens libmicrohttpd and finds its functions, once per process (later calls give the first
// call's answer). NULL when done, else why not (the library or a function missing).
const char *nbi_open_microhttpd(void);

#endif
