import DrawingModel

/// A trail placed on its page: points in page pixels, ready to be checked against what the page
/// shows.
struct SupernotePlacedTrail: Sendable {
    /// Names the trail within its page for its stroke IDs: its position in the TOTALPATH block,
    /// and which ring for an outline.
    var key: String
    var trail: SupernoteTrail
    var points: [Point]
}

/// Which parts of a page's ink trails the page still shows.
///
/// Erasing leaves the erased trails in TOTALPATH unchanged, so their own records cannot say what
/// is gone; the layer bitmap can, because it is the device's own replay of every trail, erasers
/// included (its app redraws a page that way), i.e. exactly what the page shows. The rule:
///
/// * A trail no eraser touched (`status` 0) is visible where its layer has ink near its points.
///   Across the corpus (and the 2,181 untouched strokes of supernote-typescript's fixtures) such
///   trails lie on ink everywhere, except where white ink covers them or where they run off the
///   bitmap (below row 1304 of the corpus's landscape N6 page, where the device draws nothing).
/// * Status -4 and -16 (firmware 3.26) mean erased: what survived is written as separate records.
/// * Any other status means an eraser touched the trail (older firmware: -99), which may have
///   removed all of it or a part. Such a point counts as visible only where its layer has ink that
///   no untouched trail accounts for: erasing and writing again in the same place is the usual
///   edit, and the old strokes lying under the new ones would otherwise seem to survive (all 37
///   touched trails of the corpus's Turkish page were erased and written over; checked against
///   the record order, the eraser's path and the bitmap). An untouched trail accounts for ink
///   within its tool's width plus 2 pixels of its points (the ink pen draws up to twice its width).
///   A point near both, such as one crossing a newer stroke, takes the verdict of the points on
///   either side of it.
/// * Kept points make runs; a run shorter than `minimumRun` points is a sliver and dropped unless it
///   is the whole trail (a dot).
///
/// Without a bitmap for the trail's layer, untouched trails are kept whole and touched ones
/// dropped: erased ink is never indexed, at the cost of what an eraser only clipped.
enum SupernoteVisibility {
    /// Half the side of the square of pixels looked at around a point.
    static let window = 3
    /// Unaccounted ink pixels in that square that show a touched trail still there (a 2-pixel
    /// line across the square has about 14).
    static let evidence = 6
    static let minimumRun = 4
    /// Most pixels looked at while marking what untouched trails account for, on one layer.
    static let maxCoverWork = 64 << 20

    /// For each trail, the runs of its points that the page shows (none when it is all gone).
    static func visibleRuns(of trails: [SupernotePlacedTrail], masks: [UInt32: SupernoteInkMask]) -> [[Range<Int>]] {
        // What the untouched trails of each layer account for, made when a touched trail there
        // first needs it; a layer in `tried` but not in `accounted` went over `maxCoverWork`.
        var accounted: [UInt32: SupernoteInkMask] = [:]
        var tried: Set<UInt32> = []
        return trails.map { placed in
            let status = placed.trail.status
            guard status != -4, status != -16, !placed.points.isEmpty else { return [] }
            guard let ink = masks[placed.trail.layer] else { return status == 0 ? [0..<placed.points.count] : [] }
            guard status != 0 else {
                return runs(placed.points.map { ink.count(around: $0, radius: window).ink > 0 ? .shown : .gone })
            }
            let layer = placed.trail.layer
            if tried.insert(layer).inserted {
                accounted[layer] = accountedInk(
                    by: trails.filter { $0.trail.layer == layer && $0.trail.status == 0 }, on: ink)
            }
            guard let others = accounted[layer] else { return [] }
            return runs(
                placed.points.map { point in
                    let seen = ink.count(around: point, radius: window, except: others)
                    return seen.ink == 0 ? .gone : seen.uncovered >= evidence ? .shown : .unsure
                })
        }
    }

    enum Verdict { case shown, gone, unsure }

    /// The runs of shown points, an unsure point taking `shown` only between shown points.
    static func runs(_ verdicts: [Verdict]) -> [Range<Int>] {
        var keep = verdicts.map { $0 == .shown }
        var before: Verdict = .gone
        var k = 0
        while k < verdicts.count {
            guard verdicts[k] == .unsure else {
                before = verdicts[k]
                k += 1
                continue
            }
            var end = k
            while end < verdicts.count, verdicts[end] == .unsure { end += 1 }
            let after = end < verdicts.count ? verdicts[end] : .gone
            if before == .shown, after == .shown { for j in k..<end { keep[j] = true } }
            k = end
        }
        var runs: [Range<Int>] = []
        var start: Int?
        for j in 0...keep.count {
            if j < keep.count, keep[j] {
                start = start ?? j
            } else if let s = start {
                if j - s >= minimumRun || j - s == keep.count { runs.append(s..<j) }
                start = nil
            }
        }
        return runs
    }

    /// The pixels near the untouched `trails`, as a mask the size of `ink`; nil when marking them
    /// would take more than `maxCoverWork`.
    static func accountedInk(by trails: [SupernotePlacedTrail], on ink: SupernoteInkMask) -> SupernoteInkMask? {
        var mask = SupernoteInkMask(
            width: ink.width, height: ink.height, inked: [Bool](repeating: false, count: ink.width * ink.height))
        var work = 0
        for placed in trails {
            let radius = min(max(Double(placed.trail.thickness) / 100 + 2, 5), 40)
            let points = placed.points
            for k in points.indices {
                work += mask.cover(from: points[max(k - 1, 0)], to: points[k], radius: radius)
                guard work <= maxCoverWork else { return nil }
            }
        }
        return mask
    }
}
