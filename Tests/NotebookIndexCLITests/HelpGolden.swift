/// The exact `--help` texts, checked against the built binary. Update them deliberately.
enum HelpGolden {
    static let tool = """
        OVERVIEW: Offline full-text search for handwritten notebooks.

        Reads Xournal++ (with Xournal and MrWriter), InkML, SVG, reMarkable, reMarkable
        archives (.rmdoc, .rmn), native JSON, Rnote, Saber, Wacom UIM, Wacom WILL, annotated
        PDF, tldraw, Excalidraw, Supernote, Butterfly, Windows Ink ISF and OneNote notebooks,
        recognizes the handwriting and indexes it with any typed text, so that 'query' finds
        words by what was written and says where on which page.

        USAGE: notebook-index <command> [options]

        COMMANDS:
          build       Index the notebooks under PATHs (new, changed and removed files).
          query       Search the index; show where each hit is.
          serve       Search the index from a web browser: a local search page.
          status      Show what the index holds and which files failed.
          text        Print the recognized text of a notebook, page by page.
          inspect     Show what the reader sees in a notebook (no recognition).
          render      Draw a page as SVG, with the matches of a search outlined.
          export      Write a searchable PDF, Markdown files or NDJSON for OpenSearch.
          merge       Fold shard indexes (build --shard K/N) into one index.
          completions Print a completion script for bash, zsh or fish.

        INDEX:
          --index FILE, else $NOTEBOOK_INDEX, else $XDG_DATA_HOME/notebook-index/index.sqlite,
          else ~/.local/share/notebook-index/index.sqlite.

        OPTIONS:
          -h, --help  Show help for the tool, or with a command for that command.
          --version   Show the version of the program and of its recognizer.

          See 'notebook-index <command> --help' for the options of each command.

        """

    static let build = """
        OVERVIEW: Index the notebooks under PATHs.

        Crawls files and folders (hidden entries and .notebook-index-ignore patterns are
        skipped), reads what is new or changed, re-recognizes drawings made by another
        recognizer version or in other languages and removes files that are gone. A file that
        cannot be read is named on standard error as 'path: reason' and retried when it
        changes. One build at a time per index; a killed build leaves the index consistent.

        USAGE: notebook-index build PATH... [--language LIST] [--index FILE] [--jobs N] [--no-wait] [--rebuild] [--adapt] [--shard K/N]

        ARGUMENTS:
          PATH            A notebook file or a folder to crawl.

        OPTIONS:
          --language LIST Languages the handwriting is in, comma-separated: en, fr, de, es,
                          it, pt, nl, pl, cs, sk, sv, da, nb, hu, ro, tr, hr, sr, sl, ca, lt,
                          lv, et, id, zh, zh-Hant, ja, ko (default: $NOTEBOOK_INDEX_LANGUAGES,
                          else the language of $LANG when supported, else en).
          --index FILE    The index to update (default: see 'notebook-index --help').
          --jobs N        Files and pages to read and recognize at once (default: all cores).
          --no-wait       Exit at once when another build is updating the index.
          --rebuild       Start the index afresh (when it is damaged, say).
          --adapt         Learn the writer's hand from the words read surely and read new
                          pages with it (experimental: not yet measured better; 'status' shows
                          what was learned).
          --shard K/N     Index only shard K of N: the notebooks whose path below PATH hashes
                          to K (the same on every machine); 'merge' folds the N shard indexes
                          into one.
          -h, --help      Show this help.

        EXIT STATUS:
          0 everything was indexed, 1 some files failed, 2 usage or fatal error.

        """

