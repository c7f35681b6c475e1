#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The ``ModelSource`` of a `bplist00` file: its ``BinaryDecodingSource``, called directly,
/// and what is known of the dictionary layouts met so far.
///
/// Reads go through the same source methods as the Codable path's, so they make the same
/// checks and throw the same errors. A field is found without comparing keys: records of one
/// type share their key objects, so the dictionary opened at a depth usually has the very key
/// references of the last one opened there, and the entry of each field, found once for that
/// layout by comparing the fields' bytes (from the ``PlistFields`` table) with its ASCII keys
/// where they lie, holds for it too. That needs every key checked, ASCII, distinct and few:
/// the source checks a dictionary's keys when a depth first meets its layout (as the Codable
/// path checks each dictionary's). A `Dictionary` value's dictionary, read by key, keeps its
/// keys in a ``KeyList`` when they are few, ASCII and distinct. Other dictionaries (UTF-16 or
/// repeated keys, many entries) are read through the source's keyed lookup, as is any other
/// read by key. UUIDs are parsed from their text where it lies.
@usableFromInline
final class BinaryModelSource: ModelSource {
    @usableFromInline let common: ModelDecodingState
    let source: BinaryDecodingSource
    /// The layouts of the last dictionaries opened at each depth: `layoutsPerDepth` slots a
    /// depth, from `depth * layoutsPerDepth` on. Many, because a depth often holds records
    /// of several shapes in turn: optional fields absent in some, several types of record,
    /// an enum's cases (a model with four optional fields has sixteen layouts). A miss costs
    /// a comparison of lengths a slot; finding a new layout's entries costs a check of all its keys.
    @exclusivity(unchecked) private var layouts: [Layout] = []
    /// Each depth's slot to fill next, in turn.
    @exclusivity(unchecked) private var nextSlot: [Int] = []
    private static let layoutsPerDepth = 32

    /// The file, and the trailer's figures, read here without copying the table.
    let bytes: UnsafeRawBufferPointer
    let refSize: Int
    let offsetTableOffset: Int
    private let offsetIntSize: Int
    private let objectCount: Int
    /// ``SmallASCIIString/isAvailable``, read once.
    private let smallStrings: Bool
    /// The key list the last dictionary read by key used, for the next when it is free.
    var spareKeyList: KeyList?

    init(common: ModelDecodingState, source: BinaryDecodingSource) {
        self.common = common
        self.source = source
        bytes = source.table.rawBytes
        refSize = source.table.refSize
        offsetTableOffset = source.table.offsetTableOffset
        offsetIntSize = source.table.offsetIntSize
        objectCount = source.table.objectCount
        smallStrings = SmallASCIIString.isAvailable
    }

    /// Where a dictionary's key references are, whether its keys can be matched in place,
    /// and, when they can, each field's entry for the table it was last opened with.
    private struct Layout {
        var start: Int
        var length: Int
        var inPlace: Bool
        var table: PlistFields?
        var entries: [Int32]
    }

    /// A dictionary object: where its value references are, and how its fields are found.
    @usableFromInline
    struct Dictionary {
        let valuesStart: Int
        /// Each field's entry, or -1 where the dictionary lacks its key (empty when the
        /// dictionary is read through `keyed`).
        let entries: [Int32]
        /// The source's lookup, for dictionaries whose keys are not matched in place and for
        /// reads by key (made when first needed).
        var keyed: (any PlistKeyedSource)?
    }

    /// An array or set object: where its element references start.
    @usableFromInline
    struct Array {
        let start: Int
    }

    // MARK: Layout

    /// The object reference stored at `position` (in a container checked by the source),
    /// read as one 8-byte load: the offset table and the trailer follow the object area.
    @inline(__always)
    func ref(at position: Int) -> Int {
        Int(truncatingIfNeeded: bytes.paddedBigEndian(at: position, size: refSize))
    }

    /// The object reference stored at `position`, checked as the source checks it.
    @inline(__always)
    func checkedRef(at position: Int) throws(PlistError) -> Int {
        let index = ref(at: position)
        guard index >= 0, index < objectCount else { return try source.table.checkedRef(at: position) }
        return index
    }

    /// The slot of the layout remembered at `depth` whose key references are the `count` at
    /// `keysStart`, or nil.
    @inline(__always)
    private func knownLayout(keysStart: Int, count: Int, depth: Int) -> Int? {
        let first = depth &* Self.layoutsPerDepth
        guard first < layouts.count else { return nil }
        let length = count &* refSize
        for slot in first..<first &+ Self.layoutsPerDepth
        where layouts[slot].length == length && bytes.bytesEqual(at: keysStart, layouts[slot].start, count: length) {
            return slot
        }
        return nil
    }

