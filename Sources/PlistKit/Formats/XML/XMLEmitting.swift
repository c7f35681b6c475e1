#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The pieces of plutil's XML layout that ``XMLWriter`` (a whole value) and
/// ``PlistEventWriter`` (one event at a time) both write: indentation, container tags,
/// `<key>` lines and scalars. `depth` is the number of containers around the item, which
/// is also its number of leading tabs.
extension ByteBuffer {
    /// `depth` tabs.
    @inline(__always)
    mutating func appendXMLIndent(_ depth: Int) {
        append(repeating: 0x09, count: depth)
    }

    /// The indented line that opens a non-empty array or dictionary at `depth`, after
    /// checking that it may nest there (empty containers are not checked, as plutil's
    /// layout writes them on one line).
    mutating func appendXMLOpen(dictionary: Bool, depth: Int, maximumDepth: Int) throws(PlistError) {
        guard depth < maximumDepth else { throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels") }
        appendXMLIndent(depth)
        append(dictionary ? "<dict>\n" : "<array>\n")
    }

    /// The indented line that closes a non-empty array or dictionary at `depth`.
    mutating func appendXMLClose(dictionary: Bool, depth: Int) {
        appendXMLIndent(depth)
        append(dictionary ? "</dict>\n" : "</array>\n")
    }

    /// The indented line of an empty array or dictionary at `depth`.
    mutating func appendXMLEmpty(dictionary: Bool, depth: Int) {
        appendXMLIndent(depth)
        append(dictionary ? "<dict/>\n" : "<array/>\n")
    }

    /// The indented `<key>` line of a dictionary entry at `depth`.
    @inline(__always)
    mutating func appendXMLKey(_ key: String, depth: Int) {
        appendXMLIndent(depth)
        appendXMLText(open: "<key>", key, close: "</key>\n")
    }

    /// The indented element of the scalar at `value` at `depth`; returns false, appending
    /// nothing, for an array or a dictionary. Taking a pointer lets a writer that walks a
    /// tree through pointers into its storage pass each value without copying it (a retain
    /// and a release).
    @inline(__always)
    @discardableResult
    mutating func appendXMLScalar(_ value: UnsafePointer<Plist>, depth: Int) throws(PlistError) -> Bool {
        switch value.pointee {
        case .dictionary, .array:
            return false
        case .string(let string):
            appendXMLIndent(depth)
            appendXMLText(open: "<string>", string, close: "</string>\n")
        case .integer(let integer):
            appendXMLIndent(depth)
            append("<integer>")
            appendDecimal(integer)
            append("</integer>\n")
        case .real(let real):
            appendXMLIndent(depth)
            append("<real>")
            PlistRealFormat.appendXML(real, to: &self)
            append("</real>\n")
        case .real32(let real):
            appendXMLIndent(depth)
            append("<real>")
            PlistRealFormat.appendXML(Double(real), to: &self)
            append("</real>\n")
        case .bool(let bool):
            appendXMLIndent(depth)
            if bool { append("<true/>\n") } else { append("<false/>\n") }
        case .date(let date):
            appendXMLIndent(depth)
            append("<date>")
            guard PlistDates.appendISO8601(date, to: &self) else {
                throw PlistError(.unrepresentable, "date \(date.timeIntervalSinceReferenceDate) seconds from 2001 cannot be written as an ISO 8601 date")
            }
            append("Z</date>\n")
        case .data(let data):
            appendXMLIndent(depth)
            append("<data>\n")
            // CF's layout: at most 8 tabs before a line, lines of 76 − 8 × tabs characters.
            let tabs = min(depth, 8)
            Base64.appendLines(data, lineLength: 76 - 8 * tabs, indent: tabs, to: &self)
            appendXMLIndent(depth)
            append("</data>\n")
        case .uid(let uid):
            appendXMLIndent(depth)
            append("<dict>\n")
            appendXMLIndent(depth + 1)
            append("<key>CF$UID</key>\n")
            appendXMLIndent(depth + 1)
            append("<integer>")
            appendDecimal(uid)
            append("</integer>\n")
            appendXMLIndent(depth)
            append("</dict>\n")
        }
        return true
    }

    /// Appends `open`, `text` with `<`, `>` and `&` escaped, and `close`.
    /// Everything else in `text`, control characters included, goes out as UTF-8 unchanged,
    /// as plutil does.
    @inline(__always)
    mutating func appendXMLText(open: StaticString, _ text: String, close: StaticString) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendXMLText(open: open, bytes, close: close)
        }
        if done == nil {
            var text = text
            text.withUTF8 { bytes in appendXMLText(open: open, bytes, close: close) }
        }
    }

    @inline(__always)
    private mutating func appendXMLText(open: StaticString, _ text: UnsafeBufferPointer<UInt8>, close: StaticString) {
        let clean = XMLEscaping.cleanPrefixCount(text)
        // One reservation and three copies for the common case, text with nothing to escape.
        let dest = reserve(open.utf8CodeUnitCount + clean + close.utf8CodeUnitCount)
        dest.update(from: open.utf8Start, count: open.utf8CodeUnitCount)
        if clean > 0 {
            (dest + open.utf8CodeUnitCount).update(from: text.baseAddress!, count: clean)
        }
        if clean == text.count {
            (dest + open.utf8CodeUnitCount + clean).update(from: close.utf8Start, count: close.utf8CodeUnitCount)
            commit(open.utf8CodeUnitCount + clean + close.utf8CodeUnitCount)
        } else {
            commit(open.utf8CodeUnitCount + clean)
            XMLEscaping.appendEscaped(UnsafeBufferPointer(rebasing: text[clean...]), to: &self)
            append(close)
        }
    }
}
