#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes from an ``XMLNodeTable``: values are node indices, and every read is a look-up
/// in the table's arrays (the scanner has already checked the structure and parsed the
/// scalars; a malformed scalar is a node that throws its error when it is read, so that the
/// error names the coding path, as Foundation's does). No ``Plist`` tree is built. Positions are the
/// line:column of the `>` ending each element's start tag.
///
/// The table owns copies of the text it holds, so a decoder or container that escapes
/// `PlistDecoder.decode` stays valid.
final class XMLDecodingSource: PlistDecodingSource {
    let table: XMLNodeTable

    init(_ table: XMLNodeTable) {
        self.table = table
    }

    var top: Int { 0 }

    func number(_ value: Int) throws(PlistError) -> PlistNumber? {
        let payload = table.payload(value)
        switch table.kind(value) {
        case .integer: return .integer(PlistInteger(Int64(bitPattern: payload)))
        case .largeInteger: return .integer(PlistInteger(payload))
        case .real: return .real(Double(bitPattern: payload))
        default: return try noValue(value)
        }
    }

    func string(_ value: Int) throws(PlistError) -> String? {
        table.kind(value) == .string ? table.string(value) : try noValue(value)
    }

    func bool(_ value: Int) throws(PlistError) -> Bool? {
        switch table.kind(value) {
        case .true: true
        case .false: false
        default: try noValue(value)
        }
    }

    func date(_ value: Int) throws(PlistError) -> Date? {
        guard table.kind(value) == .date else { return try noValue(value) }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: table.payload(value)))
    }

    func data(_ value: Int) throws(PlistError) -> Data? {
        table.kind(value) == .data ? table.data(value) : try noValue(value)
    }

    /// Nil for a value of another type; the scanner's error for a malformed scalar (kept in
    /// the table so that the decoder reports it at its coding path).
    private func noValue<T>(_ value: Int) throws(PlistError) -> T? {
        if let error = table.error(value) { throw error }
        return nil
    }

    func isNull(_ value: Int) -> Bool {
        guard table.kind(value) == .string else { return false }
        var marker = PlistNull.marker
        return marker.withUTF8 { table.textEquals(value, ByteView($0)) }
    }

    func keyed(_ value: Int) throws(PlistError) -> (any PlistKeyedSource)? {
        table.kind(value) == .dictionary ? Keyed(self, value) : try noValue(value)
    }

    func unkeyed(_ value: Int) throws(PlistError) -> (any PlistUnkeyedSource)? {
        table.kind(value) == .array ? Unkeyed(self, value) : try noValue(value)
    }

    func typeDescription(_ value: Int) -> String {
        switch table.kind(value) {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .key, .string: "a string"
        case .integer, .largeInteger: "an integer"
        case .real: "a real number"
        case .true, .false: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        case .invalid: "a malformed value"
        }
    }

    func location(_ value: Int) -> PlistError.Location? {
        table.position(value).location
    }

    /// A tree has no cycles.
    func enter(_ value: Int, from parent: Int) -> Bool { false }
    func leave(_ value: Int) {}

    /// A dictionary node read through a keyed container. Its children alternate key and
    /// value nodes. Its lookup state is only touched inside its own methods, which call no
    /// user code, so it skips dynamic exclusivity checks.
    ///
    /// Small dictionaries are searched linearly from just after the last entry found, so a
    /// type reading its keys in the order they were written (what synthesized `Codable`
    /// does) finds each on the first try; larger ones, and any with a repeated key, get a
    /// hash index, in which the last value of a repeated key wins, as in ``Plist``.
    final class Keyed: PlistKeyedSource {
        private let source: XMLDecodingSource
        let count: Int
        /// The first key node, and the index past the last value.
        private let first: Int
        private let end: Int
        /// The key node to try first.
        @exclusivity(unchecked) private var hint: Int
        @exclusivity(unchecked) private var index: [PlistKey: Int]?

        /// Dictionaries with more entries than this are looked up through a hash index.
        private static let linearLimit = 24

        private var table: XMLNodeTable { source.table }

        init(_ source: XMLDecodingSource, _ node: Int) {
            self.source = source
            count = source.table.childCount(node)
            first = node + 1
            end = source.table.end(node)
            hint = first
            if count > 1, count <= Keyed.linearLimit, hasRepeatedKey() {
                index = buildIndex()
            }
        }

        /// True when two keys are equal (pairs of lengths first, bytes only when they match).
        private func hasRepeatedKey() -> Bool {
            var a = first
            while a < end {
                var b = table.end(a + 1)
                while b < end {
                    if table.textEquals(a, b) { return true }
                    b = table.end(b + 1)
                }
                a = table.end(a + 1)
            }
            return false
        }

        func value(forKey key: String) -> Int? {
            guard count > 0 else { return nil }
            if count > Keyed.linearLimit, index == nil { index = buildIndex() }
            if let index {
                return index[PlistKey(key)].map { $0 + 1 }
            }
            var key = key
            return key.withUTF8 { utf8 in
                var node = hint
                for _ in 0..<count {
                    let next = table.end(node + 1)
                    if table.textEquals(node, ByteView(utf8)) {
                        hint = next == end ? first : next
                        return node + 1
                    }
                    node = next == end ? first : next
                }
                return nil
            }
        }

        /// Key text (by exact scalars) → key node.
        private func buildIndex() -> [PlistKey: Int] {
            var index: [PlistKey: Int] = [:]
            index.reserveCapacity(count)
            var node = first
            while node < end {
                index[PlistKey(table.string(node))] = node
                node = table.end(node + 1)
            }
            return index
        }

        func keys() -> [String] {
            if count > Keyed.linearLimit, index == nil { index = buildIndex() }
            // A repeated key is listed once, at its first position.
            var seen: Set<PlistKey>? = (index.map { $0.count < count } ?? false) ? [] : nil
            var keys: [String] = []
            keys.reserveCapacity(count)
            var node = first
            while node < end {
                let key = table.string(node)
                if seen == nil || seen!.insert(PlistKey(key)).inserted { keys.append(key) }
                node = table.end(node + 1)
            }
            return keys
        }
    }

    /// An array node read through an unkeyed container. Elements are reached by walking
    /// siblings; the container asks for them in order, so a cursor makes each step O(1).
    final class Unkeyed: PlistUnkeyedSource {
        private let source: XMLDecodingSource
        let count: Int
        private let first: Int
        @exclusivity(unchecked) private var cursorIndex = 0
        @exclusivity(unchecked) private var cursorNode: Int

        init(_ source: XMLDecodingSource, _ node: Int) {
            self.source = source
            count = source.table.childCount(node)
            first = node + 1
            cursorNode = first
        }

        private var table: XMLNodeTable { source.table }

        func element(at index: Int) -> Int {
            if index < cursorIndex {
                cursorIndex = 0
                cursorNode = first
            }
            while cursorIndex < index {
                cursorNode = table.end(cursorNode)
                cursorIndex += 1
            }
            return cursorNode
        }
    }
}
