import PlistKit

/// A set that counts how often each element was added, archived as an `NSCountedSet`.
///
/// Foundation archives a counted set as `NS.count` (the number of distinct elements) and,
/// for each element *i*, `NS.object`*i* (a reference) and `NS.count`*i* (how often it was
/// added). Elements keep the order they were first added in, so archiving the same set
/// twice gives the same bytes.
public struct KeyedCountedSet<Element: KeyedArchivable & Hashable>: KeyedArchivable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// Each distinct element with its count (at least 1), in the order first added.
    public private(set) var counts: OrderedDictionary<Element, Int>

    /// An empty counted set.
    public init() { counts = [:] }

    /// A counted set holding each element of `elements` as often as it occurs there.
    public init(_ elements: some Sequence<Element>) {
        counts = [:]
        for element in elements { add(element) }
    }

    /// A counted set of the literal's elements, each counted as often as it appears.
    public init(arrayLiteral elements: Element...) { self.init(elements) }

    /// How often `element` was added (0 when absent). Like `count(for:)`.
    public func count(for element: Element) -> Int { counts[element] ?? 0 }

    /// Adds `element` once more. Like `add(_:)`.
    public mutating func add(_ element: Element) { counts[element, default: 0] += 1 }

    /// Removes one occurrence of `element`, and the element when none is left. Like `remove(_:)`.
    public mutating func remove(_ element: Element) {
        guard let count = counts[element] else { return }
        counts[element] = count > 1 ? count - 1 : nil
    }

    /// The distinct elements, in the order first added.
    public func makeIterator() -> OrderedSet<Element>.Iterator { counts.keys.makeIterator() }

    /// Writes an NSCountedSet in Foundation's form.
    public func archive(into archiver: KeyedArchiver) -> UInt64 {
        let uid = archiver.reserveUID()
        var fields: PlistDictionary = ["NS.count": .integer(PlistInteger(counts.count))]
        for (index, (element, count)) in counts.enumerated() {
            fields[PlistKey("NS.object\(index)")] = .uid(element.archive(into: archiver))
            fields[PlistKey("NS.count\(index)")] = .integer(PlistInteger(count))
        }
        archiver.fill(uid, hierarchy: ["NSCountedSet", "NSMutableSet", "NSSet", "NSObject"], fields: fields)
        return uid
    }

    /// Reads an NSCountedSet; any other set, array or ordered set counts each element once
    /// per occurrence.
    public static func unarchive(from slot: Plist, in unarchiver: KeyedUnarchiver) throws(KeyedArchiveError) -> KeyedCountedSet<Element> {
        let (uid, fields) = try unarchiver.foundationFields(of: slot, in: .collection, expected: "a counted set")
        return try unarchiver.decodingValue(uid) { () throws(KeyedArchiveError) -> KeyedCountedSet<Element> in
            var result = KeyedCountedSet()
            if let counted = try unarchiver.countedSlots(fields) {
                for (index, (element, count)) in counted.enumerated() {
                    let decoded = try KeyedArchiveError.within("element \(index)") { () throws(KeyedArchiveError) in
                        try Element.unarchive(from: element, in: unarchiver)
                    }
                    result.counts[decoded, default: 0] += count
                }
            } else {
                for element in try [Element].unarchive(from: slot, in: unarchiver) { result.add(element) }
            }
            return result
        }
    }
}

extension KeyedUnarchiver {
    /// The elements and counts of an NSCountedSet in Foundation's form (`NS.count`,
    /// `NS.object`*i*, `NS.count`*i*), or nil when `fields` are not in that form.
    func countedSlots(_ fields: ArchiveFields) throws(KeyedArchiveError) -> [(element: Plist, count: Int)]? {
        guard !fields.contains("NS.objects"), let total = fields["NS.count"] else { return nil }
        guard case .integer(let integer) = resolve(total).value, let count = integer.intValue, count >= 0,
              count <= fields.count / 2 else {
            throw KeyedArchiveError(.typeMismatch, "NS.count is \(describe(total)), not the number of counted elements")
        }
        var slots: [(element: Plist, count: Int)] = []
        slots.reserveCapacity(count)
        for index in 0..<count {
            guard let element = fields[PlistKey("NS.object\(index)")], let times = fields[PlistKey("NS.count\(index)")] else {
                throw KeyedArchiveError(.typeMismatch, "the counted set lacks NS.object\(index) or NS.count\(index)")
            }
            guard case .integer(let value) = resolve(times).value, let occurrences = value.intValue, occurrences >= 1 else {
                throw KeyedArchiveError(.typeMismatch, "NS.count\(index) is \(describe(times)), not a positive count")
            }
            slots.append((element, occurrences))
        }
        return slots
    }
}
