@_spi(Internals) import PlistKit

/// The key lists of the dictionaries in a binary archive's `$objects`, each distinct list
/// once, noted by ``BinaryArchive/scan(_:)``: the objects of one class write the same keys (in
/// a few orders, as Foundation on Linux writes them), so the 74,842 dictionaries of an app's
/// archive have 11,088 lists. Each list is kept as key signatures (two words per key, see
/// ``KeySignature``), with where its `$class` key is, and every dictionary of the table notes
/// which list its keys are.
///
/// So the scan checks a dictionary's keys for repeats, and finds its `$class`, once per list
/// rather than once per object, and a field lookup compares the wanted key's bits with the
/// list's words, without reading key objects. Foundation's writer does not share key strings
/// between objects, so lists are told apart by their text, not by their key references.
///
/// Only lists of up to ``maximumKeys`` short ASCII keys are kept (nearly every object's are),
/// and at most ``maximumWords`` words of them, so that an archive of ever-new lists costs a
/// bounded amount; a dictionary whose keys are not kept is ``unlisted`` and is searched in
/// the file. (Foundation writes the 200,005 students of the `archive` benchmark in 87,523
/// key orders: there the limits are reached, and the unlisted search is a hot path.)
final class KeyLayouts {
    /// Lists with more keys than this are not kept.
    static let maximumKeys = 32
    /// The most signature words kept (8 MiB), over all lists.
    static let maximumWords = 1 << 20
    /// A table object that is not a dictionary.
    static let notDictionary: UInt16 = .max
    /// A dictionary whose keys are not kept: search its keys in the file.
    static let unlisted: UInt16 = .max - 1
    /// The most lists kept (the rest are ``unlisted``).
    static let maximumLists = Int(unlisted)
    /// A list's `$class` entry when it has none.
    static let noClass: Int8 = -1

    // Filled by the scan, then only read, from one thread at a time: no dynamic
    // exclusivity checks.
    /// Per table object: its key list, ``notDictionary`` or ``unlisted``.
    @exclusivity(unchecked) private(set) var listOfObject: [UInt16]
    /// Every list's signatures, one list after another (``wordCount`` of ``wordCapacity``).
    private var words = UnsafeMutablePointer<UInt64>.allocate(capacity: 1024)
    @exclusivity(unchecked) private var wordCount = 0
    @exclusivity(unchecked) private var wordCapacity = 1024
    /// Per list: where its signatures start in ``words``, how many keys it has, and the entry
    /// of its `$class` key (``noClass`` when it has none).
    @exclusivity(unchecked) private var starts: [Int32] = []
    @exclusivity(unchecked) private var counts: [UInt8] = []
    @exclusivity(unchecked) private var classEntries: [Int8] = []
    /// The lists, by the hash of their signatures.
    @exclusivity(unchecked) private var index = HashIndexTable()
    /// Drawn once per process: an archive must not be able to crowd its lists into one run
    /// of slots.
    private let multiplier = KeyLayouts.processMultiplier
    private static let processMultiplier = UInt64.random(in: .min ... .max) | 1
    /// True when a small ASCII `String`'s bits are its signature (see ``KeySignature``), kept
    /// here so that a lookup reads a stored property, not a global.
    private let stringsAreSignatures = SmallASCIIString.isAvailable

