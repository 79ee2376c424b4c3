/// Why the model could not be loaded.
public enum ModelError: Error, CustomStringConvertible, Sendable {
    case missing(String)
    case invalid(String)

    public var description: String {
        switch self {
        case .missing(let what): return "recognizer model not found: \(what)"
        case .invalid(let why): return "recognizer model is damaged: \(why)"
        }
    }
}
