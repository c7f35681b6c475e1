import OrderedCollections
import PlistKit

// Arrays, dictionaries, sets, ordered sets and optionals, as NSArray (`NS.objects`),
// NSDictionary (`NS.keys` + `NS.objects`), NSSet (`NS.objects`), NSOrderedSet and NSNull.
// Reading also accepts the `NS.object.0`, `NS.object.1`, … (and `NS.key.N`) form
// swift-corelibs-foundation writes for ordered sets.
//
// Reading is `@inlinable`, as are `KeyedUnarchiver.decode(_:forKey:)` and `decodeIfPresent`,
// so that the module that decodes an `[Item]` specializes the code for `Item`. Unspecialized,
// every collection looked up the metadata of its own types (`Array<Item>`, its storage,
// `Optional<Item>`) at run time: 7% of the instructions of unarchiving the app-state
// benchmark's graph.

extension KeyedUnarchiver {
    /// The element slots of an array, set or ordered set: `NS.objects`, or `NS.object.N`.
    @usableFromInline
    func elementSlots(_ fields: ArchiveFields, prefix: String = "NS.object", plural: String = "NS.objects") throws(KeyedArchiveError) -> [Plist] {
        if plural == "NS.objects", let counted = try countedSlots(fields) {
            // An NSCountedSet: each distinct element once.
            return counted.map(\.element)
        }
        if let objects = fields[PlistKey(plural)] {
            guard case .array(let slots) = resolve(objects).value else {
                throw KeyedArchiveError(.typeMismatch, "\(plural) is \(describe(objects)), not an array")
            }
            return slots
        }
        var slots: [Plist] = []
        while let slot = fields[PlistKey("\(prefix).\(slots.count)")] {
            slots.append(slot)
        }
        return slots
    }

    /// The key and value slots of an NSDictionary, in pairs.
    @usableFromInline
    func entrySlots(_ fields: ArchiveFields) throws(KeyedArchiveError) -> Zip2Sequence<[Plist], [Plist]> {
        let keys = try elementSlots(fields, prefix: "NS.key", plural: "NS.keys")
        let values = try elementSlots(fields, prefix: "NS.object", plural: "NS.objects")
        guard keys.count == values.count else {
            throw KeyedArchiveError(.typeMismatch, "the dictionary has \(keys.count) keys but \(values.count) values")
        }
        return zip(keys, values)
    }
}

extension Array: KeyedArchivable where Element: KeyedArchivable {
    /// Writes an NSArray with `NS.objects`.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        let elements = map { Plist.uid($0.archive(into: archiver)) }
        archiver.fill(uid, hierarchy: ["NSArray", "NSObject"], fields: ["NS.objects": .array(elements)])
        return uid
    }

    /// Reads an NSArray or NSOrderedSet (mutable or not); an NSSet in its stored order.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> [Element] {
        let (uid, fields) = try unarchiver.foundationFields(of: slot, in: .collection, expected: "an array")
        return try unarchiver.decodingValue(uid) { () throws(KeyedArchiveError) -> [Element] in
            let slots = try unarchiver.elementSlots(fields)
            var result: [Element] = []
            result.reserveCapacity(slots.count)
            for (index, element) in slots.enumerated() {
                result.append(try KeyedArchiveError.within("element \(index)") { () throws(KeyedArchiveError) in
                    try Element.unarchive(from: element, in: unarchiver)
                })
            }
            return result
        }
    }
}

extension Set: KeyedArchivable where Element: KeyedArchivable {
    /// Writes an NSSet with `NS.objects`, in a stable order (see `StableOrder`), so the same
    /// set archives to the same bytes in every process.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        let elements = StableOrder.sorted(self).map { Plist.uid($0.archive(into: archiver)) }
        archiver.fill(uid, hierarchy: ["NSSet", "NSObject"], fields: ["NS.objects": .array(elements)])
        return uid
    }

    /// Reads an NSSet, NSArray or NSOrderedSet (mutable or not).
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Set<Element> {
        Set(try [Element].unarchive(from: slot, in: unarchiver))
    }
}

