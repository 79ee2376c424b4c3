import DrawingModel

/// The page and pixel density of the Supernote that wrote a note, by the header's
/// `APPLY_EQUIPMENT`.
///
/// | equipment | device | portrait page | density |
/// |---|---|---|---|
/// | N5 | Manta (10.7 inch) | 1920 × 2560 | 300 ppi |
/// | A6X, A6X2, N6 | A6 X, A6 X2, Nomad (7.8 inch) | 1404 × 1872 | 300 ppi |
/// | A5X, A5X2 and others | A5 X (10.3 inch) | 1404 × 1872 | 226 ppi |
///
/// The page sizes are the ones the layer bitmaps decode to (supernotelib says the same for N5).
/// The densities put the device's recognised words on its ink: on the corpus's A6X note against
/// the device's own PDF export; on the N5 and A5X notes the words' far edges land within a
/// millimetre of the strokes' (11.75 and 8.8 pixels per millimetre).
enum SupernoteDevice {
    static func portraitSize(equipment: String?) -> Size {
        equipment == "N5" ? Size(width: 1920, height: 2560) : Size(width: 1404, height: 1872)
    }

    static func pixelsPerMillimetre(equipment: String?) -> Double {
        let ppi: Double = ["A6X", "A6X2", "N6", "N5"].contains(equipment ?? "") ? 300 : 226
        return ppi / 25.4
    }
}
