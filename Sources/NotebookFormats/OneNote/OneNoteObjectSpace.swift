import Foundation

/// One object of an object space: its JCID (the kind of node, [MS-ONE] 2.1.13) and its property
/// set ([MS-ONESTORE] 2.6.7), references already turned into the IDs they name.
struct OneNoteObject {
    enum Value {
        case bool(Bool)
        case integer(UInt64)
        case bytes(ArraySlice<UInt8>)
        /// Object IDs (one for an ObjectID property); nil where the object gave no ID for it.
        case objects([ExGUID?])
        case spaces([CellID?])
        case sets([[UInt32: Value]])
    }

    var jcid: UInt32
    /// By property ID without its bool bit (`0x1C001C22` for RichEditTextUnicode).
    var properties: [UInt32: Value]

    func bytes(_ id: UInt32) -> ArraySlice<UInt8>? {
        if case .bytes(let b)? = properties[id] { return b }
        return nil
    }

    func integer(_ id: UInt32) -> UInt64? {
        if case .integer(let v)? = properties[id] { return v }
        return nil
    }

    /// A 4-byte property read as a float (offsets, scaling, ink sizes); nil if absent or not finite.
    func float(_ id: UInt32) -> Double? {
        guard let bits = integer(id), bits <= UInt64(UInt32.max) else { return nil }
        let value = Double(Float(bitPattern: UInt32(bits)))
        return value.isFinite ? value : nil
    }

    func objects(_ id: UInt32) -> [ExGUID] {
        if case .objects(let ids)? = properties[id] { return ids.compactMap { $0 } }
        return []
    }

    func spaces(_ id: UInt32) -> [CellID] {
        if case .spaces(let ids)? = properties[id] { return ids.compactMap { $0 } }
        return []
    }
}

/// An object space of the package at its current revision: the revision manifest the cell
/// points at, then its base revisions, newest first, an object's newest version winning.
///
/// Roots are the objects a revision names for a role ([MS-ONESTORE] 2.1.12: 1 the content, 2 the
/// metadata). Objects are parsed when asked for.
struct OneNoteObjectSpace {
    static let rootRole = UUID(uuidString: "4A3717F8-1C14-49E7-9526-81D942DE1741")
    /// Deepest nesting of property sets inside property sets.
    static let maxPropertyDepth = 16

    let cell: CellID
    private let work: OneNoteWorkBudget
    private(set) var roots: [UInt32: ExGUID] = [:]
    private var entries: [ExGUID: (jcid: OneStorePackage.ObjectData?, data: OneStorePackage.ObjectData?)] = [:]

    init(_ package: OneStorePackage, cell: CellID) throws(ReadError) {
        self.cell = cell
        self.work = package.work
        guard let mapping = package.cellMappings[cell], !mapping.isNone,
            let revision = package.cellManifests[mapping], !revision.isNone
        else { return }
        var next: ExGUID? = revision
        var seen: Set<ExGUID> = []
        while let id = next {
            let manifestID = package.revisionMappings[id] ?? id
            guard let manifest = package.revisionManifests[manifestID] else {
                throw ReadError("revision \(id) of object space \(cell.space) is missing")
            }
            guard seen.insert(manifestID).inserted else {
                throw ReadError("revisions of object space \(cell.space) depend on each other in a loop")
            }
            try work.charge(1 + manifest.roots.count + manifest.groups.count)
            for root in manifest.roots where root.role.guid == Self.rootRole && roots[root.role.n] == nil {
                roots[root.role.n] = root.object
            }
            for groupID in manifest.groups {
                guard let group = package.objectGroups[groupID] else {
                    throw ReadError("object group \(groupID) of object space \(cell.space) is missing")
                }
                try work.charge(group.count)
                for entry in group where entry.partition == 1 || entry.partition == 4 {
                    var slot = entries[entry.id] ?? (nil, nil)
                    if entry.partition == 4, slot.jcid == nil { slot.jcid = entry.data }
                    if entry.partition == 1, slot.data == nil { slot.data = entry.data }
                    entries[entry.id] = slot
                }
            }
            next = manifest.base.isNone ? nil : manifest.base
        }
    }

    /// The object with this ID, nil when the space has none (or only part of one).
    func object(_ id: ExGUID) throws(ReadError) -> OneNoteObject? {
        guard let entry = entries[id], let jcidData = entry.jcid, let data = entry.data else { return nil }
        try work.charge(1 + data.bytes.count + data.objects.count + data.cells.count)
        var jcid = LittleEndianBytes(jcidData.bytes, what: "JCID of object \(id)")
        let spaceCells = data.cells.filter { $0.space != cell.space }
        var reader = PropertyReader(objects: data.objects, spaces: spaceCells)
        do throws(ReadError) {
            return OneNoteObject(jcid: try jcid.u32(), properties: try reader.read(data.bytes))
        } catch {
            throw ReadError("object \(id): \(error.description)")
        }
    }
}

