import DrawingModel
import Foundation

/// The scene tree of a reMarkable v6 page, built from its blocks, and the page it draws.
///
/// SceneTree blocks declare groups; TreeNode blocks give them labels, visibility and text anchors;
/// group, line and glyph items join the CRDT sequence of their parent group. The layers are the
/// groups directly under the root `(0, 1)`. Walking from the root in sequence order gives the
/// strokes in z-order; items without a value (erased lines: tombstones) are dropped, and lines in
/// groups never placed under the root are not drawn, as in rmscene. Hidden layers are still read
/// (their ink can be searched). Blocks that reference unknown groups are ignored; a block that fails
/// to decode is skipped and the rest of the page is kept. v6 files store no eraser strokes (erasing
/// splits or deletes lines); a line with the eraser or erase-area tool, should one appear, is dropped.
///
/// Coordinates: x = 0 is the page's horizontal centre. Each stroke's transform moves it to a top-left
/// origin (x + paperWidth / 2) and adds its group's anchor offset: `anchor_origin_x` across and, for
/// groups anchored to a character of the typed text, the estimated top of that character's paragraph.
struct RemarkableSceneTree {
    final class Group {
        var properties: RemarkableGroupProperties?
        var groupItems: [RemarkableCrdtItem<RemarkableCrdtID>] = []
        var lineItems: [RemarkableCrdtItem<RemarkableLine>] = []
        var glyphItems: [RemarkableCrdtItem<RemarkableGlyphRange>] = []
    }

    /// Deepest group nesting followed; deeper groups (only in damaged files) are not drawn.
    static let maxDepth = 64

    var groups: [RemarkableCrdtID: Group] = [.root: Group()]
    var rootText: RemarkableRootText?
    var authors: [UInt16: UUID] = [:]
    var paperSize: Size?
    /// Blocks that could not be decoded and were skipped.
    var skippedBlocks = 0

    init(bytes: [UInt8]) throws {
        for (header, payload) in try RemarkableV6Blocks.split(bytes) {
            let block: RemarkableV6Block
            do {
                block = try RemarkableV6Blocks.decode(header, payload)
            } catch {
                skippedBlocks += 1
                continue
            }
            apply(block)
        }
    }

    private mutating func apply(_ block: RemarkableV6Block) {
        switch block {
        case .sceneTree(let node, _):
            if groups[node] == nil { groups[node] = Group() }
        case .treeNode(let properties):
            groups[properties.node]?.properties = properties
        case .groupItem(let parent, let item):
            guard let child = item.value, groups[child] != nil else { return }
            groups[parent]?.groupItems.append(item)
        case .lineItem(let parent, let item):
            groups[parent]?.lineItems.append(item)
        case .glyphItem(let parent, let item):
            groups[parent]?.glyphItems.append(item)
        case .rootText(let text):
            rootText = text
        case .authorIDs(let ids):
            authors.merge(ids) { _, new in new }
        case .sceneInfo(let size):
            if let size { paperSize = size }
        case .skipped:
            break
        }
    }

    /// The page: strokes in z-order, typed paragraphs and highlighted text as text elements.
    func page() -> Page {
        let size = paperSize ?? Size(width: 1404, height: 1872)
        let shiftX = size.width / 2
        let layout = rootText.map(RemarkableTextLayout.init)
        let paragraphs = layout?.paragraphs ?? []
        var strokes: [Stroke] = []
        var texts: [TextElement] = []
        for paragraph in paragraphs where !paragraph.text.allSatisfy(\.isWhitespace) {
            var bounds = paragraph.bounds
            bounds.x += shiftX
            texts.append(TextElement(text: paragraph.text, bounds: bounds))
        }
        var visited: Set<RemarkableCrdtID> = [.root]
        guard let root = groups[.root] else { return Page(drawing: Drawing(), texts: texts, size: size) }
        walk(
            root, offset: Point(x: shiftX, y: 0), depth: 0, layout: layout,
            visited: &visited, strokes: &strokes, texts: &texts)
        return Page(drawing: Drawing(strokes: strokes), texts: texts, size: size)
    }

    private func walk(
        _ group: Group, offset: Point, depth: Int, layout: RemarkableTextLayout?,
        visited: inout Set<RemarkableCrdtID>, strokes: inout [Stroke], texts: inout [TextElement]
    ) {
        // The group's children form one sequence, whatever their kind.
        enum Child { case group(RemarkableCrdtID), line(RemarkableLine), glyph(RemarkableGlyphRange) }
        var ids: [RemarkableCrdtID] = [], lefts: [RemarkableCrdtID] = [], rights: [RemarkableCrdtID] = []
        var children: [(RemarkableCrdtID, Child?)] = []
        func add<V>(_ items: [RemarkableCrdtItem<V>], _ wrap: (V) -> Child) {
            for item in items {
                ids.append(item.id)
                lefts.append(item.left)
                rights.append(item.right)
                children.append((item.id, item.value.map(wrap)))
            }
        }
        add(group.groupItems) { .group($0) }
        add(group.lineItems) { .line($0) }
        add(group.glyphItems) { .glyph($0) }
        for index in RemarkableCrdtSequence.order(ids: ids, lefts: lefts, rights: rights) {
            let (itemID, child) = children[index]
            switch child {
            case .group(let nodeID)?:
                guard depth < Self.maxDepth, !visited.contains(nodeID), let node = groups[nodeID] else { continue }
                visited.insert(nodeID)
                var childOffset = offset
                if let properties = node.properties, let anchor = properties.anchor {
                    childOffset.x += properties.anchorOriginX.flatMap { $0.isFinite ? $0 : nil } ?? 0
                    childOffset.y += layout?.top(of: anchor) ?? 0
                }
                walk(
                    node, offset: childOffset, depth: depth + 1, layout: layout,
                    visited: &visited, strokes: &strokes, texts: &texts)
            case .line(let line)?:
                if let stroke = stroke(line, id: itemID, offset: offset) { strokes.append(stroke) }
            case .glyph(let glyph)?:
                guard !glyph.text.allSatisfy(\.isWhitespace) else { continue }
                let bounds = glyph.rectangles.dropFirst().reduce(glyph.rectangles.first) { $0?.union($1) }
                texts.append(
                    TextElement(
                        text: glyph.text,
                        bounds: bounds.map {
                            Rect(x: $0.x + offset.x, y: $0.y + offset.y, width: $0.width, height: $0.height)
                        }))
            case nil:
                continue
            }
        }
    }

    private func stroke(_ line: RemarkableLine, id: RemarkableCrdtID, offset: Point) -> Stroke? {
        guard !RemarkableTool.isEraser(line.tool), !line.points.isEmpty else { return nil }
        let points = line.points.map { p in
            StrokePoint(
                location: Point(x: Double(p.x), y: Double(p.y)),
                size: Size(width: Double(p.width), height: Double(p.width)),
                force: Double(p.pressure), azimuth: Double(p.direction))
        }
        let ink = RemarkableTool.ink(
            tool: line.tool, colorID: line.colorID, argb: line.argb,
            points: points, fallbackWidth: line.thicknessScale)
        return Stroke(
            id: RemarkableStrokeID.v6(id, authors: authors), ink: ink,
            transform: DrawingModel.AffineTransform(translationX: offset.x, y: offset.y),
            path: StrokePath(controlPoints: points))
    }
}
