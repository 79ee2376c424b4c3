/// A value bound to a statement parameter.
enum DatabaseValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

/// Types that bind as a `DatabaseValue`.
protocol DatabaseValueConvertible {
    var databaseValue: DatabaseValue { get }
}

extension Int: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(Int64(self)) }
}

extension Int64: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .integer(self) }
}

extension Double: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .real(self) }
}

extension String: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .text(self) }
}

extension [UInt8]: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { .blob(self) }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self?.databaseValue ?? .null }
}

extension DatabaseValue: DatabaseValueConvertible {
    var databaseValue: DatabaseValue { self }
}
