/// A stack of integers that keeps at most ``memoryLimit`` of them in memory and the rest,
/// the oldest, in a temporary file that no path names (made on the first spill, gone when
/// the stack is).
///
/// The binary ``PlistEventWriter`` keeps its object offsets and the child references of
/// its open containers here, so a document of any size costs it a fixed amount of memory.
/// Elements are only appended, read back in order by range, and dropped from the top.
final class SpillStack<Element: FixedWidthInteger & BitwiseCopyable> {
    /// The most elements held in memory.
    let memoryLimit: Int
    /// The newest elements; the first of them is element number `spilled`.
    private let memory: GrowableTable<Element>
    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// The number of elements in the file, the oldest.
    @exclusivity(unchecked) private var spilled = 0
    /// The temporary file, or -1 before the first spill.
    @exclusivity(unchecked) private var file: Int32 = -1
    /// Where the file's elements are read into.
    private let scratch = GrowableTable<Element>(capacity: 16)
    /// The most elements handed to ``forEachChunk(in:_:)``'s body at once.
    static var readChunk: Int { 16 * 1024 }

    init(memoryLimit: Int) {
        self.memoryLimit = memoryLimit
        memory = GrowableTable(capacity: min(memoryLimit, 1024))
    }

    deinit {
        if file >= 0 { Syscalls.closeDescriptor(file) }
    }

    /// The number of elements.
    var count: Int { spilled + memory.count }

    /// Pushes `element`, first moving the elements in memory to the file if they fill it.
    func append(_ element: Element) throws(PlistError) {
        if memory.count == memoryLimit { try spill() }
        memory.append(element)
    }

    /// Drops the elements from `newCount` on.
    func truncate(to newCount: Int) {
        if newCount >= spilled {
            memory.removeLast(count - newCount)
        } else {
            spilled = newCount
            memory.removeAll()
        }
    }

    /// Calls `body` with the elements of `range` in order, at most ``readChunk`` at a time:
    /// each chunk as a table and the range of the table that holds it.
    func forEachChunk(in range: Range<Int>, _ body: (GrowableTable<Element>, Range<Int>) throws(PlistError) -> Void) throws(PlistError) {
        var position = range.lowerBound
        let fileEnd = min(range.upperBound, spilled)
        let stride = MemoryLayout<Element>.stride
        while position < fileEnd {
            let chunk = min(Self.readChunk, fileEnd - position)
            scratch.removeAll()
            let result = Syscalls.readAll(file, appending: chunk, to: scratch, at: position * stride)
            if case .failure(let error) = result { throw Self.ioError("reading", error) }
            try body(scratch, 0..<chunk)
            position += chunk
        }
        while position < range.upperBound {
            let chunk = min(Self.readChunk, range.upperBound - position)
            try body(memory, position - spilled..<position - spilled + chunk)
            position += chunk
        }
    }

    private func spill() throws(PlistError) {
        if file < 0 {
            let directory = Syscalls.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            switch Syscalls.anonymousFile(in: directory) {
            case .success(let descriptor): file = descriptor
            case .failure(let error): throw Self.ioError("creating", error)
            }
        }
        let stride = MemoryLayout<Element>.stride
        if case .failure(let error) = Syscalls.writeAll(file, memory.bytes(0..<memory.count), at: spilled * stride) {
            throw Self.ioError("writing", error)
        }
        spilled += memory.count
        memory.removeAll()
    }

    private static func ioError(_ doing: String, _ error: Syscalls.Errno) -> PlistError {
        PlistError(.io, "\(doing) the event writer's temporary file failed: \(error.description)")
    }
}
