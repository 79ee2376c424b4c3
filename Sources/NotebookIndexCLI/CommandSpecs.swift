import NotebookFormats
import Recognition
import SearchIndex

/// The tool and its commands: the one table the parser, `--help`, the man page and the completion
/// scripts are made from. Prose is wrapped where it is shown, so line breaks here are free.
enum CommandSpecs {
    static let tool = ToolSpec(
        abstract: "Offline full-text search for handwritten notebooks.",
        discussion: """
            Reads \(NotebookFormats.displayNames) notebooks, recognizes the handwriting and indexes it with any typed text, so that 'query' finds words by what was written and says where on
            which page.
            """,
        index: """
            --index FILE, else $NOTEBOOK_INDEX, else $XDG_DATA_HOME/notebook-index/index.sqlite, else
            ~/.local/share/notebook-index/index.sqlite.
            """,
        environment: [
            ("NOTEBOOK_INDEX", "The index, when --index is not given."),
            (
                "NOTEBOOK_INDEX_LANGUAGES",
                "The languages to read (as --language LIST) when --language is not given: for 'build', 'text' and 'render --highlight'."
            ),
            (
                "LC_ALL, LANG",
                "Without either of the above, the language of the locale is read when it is supported (de_DE.UTF-8: de)."
            ),
            ("XDG_DATA_HOME", "The default index is $XDG_DATA_HOME/notebook-index/index.sqlite when it is set."),
            ("NO_COLOR", "When set, 'query' prints no bold or colour on a terminal."),
        ],
        files: [
            (
                "~/.local/share/notebook-index/index.sqlite",
                "The default index; FILE.lock beside an index is the writer's lock."
            ),
            (
                ".notebook-index-ignore",
                "In any folder 'build' crawls: gitignore-style patterns of what to skip below it."
            ),
            (
                "notebook-index_Recognition.resources",
                "Beside the binary: the recognizer's weights, word lists and language-model text."
            ),
        ])

    static let build = CommandSpec(
        name: "build", abstract: "Index the notebooks under PATHs (new, changed and removed files).",
        overview: "Index the notebooks under PATHs.",
        discussion: """
            Crawls files and folders (hidden entries and .notebook-index-ignore patterns are skipped), reads
            what is new or changed, re-recognizes drawings made by another recognizer version or in other
            languages and removes files that are gone. A file that cannot be read is named on standard error
            as 'path: reason' and retried when it changes. One build at a time per index; a killed build
            leaves the index consistent.
            """,
        arguments: ArgumentSpec(
            name: "PATH", count: .oneOrMore, help: "A notebook file or a folder to crawl.", completion: .file),
        options: [
            OptionSpec(
                Options.language,
                """
                Languages the handwriting is in, comma-separated: \(RecognitionLanguage.codes.joined(separator: ", "))
                (default: $NOTEBOOK_INDEX_LANGUAGES, else the language of $LANG when supported, else en).
                """),
            OptionSpec(Options.index, "The index to update (default: see 'notebook-index --help')."),
            OptionSpec(Options.jobs, "Files and pages to read and recognize at once (default: all cores)."),
            OptionSpec(Options.noWait, "Exit at once when another build is updating the index."),
            OptionSpec(Options.rebuild, "Start the index afresh (when it is damaged, say)."),
            OptionSpec(
                Options.adapt,
                """
                Learn the writer's hand from the words read surely and read new pages with it (experimental: not yet
                measured better; 'status' shows what was learned).
                """),
            OptionSpec(
                Options.shard,
                """
                Index only shard K of N: the notebooks whose path below PATH hashes to K (the same on every machine);
                'merge' folds the N shard indexes into one.
                """),
        ],
        exitStatus: "0 everything was indexed, 1 some files failed, 2 usage or fatal error.",
        run: { try await BuildCommand(arguments: $0, context: $1).run() })

