import Foundation

/// The data elements of a OneNote section in the packaged form ([MS-ONESTORE] 2.8, the
/// [MS-FSSHTTPB] data element package), as OneDrive, SharePoint and OneNote for the web store it.
///
/// ```
/// header       guidFileType {7B5C52E4-…} (.one), guidFile, guidLegacyFileVersion,
///              guidFileFormat {638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7}, u32 0
/// packaging    32-bit stream object 0x7A, storage index ExGUID, cell schema GUID,
///              data element package (0x15): data elements (0x01) until its 8-bit end
/// data element ExGUID id, serial number, compact type, then by type:
///   1 storage index      cell mappings (0x0E: CellID → cell manifest), revision mappings (0x0D)
///   2 storage manifest   roots (0x07: ExGUID role → CellID): the header cell and the data root
///   3 cell manifest      (0x0B) the cell's current revision
///   4 revision manifest  (0x1A) revision and base revision, roots (0x0A: role → object),
///                        object groups (0x19)
///   5 object group       declarations (0x1D: object 0x18 / blob 0x05, with a partition), optional
///                        metadata (0x79), data (0x1E: object 0x16 = refs, cells, bytes; excluded
///                        0x03; blob reference 0x1C), paired with the declarations by position
///   10 object data blob  file data (images): skipped
/// ```
/// Stream object headers are 16 bits (type in bits 3–8) or 32 bits (type in bits 3–16, length
/// 0x7FFF followed by a compact number); ends are 8 or 16 bits. Everything is read once, in order,
/// with every count checked against the bytes left, so the package holds slices of the file only.
struct OneStorePackage {
    struct RevisionManifest {
        var base: ExGUID
        var roots: [(role: ExGUID, object: ExGUID)] = []
        var groups: [ExGUID] = []
    }

    /// An object's data in a group: the objects and cells it refers to, and its bytes.
    struct ObjectData {
        var objects: [ExGUID]
        var cells: [CellID]
        var bytes: ArraySlice<UInt8>
    }

    /// The partitions of a group, by object: 4 holds the JCID, 1 the property set.
    typealias ObjectGroup = [(id: ExGUID, partition: UInt64, data: ObjectData?)]

    static let fileFormat = UUID(uuidString: "638DE92F-A6D4-4BC1-9A36-B3FC2511A5B7")
    static let sectionSchema = UUID(uuidString: "1F937CB4-B26F-445F-B9F8-17E20160E461")

    var cellMappings: [CellID: ExGUID] = [:]
    var revisionMappings: [ExGUID: ExGUID] = [:]
    var storageRoots: [ExGUID: CellID] = [:]
    var cellManifests: [ExGUID: ExGUID] = [:]
    var revisionManifests: [ExGUID: RevisionManifest] = [:]
    var objectGroups: [ExGUID: ObjectGroup] = [:]
    /// Shared by the object spaces made from this package.
    let work: OneNoteWorkBudget

    /// Reads the package that starts at `offset` (where the four header GUIDs are).
    init(_ bytes: [UInt8], at offset: Int) throws(ReadError) {
        work = OneNoteWorkBudget(fileSize: bytes.count)
        var r = LittleEndianBytes(bytes[offset...], what: "OneNote package")
        try r.skip(48)
        guard try r.guid() == Self.fileFormat else { throw ReadError("not a OneNote package (file format GUID)") }
        try r.skip(4)
        try r.start(0x7A)
        _ = try r.exGUID()
        let schema = try r.guid()
        guard schema == Self.sectionSchema else {
            throw ReadError("OneNote package of cell schema {\(schema.uuidString)}, not a section's")
        }
        try r.start(0x15)
        try r.skip(1)
        while !r.ends(0x15) { try readDataElement(&r) }
    }

