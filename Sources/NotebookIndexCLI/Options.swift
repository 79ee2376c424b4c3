import Recognition

/// Every option of every command, named once: commands read them through these constants (a
/// misspelt option is a compile error) and `CommandSpecs` lists them with their help.
enum Options {
    static let index = Option<String>("--index", "FILE", completion: .file)
    static let json = Flag("--json")

    // build
    static let language = Option<String>("--language", "LIST", completion: .commaSeparated(RecognitionLanguage.codes))
    static let jobs = Option<Int>.integer("--jobs", "N", minimum: 1)
    static let noWait = Flag("--no-wait")
    static let rebuild = Flag("--rebuild")

    // query
    static let fullWords = Flag("--full-words")
    static let caseSensitive = Flag("--case-sensitive")
    static let limit = Option<Int>.integer("--limit", "N", minimum: 1)
    static let minimumScore = Option<Double>.number("--min-score", "S", in: 0...1)
    static let fuzzy = Flag("--fuzzy")

    // render
    static let page = Option<Int>.integer("--page", "N", minimum: 1)
    static let highlight = Option<String>("--highlight", "TEXT")
    static let output = Option<String>("--output", "FILE", completion: .file)
    static let html = Option<String>("--html", "FILE", completion: .file)

    // export
    static let pdf = Option<String>("--pdf", "FILE", completion: .file)
    static let markdown = Option<String>("--markdown", "DIR", completion: .file)
}
