/// The options every verb shares, after the verb's own arguments: `-s`, `-o PATH`, `-e EXT`,
/// `-r`, `-n`, `-f`, `-j N`, `--`, and the file names.
struct CommonOptions {
    var paths: [String] = []
    /// `-r`: human-readable JSON.
    var readable = false
    /// `-n` turns this off: no newline after raw or type output.
    var terminatingNewline = true
    /// `-o PATH`: where the result goes (`-` for standard output).
    var outputPath: String?
    /// `-e EXT`: the extension for converted files.
    var outputExtension: String?
    /// `-s`: say nothing on success.
    var silent = false
    /// `-stream`: `-lint` and `-convert` read and write event by event, whatever the size;
    /// `-no-stream`: never, whatever the size. Nil: by size.
    var stream: Bool?
    /// `-f`: write binary plist data to standard output even when it is a terminal.
    var force = false
    /// `-j N`: work on at most N files at once (nil: one per core).
    var jobs: Int?

    init(_ arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--":
                while let path = iterator.next() { paths.append(path) }
            case "-n": terminatingNewline = false
            case "-s": silent = true
            case "-f": force = true
            case "-r": readable = true
            case "-stream": stream = true
            case "-no-stream": stream = false
            case "-o":
                guard let path = iterator.next() else { throw UsageError.missingArgument(argument, "a path, or - for standard output") }
                outputPath = path
            case "-j":
                guard let count = iterator.next() else { throw UsageError.missingArgument(argument, CommonOptions.jobsExpected) }
                guard let jobs = Int(count), jobs > 0 else { throw UsageError("option -j needs \(CommonOptions.jobsExpected), not '\(count)'") }
                self.jobs = jobs
            case "-e":
                guard let ext = iterator.next() else { throw UsageError.missingArgument(argument, "a file name extension, such as xml") }
                outputExtension = ext
            default:
                if argument.hasPrefix("-") && argument.count > 1 {
                    throw UsageError.unrecognizedOption(argument)
                }
                paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError("No files specified.") }
    }

    /// What `-j` takes, for messages.
    static let jobsExpected = "the number of files to work on at once, 1 or more"

    /// The options this type reads, which may also start a command line (as plutil allows:
    /// the verb is then `-lint`).
    static func isOption(_ argument: String) -> Bool {
        ["-s", "-r", "-n", "-o", "-e", "-j", "-stream", "-no-stream"].contains(argument)
    }

    /// Where the converted form of `path` goes: `-o`, else `path` with the `-e` extension,
    /// and for source-code formats the language's extension (so the plist is not overwritten).
    func destination(for path: String, format: OutputFormat) -> String {
        if let outputPath { return outputPath }
        var result = path
        if let outputExtension { result = CommonOptions.replacingExtension(of: result, with: outputExtension) }
        switch format {
        case .objc: result = CommonOptions.replacingExtension(of: result, with: "m")
        case .swift: result = CommonOptions.replacingExtension(of: result, with: "swift")
        default: break
        }
        return result
    }

    /// `path` with the text after its file name's last dot replaced (unchanged when the name
    /// has no extension, as plutil does).
    static func replacingExtension(of path: String, with newExtension: String) -> String {
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        guard name != ".", name != "..", let dot = name.lastIndex(of: "."), dot != name.startIndex else { return path }
        return String(path[...dot]) + newExtension
    }
}
