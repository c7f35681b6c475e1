#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How a value being encoded was reached from its container: the last step of its coding
/// path. A field names its table unretained: the table outlives the encoders of its fields
/// (the dictionary's encoder holds it), and ancestors' steps are read only while they encode.
@usableFromInline
enum ModelEncodingStep {
    case root
    case field(Unmanaged<PlistFields>, Int)
    case key(String)
    case index(Int)

    /// The step as Codable shows it in a coding path.
    var codingKey: (any CodingKey)? {
        switch self {
        case .root: nil
        case .field(let fields, let position): PlistCodingKey(stringValue: fields.takeUnretainedValue().names[position])
        case .key(let key): PlistDictionaryCodingKey(key)
        case .index(let index): PlistCodingKey(index: index)
        }
    }
}

/// What one `PlistEncodable` encode shares: the options, the output being written, the
/// containers being encoded (for coding paths), and the key arrays of each field table's
/// layouts.
///
/// The encoders write each value as it is encoded, straight into the output of the format:
/// binary values wait as encoded bytes (``ModelChild``) until their container ends and goes
/// into the binary writer's table (as the Codable path's sink does); XML goes into the
/// document's bytes with the XML writer's own helpers; other formats build the ``Plist``
/// tree the Codable path builds. Every output takes the same calls, listed here; the format
/// is picked per call by ``output``.
///
/// A value's *mark* is ``position`` when its encoder was made: a value that leaves the
/// position there encoded nothing (and stands for an empty dictionary, as on the Codable
/// path), and one that writes twice replaces what it wrote first.
@usableFromInline
final class ModelEncodingState {
    /// Where the encode goes.
    enum Output {
        /// The binary writer's table, through ``sink``.
        case binary
        /// An XML document, in ``xml``.
        case xml
        /// A ``Plist`` tree, in ``values``.
        case tree
    }

    let output: Output
    let userInfo: [CodingUserInfoKey: Any]
    let sortingKeys: Bool
    let sink: BinaryEncodingSink?
    /// The root value as a ``Plist``: a scalar, a tree, or a binary container's stand-in; nil
    /// until the root encodes something, and for a root container written to ``xml``.
    @exclusivity(unchecked) var top: Plist?
    /// Whether the root is the container written to ``xml``.
    @exclusivity(unchecked) var topInXML = false
    /// The steps of the containers being encoded: the one at depth `d` is at `open[d]`
    /// (entries past the current depth are stale).
    @exclusivity(unchecked) private var open: [ModelEncodingStep] = []
    /// Keys and sorted order of a table's dictionaries with some of its fields, by table and
    /// field bits: made once per layout, and shared by every dictionary with that layout.
    @exclusivity(unchecked) private var layouts: [Layout: (keys: [PlistKey], order: [Int])] = [:]
    /// The Codable path's assembler, for values encoded through `Encodable`.
    @exclusivity(unchecked) private var assembler: PlistAssembler?

    /// Binary: the children of the containers being encoded, innermost last.
    let pending = GrowableTable<ModelChild>()
    /// Binary: the encodings of the scalars among ``pending``.
    @exclusivity(unchecked) var scratch: ByteBuffer
    /// Binary: the large data values among ``pending``.
    @exclusivity(unchecked) var blobs: [Data] = []
    /// XML: the document so far.
    @exclusivity(unchecked) var xml: ByteBuffer
    /// XML: where each entry (`<key>` line and value) of the dictionaries being encoded starts.
    let entryStarts = GrowableTable<Int>()
    /// XML: the `<key>` lines of the tables met so far (without their indentation, each after
    /// ``keyLineTabs`` tabs in ``keyLineBytes``); each table's fields are consecutive, from its
    /// entry in ``keyLineTables``.
    @exclusivity(unchecked) private var keyLineRanges: [Range<Int>] = []
    @exclusivity(unchecked) private var keyLineBytes = ByteBuffer(capacity: 16)
    @exclusivity(unchecked) private var keyLineTables: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private var keyLineOwners: [PlistFields] = []
    @exclusivity(unchecked) private var lastKeyLineTable: PlistFields?
    @exclusivity(unchecked) private var lastKeyLines = 0
    /// XML: the error the XML writer would throw first, and where in the document.
    @exclusivity(unchecked) var xmlFailure: (error: PlistError, position: Int)?
    /// Tree: the values of the containers being encoded, innermost last.
    @exclusivity(unchecked) var values: [Plist] = []