    /// Remembers `layout` at `depth`, in place of the one remembered longest.
    private func remember(_ layout: Layout, depth: Int) {
        while nextSlot.count <= depth {
            nextSlot.append(0)
            for _ in 0..<Self.layoutsPerDepth {
                layouts.append(Layout(start: 0, length: -1, inPlace: false, table: nil, entries: []))
            }
        }
        layouts[depth &* Self.layoutsPerDepth &+ nextSlot[depth]] = layout
        nextSlot[depth] = (nextSlot[depth] &+ 1) % Self.layoutsPerDepth
    }

    /// The entry of each of `table`'s fields among the `count` keys at `keysStart` (checked,
    /// ASCII and distinct), or -1 for a field the dictionary lacks.
    /// Each search starts after the last key found, so keys in the table's order (what
    /// `PlistEncoder` and Foundation write) take one comparison a field.
    private func entries(of table: PlistFields, keysStart: Int, count: Int) -> [Int32] {
        var next = 0
        return (0..<table.names.count).map { field in
            var element = next
            for _ in 0..<count {
                if element == count { element = 0 }
                if let key = asciiKey(ref(at: keysStart &+ element &* refSize)), table.withKey(field, { key.elementsEqual($0) }) {
                    next = element &+ 1
                    return Int32(element)
                }
                element &+= 1
            }
            return -1
        }
    }

    /// True when every key of the checked dictionary (`count` key references at `keysStart`)
    /// is an ASCII string and no two are equal, and there are few enough to search linearly:
    /// then a field is found by comparing its bytes with the keys in place, and a key the
    /// dictionary repeats (whose last value counts) cannot be missed.
    func keysMatchInPlace(keysStart: Int, count: Int) -> Bool {
        guard count <= 24 else { return false }
        var keys: [UnsafeRawBufferPointer] = []
        keys.reserveCapacity(count)
        for element in 0..<count {
            guard let key = asciiKey(ref(at: keysStart + element * refSize)) else { return false }
            for other in keys where other.elementsEqual(key) { return false }
            keys.append(key)
        }
        return true
    }

    /// The bytes of key object `index` when it is an ASCII string (already checked by the
    /// source), nil otherwise.
    @inline(__always)
    func asciiKey(_ index: Int) -> UnsafeRawBufferPointer? {
        let offset = Int(truncatingIfNeeded: bytes.bigEndian(at: offsetTableOffset &+ index &* offsetIntSize, size: offsetIntSize))
        let marker = bytes[offset]
        guard marker >> 4 == BinaryMarker.asciiString else { return nil }
        let low = Int(marker & 0x0F)
        if low != 0x0F { return bytes.slice(at: offset &+ 1, count: low) }
        guard let object = try? source.table.object(at: offset) else { return nil }
        return bytes.slice(at: object.start, count: object.count)
    }

