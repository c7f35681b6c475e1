import OrderedCollections

extension BinaryWriter {
    /// Adds `value` and everything it contains to the table, children first, and returns its
    /// index. Equal objects share one index.
    mutating func flatten(_ value: Plist, depth: Int) throws(PlistError) -> UInt32 {
        switch value {
        case .array(let elements):
            return try array(elements, depth: depth)
        case .dictionary(let entries):
            return try dictionary(entries, depth: depth)
        default:
            let start = scalarBytes.count
            scalarBytes.appendScalar(value)
            return try uniqueScalar(from: start)
        }
    }

    private mutating func array(_ elements: [Plist], depth: Int) throws(PlistError) -> UInt32 {
        try elements.withUnsafeBufferPointer { elements throws(PlistError) in
            let identity = StorageIdentity(elements: elements)
            if let identity, let known = uniquing.sharedStorage.object(for: identity) { return known }
            try checkDepth(depth)
            // Flattening a child pushes (and pops) that child's own references above these.
            let base = pendingRefs.count
            try appendReferences(to: elements, depth: depth + 1)
            let index = try container(marker: BinaryMarker.array, refsFrom: base)
            if let identity { uniquing.sharedStorage.record(index, for: identity) }
            return index
        }
    }

    private mutating func dictionary(_ entries: OrderedDictionary<String, Plist>, depth: Int) throws(PlistError) -> UInt32 {
        try entries.keys.elements.withUnsafeBufferPointer { keys throws(PlistError) in
            try entries.values.elements.withUnsafeBufferPointer { values throws(PlistError) in
                let identity = StorageIdentity(keys: keys, values: values)
                if let identity, let known = uniquing.sharedStorage.object(for: identity) { return known }
                try checkDepth(depth)
                let base = pendingRefs.count
                try appendKeyReferences(keys)
                try appendReferences(to: values, depth: depth + 1)
                let index = try container(marker: BinaryMarker.dictionary, refsFrom: base)
                if let identity { uniquing.sharedStorage.record(index, for: identity) }
                return index
            }
        }
    }

    /// Flattens `children` and pushes their references.
    private mutating func appendReferences(to children: UnsafeBufferPointer<Plist>, depth: Int) throws(PlistError) {
        for position in children.indices {
            // Scalars are encoded here rather than through `flatten`: the throwing call would
            // copy (retain and release) each child it is handed.
            let start = scalarBytes.count
            let reference = if scalarBytes.appendScalar(children[position]) {
                try uniqueScalar(from: start)
            } else {
                try flatten(children[position], depth: depth)
            }
            pendingRefs.append(reference)
        }
    }

    /// Pushes the references of a dictionary's keys, from the cache when an earlier
    /// dictionary had the same keys' storage.
    private mutating func appendKeyReferences(_ keys: UnsafeBufferPointer<String>) throws(PlistError) {
        guard let address = keys.baseAddress.map(UInt.init(bitPattern:)) else { return }
        if let known = uniquing.keys.references(at: address) {
            pendingRefs.append(contentsOf: known)
            return
        }
        let base = pendingRefs.count
        for position in keys.indices {
            let start = scalarBytes.count
            scalarBytes.appendString(keys[position])
            let reference = try uniqueScalar(from: start)
            pendingRefs.append(reference)
        }
        uniquing.keys.remember(pendingRefs.buffer(base..<pendingRefs.count), at: address)
    }

    private func checkDepth(_ depth: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels")
        }
    }

    /// The index of the scalar just encoded at `scalarBytes[start...]`: an earlier one with
    /// the same encoding (whose index is returned after dropping the new bytes), or else a
    /// new object.
    private mutating func uniqueScalar(from start: Int) throws(PlistError) -> UInt32 {
        let length = scalarBytes.count - start
        let encoded = UnsafeRawBufferPointer(scalarBytes.buffer(start..<start + length))
        var probe = uniquing.scalars.probe(BinaryWriter.hash(encoded))
        while let candidate = uniquing.scalars.next(&probe) {
            let entry = entries[Int(candidate)]
            guard entry.length == length else { continue }
            if BinaryWriter.bytesEqual(UnsafeRawBufferPointer(scalarBytes.buffer(entry.range)), encoded) {
                scalarBytes.removeLast(length)
                return candidate
            }
        }
        let index = try append(Entry(scalarAt: start, length: length))
        uniquing.scalars.insert(index, at: probe)
        return index
    }

    /// The index of a container whose child references (keys then values for a dictionary)
    /// are `pendingRefs[base...]`, which it pops; a container with the same marker and
    /// references as an earlier one reuses that one's index.
    private mutating func container(marker: UInt8, refsFrom base: Int) throws(PlistError) -> UInt32 {
        let count = pendingRefs.count - base
        let pending = pendingRefs.buffer(base..<base + count)
        var probe = uniquing.containers.probe(BinaryWriter.hash(UnsafeRawBufferPointer(pending), seed: UInt64(marker)))
        while let candidate = uniquing.containers.next(&probe) {
            let entry = entries[Int(candidate)]
            guard entry.marker == marker, entry.length == count else { continue }
            if BinaryWriter.bytesEqual(UnsafeRawBufferPointer(refs.buffer(entry.range)), UnsafeRawBufferPointer(pending)) {
                pendingRefs.removeLast(count)
                return candidate
            }
        }
        let index = try append(Entry(container: marker, refsAt: refs.count, count: count))
        refs.append(contentsOf: pending)
        pendingRefs.removeLast(count)
        containerHeaderBytes += BinaryWriter.headerSize(count: marker == BinaryMarker.dictionary ? count / 2 : count)
        uniquing.containers.insert(index, at: probe)
        return index
    }
}