    /// The XML writer's options on the Codable path.
    static let xmlOptions = PlistWritingOptions.default

    private struct Layout: Hashable {
        let table: ObjectIdentifier
        let fields: UInt64
    }

    init(output: Output, userInfo: [CodingUserInfoKey: Any], sortingKeys: Bool, sink: BinaryEncodingSink?) {
        self.output = output
        self.userInfo = userInfo
        self.sortingKeys = sortingKeys
        self.sink = sink
        scratch = ByteBuffer(capacity: output == .binary ? 4096 : 16)
        xml = ByteBuffer(capacity: output == .xml ? 16 * 1024 : 16)
        if output == .xml { xml.append(XMLWriter.header) }
    }

    // MARK: Coding paths

    /// The coding path of a value at `depth` reached by `step`.
    func path(depth: Int, step: ModelEncodingStep) -> [any CodingKey] {
        guard depth > 0 else { return [] }
        var keys: [any CodingKey] = []
        for container in open[1..<min(depth, open.count)] {
            if let key = container.codingKey { keys.append(key) }
        }
        if let key = step.codingKey { keys.append(key) }
        return keys
    }

    /// Notes that a container at `depth` reached by `step` starts.
    private func enter(depth: Int, step: ModelEncodingStep) {
        while open.count <= depth { open.append(.root) }
        open[depth] = step
    }

    // MARK: Values

    /// Where the next value goes: its encoder's mark.
    @usableFromInline
    var position: Int {
        switch output {
        case .binary: pending.count
        case .xml: xml.count
        case .tree: values.count
        }
    }

    /// Drops what a value with mark `mark` wrote before writing again.
    private func rewrite(to mark: Int) {
        switch output {
        case .binary:
            pending.removeLast(pending.count - mark)
            sink?.valuesDropped = true
        case .xml:
            xml.removeLast(xml.count - mark)
        case .tree:
            values.removeLast(values.count - mark)
        }
    }

    /// Writes the string `value` at `depth`.
    @usableFromInline
    func write(string value: String, mark: Int, depth: Int) {
        guard depth > 0 else { return setTop(.string(value)) }
        if position != mark { rewrite(to: mark) }
        switch output {
        case .binary:
            let start = scratch.count
            if !Self.appendInlineASCII(value, binary: &scratch) { scratch.appendString(value) }
            pending.append(ModelChild(scalarAt: start, length: scratch.count - start))
        case .xml:
            xml.appendXMLIndent(depth)
            xml.appendXMLText(open: "<string>", value, close: "</string>\n")
        case .tree:
            values.append(.string(value))
        }
    }

    /// Writes `value`, a scalar, at `depth`.
    @usableFromInline
    func write(_ value: Plist, mark: Int, depth: Int) {
        guard depth > 0 else { return setTop(value) }
        if position != mark { rewrite(to: mark) }
        switch output {
        case .binary:
            let start = scratch.count
            if scratch.appendScalar(value) {
                pending.append(ModelChild(scalarAt: start, length: scratch.count - start))
            } else {
                pending.append(ModelChild(largeData: blobs.count))
                blobs.append(value.data!)
            }
        case .xml:
            let start = xml.count
            do throws(PlistError) {
                try withUnsafePointer(to: value) { (value) throws(PlistError) in _ = try xml.appendXMLScalar(value, depth: depth) }
            } catch {
                fail(error, at: start)
            }
        case .tree:
            values.append(value)
        }
    }

    /// Writes the integer `value` at `depth`.
    @usableFromInline
    func write(integer value: Int64, mark: Int, depth: Int) {
        guard output == .binary, depth > 0 else {
            guard output == .xml, depth > 0 else { return write(.integer(PlistInteger(value)), mark: mark, depth: depth) }
            if xml.count != mark { rewrite(to: mark) }
            xml.appendXMLIndent(depth)
            xml.append("<integer>")
            xml.appendDecimal(PlistInteger(value))
            xml.append("</integer>\n")
            return
        }
        if pending.count != mark { rewrite(to: mark) }
        let start = scratch.count
        if value >= 0 {
            scratch.appendUnsigned(UInt64(value))
        } else {
            scratch.append(0x13)
            scratch.appendBigEndian(UInt64(bitPattern: value), size: 8)
        }
        pending.append(ModelChild(scalarAt: start, length: scratch.count - start))
    }

