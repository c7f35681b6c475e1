#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Turns libxml2's SAX events into property-list events for a `Sink`: checks which element
/// may appear where (the PropertyList-1.0 DTD), the nesting depth, and that text appears only
/// inside text elements; accumulates each element's text and parses `<integer>`, `<real>`
/// and `<date>`, and decodes `<data>` as its text arrives. The first error stops everything.
/// Open only for the subclasses that fix its sink (see ``XMLTreeScanner``).
class XMLPlistScanner<Sink: XMLScannerOutput>: XMLSAXHandler {
    private struct Open {
        var element: XMLPlistElement
        /// Where its start tag ends (the column of its `>`).
        var position: XMLPosition
        /// How many values it holds so far.
        var valueCount = 0
        /// For a dictionary: a `<key>` was read and its value has not come yet.
        var pendingKey = false
    }

    /// Where the events go.
    final let sink: Sink
    /// The deepest containers may nest.
    @exclusivity(unchecked) final var maximumDepth: Int
    /// The open elements, innermost last: a table with no copy-on-write check per change.
    private let open = GrowableTable<Open>(capacity: 16)
    /// The text of the innermost text element so far. After a `<key>` ends it keeps the
    /// key's text until the next text element starts, which error messages use.
    @exclusivity(unchecked) private var text = ByteBuffer(capacity: 256)
    /// The bytes of `text`, valid until it changes.
    private var textBytes: ByteView { text.view }
    /// The document was rewritten by ``XMLRawCharacters``: key and string text may hold
    /// escapes.
    @exclusivity(unchecked) final var unescapesText = false
    /// Unescaped text, when ``unescapesText`` is set.
    @exclusivity(unchecked) private var plainText: [UInt8] = []

    /// Runs `body` with the element's text as the document meant it.
    @inline(__always)
    private func withPlainText(_ body: (ByteView) -> Void) {
        let bytes = textBytes
        guard unescapesText, XMLRawCharacters.mayHoldEscapes(bytes) else { return body(bytes) }
        XMLRawCharacters.unescape(bytes, into: &plainText)
        ByteView.with(plainText, body)
    }
    /// The base64 decoding of the open `<data>` element, whose bytes go to ``text``.
    @exclusivity(unchecked) private var base64 = Base64.Decoder()
    @exclusivity(unchecked) private var containerDepth = 0
    @exclusivity(unchecked) private var rootSeen = false
    @exclusivity(unchecked) private var documentHasValue = false

    init(sink: Sink, maximumDepth: Int) {
        self.sink = sink
        self.maximumDepth = maximumDepth
        super.init(recordsPositions: sink.recordsPositions)
    }

    /// The most text a scanner kept for another document may hold on to (see
    /// ``prepareForNextDocument()``).
    private static var keptTextLimit: Int { 64 << 10 }

    /// Makes the scanner ready to read another document into the same sink, keeping its
    /// element stack and text buffers (unless the last document grew them past
    /// ``keptTextLimit``) and nothing of the document's text.
    final func prepareForNextDocument() {
        resetForNextDocument()
        open.removeAll(keepingCapacityUpTo: Self.keptTextLimit / MemoryLayout<Open>.stride)
        if text.capacity > Self.keptTextLimit {
            text = ByteBuffer(capacity: 256)
        } else {
            text.removeAll()
        }
        unescapesText = false
        plainText.removeAll(keepingCapacity: plainText.capacity <= Self.keptTextLimit)
        base64 = Base64.Decoder()
        containerDepth = 0
        rootSeen = false
        documentHasValue = false
    }

    // MARK: Events

