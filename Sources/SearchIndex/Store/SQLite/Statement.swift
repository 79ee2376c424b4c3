import CSQLite

/// A prepared statement. It belongs to its `Database` and is used from the same thread;
/// it finalizes itself in `deinit`.
final class Statement {
    private let handle: OpaquePointer
    private unowned let database: Database
    /// The SQL this statement was prepared from (shown in errors; values are never shown).
    let sql: String

    init(database: Database, sql: String) throws(DatabaseError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database.handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw DatabaseError(connection: database.handle, code: code, sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    func bind(_ values: [any DatabaseValueConvertible]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.databaseValue {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let v): code = sqlite3_bind_int64(handle, index, v)
            case .real(let v): code = sqlite3_bind_double(handle, index, v)
            case .text(let v): code = sqlite3_bind_text(handle, index, v, -1, sqliteTransient)
            case .blob(let v):
                // a zero-length blob, not NULL, for an empty array
                code = v.withUnsafeBytes {
                    sqlite3_bind_blob(
                        handle, index, $0.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32($0.count),
                        sqliteTransient)
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Advances to the next row.
    /// - Returns: true when a row is available, false when the statement is done.
    func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let failure = error(code)
            sqlite3_reset(handle)
            throw failure
        }
    }

    /// Binds `values` and runs the statement to completion, ignoring rows.
    func execute(_ values: [any DatabaseValueConvertible] = []) throws(DatabaseError) {
        try bind(values)
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Binds `values` and calls `body` for each row.
    func forEachRow(
        _ values: [any DatabaseValueConvertible] = [], _ body: (Statement) throws -> Void
    ) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    /// Binds `values` and calls `body` for each row until it returns false.
    func forEachRow(
        _ values: [any DatabaseValueConvertible], while body: (Statement) throws -> Bool
    ) throws {
        try bind(values)
        defer { sqlite3_reset(handle) }
        while try step() {
            if try !body(self) { break }
        }
    }

    /// Binds `values` and reads the first row, if any.
    func firstRow<T>(
        _ values: [any DatabaseValueConvertible] = [], _ body: (Statement) throws -> T
    ) throws
        -> T?
    {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? body(self) : nil
    }

    // MARK: Columns of the current row

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    /// The column as text; "" for NULL.
    func string(_ column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: text)
    }

    /// Calls `body` with the column's bytes (a text column's UTF-8), valid only inside it; empty for NULL.
    func withBytes<T>(_ column: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let pointer = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: pointer, count: pointer == nil ? 0 : count))
    }

    /// The length in bytes of a text or blob column.
    func byteCount(_ column: Int32) -> Int { Int(sqlite3_column_bytes(handle, column)) }

    func optionalString(_ column: Int32) -> String? { isNull(column) ? nil : string(column) }
    func optionalDouble(_ column: Int32) -> Double? { isNull(column) ? nil : double(column) }
    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    private func error(_ code: Int32) -> DatabaseError {
        DatabaseError(connection: database.handle, code: code, sql: sql)
    }
}

/// SQLite copies bound text before `bind` returns.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
