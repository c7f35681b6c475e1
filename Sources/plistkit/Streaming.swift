import Foundation
import PlistKit

/// `-convert` and `-lint` through ``PlistEventReader`` and ``PlistEventWriter``: memory stays
/// bounded however large the file, so files larger than RAM convert.
///
/// Used for a file of ``streamingThreshold`` bytes or more unless `-no-stream` is given, and
/// for every file with `-stream`.
/// What differs from the whole-value path: keys keep the document's order (plutil sorts
/// them in XML and in `-r` JSON, which needs whole dictionaries in memory), and a binary
/// result uses 4-byte references and no shared containers (``PlistEventWriter`` says why).
extension Tool {
    /// Files this large or larger are converted and linted through events.
    static let streamingThreshold = 1 << 30

    /// The whole of `path`, or nil when it goes through events (see ``streams(_:_:)``): the
    /// `fstat` that reading makes decides, so that a file costs no `stat` of its own.
    func wholeInput(_ path: String, _ options: CommonOptions) throws -> Data? {
        if let stream = options.stream { return stream ? nil : try readInput(path) }
        guard path != "-", !path.isEmpty else { return try readInput(path) }
        return try Tool.readFile(path, below: Tool.streamingThreshold)
    }

    /// Whether the file at `path` goes through events.
    func streams(_ path: String, _ options: CommonOptions) -> Bool {
        if let stream = options.stream { return stream }
        guard path != "-", case .success(let info) = Syscalls.status(path) else { return false }
        return info.st_size >= Tool.streamingThreshold
    }

    /// An event reader of `path`, read a chunk at a time (a binary file is mapped); standard
    /// input (`-`) is read whole first, since a binary plist cannot be read from a pipe in
    /// order (its offset table is at the end).
    func eventReader(_ path: String) throws -> PlistEventReader {
        path == "-" ? try PlistEventReader(try readInput(path)) : try PlistEventReader(contentsOfFile: path)
    }

    /// Reads every event of `path`, so that any error in it is found.
    func lintStreaming(_ path: String) throws {
        let reader = try eventReader(path)
        while try reader.next() != nil {}
    }

    /// Converts `path` to `format` event by event, to the destination the options give
    /// (replaced atomically) or standard output.
    func convertStreaming(_ path: String, to format: PlistFormat, _ writing: PlistWritingOptions, _ options: CommonOptions, destination: String) throws {
        var writing = writing
        writing.sortedKeys = false
        writing.humanReadable = format == .json && options.readable
        let reader = try eventReader(path)
        func copy(to descriptor: Int32) throws(PlistError) {
            let writer = try PlistEventWriter(format: format, options: writing, fileDescriptor: descriptor)
            while let event = try reader.next() { try writer.write(event) }
            try writer.finish()
        }
        if destination == "-" {
            try checkStandardOutput(for: .plist(format, writing), options)
            try copy(to: FileHandle.standardOutput.fileDescriptor)
        } else {
            try AtomicFile.write(to: destination) { (descriptor, _) throws(PlistError) in try copy(to: descriptor) }
        }
    }
}
