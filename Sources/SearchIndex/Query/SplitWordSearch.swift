import Foundation
import TextMatching

/// A word written as two: `fineliner` finds "fine liner", `notebook` finds "note book".
///
/// Where a compound splits is the writer's choice (a pen test page labels the Fineliner tool
/// FINE LINER), and a gap inside a handwritten word can read as a space. So a single-word query
/// also matches two consecutive words of a line that spell it, each part a whole reading of at
/// least `minimumSplitPart` letters (shorter parts would join common words: "a" + "nother").
/// A code splits where its letters meet its digits (`file2` finds "file 2", `v3` finds "v 3"),
/// whatever the parts' lengths: a digit written a little apart reads as a word of its own, and a
/// query with digits in it names a code rather than two common words.
/// The space counts as one edit, so at equal scores the word written whole ranks first.
extension IndexStore {
    static let minimumSplitPart = 3

    /// Adds the two-word matches of a one-word query to `ranking`.
    func searchSplitWord(_ query: SearchQuery, into ranking: inout MatchRanking) throws {
        guard query.terms.count == 1, let term = query.terms.first, !term.isCJK, term.tokens.count == 1
        else { return }
        let written = Array(term.core)
        let cuts = Self.splitPoints(of: written)
        guard !cuts.isEmpty else { return }
        var options = query.options
        options.fullWordsOnly = true  // the parts meet at the space: each is a whole word
        options.fuzzy = false  // the space is the match's one edit
        let isForm = try database.statement("SELECT 1 FROM vocabulary WHERE form = ?")
        for cut in cuts {
            let head = String(written[..<cut]), tail = String(written[cut...])
            // most cuts give a part no reading holds: one lookup each rules them out
            guard try isForm.firstRow([TextFolding.fold(head)], { _ in true }) != nil,
                try isForm.firstRow([TextFolding.fold(tail)], { _ in true }) != nil
            else { continue }
            var joined = MatchRanking(limit: ranking.limit, minimumScore: ranking.minimumScore)
            var search = PhraseSearch(store: self, query: SearchQuery(head + " " + tail, options: options))
            // the word's own matches often fill the ranking first: a split match scoring under
            // the worst of them is never shown, so the split's search stops there
            search.stopsBelow = ranking.worstKeptScore ?? -1
            try search.run(into: &joined)
            for var match in joined.matches {
                match.distance += 1
                ranking.add(match)
            }
        }
    }

    /// Where a one-word query may be cut in two: anywhere that leaves `minimumSplitPart`
    /// characters a side, and wherever letters and digits meet.
    static func splitPoints(of written: [Character]) -> [Int] {
        guard written.count >= 2 else { return [] }
        return (1..<written.count).filter { cut in
            let long = cut >= minimumSplitPart && written.count - cut >= minimumSplitPart
            let (before, after) = (written[cut - 1], written[cut])
            return long || (before.isLetter && after.isNumber) || (before.isNumber && after.isLetter)
        }
    }
}
