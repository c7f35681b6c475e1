/// What other targets of the package (KeyedArchive reads archives in place) need beyond
/// single objects: the top object, and a subtree decoded as the full reader decodes it.
extension BinaryObjectTable {
    /// The index of the top object, as the trailer gives it (not yet checked against the
    /// object count).
    package var topObject: Int { trailer.topObject }

    /// Object `index` with everything it contains, decoded with ``BinaryReader``'s checks,
    /// cycle, depth and sharing rules; `depth` is the nesting it starts at and `referrer`
    /// where the reference to it is stored (for errors).
    package func plist(ofObject index: Int, depth: Int, referencedFrom referrer: Int, maximumDepth: Int) throws(PlistError) -> Plist {
        try BinaryReader<SparseObjectMarks>.read(self, object: index, depth: depth, referencedFrom: referrer, maximumDepth: maximumDepth)
    }
}

extension BinaryObjectTable {
    /// Where object `index` starts, read from the offset table without checks: only for
    /// objects that ``object(index:)`` has located before.
    @inline(__always)
    package func uncheckedOffset(ofObject index: Int) -> Int {
        Int(truncatingIfNeeded: BinaryTrailer.bigEndian(bytes, at: trailer.offsetTableOffset + index * trailer.offsetIntSize, size: trailer.offsetIntSize))
    }
}
