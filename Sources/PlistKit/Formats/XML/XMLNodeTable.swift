#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A whole XML property list as a flat table, one node per `<key>` and value element in
/// document order, which ``PlistDecoder`` reads directly (see `XMLDecodingSource`): no
/// ``Plist`` tree and no object per node.
///
/// A node is a kind (one byte) and a payload (eight): for a container the index just past
/// its subtree in the high 32 bits, so the next sibling of container `n` is `end(n)` and its
/// children run from `n + 1` to there, and its child count in the low, entries for a
/// dictionary; for a key, string or data its byte range in the text store, offset in the
/// high 32 bits and length in the low; for a number or date its bits; for a UID its value.
/// A scalar's subtree is itself. A dictionary's children alternate key, value. Text and
/// decoded `<data>` bytes are stored back to back in one store; a key's text is stored once
/// for the keys that spell it alike (a small cache by hash finds the earlier copy), since
/// documents repeat a few keys many times. Where each start tag ends is kept apart, in
/// ``XMLNodePositions``: only errors read it, so it is packed rather than quick to reach.
/// 32-bit offsets and indices suffice because `LibXML2Parser` refuses input over 2 GiB,
/// and neither text bytes nor nodes can outnumber input bytes.
///
/// ``XMLNodeTableBuilder`` fills it from ``XMLPlistScanner``'s events; the scanner has
/// already checked the structure and parsed every scalar, so reading needs no checks. The
/// stores are ``GrowableTable``s, which grow by `realloc` (a large one without holding two
/// copies) and are shared, not copied, by copies of the table, which is not changed once
/// filled.
struct XMLNodeTable {
    enum Kind: UInt8 {
        case dictionary, array, key, string
        /// An integer in `Int64` (payload: its bit pattern).
        case integer
        /// An integer above `Int64.max` (payload: the `UInt64`).
        case largeInteger
        case real, `true`, `false`
        /// Payload: the bits of `timeIntervalSinceReferenceDate`.
        case date
        case data
        /// A `<dict><key>CF$UID</key><integer>N</integer></dict>` reference.
        case uid
        /// A scalar whose text is malformed (payload: its index in ``errors``).
        case invalid

        var isContainer: Bool { self == .dictionary || self == .array }
    }

    private let kinds: GrowableTable<UInt8>
    private let payloads: GrowableTable<UInt64>
    private let text: GrowableTable<UInt8>
    private var positions: XMLNodePositions
    /// The errors of ``Kind/invalid`` nodes.
    private(set) var errors: [PlistError] = []
    /// While filling: the containers open, with how many values each holds so far.
    private var open: [(node: Int, count: Int)] = []
    /// While filling: key text already stored, by a hash of its bytes (offset in the high 32
    /// bits, length in the low; 0 for none).
    private var storedKeys: [UInt64]

    private static let storedKeySlots = 128

    /// The number of nodes; the root value, if any, is node 0.
    var count: Int { payloads.count }

    /// A table with room for what `inputSize` bytes of XML typically hold (one node per 12
    /// bytes, text up to half of the input), so that filling it rarely grows a store. The
    /// pages not used are never touched.
    init(expectedInputSize inputSize: Int) {
        let nodes = max(16, min(inputSize / 12, 1 << 24))
        kinds = GrowableTable(capacity: nodes)
        payloads = GrowableTable(capacity: nodes)
        text = GrowableTable(capacity: max(64, min(inputSize / 2, 1 << 29)))
        positions = XMLNodePositions(expectedNodes: nodes)
        storedKeys = [UInt64](repeating: 0, count: XMLNodeTable.storedKeySlots)
        open.reserveCapacity(16)
    }

    // MARK: Reading

    @inline(__always)
    func kind(_ node: Int) -> Kind {
        Kind(rawValue: kinds[node])!
    }

    @inline(__always)
    func payload(_ node: Int) -> UInt64 {
        payloads[node]
    }

    /// Where node `node`'s start tag ends.
    func position(_ node: Int) -> XMLPosition {
        positions.position(node)
    }

    /// The byte range of a key, string or data node.
    @inline(__always)
    func byteRange(_ node: Int) -> Range<Int> {
        let payload = payloads[node]
        let start = Int(truncatingIfNeeded: payload >> 32)
        return start..<start + Int(truncatingIfNeeded: payload & 0xFFFF_FFFF)
    }

    /// The bytes of a key, string or data node, valid while the table is.
    @inline(__always)
    func bytes(_ node: Int) -> ByteView {
        ByteView(text.buffer(byteRange(node)))
    }

    /// The text of a key or string node.
    func string(_ node: Int) -> String {
        String(decoding: text.buffer(byteRange(node)), as: UTF8.self)
    }

    /// The bytes of a data node.
    func data(_ node: Int) -> Data {
        Data(buffer: text.buffer(byteRange(node)))
    }

    /// True when key or string node `node` holds exactly the bytes `utf8`.
    @inline(__always)
    func textEquals(_ node: Int, _ utf8: ByteView) -> Bool {
        Int(truncatingIfNeeded: payloads[node] & 0xFFFF_FFFF) == utf8.count && bytes(node).bytesEqual(utf8)
    }

