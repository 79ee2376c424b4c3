import Recognition
import SearchIndex

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
    static let adapt = Flag("--adapt")

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

    // text: the same name as query's, a flag here (the HTML goes to standard output)
    static let htmlText = Flag("--html")

    // export
    static let pdf = Option<String>("--pdf", "FILE", completion: .file)
    static let markdown = Option<String>("--markdown", "DIR", completion: .file)
    static let ndjson = Flag("--ndjson")

    // baloo-extract
    static let timeLimit = Option<Double>.number("--time-limit", "S", in: 1...3600)

    // serve
    static let port = Option<UInt16>(
        name: OptionName(name: "--port", valueName: "N", completion: .none), expected: "a port number from 0 to 65535",
        convert: { UInt16($0) })
    static let listen = Option<ListenAddress>(
        name: OptionName(name: "--listen", valueName: "ADDR", completion: .none),
        expected: "an IP address (such as 127.0.0.1 or ::1)", convert: { ListenAddress($0) })

    // build --shard
    static let shard = Option<Shard>(
        name: OptionName(name: "--shard", valueName: "K/N", completion: .none),
        expected: "K/N with 1 <= K <= N (such as 2/4)", convert: { Shard(parsing: $0) })
}
