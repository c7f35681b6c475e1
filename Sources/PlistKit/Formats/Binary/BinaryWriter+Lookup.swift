/// Looking objects up in the uniquing tables: the index of an earlier equal object, or of
/// a new one added to the table.
extension BinaryWriter {
    /// A scalar encoded at the end of `scalarBytes` and not looked up yet.
    struct EncodedScalar {
        /// Where its bytes start: in `scalarBytes`, where they end where the next one's start
        /// (or at the end); for ``modelContainer(keys:lifetime:children:order:scratch:blobs:depth:)``,
        /// in the encoder's scratch buffer.
        let start: Int
        let hash: UInt64
    }

    /// The index of the scalar just encoded at `scalarBytes[start...]`: an earlier one with
    /// the same encoding (whose index is returned after dropping the new bytes), or else a
    /// new object.
    mutating func uniqueScalar(from start: Int) throws(PlistError) -> UInt32 {
        let encoding = start..<scalarBytes.count
        var kept = start
        let index = try uniqueScalar(encoding, hash: scalarHash(encoding), keepingAt: &kept)
        scalarBytes.removeLast(encoding.upperBound - kept)
        return index
    }

    /// Pushes the references of the scalars in `scalarBatch`, which are encoded back to back
    /// at the end of `scalarBytes`.
    ///
    /// The scalar table is large and its slots random, so nearly every new scalar's lookup
    /// misses the cache. Loading the first slot of every lookup in the batch before making any
    /// of them lets those misses overlap instead of being waited for one after another.
    mutating func appendReferencesOfScalarBatch() throws(PlistError) {
        let batch = scalarBatch.buffer(0..<scalarBatch.count)
        guard let first = batch.first else { return }
        for scalar in batch {
            uniquing.scalars.preload(scalar.hash)
        }
        let end = scalarBytes.count
        var kept = first.start
        for item in batch.indices {
            let encoding = batch[item].start..<(item + 1 < batch.count ? batch[item + 1].start : end)
            let reference = try uniqueScalar(encoding, hash: batch[item].hash, keepingAt: &kept)
            pendingRefs.append(reference)
        }
        scalarBytes.removeLast(end - kept)
    }

    /// The hash of the scalar encoded at `scalarBytes[encoding]`.
    func scalarHash(_ encoding: Range<Int>) -> UInt64 {
        scalarBytes.view(encoding).hash()
    }

    /// The index of the scalar encoded at `scalarBytes[encoding]`: an earlier one with the
    /// same encoding, or else a new object, whose bytes move down to `kept` (at or below the
    /// encoding, above every object's bytes), which then moves past them.
    private mutating func uniqueScalar(_ encoding: Range<Int>, hash: UInt64, keepingAt kept: inout Int) throws(PlistError) -> UInt32 {
        var probe = uniquing.scalars.probe(hash)
        if let earlier = earlierScalar(scalarBytes.view(encoding), probe: &probe) { return earlier }
        scalarBytes.copy(encoding, to: kept)
        let index = try append(Entry(scalarAt: kept, length: encoding.count))
        kept += encoding.count
        uniquing.scalars.insert(index, at: probe)
        return index
    }

    /// The index of the scalar encoded as `encoded`, bytes outside `scalarBytes` whose hash is
    /// `hash`: an earlier one with the same encoding, or else a new object, whose bytes are
    /// appended to `scalarBytes`. A new scalar's bytes are copied once, a repeated one's never.
    mutating func uniqueScalar(copying encoded: ByteView, hash: UInt64) throws(PlistError) -> UInt32 {
        var probe = uniquing.scalars.probe(hash)
        if let earlier = earlierScalar(encoded, probe: &probe) { return earlier }
        let index = try append(Entry(scalarAt: scalarBytes.count, length: encoded.count))
        scalarBytes.append(encoded)
        uniquing.scalars.insert(index, at: probe)
        return index
    }

    /// The index of an object in the table whose encoding is `encoded`, if any; `probe` (a
    /// lookup of its hash) then rests where a new one goes.
    @inline(__always)
    private func earlierScalar(_ encoded: ByteView, probe: inout HashIndexTable.Probe) -> UInt32? {
        while let candidate = uniquing.scalars.next(&probe) {
            let entry = entries[Int(candidate)]
            guard entry.length == encoded.count else { continue }
            if scalarBytes.view(entry.range).wordwiseEqual(encoded) {
                return candidate
            }
        }
        return nil
    }

    /// The index of a container whose child references (keys then values for a dictionary)
    /// are `pendingRefs[base...]`, which it pops; a container with the same marker and
    /// references as an earlier one reuses that one's index.
    mutating func container(marker: UInt8, refsFrom base: Int) throws(PlistError) -> UInt32 {
        let count = pendingRefs.count - base
        let pending = pendingRefs.bytes(base..<base + count)
        var probe = uniquing.containers.probe(pending.hash(seed: UInt64(marker)))
        while let candidate = uniquing.containers.next(&probe) {
            let entry = entries[Int(candidate)]
            guard entry.marker == marker, entry.length == count else { continue }
            if refs.bytes(entry.range).wordwiseEqual(pending) {
                pendingRefs.removeLast(count)
                return candidate
            }
        }
        let index = try append(Entry(container: marker, refsAt: refs.count, count: count))
        refs.append(contentsOf: pendingRefs.buffer(base..<base + count))
        pendingRefs.removeLast(count)
        containerHeaderBytes += BinaryWriter.headerSize(count: marker == BinaryMarker.dictionary ? count / 2 : count)
        uniquing.containers.insert(index, at: probe)
        return index
    }
}