    static let query = CommandSpec(
        name: "query", abstract: "Search the index; show where each hit is.", overview: "Search the index for TEXT.",
        discussion: """
            Matches inside words by default ("note" finds "notebook"); several words match consecutive words of
            one line. Every reading the recognizer considered is searched; hits are ranked by confidence. Pages
            count from 1 here and from 0 in --json.
            """,
        arguments: ArgumentSpec(
            name: "TEXT", count: .words, help: "What to find (quote a phrase: \"apple pie\").", completion: .none),
        options: [
            OptionSpec(Options.fullWords, "Match whole words only."),
            OptionSpec(Options.caseSensitive, "Match upper and lower case exactly."),
            OptionSpec(Options.limit, "Show at most N hits (default: \(QueryCommand.defaultLimit))."),
            OptionSpec(
                Options.minimumScore,
                """
                Leave out hits scoring below S, from 0 to 1 (default: by the query's letters, 0.3 for 3 or fewer
                to 0 from 6 on, as short words are more often read by chance; \(SearchOptions.defaultCJKMinimumScore(characters: 1))
                for one Chinese or Japanese character, \(SearchOptions.defaultCJKMinimumScore(characters: 2)) for two or more; a word's best
                reading passes it, and words outside the word lists have
                none); 0 shows every reading the recognizer kept, however unlikely.
                """),
            OptionSpec(
                Options.fuzzy,
                """
                Also find readings 1 letter off words of 4-7 letters, 2 off longer ones (shorter words match
                exactly); exact hits rank first.
                """),
            OptionSpec(Options.index, "The index to search (default: see 'notebook-index --help')."),
            OptionSpec(
                Options.json,
                """
                Print one JSON object: {"query": …, "results": [{"path", "page", "drawing", "text", "strokeIDs",
                "bounds", "score", "distance", "line": {"text", "bounds"}}]}.
                """),
            OptionSpec(
                Options.html,
                """
                Write the hits to FILE as one self-contained HTML page: each hit's line cropped from its page with
                the hit outlined, and the whole pages, drawn from the files as they are now.
                """),
        ],
        exitStatus: "0 hits found, 1 no hits, 2 usage or fatal error.",
        run: { try QueryCommand(arguments: $0, context: $1).run() })

    static let serve = CommandSpec(
        name: "serve", abstract: "Search the index from a web browser: a local search page.",
        overview: "Serve a search page for the index on this machine.",
        discussion: """
            Prints its URL (http://127.0.0.1:PORT/) as the first line and answers until stopped (SIGTERM, Ctrl-C):
            a search form whose hits appear as you type, grouped by notebook, each with its page drawn and the
            match outlined, a link to the whole page and one that opens the notebook in its app at that page
            (Xournal++ for .xopp and .xoj, else xdg-open); /api/search?q=TEXT answers what 'query TEXT --json'
            prints, and /status what 'status' prints. It only reads: GET and HEAD, only the files the index
            holds, and only requests addressed to it (Host), so other sites cannot reach it. It keeps
            answering while a build writes the index.
            """,
        arguments: nil,
        options: [
            OptionSpec(Options.index, "The index to search (default: see 'notebook-index --help')."),
            OptionSpec(
                Options.port, "The port to listen on (default: \(ServeCommand.defaultPort); 0 picks a free one)."),
            OptionSpec(
                Options.listen,
                "The address to listen on (default: 127.0.0.1, this machine only; 0.0.0.0 or :: opens it to the network)."
            ),
        ],
        exitStatus: "0 stopped by a signal, 2 usage or fatal error (no index, the port is taken).",
        run: { try await ServeCommand(arguments: $0, context: $1).run() })

    static let searchProvider = CommandSpec(
        name: "search-provider", abstract: "Answer the desktop's search box (GNOME Shell, KRunner) on D-Bus.",
        overview: "Answer GNOME Shell's and KRunner's searches on the session bus.",
        discussion: """
            Owns \(SearchProvider.busName) on the session bus and serves, at \(SearchProvider.objectPath),
            GNOME Shell's org.gnome.Shell.SearchProvider2 and KDE's org.kde.krunner1: each result is a page with
            hits (the notebook and page, the line as description), and choosing one opens the notebook in its app
            at that page. Started by D-Bus activation (contrib/dbus/, installed by 'make install'); it stops on
            SIGTERM or when the bus goes away.
            """,
        arguments: nil,
        options: [OptionSpec(Options.index, "The index to search (default: see 'notebook-index --help').")],
        exitStatus:
            "0 stopped by a signal, 1 the bus went away, 2 usage or fatal error (no index, no bus, the name is taken).",
        hidden: true,
        run: { try await SearchProviderCommand(arguments: $0, context: $1).run() })

    static let status = CommandSpec(
        name: "status", abstract: "Show what the index holds and which files failed.",
        overview: "Show what the index holds.",
        discussion: """
            Files, pages, drawings and words; the recognizer version and languages of the last build; drawings
            recognized by another recognizer version or in other languages (the next build redoes them); files
            that failed, with the reason.
            """,
        arguments: nil,
        options: [
            OptionSpec(Options.index, "The index to describe (default: see 'notebook-index --help')."),
            OptionSpec(Options.json, "Print one JSON object."),
        ],
        exitStatus: "0 success, 2 usage or fatal error (no index, unknown schema).",
        run: { try StatusCommand(arguments: $0, context: $1).run() })

