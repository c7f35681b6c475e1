#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one `PlistDecodable` decode of a `bplist00` file shares: the file's source, called
/// directly (no existential), the format-independent state (options, open containers,
/// errors), and what is known of the dictionary layouts met so far.
///
/// Reads go through the same ``BinaryDecodingSource`` methods as the Codable path's, so they
/// make the same checks and throw the same errors; only dictionaries are read differently
/// (``BinaryModelFieldsDecoder``), with every key checked through the source once per layout.
@usableFromInline
final class BinaryModelDecodingState {
    let common: ModelDecodingState
    let source: BinaryDecodingSource
    /// Where the key references of the last dictionary opened at each depth are, and
    /// whether its keys can be matched in place (see ``BinaryModelFieldsDecoder``): records of
    /// one type share their key objects, so the next one at that depth needs no key checked.
    @exclusivity(unchecked) private var layouts: [(start: Int, length: Int, inPlace: Bool)] = []

    /// The file, and the trailer's figures, read here without copying the table.
    let bytes: UnsafeRawBufferPointer
    let refSize: Int
    private let offsetTableOffset: Int
    private let offsetIntSize: Int
    private let objectCount: Int

    init(common: ModelDecodingState, source: BinaryDecodingSource) {
        self.common = common
        self.source = source
        bytes = source.table.bytes
        refSize = source.table.refSize
        offsetTableOffset = source.table.offsetTableOffset
        offsetIntSize = source.table.offsetIntSize
        objectCount = source.table.objectCount
    }

    /// The object reference stored at `position` (in a container checked by the source).
    @inline(__always)
    func ref(at position: Int) -> Int {
        Int(truncatingIfNeeded: bytes.bigEndian(at: position, size: refSize))
    }

    /// The object reference stored at `position`, checked as the source checks it.
    @inline(__always)
    func checkedRef(at position: Int) throws(PlistError) -> Int {
        let index = ref(at: position)
        guard index >= 0, index < objectCount else { return try source.table.checkedRef(at: position) }
        return index
    }

    /// The layout of the dictionary whose `count` key references start at `keysStart`,
    /// opened at `depth`: whether its keys can be matched in place, or nil when no
    /// dictionary with the same key references was opened at that depth last.
    @inline(__always)
    func knownLayout(keysStart: Int, count: Int, depth: Int) -> Bool? {
        guard depth < layouts.count else { return nil }
        let layout = layouts[depth]
        let length = count &* refSize
        guard layout.length == length, bytes.bytesEqual(at: keysStart, layout.start, count: length) else { return nil }
        return layout.inPlace
    }

    /// Notes the layout of a dictionary opened at `depth` whose keys the source has checked.
    func remember(keysStart: Int, count: Int, depth: Int, inPlace: Bool) {
        while layouts.count <= depth { layouts.append((0, -1, false)) }
        layouts[depth] = (keysStart, count * refSize, inPlace)
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

    @usableFromInline
    func isNull(_ value: Int, _ depth: Int, _ step: ModelStep) throws(DecodingError) -> Bool {
        try common.isNull(source, value, depth, step)
    }
}