    /// True when key or string nodes `a` and `b` hold the same text.
    func textEquals(_ a: Int, _ b: Int) -> Bool {
        payloads[a] == payloads[b] || textEquals(a, bytes(b))
    }

    /// The index just past node `node`'s subtree: its next sibling.
    @inline(__always)
    func end(_ node: Int) -> Int {
        kind(node).isContainer ? Int(truncatingIfNeeded: payloads[node] >> 32) : node + 1
    }

    /// How many values container `node` holds (entries, for a dictionary).
    @inline(__always)
    func childCount(_ node: Int) -> Int {
        Int(truncatingIfNeeded: payloads[node] & 0xFFFF_FFFF)
    }

    // MARK: Filling

    /// Appends a node (its subtree ends right after it until it is closed).
    @inline(__always)
    @discardableResult
    mutating func append(_ kind: Kind, _ payload: UInt64, _ position: XMLPosition, isValue: Bool) -> Int {
        if isValue, !open.isEmpty { open[open.count - 1].count += 1 }
        let node = payloads.count
        kinds.append(kind.rawValue)
        payloads.append(payload)
        positions.append(position, node: node)
        return node
    }

    /// Appends an ``Kind/invalid`` value node that fails with `error` when read.
    mutating func appendInvalid(_ error: PlistError, _ position: XMLPosition) {
        append(.invalid, UInt64(errors.count), position, isValue: true)
        errors.append(error)
    }

    /// The error of the ``Kind/invalid`` node `node`, or nil for any other node.
    func error(_ node: Int) -> PlistError? {
        kind(node) == .invalid ? errors[Int(payloads[node])] : nil
    }

    /// Appends a string or data node holding `bytes`.
    @inline(__always)
    mutating func append(_ kind: Kind, text bytes: ByteView, _ position: XMLPosition) {
        let offset = text.count
        text.append(bytes)
        append(kind, UInt64(truncatingIfNeeded: offset) << 32 | UInt64(truncatingIfNeeded: bytes.count), position, isValue: true)
    }

    /// Appends a key node holding `bytes`, whose text is shared with an earlier key's when
    /// the cache still holds one that spells it. A `<key>` outside any dictionary (directly
    /// in `<plist>`, which the scanner lets pass) is dropped, as the tree builder ignores it,
    /// so that node 0 is always the root value.
    @inline(__always)
    mutating func appendKey(_ bytes: ByteView, _ position: XMLPosition) {
        if open.isEmpty { return }
        let length = UInt64(truncatingIfNeeded: bytes.count)
        let slot = XMLNodeTable.slot(bytes)
        let stored = storedKeys[slot]
        var range = stored
        if stored & 0xFFFF_FFFF != length || length == 0 || !text.view(Int(truncatingIfNeeded: stored >> 32)..<Int(truncatingIfNeeded: stored >> 32) + bytes.count).bytesEqual(bytes) {
            range = UInt64(truncatingIfNeeded: text.count) << 32 | length
            text.append(bytes)
            storedKeys[slot] = range
        }
        append(.key, range, position, isValue: false)
    }

    /// The cache slot of a key: its length and its first, middle and last bytes, mixed.
    @inline(__always)
    private static func slot(_ bytes: ByteView) -> Int {
        let count = bytes.count
        guard count > 0 else { return 0 }
        var hash = UInt32(truncatingIfNeeded: count)
        hash = hash &* 31 &+ UInt32(bytes[0])
        hash = hash &* 31 &+ UInt32(bytes[count >> 1])
        hash = hash &* 31 &+ UInt32(bytes[count - 1])
        if count > 2 { hash = hash &* 31 &+ UInt32(bytes[1]) }
        return Int(truncatingIfNeeded: (hash &* 0x9E37_79B1) >> 25) & (storedKeySlots - 1)
    }

    mutating func begin(_ kind: Kind, _ position: XMLPosition) {
        let node = append(kind, 0, position, isValue: true)
        open.append((node, 0))
    }

    /// Closes the innermost container; returns its node.
    @discardableResult
    mutating func close() -> Int {
        let (node, count) = open.removeLast()
        payloads[checked: node] = UInt64(payloads.count) << 32 | UInt64(count)
        return node
    }

    /// Closes the innermost container, a dictionary;
    /// `<dict><key>CF$UID</key><integer>N</integer></dict>` (N ≥ 0) becomes UID N. The key's
    /// text stays in the store, where later `CF$UID` keys find it.
    mutating func closeDictionary() {
        let node = close()
        guard childCount(node) == 1, count == node + 3 else { return }
        let valueKind = kind(node + 2)
        let value = payloads[node + 2]
        guard valueKind == .largeInteger || (valueKind == .integer && Int64(bitPattern: value) >= 0) else { return }
        guard bytes(node + 1).elementsEqual(XMLUID.key.utf8) else { return }
        kinds.removeLast(2)
        payloads.removeLast(2)
        positions.truncate(to: node + 1)
        kinds[checked: node] = Kind.uid.rawValue
        payloads[checked: node] = value
    }
}
