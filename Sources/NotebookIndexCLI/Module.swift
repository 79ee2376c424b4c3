import DrawingModel

public enum NotebookIndexCLI {
    public static func main() {}
}
