#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BinaryWriter {
    /// Data values of ``minimumCount`` bytes or more: written straight from their own
    /// storage into the file (one copy, not two) and uniqued without hashing their bytes
    /// until another one of the same length turns up.
    ///
    /// Two data values can only be equal if their lengths are, and large blobs seldom share a
    /// length, so a blob is first looked up by length alone. Among blobs of one length, the
    /// same storage is equal at once, and other candidates are compared byte by byte, which
    /// stops at the first difference. Once a length has ``hashingThreshold`` blobs, its
    /// blobs are hashed (each once) and compared only where the hashes agree, so many blobs of
    /// one length that differ late cannot make writing quadratic.
    struct LargeData {
        /// The smallest data value handled here; smaller ones are ordinary scalars.
        static let minimumCount = 1024
        /// Blobs of one length from which lookups compare hashes first.
        static let hashingThreshold = 8

        /// The blobs, by the index their entries hold.
        private(set) var blobs: [Data] = []
        /// Each blob's hash, once computed.
        private var hashes: [UInt64?] = []
        /// The entries of the blobs of each length.
        private var byLength: [Int: [UInt32]] = [:]
        /// The bytes the blobs take in the file, headers included.
        private(set) var byteCount = 0

        /// The entry of an earlier blob equal to `data`, if any.
        mutating func entry(equalTo data: Data, in entries: GrowableBuffer<Entry>) -> UInt32? {
            guard let candidates = byLength[data.count] else { return nil }
            let hashing = candidates.count >= Self.hashingThreshold
            let hash = hashing ? data.withUnsafeBytes { BinaryWriter.hash($0) } : 0
            for candidate in candidates {
                let blob = entries[Int(candidate)].start
                if hashing, self.hash(of: blob) != hash { continue }
                if Self.equal(blobs[blob], data) { return candidate }
            }
            return nil
        }

        /// Keeps `data` as the blob of the new entry `entry`; returns its index in ``blobs``.
        mutating func add(_ data: Data, entry: UInt32) -> Int {
            blobs.append(data)
            hashes.append(nil)
            byLength[data.count, default: []].append(entry)
            byteCount += BinaryWriter.headerSize(count: data.count) + data.count
            return blobs.count - 1
        }

        private mutating func hash(of blob: Int) -> UInt64 {
            if let known = hashes[blob] { return known }
            let hash = blobs[blob].withUnsafeBytes { BinaryWriter.hash($0) }
            hashes[blob] = hash
            return hash
        }

        /// Equal bytes, known at once when both share one storage.
        private static func equal(_ lhs: Data, _ rhs: Data) -> Bool {
            lhs.withUnsafeBytes { left in
                rhs.withUnsafeBytes { right in
                    left.baseAddress == right.baseAddress || BinaryWriter.bytesEqual(left, right)
                }
            }
        }
    }

    /// The index of a large data object: an earlier equal one's, or a new entry's.
    mutating func uniqueLargeData(_ data: Data) throws(PlistError) -> UInt32 {
        if let known = largeData.entry(equalTo: data, in: entries) { return known }
        let index = UInt32(entries.count)
        let blob = largeData.add(data, entry: index)
        _ = try append(Entry(dataBlob: blob, length: data.count))
        return index
    }
}
