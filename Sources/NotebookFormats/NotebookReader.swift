import DrawingModel
import Foundation

/// Why a file could not be read; `description` is the one-line reason shown after `path: `.
public struct ReadError: Error, Sendable, CustomStringConvertible, Equatable {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// A reader for one notebook format.
public protocol NotebookReader: Sendable {
    /// Short name shown by `inspect` and stored in the index ("xopp", "rm", ...).
    static var formatName: String { get }
    /// Lower-case file extensions this reader claims.
    static var fileExtensions: [String] { get }
    /// Reads the file or folder at `url`.
    /// - Throws: `ReadError` naming the problem (not the path; the caller prefixes it).
    static func read(at url: URL) throws -> Notebook
}
