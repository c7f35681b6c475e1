#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// A value while it is being encoded. Containers are references because Codable hands
/// out containers that the caller keeps writing to after it has asked for more of them
/// (nested containers, a second `container(keyedBy:)` call that must merge with the first).
///
/// This is only the staging of the containers still open: when a nested value's
/// `encode(to:)` returns, its containers are turned into a ``Plist`` at once (see
/// `PlistEncoderImpl.wrap`), so a finished part of the tree exists once, as `Plist`. Writing
/// binary, they go into the file's object table instead (see ``BinaryEncodingSink``), and
/// no tree is built at all.
enum EncodedValue {
    case value(Plist)
    case dictionary(EncodedDictionary)
    case array(EncodedArray)
    /// What a `superEncoder` will have encoded by the time the tree is finished.
    case deferred(PlistEncoderImpl)

    /// The dictionary still open here, if this value is one.
    var openDictionary: EncodedDictionary? {
        if case .dictionary(let dictionary) = self { dictionary } else { nil }
    }

    /// The array still open here, if this value is one.
    var openArray: EncodedArray? {
        if case .array(let array) = self { array } else { nil }
    }
}

/// A dictionary being encoded. Keys keep the order they were first written in; writing a
/// key again replaces its value in place, as Foundation does.
///
/// Finished values are kept as ``Plist`` in `values`, the array the finished dictionary
/// takes over; only containers still open (and `superEncoder`s) wait in `pending`.
/// The staging classes here are touched only by the encoding thread, and never across a
/// call into user code, so they skip dynamic exclusivity checks.
///
/// A dictionary of a keyed container starts with its `CodingKey` type's ``KeyTemplate``:
/// the keys of the last dictionary of that type. A key that is a template key after the
/// last one matched is new (template keys are distinct, and every key so far is an
/// earlier template key), so it is appended without a search: what synthesized `Codable`
/// does, absent optionals included. Any other key is searched for.
final class EncodedDictionary {
    /// The values, by key position.
    @exclusivity(unchecked) private(set) var values: [Plist] = []
    /// Position → a value still being encoded; its slot in `values` is a placeholder.
    @exclusivity(unchecked) private(set) var pending: [Int: EncodedValue] = [:]
    /// The key type's template, and its keys and generation when this dictionary began.
    let template: KeyTemplate?
    let templateKeys: [String]
    let templateGeneration: Int
    /// Every key so far is a template key, at increasing positions.
    @exclusivity(unchecked) private(set) var followsTemplate = true
    /// The template position after the last key matched.
    @exclusivity(unchecked) private var templateCursor = 0
    /// One bit per template position matched so far (wrapping past 64, so meaningful only
    /// for a template of at most 64 keys): while the dictionary follows its template, these
    /// bits name its keys (see ``templateLayout``).
    @exclusivity(unchecked) private var templatePositions: UInt64 = 0
    /// The keys, unless they are the template's first `values.count` keys (then nil).
    @exclusivity(unchecked) private var ownKeys: [String]?
    /// The keys' UTF-8 lengths and first and last bytes, so that a search compares in full
    /// only keys that share them; computed for the keys added before the first search.
    @exclusivity(unchecked) private var fingerprints: [UInt64] = []
    /// Key → position, built once a search meets a dictionary too large to search linearly.
    @exclusivity(unchecked) private var index: [PlistKey: Int]?
    /// A value was stored under a key that had one: the old one is dropped.
    @exclusivity(unchecked) private(set) var replacedValues = false

    private static let linearLimit = 16

    init(template: KeyTemplate? = nil) {
        self.template = template
        templateKeys = template?.strings ?? []
        templateGeneration = template?.generation ?? 0
    }

    /// The keys, in the order first written.
    var keys: [String] {
        ownKeys ?? Array(templateKeys.prefix(values.count))
    }

    /// True when the keys are all of the template's, in its order.
    var isTemplate: Bool {
        ownKeys == nil && values.count == templateKeys.count && template?.generation == templateGeneration
    }

    /// The template positions of the keys, one bit each, when the keys are some of the
    /// template's in its order and the template (of at most 64 keys) is still the one this
    /// dictionary began with; nil otherwise. Dictionaries with the same layout have the same
    /// keys: a model whose optionals are absent in some values has a few such layouts.
    var templateLayout: UInt64? {
        guard followsTemplate, templateKeys.count <= 64, template?.generation == templateGeneration else { return nil }
        return templatePositions
    }

    /// Stores the finished value `plist` under `key`. The key synthesized `encode(to:)`
    /// writes, the template's next one, is appended here without a call; any other goes
    /// through ``set(_:_:)``.
    @inline(__always)
    func set(_ key: String, finished plist: Plist) {
        guard followsTemplate, isNextTemplateKey(StringBits(key)) else {
            return set(key, .value(plist))
        }
        matchTemplateKey(at: templateCursor)
        if values.isEmpty { values.reserveCapacity(templateKeys.count) }
        values.append(plist)
    }

