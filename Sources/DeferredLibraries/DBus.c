// libdbus, opened by `search-provider` (DBus.h says why its declarations are the project's own).
#include <stdlib.h>
#include <string.h>

#include "Binding.h"
#include "DBus.h"
#include "DeferredLibraries.h"

// Debian's libdbus-1-3 (tools/make-deb.sh names the package that holds it as a dependency)
static const char *const soname = "libdbus-1.so.3";

// What only the functions below use: an error (a name and a message, five flag bits, a pointer of
// padding), the bus and request-name codes, and an object's table (the unregister and message
// functions, four pointers of padding).
typedef struct {
    const char *name;
    const char *message;
    unsigned int flags;
    void *padding;
} DBusError;

typedef struct {
    void (*unregister_function)(DBusConnection *connection, void *user_data);
    DBusObjectPathMessageFunction message_function;
    void (*padding[4])(void *);
} DBusObjectPathVTable;

typedef enum { DBUS_BUS_SESSION, DBUS_BUS_SYSTEM, DBUS_BUS_STARTER } DBusBusType;

enum { DBUS_NAME_FLAG_DO_NOT_QUEUE = 0x4, DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER = 1 };

void dbus_error_init(DBusError *error);
void dbus_error_free(DBusError *error);
dbus_bool_t dbus_error_is_set(const DBusError *error);
DBusConnection *dbus_bus_get_private(DBusBusType type, DBusError *error);
int dbus_bus_request_name(DBusConnection *connection, const char *name, unsigned int flags, DBusError *error);
void dbus_connection_set_exit_on_disconnect(DBusConnection *connection, dbus_bool_t exit_on_disconnect);
dbus_bool_t dbus_connection_register_object_path(
    DBusConnection *connection, const char *path, const DBusObjectPathVTable *vtable, void *user_data);

#define FUNCTIONS(F, V)                                                                                            \
    V(dbus_error_init, (DBusError * error), (error))                                                               \
    V(dbus_error_free, (DBusError * error), (error))                                                               \
    F(dbus_bool_t, dbus_error_is_set, (const DBusError *error), (error))                                           \
    F(DBusConnection *, dbus_bus_get_private, (DBusBusType type, DBusError *error), (type, error))                 \
    F(int, dbus_bus_request_name,                                                                                  \
      (DBusConnection * connection, const char *name, unsigned int flags, DBusError *error),                      \
      (connection, name, flags, error))                                                                            \
    V(dbus_connection_set_exit_on_disconnect, (DBusConnection * connection, dbus_bool_t exit_on_disconnect),      \
      (connection, exit_on_disconnect))                                                                            \
    F(dbus_bool_t, dbus_connection_register_object_path,                                                           \
      (DBusConnection * connection, const char *path, const DBusObjectPathVTable *vtable, void *user_data),        \
      (connection, path, vtable, user_data))                                                                       \
    V(dbus_connection_close, (DBusConnection * connection), (connection))                                          \
    V(dbus_connection_unref, (DBusConnection * connection), (connection))                                          \
    F(dbus_bool_t, dbus_connection_read_write_dispatch, (DBusConnection * connection, int timeout_milliseconds),   \
      (connection, timeout_milliseconds))                                                                          \
    F(dbus_bool_t, dbus_connection_send,                                                                           \
      (DBusConnection * connection, DBusMessage * message, dbus_uint32_t * client_serial),                         \
      (connection, message, client_serial))                                                                        \
    F(DBusMessage *, dbus_message_new_method_return, (DBusMessage * method_call), (method_call))                   \
    F(DBusMessage *, dbus_message_new_error,                                                                       \
      (DBusMessage * reply_to, const char *error_name, const char *error_message),                                 \
      (reply_to, error_name, error_message))                                                                       \
    V(dbus_message_unref, (DBusMessage * message), (message))                                                      \
    F(int, dbus_message_get_type, (DBusMessage * message), (message))                                              \
    F(const char *, dbus_message_get_interface, (DBusMessage * message), (message))                                \
    F(const char *, dbus_message_get_member, (DBusMessage * message), (message))                                   \
    F(dbus_bool_t, dbus_message_iter_init, (DBusMessage * message, DBusMessageIter * iter), (message, iter))       \
    V(dbus_message_iter_init_append, (DBusMessage * message, DBusMessageIter * iter), (message, iter))             \
    F(dbus_bool_t, dbus_message_iter_next, (DBusMessageIter * iter), (iter))                                       \
    F(int, dbus_message_iter_get_arg_type, (DBusMessageIter * iter), (iter))                                       \
    F(int, dbus_message_iter_get_element_type, (DBusMessageIter * iter), (iter))                                   \
    V(dbus_message_iter_get_basic, (DBusMessageIter * iter, void *value), (iter, value))                           \
    V(dbus_message_iter_recurse, (DBusMessageIter * iter, DBusMessageIter * sub), (iter, sub))                     \
    F(dbus_bool_t, dbus_message_iter_append_basic, (DBusMessageIter * iter, int type, const void *value),          \
      (iter, type, value))                                                                                         \
    F(dbus_bool_t, dbus_message_iter_open_container,                                                               \
      (DBusMessageIter * iter, int type, const char *contained_signature, DBusMessageIter *sub),                   \
      (iter, type, contained_signature, sub))                                                                      \
    F(dbus_bool_t, dbus_message_iter_close_container, (DBusMessageIter * iter, DBusMessageIter * sub), (iter, sub))

FUNCTIONS(NBI_DEFINE, NBI_DEFINE_VOID)

static char failure[256];

static int find_functions(void *handle) {
    FUNCTIONS(NBI_FIND, NBI_FIND_VOID)
    return 0;
}

NBI_DEFINE_OPEN(nbi_open_dbus)

DBusConnection *nbi_dbus_own(const char *name, char **error) {
    DBusError e;
    dbus_error_init(&e);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &e);
    if (connection == NULL) {
        *error = strdup(e.message ? e.message : "no session bus");
        dbus_error_free(&e);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, 0);
    int reply = dbus_bus_request_name(connection, name, DBUS_NAME_FLAG_DO_NOT_QUEUE, &e);
    if (reply != DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER) {
        *error = strdup(dbus_error_is_set(&e) && e.message ? e.message : "the name is owned by another process");
        dbus_error_free(&e);
        dbus_connection_close(connection);
        dbus_connection_unref(connection);
        return NULL;
    }
    return connection;
}

int nbi_dbus_register(
    DBusConnection *connection, const char *path, DBusObjectPathMessageFunction handler, void *context) {
    static DBusObjectPathVTable vtable;
    vtable.message_function = handler;
    return dbus_connection_register_object_path(connection, path, &vtable, context) != 0;
}

void nbi_dbus_append_string(DBusMessageIter *iter, const char *value) {
    dbus_message_iter_append_basic(iter, nbi_type_string, &value);
}

const char *nbi_dbus_get_string(DBusMessageIter *iter) {
    if (dbus_message_iter_get_arg_type(iter) != nbi_type_string) return NULL;
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
