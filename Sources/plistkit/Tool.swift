import Foundation
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
            guard let verb = arguments.first else { throw UsageError("No files specified.") }
            arguments.removeFirst()
            switch verb {
            case "-help", "--help", "-h":
                standardOutput.write(Data(helpText.utf8))
                return true
            case "-lint":
                return try lint(CommonOptions(arguments))
            case "-p":
                return try printFiles(CommonOptions(arguments))
            case "-convert":
                guard !arguments.isEmpty else { throw UsageError("Missing format specifier for command.") }
                let format = try OutputFormat(argument: arguments.removeFirst())
                return try convert(to: format, CommonOptions(arguments))
            default:
                if verb.hasPrefix("-") && verb.count > 1 && verb != "--" {
                    throw UsageError("unrecognized option: \(verb)")
                }
                // Like plutil, a command line that starts with a file lints it.
                return try lint(CommonOptions([verb] + arguments))
            }
        } catch let error as UsageError {
            standardError.write(Data((error.message + "\n").utf8))
            return false
        } catch {
            standardError.write(Data("\(error)\n".utf8))
            return false
        }
    }

    /// Runs `body` for each file, reporting `PATH: reason` on standard error for each failure.
    func forEachFile(_ options: CommonOptions, _ body: (String, Data) throws -> Void) -> Bool {
        var allSucceeded = true
        for path in options.paths {
            do {
                try body(path, try readInput(path))
            } catch {
                allSucceeded = false
                standardError.write(Data("\(displayName(path)): \(describe(error))\n".utf8))
            }
        }
        return allSucceeded
    }

    func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    private func describe(_ error: Error) -> String {
        if let error = error as? PlistError { return error.description }
        if let error = error as? UsageError { return error.message }
        return error.localizedDescription
    }

    /// The bytes of a file, or of standard input for `-`.
    func readInput(_ path: String) throws -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        guard !path.isEmpty else { throw UsageError("Empty path specified") }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw PlistError(.io, FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
    }

    /// Writes `data` to standard output for `-`, else atomically to `path`.
    func writeOutput(_ data: Data, to path: String) throws {
        if path == "-" {
            standardOutput.write(data)
        } else {
            try AtomicFile.write(data, to: path)
        }
    }
}

/// A command-line mistake: the message is printed alone, as plutil does.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