    /// Stores `value` under `key`.
    func set(_ key: String, _ value: EncodedValue) {
        let slot = followsTemplate ? (appendedFromTemplate(key) ?? searchedSlot(key)) : searchedSlot(key)
        let plist: Plist
        if case .value(let finished) = value {
            plist = finished
            if !pending.isEmpty { pending[slot] = nil }
        } else {
            plist = EncodedValue.placeholder
            pending[slot] = value
        }
        if slot == values.count {
            if values.isEmpty, !templateKeys.isEmpty { values.reserveCapacity(templateKeys.count) }
            values.append(plist)
        } else {
            values[slot] = plist
            replacedValues = true
        }
    }

    /// The value stored under `key`, or nil.
    func value(forKey key: String) -> EncodedValue? {
        guard let position = position(of: key) else { return nil }
        return pending[position] ?? .value(values[position])
    }

    /// The slot of a new key when `key` is a template key after the last one matched (the
    /// caller appends its value); nil otherwise, and the dictionary no longer follows the
    /// template.
    @inline(__always)
    private func appendedFromTemplate(_ key: String) -> Int? {
        let bits = StringBits(key)
        if isNextTemplateKey(bits) {
            matchTemplateKey(at: templateCursor)
            return values.count
        }
        var position = templateCursor
        while position < templateKeys.count {
            if StringBits(templateKeys[position]) == bits {
                matchTemplateKey(at: position)
                return appended(key)
            }
            position += 1
        }
        followsTemplate = false
        return nil
    }

    /// True when `bits` are the template's next key and every key so far is one of the
    /// template's first ones: the key is new, and goes at the end with no key array of this
    /// dictionary's own.
    @inline(__always)
    private func isNextTemplateKey(_ bits: StringBits) -> Bool {
        ownKeys == nil && templateCursor < templateKeys.count && StringBits(templateKeys[templateCursor]) == bits
    }

    /// Notes template position `position` as the last key matched.
    @inline(__always)
    private func matchTemplateKey(at position: Int) {
        templatePositions |= 1 &<< UInt64(truncatingIfNeeded: position)
        templateCursor = position + 1
    }

    /// The position of `key`, or the slot of a new key (the caller appends its value).
    private func searchedSlot(_ key: String) -> Int {
        if let existing = position(of: key) { return existing }
        let slot = appended(key)
        fingerprints.append(PlistKey.fingerprint(key))
        if index != nil { index![PlistKey(key)] = slot }
        return slot
    }

    /// Adds `key` to ``ownKeys`` (made from the template's keys so far when needed).
    private func appended(_ key: String) -> Int {
        if ownKeys == nil { ownKeys = keys }
        ownKeys!.append(key)
        return values.count
    }

    /// The position of `key`, or nil; compares exact scalars ("é" and "e\u{301}" are two
    /// keys, as in every plist format).
    private func position(of key: String) -> Int? {
        let keys = keys
        if index == nil, keys.count > Self.linearLimit {
            index = Dictionary(uniqueKeysWithValues: keys.indices.map { (PlistKey(keys[$0]), $0) })
        }
        if let index { return index[PlistKey(key)] }
        while fingerprints.count < keys.count {
            fingerprints.append(PlistKey.fingerprint(keys[fingerprints.count]))
        }
        let fingerprint = PlistKey.fingerprint(key)
        for position in keys.indices where fingerprints[position] == fingerprint {
            if PlistKey(keys[position]) == PlistKey(key) { return position }
        }
        return nil
    }
}

/// The keys of the last finished dictionary of one `CodingKey` type, which the next
/// dictionaries of that type follow (see ``EncodedDictionary``) and, when they have the very
/// same keys, share as their key array: the copy is made once, and the writers recognise
/// shared keys (the binary writer reuses their references, the XML writer their escaped
/// lines, and sorted order is computed once). Dictionaries with only some of the keys (absent
/// optionals) share a key array per layout in the same way.
final class KeyTemplate {
    @exclusivity(unchecked) private(set) var strings: [String] = []
    @exclusivity(unchecked) private(set) var keys: [PlistKey] = []
    /// With sorted keys: the positions of `strings` in CF's order.
    @exclusivity(unchecked) private(set) var order: [Int] = []
    /// Counts the changes, so a dictionary knows whether the template is still the one it followed.
    @exclusivity(unchecked) private(set) var generation = 0
    /// Keys and order of dictionaries with some of the template's keys, by their
    /// ``EncodedDictionary/templateLayout``; at most ``layoutLimit`` of them.
    @exclusivity(unchecked) private var layouts: [UInt64: (keys: [PlistKey], order: [Int])] = [:]

    /// The most layouts kept per template: a model has a few; a value that makes up many
    /// (optionals present at random in a wide type) gets key arrays of its own beyond these.
    static let layoutLimit = 64