    // The callbacks reach these overrides through the class's vtable, which holds the
    // generic implementations; `@_specialize` makes each of them jump to a version compiled
    // for the concrete sink, so the sink's methods are called directly and inlined.
    @_specialize(where Sink == XMLTreeBuilder)
    @_specialize(where Sink == XMLNodeTableBuilder)
    @_specialize(where Sink == XMLEventQueue)
    override func startElement(_ name: XMLElementName, hasPrefix: Bool, at position: XMLPosition) {
        guard !hasPrefix, let element = XMLPlistElement(name: name) else {
            fail(.unknownObject, "unknown element <\(name.string)>")
            return
        }
        if let parent = open.last {
            switch parent.element {
            case .plist:
                if element == .plist {
                    fail(.structure, "<plist> inside <plist>"); return
                }
                if parent.valueCount > 0 {
                    fail(.structure, "<plist> holds more than one value"); return
                }
            case .array:
                if element == .key {
                    fail(.structure, "<key> inside <array>"); return
                }
                if element == .plist {
                    fail(.structure, "<plist> inside <array>"); return
                }
            case .dict:
                if element == .key {
                    if parent.pendingKey {
                        fail(.structure, "<key> '\(sample(textBytes))' without a value"); return
                    }
                } else if element == .plist {
                    fail(.structure, "<plist> inside <dict>"); return
                } else if !parent.pendingKey {
                    fail(.structure, "<\(element.name)> without a <key> in <dict>"); return
                }
            default:
                fail(.structure, "unexpected element <\(element.name)> inside <\(parent.element.name)>"); return
            }
        } else {
            if rootSeen {
                fail(.structure, "more than one root element"); return
            }
            rootSeen = true
        }
        switch element {
        case .dict, .array:
            containerDepth += 1
            if containerDepth > maximumDepth {
                fail(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels"); return
            }
            if element == .dict {
                sink.beginDictionary(at: position)
            } else {
                sink.beginArray(at: position)
            }
        case .plist:
            break
        default:
            text.removeAll()
            if element == .data { base64 = Base64.Decoder() }
        }
        open.append(Open(element: element, position: position))
        isBetweenElements = !element.holdsText
    }

    @_specialize(where Sink == XMLTreeBuilder)
    @_specialize(where Sink == XMLNodeTableBuilder)
    @_specialize(where Sink == XMLEventQueue)
    override func characters(_ bytes: ByteView) {
        guard let top = open.last else {
            // libxml2 reports no text outside the root element.
            return
        }
        if top.element == .data {
            // Decoded as it arrives: the text itself is never gathered.
            let out = text.reserve(Base64.Decoder.capacity(for: bytes.count))
            text.commit(bytes.withUnsafeBufferPointer { base64.decode($0, to: out) } ?? 0)
        } else if top.element.holdsText {
            text.append(bytes)
        } else if !XMLReader.isWhitespace(bytes) {
            let sample = String(decoding: bytes.extracting(upTo: min(bytes.count, 40)), as: UTF8.self).trimmingXMLWhitespace()
            fail(.structure, "unexpected text '\(sample)' in <\(top.element.name)>")
        }
    }

    @_specialize(where Sink == XMLTreeBuilder)
    @_specialize(where Sink == XMLNodeTableBuilder)
    @_specialize(where Sink == XMLEventQueue)
    override func endElement() {
        guard open.count > 0 else { return }
        let top = open.removeLast()
        // Whatever ended, its parent holds elements (libxml2 reports no text outside the root).
        isBetweenElements = true
        let position = top.position
        switch top.element {
        case .plist:
            if top.valueCount == 0 {
                fail(.structure, "<plist> holds no value")
            }
            return
        case .array:
            containerDepth -= 1
            sink.endArray()
        case .dict:
            containerDepth -= 1
            if top.pendingKey {
                fail(.structure, "<key> '\(sample(textBytes))' without a value")
                return
            }
            sink.endDictionary()
        case .key:
            withPlainText { sink.key($0, at: position) }
            if open.count > 0 { open[open.count &- 1].pendingKey = true }
            return
        case .string:
            withPlainText { sink.string($0, at: position) }
        case .true, .false:
            if !XMLReader.isWhitespace(textBytes) {
                fail(.structure, "<\(top.element.name)/> must be empty")
                return
            }
            sink.bool(top.element == .true, at: position)
        case .integer:
            guard let integer = XMLScalars.integer(textBytes) else {
                let range = XMLScalars.integerLooksValid(textBytes) ? " is outside -2^63 ... 2^64-1" : ""
                guard invalid(.invalidInteger, "<integer> value '\(sample(textBytes))'\(range)", at: position) else { return }
                break
            }
            sink.integer(integer, at: position)
        case .real:
            guard let real = XMLScalars.real(textBytes) else {
                guard invalid(.invalidReal, "<real> value '\(sample(textBytes))'", at: position) else { return }
                break
            }
            sink.real(real, at: position)
        case .date:
            guard let date = XMLScalars.date(textBytes) else {
                guard invalid(.invalidDate, "<date> value '\(sample(textBytes))' is not YYYY-MM-DDTHH:MM:SSZ", at: position) else { return }
                break
            }
            sink.date(date, at: position)
        case .data:
            let out = text.reserve(Base64.Decoder.capacity(for: 0))
            guard let last = base64.finish(to: out) else {
                guard invalid(.invalidData, "<data> holds invalid base64", at: position) else { return }
                break
            }
            text.commit(last)
            sink.data(textBytes, at: position)
        }
        // A value ended: count it in its parent.
        if open.count == 0 {
            documentHasValue = true
        } else {
            let parent = open.count &- 1
            open[parent].valueCount += 1
            open[parent].pendingKey = false
            if open[parent].element == .plist { documentHasValue = true }
        }
    }

    /// Throws the first error once libxml2 has finished.
    /// The elements open now, outermost first, with where each start tag ends
    /// (``XMLPosition/unknown`` unless the sink records positions).
    final var openElements: [(name: String, position: XMLPosition)] {
        (0..<open.count).map { (open[$0].element.name, open[$0].position) }
    }

    /// True once the root element has been closed.
    final var hasClosedRoot: Bool { rootSeen && open.count == 0 }

    final func finish() throws(PlistError) {
        if let error { throw error }
        guard documentHasValue, open.count == 0 else {
            throw PlistError(.structure, "the document holds no property list value", at: locate())
        }
    }

    // MARK: Helpers

    /// A malformed scalar: kept by a sink that defers it (returns true, so the scanner goes
    /// on), or the document's error (returns false).
    private func invalid(_ code: PlistError.Code, _ message: String, at position: XMLPosition) -> Bool {
        let location = position.location ?? locate()
        if sink.invalidScalar(PlistError(code, message, at: location), at: position) { return true }
        fail(code, message, at: location)
        return false
    }

    private func sample(_ bytes: ByteView) -> String {
        let text = String(decoding: bytes.extracting(upTo: min(bytes.count, 60)), as: UTF8.self)
        return bytes.count > 60 ? text + "…" : text
    }
}

private extension String {
    func trimmingXMLWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
