#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A whole XML property list as a flat table, one node per `<key>` and value element in
/// document order, which ``PlistDecoder`` reads directly (see `XMLDecodingSource`): no
/// ``Plist`` tree and no object per node.
///
/// A node is 16 bytes: a payload (for a container the index just past its subtree in the
/// high 32 bits, so the next sibling of container `n` is `end(n)` and its children run from
/// `n + 1` to there, and its child count in the low, entries for a dictionary; for a key,
/// string or data its byte range in ``bytes``, offset in the high 32 bits and length in the
/// low; for a number or date its bits; for a UID its value); its kind and the line where its
/// start tag ends, in one word; and that column. A scalar's subtree is itself. A
/// dictionary's children alternate key, value. Text and decoded `<data>` bytes are stored
/// once, back to back, in ``bytes``. 32-bit offsets and indices suffice because
/// `LibXML2Parser` refuses input over 2 GiB, and neither text bytes nor nodes can outnumber
/// input bytes; lines past 268 million (2²⁸ − 1) are reported as that line.

/// ``XMLNodeTableBuilder`` fills it from ``XMLPlistScanner``'s events; the scanner has
/// already checked the structure and parsed every scalar, so reading needs no checks.
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
    }

    struct Node {
        var payload: UInt64
        /// The kind in the high 4 bits, the line in the low 28 (saturating).
        private var kindAndLine: UInt32
        let column: UInt32

        private static let lineMask: UInt32 = 0x0FFF_FFFF

        init(_ kind: Kind, _ payload: UInt64, _ position: XMLPosition) {
            self.payload = payload
            kindAndLine = UInt32(kind.rawValue) << 28 | min(position.line, Node.lineMask)
            column = position.column
        }

        var kind: Kind {
            get { Kind(rawValue: UInt8(truncatingIfNeeded: kindAndLine >> 28))! }
            set { kindAndLine = UInt32(newValue.rawValue) << 28 | kindAndLine & Node.lineMask }
        }

        var isContainer: Bool { kind == .dictionary || kind == .array }

        var position: XMLPosition { XMLPosition(line: kindAndLine & Node.lineMask, column: column) }
    }

    private(set) var nodes: [Node] = []
    private(set) var bytes: [UInt8] = []
    /// The errors of ``Kind/invalid`` nodes.
    private(set) var errors: [PlistError] = []
    /// While filling: the containers open, with how many values each holds so far.
    private var open: [(node: Int, count: Int)] = []

    /// The number of nodes; the root value, if any, is node 0.
    var count: Int { nodes.count }

    /// A table with room for what `inputSize` bytes of XML typically hold (one node per 12
    /// bytes, text up to half of the input), so that filling it rarely copies: a copy holds
    /// the old and the new storage at once, which for the text of a large document was the
    /// decoder's peak memory. The pages not used are never touched. Beyond that, arrays grow
    /// as usual.
    init(expectedInputSize inputSize: Int) {
        nodes.reserveCapacity(min(inputSize / 12, 1 << 24))
        bytes.reserveCapacity(min(inputSize / 2, 1 << 29))
        open.reserveCapacity(16)
    }

    // MARK: Reading

    /// The byte range of a key, string or data node.
    @inline(__always)
    func byteRange(_ node: Int) -> Range<Int> {
        let payload = nodes[node].payload
        let start = Int(truncatingIfNeeded: payload >> 32)
        return start..<start + Int(truncatingIfNeeded: payload & 0xFFFF_FFFF)
    }

    /// The text of a key or string node.
    func string(_ node: Int) -> String {
        let range = byteRange(node)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The bytes of a data node.
    func data(_ node: Int) -> Data {
        let range = byteRange(node)
        return bytes.withUnsafeBufferPointer { Data(buffer: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// True when key or string node `node` holds exactly the bytes `utf8`.
    @inline(__always)
    func textEquals(_ node: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = byteRange(node)
        guard range.count == utf8.count else { return false }
        return bytes.withUnsafeBufferPointer { stored in
            var offset = 0
            var index = range.lowerBound
            while offset < utf8.count {
                if stored[index] != utf8[offset] { return false }
                offset += 1
                index += 1
            }
            return true
        }
    }

    /// True when key or string nodes `a` and `b` hold the same text.
    func textEquals(_ a: Int, _ b: Int) -> Bool {
        let range = byteRange(b)
        return bytes.withUnsafeBufferPointer { textEquals(a, UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// The index just past node `node`'s subtree: its next sibling.
    @inline(__always)
    func end(_ node: Int) -> Int {
        let entry = nodes[node]
        return entry.isContainer ? Int(truncatingIfNeeded: entry.payload >> 32) : node + 1
    }

    /// How many values container `node` holds (entries, for a dictionary).
    @inline(__always)
    func childCount(_ node: Int) -> Int {
        Int(truncatingIfNeeded: nodes[node].payload & 0xFFFF_FFFF)
    }

    // MARK: Filling

    /// Appends a node (its subtree ends right after it until it is closed).
    @inline(__always)
    @discardableResult
    mutating func append(_ kind: Kind, _ payload: UInt64, _ position: XMLPosition, isValue: Bool) -> Int {
        if isValue, !open.isEmpty { open[open.count - 1].count += 1 }
        let node = nodes.count
        nodes.append(Node(kind, payload, position))
        return node
    }

    /// Appends an ``Kind/invalid`` value node that fails with `error` when read.
    mutating func appendInvalid(_ error: PlistError, _ position: XMLPosition) {
        append(.invalid, UInt64(errors.count), position, isValue: true)
        errors.append(error)
    }

    /// The error of the ``Kind/invalid`` node `node`, or nil for any other node.
    func error(_ node: Int) -> PlistError? {
        nodes[node].kind == .invalid ? errors[Int(nodes[node].payload)] : nil
    }

    /// Appends a key, string or data node holding `text`. A `<key>` outside any dictionary
    /// (directly in `<plist>`, which the scanner lets pass) is dropped, as the tree builder
    /// ignores it, so that node 0 is always the root value.
    @inline(__always)
    mutating func append(_ kind: Kind, text: UnsafeBufferPointer<UInt8>, _ position: XMLPosition) {
        if kind == .key, open.isEmpty { return }
        let offset = bytes.count
        bytes.append(contentsOf: text)
        append(kind, UInt64(truncatingIfNeeded: offset) << 32 | UInt64(truncatingIfNeeded: text.count), position, isValue: kind != .key)
    }

    mutating func begin(_ kind: Kind, _ position: XMLPosition) {
        let node = append(kind, 0, position, isValue: true)
        open.append((node, 0))
    }

    /// Closes the innermost container; returns its node.
    @discardableResult
    mutating func close() -> Int {
        let (node, count) = open.removeLast()
        nodes[node].payload = UInt64(nodes.count) << 32 | UInt64(count)
        return node
    }

    /// Closes the innermost container, a dictionary;
    /// `<dict><key>CF$UID</key><integer>N</integer></dict>` (N ≥ 0) becomes UID N.
    mutating func closeDictionary() {
        let node = close()
        guard childCount(node) == 1, nodes.count == node + 3 else { return }
        let value = nodes[node + 2]
        guard value.kind == .largeInteger || (value.kind == .integer && Int64(bitPattern: value.payload) >= 0) else { return }
        let keyRange = byteRange(node + 1)
        guard bytes.withUnsafeBufferPointer({ XMLUID.isKey(UnsafeBufferPointer(rebasing: $0[keyRange])) }) else { return }
        bytes.removeSubrange(keyRange)
        nodes.removeLast(2)
        nodes[node].kind = .uid
        nodes[node].payload = value.payload
    }
}
