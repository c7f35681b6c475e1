extension BinaryWriter {
    /// The key references of the last few dictionaries, by the address of their keys' storage.
    ///
    /// Dictionaries that share their keys' storage (as the binary reader's do when the file's
    /// dictionaries have the same keys, and as copies of one dictionary do) have the same
    /// keys, which flatten to the same references: the cache hands those back instead of
    /// encoding and looking up every key again. The value being written is alive and
    /// immutable throughout, so an address cannot come to hold other keys. Keys that nothing
    /// else keeps alive (a staged dictionary's) are held by their entry instead.
    struct KeyCache {
        /// Two-way set-associative by address: few key sets are live in one stretch of a
        /// document, and two ways keep a pair that alternates (a keyed archive's objects and
        /// the dates they hold) even when their addresses pick the same set.
        private static let setCount = 8
        private static let wayCount = 2
        private var addresses = [UInt](repeating: 0, count: KeyCache.setCount * KeyCache.wayCount)
        /// Per set, the way found or filled last, which a new address does not replace.
        private var lastUsed = [Int](repeating: 0, count: KeyCache.setCount)
        /// Per entry, its key references; made when the entry is first filled, so that a
        /// writer of a small document (a call per document) allocates only the few it uses.
        private var references = [GrowableTable<UInt32>?](repeating: nil, count: KeyCache.setCount * KeyCache.wayCount)
        /// Per entry, the keys it holds alive, if the value being written does not.
        private var heldKeys = [[PlistKey]?](repeating: nil, count: KeyCache.setCount * KeyCache.wayCount)

        /// Forgets every entry, keeping the reference tables made so far: the addresses of
        /// another value's keys mean nothing for the next.
        mutating func removeAll() {
            for entry in addresses.indices {
                addresses[entry] = 0
                heldKeys[entry] = nil
            }
            for set in lastUsed.indices { lastUsed[set] = 0 }
        }

        /// The set for keys stored at `address`.
        @inline(__always)
        static func set(for address: UInt) -> Int {
            // Heap blocks are 16-byte aligned; the bits above that tell blocks apart.
            Int(truncatingIfNeeded: address >> 4) & (setCount - 1)
        }

        /// The table of the references of the keys stored at `address` (all its elements),
        /// if they are in the cache.
        @inline(__always)
        mutating func references(at address: UInt) -> GrowableTable<UInt32>? {
            let set = KeyCache.set(for: address)
            for way in 0..<KeyCache.wayCount where addresses[set * KeyCache.wayCount + way] == address {
                lastUsed[set] = way
                // An entry with an address was filled, so its table exists.
                return references[set * KeyCache.wayCount + way]
            }
            return nil
        }

        /// Remembers the references `range` of `keys` as the references of the keys stored
        /// at `address` (holding `owner`, the array of those keys, when nothing else does), in
        /// place of the set's least recently used entry.
        mutating func remember(_ keys: GrowableTable<UInt32>, _ range: Range<Int>, at address: UInt, holding owner: [PlistKey]?) {
            let set = KeyCache.set(for: address)
            let way = (lastUsed[set] + 1) % KeyCache.wayCount
            lastUsed[set] = way
            let entry = set * KeyCache.wayCount + way
            addresses[entry] = address
            heldKeys[entry] = owner
            let table: GrowableTable<UInt32>
            if let existing = references[entry] {
                table = existing
                table.removeAll()
            } else {
                table = GrowableTable(capacity: Swift.max(32, range.count))
                references[entry] = table
            }
            table.append(contentsOf: keys.buffer(range))
        }
    }
}