    static let query = """
        OVERVIEW: Search the index for TEXT.

        Matches inside words by default ("note" finds "notebook"); several words match
        consecutive words of one line. Every reading the recognizer considered is searched;
        hits are ranked by confidence. Pages count from 1 here and from 0 in --json.

        USAGE: notebook-index query TEXT [--full-words] [--case-sensitive] [--limit N] [--min-score S] [--fuzzy] [--index FILE] [--json] [--html FILE]

        ARGUMENTS:
          TEXT            What to find (quote a phrase: "apple pie").

        OPTIONS:
          --full-words    Match whole words only.
          --case-sensitive
                          Match upper and lower case exactly.
          --limit N       Show at most N hits (default: 100).
          --min-score S   Leave out hits scoring below S, from 0 to 1 (default: by the query's
                          letters, 0.3 for 3 or fewer to 0 from 6 on, as short words are more
                          often read by chance; 0.1 for one Chinese or Japanese character,
                          0.05 for two or more; a word's best reading passes it, and words
                          outside the word lists have none); 0 shows every reading the
                          recognizer kept, however unlikely.
          --fuzzy         Also find readings 1 letter off words of 4-7 letters, 2 off longer
                          ones (shorter words match exactly); exact hits rank first.
          --index FILE    The index to search (default: see 'notebook-index --help').
          --json          Print one JSON object: {"query": …, "results": [{"path", "page",
                          "drawing", "text", "strokeIDs", "bounds", "score", "distance",
                          "line": {"text", "bounds"}}]}.
          --html FILE     Write the hits to FILE as one self-contained HTML page: each hit's
                          line cropped from its page with the hit outlined, and the whole
                          pages, drawn from the files as they are now.
          -h, --help      Show this help.

        EXIT STATUS:
          0 hits found, 1 no hits, 2 usage or fatal error.

        """

    static let serve = """
        OVERVIEW: Serve a search page for the index on this machine.

        Prints its URL (http://127.0.0.1:PORT/) as the first line and answers until stopped
        (SIGTERM, Ctrl-C): a search form whose hits appear as you type, grouped by notebook,
        each with its page drawn and the match outlined, a link to the whole page and one that
        opens the notebook in its app at that page (Xournal++ for .xopp and .xoj, else
        xdg-open); /api/search?q=TEXT answers what 'query TEXT --json' prints, and /status
        what 'status' prints. It only reads: GET and HEAD, only the files the index holds, and
        only requests addressed to it (Host), so other sites cannot reach it. It keeps
        answering while a build writes the index.

        USAGE: notebook-index serve [--index FILE] [--port N] [--listen ADDR]

        OPTIONS:
          --index FILE    The index to search (default: see 'notebook-index --help').
          --port N        The port to listen on (default: 8517; 0 picks a free one).
          --listen ADDR   The address to listen on (default: 127.0.0.1, this machine only;
                          0.0.0.0 or :: opens it to the network).
          -h, --help      Show this help.

        EXIT STATUS:
          0 stopped by a signal, 2 usage or fatal error (no index, the port is taken).

        """

    static let status = """
        OVERVIEW: Show what the index holds.

        Files, pages, drawings and words; the recognizer version and languages of the last
        build; drawings recognized by another recognizer version or in other languages (the
        next build redoes them); files that failed, with the reason.

        USAGE: notebook-index status [--index FILE] [--json]

        OPTIONS:
          --index FILE    The index to describe (default: see 'notebook-index --help').
          --json          Print one JSON object.
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 2 usage or fatal error (no index, unknown schema).

        """

    static let text = """
        OVERVIEW: Print the recognized text of a notebook, page by page.

        Reads and recognizes FILE directly (the index is not used unless --index names one),
        in the languages 'build' defaults to unless --language says. Pages count from 1 here
        and from 0 in --json.

        USAGE: notebook-index text FILE [--language LIST] [--index FILE] [--json] [--html]

        ARGUMENTS:
          FILE            A notebook file or notebook folder.

        OPTIONS:
          --language LIST Languages the handwriting is in, as for 'build' (default: as
                          'build').
          --index FILE    Read with the writer's hand learned in this index, when it holds
                          one.
          --json          Print JSON: {"path": …, "pages": [{"page", "lines": [{"text",
                          "bounds", "words": [{"text", "bounds", "strokeIDs"}]}]}]}.
          --html          Print HTML for desktop search (a Recoll input handler): the
                          notebook's name as title, a section per page with its lines and
                          typed text; nothing else goes to standard output.
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 1 the file could not be read, 2 usage or fatal error.

        """

