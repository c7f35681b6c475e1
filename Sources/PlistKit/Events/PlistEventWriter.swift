#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes a property list one ``PlistEvent`` at a time, in any format, handing the bytes on
/// in chunks as it goes: the push writer that pairs with the pull reader, `PlistEventReader`.
///
/// ```swift
/// let writer = try PlistEventWriter(format: .xml, fileDescriptor: descriptor)
/// try writer.write(.startArray(count: nil))
/// for record in records { try writer.write(record) }   // each a whole `Plist`
/// try writer.write(.endArray)
/// try writer.finish()
/// ```
///
/// For the same value, with keys in the value's order, XML, JSON (both layouts) and
/// OpenStep (with `.strings` files and GNUstep's typed values) come out byte for byte as
/// ``Plist/encoded(as:options:)`` writes them, and refuse what it refuses with the same
/// error codes. Binary output is a valid `bplist00` file that reads back to the same value,
/// laid out for streaming (see below) rather than as small as the whole-value writer makes it.
///
/// The writer checks the sequence of events as it goes: exactly one root value; in a
/// dictionary, a ``PlistEvent/key(_:)`` before each value and nowhere else; each end
/// matching the innermost start (and the count the start gave, if it gave one); no nesting
/// deeper than ``PlistWritingOptions/maximumDepth``. A misplaced event throws a
/// ``PlistError/Code/structure`` error saying what was expected, with the event's number
/// (counting from 1) and key path in its message and, as its location, the offset in the
/// output where the event would have gone. Duplicate keys are not detected: that would need
/// every key of a dictionary in memory. After any error the writer is spent: every later
/// call throws.
///
/// **Memory.** The text formats hold one record per open container (with the last key of
/// each open dictionary) and the output buffer: 64 KiB of bytes, or one scalar's text when
/// that is longer (binary data of 64 KiB or more goes to the output straight from the
/// value instead). Binary writes each scalar when it arrives and
/// each container when it ends, children before parents, and also holds:
/// - every object's 8-byte offset until the offset table is written at the end: the newest
///   128 Ki in memory (1 MiB), the rest in an unnamed temporary file in `$TMPDIR`;
/// - the 4-byte child references of the open containers until each ends: the newest
///   256 Ki in memory (1 MiB), the rest in the same kind of file;
/// - a uniquing cache of up to 4,096 recently written scalars (keys included) whose
///   encoding is at most 64 bytes, emptied when full (under 1 MiB); equal scalars met
///   while cached are written once, containers are never shared.
///
/// References are 4 bytes wide, since the number of objects is unknown until the end (so
/// at most 2³² − 1 objects); offsets take the smallest width that fits.
///
/// `sortedKeys` cannot be honoured without holding whole dictionaries, so the text formats
/// refuse it when the writer is made; binary ignores it, as the whole-value writer does.
public final class PlistEventWriter {
    let options: PlistWritingOptions
    let output: EventOutput
    /// The format's half of the writer: what it writes for each step.
    private let emitter: any PlistEventEmitter
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// The open containers, outermost first.
    @exclusivity(unchecked) private(set) var levels: [Level] = []
    /// Whether the root value has begun.
    @exclusivity(unchecked) private var hasRoot = false
    /// The number of events taken, for messages.
    @exclusivity(unchecked) private var eventNumber = 0
    /// Whether an error or ``finish()`` has ended the document.
    @exclusivity(unchecked) private var isClosed = false

    /// One open container.
    struct Level {
        let isDictionary: Bool
        /// The number of elements or keys seen so far.
        var count = 0
        /// The count its start event gave, if any.
        let expectedCount: Int?
        /// In a dictionary, whether a key awaits its value.
        var awaitingValue = false
        /// In a dictionary, the last key (for key paths and `.strings` lines).
        var key = ""
        /// Whether the text formats have written its opening (deferred until a child or the
        /// end shows whether it is empty).
        var isOpen = false
    }

