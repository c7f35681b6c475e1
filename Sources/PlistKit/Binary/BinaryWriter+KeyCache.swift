extension BinaryWriter {
    /// The key references of the last few dictionaries, by the address of their keys' storage.
    ///
    /// Dictionaries that share their keys' storage (as the binary reader's do when the file's
    /// dictionaries have the same keys, and as copies of one dictionary do) have the same
    /// keys, which flatten to the same references: the cache hands those back instead of
    /// encoding and looking up every key again. The value being written is alive and
    /// immutable throughout, so an address cannot come to hold other keys.
    struct KeyCache {
        /// Two-way set-associative by address: few key sets are live in one stretch of a
        /// document, and two ways keep a pair that alternates (a keyed archive's objects and
        /// the dates they hold) even when their addresses pick the same set.
        private static let setCount = 8
        private static let wayCount = 2
        private var addresses = [UInt](repeating: 0, count: KeyCache.setCount * KeyCache.wayCount)
        /// Per set, the way found or filled last, which a new address does not replace.
        private var lastUsed = [Int](repeating: 0, count: KeyCache.setCount)
        private let references = (0..<KeyCache.setCount * KeyCache.wayCount).map { _ in GrowableTable<UInt32>(capacity: 32) }

        /// The set for keys stored at `address`.
        @inline(__always)
        static func set(for address: UInt) -> Int {
            // Heap blocks are 16-byte aligned; the bits above that tell blocks apart.
            Int(truncatingIfNeeded: address >> 4) & (setCount - 1)
        }

        /// The references of the keys stored at `address`, if they are in the cache.
        @inline(__always)
        mutating func references(at address: UInt) -> UnsafeBufferPointer<UInt32>? {
            let set = KeyCache.set(for: address)
            for way in 0..<KeyCache.wayCount where addresses[set * KeyCache.wayCount + way] == address {
                lastUsed[set] = way
                let table = references[set * KeyCache.wayCount + way]
                return table.buffer(0..<table.count)
            }
            return nil
        }

        /// Remembers `keys` as the references of the keys stored at `address`, in place of
        /// the set's least recently used entry.
        mutating func remember(_ keys: UnsafeBufferPointer<UInt32>, at address: UInt) {
            let set = KeyCache.set(for: address)
            let way = (lastUsed[set] + 1) % KeyCache.wayCount
            lastUsed[set] = way
            let entry = set * KeyCache.wayCount + way
            addresses[entry] = address
            references[entry].removeAll()
            references[entry].append(contentsOf: keys)
        }
    }
}
