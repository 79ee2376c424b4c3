// Debian's libmicrohttpd-dev: the HTTP server behind `notebook-index serve` (its header only:
// DeferredLibraries opens the library when `serve` starts). Swift cannot call C's variadic
// functions, so the two calls that take options are wrapped here.
#include <stdint.h>
#include <sys/socket.h>
#include <microhttpd.h>

// A daemon with its own listening thread and a thread per connection, bound to `address` (an
// IPv4 or, with `ipv6`, an IPv6 socket address; port 0 picks a free port). NULL when it cannot
// listen.
static inline struct MHD_Daemon *nbi_mhd_start(
    int ipv6, const struct sockaddr *address, unsigned int connection_limit, MHD_AccessHandlerCallback handler,
    void *context) {
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL;
    if (ipv6) flags |= MHD_USE_IPv6;
    return MHD_start_daemon(
        flags, 0, NULL, NULL, handler, context, MHD_OPTION_SOCK_ADDR, address, MHD_OPTION_CONNECTION_LIMIT,
        connection_limit, MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30, MHD_OPTION_END);
}

// The port the daemon listens on (the one picked for port 0); 0 when unknown.
static inline uint16_t nbi_mhd_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info == NULL ? 0 : info->port;
}
