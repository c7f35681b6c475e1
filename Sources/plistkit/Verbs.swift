import Foundation
import KeyedArchive
import PlistKit

extension Tool {
    /// `-lint`: checks each file, printing `PATH: OK` unless `-s`.
    func lint(_ options: CommonOptions) async throws -> Bool {
        if options.outputPath != nil { throw UsageError("-o is not used with -lint.") }
        if options.outputExtension != nil { throw UsageError("-e is not used with -lint.") }
        return await forEachPath(options) { tool, path in try tool.lintFile(path, options) }
    }

    private func lintFile(_ path: String, _ options: CommonOptions) throws {
        if let data = try wholeInput(path, options) {
            _ = try Plist(decoding: data)
        } else {
            try lintStreaming(path)
        }
        if !options.silent { standardOutput.write(Data("\(displayName(path)): OK\n".utf8)) }
    }

    /// `-p`: prints each file in plutil's human-readable layout.
    func printFiles(_ options: CommonOptions) async throws -> Bool {
        if options.outputPath != nil { throw UsageError("-o is not used with -p.") }
        if options.outputExtension != nil { throw UsageError("-e is not used with -p.") }
        if options.silent { standardError.write(Data("-s doesn't make a lot of sense with -p.\n".utf8)) }
        return await forEachFile(options) { tool, _, data in
            tool.standardOutput.write(Data(try Plist(decoding: data).plutilDescription.utf8))
        }
    }

    /// `-convert FORMAT [-header]`: rewrites each file (in place, or to `-o`/`-e`).
    func convert(to format: OutputFormat, header: Bool, _ options: CommonOptions) async throws -> Bool {
        if refusesBinaryOnTerminal(format, destinations: options.paths.map { destination(for: $0, as: format, options) }, options) { return false }
        // A file converted through events to standard output is written as it is read, not
        // recorded, so it cannot wait for the files before it: such runs go one file at a time.
        let streamsToStandardOutput = options.paths.contains { path in
            if case .plist = format { destination(for: path, as: format, options) == "-" && streams(path, options) } else { false }
        }
        return await forEachPath(options, concurrently: !streamsToStandardOutput, writes: { path in
            let destination = destination(for: path, as: format, options)
            return header && format == .objc ? [destination, CommonOptions.replacingExtension(of: destination, with: "h")] : [destination]
        }) { tool, path in
            try tool.convertFile(path, to: format, header: header, options)
        }
    }

    private func convertFile(_ path: String, to format: OutputFormat, header: Bool, _ options: CommonOptions) throws {
        guard case .plist(let plistFormat, let writing) = format else {
            return try emit(try Plist(decoding: try readInput(path)), from: path, as: format, options, objcHeader: header)
        }
        guard let data = try wholeInput(path, options) else {
            return try convertStreaming(path, to: plistFormat, writing, options, destination: destination(for: path, as: format, options))
        }
        try emit(try Plist(decoding: data), from: path, as: format, options, objcHeader: header)
    }

    /// `-insert`/`-replace KEYPATH -TYPE VALUE [-append]`: edits each file in place (or
    /// writes to `-o`), keeping its format; OpenStep text and `.strings` files keep their
    /// comments and layout too.
    func edit(_ keyPath: String, value newValue: Plist, mode: Plist.EditMode, _ options: CommonOptions) async -> Bool {
        await forEachFile(options, writes: { editDestination($0, options) }) { tool, path, data in
            try tool.editFile(path, data, keyPath, value: newValue, mode: mode, options)
        }
    }

    private func editFile(_ path: String, _ data: Data, _ keyPath: String, value newValue: Plist, mode: Plist.EditMode, _ options: CommonOptions) throws {
        if PlistFormat.detect(data) == .openStep {
            var document = try OpenStepDocument(data)
            try document.set(newValue, atKeyPath: keyPath, mode: mode)
            return try emit(document, from: path, options)
        }
        let (value, format) = try Plist.decodedWithFormat(data)
        let edited = try value.setting(newValue, atKeyPath: keyPath, mode: mode)
        try emit(edited, from: path, as: OutputFormat(keeping: format), options)
    }

