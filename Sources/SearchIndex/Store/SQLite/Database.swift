import CSQLite

/// One SQLite connection, owned by one user at a time (a build's writer, a query, a test).
///
/// Not `Sendable`: SQLite is opened without its own mutexes, so a connection must not be shared
/// between threads. Statements are cached per SQL text and finalized when the database goes away.
final class Database {
    /// How to open the file.
    enum Mode: Sendable {
        /// Read and write, creating the file when missing.
        case create
        /// Read and write an existing file.
        case readWrite
        /// Read an existing file that this process may not write, nor the folder holding it (a
        /// read-only mount, another user's index): SQLite is told it cannot change meanwhile,
        /// since it could not take its locks or map the WAL index there.
        case immutable
    }

    let handle: OpaquePointer
    /// The file this connection opened.
    let path: String
    private var cache: [String: Statement] = [:]

    /// Opens (or creates) the database at `path`, with foreign keys on and a busy timeout.
    /// - Throws: `DatabaseError` when the file cannot be opened.
    init(path: String, mode: Mode = .create, busyTimeout milliseconds: Int32 = 10_000) throws(DatabaseError) {
        var connection: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            let escaped = path.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "?", with: "%3f")
                .replacingOccurrences(of: "#", with: "%23")
            name = "file:" + escaped + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let failure = DatabaseError(connection: connection, code: code, sql: nil)
            sqlite3_close_v2(connection)
            throw failure
        }
        self.handle = connection
        self.path = path
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, milliseconds)
        if mode != .immutable { try execute("PRAGMA foreign_keys = ON") }
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one or more SQL statements that take no parameters.
    func execute(_ sql: String) throws(DatabaseError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw DatabaseError(connection: handle, code: code, sql: sql) }
    }

    /// A prepared statement for `sql`, cached for reuse.
    func statement(_ sql: String) throws(DatabaseError) -> Statement {
        if let cached = cache[sql] { return cached }
        let statement = try Statement(database: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// Prepares, binds and runs one statement, ignoring rows.
    func run(_ sql: String, _ values: any DatabaseValueConvertible...) throws(DatabaseError) {
        try statement(sql).execute(values)
    }

    /// The first column of the first row as an integer; nil when there is no row or it is NULL.
    func integer(_ sql: String, _ values: any DatabaseValueConvertible...) throws -> Int? {
        try statement(sql).firstRow(values) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
    }

    /// The first column of the first row as text; nil when there is no row or it is NULL.
    func text(_ sql: String, _ values: any DatabaseValueConvertible...) throws -> String? {
        try statement(sql).firstRow(values) { $0.optionalString(0) } ?? nil
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`, rolling back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The rowid of the last inserted row.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Pages this connection has read from the file into its cache since it opened (SQLite's
    /// cache misses): what a query costs in reads, whatever else the machine is doing.
    var pagesRead: Int {
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_MISS, &current, &highest, 0)
        return Int(current)
    }
}