    static let text = CommandSpec(
        name: "text", abstract: "Print the recognized text of a notebook, page by page.",
        overview: "Print the recognized text of a notebook, page by page.",
        discussion: """
            Reads and recognizes FILE directly (the index is not used unless --index names one), in the languages
            'build' defaults to unless --language says. Pages count from 1 here and from 0 in --json.
            """,
        arguments: notebookFile,
        options: [
            OptionSpec(Options.language, "Languages the handwriting is in, as for 'build' (default: as 'build')."),
            OptionSpec(Options.index, "Read with the writer's hand learned in this index, when it holds one."),
            OptionSpec(
                Options.json,
                """
                Print JSON: {"path": …, "pages": [{"page", "lines": [{"text", "bounds", "words": [{"text", "bounds",
                "strokeIDs"}]}]}]}.
                """),
            OptionSpec(
                Options.htmlText,
                """
                Print HTML for desktop search (a Recoll input handler): the notebook's name as title, a section per page
                with its lines and typed text; nothing else goes to standard output.
                """),
        ],
        exitStatus: "0 success, 1 the file could not be read, 2 usage or fatal error.",
        run: { try await TextCommand(arguments: $0, context: $1).run() })

    static let inspect = CommandSpec(
        name: "inspect", abstract: "Show what the reader sees in a notebook (no recognition).",
        overview: "Show what the reader sees in a notebook, without recognition.",
        discussion: """
            The format, and for each page the ink strokes kept, their points, the bounds of the ink and the
            typed text. Pages count from 1 here and from 0 in --json.
            """,
        arguments: notebookFile,
        options: [
            OptionSpec(
                Options.json,
                """
                Print JSON: {"path": …, "format": …, "pages": [{"page", "strokes", "points", "bounds", "texts"}]}.
                """)
        ],
        exitStatus: "0 success, 1 the file could not be read, 2 usage or fatal error.",
        run: { InspectCommand(arguments: $0, context: $1).run() })

    static let render = CommandSpec(
        name: "render", abstract: "Draw a page as SVG, with the matches of a search outlined.",
        overview: "Draw a page of a notebook as SVG.",
        discussion: """
            The ink as the reader sees it: pen colours and widths, highlighters translucent, erased parts left
            out, typed text. With --highlight, the page is recognized as 'text' does and the box of each match
            of TEXT is drawn over the ink. Pages count from 1, as 'text' and 'query' print them.
            """,
        arguments: notebookFile,
        options: [
            OptionSpec(Options.page, "The page to draw (default: 1)."),
            OptionSpec(Options.highlight, "Outline where TEXT is written on the page (as 'query' matches)."),
            OptionSpec(Options.output, "Write the SVG to FILE (default: standard output)."),
        ],
        exitStatus: "0 success, 1 the file could not be read, 2 usage or fatal error (no such page).",
        run: { try RenderCommand(arguments: $0, context: $1).run() })

    static let export = CommandSpec(
        name: "export", abstract: "Write a searchable PDF, Markdown files or NDJSON for OpenSearch.",
        overview: "Export a notebook as a searchable PDF, or indexed notebooks as Markdown or NDJSON.",
        discussion: """
            With --pdf, the pages of the notebook at PATH are drawn as 'render' draws them and each word, recognized
            as 'text' reads it, lies over its ink as invisible text, so that a PDF viewer's search finds and
            highlights the handwriting. With --markdown, each notebook the index holds under PATHs gets one Markdown
            file in DIR: front matter, then each page's text as the last 'build' read it, typed text marked as typed.
            A file is rewritten only when its text changes, and the files written for notebooks that are gone are
            removed; files in DIR that export did not write are never changed or removed. With --ndjson, every reading
            the index searches (of the notebooks under PATHs, or of all) is printed as one JSON document a line, for
            bulk loading into OpenSearch or Elasticsearch.
            """,
        arguments: ArgumentSpec(
            name: "PATH", count: .zeroOrMore,
            help:
                "The notebook (one, for --pdf), or notebooks and folders (for --markdown; for --ndjson, none means all).",
            completion: .file),
        options: [
            OptionSpec(Options.pdf, "Write the notebook to FILE as a searchable PDF."),
            OptionSpec(Options.markdown, "Write one Markdown file per notebook into DIR (made when missing)."),
            OptionSpec(
                Options.ndjson,
                """
                Print one JSON document a line per reading: {"id", "path", "page", "drawing", "source", "text", "reading",
                "score", "strokeIDs", "bounds", "line": {"text", "bounds"}}.
                """),
            OptionSpec(
                Options.index, "The index to read for --markdown and --ndjson (default: see 'notebook-index --help')."),
        ],
        exitStatus: "0 success, 1 a notebook could not be read (or is not indexed), 2 usage or fatal error.",
        run: { try await ExportCommand(arguments: $0, context: $1).run() })

