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
    ///
    /// Scalars are encoded here rather than through `flatten`, whose throwing call would copy
    /// (retain and release) each child it is handed, and they are looked up in batches (see
    /// ``appendReferencesOfScalarBatch()``).
    private mutating func appendReferences(to children: UnsafeBufferPointer<Plist>, depth: Int) throws(PlistError) {
        var position = 0
        while position < children.count {
            // A batch of scalars, up to the next container.
            let batchEnd = min(children.count, position + BinaryWriter.scalarBatchSize)
            scalarBatch.removeLast(scalarBatch.count)
            while position < batchEnd {
                let start = scalarBytes.count
                guard scalarBytes.appendScalar(children[position]) else { break }
                scalarBatch.append(start)
                position += 1
            }
            try appendReferencesOfScalarBatch()
            if position < batchEnd {
                let reference = try flatten(children[position], depth: depth)
                pendingRefs.append(reference)
                position += 1
            }
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
        let encoding = start..<scalarBytes.count
        var kept = start
        let index = try uniqueScalar(encoding, hash: scalarHash(encoding), keepingAt: &kept)
        scalarBytes.removeLast(encoding.upperBound - kept)
        return index
    }

    /// Pushes the references of the scalars encoded back to back from each start in
    /// `scalarBatch` to the end of `scalarBytes`.
    ///
    /// The scalar table is large and its slots random, so nearly every new scalar's lookup
    /// misses the cache. Loading the first slot of every lookup in the batch before making any
    /// of them lets those misses overlap instead of being waited for one after another.
    private mutating func appendReferencesOfScalarBatch() throws(PlistError) {
        guard scalarBatch.count > 0 else { return }
        let end = scalarBytes.count
        let starts = scalarBatch.buffer(0..<scalarBatch.count)
        func encoding(_ item: Int) -> Range<Int> {
            starts[item]..<(item + 1 < starts.count ? starts[item + 1] : end)
        }
        let hashes = scalarBatchHashes.tail(reserving: starts.count)
        for item in starts.indices {
            hashes[item] = scalarHash(encoding(item))
        }
        uniquing.scalars.preload(UnsafeBufferPointer(start: hashes, count: starts.count))
        var kept = starts[0]
        for item in starts.indices {
            let reference = try uniqueScalar(encoding(item), hash: hashes[item], keepingAt: &kept)
            pendingRefs.append(reference)
        }
        scalarBytes.removeLast(end - kept)
    }

    /// The hash of the scalar encoded at `scalarBytes[encoding]`.
    private func scalarHash(_ encoding: Range<Int>) -> UInt64 {
        BinaryWriter.hash(UnsafeRawBufferPointer(scalarBytes.buffer(encoding)))
    }

    /// The index of the scalar encoded at `scalarBytes[encoding]`: an earlier one with the
    /// same encoding, or else a new object, whose bytes move down to `kept` (at or below the
    /// encoding, above every object's bytes), which then moves past them.
    private mutating func uniqueScalar(_ encoding: Range<Int>, hash: UInt64, keepingAt kept: inout Int) throws(PlistError) -> UInt32 {
        let encoded = UnsafeRawBufferPointer(scalarBytes.buffer(encoding))
        var probe = uniquing.scalars.probe(hash)
        while let candidate = uniquing.scalars.next(&probe) {
            let entry = entries[Int(candidate)]
            guard entry.length == encoding.count else { continue }
            if BinaryWriter.bytesEqual(UnsafeRawBufferPointer(scalarBytes.buffer(entry.range)), encoded) {
                return candidate
            }
        }
        scalarBytes.copy(encoding, to: kept)
        let index = try append(Entry(scalarAt: kept, length: encoding.count))
        kept += encoding.count
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