    func update(strings: [String], keys: [PlistKey], order: [Int]) {
        self.strings = strings
        self.keys = keys
        self.order = order
        layouts = [:]
        generation += 1
    }

    /// The keys and order of a dictionary with the layout `positions`, if one was kept.
    func layout(_ positions: UInt64) -> (keys: [PlistKey], order: [Int])? {
        layouts.isEmpty ? nil : layouts[positions]
    }

    /// Keeps `keys` and `order` for dictionaries with the layout `positions`.
    func keep(keys: [PlistKey], order: [Int], for positions: UInt64) {
        if layouts.count < Self.layoutLimit { layouts[positions] = (keys, order) }
    }
}

/// An array being encoded: finished values as ``Plist``, open containers in `pending`.
final class EncodedArray {
    @exclusivity(unchecked) private(set) var values: [Plist] = []
    @exclusivity(unchecked) private(set) var pending: [Int: EncodedValue] = [:]

    var count: Int { values.count }

    func append(_ value: EncodedValue) {
        if case .value(let plist) = value {
            values.append(plist)
        } else {
            pending[values.count] = value
            values.append(EncodedValue.placeholder)
        }
    }
}

extension EncodedValue {
    /// What stands in `values` for a pending value until it is finished.
    static let placeholder = Plist.bool(false)
}

/// Turns finished containers into ``Plist`` values, one per encode, and keeps each
/// `CodingKey` type's ``KeyTemplate``. With a ``BinaryEncodingSink``, a finished container
/// goes into the binary file's table instead, and its value is the sink's stand-in for it.
final class PlistAssembler {
    let sortingKeys: Bool
    let sink: BinaryEncodingSink?
    /// How many `superEncoder`s have been handed out; a value during whose encoding one was
    /// cannot be finished early, since that encoder may still be written to.
    @exclusivity(unchecked) var deferredCount = 0
    @exclusivity(unchecked) private var templates: [ObjectIdentifier: KeyTemplate] = [:]

    init(sortingKeys: Bool, sink: BinaryEncodingSink? = nil) {
        self.sortingKeys = sortingKeys
        self.sink = sink
    }

    /// A new dictionary for a container keyed by `type`.
    func dictionary<Key: CodingKey>(keyedBy type: Key.Type) -> EncodedDictionary {
        let id = ObjectIdentifier(type)
        if let template = templates[id] { return EncodedDictionary(template: template) }
        let template = KeyTemplate()
        templates[id] = template
        return EncodedDictionary(template: template)
    }

    /// Notes that a value encoded so far was dropped: replaced, or left by an error that its
    /// caller may catch. Parts of it may be in the sink's table, which must leave them out.
    func noteDropped() {
        sink?.valuesDropped = true
    }

    /// The finished `value`, which is `depth` containers deep in the whole value.
    func plist(_ value: EncodedValue, depth: Int) -> Plist {
        switch value {
        case .value(let plist):
            return plist
        case .dictionary(let dictionary):
            return plist(dictionary, depth: depth)
        case .array(let array):
            var elements = array.values
            for (position, value) in array.pending { elements[position] = plist(value, depth: depth + 1) }
            if let sink { return sink.array(elements, depth: depth) }
            return .array(elements)
        case .deferred(let encoder):
            // A super encoder that was never written to stands for an empty dictionary,
            // as in Foundation.
            return plist(encoder.result ?? .dictionary(EncodedDictionary()), depth: depth)
        }
    }

    private func plist(_ dictionary: EncodedDictionary, depth: Int) -> Plist {
        if dictionary.replacedValues { noteDropped() }
        let keys: [PlistKey], order: [Int]
        let layout = dictionary.templateLayout
        var sharedKeys = true
        if let template = dictionary.template, dictionary.isTemplate {
            (keys, order) = (template.keys, template.order)
        } else if let template = dictionary.template, let layout, let known = template.layout(layout) {
            (keys, order) = known
        } else {
            sharedKeys = false
            let strings = dictionary.keys
            if sortingKeys {
                order = strings.indices.sorted { PlistKeyOrder.utf16Precedes(strings[$0], strings[$1]) }
                keys = order.map { PlistKey(strings[$0]) }
            } else {
                (keys, order) = (strings.map { PlistKey($0) }, [])
            }
            // Keys outside the template become the type's template; some of its keys, a layout.
            if let template = dictionary.template, !dictionary.followsTemplate {
                template.update(strings: strings, keys: keys, order: order)
            } else if let template = dictionary.template, let layout {
                template.keep(keys: keys, order: order, for: layout)
            }
        }
        var values = dictionary.values
        for (position, value) in dictionary.pending { values[position] = plist(value, depth: depth + 1) }
        if sortingKeys {
            values = order.map { values[$0] }
        }
        if let sink { return sink.dictionary(keys: keys, sharedKeys: sharedKeys, values: values, depth: depth) }
        return .dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: values))
    }
}
