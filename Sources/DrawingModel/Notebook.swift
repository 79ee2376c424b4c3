/// What a reader makes of one file: pages, each with its handwriting and its typed text.
public struct Notebook: Sendable, Hashable {
    /// Short format name as shown by `inspect` ("xopp", "xoj", "rm", "inkml", "svg", "json").
    public var format: String
    /// Display name, where the format has one (reMarkable `.metadata` visibleName).
    public var title: String?
    public var pages: [Page]

    public init(format: String, title: String? = nil, pages: [Page]) {
        self.format = format
        self.title = title
        self.pages = pages
    }
}

/// One page: the handwriting as a drawing, and typed text elements indexed beside it.
public struct Page: Sendable, Hashable {
    public var drawing: Drawing
    public var texts: [TextElement]
    /// Page size in drawing units where the format gives one.
    public var size: Size?
    /// The paper's colour where the format gives one (Xournal++'s solid backgrounds); nil is
    /// white. A dark page is often written on in white ink, which only shows on its own colour.
    public var background: Ink.Color?

    public init(drawing: Drawing, texts: [TextElement] = [], size: Size? = nil, background: Ink.Color? = nil) {
        self.drawing = drawing
        self.texts = texts
        self.size = size
        self.background = background
    }
}

/// Typed (keyboard) text on a page, with its box in page coordinates where the format gives it.
public struct TextElement: Sendable, Hashable {
    public var text: String
    public var bounds: Rect?

    public init(text: String, bounds: Rect? = nil) {
        self.text = text
        self.bounds = bounds
    }
}