    private mutating func readDataElement(_ r: inout LittleEndianBytes) throws(ReadError) {
        try r.start(0x01)
        let id = try r.exGUID()
        try r.serialNumber()
        let type = try r.compact()
        switch type {
        case 1:
            while !r.ends(0x01) {
                switch try r.header() {
                case 0x11:
                    _ = try r.exGUID()
                    try r.serialNumber()
                case 0x0E:
                    let cell = try r.cellID()
                    cellMappings[cell] = try r.exGUID()
                    try r.serialNumber()
                case 0x0D:
                    let revision = try r.exGUID()
                    revisionMappings[revision] = try r.exGUID()
                    try r.serialNumber()
                case let other: throw ReadError("unexpected stream object 0x\(hex(other)) in the storage index")
                }
            }
        case 2:
            try r.start(0x0C)
            _ = try r.guid()
            while !r.ends(0x01) {
                try r.start(0x07)
                let role = try r.exGUID()
                storageRoots[role] = try r.cellID()
            }
        case 3:
            try r.start(0x0B)
            cellManifests[id] = try r.exGUID()
        case 4:
            try r.start(0x1A)
            _ = try r.exGUID()
            var manifest = RevisionManifest(base: try r.exGUID())
            while !r.ends(0x01) {
                switch try r.header() {
                case 0x0A: manifest.roots.append((try r.exGUID(), try r.exGUID()))
                case 0x19: manifest.groups.append(try r.exGUID())
                case let other: throw ReadError("unexpected stream object 0x\(hex(other)) in a revision manifest")
                }
            }
            revisionManifests[id] = manifest
        case 5:
            objectGroups[id] = try readObjectGroup(&r)
        case 0x0A:
            guard try r.header() == 0x02 else { throw ReadError("object data blob without its header") }
            try r.skip(try r.count(try r.compact(), of: "blob bytes"))
        case 6: throw ReadError("data element fragments (a section split for upload) are not read")
        default: throw ReadError("unknown data element type \(type)")
        }
        try r.end(0x01)
    }

    private func readObjectGroup(_ r: inout LittleEndianBytes) throws(ReadError) -> ObjectGroup {
        try r.start(0x1D)
        var declarations: [(ExGUID, UInt64)] = []
        while !r.ends(0x1D) {
            switch try r.header() {
            case 0x18:
                let id = try r.exGUID()
                declarations.append((id, try r.compact()))
                for _ in 0..<3 { _ = try r.compact() }
            case 0x05:
                let id = try r.exGUID()
                _ = try r.exGUID()
                declarations.append((id, try r.compact()))
                for _ in 0..<2 { _ = try r.compact() }
            case let other: throw ReadError("unexpected stream object 0x\(hex(other)) in object declarations")
            }
        }
        try r.end(0x1D)
        var type = try r.header()
        if type == 0x79 {
            while !r.ends(0x79) {
                guard try r.header() == 0x78 else { throw ReadError("unexpected stream object in object metadata") }
                _ = try r.compact()
            }
            try r.end(0x79)
            type = try r.header()
        }
        guard type == 0x1E else { throw ReadError("object group without its data (stream object 0x\(hex(type)))") }
        var data: [ObjectData?] = []
        while !r.ends(0x1E) {
            let kind = try r.header()
            let objects = try r.array(minimumElementSize: 1) { (r: inout LittleEndianBytes) throws(ReadError) in
                try r.exGUID()
            }
            let cells = try r.array(minimumElementSize: 2) { (r: inout LittleEndianBytes) throws(ReadError) in
                try r.cellID()
            }
            switch kind {
            case 0x16:
                data.append(
                    ObjectData(
                        objects: objects, cells: cells, bytes: try r.take(r.count(r.compact(), of: "object bytes"))))
            case 0x03:
                _ = try r.compact()
                data.append(nil)
            case 0x1C:
                _ = try r.exGUID()
                data.append(nil)
            default: throw ReadError("unexpected stream object 0x\(hex(kind)) in object data")
            }
        }
        try r.end(0x1E)
        guard data.count == declarations.count else {
            throw ReadError("object group declares \(declarations.count) objects but holds \(data.count)")
        }
        return zip(declarations, data).map { ($0.0, $0.1, $1) }
    }
}

