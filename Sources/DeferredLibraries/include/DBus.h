// The part of libdbus that `search-provider` uses, declared here: libdbus's own header lies in
// folders only pkg-config names (/usr/include/dbus-1.0 and an architecture's lib folder), and a
// system-library target that asks pkg-config for them is also linked with what it names, so the
// library was loaded at every start. The declarations follow libdbus's stable ABI (1.x): its
// prototypes, its type codes and flags, and an iterator at least as large as its own. DBus.c
// defines the functions, each calling libdbus's through dlsym once `nbi_open_dbus` succeeded.
#ifndef DEFERRED_LIBRARIES_DBUS_H
#define DEFERRED_LIBRARIES_DBUS_H

#include <stdint.h>

typedef uint32_t dbus_bool_t;
typedef uint32_t dbus_uint32_t;
typedef struct DBusConnection DBusConnection;
typedef struct DBusMessage DBusMessage;

// Where a message's arguments are read or appended; libdbus fills it (72 bytes on 64-bit
// machines, 56 on 32-bit), the caller only gives the room, here more than either.
typedef struct DBusMessageIter {
    void *storage[16];
} DBusMessageIter;

typedef enum { DBUS_HANDLER_RESULT_HANDLED, DBUS_HANDLER_RESULT_NOT_YET_HANDLED, DBUS_HANDLER_RESULT_NEED_MEMORY }
    DBusHandlerResult;

typedef DBusHandlerResult (*DBusObjectPathMessageFunction)(
    DBusConnection *connection, DBusMessage *message, void *user_data);

#define DBUS_MESSAGE_TYPE_METHOD_CALL 1

// The type codes of the D-Bus wire format (its signature characters).
static const int nbi_type_invalid = 0;
static const int nbi_type_string = 's';
static const int nbi_type_array = 'a';
static const int nbi_type_struct = 'r';
static const int nbi_type_dict_entry = 'e';
static const int nbi_type_variant = 'v';
static const int nbi_type_int32 = 'i';
static const int nbi_type_uint32 = 'u';
static const int nbi_type_double = 'd';

void dbus_connection_close(DBusConnection *connection);
void dbus_connection_unref(DBusConnection *connection);
dbus_bool_t dbus_connection_read_write_dispatch(DBusConnection *connection, int timeout_milliseconds);
dbus_bool_t dbus_connection_send(DBusConnection *connection, DBusMessage *message, dbus_uint32_t *client_serial);
DBusMessage *dbus_message_new_method_return(DBusMessage *method_call);
DBusMessage *dbus_message_new_error(DBusMessage *reply_to, const char *error_name, const char *error_message);
void dbus_message_unref(DBusMessage *message);
int dbus_message_get_type(DBusMessage *message);
const char *dbus_message_get_interface(DBusMessage *message);
const char *dbus_message_get_member(DBusMessage *message);
dbus_bool_t dbus_message_iter_init(DBusMessage *message, DBusMessageIter *iter);
void dbus_message_iter_init_append(DBusMessage *message, DBusMessageIter *iter);
dbus_bool_t dbus_message_iter_next(DBusMessageIter *iter);
int dbus_message_iter_get_arg_type(DBusMessageIter *iter);
int dbus_message_iter_get_element_type(DBusMessageIter *iter);
void dbus_message_iter_get_basic(DBusMessageIter *iter, void *value);
void dbus_message_iter_recurse(DBusMessageIter *iter, DBusMessageIter *sub);
dbus_bool_t dbus_message_iter_append_basic(DBusMessageIter *iter, int type, const void *value);
dbus_bool_t dbus_message_iter_open_container(
    DBusMessageIter *iter, int type, const char *contained_signature, DBusMessageIter *sub);
dbus_bool_t dbus_message_iter_close_container(DBusMessageIter *iter, DBusMessageIter *sub);

// Opens libdbus and finds its functions, once per process (later calls give the first call's
// answer). NULL when done, else why not (the library or a function missing).
const char *nbi_open_dbus(void);

// A private connection to the session bus that owns `name` (not queued behind another owner);
// NULL with *error set (to free with free) when either fails. libdbus must be open.
DBusConnection *nbi_dbus_own(const char *name, char **error);

// Sends every message at `path` to `handler` (one object per process: the table is static).
// Nonzero when registered.
int nbi_dbus_register(
    DBusConnection *connection, const char *path, DBusObjectPathMessageFunction handler, void *context);

void nbi_dbus_append_string(DBusMessageIter *iter, const char *value);

// The string at the iterator, or NULL when it is not one.
const char *nbi_dbus_get_string(DBusMessageIter *iter);

#endif
