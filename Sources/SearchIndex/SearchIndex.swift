// SearchIndex: everything between notebook files on disk and search results.
//
// - `Crawler` walks the paths given to `build` (hidden entries, `.notebook-index-ignore` patterns,
//   symlink loops, notebook folders) and `FileFingerprint` says whether a file changed.
// - `Indexer` reads changed files through a `NotebookSource`, recognizes their drawings in
//   parallel through a `DrawingTranscriber` and hands each file to `IndexStore` in one transaction.
// - `IndexStore` owns the SQLite index (`Database`, `Statement`; schema in `IndexSchema`; a line's
//   words in one row, `PackedLine`, read back as `StoredLine` and `WordRow`).
// - `SearchQuery` turns user text into FTS5 expressions built from tokens; `IndexStore.search`
//   runs them and returns `SearchHit`s with stroke IDs and bounds; `CurrentPage` says whether a
//   file read again still has a hit where the index put it.
// - `IndexLock` keeps builds to one writer per index.
import DrawingModel
