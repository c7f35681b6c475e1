#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension BinaryWriter {
    /// Data values of ``minimumCount`` bytes or more: written straight from their own
    /// storage into the file (one copy, not two) and uniqued without hashing all their bytes.
    ///
    /// Two blobs can only be equal if their lengths and their samples (a few bytes from the
    /// start, the middle and the end) are, so a blob is first looked up by those alone, which
    /// costs the same for a 1 KiB blob as for a 1 GiB one. Among the blobs that match, the
    /// same storage is equal at once, and other candidates are compared byte by byte, which
    /// stops at the first difference. Once ``hashingThreshold`` blobs match one length and
    /// sample, their whole bytes are hashed (each blob once) and compared only where the hashes
    /// agree, so many blobs that differ only between the samples cannot make writing quadratic.
    struct LargeData {
        /// The smallest data value handled here; smaller ones are ordinary scalars.
        static let minimumCount = 1024
        /// Blobs of one length and sample from which lookups compare whole hashes first.
        static let hashingThreshold = 8
        /// The bytes sampled at each of the start, the middle and the end.
        private static let sampleSize = 64

        /// A blob's length and the hash of its samples.
        private struct Key: Hashable {
            let length: Int
            let sample: UInt64
        }

        /// The blobs, by the index their entries hold.
        private(set) var blobs: [Data] = []
        /// Each blob's entry in the object table.
        private var blobEntries: [UInt32] = []
        /// Each blob's hash of all its bytes, once computed.
        private var hashes: [UInt64?] = []
        /// The blobs of each length and sample.
        private var byKey: [Key: [Int]] = [:]
        /// The bytes the blobs take in the file, headers included.
        private(set) var byteCount = 0

        /// The entry of an earlier blob equal to `data`, if any.
        ///
        /// When there is none, `data` is kept for the entry that ``add(entry:)`` names next.
        mutating func entry(equalTo data: Data) -> UInt32? {
            let key = ByteView.with(data) { Key(length: $0.count, sample: Self.sampleHash($0)) }
            let candidates = byKey[key, default: []]
            var hash: UInt64?
            if candidates.count >= Self.hashingThreshold {
                hash = ByteView.with(data) { $0.hash() }
            }
            for candidate in candidates {
                if let hash, self.hash(of: candidate) != hash { continue }
                if Self.equal(blobs[candidate], data) { return blobEntries[candidate] }
            }
            byKey[key, default: []].append(blobs.count)
            blobs.append(data)
            hashes.append(hash)
            byteCount += BinaryWriter.headerSize(count: data.count) + data.count
            return nil
        }

        /// Names `entry` the entry of the blob ``entry(equalTo:)`` kept last; returns that
        /// blob's index in ``blobs``.
        mutating func add(entry: UInt32) -> Int {
            blobEntries.append(entry)
            return blobs.count - 1
        }

        private mutating func hash(of blob: Int) -> UInt64 {
            if let known = hashes[blob] { return known }
            let hash = ByteView.with(blobs[blob]) { $0.hash() }
            hashes[blob] = hash
            return hash
        }

        /// The hash of the first, middle and last ``sampleSize`` bytes.
        private static func sampleHash(_ bytes: ByteView) -> UInt64 {
            let middle = bytes.count / 2 - sampleSize / 2
            var hash: UInt64 = 0
            for start in [0, middle, bytes.count - sampleSize] {
                hash = bytes.slice(at: start, count: sampleSize).hash(seed: hash)
            }
            return hash
        }

        /// Equal bytes, known at once when both share one storage.
        private static func equal(_ lhs: Data, _ rhs: Data) -> Bool {
            ByteView.with(lhs) { left in
                ByteView.with(rhs) { right in left.sharesStart(with: right) || left.wordwiseEqual(right) }
            }
        }
    }

    /// The index of a large data object: an earlier equal one's, or a new entry's.
    mutating func uniqueLargeData(_ data: Data) throws(PlistError) -> UInt32 {
        if let known = largeData.entry(equalTo: data) { return known }
        let index = UInt32(entries.count)
        let blob = largeData.add(entry: index)
        _ = try append(Entry(dataBlob: blob, length: data.count))
        return index
    }
}
