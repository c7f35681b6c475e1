#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Reads XML property lists (Apple's PropertyList-1.0 DTD) into ``Plist`` values.
///
/// libxml2 does the XML (see `LibXML2Parser`); ``XMLPlistBuilder`` turns its SAX events into
/// values in one pass.
enum XMLReader {
    static func read(_ buffer: UnsafeRawBufferPointer, options: PlistReadingOptions) throws(PlistError) -> Plist {
        let builder = XMLPlistBuilder(maximumDepth: options.maximumDepth)
        LibXML2Parser.parse(buffer, into: builder)
        return try builder.finish()
    }
}

/// Builds a ``Plist`` from XML events: a stack of open elements over one flat stack of
/// finished values (and one of dictionary keys). Closing a container moves its slice of the
/// value stack into an array or dictionary, so every value is built exactly once.
final class XMLPlistBuilder {
    /// The elements of the PropertyList-1.0 DTD.
    enum Element: UInt8 {
        case plist, dict, array, key, string, integer, real, `true`, `false`, date, data

        var name: String {
            switch self {
            case .plist: "plist"
            case .dict: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .true: "true"
            case .false: "false"
            case .date: "date"
            case .data: "data"
            }
        }

        var holdsText: Bool {
            switch self {
            case .plist, .dict, .array: false
            default: true
            }
        }
    }

    private struct Open {
        var element: Element
        /// Index in `values` where this element's children start.
        var valueStart: Int
        /// Index in `keys` where this dictionary's keys start.
        var keyStart: Int
    }

    /// The first error; once set, every later event is ignored.
    private(set) var error: PlistError?
    /// The libxml2 parser context while parsing (opaque here).
    var context: UnsafeMutableRawPointer?
    /// Where libxml2 is now, as line and column.
    var locate: () -> PlistError.Location? = { nil }

