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
            return scalar { bytes in
                if let unsigned = integer.uint64Value {
                    BinaryWriter.appendUnsigned(unsigned, to: &bytes)
                } else {
                    bytes.append(0x13)
                    BinaryWriter.appendBigEndian(UInt64(bitPattern: integer.int64Value!), size: 8, to: &bytes)
                }
            }
        case .real(let real):
            return scalar { bytes in
                bytes.append(0x23)
                BinaryWriter.appendBigEndian(real.bitPattern, size: 8, to: &bytes)
            }
        case .bool(let bool):
            return scalar { bytes in
                bytes.append(bool ? BinaryMarker.true : BinaryMarker.false)
            }
        case .date(let date):
            return scalar { bytes in
                bytes.append(BinaryMarker.date)
                BinaryWriter.appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &bytes)
            }
        case .data(let data):
            return scalar { bytes in
                BinaryWriter.appendHeader(marker: BinaryMarker.data, count: data.count, to: &bytes)
                bytes.append(contentsOf: data)
            }
        case .uid(let uid):
            return scalar { bytes in
                let size = BinaryWriter.bytesNeeded(uid)
                bytes.append(BinaryMarker.uid << 4 | UInt8(size - 1))
                BinaryWriter.appendBigEndian(uid, size: size, to: &bytes)
            }
        case .array(let elements):
            let identity = Uniquing.StorageIdentity(elements)
            if let identity, let known = uniquing.sharedStorage[identity] { return known }
            try checkDepth(depth)
            // Flattening a child pushes (and pops) that child's own references above these.
            let base = pendingRefs.count
            for element in elements {
                pendingRefs.append(try flatten(element, depth: depth + 1))
            }
            let index = container(marker: BinaryMarker.array, count: elements.count, refsFrom: base)
            if let identity { uniquing.sharedStorage[identity] = index }
            return index
        case .dictionary(let entries):
            let identity = Uniquing.StorageIdentity(entries)
            if let identity, let known = uniquing.sharedStorage[identity] { return known }
            try checkDepth(depth)
            let base = pendingRefs.count
            for key in entries.keys {
                pendingRefs.append(stringObject(key))
            }
            for value in entries.values {
                pendingRefs.append(try flatten(value, depth: depth + 1))
            }
            let index = container(marker: BinaryMarker.dictionary, count: entries.count, refsFrom: base)
            if let identity { uniquing.sharedStorage[identity] = index }
            return index
        }
    }

    private func checkDepth(_ depth: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels")
        }
    }

    /// The index of a string object, adding it when it is new: ASCII when every byte is,
    /// UTF-16 otherwise.
    private mutating func stringObject(_ string: String) -> Int {
        let start = scalarBytes.count
        var string = string
        let wroteASCII = string.withUTF8 { utf8 in
            guard BinaryWriter.isASCII(UnsafeRawBufferPointer(utf8)) else { return false }
            BinaryWriter.appendHeader(marker: BinaryMarker.asciiString, count: utf8.count, to: &scalarBytes)
            scalarBytes.append(contentsOf: utf8)
            return true
        }
        if !wroteASCII {
            BinaryWriter.appendHeader(marker: BinaryMarker.utf16String, count: string.utf16.count, to: &scalarBytes)
            for unit in string.utf16 {
                scalarBytes.append(UInt8(unit >> 8))
                scalarBytes.append(UInt8(truncatingIfNeeded: unit))
            }
        }
        return uniqueScalar(from: start)
    }

    /// The index of the scalar that `encode` appends to `scalarBytes`.
    @inline(__always)
    private mutating func scalar(encode: (inout [UInt8]) -> Void) -> Int {
        let start = scalarBytes.count
        encode(&scalarBytes)
        return uniqueScalar(from: start)
    }

    /// The index of the scalar just encoded at `scalarBytes[start...]`: an earlier one with
    /// the same encoding (whose index is returned after dropping the new bytes), or else a
    /// new object.
    private mutating func uniqueScalar(from start: Int) -> Int {
        let end = scalarBytes.count
        let hash = scalarBytes[start...].withUnsafeBytes { BinaryWriter.hash($0) }
        var probe = uniquing.scalars.probe(hash)
        while let candidate = uniquing.scalars.next(&probe) {
            guard case .scalar(let range) = entries[candidate], range.count == end - start else { continue }
            let same = scalarBytes.withUnsafeBytes { all in
                BinaryWriter.bytesEqual(UnsafeRawBufferPointer(rebasing: all[range]),
                                        UnsafeRawBufferPointer(rebasing: all[start..<end]))
            }
            if same {
                scalarBytes.removeLast(end - start)
                return candidate
            }
        }
        let index = entries.count
        entries.append(.scalar(start..<end))
        uniquing.scalars.insert(index, at: probe)
        return index
    }

    /// The index of a container whose child references (keys then values for a dictionary)
    /// are `pendingRefs[base...]`, which it pops; a container with the same marker and
    /// references as an earlier one reuses that one's index.
    private mutating func container(marker: UInt8, count: Int, refsFrom base: Int) -> Int {
        let hash = pendingRefs[base...].withUnsafeBytes { BinaryWriter.hash($0, seed: UInt64(marker)) }
        let refCount = pendingRefs.count - base
        var probe = uniquing.containers.probe(hash)
        while let candidate = uniquing.containers.next(&probe) {
            guard case .container(let existingMarker, _, let range) = entries[candidate],
                  existingMarker == marker, range.count == refCount else { continue }
            let same = refs[range].withUnsafeBytes { existing in
                pendingRefs[base...].withUnsafeBytes { BinaryWriter.bytesEqual(existing, $0) }
            }
            if same {
                pendingRefs.removeLast(refCount)
                return candidate
            }
        }
        let start = refs.count
        refs.append(contentsOf: pendingRefs[base...])
        pendingRefs.removeLast(refCount)
        let index = entries.count
        entries.append(.container(marker: marker, count: count, refs: start..<refs.count))
        uniquing.containers.insert(index, at: probe)
        return index
    }
}
