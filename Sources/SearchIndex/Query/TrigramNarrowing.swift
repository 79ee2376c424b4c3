import Foundation

/// An in-word term's `readings_trigram` query on one or two of its trigrams instead of all, with
/// the rows all of them would give picked out again from the stored reading.
///
/// A term of n letters asks for the rows holding each of its n - 2 trigrams
/// (`FTSExpression.allTrigrams`). FTS5 intersects them by seeking every trigram's doclist to the
/// rows of the others, so a common trigram ("the", "her") is read leaf page by leaf page across
/// every row that comes before the matches, and that grows with the index however early the
/// search stops. The vocabulary (every indexed form, `VocabularyForms`) tells which trigrams
/// hold the others: when no form holds the chosen ones without holding all, the rows they give
/// are the rows all give. The search still drops every row whose reading lacks a trigram
/// (`passes`), before the row counts as its word's, so it reads the same rows in the same order
/// as with every trigram, whatever the vocabulary holds; the vocabulary only makes that cheap.
struct TrigramNarrowing {
    /// The term's trigrams, each folded as FTS5's trigram tokenizer folds case.
    private let trigrams: [[Unicode.Scalar]]
    /// The MATCH expression on the chosen trigrams.
    let expression: String
    /// Whether the vocabulary knows every trigram of the term but no form holding them all: as
    /// every indexed reading is a form (`VocabularyForms`), no reading holds the term, and the
    /// query on the chosen trigrams would walk their rows only to find none.
    let holdsNothing: Bool

    /// Nil when the term has under two trigrams, or no fewer trigrams are known to find the same
    /// rows.
    init?(folded term: String, in database: Database) throws {
        let all = FTSExpression.trigrams(of: term)
        guard all.count >= 2 else { return nil }
        // the vocabulary forms holding each trigram
        var forms: [Set<Int64>] = []
        let statement = try database.statement(
            "SELECT rowid FROM vocabulary_trigram WHERE vocabulary_trigram MATCH ?")
        for trigram in all {
            var ids = Set<Int64>()
            try statement.forEachRow([SearchQuery.quoted(trigram)]) { (row: Statement) -> Void in
                ids.insert(row.int64(0))
            }
            forms.append(ids)
        }
        let holdingAll = forms.dropFirst().reduce(forms[0]) { $0.intersection($1) }
        // one trigram, else two, that no form holds without the rest; the fewest forms first, as
        // a trigram's forms stand for the length of its doclist
        var choices: [[Int]] = all.indices.map { [$0] }
        for i in all.indices { for j in all.indices where j > i { choices.append([i, j]) } }
        let valid = choices.filter { choice in
            choice.dropFirst().reduce(forms[choice[0]]) { $0.intersection(forms[$1]) } == holdingAll
        }
        guard
            let best = valid.min(by: { a, b in
                let (x, y) = (a.reduce(0) { $0 + forms[$1].count }, b.reduce(0) { $0 + forms[$1].count })
                return a.count != b.count ? a.count < b.count : x < y
            })
        else { return nil }
        trigrams = all.map { Self.caseFolded(Array($0.unicodeScalars)) }
        // (a vocabulary missing a trigram vouches for nothing: its rows are read and dropped)
        holdsNothing = holdingAll.isEmpty && forms.allSatisfy { !$0.isEmpty }
        expression = best.map { SearchQuery.quoted(all[$0]) }.joined(separator: " AND ")
    }

    /// Whether the reading ranked `rank` among a word's readings (`folded`, one per line) holds every
    /// trigram of the term: whether the query on all of them returns its row.
    func passes(folded: String, rank: Int) -> Bool {
        guard
            let line = folded.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .dropFirst(rank).first
        else { return false }
        let reading = Self.caseFolded(Array(Substring(line).unicodeScalars))
        return trigrams.allSatisfy { trigram in
            reading.count >= 3
                && (0...(reading.count - 3)).contains { start in
                    reading[start] == trigram[0] && reading[start + 1] == trigram[1] && reading[start + 2] == trigram[2]
                }
        }
    }

    /// Each scalar lowercased where that gives one scalar, as the trigram tokenizer folds case.
    private static func caseFolded(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        scalars.map { scalar in
            let lower = scalar.properties.lowercaseMapping.unicodeScalars
            return lower.count == 1 ? lower.first ?? scalar : scalar
        }
    }
}
