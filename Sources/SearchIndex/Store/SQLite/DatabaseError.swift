import CSQLite

/// A failed SQLite call: the result code, SQLite's message and the statement's SQL.
///
/// Bound values are never included: they can hold the text of someone's notes.
struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The (extended) SQLite result code.
    var code: Int32
    /// SQLite's own message for the failure.
    var message: String
    /// The SQL being prepared or run, when there was one.
    var sql: String?

    init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// Reads the last error of a connection.
    init(connection: OpaquePointer?, code: Int32, sql: String?) {
        let text =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: text, sql: sql)
    }

    /// Whether SQLite found the file damaged: `SQLITE_CORRUPT` (FTS5's included), `SQLITE_NOTADB`,
    /// or FTS5 unable to open its own tables ("vtable constructor failed"), which in an index
    /// only damage causes.
    var isCorruption: Bool {
        primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB || message.contains("vtable constructor failed")
    }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, ...), without extended bits.
    var primaryCode: Int32 { code & 0xFF }

    var description: String {
        var text = "SQLite error \(code): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
