import OrderedCollections

extension OrderedDictionary<PlistKey, Plist> {
    /// The most keys ``init(keys:values:)`` checks for repeats pair by pair.
    static var pairwiseCheckLimit: Int { 32 }

    /// The dictionary of `keys[i]: values[i]`, as decoders build it: a repeated key keeps its
    /// first position and takes the last value, as Foundation does.
    ///
    /// Decoded dictionaries are small and their keys distinct. Up to ``pairwiseCheckLimit``
    /// keys are compared pair by pair, by length first, and distinct keys are taken
    /// as they are: no hashing at all below swift-collections' smallest hash table (16 keys),
    /// one hash per key above it, and the arrays become the dictionary's storage. More keys,
    /// or a repeat, are inserted one by one.
    ///
    /// - Complexity: O(*n*²) comparisons of lengths for up to
    ///   ``pairwiseCheckLimit`` keys, expected O(*n*) hashing beyond.
    init(keys: ContiguousArray<PlistKey>, values: ContiguousArray<Plist>) {
        if keys.count <= Self.pairwiseCheckLimit, Self.areDistinct(keys) {
            self.init(uncheckedUniqueKeys: keys, values: values)
            return
        }
        self.init(minimumCapacity: keys.count)
        for index in keys.indices {
            self[keys[index]] = values[index]
        }
    }

    /// True when no two of `keys` (at most ``pairwiseCheckLimit``) are equal. Their UTF-8
    /// lengths (which native and small strings store) are compared first, so only keys of
    /// the same length are compared byte by byte.
    private static func areDistinct(_ keys: ContiguousArray<PlistKey>) -> Bool {
        guard keys.count > 1 else { return true }
        // Room for ``pairwiseCheckLimit`` keys, on the stack.
        var lengths = InlineArray<32, Int>(repeating: 0)
        for index in keys.indices {
            lengths[index] = keys[index].string.utf8.count
        }
        for later in 1..<keys.count {
            for earlier in 0..<later where lengths[earlier] == lengths[later] {
                if keys[earlier] == keys[later] { return false }
            }
        }
        return true
    }
}