    /// The signatures of the dictionary the scan is checking (see ``add(_:)``), as many words
    /// as ``pendingCount``; only the first ``maximumKeys`` keys' are kept.
    private let pending = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * KeyLayouts.maximumKeys)
    @exclusivity(unchecked) private var pendingCount = 0

    /// No lists yet, for a table of `objectCount` objects.
    init(objectCount: Int) {
        listOfObject = Array(repeating: Self.notDictionary, count: objectCount)
    }

    deinit {
        words.deallocate()
        pending.deallocate()
    }

    /// Starts the signatures of a dictionary's keys.
    @inline(__always)
    func begin() {
        pendingCount = 0
    }

    /// Adds the signature of the dictionary's next key.
    @inline(__always)
    func add(_ signature: (low: UInt64, high: UInt64)) {
        guard pendingCount < 2 * Self.maximumKeys else { return }
        pending[pendingCount] = signature.low
        pending[pendingCount + 1] = signature.high
        pendingCount += 2
    }

    /// Notes the keys of the dictionary `object` (an index in the table), all of which (at
    /// most ``maximumKeys``) have been added since ``begin()``, as a list. Throws `repeated`
    /// when two keys are the same, which a list already kept never has.
    func notePending<E: Error>(object: Int, repeated: E) throws(E) {
        let hash = hash()
        var probe = index.probe(hash)
        while let list = index.next(&probe) {
            if holdsPending(Int(list)) {
                listOfObject[object] = UInt16(list)
                return
            }
        }
        if pendingHasRepeats() { throw repeated }
        var classEntry = Self.noClass
        for key in 0..<pendingCount / 2 where pending[2 * key] == KeySignature.classKey.low && pending[2 * key + 1] == KeySignature.classKey.high {
            classEntry = Int8(key)
        }
        guard starts.count < Self.maximumLists, wordCount + pendingCount <= Self.maximumWords else {
            listOfObject[object] = Self.unlisted
            return
        }
        if wordCount + pendingCount > wordCapacity { grow() }
        index.insert(UInt32(starts.count), at: probe)
        listOfObject[object] = UInt16(starts.count)
        starts.append(Int32(wordCount))
        counts.append(UInt8(pendingCount / 2))
        classEntries.append(classEntry)
        (words + wordCount).update(from: pending, count: pendingCount)
        wordCount += pendingCount
    }

    /// Notes that the dictionary `object`'s keys are not kept.
    func noteUnlisted(_ object: Int) {
        listOfObject[object] = Self.unlisted
    }

    /// True when two of the signatures added since ``begin()`` are the same.
    func pendingHasRepeats() -> Bool {
        var later = 2
        while later < pendingCount {
            var earlier = 0
            while earlier < later {
                if pending[earlier] == pending[later], pending[earlier + 1] == pending[later + 1] { return true }
                earlier += 2
            }
            later += 2
        }
        return false
    }

    /// True when list `list` has exactly the pending signatures.
    @inline(__always)
    private func holdsPending(_ list: Int) -> Bool {
        guard Int(counts[list]) * 2 == pendingCount else { return false }
        let start = words + Int(starts[list])
        for position in 0..<pendingCount where start[position] != pending[position] {
            return false
        }
        return true
    }

    /// A multiply-shift hash of the pending signatures, well mixed in its low 32 bits (where
    /// the index table probes from).
    @inline(__always)
    private func hash() -> UInt64 {
        var hash = UInt64(pendingCount)
        for position in 0..<pendingCount {
            hash = (hash ^ pending[position]) &* multiplier
            hash ^= hash >> 32
        }
        return hash
    }

    /// Doubles the capacity of ``words`` (up to ``maximumWords``).
    private func grow() {
        let capacity = Swift.min(2 * wordCapacity, Self.maximumWords)
        let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        grown.moveInitialize(from: words, count: wordCount)
        words.deallocate()
        words = grown
        wordCapacity = capacity
    }

    /// The entry of list `list`'s `$class` key, or nil when it has none.
    @inline(__always)
    func classEntry(ofList list: UInt16) -> Int? {
        let entry = classEntries[Int(list)]
        return entry == Self.noClass ? nil : Int(entry)
    }

    /// Where `key` is in list `list` (a list, not ``unlisted``), or nil. A key that has no
    /// signature (not ASCII, or 15 bytes or more) is in no list.
    @inline(__always)
    func entry(of key: String, inList list: UInt16) -> Int? {
        guard let (low, high) = KeySignature.of(key, smallStringsAreSignatures: stringsAreSignatures) else { return nil }
        let start = words + Int(starts[Int(list)])
        let count = Int(counts[Int(list)])
        var entry = 0
        while entry < count {
            if start[2 * entry] == low, start[2 * entry + 1] == high { return entry }
            entry += 1
        }
        return nil
    }
}

/// The signature of an ASCII key of fewer than 15 bytes: the two words that hold its bytes and
/// length as a small `String` holds them on 64-bit little-endian platforms
/// (`SmallASCIIString.bits(_:count:)` makes them from a key object's bytes). So a key `String`
/// is compared with a key object by its bits.
enum KeySignature {
    /// The signature of `$class`.
    static let classKey = (low: UInt64(littleEndian: 0x0000_7373_616C_6324), high: UInt64(0xE6) << 56)

    /// The signature of `key`, as `SmallASCIIString.bits(_:count:)` makes it for a key object
    /// of the same text; nil unless it is ASCII and shorter than 15 bytes.
    /// `smallStringsAreSignatures`: the value of `SmallASCIIString.isAvailable`.
    @inline(__always)
    static func of(_ key: String, smallStringsAreSignatures: Bool) -> (low: UInt64, high: UInt64)? {
        if smallStringsAreSignatures {
            // A small ASCII string's bits are its signature; any other string is not a short
            // ASCII key (or is one held in other storage, rare: read its bytes).
            let bits = StringBits(key)
            let (low, high) = (bits.low, bits.high)
            if high >> 60 == 0xE, (high >> 56) & 0x0F != 0x0F { return (low, high) }
        }
        var key = key
        return key.withUTF8 { bytes in
            guard bytes.count < 15 else { return nil }
            var low: UInt64 = 0, high = UInt64(0xE0 | bytes.count) &<< 56, combined: UInt8 = 0
            for (position, byte) in bytes.enumerated() {
                combined |= byte
                if position < 8 {
                    low |= UInt64(byte) &<< (UInt64(position) &* 8)
                } else {
                    high |= UInt64(byte) &<< (UInt64(position - 8) &* 8)
                }
            }
            return combined < 0x80 ? (low, high) : nil
        }
    }

    /// The first `count` (up to 8) bytes at `bytes`, as a little-endian word; 8 bytes must be
    /// readable.
    @inline(__always)
    static func word(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
        let all = UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
        return count == 8 ? all : all & (1 &<< (UInt64(count) &* 8) &- 1)
    }
}
