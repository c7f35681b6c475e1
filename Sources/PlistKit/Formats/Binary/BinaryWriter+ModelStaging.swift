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
        var position = 0
        while position < children.count {
            // A batch of scalars, up to the next container or blob (see `appendReferences`).
            let batchEnd = min(children.count, position + BinaryWriter.scalarBatchSize)
            scalarBatch.removeAll()
            while position < batchEnd {
                let child = children[ordered ? order[position] : position]
                guard child.length >= 0 else { break }
                let start = scalarBytes.count
                scalarBytes.append(scratch, child.start..<child.start + child.length)
                scalarBatch.append(EncodedScalar(start: start, hash: scalarHash(start..<scalarBytes.count)))
                position += 1
            }
            try appendReferencesOfScalarBatch()
            if position < batchEnd {
                let child = children[ordered ? order[position] : position]
                if child.length == ModelChild.container {
                    pendingRefs.append(UInt32(child.start))
                } else {
                    pendingRefs.append(try uniqueLargeData(blobs[child.start]))
                }
                position += 1
            }
        }
        return try container(marker: keys == nil ? BinaryMarker.array : BinaryMarker.dictionary, refsFrom: base)
    }
}
