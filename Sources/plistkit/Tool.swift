import Foundation
import KeyedArchive
import PlistKit

/// Parses plutil's verb-first command line and runs the verb.
///
/// plutil's grammar is its own (`-convert FMT [options] FILE…`, `-insert KEYPATH -TYPE VALUE`),
/// so it is parsed by hand rather than with a general argument parser.
struct Tool: Sendable {
    let standardOutput: any OutputSink
    let standardError: any OutputSink
    /// Whether the process's standard output is a terminal, where binary plist data is refused.
    let standardOutputIsTerminal: Bool

    /// The tool of the process: writes to its standard output and error.
    init(standardOutput: FileHandle, standardError: FileHandle) {
        self.init(standardOutput: standardOutput, standardError: standardError,
                  standardOutputIsTerminal: isatty(standardOutput.fileDescriptor) == 1)
    }

    init(standardOutput: any OutputSink, standardError: any OutputSink, standardOutputIsTerminal: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.standardOutputIsTerminal = standardOutputIsTerminal
    }

    /// Runs the command line (without the program name); true when every file succeeded.
    func run(_ arguments: [String]) async -> Bool {
        do {
            var arguments = arguments
            guard let verb = arguments.popFirst() else { throw UsageError("No files specified.") }
            switch verb {
            case "-help", "--help", "-h":
                standardOutput.write(Data(helpText.utf8))
                return true
            case "-lint":
                return try await lint(CommonOptions(arguments))
            case "-p":
                return try await printFiles(CommonOptions(arguments))
            case "-convert":
                guard let name = arguments.popFirst() else { throw UsageError.missingArgument(verb, OutputFormat.convertible) }
                let format = try OutputFormat(argument: name)
                guard format != .raw else { throw UsageError("raw is only valid for -extract.") }
                var header = false
                if arguments.first == "-header" {
                    guard format == .objc else { throw UsageError("-header is only valid for objc literal conversions.") }
                    arguments.removeFirst()
                    header = true
                }
                return try await convert(to: format, header: header, CommonOptions(arguments))
            case "-insert", "-replace":
                guard let keyPath = arguments.popFirst(), let type = arguments.popFirst() else {
                    throw UsageError("option \(verb) needs a key path, a type and a value (such as \(verb) name -string Ada)")
                }
                let value = try ValueArgument.parse(type: type, for: verb, from: &arguments)
                var mode: Plist.EditMode = verb == "-replace" ? .replace : .insert
                if arguments.first == "-append" {
                    arguments.removeFirst()
                    if verb == "-insert" { mode = .append }
                }
                return await edit(keyPath, value: value, mode: mode, try CommonOptions(arguments))
            case "-remove":
                guard let keyPath = arguments.popFirst() else { throw UsageError.missingArgument(verb, "a key path") }
                return await remove(keyPath, try CommonOptions(arguments))
            case "-extract":
                guard let keyPath = arguments.popFirst(), let name = arguments.popFirst() else {
                    throw UsageError("option -extract needs two arguments (a key path, then a format: \(OutputFormat.extractable))")
                }
                let format = try OutputFormat(argument: name)
                let expected = try Tool.expectedType(&arguments)
                return await extract(keyPath, as: format, expecting: expected, try CommonOptions(arguments))
            case "-type":
                guard let keyPath = arguments.popFirst() else { throw UsageError.missingArgument(verb, "a key path") }
                let expected = try Tool.expectedType(&arguments)
                return await extract(keyPath, as: .type, expecting: expected, try CommonOptions(arguments))
            case "-create":
                guard let name = arguments.popFirst() else { throw UsageError.missingArgument(verb, OutputFormat.convertible) }
                return await create(try OutputFormat(argument: name), try CommonOptions(arguments))
            case "-unarchive":
                var format: OutputFormat?
                if arguments.first == "-convert" {
                    arguments.removeFirst()
                    guard let name = arguments.popFirst() else { throw UsageError.missingArgument("-convert", OutputFormat.convertible) }
                    format = try OutputFormat(argument: name)
                }
                return await unarchive(as: format, try CommonOptions(arguments))
            default:
                if verb.hasPrefix("-") && verb.count > 1 && verb != "--" && !CommonOptions.isOption(verb) {
                    throw UsageError.unrecognizedOption(verb)
                }
                // Like plutil, a command line that starts with a file lints it.
                return try await lint(CommonOptions([verb] + arguments))
            }
        } catch {
            standardError.write(Data((describe(error) + "\n").utf8))
            return false
        }
    }