/// What one read may still do, counted in revisions and objects visited and bytes of property sets
/// parsed: object spaces that share revisions, or a page listed many times, cannot make the read go
/// over the same data without end. One owner: the read of one file.
final class OneNoteWorkBudget {
    private var left: Int

    init(fileSize: Int) {
        left = 8 * fileSize + (1 << 20)
    }

    func charge(_ amount: Int) throws(ReadError) {
        left -= amount
        guard left >= 0 else { throw ReadError("OneNote objects are referred to over and over (a hostile file?)") }
    }
}

/// `value` in upper-case hexadecimal, for messages.
func hex(_ value: some BinaryInteger) -> String { String(value, radix: 16, uppercase: true) }

/// The variable-width values of [MS-FSSHTTPB] 2.2.1.
extension LittleEndianBytes {
    /// A compact unsigned 64-bit number: the lowest set bit of the first byte gives the width.
    mutating func compact() throws(ReadError) -> UInt64 {
        guard let first = peek() else {
            _ = try take(1)
            return 0
        }
        if first == 0 {
            try skip(1)
            return 0
        }
        let width = first.trailingZeroBitCount + 1
        if width == 8 {
            try skip(1)
            return try u64()
        }
        return try unsigned(width) >> UInt64(width)
    }

    /// A compact extended GUID: 0 (none), or a 5, 10, 17 or 32-bit number before the GUID.
    mutating func exGUID() throws(ReadError) -> ExGUID {
        let first = try u8()
        let n: UInt32
        if first == 0 {
            return .none
        } else if first & 0x07 == 0x04 {
            n = UInt32(first >> 3)
        } else if first & 0x3F == 0x20 {
            n = UInt32(try u8()) << 2 | UInt32(first >> 6)
        } else if first & 0x7F == 0x40 {
            n = UInt32(try u16()) << 1 | UInt32(first >> 7)
        } else if first == 0x80 {
            n = try u32()
        } else {
            throw ReadError("\(what): bad extended GUID (first byte 0x\(hex(first)))")
        }
        return ExGUID(guid: try guid(), n: n)
    }

    mutating func cellID() throws(ReadError) -> CellID {
        CellID(context: try exGUID(), space: try exGUID())
    }

    /// A serial number (0, or a GUID and a 64-bit number); not used.
    mutating func serialNumber() throws(ReadError) {
        if try u8() != 0 { try skip(24) }
    }

    /// A compact count, then that many elements.
    mutating func array<T>(
        minimumElementSize: Int, _ element: (inout LittleEndianBytes) throws(ReadError) -> T
    ) throws(ReadError) -> [T] {
        let n = try count(try compact(), minimumElementSize: minimumElementSize, of: "array elements")
        var values: [T] = []
        values.reserveCapacity(n)
        for _ in 0..<n { values.append(try element(&self)) }
        return values
    }

    /// The type of the stream object header here (16 or 32 bits; a long length is read past).
    mutating func header() throws(ReadError) -> UInt32 {
        switch peek().map({ $0 & 3 }) {
        case 0: return UInt32((try u16() >> 3) & 0x3F)
        case 2:
            let word = try u32()
            if word >> 17 == 0x7FFF { _ = try compact() }
            return (word >> 3) & 0x3FFF
        default:
            throw ReadError("\(what): no stream object header at byte \(at)")
        }
    }

    /// Reads a stream object header that must be of `type`.
    mutating func start(_ type: UInt32) throws(ReadError) {
        let found = try header()
        guard found == type else {
            throw ReadError("\(what): stream object 0x\(hex(found)) where 0x\(hex(type)) belongs")
        }
    }

    /// Whether an 8-bit end of `type` is next (not consumed).
    func ends(_ type: UInt8) -> Bool {
        guard let b = peek() else { return false }
        return b & 3 == 1 && b >> 2 == type
    }

    /// Reads the 8-bit end of `type`.
    mutating func end(_ type: UInt8) throws(ReadError) {
        guard ends(type) else { throw ReadError("\(what): stream object 0x\(hex(type)) does not end at byte \(at)") }
        try skip(1)
    }
}
