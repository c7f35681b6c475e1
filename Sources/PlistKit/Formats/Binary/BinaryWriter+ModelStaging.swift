#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A child of a container that a `PlistEncodable` encode has begun but not finished: a scalar
/// already encoded (its bytes wait in the encoder's scratch buffer), a container already in
/// the table, or a data value too large for the scratch buffer.
///
/// The children wait because the table must receive a dictionary's keys before its values, as
/// it does on the Codable path, and the keys are known only once the dictionary ends.
struct ModelChild: BitwiseCopyable {
    /// A scalar's first byte in the scratch buffer, a container's index, or a blob's position.
    let start: Int
    /// A scalar's byte count; ``container`` or ``largeData`` for the other kinds.
    let length: Int

    static let container = -1
    static let largeData = -2

    init(scalarAt start: Int, length: Int) {
        self.start = start
        self.length = length
    }

    init(container index: UInt32) {
        start = Int(index)
        length = ModelChild.container
    }

    init(largeData blob: Int) {
        start = blob
        length = ModelChild.largeData
    }
}

extension BinaryWriter {
    /// The index of an array (no `keys`) or a dictionary at `depth` whose values are
    /// `children`, taken in `order` when it is not empty; the table receives the keys, then the
    /// scalars and blobs, in the order ``stagedDictionary(keys:lifetime:values:depth:)``
    /// would give it the same values, so the file is the Codable path's.
    mutating func modelContainer(keys: UnsafeBufferPointer<PlistKey>?, lifetime: KeyLifetime, children: UnsafeBufferPointer<ModelChild>, order: [Int], scratch: UnsafeBufferPointer<UInt8>, blobs: [Data], depth: Int) throws(PlistError) -> UInt32 {
        try checkDepth(depth)
        let base = pendingRefs.count
        if let keys { try appendKeyReferences(keys, lifetime: lifetime) }
        let ordered = !order.isEmpty
        let scratch = ByteView(scratch)
        var position = 0
        while position < children.count {
            // A batch of scalars, up to the next container or blob, looked up together (see
            // `appendReferencesOfScalarBatch()`); each is hashed where the encoder wrote it, and
            // only a new one is copied into the table.
            let batchStart = position
            let batchEnd = min(children.count, position + BinaryWriter.scalarBatchSize)
            scalarBatch.removeAll()
            while position < batchEnd {
                let child = children[ordered ? order[position] : position]
                guard child.length >= 0 else { break }
                let hash = scratch.slice(at: child.start, count: child.length).hash()
                uniquing.scalars.preload(hash)
                scalarBatch.append(EncodedScalar(start: child.start, hash: hash))
                position += 1
            }
            for item in 0..<position - batchStart {
                let scalar = scalarBatch[item]
                let length = children[ordered ? order[batchStart + item] : batchStart + item].length
                let encoded = scratch.slice(at: scalar.start, count: length)
                // The call first, then the append: `pendingRefs.append(try …)` would retain the
                // table across the call, which may change `self`.
                let reference = try uniqueScalar(copying: encoded, hash: scalar.hash)
                pendingRefs.append(reference)
            }
            if position < batchEnd {
                let child = children[ordered ? order[position] : position]
                if child.length == ModelChild.container {
                    pendingRefs.append(UInt32(child.start))
                } else {
                    let reference = try uniqueLargeData(blobs[child.start])
                    pendingRefs.append(reference)
                }
                position += 1
            }
        }
        return try container(marker: keys == nil ? BinaryMarker.array : BinaryMarker.dictionary, refsFrom: base)
    }
}
