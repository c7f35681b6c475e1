#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a property list as a stream of ``PlistEvent``s, one ``next()`` at a time, from bytes
/// in memory or from a file read a chunk at a time.
///
/// Every format is read: binary, XML (through libxml2's push parser), JSON and OpenStep
/// (`.strings` files included). The events are checked as the whole-value reader
/// (`Plist(decoding:)`) checks the document, with the same ``PlistReadingOptions`` limits and
/// the same ``PlistError/Code`` for a malformed document; an error found after some events
/// were delivered (a truncated file, garbage after the value) is thrown by the ``next()``
/// that finds it. Containers of the text formats carry no count; binary ones do.
///
/// ```swift
/// let reader = try PlistEventReader(contentsOfFile: "/var/log/huge.plist")
/// guard try reader.next() == .startArray(count: nil) else { return }
/// while let record = try reader.readValue() {   // one element of the root array at a time
///     handle(record)
/// }
/// ```
///
/// Memory: reading a file of text (XML, JSON, OpenStep) holds one chunk, the longest token
/// (a string, a `<data>` element) and one entry per open container, however large the
/// file. A binary file is read a page at a time where the walk needs it, a few megabytes at most (see
/// ``init(fileDescriptor:format:options:chunkSize:)``).
///
/// A reader is not thread-safe: use it from one thread at a time.
public final class PlistEventReader {
    /// The format being read, detected from the first bytes unless given.
    public let format: PlistFormat
    private let source: any PlistEventSource
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// An event ``readValue()`` or ``skipValue()`` looked at but left for ``next()``.
    @exclusivity(unchecked) private var lookahead: PlistEvent?
    /// The first error; every later call throws it again.
    @exclusivity(unchecked) private var failure: PlistError?
    /// The descriptor ``init(contentsOfFile:format:options:chunkSize:)`` opened, closed at `deinit`.
    private var ownedDescriptor: Int32?
    /// The format was detected rather than given and the head of the input looks like binary
    /// data, so errors that show the input is in no format are reported that way
    /// (``PlistError/fromDetectedFormat(_:_:headLooksBinary:)``).
    private var detectedHeadLooksBinary = false

    /// A reader of the property list in `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The whole document.
    ///   - format: The format, or nil to detect it as `Plist(decoding:)` does
    ///     (``PlistFormat/detect(_:)``).
    ///   - options: The limits, as for the whole-value readers.
    /// - Throws: ``PlistError`` with code ``PlistError/Code/unknownFormat`` when the format
    ///   cannot be detected; for binary, an invalid header or trailer.
    public init(_ bytes: Data, format: PlistFormat? = nil, options: PlistReadingOptions = .default) throws(PlistError) {
        let given = format
        let format = if let format { format } else { try Self.detect(bytes) }
        self.format = format
        detectedHeadLooksBinary = given == nil && FormatSniffer.looksBinary(bytes)
        do throws(PlistError) {
            if let native = format.native {
                source = try native.eventSource(bytes: bytes, options: options)
            } else {
                source = try Self.treeSource(format, bytes: bytes, options: options)
            }
        } catch {
            throw PlistError.fromDetectedFormat(format, error, headLooksBinary: detectedHeadLooksBinary)
        }
    }

    /// A reader of the property list a file descriptor reads from its current offset,
    /// `chunkSize` bytes at a time. The descriptor stays the caller's: the reader does not
    /// close it, and it must stay open while the reader is used.
    ///
    /// XML, JSON and OpenStep are read incrementally, a chunk at a time: memory stays bounded
    /// by the chunk size, the longest token and the nesting depth, whatever the file's size
    /// (XML files may exceed the 2 GiB the whole-value reader takes). A binary property list
    /// needs its trailer and random access, so it must be a regular file: the pages the walk
    /// reads (a reference, an offset table entry, an object) are read in (`pread`) as it
    /// comes to them, at most 4 MiB of them at once (the oldest all go when more are needed),
    /// beside the stack of open containers and a few hundred recently read scalars (no data,
    /// no string longer than 512 bytes); only an object larger than that is held whole while
    /// it is read. A binary file that shares containers yields their events again at every
    /// reference, so a small file with exponential sharing yields exponentially many events,
    /// still in memory bounded by the nesting depth.
    ///
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor, read from its current offset.
    ///   - format: The format, or nil to detect it from the first bytes.
    ///   - options: The limits, as for the whole-value readers.
    ///   - chunkSize: How many bytes each `read` asks for; 64 KiB by default.
    /// - Throws: ``PlistError`` with code ``PlistError/Code/io`` when reading
    ///   fails (a binary property list behind a pipe, say), ``PlistError/Code/unknownFormat``
    ///   when the format cannot be detected.
    public init(fileDescriptor: Int32, format: PlistFormat? = nil, options: PlistReadingOptions = .default, chunkSize: Int = 64 * 1024) throws(PlistError) {
        // Where the document starts, for a binary one, which is read with random access.
        let extent = Syscalls.seekableExtent(fileDescriptor)
        let input = EventInput(descriptor: fileDescriptor, chunkSize: chunkSize)
        let detected: PlistFormat
        if let format {
            detected = format
        } else {
            // Enough of the head for detection, and one byte more to know whether that is all.
            _ = try input.byte(at: 512)
            detected = try input.withBytes(min(input.buffered, 513)) { (head) throws(PlistError) in try Self.detect(head) }
            detectedHeadLooksBinary = try input.withBytes(min(input.buffered, 512)) { head in FormatSniffer.looksBinary(head) }
        }
        self.format = detected
        do throws(PlistError) {
            if let native = detected.native {
                source = try native.eventSource(descriptor: fileDescriptor, extent: extent, input: input, options: options)
            } else {
                var bytes = Data()
                while let chunk = try input.takeChunk() { bytes.append(contentsOf: chunk) }
                source = try Self.treeSource(detected, bytes: bytes, options: options)
            }
        } catch {
            throw PlistError.fromDetectedFormat(detected, error, headLooksBinary: detectedHeadLooksBinary)
        }
    }

