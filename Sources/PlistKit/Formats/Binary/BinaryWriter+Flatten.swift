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
            guard scalarBytes.appendScalar(value) else { return try uniqueLargeData(value.data!) }
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

    private mutating func dictionary(_ entries: PlistDictionary, depth: Int) throws(PlistError) -> UInt32 {
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
    /// ``appendReferencesOfScalarBatch()``). With `staged`, a child may be a ``StagedObject``'s
    /// stand-in: a container already in the table.
    mutating func appendReferences(to children: UnsafeBufferPointer<Plist>, depth: Int, staged: Bool = false) throws(PlistError) {
        var position = 0
        while position < children.count {
            // A batch of scalars, up to the next container.
            let batchEnd = min(children.count, position + BinaryWriter.scalarBatchSize)
            scalarBatch.removeAll()
            while position < batchEnd {
                if staged, StagedObject(standIn: children[position]) != nil { break }
                let start = scalarBytes.count
                guard scalarBytes.appendScalar(children[position]) else { break }
                scalarBatch.append(EncodedScalar(start: start, hash: scalarHash(start..<scalarBytes.count)))
                position += 1
            }
            try appendReferencesOfScalarBatch()
            if position < batchEnd {
                if staged, let object = StagedObject(standIn: children[position]) {
                    pendingRefs.append(object.index)
                } else {
                    // Not `pendingRefs.append(try flatten(…))`, which retains the table across
                    // the call.
                    let reference = try flatten(children[position], depth: depth)
                    pendingRefs.append(reference)
                }
                position += 1
            }
        }
    }

    /// What keeps the storage of a dictionary's keys alive, and so whether its address can
    /// key the cache of key references (an address names the keys only while they live).
    enum KeyLifetime {
        /// The tree being flattened holds them for the whole write.
        case tree
        /// This array holds them; the cache keeps it while it keeps the address.
        case held([PlistKey])
        /// Nothing: they are looked up and not cached.
        case transient

        /// Whether the keys' address may key the cache, and the array the cache must hold.
        var caching: (cached: Bool, held: [PlistKey]?) {
            switch self {
            case .tree: (true, nil)
            case .held(let keys): (true, keys)
            case .transient: (false, nil)
            }
        }
    }

    /// Pushes the references of a dictionary's keys, from the cache when an earlier
    /// dictionary had the same keys' storage.
    mutating func appendKeyReferences(_ keys: UnsafeBufferPointer<PlistKey>, lifetime: KeyLifetime = .tree) throws(PlistError) {
        guard let address = keys.baseAddress.map(UInt.init(bitPattern:)) else { return }
        let (cached, held) = lifetime.caching
        if cached, let known = uniquing.keys.references(at: address) {
            pendingRefs.append(contentsOf: known.buffer(0..<known.count))
            return
        }
        let base = pendingRefs.count
        for position in keys.indices {
            let start = scalarBytes.count
            scalarBytes.appendString(keys[position].string)
            let reference = try uniqueScalar(from: start)
            pendingRefs.append(reference)
        }
        if cached { uniquing.keys.remember(pendingRefs, base..<pendingRefs.count, at: address, holding: held) }
    }

    func checkDepth(_ depth: Int) throws(PlistError) {
        guard depth < maximumDepth else {
            throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels")
        }
    }
}