    /// `-expect TYPE`, when it comes next.
    private static func expectedType(_ arguments: inout [String]) throws -> String? {
        guard arguments.first == "-expect" else { return nil }
        arguments.removeFirst()
        let known = ["bool", "integer", "float", "string", "date", "data", "dictionary", "array"]
        guard let type = arguments.popFirst() else {
            throw UsageError.missingArgument("-expect", "a type: " + known.dropLast().joined(separator: ", ") + " or array")
        }
        guard known.contains(type) else { throw UsageError("-expect type [\(type)] not valid.") }
        return type
    }

    /// ``forEachPath(_:concurrently:writes:_:)`` with each file's bytes read for `body`.
    func forEachFile(_ options: CommonOptions, mapped: Bool = false, writes: (String) -> [String] = { _ in [] },
                     _ body: @escaping @Sendable (Tool, String, Data) throws -> Void) async -> Bool {
        await forEachPath(options, writes: writes) { tool, path in try body(tool, path, try tool.readInput(path, mapped: mapped)) }
    }

    func report(_ error: Error, for path: String) {
        standardError.write(Data("\(displayName(path)): \(describe(error))\n".utf8))
    }

    func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    private func describe(_ error: Error) -> String {
        switch error {
        case let error as PlistError: error.description
        case let error as UsageError: error.message
        case let error as KeyedArchiveError: error.description
        default: "\(error)"
        }
    }

    /// The bytes of a file, or of standard input for `-`; `mapped` maps the file into memory
    /// instead of reading it, so that a lookup reads only the pages it touches.
    func readInput(_ path: String, mapped: Bool = false) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard !path.isEmpty else { throw UsageError("Empty path specified") }
        guard mapped else {
            guard let data = try Tool.readFile(path, below: .max) else { throw PlistError.unreadableFile(path) }
            return data
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw PlistError.unreadableFile(path)
        }
    }

    /// The whole of a file, by `open`, `fstat` and reads until its end (a pipe or a device has
    /// no size to go by), or nil, unread, when `fstat` gives it `limit` bytes or more. For a
    /// small file this is most of what reading costs; Foundation's `Data(contentsOf:)` adds as
    /// much again (a URL, an attribute dictionary).
    static func readFile(_ path: String, below limit: Int) throws(PlistError) -> Data? {
        guard case .success(let descriptor) = Syscalls.openForReading(path) else { throw .unreadableFile(path) }
        defer { Syscalls.closeDescriptor(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadableFile(path) }
        let size = Int(max(info.st_size, 0))
        if size >= limit { return nil }
        // One byte more than the size, so that a file that has grown is read to its end; a
        // regular file read up to its size by the first read needs no read to see its end.
        var data = Data(count: size + 1)
        var count = 0
        while true {
            if count == data.count { data.count = max(data.count * 2, 1 << 16) }
            let read = Syscalls.readSome(descriptor, into: &data, from: count)
            guard case .success(let moved) = read else { throw .unreadableFile(path) }
            if moved == 0 { break }
            count += moved
            if count == size, info.st_mode & S_IFMT == S_IFREG { break }
        }
        data.count = count
        return data
    }
}

/// A command-line mistake: the message is printed alone, as plutil does.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }

    /// A known option or verb at the end of the command line, without the argument it
    /// takes: `option -o needs an argument (a path, or - for standard output)`.
    static func missingArgument(_ option: String, _ expected: String) -> UsageError {
        UsageError("option \(option) needs an argument (\(expected))")
    }

    /// An option no verb knows.
    static func unrecognizedOption(_ option: String) -> UsageError {
        UsageError("unrecognized option: \(option) (plistkit -help lists the verbs and options)")
    }
}

extension Array {
    /// Removes and returns the first element, or nil when empty.
    mutating func popFirst() -> Element? {
        isEmpty ? nil : removeFirst()
    }
}
