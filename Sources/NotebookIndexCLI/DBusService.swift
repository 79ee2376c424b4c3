import DeferredLibraries
import Foundation

/// One object on the session bus, through libdbus: owns a well-known name, hands each method
/// call at its path to a handler as a `DBusCall`, and sends back the handler's reply.
///
/// The connection has one owner, the thread that runs `run(until:)`: libdbus reads, dispatches
/// and writes there, and the handler runs there, one call at a time. `org.freedesktop.DBus.
/// Introspectable.Introspect` is answered from the `introspection` given.
final class DBusService: @unchecked Sendable {
    /// A method call's interface, member and arguments (strings and arrays of strings, which is
    /// all the search interfaces take; other arguments are left out).
    struct DBusCall {
        var interface: String
        var member: String
        var arguments: [DBusValue]
    }

    typealias Handler = (DBusCall) -> DBusReply

    private let connection: OpaquePointer
    private let context: Unmanaged<Context>

    private final class Context {
        let handler: Handler
        let introspection: String
        var connection: OpaquePointer?
        init(handler: @escaping Handler, introspection: String) {
            self.handler = handler
            self.introspection = introspection
        }
    }

    /// Connects to the session bus (`$DBUS_SESSION_BUS_ADDRESS`), owns `name` and serves `path`.
    /// - Throws: `ServeError` when libdbus cannot be opened, there is no session bus or another
    ///   process owns the name.
    init(name: String, path: String, introspection: String, handler: @escaping Handler) throws(ServeError) {
        if let failure = nbi_open_dbus() {
            throw ServeError(message: "cannot open the session bus's library: \(String(cString: failure))")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let connection = nbi_dbus_own(name, &error) else {
            let reason = error.map { String(cString: $0) } ?? "no session bus"
            free(error)
            throw ServeError(message: "cannot own \(name) on the session bus: \(reason)")
        }
        let box = Context(handler: handler, introspection: introspection)
        box.connection = connection
        context = Unmanaged.passRetained(box)
        self.connection = connection
        guard nbi_dbus_register(connection, path, Self.dispatch, context.toOpaque()) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            context.release()
            throw ServeError(message: "cannot serve \(path) on the session bus")
        }
    }

    /// Answers calls until `stop` returns true (checked at least every quarter of a second) or the
    /// bus goes away; then closes the connection.
    func run(until stop: () -> Bool) {
        while !stop(), dbus_connection_read_write_dispatch(connection, 250) != 0 {}
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
        context.release()
    }

    private static let dispatch: DBusObjectPathMessageFunction = { _, message, userData in
        guard let message, let userData, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let context = Unmanaged<Context>.fromOpaque(userData).takeUnretainedValue()
        guard let connection = context.connection else { return DBUS_HANDLER_RESULT_NOT_YET_HANDLED }
        let interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
        let member = dbus_message_get_member(message).map { String(cString: $0) } ?? ""
        let reply: DBusReply
        if interface == "org.freedesktop.DBus.Introspectable" && member == "Introspect" {
            reply = .values([.string(context.introspection)])
        } else {
            reply = context.handler(DBusCall(interface: interface, member: member, arguments: arguments(of: message)))
        }
        let answer: OpaquePointer?
        switch reply {
        case .values(let values):
            answer = dbus_message_new_method_return(message)
            if let answer {
                var iterator = DBusMessageIter()
                dbus_message_iter_init_append(answer, &iterator)
                for value in values { value.append(to: &iterator) }
            }
        case .error(let name, let text):
            answer = dbus_message_new_error(message, name, text)
        }
        if let answer {
            dbus_connection_send(connection, answer, nil)
            dbus_message_unref(answer)
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private static func arguments(of message: OpaquePointer) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            values.append(DBusValue.read(&iterator))
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }
}

/// What a method returns: its values, or a D-Bus error (`org.freedesktop.DBus.Error.…`).
enum DBusReply {
    case values([DBusValue])
    case error(name: String, text: String)

    static func invalidArguments(_ text: String) -> DBusReply {
        .error(name: "org.freedesktop.DBus.Error.InvalidArgs", text: text)
    }
}

/// The D-Bus values the search interfaces use, each with its signature.
indirect enum DBusValue: Equatable {
    case string(String)
    case int32(Int32)
    case uint32(UInt32)
    case double(Double)
    /// Elements all of `element`'s signature (given, as an empty array has no element to tell).
    case array(element: String, [DBusValue])
    case structure([DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)
    /// An argument of another type, read but not understood.
    case other

    var signature: String {
        switch self {
        case .string: return "s"
        case .int32: return "i"
        case .uint32: return "u"
        case .double: return "d"
        case .array(let element, _): return "a" + element
        case .structure(let values): return "(" + values.map(\.signature).joined() + ")"
        case .dictEntry(let key, let value): return "{" + key.signature + value.signature + "}"
        case .variant: return "v"
        case .other: return ""
        }
    }

    /// `a{sv}`, from string keys to variants.
    static func dictionary(_ entries: [(String, DBusValue)]) -> DBusValue {
        .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// The strings of an `as`, nil for anything else.
    var strings: [String]? {
        guard case .array(_, let values) = self else { return nil }
        return values.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
    }

    var string: String? {
        if case .string(let s) = self { return s } else { return nil }
    }

    fileprivate func append(to iterator: inout DBusMessageIter) {
        switch self {
        case .string(let text):
            text.withCString { nbi_dbus_append_string(&iterator, $0) }
        case .int32(var number):
            dbus_message_iter_append_basic(&iterator, nbi_type_int32, &number)
        case .uint32(var number):
            dbus_message_iter_append_basic(&iterator, nbi_type_uint32, &number)
        case .double(var number):
            dbus_message_iter_append_basic(&iterator, nbi_type_double, &number)
        case .array(let element, let values):
            container(nbi_type_array, element, values, &iterator)
        case .structure(let values):
            container(nbi_type_struct, nil, values, &iterator)
        case .dictEntry(let key, let value):
            container(nbi_type_dict_entry, nil, [key, value], &iterator)
        case .variant(let value):
            container(nbi_type_variant, value.signature, [value], &iterator)
        case .other:
            break
        }
    }

    private func container(
        _ type: Int32, _ signature: String?, _ values: [DBusValue], _ iterator: inout DBusMessageIter
    ) {
        var inner = DBusMessageIter()
        let opened: dbus_bool_t
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(&iterator, type, $0, &inner) }
        } else {
            opened = dbus_message_iter_open_container(&iterator, type, nil, &inner)
        }
        guard opened != 0 else { return }
        for value in values { value.append(to: &inner) }
        dbus_message_iter_close_container(&iterator, &inner)
    }

    fileprivate static func read(_ iterator: inout DBusMessageIter) -> DBusValue {
        let type = dbus_message_iter_get_arg_type(&iterator)
        if type == nbi_type_string {
            return .string(nbi_dbus_get_string(&iterator).map { String(cString: $0) } ?? "")
        }
        if type == nbi_type_uint32 {
            var number: UInt32 = 0
            dbus_message_iter_get_basic(&iterator, &number)
            return .uint32(number)
        }
        if type == nbi_type_array {
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(&iterator, &inner)
            var values: [DBusValue] = []
            while dbus_message_iter_get_arg_type(&inner) != nbi_type_invalid {
                values.append(read(&inner))
                dbus_message_iter_next(&inner)
            }
            let element = dbus_message_iter_get_element_type(&iterator) == nbi_type_string ? "s" : "?"
            return .array(element: element, values)
        }
        return .other
    }
}
