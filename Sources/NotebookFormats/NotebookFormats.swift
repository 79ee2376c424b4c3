// NotebookFormats: notebook files to `DrawingModel` values, and pages back to files.
//
// Principal types: `NotebookReader` (one per format, a folder each: `XournalReader`, `InkMLReader`,
// `SVGReader`, `RnoteReader`, `SaberReader`, `UIMReader`, `WILLReader`, `PDFReader` (ink
// annotations, through its own `PDFDocument`), `TldrawReader`, `ExcalidrawReader`,
// `SupernoteReader`, `ButterflyReader`, `ISFReader` (Windows Ink), `OneNoteReader`, the reMarkable
// readers of pages, folders and archives, and the native JSON reader); `NotebookFormats` (the
// registry: which reader a file needs); `ReadError` (the one-line reason a file is refused);
// `StableStrokeID` (derived stroke IDs); `ReadLimits` (the caps that keep every reader bounded).
// Inside (`Containers/`): `XMLPullParser`, `Gzip`, `ZipArchive`, `JSONTree` and `BSONDecoder` (into
// a `DocumentTree`), `ProtobufReader`, `RIFFChunks`, and `GitLFSPointer` (refused with advice).
// Three writers: `NativeJSONWriter` (lossless), and from one layout of a page as it is seen
// (`PageArtwork`) `SVGWriter` (for `render`) and `PDFWriter` (a searchable PDF, `export --pdf`).