/// Reads an object's property set ([MS-ONESTORE] 2.6.7–2.6.9): the streams of compact IDs of the
/// objects, object spaces and contexts it refers to, then the set. A reference property takes the
/// next IDs of its stream, in the order properties come (nested sets too). In the package, a
/// compact ID of 0 is no object, and the others are, in order, the objects (or object spaces) the
/// object's data lists (the corpus has objects whose stream ends in a 0 the list does not have).
private struct PropertyReader {
    let objects: [ExGUID]
    let spaces: [CellID]
    var objectStream: [ExGUID?] = []
    var spaceStream: [CellID?] = []
    var nextObject = 0
    var nextSpace = 0

    init(objects: [ExGUID], spaces: [CellID]) {
        self.objects = objects
        self.spaces = spaces
    }

    mutating func read(_ bytes: ArraySlice<UInt8>) throws(ReadError) -> [UInt32: OneNoteObject.Value] {
        var r = LittleEndianBytes(bytes, what: "property set")
        let oids = try r.u32()
        objectStream = try Self.stream(&r, count: oids & 0xFF_FFFF, resolving: objects)
        if oids >> 31 == 0 {
            let osids = try r.u32()
            spaceStream = try Self.stream(&r, count: osids & 0xFF_FFFF, resolving: spaces)
            if osids >> 30 & 1 == 1 {
                let contexts = try r.u32()
                try r.skip(try r.count(UInt64(contexts & 0xFF_FFFF), minimumElementSize: 4, of: "context IDs") * 4)
            }
        }
        return try set(&r, depth: 0)
    }

    /// A stream of `count` compact IDs, each resolved to the next of `list` unless it is 0.
    private static func stream<T>(
        _ r: inout LittleEndianBytes, count: UInt32, resolving list: [T]
    ) throws(ReadError) -> [T?] {
        let n = try r.count(UInt64(count), minimumElementSize: 4, of: "compact IDs")
        var next = 0
        var resolved: [T?] = []
        for _ in 0..<n {
            guard try r.u32() != 0, next < list.count else {
                resolved.append(nil)
                continue
            }
            resolved.append(list[next])
            next += 1
        }
        return resolved
    }

    private mutating func set(
        _ r: inout LittleEndianBytes, depth: Int
    ) throws(ReadError) -> [UInt32: OneNoteObject.Value] {
        guard depth < OneNoteObjectSpace.maxPropertyDepth else {
            throw ReadError("property sets nested deeper than \(OneNoteObjectSpace.maxPropertyDepth)")
        }
        let n = try r.count(UInt64(try r.u16()), minimumElementSize: 4, of: "properties")
        var ids: [UInt32] = []
        for _ in 0..<n { ids.append(try r.u32()) }
        var values: [UInt32: OneNoteObject.Value] = [:]
        for id in ids {
            let value: OneNoteObject.Value?
            switch id >> 26 & 0x1F {
            case 0x1: value = nil
            case 0x2: value = .bool(id >> 31 == 1)
            case 0x3: value = .integer(try r.unsigned(1))
            case 0x4: value = .integer(try r.unsigned(2))
            case 0x5: value = .integer(try r.unsigned(4))
            case 0x6: value = .integer(try r.unsigned(8))
            case 0x7: value = .bytes(try r.take(r.count(UInt64(r.u32()), of: "property bytes")))
            case 0x8: value = .objects([take(from: objectStream, &nextObject)])
            case 0x9: value = .objects(try takeMany(from: objectStream, &nextObject, &r))
            case 0xA: value = .spaces([take(from: spaceStream, &nextSpace)])
            case 0xB: value = .spaces(try takeMany(from: spaceStream, &nextSpace, &r))
            case 0xC: value = nil
            case 0xD:
                try r.skip(4)
                value = nil
            case 0x10:
                let count = try r.count(UInt64(try r.u32()), minimumElementSize: 2, of: "property sets")
                var sets: [[UInt32: OneNoteObject.Value]] = []
                try r.skip(4)  // the ID of the elements' type (a property set)
                for _ in 0..<count { sets.append(try set(&r, depth: depth + 1)) }
                value = .sets(sets)
            case 0x11: value = .sets([try set(&r, depth: depth + 1)])
            case let type: throw ReadError("property 0x\(hex(id)) has unknown type 0x\(hex(type))")
            }
            if let value { values[id & 0x7FFF_FFFF] = value }
        }
        return values
    }

    private func take<T>(from stream: [T?], _ next: inout Int) -> T? {
        defer { next += 1 }
        return next < stream.count ? stream[next] : nil
    }

    private func takeMany<T>(
        from stream: [T?], _ next: inout Int, _ r: inout LittleEndianBytes
    ) throws(ReadError) -> [T?] {
        let count = Int(try r.u32())
        guard count <= stream.count - min(next, stream.count) else {
            throw ReadError("a property refers to \(count) IDs, more than the object's stream holds")
        }
        return (0..<count).map { _ in take(from: stream, &next) }
    }
}