    /// Writes the real `value` at `depth`.
    @usableFromInline
    func write(real value: Double, mark: Int, depth: Int) {
        guard output == .binary, depth > 0 else {
            guard output == .xml, depth > 0 else { return write(.real(value), mark: mark, depth: depth) }
            if xml.count != mark { rewrite(to: mark) }
            xml.appendXMLIndent(depth)
            xml.append("<real>")
            PlistRealFormat.appendXML(value, to: &xml)
            xml.append("</real>\n")
            return
        }
        writeBinaryWord(marker: 0x23, value.bitPattern, mark: mark)
    }

    /// Writes the date `value` at `depth`.
    @usableFromInline
    func write(date value: Date, mark: Int, depth: Int) {
        guard output == .binary, depth > 0 else { return write(.date(value), mark: mark, depth: depth) }
        writeBinaryWord(marker: BinaryMarker.date, value.timeIntervalSinceReferenceDate.bitPattern, mark: mark)
    }

    /// Writes the Boolean `value` at `depth`.
    @usableFromInline
    func write(bool value: Bool, mark: Int, depth: Int) {
        guard output == .binary, depth > 0 else {
            guard output == .xml, depth > 0 else { return write(.bool(value), mark: mark, depth: depth) }
            if xml.count != mark { rewrite(to: mark) }
            xml.appendXMLIndent(depth)
            xml.append(value ? "<true/>\n" : "<false/>\n")
            return
        }
        if pending.count != mark { rewrite(to: mark) }
        pending.append(ModelChild(scalarAt: scratch.count, length: 1))
        scratch.append(value ? BinaryMarker.true : BinaryMarker.false)
    }

    /// Writes the UUID `value` at `depth` as its `uuidString`, with no `String` made: the
    /// bytes ``write(string:mark:depth:)`` writes for that string.
    @usableFromInline
    func write(uuid value: UUID, mark: Int, depth: Int) {
        guard depth > 0, output != .tree else { return write(string: UUIDText.string(value), mark: mark, depth: depth) }
        if position != mark { rewrite(to: mark) }
        if output == .binary {
            let start = scratch.count
            scratch.appendHeader(marker: BinaryMarker.asciiString, count: UUIDText.length)
            UUIDText.append(value, to: &scratch)
            pending.append(ModelChild(scalarAt: start, length: scratch.count - start))
        } else {
            xml.appendXMLIndent(depth)
            xml.append("<string>")
            UUIDText.append(value, to: &xml)
            xml.append("</string>\n")
        }
    }

    /// Binary: writes the scalar of `marker` and the eight bytes of `word` (a real or a
    /// date), what ``ByteBuffer/appendScalar(_:)`` writes for it.
    private func writeBinaryWord(marker: UInt8, _ word: UInt64, mark: Int) {
        if pending.count != mark { rewrite(to: mark) }
        pending.append(ModelChild(scalarAt: scratch.count, length: 9))
        scratch.append(marker)
        scratch.appendBigEndian(word, size: 8)
    }

    /// Makes `value` the root.
    private func setTop(_ value: Plist) {
        if top != nil || topInXML { sink?.valuesDropped = true }
        top = value
        topInXML = false
    }

    /// Writes `value`, which the Codable path's encoder made (a scalar, a tree, or a binary
    /// container's stand-in), at `depth`.
    private func write(encoded value: Plist, mark: Int, depth: Int) {
        if case .array = value {} else if case .dictionary = value {} else if sink?.isStandIn(value) != true {
            return write(value, mark: mark, depth: depth)
        }
        guard depth > 0 else { return setTop(value) }
        if position != mark { rewrite(to: mark) }
        switch output {
        case .binary:
            // With a sink, the encoder's containers are stand-ins.
            pending.append(ModelChild(container: StagedObject(standIn: value)!.index))
        case .xml:
            let start = xml.count
            do throws(PlistError) {
                xml.append(contentsOf: try XMLWriter.fragment(value, depth: depth, options: Self.xmlOptions))
            } catch {
                fail(error, at: start)
            }
        case .tree:
            values.append(value)
        }
    }

    /// Keeps `error` if the XML writer would meet it before the one kept (if any).
    private func fail(_ error: PlistError, at position: Int) {
        if let xmlFailure, xmlFailure.position <= position { return }
        xmlFailure = (error, position)
    }

    /// Ends the value with mark `mark` at `depth`: one that encoded nothing stands for an
    /// empty dictionary.
    @usableFromInline
    func endValue(mark: Int, depth: Int) {
        if position == mark { writeEmptyDictionary(depth: depth) }
    }

