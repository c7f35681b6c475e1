/// The output of a ``PlistEventWriter``: a buffer of ``chunkSize`` bytes that is handed to
/// the writer's sink whenever it fills, so the bytes in memory stay bounded however long
/// the document is (text a single scalar writes is held whole until handed on; binary data
/// of a chunk or more goes to the sink straight from the value).
final class EventOutput {
    /// The bytes gathered before they are handed on.
    static let chunkSize = 64 * 1024

    // Used by one event reader or writer, from one thread at a time and never re-entrantly:
    // the state below skips Swift's dynamic exclusivity checks, which cost more than an event.
    /// The bytes not yet handed on.
    @exclusivity(unchecked) var buffer = ByteBuffer(capacity: EventOutput.chunkSize)
    /// The number of bytes already handed on.
    @exclusivity(unchecked) private(set) var flushed = 0
    private let sink: (UnsafeRawBufferPointer) throws(PlistError) -> Void

    init(sink: @escaping (UnsafeRawBufferPointer) throws(PlistError) -> Void) {
        self.sink = sink
    }

    /// The offset of the next byte in the whole output.
    var position: Int { flushed + buffer.count }

    /// Hands the buffer on once it holds a chunk.
    @inline(__always)
    func flushIfFull() throws(PlistError) {
        if buffer.count >= EventOutput.chunkSize { try flush() }
    }

    /// Appends `bytes`; a chunk or more goes to the sink straight from where it is, after
    /// the bytes gathered before it, rather than through the buffer.
    func append(_ bytes: UnsafeRawBufferPointer) throws(PlistError) {
        guard bytes.count >= EventOutput.chunkSize else {
            buffer.append(contentsOf: bytes)
            return
        }
        try flush()
        try sink(bytes)
        flushed += bytes.count
    }

    /// ``append(_:)`` of a view's bytes.
    func append(_ bytes: ByteView) throws(PlistError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PlistError) in try append(UnsafeRawBufferPointer(buffer)) }
    }

    /// Hands on every byte gathered.
    func flush() throws(PlistError) {
        guard buffer.count > 0 else { return }
        try sink(buffer.bytes)
        flushed += buffer.count
        buffer.removeAll()
    }
}
