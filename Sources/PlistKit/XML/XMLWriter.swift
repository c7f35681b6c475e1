#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Writes XML property lists byte for byte as the toolchain's `plutil -convert xml1` does:
/// the Apple header and DOCTYPE, tab indentation, `%.17g` reals, `nan`/`+infinity`/`-infinity`,
/// `0.0` for either zero, dates rounded down to the second, base64 lines whose width shrinks
/// with depth, and only `<`, `>` and `&` escaped.
///
/// Where plutil refuses, this writes what macOS writes: UIDs become
/// `<dict><key>CF$UID</key><integer>N</integer></dict>`.
struct XMLWriter {
    static let header = Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)
    static let footer = Array("</plist>\n".utf8)

    private var out: [UInt8] = []
    private let sortedKeys: Bool
    private let maximumDepth: Int

    private init(options: PlistWritingOptions) {
        sortedKeys = options.sortedKeys
        maximumDepth = options.maximumDepth
    }

    static func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        var writer = XMLWriter(options: options)
        writer.out.reserveCapacity(4096)
        writer.out.append(contentsOf: header)
        try writer.append(value, depth: 0)
        writer.out.append(contentsOf: footer)
        return Data(writer.out)
    }

    private mutating func indent(_ depth: Int) {
        for _ in 0..<depth { out.append(0x09) }
    }

    private mutating func literal(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ value: Plist, depth: Int) throws(PlistError) {
        indent(depth)
        switch value {
        case .dictionary(let entries):
            guard !entries.isEmpty else { literal("<dict/>\n"); return }
            guard depth < maximumDepth else { throw Self.tooDeep(maximumDepth) }
            literal("<dict>\n")
            if sortedKeys {
                let keys = entries.keys
                let order = keys.indices.sorted { PlistKeyOrder.utf16Precedes(keys[$0], keys[$1]) }
                for index in order {
                    appendKey(keys[index], depth: depth + 1)
                    try append(entries.values[index], depth: depth + 1)
                }
            } else {
                for (key, element) in entries {
                    appendKey(key, depth: depth + 1)
                    try append(element, depth: depth + 1)
                }
            }
            indent(depth)
            literal("</dict>\n")
        case .array(let elements):
            guard !elements.isEmpty else { literal("<array/>\n"); return }
            guard depth < maximumDepth else { throw Self.tooDeep(maximumDepth) }
            literal("<array>\n")
            for element in elements { try append(element, depth: depth + 1) }
            indent(depth)
            literal("</array>\n")
        case .string(let string):
            literal("<string>")
            appendEscaped(string)
            literal("</string>\n")
        case .integer(let integer):
            literal("<integer>")
            out.append(contentsOf: integer.description.utf8)
            literal("</integer>\n")
        case .real(let real):
            literal("<real>")
            PlistRealFormat.appendXML(real, to: &out)
            literal("</real>\n")
        case .bool(let bool):
            if bool { literal("<true/>\n") } else { literal("<false/>\n") }
        case .date(let date):
            guard let text = PlistDates.iso8601(date) else {
                throw PlistError(.unrepresentable, "date \(date.timeIntervalSinceReferenceDate) seconds from 2001 cannot be written as an ISO 8601 date")
            }
            literal("<date>")
            out.append(contentsOf: text)
            literal("</date>\n")
        case .data(let data):
            literal("<data>\n")
            // CF's layout: at most 8 tabs before a line, lines of 76 − 8 × tabs characters.
            let tabs = min(depth, 8)
            Base64.appendLines(data, lineLength: 76 - 8 * tabs, indent: tabs, to: &out)
            indent(depth)
            literal("</data>\n")
        case .uid(let uid):
            literal("<dict>\n")
            indent(depth + 1)
            literal("<key>CF$UID</key>\n")
            indent(depth + 1)
            literal("<integer>")
            out.append(contentsOf: String(uid).utf8)
            literal("</integer>\n")
            indent(depth)
            literal("</dict>\n")
        }
    }

    private mutating func appendKey(_ key: String, depth: Int) {
        indent(depth)
        literal("<key>")
        appendEscaped(key)
        literal("</key>\n")
    }

    /// Appends `text` with `<`, `>` and `&` escaped; everything else, control characters
    /// included, goes out as UTF-8 unchanged, as plutil does.
    private mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "&") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "<"): literal("&lt;")
                case UInt8(ascii: ">"): literal("&gt;")
                default: literal("&amp;")
                }
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
    }

    private static func tooDeep(_ limit: Int) -> PlistError {
        PlistError(.depthLimitExceeded, "value nests deeper than \(limit) levels")
    }
}

/// Key orders the writers use when asked to sort.
enum PlistKeyOrder {
    /// Apple's XML writer (`CFStringCompare` with no options): UTF-16 code unit order.
    static func utf16Precedes(_ a: String, _ b: String) -> Bool {
        // UTF-8 byte order is code point order, which equals UTF-16 order unless the first
        // difference pits a supplementary character against one in U+E000…U+FFFF.
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                let count = min(x.count, y.count)
                var index = 0
                while index < count, x[index] == y[index] { index += 1 }
                if index == count { return x.count < y.count }
                let (p, q) = (x[index], y[index])
                // Lead bytes: 0xEE/0xEF start U+E000…U+FFFF, 0xF0… start supplementary ones.
                if p >= 0xEE, q >= 0xEE, (p >= 0xF0) != (q >= 0xF0) {
                    return p >= 0xF0
                }
                return p < q
            }
        }
    }
}