    private let maximumDepth: Int
    private var open: [Open] = []
    private var values: [Plist] = []
    private var keys: [String] = []
    private var text: [UInt8] = []
    private var containerDepth = 0
    private var rootSeen = false

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
        open.reserveCapacity(16)
        values.reserveCapacity(64)
    }

    func fail(_ code: PlistError.Code, _ message: String, at location: PlistError.Location?) {
        if error == nil { error = PlistError(code, message, at: location) }
    }

    private func fail(_ code: PlistError.Code, _ message: String) {
        fail(code, message, at: locate())
    }

    // MARK: Events

    /// `name` is libxml2's NUL-terminated UTF-8 local name.
    func startElement(_ name: UnsafeRawPointer, hasPrefix: Bool) {
        guard !hasPrefix, let element = Self.element(named: name) else {
            fail(.unknownObject, "unknown element <\(String(cString: name.assumingMemoryBound(to: CChar.self)))>")
            return
        }
        if let parent = open.last {
            switch parent.element {
            case .plist:
                if element == .plist {
                    fail(.structure, "<plist> inside <plist>"); return
                }
                if values.count > parent.valueStart {
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
                let pendingKey = keys.count - parent.keyStart > values.count - parent.valueStart
                if element == .key {
                    if pendingKey {
                        fail(.structure, "<key> '\(keys[keys.count - 1])' without a value"); return
                    }
                } else if element == .plist {
                    fail(.structure, "<plist> inside <dict>"); return
                } else if !pendingKey {
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
        if element == .dict || element == .array {
            containerDepth += 1
            if containerDepth > maximumDepth {
                fail(.depthLimitExceeded, "containers nest deeper than \(maximumDepth) levels"); return
            }
        } else if element.holdsText {
            text.removeAll(keepingCapacity: true)
        }
        open.append(Open(element: element, valueStart: values.count, keyStart: keys.count))
    }

    func characters(_ bytes: UnsafeRawBufferPointer) {
        guard let top = open.last else {
            // libxml2 reports no text outside the root element.
            return
        }
        if top.element.holdsText {
            text.append(contentsOf: bytes)
        } else if !Self.isWhitespace(bytes) {
            let sample = String(decoding: bytes.prefix(40), as: UTF8.self).trimmingXMLWhitespace()
            fail(.structure, "unexpected text '\(sample)' in <\(top.element.name)>")
        }
    }

    func endElement() {
        guard let top = open.popLast() else { return }
        switch top.element {
        case .plist:
            if values.count == top.valueStart {
                fail(.structure, "<plist> holds no value")
            }
        case .array:
            containerDepth -= 1
            let elements = Array(values[top.valueStart...])
            values.removeSubrange(top.valueStart...)
            values.append(.array(elements))
        case .dict:
            containerDepth -= 1
            let keyCount = keys.count - top.keyStart
            let valueCount = values.count - top.valueStart
            if keyCount != valueCount {
                fail(.structure, "<key> '\(keys[keys.count - 1])' without a value")
                return
            }
            values.append(makeDictionary(keyStart: top.keyStart, valueStart: top.valueStart))
        case .key:
            keys.append(String(decoding: text, as: UTF8.self))
        case .string:
            values.append(.string(String(decoding: text, as: UTF8.self)))
        case .true, .false:
            if !text.isEmpty, !text.withUnsafeBytes(Self.isWhitespace) {
                fail(.structure, "<\(top.element.name)/> must be empty")
                return
            }
            values.append(.bool(top.element == .true))
        case .integer:
            guard let integer = XMLScalars.integer(text) else {
                let range = XMLScalars.integerLooksValid(text) ? " is outside -2^63 ... 2^64-1" : ""
                fail(.invalidInteger, "<integer> value '\(sample(text))'\(range)")
                return
            }
            values.append(.integer(integer))
        case .real:
            guard let real = XMLScalars.real(text) else {
                fail(.invalidReal, "<real> value '\(sample(text))'")
                return
            }
            values.append(.real(real))
        case .date:
            guard let date = XMLScalars.date(text) else {
                fail(.invalidDate, "<date> value '\(sample(text))' is not YYYY-MM-DDTHH:MM:SSZ")
                return
            }
            values.append(.date(date))
        case .data:
            guard let data = Base64.decode(text) else {
                fail(.invalidData, "<data> holds invalid base64")
                return
            }
            values.append(.data(data))
        }
    }

    /// The value, once libxml2 has finished.
    func finish() throws(PlistError) -> Plist {
        if let error { throw error }
        guard values.count == 1, open.isEmpty else {
            throw PlistError(.structure, "the document holds no property list value", at: locate())
        }
        return values[0]
    }

    // MARK: Helpers

    private func makeDictionary(keyStart: Int, valueStart: Int) -> Plist {
        let count = keys.count - keyStart
        // Keyed archives write object references as <dict><key>CF$UID</key><integer>N</integer></dict>.
        if count == 1, keys[keyStart] == "CF$UID", case .integer(let integer) = values[valueStart], let uid = integer.uint64Value {
            keys.removeLast()
            values.removeLast()
            return .uid(uid)
        }
        var entries = OrderedDictionary<String, Plist>(minimumCapacity: count)
        for index in 0..<count {
            // A repeated key keeps its first position and takes the last value, as Foundation does.
            entries[keys[keyStart + index]] = values[valueStart + index]
        }
        keys.removeSubrange(keyStart...)
        values.removeSubrange(valueStart...)
        return .dictionary(entries)
    }

    private func sample(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self)
        return bytes.count > 60 ? text + "…" : text
    }

    static func isWhitespace(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }
    }

    /// Maps a NUL-terminated element name to its DTD element.
    static func element(named name: UnsafeRawPointer) -> Element? {
        let p = name.assumingMemoryBound(to: UInt8.self)
        func matches(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            let bytes = literal.utf8Start
            for index in 0..<count where p[index] != bytes[index] { return false }
            return p[count] == 0
        }
        switch p[0] {
        case UInt8(ascii: "k"): return matches("key") ? .key : nil
        case UInt8(ascii: "s"): return matches("string") ? .string : nil
        case UInt8(ascii: "i"): return matches("integer") ? .integer : nil
        case UInt8(ascii: "r"): return matches("real") ? .real : nil
        case UInt8(ascii: "d"):
            if matches("dict") { return .dict }
            if matches("data") { return .data }
            if matches("date") { return .date }
            return nil
        case UInt8(ascii: "a"): return matches("array") ? .array : nil
        case UInt8(ascii: "t"): return matches("true") ? .true : nil
        case UInt8(ascii: "f"): return matches("false") ? .false : nil
        case UInt8(ascii: "p"): return matches("plist") ? .plist : nil
        default: return nil
        }
    }
}

extension String {
    func trimmingXMLWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" }
        return String(self.drop(while: isSpace).reversed().drop(while: isSpace).reversed())
    }
}