    static let merge = CommandSpec(
        name: "merge", abstract: "Fold shard indexes (build --shard K/N) into one index.",
        overview: "Fold the shard indexes SHARD... into the index OUT.",
        discussion: """
            Every shard must have been built by the same recognizer version in the same languages (and OUT, when it
            already holds a build); a mixture is refused before anything is written. Each file is copied in one
            transaction, so a merge that is stopped can be run again: it finishes the work and copies nothing twice.
            Files of OUT that no shard holds are left as they are.
            """,
        arguments: ArgumentSpec(
            name: "OUT SHARD", count: .oneOrMore, help: "The index to write (made when missing), then the shards.",
            completion: .file),
        options: [
            OptionSpec(Options.noWait, "Exit at once when a build is updating OUT or a shard.")
        ],
        exitStatus:
            "0 merged, 1 some notebook was in two shards (the first was kept), 2 usage or fatal error or a mixture.",
        run: { try MergeCommand(arguments: $0, context: $1).run() })

    static let balooExtract = CommandSpec(
        name: "baloo-extract", abstract: "KDE Baloo's external extractor (contrib/baloo/).",
        overview: "Answer one KDE Baloo external-extractor request.",
        discussion: """
            Reads {"path": …, "mimetype": …} from standard input, recognizes the notebook at that path (pages not
            read within the time limit are left out) and prints {"properties": {"text": …}, "status": "OK"}, or a
            status other than "OK" with an "error". contrib/baloo/ holds the manifest that makes Baloo run it.
            """,
        arguments: nil,
        options: [
            OptionSpec(
                Options.timeLimit,
                "Answer after at most S seconds of recognition (default: \(BalooExtractCommand.defaultTimeLimit); Baloo waits 30)."
            )
        ],
        exitStatus: "0 success, 1 the request or the file could not be read, 2 usage or fatal error.", hidden: true,
        run: { try await BalooExtractCommand(arguments: $0, context: $1).run() })

    static let completions = CommandSpec(
        name: "completions", abstract: "Print a completion script for bash, zsh or fish.",
        overview: "Print the completion script for SHELL.",
        discussion: """
            It completes commands, their options, paths and the language codes of --language. In bash,
            'source <(notebook-index completions bash)' loads it; 'make install' puts the scripts where
            bash-completion, zsh and fish look for them.
            """,
        arguments: ArgumentSpec(
            name: "SHELL", count: .one, help: "bash, zsh or fish.",
            completion: .oneOf(CompletionScript.Shell.allCases.map(\.rawValue))
        ),
        options: [],
        exitStatus: "0 success, 2 usage error.",
        run: { try CompletionsCommand(arguments: $0, context: $1).run() })

    static let man = CommandSpec(
        name: "man", abstract: "Print the manual page (roff).", overview: "Print the manual page, as roff.",
        discussion: """
            For packagers: 'make man' writes it to .build/man/notebook-index.1 and 'make install' installs it,
            so that 'man notebook-index' shows it.
            """,
        arguments: nil, options: [], exitStatus: "0 success, 2 usage error.", hidden: true,
        run: {
            $1.standardOutput.write(ManPage.render())
            return NotebookIndexCLI.ExitCode.success
        })

    /// In the order of the tool's help.
    static let all = [
        build, query, serve, status, text, inspect, render, export, merge, completions, man, balooExtract,
        searchProvider,
    ]

    /// The command called `name`, alone: starting one command builds no other's options and help,
    /// as looking it up in `all` would.
    static func named(_ name: String) -> CommandSpec? {
        switch name {
        case "build": build
        case "query": query
        case "serve": serve
        case "status": status
        case "text": text
        case "inspect": inspect
        case "render": render
        case "export": export
        case "merge": merge
        case "completions": completions
        case "man": man
        case "baloo-extract": balooExtract
        case "search-provider": searchProvider
        default: nil
        }
    }

    /// The commands shown in help, the man page and completions.
    static var visible: [CommandSpec] { all.filter { !$0.hidden } }

    private static let notebookFile = ArgumentSpec(
        name: "FILE", count: .one, help: "A notebook file or notebook folder.", completion: .file)
}
