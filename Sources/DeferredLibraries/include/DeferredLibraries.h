// DeferredLibraries: libraries that only some commands use, opened with dlopen by the code that
// needs them, not linked. Linked, each was loaded, relocated and initialized at the start of every
// command, a query's too: libmicrohttpd, the HTTP server of `serve`, with what it needs (GnuTLS,
// nettle, GMP, p11-kit, libidn2, libtasn1 ...), libzinnia, the character recognizer of Chinese
// and Japanese pages, and libdbus, the session bus of `search-provider` (with libsystemd,
// libgcrypt, liblzma, libzstd, liblz4, libcap ...; its declarations are in DBus.h).
//
// The functions the code calls are defined here under the libraries' own names, with the
// prototypes of their headers (the compiler checks them; libdbus's, DBus.h's, are checked by
// tools/check-dbus-declarations.sh), hidden from the dynamic symbol table; each calls the
// library's function found by dlsym. They may be called only after the library's `nbi_open_...`
// succeeded: `HTTPServer`, `ZinniaModel` and `DBusService` open theirs before anything else, and
// every other call goes through one of them.
#ifndef DEFERRED_LIBRARIES_H
#define DEFERRED_LIBRARIES_H

// Opens libmicrohttpd and finds its functions, once per process (later calls give the first
// call's answer). NULL when done, else why not (the library or a function missing).
const char *nbi_open_microhttpd(void);

// The same for libzinnia.
const char *nbi_open_zinnia(void);

// libdbus: the part `search-provider` uses, and `nbi_open_dbus`.
#include "DBus.h"

#endif
