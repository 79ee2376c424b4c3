/// Limits on ink that any file can bring into the drawing model.
///
/// Everything downstream (bounds, layout, features, the network) does arithmetic on coordinates;
/// a coordinate of 1e308 overflows to infinity in the first subtraction and a resampled line of
/// infinite length asks for unbounded memory. So ink is checked once, where a reader hands a
/// notebook over, instead of in every stage that could be hurt by it.
package enum InkLimits {
    /// Largest coordinate magnitude accepted, after a stroke's transform (2^24 points is about
    /// 6 km; real pages are under 10,000). Within it, differences and products of coordinates
    /// stay far from overflow.
    package static let maxCoordinate: Double = 16_777_216
    /// Most control points accepted in one notebook (about 300 MB of `StrokePoint`s); a dense
    /// handwritten page has under 100,000.
    package static let maxPointsPerFile = 4_000_000
    /// The reason given for a notebook over `limit` points.
    package static func tooManyPoints(_ limit: Int = maxPointsPerFile) -> String {
        "more than \(limit) points; notebooks this large are not read"
    }
}

/// Why a notebook's ink was refused; `description` is the one-line reason shown after `path: `.
package struct InkError: Error, Sendable, CustomStringConvertible, Equatable {
    package var description: String

    package init(_ description: String) {
        self.description = description
    }
}

extension Notebook {
    /// The notebook with its ink made safe to compute with: coordinates must be finite and within
    /// `InkLimits.maxCoordinate` after each stroke's transform, and the file within
    /// `InkLimits.maxPointsPerFile` points; per-point attributes (time, size, opacity, force,
    /// angles), ink widths, colours, page sizes and text boxes that are not finite or out of their
    /// range are clamped, and mask parts with non-finite coordinates dropped (the ink they covered
    /// shows).
    /// - Throws: `InkError` naming the page and stroke whose coordinates are out of range, or the
    ///   point count.
    /// - Complexity: O(points); copies only what it changes.
    package func checkedInk() throws(InkError) -> Notebook {
        var notebook = self
        var points = 0
        for p in notebook.pages.indices {
            if let size = notebook.pages[p].size, !size.isSane { notebook.pages[p].size = nil }
            for t in notebook.pages[p].texts.indices {
                if let box = notebook.pages[p].texts[t].bounds, !box.isSane { notebook.pages[p].texts[t].bounds = nil }
            }
            for s in notebook.pages[p].drawing.strokes.indices {
                let stroke = notebook.pages[p].drawing.strokes[s]
                points += stroke.path.count
                guard points <= InkLimits.maxPointsPerFile else {
                    throw InkError(InkLimits.tooManyPoints())
                }
                guard stroke.hasSaneLocations else {
                    throw InkError(
                        "page \(p + 1): stroke \(s + 1): coordinates are not finite or beyond ±\(Int(InkLimits.maxCoordinate))"
                    )
                }
                if let clamped = stroke.clampedAttributes() { notebook.pages[p].drawing.strokes[s] = clamped }
            }
        }
        return notebook
    }
}

extension Stroke {
    /// Whether every control point, before and after the transform, is finite and within
    /// `InkLimits.maxCoordinate`: what `checkedInk()` demands, and what the recognizer checks of
    /// drawings handed to it directly.
    package var hasSaneLocations: Bool {
        let limit = InkLimits.maxCoordinate
        for point in path.controlPoints {
            let q = point.location.applying(transform)
            guard abs(point.location.x) <= limit, abs(point.location.y) <= limit, abs(q.x) <= limit, abs(q.y) <= limit
            else { return false }  // NaN fails every comparison, so it lands here too
        }
        return true
    }

    /// The stroke with out-of-range attributes clamped; nil when nothing needed it.
    func clampedAttributes() -> Stroke? {
        var stroke = self
        var changed = false
        if !(0...InkLimits.maxCoordinate).contains(ink.width) {
            stroke.ink.width = ink.width.isNaN ? 1 : ink.width.clamped(to: 0...InkLimits.maxCoordinate)
            changed = true
        }
        let color = ink.color
        if ![color.red, color.green, color.blue, color.alpha].allSatisfy({ (0...1).contains($0) }) {
            stroke.ink.color = Ink.Color(
                red: color.red.unitClamped(0), green: color.green.unitClamped(0), blue: color.blue.unitClamped(0),
                alpha: color.alpha.unitClamped(1))
            changed = true
        }
        for i in path.controlPoints.indices where !path.controlPoints[i].hasSaneAttributes {
            stroke.path.controlPoints[i].clampAttributes()
            changed = true
        }
        if let mask, let kept = mask.finiteParts() {
            stroke.mask = kept.isEmpty ? nil : kept
            changed = true
        }
        return changed ? stroke : nil
    }
}

extension StrokePoint {
    var hasSaneAttributes: Bool {
        timeOffset.isFinite && size.isSane && (0...1).contains(opacity) && force.isFinite && force >= 0
            && azimuth.isFinite && altitude.isFinite
    }

    mutating func clampAttributes() {
        if !timeOffset.isFinite { timeOffset = 0 }
        if !size.isSane {
            size = Size(width: size.width.extentClamped, height: size.height.extentClamped)
        }
        opacity = opacity.unitClamped(1)
        if !force.isFinite || force < 0 { force = StrokePoint.defaultForce }
        if !azimuth.isFinite { azimuth = 0 }
        if !altitude.isFinite { altitude = Double.pi / 2 }
    }
}

extension StrokeMask {
    /// The mask without the parts that have non-finite coordinates; nil when every part is kept.
    func finiteParts() -> StrokeMask? {
        let finite = { (points: [Point]) in points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }
        let sweepOK = { (sweep: Sweep) in sweep.radius.isFinite && sweep.radius >= 0 && finite(sweep.points) }
        guard !sweeps.allSatisfy(sweepOK) || !polygons.allSatisfy(finite) else { return nil }
        return StrokeMask(sweeps: sweeps.filter(sweepOK), polygons: polygons.filter(finite))
    }
}

extension Size {
    fileprivate var isSane: Bool {
        (0...InkLimits.maxCoordinate).contains(width) && (0...InkLimits.maxCoordinate).contains(height)
    }
}

extension Rect {
    fileprivate var isSane: Bool {
        let range = -InkLimits.maxCoordinate...InkLimits.maxCoordinate
        return range.contains(x) && range.contains(y) && (0...InkLimits.maxCoordinate).contains(width)
            && (0...InkLimits.maxCoordinate).contains(height)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }

    /// Clamped to 0 … 1, `fallback` for NaN.
    fileprivate func unitClamped(_ fallback: Double) -> Double { isNaN ? fallback : clamped(to: 0...1) }

    /// Clamped to 0 … `InkLimits.maxCoordinate`, 1 for NaN.
    fileprivate var extentClamped: Double { isNaN ? 1 : clamped(to: 0...InkLimits.maxCoordinate) }
}
