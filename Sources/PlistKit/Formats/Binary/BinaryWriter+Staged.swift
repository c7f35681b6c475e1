/// A container already in a ``BinaryWriter``'s table, as it stands among the children of a
/// container staged after it.
///
/// Its stand-in is a ``Plist`` (the producer keeps children in `[Plist]`), but one no value a
/// program encodes can be: an integer in a representation only ``PlistInteger/init(stagedObject:)``
/// makes. So every other child, a ``Plist/uid(_:)`` included, is written as the value it is.
struct StagedObject {
    /// The container's index in the table.
    let index: UInt32

    init(index: UInt32) {
        self.index = index
    }

    /// The staged object `standIn` stands for; nil for every other value.
    @inline(__always)
    init?(standIn: Plist) {
        guard case .integer(let integer) = standIn, let index = integer.stagedObjectIndex else { return nil }
        self.index = index
    }

    /// What a parent's child array holds for this container.
    var standIn: Plist { .integer(PlistInteger(stagedObject: index)) }
}

/// Containers handed to the writer one at a time, children first, by a producer that builds
/// no ``Plist`` tree (`PlistEncoder`'s binary output, through `BinaryEncodingSink`).
///
/// A staged container's children are scalars, or containers staged before it: those are
/// ``StagedObject`` stand-ins. Uniquing is the same as for a flattened tree, so the file is
/// too, up to the order of its objects. A producer may drop a staged container (a value
/// written again under the same key); ``removeUnreachable(top:)`` then leaves it out of the
/// file.
extension BinaryWriter {
    /// The index of an array with `elements`, which is at `depth` in the file.
    mutating func stagedArray(_ elements: UnsafeBufferPointer<Plist>, depth: Int) throws(PlistError) -> UInt32 {
        try checkDepth(depth)
        let base = pendingRefs.count
        try appendReferences(to: elements, depth: depth + 1, staged: true)
        return try container(marker: BinaryMarker.array, refsFrom: base)
    }

    /// The index of a dictionary with `keys` and `values`, which is at `depth` in the file.
    mutating func stagedDictionary(keys: UnsafeBufferPointer<PlistKey>, lifetime: KeyLifetime, values: UnsafeBufferPointer<Plist>, depth: Int) throws(PlistError) -> UInt32 {
        try checkDepth(depth)
        let base = pendingRefs.count
        try appendKeyReferences(keys, lifetime: lifetime)
        try appendReferences(to: values, depth: depth + 1, staged: true)
        return try container(marker: BinaryMarker.dictionary, refsFrom: base)
    }

    /// Drops the objects that `top` does not reach, keeping the others in their order (and
    /// so children before parents), and renumbers `top`; nothing to do when it reaches all.
    /// Returns whether any object was dropped.
    @discardableResult
    mutating func removeUnreachable(top: inout UInt32) throws(PlistError) -> Bool {
        // A reference names an earlier object, so one sweep down from the top marks them all.
        var reached = [Bool](repeating: false, count: Int(top) + 1)
        reached[Int(top)] = true
        var reachedCount = 0
        for index in stride(from: Int(top), through: 0, by: -1) where reached[index] {
            reachedCount += 1
            let entry = entries[index]
            guard entry.marker == BinaryMarker.array || entry.marker == BinaryMarker.dictionary else { continue }
            for child in refs.buffer(entry.range) { reached[Int(child)] = true }
        }
        guard reachedCount < entries.count else { return false }
        var kept = BinaryWriter(maximumDepth: maximumDepth)
        var renumbered = [UInt32](repeating: 0, count: Int(top) + 1)
        for index in 0...Int(top) where reached[index] {
            let entry = entries[index]
            switch entry.marker {
            case 0:
                let start = kept.scalarBytes.count
                kept.scalarBytes.append(contentsOf: scalarBytes.buffer(entry.range))
                renumbered[index] = try kept.uniqueScalar(from: start)
            case BinaryMarker.data:
                renumbered[index] = try kept.uniqueLargeData(largeData.blobs[entry.start])
            case let marker:
                let base = kept.pendingRefs.count
                for child in refs.buffer(entry.range) { kept.pendingRefs.append(renumbered[Int(child)]) }
                renumbered[index] = try kept.container(marker: marker, refsFrom: base)
            }
        }
        top = renumbered[Int(top)]
        self = kept
        return true
    }
}
