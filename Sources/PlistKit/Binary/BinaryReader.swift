#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Decodes a `bplist00` file into a ``Plist``.
///
/// All parsing and validation of single objects is ``BinaryObjectTable``'s; this type adds
/// what building a tree needs. Each object is decoded at most once and cached by index, so
/// shared objects cost their size once however many containers refer to them. An object
/// whose decoding is in progress marks a cycle if it is reached again.
struct BinaryReader: ~Copyable {
    private let table: BinaryObjectTable
    private let maximumDepth: Int
    /// Decoded objects by index.
    private var cache: [Plist?]
    /// True while the object at that index is being decoded.
    private var inProgress: [Bool]

    /// Decodes the binary plist in `bytes`.
    static func read(_ bytes: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        let table = try BinaryObjectTable(bytes)
        var reader = BinaryReader(table, maximumDepth: options.maximumDepth)
        return try reader.object(at: table.trailer.topObject, depth: 0, referencedFrom: table.topReferrer)
    }

    private init(_ table: BinaryObjectTable, maximumDepth: Int) {
        self.table = table
        self.maximumDepth = maximumDepth
        cache = Array(repeating: nil, count: table.objectCount)
        inProgress = Array(repeating: false, count: table.objectCount)
    }

    /// Decodes object `index` (or returns it from the cache).
    private mutating func object(at index: Int, depth: Int, referencedFrom referrer: Int) throws(PlistError) -> Plist {
        guard index >= 0, index < table.objectCount else {
            throw table.refOutOfRange(index, referencedFrom: referrer)
        }
        if let cached = cache[index] { return cached }
        guard !inProgress[index] else {
            throw PlistError(.cyclicReference, "object \(index) contains itself", offset: referrer)
        }
        inProgress[index] = true
        let value = try decodeObject(table.object(index: index), depth: depth)
        inProgress[index] = false
        cache[index] = value
        return value
    }

    private mutating func decodeObject(_ object: BinaryObject, depth: Int) throws(PlistError) -> Plist {
        switch object.kind {
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .integer: return .integer(try table.integer(object))
        case .real: return .real(table.real(object))
        case .date: return .date(table.date(object))
        case .data: return .data(table.data(object))
        case .asciiString, .utf16String: return .string(try table.string(object))
        case .uid: return .uid(try table.uid(object))
        case .array, .set:
            try checkDepth(depth, at: object.offset)
            let refSize = table.refSize
            var elements: [Plist] = []
            elements.reserveCapacity(object.count)
            var position = object.start
            for _ in 0..<object.count {
                elements.append(try self.object(at: table.ref(at: position), depth: depth + 1, referencedFrom: position))
                position += refSize
            }
            return .array(elements)
        case .dictionary:
            try checkDepth(depth, at: object.offset)
            let refSize = table.refSize
            var entries = OrderedDictionary<String, Plist>(minimumCapacity: object.count)
            let valuesStart = object.start + object.count * refSize
            for element in 0..<object.count {
                let keyPosition = object.start + element * refSize
                let keyObject = try self.object(at: table.ref(at: keyPosition), depth: depth + 1, referencedFrom: keyPosition)
                guard case .string(let key) = keyObject else {
                    throw PlistError(.nonStringKey, "dictionary key is a \(keyObject.typeName), not a string", offset: keyPosition)
                }
                let valuePosition = valuesStart + element * refSize
                entries[key] = try self.object(at: table.ref(at: valuePosition), depth: depth + 1, referencedFrom: valuePosition)
            }
            return .dictionary(entries)
        }
    }

    private func checkDepth(_ depth: Int, at offset: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels", offset: offset)
        }
    }
}
