/// Assembles `bplist00` files from raw object encodings, so tests can state malformed input
/// byte by byte.
public struct BinaryBuilder {
    /// Each object's complete encoding (marker, payload, refs), in index order.
    public var objects: [[UInt8]]
    public var top: UInt64 = 0
    public var refSize: UInt8 = 1
    public var offsetSize: UInt8 = 1
    /// Replaces the computed object count in the trailer.
    public var countOverride: UInt64?
    /// Replaces the computed offset-table position in the trailer.
    public var tableOffsetOverride: UInt64?
    /// Replaces individual offset-table entries.
    public var offsetOverrides: [Int: UInt64] = [:]

    public init(_ objects: [[UInt8]]) {
        self.objects = objects
    }

    public var bytes: [UInt8] {
        var output = Array("bplist00".utf8)
        var offsets: [UInt64] = []
        for object in objects {
            offsets.append(UInt64(output.count))
            output += object
        }
        let table = UInt64(output.count)
        for (index, offset) in offsets.enumerated() {
            output += BinaryBuilder.bigEndian(offsetOverrides[index] ?? offset, size: Int(offsetSize))
        }
        output += [0, 0, 0, 0, 0, 0, offsetSize, refSize]
        output += BinaryBuilder.bigEndian(countOverride ?? UInt64(objects.count), size: 8)
        output += BinaryBuilder.bigEndian(top, size: 8)
        output += BinaryBuilder.bigEndian(tableOffsetOverride ?? table, size: 8)
        return output
    }

    public static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64($0 * 8)) }
    }
}