    /// Creates a writer that hands its output to `output` in chunks of up to 64 KiB (more
    /// only when a single scalar is longer). The buffer passed is valid only during the call.
    ///
    /// - Throws: ``PlistError/Code/unrepresentable`` when `options.sortedKeys` is set for a
    ///   text format, which would need whole dictionaries in memory.
    public init(format: PlistFormat, options: PlistWritingOptions = .default, output: @escaping (UnsafeRawBufferPointer) throws(PlistError) -> Void) throws(PlistError) {
        self.options = options
        self.output = EventOutput(sink: output)
        emitter = format.native?.eventEmitter(output: self.output) ?? TreeEventEmitter(codec: format.codec)
        if options.sortedKeys && !emitter.acceptsSortedKeys {
            throw PlistError(.unrepresentable, "PlistEventWriter writes keys in the order it is given them and cannot sort them (sortedKeys); sort them before writing, or write the whole value with Plist.encoded(as:options:)")
        }
        try emitter.begin(in: self)
    }

    /// Creates a writer that writes to an open file descriptor (which it neither closes
    /// nor syncs), 64 KiB at a time.
    ///
    /// - Throws: as ``init(format:options:output:)``; writes that fail throw
    ///   ``PlistError/Code/io`` errors from the writing calls.
    public convenience init(format: PlistFormat, options: PlistWritingOptions = .default, fileDescriptor: Int32) throws(PlistError) {
        try self.init(format: format, options: options) { (bytes) throws(PlistError) in
            if case .failure(let error) = Syscalls.writeAll(fileDescriptor, bytes) {
                throw PlistError(.io, "writing to file descriptor \(fileDescriptor) failed: \(error.description)")
            }
        }
    }

    /// Writes one event.
    ///
    /// - Throws: ``PlistError/Code/structure`` for an event out of place (or a
    ///   ``PlistEvent/scalar(_:)`` holding an array or a dictionary),
    ///   ``PlistError/Code/depthLimitExceeded`` for nesting too deep, the format's error
    ///   for a value it cannot hold (``PlistError/Code/unrepresentable``), or the output's
    ///   error.
    public func write(_ event: PlistEvent) throws(PlistError) {
        guard !isClosed else { throw PlistError(.structure, "the document has ended (by finish() or an earlier error); no more events can be written") }
        eventNumber += 1
        do {
            try take(event)
            try output.flushIfFull()
        } catch {
            isClosed = true
            throw error
        }
    }

    /// Writes a whole value as its events: a scalar as one, a container as its start, its
    /// contents and its end (with its count). Use it for the root, or for each element of
    /// a root container written one record at a time.
    ///
    /// - Throws: as `write(_:)` for an event.
    public func write(_ value: Plist) throws(PlistError) {
        switch value {
        case .array(let elements):
            try write(.startArray(count: elements.count))
            for element in elements { try write(element) }
            try write(.endArray)
        case .dictionary(let entries):
            try write(.startDictionary(count: entries.count))
            for (key, element) in entries {
                try write(.key(key.string))
                try write(element)
            }
            try write(.endDictionary)
        default:
            try write(.scalar(value))
        }
    }

    /// Ends the document: writes what closes it (XML's `</plist>`, OpenStep's final newline,
    /// binary's offset table and trailer) and hands every remaining byte to the output.
    ///
    /// - Throws: ``PlistError/Code/structure`` if the root value is missing or incomplete,
    ///   or the output's error.
    public func finish() throws(PlistError) {
        guard !isClosed else { throw PlistError(.structure, "the document has ended (by finish() or an earlier error)") }
        isClosed = true
        guard hasRoot else { throw PlistError(.structure, "finish() before the root value: a document holds exactly one value") }
        guard levels.isEmpty else {
            throw structureError("finish() with \(levels.count) container\(levels.count == 1 ? "" : "s") still open; expected \(expectedNext)")
        }
        try emitter.finish(in: self)
        try output.flush()
    }

