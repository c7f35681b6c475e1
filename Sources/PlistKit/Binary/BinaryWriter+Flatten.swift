#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BinaryWriter {
    /// Adds `value` and everything it contains to the table, children first, and returns its
    /// index. Equal objects share one index.
    mutating func flatten(_ value: Plist, depth: Int) throws(PlistError) -> Int {
        switch value {
        case .string(let string):
            return stringObject(string)
        case .integer(let integer):
            return scalar(.integer(integer)) { bytes in
                if let unsigned = integer.uint64Value {
                    BinaryWriter.appendUnsigned(unsigned, to: &bytes)
                } else {
                    bytes.append(0x13)
                    BinaryWriter.appendBigEndian(UInt64(bitPattern: integer.int64Value!), size: 8, to: &bytes)
                }
            }
        case .real(let real):
            return scalar(.real(real.bitPattern)) { bytes in
                bytes.append(0x23)
                BinaryWriter.appendBigEndian(real.bitPattern, size: 8, to: &bytes)
            }
        case .bool(let bool):
            return scalar(.bool(bool)) { bytes in
                bytes.append(bool ? BinaryMarker.true : BinaryMarker.false)
            }
        case .date(let date):
            let bits = date.timeIntervalSinceReferenceDate.bitPattern
            return scalar(.date(bits)) { bytes in
                bytes.append(BinaryMarker.date)
                BinaryWriter.appendBigEndian(bits, size: 8, to: &bytes)
            }
        case .data(let data):
            return scalar(.data(data)) { bytes in
                BinaryWriter.appendHeader(marker: BinaryMarker.data, count: data.count, to: &bytes)
                bytes.append(contentsOf: data)
            }
        case .uid(let uid):
            return scalar(.uid(uid)) { bytes in
                let size = BinaryWriter.bytesNeeded(uid)
                bytes.append(BinaryMarker.uid << 4 | UInt8(size - 1))
                BinaryWriter.appendBigEndian(uid, size: size, to: &bytes)
            }
        case .array(let elements):
            let identity = Uniquing.StorageIdentity(elements)
            if let identity, let known = uniquing.sharedStorage[identity] { return known }
            try checkDepth(depth)
            // Flattening a child appends that child's own references to `refs`, so this
            // container's references are gathered locally and moved there at the end.
            var childRefs: [Int] = []
            childRefs.reserveCapacity(elements.count)
            for element in elements {
                childRefs.append(try flatten(element, depth: depth + 1))
            }
            let index = container(marker: BinaryMarker.array, count: elements.count, childRefs: childRefs)
            if let identity { uniquing.sharedStorage[identity] = index }
            return index
        case .dictionary(let entries):
            let identity = Uniquing.StorageIdentity(entries)
            if let identity, let known = uniquing.sharedStorage[identity] { return known }
            try checkDepth(depth)
            var childRefs: [Int] = []
            childRefs.reserveCapacity(entries.count * 2)
            for key in entries.keys {
                childRefs.append(stringObject(key))
            }
            for value in entries.values {
                childRefs.append(try flatten(value, depth: depth + 1))
            }
            let index = container(marker: BinaryMarker.dictionary, count: entries.count, childRefs: childRefs)
            if let identity { uniquing.sharedStorage[identity] = index }
            return index
        }
    }

    private func checkDepth(_ depth: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels")
        }
    }

    /// The index of a string object, adding it when it is new.
    private mutating func stringObject(_ string: String) -> Int {
        scalar(.string(Uniquing.ExactString(string: string))) { bytes in
            var string = string
            let isASCII = string.withUTF8 { utf8 in utf8.allSatisfy { $0 < 0x80 } }
            if isASCII {
                BinaryWriter.appendHeader(marker: BinaryMarker.asciiString, count: string.utf8.count, to: &bytes)
                bytes.append(contentsOf: string.utf8)
            } else {
                BinaryWriter.appendHeader(marker: BinaryMarker.utf16String, count: string.utf16.count, to: &bytes)
                for unit in string.utf16 {
                    bytes.append(UInt8(unit >> 8))
                    bytes.append(UInt8(truncatingIfNeeded: unit))
                }
            }
        }
    }

    /// The index of the scalar with uniquing key `key`; when it is new, `encode` appends its
    /// encoding to `scalarBytes` and it gets the next index.
    private mutating func scalar(_ key: Uniquing.ScalarKey, encode: (inout [UInt8]) -> Void) -> Int {
        if let existing = uniquing.scalars[key] { return existing }
        let start = scalarBytes.count
        encode(&scalarBytes)
        let index = entries.count
        entries.append(.scalar(start..<scalarBytes.count))
        uniquing.scalars[key] = index
        return index
    }

    /// The index of a container with these child references (keys then values for a
    /// dictionary); a container with the same marker and references as an earlier one reuses
    /// that one's index.
    private mutating func container(marker: UInt8, count: Int, childRefs: [Int]) -> Int {
        var hasher = Hasher()
        hasher.combine(marker)
        hasher.combine(count)
        hasher.combine(childRefs)
        let hash = hasher.finalize()
        if let existing = uniquing.containers[hash],
           case .container(let existingMarker, _, let existingRange) = entries[existing],
           existingMarker == marker, refs[existingRange].elementsEqual(childRefs) {
            return existing
        }
        let start = refs.count
        refs.append(contentsOf: childRefs)
        let range = start..<refs.count
        let index = entries.count
        entries.append(.container(marker: marker, count: count, refs: range))
        // On the rare hash collision with a different container, the first keeps the slot
        // and this one is simply not shared.
        if uniquing.containers[hash] == nil { uniquing.containers[hash] = index }
        return index
    }
}
