#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A whole XML property list as a flat table, one node per `<key>` and value element in
/// document order, which ``PlistDecoder`` reads directly (see `XMLDecodingSource`): no
/// ``Plist`` tree and no object per node.
///
/// Each node is one entry in each of four arrays (21 bytes in all):
/// - `kinds`: what the element is;
/// - `payloads`: for a container its child count (entries, for a dictionary); for a key,
///   string or data the byte range in `bytes` (offset in the high 32 bits, length in the low);
///   for a number or date its bits; for a UID its value;
/// - `ends`: the index just past the node's subtree, so the next sibling of node `n` is
///   `ends[n]`, and a container's children run from `n + 1` to `ends[n]`;
/// - `positions`: the line and column of the element's start tag.
///
/// A dictionary's children alternate key, value. Text (keys, strings) and decoded `<data>`
/// bytes are stored once, back to back, in `bytes`. 32-bit offsets and node indices suffice
/// because `LibXML2Parser` refuses input over 2 GiB, and neither text nor nodes can
/// outnumber input bytes.
///
/// The table is filled as an ``XMLPlistSink`` by ``XMLPlistScanner``, which has already
/// checked the structure and parsed every scalar, so reading it needs no checks.
final class XMLNodeTable: XMLPlistSink {
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
    }

    private(set) var kinds: [Kind] = []
    private(set) var payloads: [UInt64] = []
    private(set) var ends: [UInt32] = []
    private(set) var positions: [XMLPosition] = []
    private(set) var bytes: [UInt8] = []

    /// The containers being filled: their node and how many values they hold so far.
    private var open: [(node: Int, count: Int)] = []

    init() {
        open.reserveCapacity(16)
    }

    /// The number of nodes; the root value, if any, is node 0.
    var count: Int { kinds.count }

    // MARK: Reading

    /// The byte range of a key, string or data node.
    @inline(__always)
    func byteRange(_ node: Int) -> Range<Int> {
        let payload = payloads[node]
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
        Int(truncatingIfNeeded: ends[node])
    }

    // MARK: Filling (XMLPlistSink)

    var recordsPositions: Bool { true }

    @inline(__always)
    @discardableResult
    private func append(_ kind: Kind, _ payload: UInt64, _ position: XMLPosition) -> Int {
        let node = kinds.count
        kinds.append(kind)
        payloads.append(payload)
        ends.append(UInt32(truncatingIfNeeded: node + 1))
        positions.append(position)
        return node
    }

    /// Appends a value node and counts it in its container.
    @inline(__always)
    @discardableResult
    private func appendValue(_ kind: Kind, _ payload: UInt64, _ position: XMLPosition) -> Int {
        if !open.isEmpty { open[open.count - 1].count += 1 }
        return append(kind, payload, position)
    }

    /// Appends `text` to `bytes` and returns its range as a payload.
    @inline(__always)
    private func store(_ text: [UInt8]) -> UInt64 {
        let offset = bytes.count
        bytes.append(contentsOf: text)
        return UInt64(truncatingIfNeeded: offset) << 32 | UInt64(truncatingIfNeeded: text.count)
    }

    func beginArray(at position: XMLPosition) {
        let node = appendValue(.array, 0, position)
        open.append((node, 0))
    }

    func beginDictionary(at position: XMLPosition) {
        let node = appendValue(.dictionary, 0, position)
        open.append((node, 0))
    }

    func endArray() {
        close()
    }

    func endDictionary() {
        let node = open[open.count - 1].node
        close()
        // <dict><key>CF$UID</key><integer>N</integer></dict> becomes UID N (N ≥ 0).
        guard payloads[node] == 1, kinds.count == node + 3, kinds[node + 2] == .integer || kinds[node + 2] == .largeInteger else { return }
        let value = payloads[node + 2]
        guard kinds[node + 2] == .largeInteger || Int64(bitPattern: value) >= 0 else { return }
        let isUID = bytes.withUnsafeBufferPointer { XMLUID.isKey(UnsafeBufferPointer(rebasing: $0[byteRange(node + 1)])) }
        guard isUID else { return }
        bytes.removeSubrange(byteRange(node + 1))
        for _ in 0..<2 {
            kinds.removeLast()
            payloads.removeLast()
            ends.removeLast()
            positions.removeLast()
        }
        kinds[node] = .uid
        payloads[node] = value
        ends[node] = UInt32(truncatingIfNeeded: node + 1)
    }

    private func close() {
        let (node, count) = open.removeLast()
        payloads[node] = UInt64(count)
        ends[node] = UInt32(truncatingIfNeeded: kinds.count)
    }

    func key(_ text: [UInt8], at position: XMLPosition) {
        append(.key, store(text), position)
    }

    func string(_ text: [UInt8], at position: XMLPosition) {
        appendValue(.string, store(text), position)
    }

    func integer(_ value: PlistInteger, at position: XMLPosition) {
        if let signed = value.int64Value {
            appendValue(.integer, UInt64(bitPattern: signed), position)
        } else {
            appendValue(.largeInteger, value.uint64Value!, position)
        }
    }

    func real(_ value: Double, at position: XMLPosition) {
        appendValue(.real, value.bitPattern, position)
    }

    func bool(_ value: Bool, at position: XMLPosition) {
        appendValue(value ? .true : .false, 0, position)
    }

    func date(_ value: Date, at position: XMLPosition) {
        appendValue(.date, value.timeIntervalSinceReferenceDate.bitPattern, position)
    }

    func data(_ bytes: [UInt8], at position: XMLPosition) {
        appendValue(.data, store(bytes), position)
    }
}
