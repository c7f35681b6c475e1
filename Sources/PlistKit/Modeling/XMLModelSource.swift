#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``ModelSource`` of an XML property list: its node table's ``XMLDecodingSource``,
/// called directly. Reads go through the same source methods as the Codable path's, so they
/// make the same checks and throw the same errors.
///
/// Opening a dictionary matches its keys, in order, with the ``PlistFields`` table's,
/// comparing bytes in place: when each key is a field's and they come in the table's order
/// (what `PlistEncoder` and Foundation write for the type, with any absent fields left out),
/// the keys are distinct, the fields present are noted in a bit set, and field `i` is the
/// entry after the fields present before it, reached by walking on from the last one read.
/// A dictionary in any other shape (another order, other keys, more than 64 entries or
/// fields) is read through the source's keyed lookup, as is any read by key.
@usableFromInline
final class XMLModelSource: ModelSource {
    @usableFromInline let common: ModelDecodingState
    let source: XMLDecodingSource
    /// The source's table, held here too so that the walks reach it in one step.
    let nodes: XMLNodeTable

    init(common: ModelDecodingState, source: XMLDecodingSource) {
        self.common = common
        self.source = source
        nodes = source.table
    }

    /// A dictionary node: the fields it holds, and the entry last read.
    @usableFromInline
    struct Dictionary {
        /// The fields the dictionary holds, by position, when its keys come in the table's order.
        let present: UInt64
        /// The first key node.
        let first: Int
        /// The entry last read (or 0), and its key node.
        var cursorEntry = 0
        var cursorNode: Int
        /// The source's lookup, for dictionaries whose keys are not in the table's order and
        /// for reads by key (made when first needed).
        var keyed: (any PlistKeyedSource)?
    }

    /// An array node: its next element's node.
    @usableFromInline
    struct Array {
        var currentNode: Int
    }

    @usableFromInline
    func openDictionary(_ value: Int, table: PlistFields, depth: Int, step: ModelStep) throws(DecodingError) -> Dictionary {
        try common.enter(value, depth: depth, step: step)
        guard nodes.kind(value) == .dictionary else {
            if let error = nodes.error(value) { throw common.corrupted(error, depth, step) }
            throw common.mismatch([String: Any].self, value, depth, step)
        }
        let count = nodes.childCount(value)
        let fieldCount = table.names.count
        var present: UInt64 = 0
        var inOrder = count <= 64 && fieldCount <= 64
        if inOrder, count > 0 {
            var node = value + 1
            var field = 0
            for _ in 0..<count {
                while field < fieldCount, !table.withKey(field, { nodes.textEquals(node, $0) }) {
                    field += 1
                }
                guard field < fieldCount else {
                    inOrder = false
                    break
                }
                present |= 1 &<< UInt64(field)
                field += 1
                node = nodes.end(node + 1)
            }
        }
        return Dictionary(present: inOrder ? present : 0, first: value + 1, cursorNode: value + 1, keyed: inOrder ? nil : XMLDecodingSource.Keyed(source, value))
    }

    @usableFromInline
    func quickFind(field: Int, in dictionary: inout Dictionary) -> Int {
        guard dictionary.keyed == nil else { return Self.unknown }
        let bit: UInt64 = 1 &<< UInt64(field)
        guard dictionary.present & bit != 0 else { return Self.absent }
        let entry = (dictionary.present & (bit &- 1)).nonzeroBitCount
        if entry < dictionary.cursorEntry {
            dictionary.cursorEntry = 0
            dictionary.cursorNode = dictionary.first
        }
        while dictionary.cursorEntry < entry {
            dictionary.cursorNode = nodes.end(dictionary.cursorNode + 1)
            dictionary.cursorEntry += 1
        }
        return dictionary.cursorNode + 1
    }

    @usableFromInline
    func find(field: Int, table: PlistFields, in dictionary: inout Dictionary, depth: Int) throws(DecodingError) -> Int? {
        if let keyed = dictionary.keyed {
            return try common.find(field: field, table: table, in: keyed, depth: depth)
        }
        let found = quickFind(field: field, in: &dictionary)
        return found == Self.absent ? nil : found
    }

    @usableFromInline
    func keys(of dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> [String] {
        try common.keys(keyed(&dictionary, value, depth, step), depth, step)
    }

    @usableFromInline
    func value(forKey key: String, in dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> Int {
        try common.value(forKey: key, in: keyed(&dictionary, value, depth, step), value, depth, step)
    }

    /// The dictionary's lookup by key (every key checked), made when first needed.
    private func keyed(_ dictionary: inout Dictionary, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> any PlistKeyedSource {
        if let keyed = dictionary.keyed { return keyed }
        let made = XMLDecodingSource.Keyed(source, value)
        dictionary.keyed = made
        return made
    }

    @usableFromInline
    func openArray(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> (array: Array, count: Int) {
        try common.enter(value, depth: depth, step: step)
        guard nodes.kind(value) == .array else {
            if let error = nodes.error(value) { throw common.corrupted(error, depth, step) }
            throw common.mismatch([Any].self, value, depth, step)
        }
        return (Array(currentNode: value + 1), nodes.childCount(value))
    }

    @usableFromInline
    func element(_ index: Int, in array: inout Array, depth: Int) throws(DecodingError) -> Int {
        let node = array.currentNode
        array.currentNode = nodes.end(node)
        return node
    }

    // MARK: Scalars

    @usableFromInline
    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try common.string(source, value, depth, step)
    }

    @usableFromInline
    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.integer(source, value, type, depth, step)
    }

    @usableFromInline
    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.float(source, value, type, depth, step)
    }

    @usableFromInline
    func int(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Int {
        try integer(value, Int.self, depth, step)
    }

    @usableFromInline
    func double(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Double {
        try float(value, Double.self, depth, step)
    }

    @usableFromInline
    func bool(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.bool(source, value, depth, step)
    }

    @usableFromInline
    func date(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date {
        try common.date(source, value, depth, step)
    }

    @usableFromInline
    func data(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data {
        try common.data(source, value, depth, step)
    }

    @usableFromInline
    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.isNull(source, value, depth, step)
    }
}
