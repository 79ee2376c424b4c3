// libmicrohttpd, opened by `serve` (DeferredLibraries.h says why and how).
#include <stdarg.h>
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

#include "Binding.h"
#include "DeferredLibraries.h"

// Debian's libmicrohttpd12 (tools/make-deb.sh names the package that holds it as a dependency)
static const char *const soname = "libmicrohttpd.so.12";

#define FUNCTIONS(F, V)                                                                                            \
    F(enum MHD_Result, MHD_add_response_header,                                                                    \
      (struct MHD_Response * response, const char *header, const char *content), (response, header, content))      \
    F(struct MHD_Response *, MHD_create_response_from_buffer,                                                      \
      (size_t size, void *buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))                         \
    V(MHD_destroy_response, (struct MHD_Response * response), (response))                                          \
    F(int, MHD_get_connection_values,                                                                              \
      (struct MHD_Connection * connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator,                 \
       void *iterator_context),                                                                                    \
      (connection, kind, iterator, iterator_context))                                                              \
    F(const char *, MHD_lookup_connection_value,                                                                   \
      (struct MHD_Connection * connection, enum MHD_ValueKind kind, const char *key), (connection, kind, key))      \
    F(enum MHD_Result, MHD_queue_response,                                                                         \
      (struct MHD_Connection * connection, unsigned int status_code, struct MHD_Response *response),               \
      (connection, status_code, response))                                                                         \
    V(MHD_stop_daemon, (struct MHD_Daemon * daemon), (daemon))

FUNCTIONS(NBI_DEFINE, NBI_DEFINE_VOID)

// The two variadic functions: the options go on through the library's `va_list` form, and the
// daemon's information is asked only of types that take no further argument (the bound port).
static typeof(&MHD_start_daemon_va) MHD_start_daemon_va_bound;
static typeof(&MHD_get_daemon_info) MHD_get_daemon_info_bound;

__attribute__((visibility("hidden"))) struct MHD_Daemon *MHD_start_daemon(
    unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback accept, void *accept_context,
    MHD_AccessHandlerCallback handler, void *handler_context, ...) {
    va_list options;
    va_start(options, handler_context);
    struct MHD_Daemon *daemon =
        MHD_start_daemon_va_bound(flags, port, accept, accept_context, handler, handler_context, options);
    va_end(options);
    return daemon;
}

__attribute__((visibility("hidden"))) const union MHD_DaemonInfo *MHD_get_daemon_info(
    struct MHD_Daemon *daemon, enum MHD_DaemonInfoType info_type, ...) {
    return MHD_get_daemon_info_bound(daemon, info_type);
}

static char failure[256];

static int find_functions(void *handle) {
    FUNCTIONS(NBI_FIND, NBI_FIND_VOID)
    NBI_FIND_VOID(MHD_start_daemon_va, , )
    NBI_FIND_VOID(MHD_get_daemon_info, , )
    return 0;
}

NBI_DEFINE_OPEN(nbi_open_microhttpd)