    /// `-remove KEYPATH`: removes the value from each file, keeping its format (and the
    /// comments and layout of OpenStep text).
    func remove(_ keyPath: String, _ options: CommonOptions) async -> Bool {
        await forEachFile(options, writes: { editDestination($0, options) }) { tool, path, data in
            try tool.removeFromFile(path, data, keyPath, options)
        }
    }

    private func removeFromFile(_ path: String, _ data: Data, _ keyPath: String, _ options: CommonOptions) throws {
        if PlistFormat.detect(data) == .openStep {
            var document = try OpenStepDocument(data)
            try document.remove(atKeyPath: keyPath)
            return try emit(document, from: path, options)
        }
        let (value, format) = try Plist.decodedWithFormat(data)
        try emit(value.removing(atKeyPath: keyPath), from: path, as: OutputFormat(keeping: format), options)
    }

    /// Where an edit of `path` is written: the same for every property-list format.
    private func editDestination(_ path: String, _ options: CommonOptions) -> [String] {
        [destination(for: path, as: OutputFormat(keeping: .xml), options)]
    }

    /// Writes an edited OpenStep document, read from `source`, to where the options send it,
    /// with a warning when the edit could not keep its comments.
    private func emit(_ document: OpenStepDocument, from source: String, _ options: CommonOptions) throws {
        if document.droppedComments {
            standardError.write(Data("\(displayName(source)): warning: the edit rewrote the whole file, which dropped its comments\n".utf8))
        }
        try deliver(document.data, as: .plist(.openStep, document.writingOptions), from: source, options)
    }

    /// `-extract KEYPATH FORMAT [-expect TYPE]` and `-type KEYPATH [-expect TYPE]`.
    ///
    /// Binary input is memory-mapped and read through a ``BinaryPlistView``: only the objects
    /// on the key path (and, for `-extract`, the value found) are decoded, so one value comes
    /// out of a file of any size in about the time it takes to find it.
    func extract(_ keyPath: String, as format: OutputFormat, expecting expected: String?, _ options: CommonOptions) async -> Bool {
        if refusesBinaryOnTerminal(format, destinations: options.paths.map { destination(for: $0, as: format, options) }, options) { return false }
        return await forEachFile(options, mapped: true, writes: { [destination(for: $0, as: format, options)] }) { tool, path, data in
            try tool.extractFromFile(path, data, keyPath, as: format, expecting: expected, options)
        }
    }

    private func extractFromFile(_ path: String, _ data: Data, _ keyPath: String, as format: OutputFormat, expecting expected: String?, _ options: CommonOptions) throws {
        let notFound = UsageError("Could not extract value, error: No value at that key path or invalid key path: \(keyPath)")
        let typeName: String
        var found: Plist?
        if data.starts(with: BinaryPlistView.magic) {
            guard let node = try BinaryPlistView(data).root.node(atKeyPath: keyPath) else { throw notFound }
            typeName = try node.kind.typeName
            if format != .type { found = try node.plist() }
        } else {
            guard let value = try Plist(decoding: data)[keyPath: keyPath] else { throw notFound }
            typeName = value.typeName
            found = value
        }
        if let expected, typeName != expected {
            // plutil spells the Boolean type "bool" on the command line, "boolean" here.
            func spelled(_ name: String) -> String { name == "bool" ? "boolean" : name }
            throw UsageError("Value at [\(keyPath)] expected to be \(spelled(expected)) but is \(spelled(typeName))")
        }
        if let found {
            try emit(found, from: path, as: format, options, keyPath: keyPath)
        } else {
            try deliver(Data(typeName.utf8), as: .type, from: path, options)
        }
    }

    /// `-create FORMAT`: writes an empty dictionary to each path (`-` for standard output).
    func create(_ format: OutputFormat, _ options: CommonOptions) async -> Bool {
        if refusesBinaryOnTerminal(format, destinations: options.paths, options) { return false }
        return await forEachPath(options, writes: { [$0] }) { tool, path in try tool.createFile(path, format, options) }
    }

