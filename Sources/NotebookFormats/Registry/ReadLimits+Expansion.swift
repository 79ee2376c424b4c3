extension ReadLimits {
    /// Most times its compressed size a document read whole into a tree (Rnote's JSON, a Saber
    /// archive's BSON) may expand to: real notes compress 5 to 10 times, so a small file that
    /// claims hundreds of megabytes is a bomb and is stopped early instead of filling memory.
    package static let maxExpansionRatio = 100
    /// Documents up to this size are accepted whatever their ratio (bytes).
    package static let expansionAllowance = 16 << 20

    /// The most bytes a document compressed into `compressedSize` bytes may expand to, within `cap`.
    static func expansionLimit(compressedSize: Int, cap: Int) -> Int {
        let (expanded, overflow) = compressedSize.multipliedReportingOverflow(by: maxExpansionRatio)
        return min(cap, max(expansionAllowance, overflow ? Int.max : expanded))
    }
}
