import PlistKit

/// Reads of a `bplist00` object table that `BinaryObjectTable` has already checked
/// (`BinaryArchive.scan(_:)` checks every object it hands on), kept here: the table's own
/// reads are not inlined across modules, and these run for every key and field. The figures
/// are copied out of the trailer once; the integers are read by `BinaryTrailer.bigEndian`.
struct TableReads {
    private let base: UnsafeRawPointer
    private let refSize: Int
    private let offsetIntSize: Int
    private let offsetTableOffset: Int
    /// The number of objects in the table.
    let objectCount: Int

    init(_ table: BinaryObjectTable) {
        base = UnsafeRawPointer(table.bytes.baseAddress!)
        refSize = table.refSize
        offsetIntSize = table.offsetIntSize
        offsetTableOffset = table.offsetTableOffset
        objectCount = table.objectCount
    }

    /// Reference `entry` of the references that start at `start`, in a container the table
    /// located (not checked against the object count).
    @inline(__always)
    func ref(_ entry: Int, from start: Int) -> Int {
        bigEndian(at: start &+ entry &* refSize, size: refSize)
    }

    /// Where object `index` starts; only for objects the table has located.
    @inline(__always)
    func offset(ofObject index: Int) -> Int {
        bigEndian(at: offsetTableOffset &+ index &* offsetIntSize, size: offsetIntSize)
    }

    /// The marker byte of object `index`; only for objects the table has located.
    @inline(__always)
    func marker(ofObject index: Int) -> UInt8 {
        base.load(fromByteOffset: offset(ofObject: index), as: UInt8.self)
    }

    /// The address of byte `position`.
    @inline(__always)
    func address(_ position: Int) -> UnsafeRawPointer {
        base + position
    }

    /// The big-endian integer of `size` (1 to 8) bytes at `position`.
    @inline(__always)
    private func bigEndian(at position: Int, size: Int) -> Int {
        Int(truncatingIfNeeded: BinaryTrailer.bigEndian(UnsafeRawBufferPointer(start: base, count: position &+ size), at: position, size: size))
    }
}