extension Dictionary: KeyedArchivable where Key: KeyedArchivable, Value: KeyedArchivable {
    /// Writes an NSDictionary with `NS.keys` and `NS.objects`, keys in a stable order (see
    /// `StableOrder`), so the same dictionary archives to the same bytes in every process.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        var keys: [Plist] = []
        var values: [Plist] = []
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
        for key in StableOrder.sorted(self.keys) {
            let value = self[key]!
            keys.append(.uid(key.archive(into: archiver)))
            values.append(.uid(value.archive(into: archiver)))
        }
        archiver.fill(uid, hierarchy: ["NSDictionary", "NSObject"], fields: ["NS.keys": .array(keys), "NS.objects": .array(values)])
        return uid
    }

    /// Reads an NSDictionary or NSMutableDictionary. A repeated key keeps its last value.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> [Key: Value] {
        let (uid, fields) = try unarchiver.foundationFields(of: slot, in: .dictionary, expected: "a dictionary")
        return try unarchiver.decodingValue(uid) { () throws(KeyedArchiveError) -> [Key: Value] in
            var result: [Key: Value] = [:]
            for (key, value) in try unarchiver.entrySlots(fields) {
                let decodedKey = try Key.unarchive(from: key, in: unarchiver)
                result[decodedKey] = try KeyedArchiveError.within("value for key \(decodedKey)") { () throws(KeyedArchiveError) in
                    try Value.unarchive(from: value, in: unarchiver)
                }
            }
            return result
        }
    }
}

extension Optional: KeyedArchivable where Wrapped: KeyedArchivable {
    /// Writes the wrapped value, or an NSNull object for nil (so that it can stand in a
    /// collection; a nil field is written as `$null` by ``KeyedArchiver/encode(_:forKey:)-(T?,_)``).
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        switch self {
        case .some(let value): value.archive(into: archiver)
        case .none: archiver.uid(for: .null, field: nil)
        }
    }

    /// Reads nil from `$null` or an NSNull object, else the wrapped value.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> Wrapped? {
        if unarchiver.isNull(slot) { return nil }
        return try Wrapped.unarchive(from: slot, in: unarchiver)
    }
}

/// An ordered collection of distinct elements archived as an `NSOrderedSet`.
///
/// Swift has no ordered set in the standard library; this small wrapper says "write an
/// NSOrderedSet" where an `Array` would write an NSArray. Decoding reads the `NS.objects`
/// form and the `NS.object.N` form swift-corelibs-foundation writes.
public struct KeyedOrderedSet<Element: KeyedArchivable & Hashable>: KeyedArchivable, Hashable, RandomAccessCollection {
    /// The elements, in order, without duplicates.
    public private(set) var elements: [Element]

    /// Creates an ordered set of `elements`, keeping the first of any duplicates.
    public init(_ elements: some Sequence<Element>) {
        var seen = Set<Element>()
        self.elements = elements.filter { seen.insert($0).inserted }
    }

    /// The position of the first element.
    public var startIndex: Int { elements.startIndex }
    /// The position past the last element.
    public var endIndex: Int { elements.endIndex }
    /// The element at `position`.
    public subscript(position: Int) -> Element { elements[position] }

    /// Writes an NSOrderedSet in swift-corelibs-foundation's form, `NS.object.0`, `NS.object.1`, …,
    /// which is what Foundation on Linux reads.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        var fields: PlistDictionary = [:]
        for (index, element) in elements.enumerated() {
            fields[PlistKey("NS.object.\(index)")] = .uid(element.archive(into: archiver))
        }
        archiver.fill(uid, hierarchy: ["NSOrderedSet", "NSObject"], fields: fields)
        return uid
    }

    /// Reads an NSOrderedSet (either form Foundation writes), keeping the first of any
    /// duplicates.
    @inlinable
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> KeyedOrderedSet<Element> {
        KeyedOrderedSet(try [Element].unarchive(from: slot, in: unarchiver))
    }
}