    /// A reader of the property list in the file at `path`, read incrementally as
    /// ``init(fileDescriptor:format:options:chunkSize:)`` describes. The reader opens the
    /// file and closes it when it is released.
    ///
    /// Like `PropertyListSerialization.propertyList(with:options:format:)` over an
    /// `InputStream`, but a value at a time.
    /// - Throws: ``PlistError`` with code ``PlistError/Code/io`` when the file cannot be
    ///   opened or read, or as the descriptor initializer does.
    public convenience init(contentsOfFile path: String, format: PlistFormat? = nil, options: PlistReadingOptions = .default, chunkSize: Int = 64 * 1024) throws(PlistError) {
        let descriptor: Int32
        try PlistError.checkNotDirectory(path)
        switch Syscalls.openForReading(path) {
        case .success(let value): descriptor = value
        case .failure: throw PlistError.unreadableFile(path)
        }
        do throws(PlistError) {
            try self.init(fileDescriptor: descriptor, format: format, options: options, chunkSize: chunkSize)
        } catch {
            Syscalls.closeDescriptor(descriptor)
            throw error
        }
        ownedDescriptor = descriptor
    }

    deinit {
        if let ownedDescriptor { Syscalls.closeDescriptor(ownedDescriptor) }
    }

    private static func detect(_ bytes: some Collection<UInt8>) throws(PlistError) -> PlistFormat {
        guard let format = PlistFormat.detect(bytes) else {
            throw PlistError.undetectedFormat(bytes)
        }
        return format
    }

    /// The events of a format registered by a program, whose codec reads whole values: the
    /// value is read, then walked.
    private static func treeSource(_ format: PlistFormat, bytes: Data, options: PlistReadingOptions) throws(PlistError) -> any PlistEventSource {
        TreeEventSource(try Plist(decoding: bytes, format: format, options: options))
    }

    /// The next event, or nil once the document's last event was delivered and the rest of
    /// the input was checked.
    ///
    /// - Throws: ``PlistError`` for malformed input, with the code the whole-value reader
    ///   gives; after an error every call throws it again.
    public func next() throws(PlistError) -> PlistEvent? {
        if let lookahead {
            self.lookahead = nil
            return lookahead
        }
        if let failure { throw failure }
        do {
            return try source.next()
        } catch {
            let reported = PlistError.fromDetectedFormat(format, error, headLooksBinary: detectedHeadLooksBinary)
            failure = reported
            throw reported
        }
    }

    /// Reads the next complete value: a scalar's one event, or a container's events up to
    /// its end, assembled into a ``Plist`` as `Plist(decoding:)` would build it (a repeated
    /// dictionary key keeps its first position and its last value).
    ///
    /// A key before the value is passed over. Returns nil, consuming nothing, when the next
    /// event ends the enclosing container or the document has ended, so that
    /// `while let element = try reader.readValue()` reads an array's elements one by one and
    /// stops before its ``PlistEvent/endArray``.
    public func readValue() throws(PlistError) -> Plist? {
        guard let first = try nextValueStart() else { return nil }
        var assembler = PlistValueAssembler()
        var event = first
        while true {
            if let value = assembler.take(event) { return value }
            guard let following = try next() else {
                throw PlistError(.truncated, "the events end inside a container")
            }
            event = following
        }
    }

    /// Passes over the next complete value without assembling it; does nothing when the
    /// next event ends the enclosing container or the document has ended. A key before the
    /// value is passed over too.
    public func skipValue() throws(PlistError) {
        guard let first = try nextValueStart() else { return }
        var depth = 0
        var event = first
        while true {
            switch event {
            case .startDictionary, .startArray: depth += 1
            case .endDictionary, .endArray: depth -= 1
            default: break
            }
            guard depth > 0 else { return }
            guard let following = try next() else {
                throw PlistError(.truncated, "the events end inside a container")
            }
            event = following
        }
    }

    /// The first event of the next value (past a key), or nil at an end, which is left for
    /// ``next()``.
    private func nextValueStart() throws(PlistError) -> PlistEvent? {
        guard var event = try next() else { return nil }
        if case .key = event {
            guard let value = try next() else { throw PlistError(.truncated, "the events end after a key") }
            event = value
        }
        switch event {
        case .endArray, .endDictionary:
            lookahead = event
            return nil
        default:
            return event
        }
    }
}
