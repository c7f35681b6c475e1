// A `Dictionary` value's dictionary, read by key without the source's keyed lookup: its keys
// are few ASCII strings, none repeated, so they are read once, in entry order, and a key read
// back in that order is found by its bits.

extension BinaryModelSource {
    /// The keys of one dictionary, in entry order (distinct), and where its values are.
    final class KeyList: PlistKeyedSource {
        private unowned let model: BinaryModelSource
        private var list: [String] = []
        private var valuesStart = 0
        /// The entry a read by key tries first: the one after the last found.
        private var next = 0

        init(_ model: BinaryModelSource) {
            self.model = model
        }

        func reset(keys: [String], valuesStart: Int) {
            list = keys
            self.valuesStart = valuesStart
            next = 0
        }

        var count: Int { list.count }

        func keys() throws(PlistError) -> [String] {
            list
        }

        /// The keys are distinct: the entry whose key is `key` is the one the source's keyed
        /// lookup would find.
        func value(forKey key: String) throws(PlistError) -> Int? {
            let entry: Int
            if next < list.count, StringBits(list[next]) == StringBits(key) {
                entry = next
            } else if let found = list.firstIndex(of: key) {
                entry = found
            } else {
                return nil
            }
            next = entry &+ 1
            try model.source.checkValid()
            return try model.checkedRef(at: valuesStart &+ entry &* model.refSize)
        }
    }

    /// A key list for `keys`, the keys of the dictionary whose values start at `valuesStart`:
    /// the one the last such dictionary used, when nothing holds it any more.
    func keyList(_ keys: [String], valuesStart: Int) -> KeyList {
        if !isKnownUniquelyReferenced(&spareKeyList) {
            spareKeyList = KeyList(self)
        }
        let list = spareKeyList.unsafelyUnwrapped
        list.reset(keys: keys, valuesStart: valuesStart)
        return list
    }

    /// The `count` keys at `keysStart` as strings, in entry order, when each is an ASCII
    /// string object that reads quickly (as ``quickString(_:)`` reads one), there are at most
    /// 24 and no two are equal; nil otherwise, and then the source's keyed lookup checks them
    /// and reports what is wrong. Where it gives keys, that lookup would take every one and
    /// find each at its own entry.
    func distinctASCIIKeys(keysStart: Int, count: Int) -> [String]? {
        guard count <= 24, keysStart &+ count &* refSize <= offsetTableOffset else { return nil }
        var keys: [String] = []
        keys.reserveCapacity(count)
        for element in 0..<count {
            guard let key = quickString(ref(at: keysStart &+ element &* refSize)) else { return nil }
            for other in keys where other == key { return nil }
            keys.append(key)
        }
        return keys
    }
}