    // MARK: Checking the sequence

    private func take(_ event: PlistEvent) throws(PlistError) {
        switch event {
        case .key(let key):
            // The innermost level's fields are read in place: a copy of the level would
            // retain and release its key at every event.
            let top = levels.count - 1
            guard top >= 0, levels[top].isDictionary, !levels[top].awaitingValue else {
                throw structureError("a key, but expected \(expectedNext)")
            }
            if !levels[top].isOpen { try openInnermost() }
            levels[top].count += 1
            levels[top].key = key
            levels[top].awaitingValue = true
            try emitter.key(key, in: self)
        case .endArray, .endDictionary:
            let isDictionary = if case .endDictionary = event { true } else { false }
            guard let level = levels.last, level.isDictionary == isDictionary, !level.awaitingValue else {
                throw structureError("the end of \(isDictionary ? "a dictionary" : "an array"), but expected \(expectedNext)")
            }
            if let expected = level.expectedCount, expected != level.count {
                throw structureError("the end of \(isDictionary ? "a dictionary" : "an array") after \(level.count) of the \(expected) \(isDictionary ? "entries" : "elements") its start announced")
            }
            try emitter.end(level, in: self)
            levels.removeLast()
            endValue()
        case .startArray(let count), .startDictionary(let count):
            let isDictionary = if case .startDictionary = event { true } else { false }
            try beginValue()
            try emitter.start(dictionary: isDictionary, in: self)
            levels.append(Level(isDictionary: isDictionary, expectedCount: count))
        case .scalar(.array), .scalar(.dictionary):
            throw structureError("a container as a scalar event; write it as its start, contents and end, or whole with write(_: Plist)")
        case .scalar(let value):
            try beginValue()
            try emitter.scalar(value, in: self)
            endValue()
        }
    }

    /// Checks that a value may come here and writes what goes before it.
    private func beginValue() throws(PlistError) {
        let top = levels.count - 1
        guard top >= 0 else {
            guard !hasRoot else { throw structureError("a second root value, but expected nothing more than finish(): a document holds exactly one value") }
            hasRoot = true
            return
        }
        if levels[top].isDictionary {
            guard levels[top].awaitingValue else { throw structureError("a value, but expected \(expectedNext)") }
        } else {
            if !levels[top].isOpen { try openInnermost() }
            let position = levels[top].count
            levels[top].count = position + 1
            try emitter.elementPrefix(position: position, in: self)
        }
    }

    /// Marks the innermost dictionary's key as answered.
    private func endValue() {
        let top = levels.count - 1
        guard top >= 0, levels[top].isDictionary else { return }
        levels[top].awaitingValue = false
        emitter.entryEnd(in: self)
    }

    /// What may come next, for messages.
    private var expectedNext: String {
        guard let level = levels.last else { return hasRoot ? "finish()" : "the root value" }
        if level.isDictionary {
            return level.awaitingValue ? "the value of key '\(level.key)'" : "a key or the end of the dictionary"
        }
        return "an element or the end of the array"
    }

    /// The key path of the value being written, innermost last: a dictionary's last key, an
    /// array's last index.
    var keyPath: [String] {
        levels.map { $0.isDictionary ? $0.key : String($0.count - 1) }
    }

    /// A structure error naming the event and where it came.
    private func structureError(_ message: String) -> PlistError {
        let place = levels.isEmpty ? "" : " at key path '\(Plist.keyPath(keyPath))'"
        return PlistError(.structure, "event \(eventNumber)\(place): \(message)", at: .offset(output.position))
    }

    /// Writes the innermost container's opening if it is not written yet.
    private func openInnermost() throws(PlistError) {
        guard let level = levels.last, !level.isOpen else { return }
        levels[levels.count - 1].isOpen = true
        try emitter.open(level, in: self)
    }
}
