import Foundation

/// OneNote's GUIDs on the shared cursor.
extension LittleEndianBytes {
    /// A GUID as stored (Data1, Data2 and Data3 little-endian, then 8 bytes), as a `UUID`.
    mutating func guid() throws(ReadError) -> UUID { Self.guid(try take(16)) }

    static func guid(_ raw: ArraySlice<UInt8>) -> UUID {
        let b = Array(raw)
        guard b.count == 16 else { return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) }
        return UUID(
            uuid: (b[3], b[2], b[1], b[0], b[5], b[4], b[7], b[6], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
        )
    }
}

/// A GUID with a number ([MS-FSSHTTPB] 2.2.1.7, [MS-ONESTORE] 2.2.1): how OneNote names objects,
/// object spaces, revisions and data elements.
struct ExGUID: Hashable, Sendable, CustomStringConvertible {
    var guid: UUID
    var n: UInt32

    static let none = ExGUID(guid: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)), n: 0)

    init(guid: UUID, n: UInt32) {
        self.guid = guid
        self.n = n
    }

    /// A constant from its text form.
    init(_ text: String, _ n: UInt32) {
        self.init(guid: UUID(uuidString: text) ?? Self.none.guid, n: n)
    }

    var isNone: Bool { self == .none }
    var description: String { "{\(guid.uuidString)},\(n)" }
}

/// An object space (or a context) in a store: two extended GUIDs ([MS-FSSHTTPB] 2.2.1.10).
struct CellID: Hashable, Sendable {
    var context: ExGUID
    var space: ExGUID
}
