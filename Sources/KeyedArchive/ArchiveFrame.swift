@_spi(Internals) import PlistKit

/// The fields of one object being archived: `$class` first, then the fields in the order
/// they were encoded; encoding a key again replaces its value in place.
///
/// Cheaper than filling a `PlistDictionary` field by field. The frame starts from the
/// ``ClassLayout`` of the last object of its class, which an `encode(with:)` repeats on every
/// call with the same string literals: while each new key is the layout's next one (the
/// same string bits, see ``StringBits``), it is new without a search, and a frame that ends
/// with all of the layout's keys takes its key array, so objects of one class share one key
/// array, in memory and in the binary writer's key cache. Any other key is compared in full
/// only with keys of the same length and first and last byte.
struct ArchiveFrame {
    /// The UID of the object's class description (`$class`).
    let classUID: UInt64
    /// The last object's keys, which this frame follows while ``followsLayout``.
    private let layout: ClassLayout?
    /// Every key so far is the layout's key at the same position.
    private var followsLayout: Bool
    /// The keys, once the frame no longer follows its layout (before, the layout's first
    /// `values.count` keys are the keys).
    private var strings: [String] = []
    private var fingerprints: [UInt64] = []
    private var values: [Plist] = []

    /// A frame with the layout of the last object of the class (sized for as many fields:
    /// growing the arrays cost as much as the rest of an object, and the values array becomes
    /// the dictionary's storage) and the key arrays of a finished frame, emptied, when there
    /// is one (see ``scratch()``), which saves two allocations per object.
    init(classUID: UInt64, layout: ClassLayout?, scratch: Scratch?) {
        self.classUID = classUID
        self.layout = layout
        followsLayout = layout != nil
        if let scratch {
            strings = scratch.strings
            fingerprints = scratch.fingerprints
        }
        values.reserveCapacity(layout?.strings.count ?? 8)
        set(.uid(classUID), forKey: "$class")
    }

    /// The key arrays of a finished frame, emptied but keeping their storage.
    struct Scratch {
        fileprivate var strings: [String]
        fileprivate var fingerprints: [UInt64]
    }

    /// This frame's key arrays, emptied, for the next frame (after ``dictionary()``).
    consuming func scratch() -> Scratch {
        strings.removeAll(keepingCapacity: true)
        fingerprints.removeAll(keepingCapacity: true)
        return Scratch(strings: strings, fingerprints: fingerprints)
    }

    mutating func set(_ value: Plist, forKey key: String) {
        if followsLayout {
            // The layout's keys are distinct, and the keys so far are its first ones, so its
            // next key is a new one here.
            if let layout, values.count < layout.strings.count, StringBits(layout.strings[values.count]) == StringBits(key) {
                values.append(value)
                return
            }
            leaveLayout()
        }
        let fingerprint = PlistKey.fingerprint(key)
        for position in fingerprints.indices where fingerprints[position] == fingerprint {
            // Exact scalars, as every key in a plist compares.
            if PlistKey(strings[position]) == PlistKey(key) {
                values[position] = value
                return
            }
        }
        strings.append(key)
        fingerprints.append(fingerprint)
        values.append(value)
    }

    /// Makes the keys so far the frame's own, for a key the layout does not have next.
    private mutating func leaveLayout() {
        followsLayout = false
        guard let layout else { return }
        strings.reserveCapacity(values.count + 1)
        fingerprints.reserveCapacity(values.count + 1)
        for key in layout.strings.prefix(values.count) {
            strings.append(key)
            fingerprints.append(PlistKey.fingerprint(key))
        }
    }

    /// The object's dictionary, and the layout the next object of the class should follow
    /// when it is not the one this frame followed.
    func dictionary() -> (dictionary: Plist, newLayout: ClassLayout?) {
        if followsLayout, let layout, values.count == layout.strings.count {
            return (.dictionary(PlistDictionary(uncheckedUniqueKeys: layout.keys, values: values)), nil)
        }
        let strings = followsLayout ? Array(layout?.strings.prefix(values.count) ?? []) : strings
        let keys = strings.map { PlistKey($0) }
        return (.dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: values)), ClassLayout(strings: strings, keys: keys))
    }
}

/// The keys of the last object of a class, and the strings they were made from.
struct ClassLayout {
    let strings: [String]
    let keys: [PlistKey]
}

/// The ``ClassLayout`` of the last object of each class: 256 slots picked by a hash of the
/// class UID. Two classes that pick one slot take turns in it; their objects then get key
/// arrays of their own, which changes nothing in the archive.
struct ClassLayouts {
    private static let slotCount = 256
    private var classUIDs = [UInt64](repeating: .max, count: slotCount)
    private var layouts = [ClassLayout?](repeating: nil, count: slotCount)

    @inline(__always)
    private static func slot(for classUID: UInt64) -> Int {
        Int(truncatingIfNeeded: (classUID &* 0x9E37_79B9_7F4A_7C15) >> 56)
    }

    /// The layout of the last object of class `classUID`, if it is kept.
    func layout(for classUID: UInt64) -> ClassLayout? {
        let slot = Self.slot(for: classUID)
        return classUIDs[slot] == classUID ? layouts[slot] : nil
    }

    /// Keeps `layout` as the one of class `classUID`.
    mutating func remember(_ layout: ClassLayout, for classUID: UInt64) {
        let slot = Self.slot(for: classUID)
        classUIDs[slot] = classUID
        layouts[slot] = layout
    }
}
