import Foundation
import KeyedArchive
import PlistKit

/// Parses plutil's verb-first command line and runs the verb.
///
/// plutil's grammar is its own (`-convert FMT [options] FILE…`, `-insert KEYPATH -TYPE VALUE`),
/// so it is parsed by hand rather than with a general argument parser.
struct Tool {
    let standardOutput: FileHandle
    let standardError: FileHandle

    /// Runs the command line (without the program name); true when every file succeeded.
    func run(_ arguments: [String]) -> Bool {
        do {
            var arguments = arguments
            guard let verb = arguments.popFirst() else { throw UsageError("No files specified.") }
            switch verb {
            case "-help", "--help", "-h":
                standardOutput.write(Data(helpText.utf8))
                return true
            case "-lint":
                return try lint(CommonOptions(arguments))
            case "-p":
                return try printFiles(CommonOptions(arguments))
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
                return try convert(to: format, header: header, CommonOptions(arguments))
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
                return edit(keyPath, value: value, mode: mode, try CommonOptions(arguments))
            case "-remove":
                guard let keyPath = arguments.popFirst() else { throw UsageError.missingArgument(verb, "a key path") }
                return remove(keyPath, try CommonOptions(arguments))
            case "-extract":
                guard let keyPath = arguments.popFirst(), let name = arguments.popFirst() else {
                    throw UsageError("option -extract needs two arguments (a key path, then a format: \(OutputFormat.extractable))")
                }
                let format = try OutputFormat(argument: name)
                let expected = try Tool.expectedType(&arguments)
                return extract(keyPath, as: format, expecting: expected, try CommonOptions(arguments))
            case "-type":
                guard let keyPath = arguments.popFirst() else { throw UsageError.missingArgument(verb, "a key path") }
                let expected = try Tool.expectedType(&arguments)
                return extract(keyPath, as: .type, expecting: expected, try CommonOptions(arguments))
            case "-create":
                guard let name = arguments.popFirst() else { throw UsageError.missingArgument(verb, OutputFormat.convertible) }
                return create(try OutputFormat(argument: name), try CommonOptions(arguments))
            case "-unarchive":
                var format: OutputFormat?
                if arguments.first == "-convert" {
                    arguments.removeFirst()
                    guard let name = arguments.popFirst() else { throw UsageError.missingArgument("-convert", OutputFormat.convertible) }
                    format = try OutputFormat(argument: name)
                }
                return unarchive(as: format, try CommonOptions(arguments))
            default:
                if verb.hasPrefix("-") && verb.count > 1 && verb != "--" && !CommonOptions.isOption(verb) {
                    throw UsageError.unrecognizedOption(verb)
                }
                // Like plutil, a command line that starts with a file lints it.
                return try lint(CommonOptions([verb] + arguments))
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

    /// Runs `body` for each file's bytes, reporting `PATH: reason` on standard error for
    /// each failure.
    func forEachFile(_ options: CommonOptions, mapped: Bool = false, _ body: (String, Data) throws -> Void) -> Bool {
        forEachPath(options) { path in try body(path, try readInput(path, mapped: mapped)) }
    }

    /// Runs `body` for each file's path, reporting `PATH: reason` on standard error for each
    /// failure.
    func forEachPath(_ options: CommonOptions, _ body: (String) throws -> Void) -> Bool {
        var allSucceeded = true
        for path in options.paths {
            do {
                try body(path)
            } catch {
                allSucceeded = false
                report(error, for: path)
            }
        }
        return allSucceeded
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
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
        } catch {
            throw PlistError.unreadableFile(path)
        }
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
