// Debian's libdbus-1-dev: the session bus of `notebook-index search-provider`. The type codes are
// macros Swift cannot import (casts), so they are constants here, with the few calls that pass a
// pointer to a pointer.
#include <stdlib.h>
#include <string.h>
#include <dbus/dbus.h>

static const int nbi_type_invalid = DBUS_TYPE_INVALID;
static const int nbi_type_string = DBUS_TYPE_STRING;
static const int nbi_type_array = DBUS_TYPE_ARRAY;
static const int nbi_type_struct = DBUS_TYPE_STRUCT;
static const int nbi_type_dict_entry = DBUS_TYPE_DICT_ENTRY;
static const int nbi_type_variant = DBUS_TYPE_VARIANT;
static const int nbi_type_int32 = DBUS_TYPE_INT32;
static const int nbi_type_uint32 = DBUS_TYPE_UINT32;
static const int nbi_type_double = DBUS_TYPE_DOUBLE;

// A private connection to the session bus that owns `name` (not queued behind another owner);
// NULL with *error set (to free with dbus_free) when either fails.
static inline DBusConnection *nbi_dbus_own(const char *name, char **error) {
    DBusError e;
    dbus_error_init(&e);
    DBusConnection *connection = dbus_bus_get_private(DBUS_BUS_SESSION, &e);
    if (connection == NULL) {
        *error = e.message ? strdup(e.message) : strdup("no session bus");
        dbus_error_free(&e);
        return NULL;
    }
    dbus_connection_set_exit_on_disconnect(connection, FALSE);
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

// Sends every message at `path` to `handler` (one object per process: the table is static).
static inline int nbi_dbus_register(
    DBusConnection *connection, const char *path, DBusObjectPathMessageFunction handler, void *context) {
    static DBusObjectPathVTable vtable;
    vtable.message_function = handler;
    return dbus_connection_register_object_path(connection, path, &vtable, context);
}

static inline void nbi_dbus_append_string(DBusMessageIter *iter, const char *value) {
    dbus_message_iter_append_basic(iter, DBUS_TYPE_STRING, &value);
}

// The string at the iterator, or NULL when it is not one.
static inline const char *nbi_dbus_get_string(DBusMessageIter *iter) {
    if (dbus_message_iter_get_arg_type(iter) != DBUS_TYPE_STRING) return NULL;
    const char *value = NULL;
    dbus_message_iter_get_basic(iter, &value);
    return value;
}