    private func createFile(_ path: String, _ format: OutputFormat, _ options: CommonOptions) throws {
        var output = try render(.dictionary([:]), as: format, readable: options.readable, source: "-", destination: "-")
        if path == "-" {
            try checkStandardOutput(for: format, options)
            if options.terminatingNewline && format.defaultsToStandardOutput { output.append(0x0A) }
            standardOutput.write(output)
        } else {
            try AtomicFile.write(output, to: path)
        }
    }

    /// `-unarchive [-convert FMT] FILE…`: the generic tree of each keyed archive, printed in
    /// the `-p` layout, or written as FMT to `-o` (standard output by default, never over
    /// the archive).
    func unarchive(as format: OutputFormat?, _ options: CommonOptions) async -> Bool {
        if let format, refusesBinaryOnTerminal(format, destinations: [options.outputPath ?? "-"], options) { return false }
        return await forEachFile(options, writes: { _ in format == nil ? [] : [options.outputPath ?? "-"] }) { tool, path, data in
            try tool.unarchiveFile(path, data, as: format, options)
        }
    }

    private func unarchiveFile(_ path: String, _ data: Data, as format: OutputFormat?, _ options: CommonOptions) throws {
        let tree = try KeyedUnarchiver.plist(fromArchive: data)
        guard let format else {
            return standardOutput.write(Data(tree.plutilDescription.utf8))
        }
        var toStandardOutput = options
        toStandardOutput.outputPath = options.outputPath ?? "-"
        try emit(tree, from: path, as: format, toStandardOutput)
    }

    /// Writes `value`, read from `source`, in `format` to where the options send it.
    private func emit(_ value: Plist, from source: String, as format: OutputFormat, _ options: CommonOptions, keyPath: String? = nil, objcHeader: Bool = false) throws {
        let destination = destination(for: source, as: format, options)
        let output = try render(value, as: format, readable: options.readable, source: source, destination: destination, keyPath: keyPath)
        try deliver(output, as: format, from: source, options)
        if objcHeader && format == .objc && destination != "-" {
            let headerPath = CommonOptions.replacingExtension(of: destination, with: "h")
            try AtomicFile.write(Data(try LiteralWriter.objcHeader(value, source: source, destination: destination).utf8), to: headerPath)
        }
    }

    /// Where output in `format` for the file `source` goes: `-` for standard output.
    func destination(for source: String, as format: OutputFormat, _ options: CommonOptions) -> String {
        let toStandardOutput = options.outputPath == "-" || (options.outputPath == nil && format.defaultsToStandardOutput)
        return toStandardOutput ? "-" : options.destination(for: source, format: format)
    }

    /// Writes `output`, in `format`, for the file `source` to where the options send it.
    private func deliver(_ output: Data, as format: OutputFormat, from source: String, _ options: CommonOptions) throws {
        let destination = destination(for: source, as: format, options)
        guard destination == "-" else { return try AtomicFile.write(output, to: destination) }
        try checkStandardOutput(for: format, options)
        var output = output
        if options.terminatingNewline && format.defaultsToStandardOutput { output.append(0x0A) }
        standardOutput.write(output)
    }

    /// The bytes of `value` in `format`.
    func render(_ value: Plist, as format: OutputFormat, readable: Bool, source: String, destination: String, keyPath: String? = nil) throws -> Data {
        switch format {
        case .plist(let plistFormat, var writing):
            if plistFormat == .json && readable { writing = .plutil }
            return try value.encoded(as: plistFormat, options: writing)
        case .swift: return Data(try LiteralWriter.swift(value, source: source).utf8)
        case .objc: return Data(try LiteralWriter.objc(value, source: source, destination: destination).utf8)
        case .raw: return Data(try RawWriter.raw(value, keyPath: keyPath ?? "unknown key path").utf8)
        case .type: return Data(value.typeName.utf8)
        }
    }
}
