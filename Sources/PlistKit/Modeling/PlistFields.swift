/// The keys of a type's stored fields, in declaration order: the table a `@PlistCodable`
/// type declares once (as a `static let`) and hands to ``PlistValueDecoder/decodeFields(_:)``
/// and ``PlistValueEncoder/encodeFields(_:)``. Fields are then named by their position in
/// the table, so decoding a field compares no strings when the input's keys come in the
/// table's order, and encoding one builds no key.
///
/// One table stands for one dictionary shape; an enum with associated values has one for
/// its cases and one per case for that case's payload.
public final class PlistFields: Sendable {
    /// The keys, by field position.
    public let names: [String]
    /// The keys as dictionary keys (shared by every dictionary the encoder writes with all
    /// the fields present).
    let keys: [PlistKey]
    /// Every key's UTF-8, one after another, and where each starts (and the last ends):
    /// compared in place with the input's keys.
    private let utf8: [UInt8]
    private let utf8Starts: [Int]

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
        utf8 = bytes
        utf8Starts = starts
    }

    /// `body` of field `field`'s key in UTF-8.
    @inline(__always)
    func withKey<R>(_ field: Int, _ body: (ByteView) -> R) -> R {
        let range = utf8Starts[field]..<utf8Starts[field + 1]
        return ByteView.with(utf8) { body($0.extracting(range)) }
    }

    /// The table with no fields, for dictionaries read and written by key (a `Dictionary`).
    public static let none = PlistFields([])
}
