import DrawingModel

/// The strokes of one Supernote page: its TOTALPATH trails that are ink (`SupernoteInk`), placed
/// on the page and cut to what the page still shows (`SupernoteVisibility`).
///
/// Points are stored as (y, x) in digitizer units with x running from the page's right edge:
/// `x_page = width − x / s`, `y_page = y / s`, where `s` is the trail's digitizer height over the
/// page's height (as the page is turned; checked on portrait and landscape corpus pages, whose
/// points fall on the layer bitmap's ink to within a pixel). Pressure is 0 … 4095. A trail stored
/// as an outline only (the pieces firmware 3.26 keeps of a partly erased stroke) becomes one stroke
/// per closed ring, the outline retracing the piece a few pixels either side of where the pen went.
///
/// Stroke IDs are `StableStrokeID`s keyed by page, record position and run, so the same file
/// gives the same IDs and every piece of a cut trail its own.
struct SupernotePageInk {
    let file: SupernoteFile
    /// The page's metadata block.
    let page: [(key: String, value: String)]
    let size: Size
    /// Whether colours are palette ids (file versions before 20230015).
    let paletteIDs: Bool

    static let maxPressure = 4095.0

    /// - Throws: `ReadError` naming the block when TOTALPATH's records do not fit it.
    func strokes(pageIndex: Int, ids: StableStrokeID) throws(ReadError) -> [Stroke] {
        guard let address = page[first: "TOTALPATH"].flatMap(Int.init), address > 0 else { return [] }
        let records = try SupernoteTrail.records(of: file.block(at: address, what: "TOTALPATH"))
        var placed: [SupernotePlacedTrail] = []
        for (k, record) in records.enumerated() {
            guard let trail = record, SupernoteInk.isInk(trail) else { continue }
            placed += try place(trail, record: k)
        }
        let masks = inkMasks(layers: Set(placed.map(\.trail.layer)))
        let runs = SupernoteVisibility.visibleRuns(of: placed, masks: masks)
        var strokes: [Stroke] = []
        for (trail, kept) in zip(placed, runs) {
            let ink = SupernoteInk.ink(trail.trail, paletteIDs: paletteIDs)
            let pressures = trail.trail.pressures.count == trail.points.count ? trail.trail.pressures : []
            for (j, run) in kept.enumerated() {
                guard strokes.count < ReadLimits.maxStrokesPerPage else {
                    throw ReadError("more than \(ReadLimits.maxStrokesPerPage) strokes")
                }
                let points = run.map { i in
                    StrokePoint(
                        location: trail.points[i], size: Size(width: ink.width, height: ink.width),
                        force: pressures.isEmpty
                            ? StrokePoint.defaultForce : min(Double(pressures[i]) / Self.maxPressure, 1))
                }
                strokes.append(
                    Stroke(
                        id: ids.id(key: "supernote/\(pageIndex)/\(trail.key)/\(j)"), ink: ink,
                        path: StrokePath(controlPoints: points)))
            }
        }
        return strokes
    }

    /// The trail's points on the page, or its outline's rings; nothing for a trail without a scale.
    private func place(_ trail: SupernoteTrail, record: Int) throws(ReadError) -> [SupernotePlacedTrail] {
        guard trail.points.isEmpty else {
            guard trail.digitizerHeight > 0 else { return [] }
            try PointBudget.charge(trail.points.count)
            let scale = Double(trail.digitizerHeight) / size.height
            let points = trail.points.map { Point(x: size.width - Double($0.x) / scale, y: Double($0.y) / scale) }
            return [SupernotePlacedTrail(key: "\(record)", trail: trail, points: points)]
        }
        var rings: [SupernotePlacedTrail] = []
        for (r, ring) in trail.outline.enumerated() where ring.count > 1 {
            try PointBudget.charge(ring.count + 1)
            rings.append(SupernotePlacedTrail(key: "\(record)o\(r)", trail: trail, points: ring + [ring[0]]))
        }
        return rings
    }

    /// The ink of each of `layers` (0 the main layer, 1 … 3 LAYER1 … LAYER3) whose bitmap decodes
    /// to this page's size; a layer without one is left out (`SupernoteVisibility` says what that
    /// means).
    private func inkMasks(layers: Set<UInt32>) -> [UInt32: SupernoteInkMask] {
        var masks: [UInt32: SupernoteInkMask] = [:]
        for layer in layers where layer <= 3 {
            let name = layer == 0 ? "MAINLAYER" : "LAYER\(layer)"
            guard let address = page[first: name].flatMap(Int.init), address > 0,
                let meta = try? file.metadata(at: address, what: name), meta[first: "LAYERPROTOCOL"] == "RATTA_RLE",
                let bitmap = meta[first: "LAYERBITMAP"].flatMap(Int.init), bitmap > 0,
                let rle = try? file.block(at: bitmap, what: "\(name) bitmap"),
                let mask = try? SupernoteInkMask(rle: rle, width: Int(size.width), height: Int(size.height))
            else { continue }
            masks[layer] = mask
        }
        return masks
    }
}
