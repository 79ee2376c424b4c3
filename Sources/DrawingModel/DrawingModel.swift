// DrawingModel: the values every other module shares, shaped like PencilKit's.
//
// Principal types: `Notebook` → `Page` → `Drawing` → `Stroke` (stable `id`, `Ink`, `AffineTransform`,
// `StrokeMask`) → `StrokePath`, a cubic uniform B-spline of `StrokePoint`s.
//
// What a path can do, one file each: evaluation of every attribute (`StrokePath+Evaluation`),
// arc length (`+ArcLength`), interpolation by distance, time or parametric step and
// `parametricValue(_:offsetBy:)` (`+Interpolation`), subpaths (`+Subpath`), exact Bézier conversion
// (`+Bezier`, `CubicBezier`) and approximation of arbitrary Bézier chains (`+BezierApproximation`).
// What a stroke can do: visible ranges after erasing (`Stroke+Mask`, `StrokeMask+Containment`) and
// exact bounds (`Stroke+Bounds`, also `Drawing.bounds`).
