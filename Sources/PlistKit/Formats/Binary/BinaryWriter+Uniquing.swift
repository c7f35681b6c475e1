extension BinaryWriter {
    /// The tables that make equal objects share one index, as CF's writer does for strings,
    /// numbers, dates and data. Containers are shared too, keyed by their child references.
    ///
    /// Neither table holds keys of its own. A scalar's encoding is canonical and starts with
    /// a marker that names its type, so two scalars are equal exactly when their encodings
    /// are: strings by their exact Unicode scalars (`"\u{E9}"` and `"e\u{301}"` stay
    /// distinct), reals and dates by bit pattern (`0.0` and `-0.0` stay distinct). The scalar
    /// table therefore compares a candidate's bytes with `scalarBytes`, and the container
    /// table compares marker and child references with `refs`.
    ///
    /// The other two tables only save work: they remember what the value's shared storage
    /// flattened to, which flattening it again would find anyway.
    struct Uniquing {
        /// Scalars, by the hash of their encoding.
        var scalars = HashIndexTable()
        /// Containers, by the hash of their marker and child references.
        var containers = HashIndexTable()
        /// The storage of arrays and dictionaries → their indices. A value read from a file
        /// shares the storage of objects the file shares, and Swift's copy-on-write shares it
        /// in values a program builds; this table makes writing such a value cost its number
        /// of distinct containers, not its number of paths.
        var sharedStorage = StorageTable()
        /// The key references of dictionaries whose keys share storage.
        var keys = KeyCache()

        /// Forgets every object, for the next value a ``BinaryWriterScratch`` writes; tables
        /// past `keptSlots` slots start over small.
        mutating func removeAll(keepingSlotsUpTo keptSlots: Int) {
            scalars.removeAll(keepingSlotsUpTo: keptSlots)
            containers.removeAll(keepingSlotsUpTo: keptSlots)
            sharedStorage.removeAll(keepingSlotsUpTo: keptSlots)
            keys.removeAll()
        }
    }

    /// Where a non-empty container's elements live: for an array, its buffer; for a
    /// dictionary, its keys' and values' buffers. The value being written is alive and
    /// immutable throughout, so the addresses cannot be reused for other elements.
    struct StorageIdentity: Equatable {
        let first: UInt
        let second: UInt

        init?(elements: UnsafeBufferPointer<Plist>) {
            guard let base = elements.baseAddress, !elements.isEmpty else { return nil }
            first = UInt(bitPattern: base)
            second = 0
        }

        init?(keys: UnsafeBufferPointer<PlistKey>, values: UnsafeBufferPointer<Plist>) {
            guard let keyBase = keys.baseAddress, let valueBase = values.baseAddress, !keys.isEmpty else { return nil }
            first = UInt(bitPattern: keyBase)
            second = UInt(bitPattern: valueBase)
        }

        var hash: UInt64 { BinaryWriter.hash(first, second) }
    }

    /// A map from ``StorageIdentity`` to object index: a ``HashIndexTable`` over a list of the
    /// identities recorded.
    struct StorageTable {
        private(set) var table = HashIndexTable()
        let recorded = GrowableTable<(identity: StorageIdentity, object: UInt32)>()

        /// The index recorded for `identity`, if any.
        func object(for identity: StorageIdentity) -> UInt32? {
            var probe = table.probe(identity.hash)
            while let candidate = table.next(&probe) {
                let record = recorded[Int(candidate)]
                if record.identity == identity { return record.object }
            }
            return nil
        }

        /// Forgets every identity (see ``Uniquing/removeAll(keepingSlotsUpTo:)``).
        mutating func removeAll(keepingSlotsUpTo keptSlots: Int) {
            table.removeAll(keepingSlotsUpTo: keptSlots)
            recorded.removeAll()
        }

        /// Records `object` for `identity`, which has none yet; past the `UInt32` indices the
        /// table can hold, it records nothing more (which only costs time).
        mutating func record(_ object: UInt32, for identity: StorageIdentity) {
            guard recorded.count < Int(UInt32.max) else { return }
            var probe = table.probe(identity.hash)
            while table.next(&probe) != nil {}
            table.insert(UInt32(recorded.count), at: probe)
            recorded.append((identity, object))
        }
    }
}
