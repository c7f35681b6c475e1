/// The 32 bytes at the end of a `bplist00` file, validated once with checked arithmetic so
/// the reader can trust every size and position in it afterwards.
///
/// The keyed-archive reader, in another module, reads references and offsets through
/// ``bigEndian(_:at:size:)`` too (`BinaryObjectTable+Package.swift`).
package struct BinaryTrailer: Sendable {
    /// Bytes per entry in the offset table (1 … 8).
    let offsetIntSize: Int
    /// Bytes per object reference inside containers (1 … 8).
    let objectRefSize: Int
    /// Number of objects (and offset-table entries).
    let objectCount: Int
    /// Index of the root object.
    let topObject: Int
    /// Where the offset table starts; objects live between the header and here.
    let offsetTableOffset: Int

    /// Reads and validates the trailer of `bytes`, which start with the header.
    ///
    /// A file cut short has something else in its last 32 bytes, which fails these checks
    /// like a damaged trailer does; the error says both, with code `.truncated` when the
    /// trailer's reserved bytes (six zeros in every writer's output) are not zero, and
    /// `.badTrailer` when they are.
    init(_ bytes: ByteView) throws(PlistError) {
        let length = bytes.count
        guard length >= BinaryTrailer.minimumFileSize else { throw BinaryTrailer.tooShort(length) }
        let start = length - BinaryMarker.trailerSize
        offsetIntSize = Int(bytes[start + 6])
        objectRefSize = Int(bytes[start + 7])
        let count = bytes.bigEndian(at: start + 8)
        let top = bytes.bigEndian(at: start + 16)
        let table = bytes.bigEndian(at: start + 24)
        func damaged(_ problem: String, at offset: Int) -> PlistError {
            BinaryTrailer.damaged(bytes, problem, at: offset)
        }

        guard (1...8).contains(offsetIntSize) else {
            throw damaged("its offset size is \(offsetIntSize), not 1…8", at: start + 6)
        }
        guard (1...8).contains(objectRefSize) else {
            throw damaged("its object reference size is \(objectRefSize), not 1…8", at: start + 7)
        }
        guard count >= 1, count <= UInt64(length) else {
            throw damaged("its object count \(count) is impossible in \(length) bytes", at: start + 8)
        }
        if objectRefSize < 8, count > UInt64(1) << UInt64(8 * objectRefSize) {
            throw damaged("its object count \(count) does not fit \(objectRefSize)-byte references", at: start + 8)
        }
        guard top < count else {
            throw damaged("its top object \(top) is not below its object count \(count)", at: start + 16)
        }
        let (tableBytes, overflow) = count.multipliedReportingOverflow(by: UInt64(offsetIntSize))
        guard table >= UInt64(BinaryMarker.headerSize + 1), table < UInt64(start), !overflow,
              tableBytes <= UInt64(start) - table
        else {
            throw damaged("its offset table at \(table) with \(count) entries of \(offsetIntSize) bytes does not fit before the trailer", at: start + 24)
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableOffset = Int(table)
    }

    /// The fewest bytes a binary plist can have: header, one object, trailer.
    static let minimumFileSize = BinaryMarker.headerSize + 1 + BinaryMarker.trailerSize

    /// The error for a binary plist of `length` bytes, fewer than ``minimumFileSize``: empty,
    /// cut inside its header, or ending before its trailer.
    static func tooShort(_ length: Int) -> PlistError {
        if length == 0 { return PlistError.emptyInput(.truncated) }
        if length < BinaryMarker.headerSize {
            return PlistError(.truncated, "the file is truncated: it ends after \(length) bytes, inside the 8-byte binary plist header", offset: length)
        }
        return PlistError(.truncated, "the file is truncated: it ends after \(length) bytes, before its 32-byte trailer (a binary plist has at least \(minimumFileSize) bytes)", offset: length)
    }

    /// The error for a trailer that fails a check (`problem`, about the field at `offset`):
    /// the file is truncated or its trailer is damaged.
    private static func damaged(_ bytes: ByteView, _ problem: String, at offset: Int) -> PlistError {
        let start = bytes.count - BinaryMarker.trailerSize
        let reservedAreZero = bytes[start..<(start + 6)].allSatisfy { $0 == 0 }
        return PlistError(reservedAreZero ? .badTrailer : .truncated,
                          "the file is truncated or its trailer is damaged: the trailer at offset \(start) does not describe a file of \(bytes.count) bytes (\(problem))",
                          offset: offset)
    }

}
