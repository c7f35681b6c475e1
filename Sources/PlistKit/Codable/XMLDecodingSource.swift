#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes from an ``XMLNodeTable``: values are node indices, and every read is a look-up
/// in the table's arrays (the scanner has already checked the structure and parsed the
/// scalars, so nothing here can fail). No ``Plist`` tree is built. Positions are the
/// line:column of each element's start tag.
///
/// The table owns copies of the text it holds, so a decoder or container that escapes
/// `PlistDecoder.decode` stays valid.
final class XMLDecodingSource: PlistDecodingSource {
    typealias Value = Int

    let table: XMLNodeTable

    init(_ table: XMLNodeTable) {
        self.table = table
    }

    var top: Int { 0 }

    func number(_ value: Int) -> PlistNumber? {
        switch table.kinds[value] {
        case .integer: .integer(PlistInteger(Int64(bitPattern: table.payloads[value])))
        case .largeInteger: .integer(PlistInteger(table.payloads[value]))
        case .real: .real(Double(bitPattern: table.payloads[value]))
        default: nil
        }
    }

    func string(_ value: Int) -> String? {
        table.kinds[value] == .string ? table.string(value) : nil
    }

    func bool(_ value: Int) -> Bool? {
        switch table.kinds[value] {
        case .true: true
        case .false: false
        default: nil
        }
    }

    func date(_ value: Int) -> Date? {
        guard table.kinds[value] == .date else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: table.payloads[value]))
    }

    func data(_ value: Int) -> Data? {
        table.kinds[value] == .data ? table.data(value) : nil
    }

    func isNull(_ value: Int) -> Bool {
        guard table.kinds[value] == .string else { return false }
        var marker = PlistNull.marker
        return marker.withUTF8 { table.textEquals(value, $0) }
    }

    func keyed(_ value: Int) -> Keyed? {
        table.kinds[value] == .dictionary ? Keyed(table, value) : nil
    }

    func unkeyed(_ value: Int) -> Unkeyed? {
        table.kinds[value] == .array ? Unkeyed(table, value) : nil
    }

    func typeDescription(_ value: Int) -> String {
        switch table.kinds[value] {
        case .dictionary: "a dictionary"
        case .array: "an array"
        case .key, .string: "a string"
        case .integer, .largeInteger: "an integer"
        case .real: "a real number"
        case .true, .false: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        }
    }

    func location(_ value: Int) -> PlistError.Location? {
        table.positions[value].location
    }

    /// A tree has no cycles.
    func enter(_ value: Int, from parent: Int) -> Bool { false }
    func leave(_ value: Int) {}

    /// A dictionary node read through a keyed container. Its children alternate key and
    /// value nodes.
    ///
    /// Small dictionaries are searched linearly from just after the last entry found, so a
    /// type reading its keys in the order they were written (what synthesized `Codable`
    /// does) finds each on the first try; larger ones, and any with a repeated key, get a
    /// hash index, in which the last value of a repeated key wins, as in ``Plist``.
    final class Keyed: PlistKeyedSource {
        private let table: XMLNodeTable
        let count: Int
        /// The first key node, and the index past the last value.
        private let first: Int
        private let end: Int
        /// The key node to try first.
        private var hint: Int
        private var index: [String: Int]?

        /// Dictionaries with more entries than this are looked up through a hash index.
        private static let linearLimit = 24

        init(_ table: XMLNodeTable, _ node: Int) {
            self.table = table
            count = Int(truncatingIfNeeded: table.payloads[node])
            first = node + 1
            end = table.end(node)
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
                return index[key].map { $0 + 1 }
            }
            var key = key
            return key.withUTF8 { utf8 in
                var node = hint
                for _ in 0..<count {
                    let next = table.end(node + 1)
                    if table.textEquals(node, utf8) {
                        hint = next == end ? first : next
                        return node + 1
                    }
                    node = next == end ? first : next
                }
                return nil
            }
        }

        /// Key text → key node.
        private func buildIndex() -> [String: Int] {
            var index: [String: Int] = [:]
            index.reserveCapacity(count)
            var node = first
            while node < end {
                index[table.string(node)] = node
                node = table.end(node + 1)
            }
            return index
        }

        func keys() -> [String] {
            if count > Keyed.linearLimit, index == nil { index = buildIndex() }
            // A repeated key is listed once, at its first position.
            var seen: Set<String>? = (index.map { $0.count < count } ?? false) ? [] : nil
            var keys: [String] = []
            keys.reserveCapacity(count)
            var node = first
            while node < end {
                let key = table.string(node)
                if seen == nil || seen!.insert(key).inserted { keys.append(key) }
                node = table.end(node + 1)
            }
            return keys
        }
    }

    /// An array node read through an unkeyed container. Elements are reached by walking
    /// siblings; the container asks for them in order, so a cursor makes each step O(1).
    final class Unkeyed: PlistUnkeyedSource {
        private let table: XMLNodeTable
        let count: Int
        private let first: Int
        private var cursorIndex = 0
        private var cursorNode: Int

        init(_ table: XMLNodeTable, _ node: Int) {
            self.table = table
            count = Int(truncatingIfNeeded: table.payloads[node])
            first = node + 1
            cursorNode = first
        }

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