    static let inspect = """
        OVERVIEW: Show what the reader sees in a notebook, without recognition.

        The format, and for each page the ink strokes kept, their points, the bounds of the
        ink and the typed text. Pages count from 1 here and from 0 in --json.

        USAGE: notebook-index inspect FILE [--json]

        ARGUMENTS:
          FILE            A notebook file or notebook folder.

        OPTIONS:
          --json          Print JSON: {"path": …, "format": …, "pages": [{"page", "strokes",
                          "points", "bounds", "texts"}]}.
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 1 the file could not be read, 2 usage or fatal error.

        """

    static let render = """
        OVERVIEW: Draw a page of a notebook as SVG.

        The ink as the reader sees it: pen colours and widths, highlighters translucent,
        erased parts left out, typed text. With --highlight, the page is recognized as 'text'
        does and the box of each match of TEXT is drawn over the ink. Pages count from 1, as
        'text' and 'query' print them.

        USAGE: notebook-index render FILE [--page N] [--highlight TEXT] [--output FILE]

        ARGUMENTS:
          FILE            A notebook file or notebook folder.

        OPTIONS:
          --page N        The page to draw (default: 1).
          --highlight TEXT
                          Outline where TEXT is written on the page (as 'query' matches).
          --output FILE   Write the SVG to FILE (default: standard output).
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 1 the file could not be read, 2 usage or fatal error (no such page).

        """

    static let export = """
        OVERVIEW: Export a notebook as a searchable PDF, or indexed notebooks as Markdown or NDJSON.

        With --pdf, the pages of the notebook at PATH are drawn as 'render' draws them and
        each word, recognized as 'text' reads it, lies over its ink as invisible text, so that
        a PDF viewer's search finds and highlights the handwriting. With --markdown, each
        notebook the index holds under PATHs gets one Markdown file in DIR: front matter, then
        each page's text as the last 'build' read it, typed text marked as typed. A file is
        rewritten only when its text changes, and the files written for notebooks that are
        gone are removed; files in DIR that export did not write are never changed or removed.
        With --ndjson, every reading the index searches (of the notebooks under PATHs, or of
        all) is printed as one JSON document a line, for bulk loading into OpenSearch or
        Elasticsearch.

        USAGE: notebook-index export [PATH...] [--pdf FILE] [--markdown DIR] [--ndjson] [--index FILE]

        ARGUMENTS:
          PATH            The notebook (one, for --pdf), or notebooks and folders (for
                          --markdown; for --ndjson, none means all).

        OPTIONS:
          --pdf FILE      Write the notebook to FILE as a searchable PDF.
          --markdown DIR  Write one Markdown file per notebook into DIR (made when missing).
          --ndjson        Print one JSON document a line per reading: {"id", "path", "page",
                          "drawing", "source", "text", "reading", "score", "strokeIDs",
                          "bounds", "line": {"text", "bounds"}}.
          --index FILE    The index to read for --markdown and --ndjson (default: see
                          'notebook-index --help').
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 1 a notebook could not be read (or is not indexed), 2 usage or fatal
          error.

        """

    static let merge = """
        OVERVIEW: Fold the shard indexes SHARD... into the index OUT.

        Every shard must have been built by the same recognizer version in the same languages
        (and OUT, when it already holds a build); a mixture is refused before anything is
        written. Each file is copied in one transaction, so a merge that is stopped can be run
        again: it finishes the work and copies nothing twice. Files of OUT that no shard holds
        are left as they are.

        USAGE: notebook-index merge OUT SHARD... [--no-wait]

        ARGUMENTS:
          OUT SHARD       The index to write (made when missing), then the shards.

        OPTIONS:
          --no-wait       Exit at once when a build is updating OUT or a shard.
          -h, --help      Show this help.

        EXIT STATUS:
          0 merged, 1 some notebook was in two shards (the first was kept), 2 usage or fatal
          error or a mixture.

        """

    static let completions = """
        OVERVIEW: Print the completion script for SHELL.

        It completes commands, their options, paths and the language codes of --language. In
        bash, 'source <(notebook-index completions bash)' loads it; 'make install' puts the
        scripts where bash-completion, zsh and fish look for them.

        USAGE: notebook-index completions SHELL

        ARGUMENTS:
          SHELL           bash, zsh or fish.

        OPTIONS:
          -h, --help      Show this help.

        EXIT STATUS:
          0 success, 2 usage error.

        """
}