    /// Drops what a value with mark `mark` wrote before it threw (a caller may catch the
    /// error and go on): its entry too when it is a dictionary's, whose entries were
    /// `entries` before it began.
    @usableFromInline
    func abandon(mark: Int, entries: Int) {
        sink?.valuesDropped = true
        switch output {
        case .xml:
            let cut = entries < entryStarts.count ? min(entryStarts[entries], mark) : mark
            entryStarts.removeLast(entryStarts.count - entries)
            xml.removeLast(xml.count - cut)
        default:
            if position > mark { rewrite(to: mark) }
        }
    }

    /// Writes the empty dictionary that a value at `depth` which encoded nothing stands for.
    private func writeEmptyDictionary(depth: Int) {
        switch output {
        case .binary:
            let standIn = sink!.dictionary(keys: [], sharedKeys: false, values: [], depth: depth)
            pending.append(ModelChild(container: StagedObject(standIn: standIn)!.index))
        case .xml:
            xml.appendXMLEmpty(dictionary: true, depth: depth)
        case .tree:
            values.append(.dictionary([:]))
        }
    }

    /// `value` encoded through its `Encodable` conformance by the Codable path's encoder,
    /// written at `depth`.
    func write<T: Encodable>(encodable value: T, mark: Int, depth: Int, step: ModelEncodingStep) throws(EncodingError) {
        if assembler == nil { assembler = PlistAssembler(sortingKeys: sortingKeys, sink: sink) }
        let parent = path(depth: depth, step: step).reduce(CodingPathNode.root) { $0.appending(PlistCodingKey($1)) }
        let impl = PlistEncoderImpl(userInfo: userInfo, assembler: assembler!, path: parent)
        let plist: Plist
        do {
            let encoded = try impl.wrap(value, parent: parent, step: .none)
            plist = assembler!.plist(encoded, depth: depth)
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: parent.path, debugDescription: "\(T.self)'s encode(to:) failed: \(error)", underlyingError: error))
        }
        write(encoded: plist, mark: mark, depth: depth)
    }

    // MARK: Containers

    /// Starts a container at `depth` reached by `step`, for an encoder with mark `mark`; a
    /// dictionary's fields are `table`'s. Returns where its children start in ``pending``,
    /// ``entryStarts`` or ``values``, where its own bytes start in ``scratch`` or ``xml``, and
    /// (XML) where its table's `<key>` lines are.
    @usableFromInline
    func begin(dictionary: Bool, table: PlistFields?, mark: Int, depth: Int, step: ModelEncodingStep) -> (base: Int, start: Int, keyLines: Int) {
        if position != mark { rewrite(to: mark) }
        enter(depth: depth, step: step)
        switch output {
        case .binary:
            return (pending.count, scratch.count, 0)
        case .xml:
            let start = xml.count
            xml.appendXMLIndent(depth)
            xml.append(dictionary ? "<dict>\n" : "<array>\n")
            return (entryStarts.count, start, table.map(keyLines(of:)) ?? 0)
        case .tree:
            return (values.count, 0, 0)
        }
    }

    /// Starts the entry for field `field` of a dictionary at `depth` whose table's `<key>`
    /// lines are at `keyLines`; returns the mark of its value.
    @usableFromInline
    func beginEntry(field: Int, keyLines: Int, depth: Int) -> Int {
        guard output == .xml else { return position }
        entryStarts.append(xml.count)
        let line = keyLineRanges[keyLines + field]
        let tabs = depth + 1
        if tabs <= Self.keyLineTabs {
            // One copy: the line with its indentation, from the tabs that precede it.
            xml.append(keyLineBytes.buffer(line.lowerBound - tabs..<line.upperBound), 0..<line.count + tabs)
        } else {
            xml.appendXMLIndent(tabs)
            xml.append(keyLineBytes.buffer(line), 0..<line.count)
        }
        return xml.count
    }

    /// XML: the tabs before each `<key>` line in ``keyLineBytes``, so that a line at that
    /// depth or less is copied with its indentation at once.
    private static let keyLineTabs = 8

    /// Starts the entry for `key` of a dictionary at `depth`; returns the mark of its value.
    @usableFromInline
    func beginEntry(key: String, depth: Int) -> Int {
        guard output == .xml else { return position }
        entryStarts.append(xml.count)
        xml.appendXMLKey(key, depth: depth + 1)
        return xml.count
    }

    /// XML: where the `<key>` lines of `table`'s fields are in ``keyLineRanges``, each
    /// escaped once per encode (after ``keyLineTabs`` tabs) and copied for every dictionary.
    private func keyLines(of table: PlistFields) -> Int {
        if table === lastKeyLineTable { return lastKeyLines }
        let id = ObjectIdentifier(table)
        let first: Int
        if let known = keyLineTables[id] {
            first = known
        } else {
            first = keyLineRanges.count
            for name in table.names {
                keyLineBytes.appendXMLIndent(Self.keyLineTabs)
                let start = keyLineBytes.count
                keyLineBytes.appendXMLText(open: "<key>", name, close: "</key>\n")
                keyLineRanges.append(start..<keyLineBytes.count)
            }
            keyLineTables[id] = first
            // Held, so that no other table can take its identifier during the encode.
            keyLineOwners.append(table)
        }
        (lastKeyLineTable, lastKeyLines) = (table, first)
        return first
    }

    /// Puts the entry just encoded in the place of entry `replaced` of the dictionary whose
    /// entries start at `base`, dropping that one (a key encoded again, as Codable's keyed
    /// containers allow).
    func replaceEntry(base: Int, replaced: Int) {
        switch output {
        case .binary:
            pending.base[base + replaced] = pending[pending.count - 1]
            pending.removeLast(1)
            sink?.valuesDropped = true
        case .xml:
            let last = entryStarts.count - 1
            let old = entryStarts[base + replaced]..<entryStarts[base + replaced + 1]
            let new = entryStarts[last]..<xml.count
            let moved = Array(xml.buffer(new)), following = Array(xml.buffer(old.upperBound..<new.lowerBound))
            xml.removeLast(xml.count - old.lowerBound)
            ByteView.with(moved) { xml.append($0) }
            ByteView.with(following) { xml.append($0) }
            for entry in base + replaced + 1..<last {
                entryStarts.base[entry] += moved.count - old.count
            }
            entryStarts.removeLast(1)
        case .tree:
            values[base + replaced] = values.removeLast()
        }
    }

    /// Ends the array with `count` elements that ``begin(dictionary:mark:depth:step:)``
    /// started at `depth`, and writes it as its parent's child (or the root).
    func endArray(base: Int, start: Int, count: Int, depth: Int) {
        switch output {
        case .binary:
            let index = stage(keys: nil, shared: false, base: base, start: start, order: [], depth: depth)
            finish(container: index, base: base, start: start, depth: depth)
        case .xml:
            finishXML(dictionary: false, start: start, count: count, depth: depth)
        case .tree:
            let elements = Array(values[base...])
            values.removeLast(values.count - base)
            finish(tree: .array(elements), depth: depth)
        }
    }

    /// Ends the dictionary `fields` holds, and writes it as its parent's child (or the root).
    func endDictionary(_ fields: PlistModelFieldsEncoder) {
        // The keys as written (sorted when sorting) and, when sorting, the values' order.
        let keys: [PlistKey], order: [Int], shared: Bool
        if let own = fields.ownKeys {
            order = sortingKeys ? Self.sortedOrder(own) : []
            keys = sortingKeys ? order.map { own[$0] } : own
            shared = false
        } else if !sortingKeys, fields.count == fields.table.keys.count {
            (keys, order, shared) = (fields.table.keys, [], true)
        } else if output == .xml, !sortingKeys {
            // The keys are written; only their order matters here.
            (keys, order, shared) = ([], [], false)
        } else {
            let layout = Layout(table: ObjectIdentifier(fields.table), fields: fields.fieldBits)
            if let known = layouts[layout] {
                (keys, order) = known
            } else {
                let unsorted = fields.fieldKeys
                order = sortingKeys ? Self.sortedOrder(unsorted) : []
                keys = sortingKeys ? order.map { unsorted[$0] } : unsorted
                layouts[layout] = (keys, order)
            }
            shared = true
        }
        let (base, start, depth) = (fields.base, fields.start, fields.depth)
        switch output {
        case .binary:
            let index = stage(keys: keys, shared: shared, base: base, start: start, order: order, depth: depth)
            finish(container: index, base: base, start: start, depth: depth)
        case .xml:
            if order.indices.contains(where: { order[$0] != $0 }) { reorderEntries(base: base, order: order) }
            entryStarts.removeLast(entryStarts.count - base)
            finishXML(dictionary: true, start: start, count: fields.count, depth: depth)
        case .tree:
            let encoded = values[base...]
            let ordered = order.isEmpty ? Array(encoded) : order.map { encoded[base + $0] }
            values.removeLast(values.count - base)
            finish(tree: .dictionary(PlistDictionary(uncheckedUniqueKeys: keys, values: ordered)), depth: depth)
        }
    }

    /// The positions of `keys` in CF's order.
    private static func sortedOrder(_ keys: [PlistKey]) -> [Int] {
        keys.indices.sorted { PlistKeyOrder.utf16Precedes(keys[$0].string, keys[$1].string) }
    }

    /// Binary: the index of the container whose children are ``pending``'s from `base`,
    /// written to the table (the first object when an earlier write failed: the sink then
    /// throws before the file is laid out).
    private func stage(keys: [PlistKey]?, shared: Bool, base: Int, start: Int, order: [Int], depth: Int) -> UInt32 {
        let children = pending.buffer(base..<pending.count)
        let scratchBytes = scratch.buffer(0..<scratch.count)
        let standIn = sink!.written { (writer) throws(PlistError) in
            guard let keys else {
                return try writer.modelContainer(keys: nil, lifetime: .transient, children: children, order: order, scratch: scratchBytes, blobs: blobs, depth: depth)
            }
            return try keys.withUnsafeBufferPointer { (keyBuffer) throws(PlistError) in
                try writer.modelContainer(keys: keyBuffer, lifetime: shared ? .held(keys) : .transient, children: children, order: order, scratch: scratchBytes, blobs: blobs, depth: depth)
            }
        }
        return StagedObject(standIn: standIn)!.index
    }

    /// Binary: drops the children of the container staged as `index` and writes it in
    /// their place.
    private func finish(container index: UInt32, base: Int, start: Int, depth: Int) {
        pending.removeLast(pending.count - base)
        scratch.removeLast(scratch.count - start)
        if base == 0 { blobs.removeAll(keepingCapacity: true) }
        if depth == 0 { return setTop(StagedObject(index: index).standIn) }
        pending.append(ModelChild(container: index))
    }

    /// Tree: writes `value`, a finished container, as its parent's child (or the root).
    private func finish(tree value: Plist, depth: Int) {
        if depth == 0 { return setTop(value) }
        values.append(value)
    }

    /// XML: closes the container opened at `start` (or rewrites it as an empty one), checking
    /// its depth as the XML writer does.
    private func finishXML(dictionary: Bool, start: Int, count: Int, depth: Int) {
        if count == 0 {
            xml.removeLast(xml.count - start)
            xml.appendXMLEmpty(dictionary: dictionary, depth: depth)
        } else {
            if depth >= Self.xmlOptions.maximumDepth {
                fail(PlistError(.depthLimitExceeded, "value nests deeper than \(Self.xmlOptions.maximumDepth) levels"), at: start)
            }
            xml.appendXMLClose(dictionary: dictionary, depth: depth)
        }
        if depth == 0 {
            top = nil
            topInXML = true
        }
    }

    /// XML: puts the entries of the dictionary whose entries start at `base` in `order`.
    private func reorderEntries(base: Int, order: [Int]) {
        let count = entryStarts.count - base
        let first = entryStarts[base]
        let region = Array(xml.buffer(first..<xml.count))
        xml.removeLast(xml.count - first)
        ByteView.with(region) { region in
            for entry in order {
                let lower = entryStarts[base + entry] - first
                let upper = entry + 1 < count ? entryStarts[base + entry + 1] - first : region.count
                xml.append(region.extracting(lower..<upper))
            }
        }
    }

    // MARK: The file

    /// The file of the value encoded, checked as ``PlistEncoder/encode(_:)-3tobw`` checks it.
    func file<Value>(of value: Value, format: PlistFormat) throws(EncodingError) -> Data {
        if topInXML {
            if let xmlFailure {
                throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode the given top-level value as a property list: \(xmlFailure.error).", underlyingError: xmlFailure.error))
            }
            xml.append(XMLWriter.footer)
            var document = ByteBuffer(capacity: 16)
            swap(&document, &xml)
            return document.data()
        }
        guard let top else {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: "Top-level \(Value.self) did not encode any values."))
        }
        return try PlistEncoder.file(top: top, of: value, sink: sink, format: format)
    }
}
