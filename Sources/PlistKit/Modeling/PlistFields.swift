/// The keys of a type's stored fields, in declaration order: the table a `@PlistCodable`
/// type declares once (as a `static let`) and hands to ``PlistValueDecoder/decodeFields(_:)``
/// and ``PlistValueEncoder/encodeFields(_:)``. Fields are then named by their position in
/// the table, so decoding a field compares no strings when the input's keys come in the
/// table's order, and encoding one builds no key.
///
/// One table stands for one dictionary shape; an enum with associated values has one for
/// its cases and one per case for that case's payload.
public final class PlistFields: @unchecked Sendable {
    /// The keys, by field position.
    public let names: [String]
    /// The keys as dictionary keys (shared by every dictionary the encoder writes with all
    /// the fields present).
    let keys: [PlistKey]
    /// Every key's UTF-8, one after another, and where each starts (and the last ends):
    /// compared in place with the input's keys. Written once by `init`, freed by `deinit`
    /// (which is why the class is `@unchecked Sendable`: nothing changes after `init`).
    private let utf8: UnsafeMutableRawBufferPointer
    private let utf8Starts: UnsafeMutableBufferPointer<Int>

    /// A table of `names`, which must be distinct.
    public init(_ names: [String]) {
        precondition(Set(names.map { PlistKey($0) }).count == names.count, "PlistFields: duplicate key in \(names)")
        self.names = names
        keys = names.map { PlistKey($0) }
        var bytes: [UInt8] = []
        var starts = [0]
        for name in names {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }
        utf8 = .allocate(byteCount: max(bytes.count, 1), alignment: 1)
        utf8.copyBytes(from: bytes)
        utf8Starts = .allocate(capacity: starts.count)
        _ = utf8Starts.initialize(from: starts)
    }

    deinit {
        utf8.deallocate()
        utf8Starts.deallocate()
    }

    /// Field `field`'s key in UTF-8, valid while the table lives.
    @inline(__always)
    func key(_ field: Int) -> UnsafeRawBufferPointer {
        let start = utf8Starts[field]
        return UnsafeRawBufferPointer(rebasing: utf8[start..<utf8Starts[field + 1]])
    }

    /// The table with no fields, for dictionaries read and written by key (a `Dictionary`).
    public static let none = PlistFields([])
}