    /// The object `value`, entered as a container.
    private func container(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> BinaryObject {
        try common.enter(value, depth: depth, step: step)
        do {
            return try source.object(value)
        } catch {
            throw common.corrupted(error, depth, step)
        }
    }

    // MARK: Containers

    /// Dictionary object `value` when its count is in the marker and its entries fit in the
    /// object area, read from the marker with no call; nil otherwise (``container`` reads it).
    @inline(__always)
    private func quickDictionary(_ value: Int) -> BinaryObject? {
        guard let offset = quickOffset(value) else { return nil }
        let marker = bytes[offset]
        guard marker >> 4 == BinaryMarker.dictionary, marker & 0x0F != 0x0F else { return nil }
        let count = Int(marker & 0x0F)
        guard count &* 2 &* refSize <= offsetTableOffset &- offset &- 1 else { return nil }
        return BinaryObject(kind: .dictionary, offset: offset, start: offset &+ 1, count: count)
    }

    @usableFromInline
    func openDictionary(_ value: Int, table: PlistFields, depth: Int, step: ModelStep) throws(DecodingError) -> Dictionary {
        let object: BinaryObject
        if let quick = quickDictionary(value) {
            try common.enter(value, depth: depth, step: step)
            object = quick
        } else {
            object = try container(value, depth: depth, step: step)
            guard object.kind == .dictionary else { throw common.mismatch([String: Any].self, value, depth, step) }
        }
        let keysStart = object.start
        let valuesStart = keysStart &+ object.count &* refSize
        // A dictionary read by key (a `Dictionary` value): its keys, when they read quickly,
        // are all it needs; no layout is remembered for it (its keys are seldom another's).
        if table.names.isEmpty, let keys = distinctASCIIKeys(keysStart: keysStart, count: object.count) {
            return Dictionary(valuesStart: valuesStart, entries: [], keyed: keyList(keys, valuesStart: valuesStart))
        }
        if let slot = knownLayout(keysStart: keysStart, count: object.count, depth: depth) {
            guard layouts[slot].inPlace else {
                return Dictionary(valuesStart: valuesStart, entries: [], keyed: try common.keyed(source, value, depth, step))
            }
            if layouts[slot].table !== table {
                layouts[slot].table = table
                layouts[slot].entries = entries(of: table, keysStart: keysStart, count: object.count)
            }
            return Dictionary(valuesStart: valuesStart, entries: layouts[slot].entries)
        }
        let checked = try common.keyed(source, value, depth, step)
        let inPlace = keysMatchInPlace(keysStart: keysStart, count: object.count)
        let entries = inPlace ? entries(of: table, keysStart: keysStart, count: object.count) : []
        remember(Layout(start: keysStart, length: object.count * refSize, inPlace: inPlace, table: table, entries: entries), depth: depth)
        return Dictionary(valuesStart: valuesStart, entries: entries, keyed: inPlace ? nil : checked)
    }

    @usableFromInline
    func quickFind(field: Int, in dictionary: inout Dictionary) -> Int {
        guard dictionary.keyed == nil, (try? source.checkValid()) != nil else { return Self.unknown }
        let entry = Int(dictionary.entries[field])
        guard entry >= 0 else { return Self.absent }
        let index = ref(at: dictionary.valuesStart &+ entry &* refSize)
        return index >= 0 && index < objectCount ? index : Self.unknown
    }

    @usableFromInline
    func find(field: Int, table: PlistFields, in dictionary: inout Dictionary, depth: Int) throws(DecodingError) -> Int? {
        if let keyed = dictionary.keyed {
            return try common.find(field: field, table: table, in: keyed, depth: depth)
        }
        do {
            try source.checkValid()
            let entry = Int(dictionary.entries[field])
            guard entry >= 0 else { return nil }
            return try checkedRef(at: dictionary.valuesStart &+ entry &* refSize)
        } catch {
            throw common.corrupted(error, depth + 1, .tableField(Unmanaged.passUnretained(table), field))
        }
    }

    @usableFromInline
    func keys(of dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> [String] {
        try common.keys(keyed(&dictionary, value, depth, step), depth, step)
    }

    @usableFromInline
    func value(forKey key: String, in dictionary: inout Dictionary, value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> Int {
        try common.value(forKey: key, in: keyed(&dictionary, value, depth, step), value, depth, step)
    }

    /// The dictionary's lookup by key (every key checked), made when first needed.
    private func keyed(_ dictionary: inout Dictionary, _ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> any PlistKeyedSource {
        if let keyed = dictionary.keyed { return keyed }
        let made = try common.keyed(source, value, depth, step)
        dictionary.keyed = made
        return made
    }

    @usableFromInline
    func openArray(_ value: Int, depth: Int, step: ModelStep) throws(DecodingError) -> (array: Array, count: Int) {
        let object = try container(value, depth: depth, step: step)
        guard object.kind == .array || object.kind == .set else { throw common.mismatch([Any].self, value, depth, step) }
        return (Array(start: object.start), object.count)
    }

    @usableFromInline
    func element(_ index: Int, in array: inout Array, depth: Int) throws(DecodingError) -> Int {
        do {
            try source.checkValid()
            return try checkedRef(at: array.start &+ index &* refSize)
        } catch {
            throw common.corrupted(error, depth + 1, .index(index))
        }
    }

    // MARK: Scalars

    @usableFromInline
    func string(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> String {
        try common.string(source, value, depth, step)
    }

    @usableFromInline
    func integer<T: FixedWidthInteger>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.integer(source, value, type, depth, step)
    }

    @usableFromInline
    func float<T: BinaryFloatingPoint>(_ value: Int, _ type: T.Type, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> T {
        try common.float(source, value, type, depth, step)
    }

    @usableFromInline
    func int(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Int {
        try integer(value, Int.self, depth, step)
    }

    @usableFromInline
    func double(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Double {
        try float(value, Double.self, depth, step)
    }

    @usableFromInline
    func bool(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.bool(source, value, depth, step)
    }

    @usableFromInline
    func date(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Date {
        try common.date(source, value, depth, step)
    }

    @usableFromInline
    func data(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Data {
        try common.data(source, value, depth, step)
    }

    /// Where object `value` starts, when the bytes are still there and the offset table puts
    /// it in the object area (what every read checks first); nil otherwise.
    @inline(__always)
    private func quickOffset(_ value: Int) -> Int? {
        guard source.isValid, value >= 0, value < objectCount else { return nil }
        let offset = bytes.paddedBigEndian(at: offsetTableOffset &+ value &* offsetIntSize, size: offsetIntSize)
        guard offset >= UInt64(BinaryMarker.headerSize), offset < UInt64(offsetTableOffset) else { return nil }
        return Int(truncatingIfNeeded: offset)
    }

    /// An ASCII string object, its count in the marker or in a one-byte integer after it
    /// (every string of fewer than 256 bytes), that fits in the object area and holds ASCII
    /// only and is not `$null`, read from the marker with no call; nil for anything else.
    @usableFromInline
    func quickString(_ value: Int) -> String? {
        guard let offset = quickOffset(value) else { return nil }
        let marker = bytes[offset]
        guard marker >> 4 == BinaryMarker.asciiString else { return nil }
        var start = offset &+ 1
        var count = Int(marker & 0x0F)
        if count == 0x0F {
            guard offset &+ 3 <= offsetTableOffset, bytes[start] == 0x10 else { return nil }
            count = Int(bytes[offset &+ 2])
            start = offset &+ 3
        }
        // The offset table and the 32-byte trailer follow the object area: 16 bytes from a
        // string's start are readable.
        guard start &+ count <= offsetTableOffset else { return nil }
        if count <= SmallASCIIString.capacity, smallStrings {
            let words = SmallASCIIString.bits(bytes.baseAddress.unsafelyUnwrapped + start, count: count)
            guard SmallASCIIString.isASCII(words) else { return nil }
            let string = SmallASCIIString.string(words)
            return count == 5 && string == PlistNull.marker ? nil : string
        }
        let slice = bytes.slice(at: start, count: count)
        guard slice.isASCII else { return nil }
        let string = UTF8Strings.make(validUTF8: slice.assumingMemoryBound(to: UInt8.self), isASCII: true)
        return count == 5 && string == PlistNull.marker ? nil : string
    }

    /// An integer object of 1 to 8 bytes that fits in the object area and in an `Int`.
    @usableFromInline
    func quickInt(_ value: Int) -> Int? {
        guard let offset = quickOffset(value) else { return nil }
        let marker = bytes[offset]
        guard marker >= 0x10, marker <= 0x13 else { return nil }
        let size = 1 &<< Int(marker & 0x0F)
        guard offset &+ 1 &+ size <= offsetTableOffset else { return nil }
        let bits = bytes.paddedBigEndian(at: offset &+ 1, size: size)
        // Eight bytes are signed, fewer unsigned.
        return size == 8 ? Int(exactly: Int64(bitPattern: bits)) : Int(exactly: bits)
    }

    /// A real object (4 bytes widened, 8 bytes) that fits in the object area.
    @usableFromInline
    func quickDouble(_ value: Int) -> Double? {
        guard let offset = quickOffset(value) else { return nil }
        switch bytes[offset] {
        case 0x23:
            guard offset &+ 9 <= offsetTableOffset else { return nil }
            return Double(bitPattern: bytes.paddedBigEndian(at: offset &+ 1, size: 8))
        case 0x22:
            guard offset &+ 5 <= offsetTableOffset else { return nil }
            return Double(Float(bitPattern: UInt32(truncatingIfNeeded: bytes.paddedBigEndian(at: offset &+ 1, size: 4))))
        default:
            return nil
        }
    }

    @usableFromInline
    func quickBool(_ value: Int) -> Bool? {
        guard let offset = quickOffset(value) else { return nil }
        switch bytes[offset] {
        case BinaryMarker.true: return true
        case BinaryMarker.false: return false
        default: return nil
        }
    }

    /// A date object that fits in the object area.
    @usableFromInline
    func quickDate(_ value: Int) -> Date? {
        guard let offset = quickOffset(value), bytes[offset] == BinaryMarker.date, offset &+ 9 <= offsetTableOffset else { return nil }
        return Date(timeIntervalSinceReferenceDate: Double(bitPattern: bytes.paddedBigEndian(at: offset &+ 1, size: 8)))
    }

    /// A UUID's text: an ASCII string object of 36 bytes (its count in a one-byte integer
    /// after the marker) that fits in the object area and parses.
    @usableFromInline
    func quickUUID(_ value: Int) -> UUID? {
        guard let offset = quickOffset(value), offset &+ 3 &+ UUIDText.length <= offsetTableOffset,
              bytes[offset] == BinaryMarker.asciiString << 4 | 0x0F, bytes[offset &+ 1] == 0x10,
              Int(bytes[offset &+ 2]) == UUIDText.length
        else { return nil }
        return UUIDText.uuid(utf8: ByteView(bytes.slice(at: offset &+ 3, count: UUIDText.length)))
    }

    @usableFromInline
    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.isNull(source, value, depth, step)
    }
}
