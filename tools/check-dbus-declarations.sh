#!/usr/bin/env bash
# `make lint`: checks the project's own declarations of libdbus (Sources/DeferredLibraries'
# DBus.h and DBus.c, which the build compiles without libdbus's header) against that header
# (Debian's libdbus-1-dev): each prototype is declared again after the header, which the compiler
# rejects when they differ, and the constants and sizes the declarations give are asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
dir=Sources/DeferredLibraries
check=$(mktemp --suffix=.c)
trap 'rm -f "$check"' EXIT
{
    echo '#include <stddef.h>'
    echo '#include <dbus/dbus.h>'
    # every declaration of a dbus_ function, from its first line to its semicolon
    awk '/^[A-Za-z].*[ *]dbus_[a-z_]+\(/ { inside = 1 } inside { print } inside && /;$/ { inside = 0 }' \
        "$dir/include/DBus.h" "$dir/DBus.c"
    cat <<'C'
_Static_assert(DBUS_TYPE_INVALID == 0 && DBUS_TYPE_STRING == 's' && DBUS_TYPE_ARRAY == 'a' &&
    DBUS_TYPE_STRUCT == 'r' && DBUS_TYPE_DICT_ENTRY == 'e' && DBUS_TYPE_VARIANT == 'v' &&
    DBUS_TYPE_INT32 == 'i' && DBUS_TYPE_UINT32 == 'u' && DBUS_TYPE_DOUBLE == 'd', "type codes");
_Static_assert(DBUS_HANDLER_RESULT_HANDLED == 0 && DBUS_HANDLER_RESULT_NOT_YET_HANDLED == 1 &&
    DBUS_HANDLER_RESULT_NEED_MEMORY == 2, "handler results");
_Static_assert(DBUS_MESSAGE_TYPE_METHOD_CALL == 1 && DBUS_BUS_SESSION == 0, "message type, bus");
_Static_assert(DBUS_NAME_FLAG_DO_NOT_QUEUE == 4 && DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER == 1, "name codes");
_Static_assert(sizeof(DBusMessageIter) <= 16 * sizeof(void *), "DBus.h's iterator is too small");
_Static_assert(sizeof(DBusError) == 4 * sizeof(void *) && offsetof(DBusError, message) == sizeof(void *),
    "DBus.c's error");
_Static_assert(sizeof(DBusObjectPathVTable) == 6 * sizeof(void *) &&
    offsetof(DBusObjectPathVTable, message_function) == sizeof(void *), "DBus.c's object table");
C
} >"$check"
# the system's C compiler, else the Swift toolchain's clang
compiler=$(command -v cc || command -v clang)
# the header's folders, as pkg-config names them (Debian's, where pkg-config is missing)
cflags=$(pkg-config --cflags dbus-1 2>/dev/null ||
    echo "-I/usr/include/dbus-1.0 -I/usr/lib/$("$compiler" -print-multiarch)/dbus-1.0/include")
# shellcheck disable=SC2086 # two -I flags
"$compiler" -std=c11 -fsyntax-only -Werror $cflags "$check"
echo "check-dbus-declarations: $(grep -c '^[A-Za-z].*[ *]dbus_[a-z_]*(' "$check") prototypes and the constants agree with libdbus's header"
