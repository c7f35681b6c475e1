extension BinaryWriter {
    /// The key references of the last few dictionaries, by the address of their keys' storage.
    ///
    /// Dictionaries that share their keys' storage (as the binary reader's do when the file's
    /// dictionaries have the same keys, and as copies of one dictionary do) have the same
    /// keys, which flatten to the same references: the cache hands those back instead of
    /// encoding and looking up every key again. The value being written is alive and
    /// immutable throughout, so an address cannot come to hold other keys.
    struct KeyCache {
        /// Direct-mapped by address: few key sets are live in one stretch of a document.
        private static let slotCount = 8
        private var addresses = [UInt](repeating: 0, count: KeyCache.slotCount)
        private let references = (0..<KeyCache.slotCount).map { _ in GrowableTable<UInt32>(capacity: 32) }

        /// The slot for keys stored at `address`.
        @inline(__always)
        static func slot(for address: UInt) -> Int {
            // Heap blocks are 16-byte aligned; the bits above that tell blocks apart.
            Int(truncatingIfNeeded: address >> 4) & (slotCount - 1)
        }

        /// The references of the keys stored at `address`, if they are in the cache.
        @inline(__always)
        func references(at address: UInt) -> UnsafeBufferPointer<UInt32>? {
            let slot = KeyCache.slot(for: address)
            guard addresses[slot] == address else { return nil }
            return references[slot].buffer(0..<references[slot].count)
        }

        /// Remembers `keys` as the references of the keys stored at `address`.
        mutating func remember(_ keys: UnsafeBufferPointer<UInt32>, at address: UInt) {
            let slot = KeyCache.slot(for: address)
            addresses[slot] = address
            references[slot].removeAll()
            references[slot].append(contentsOf: keys)
        }
    }
}
