#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import OrderedCollections

/// Writes JSON byte for byte as the toolchain's `plutil -convert json` does (and, with
/// ``PlistWritingOptions/humanReadable``, as `plutil -convert json -r` does): `/` escaped as
/// `\/`, control characters as `\b \f \n \r \t` or lowercase `\u00xx`, everything else raw
/// UTF-8, reals in Swift's shortest form without `.0`, no trailing newline.
///
/// Like plutil, it refuses dates, data, UIDs, NaN, infinities and a top level that is not a
/// dictionary or an array, with plutil's message "Invalid object in plist for JSON format".
struct JSONWriter: ~Copyable {
    /// plutil's message for anything JSON cannot hold.
    static let invalidObjectMessage = "Invalid object in plist for JSON format"

    private var out = ByteBuffer(capacity: 4096)
    private let sortedKeys: Bool
    private let pretty: Bool
    private let maximumDepth: Int

    private init(options: PlistWritingOptions) {
        sortedKeys = options.sortedKeys
        pretty = options.humanReadable
        maximumDepth = options.maximumDepth
    }

    static func write(_ value: Plist, options: PlistWritingOptions) throws(PlistError) -> Data {
        switch value {
        case .dictionary, .array: break
        default: throw invalid
        }
        var writer = JSONWriter(options: options)
        try writer.append(value, depth: 0)
        return writer.finish()
    }

    /// The text written, handed over without a copy.
    private consuming func finish() -> Data {
        out.data()
    }

    private mutating func literal(_ text: StaticString) {
        out.append(text)
    }

    private mutating func newline(_ depth: Int) {
        out.append(0x0A)
        out.append(repeating: 0x20, count: 2 * depth)
    }

    /// Checks the depth and writes `open`; an empty container is closed at once (plutil's
    /// readable layout puts an empty line inside it) and false returned.
    private mutating func begin(_ open: UInt8, _ close: UInt8, isEmpty: Bool, depth: Int) throws(PlistError) -> Bool {
        guard depth < maximumDepth else { throw PlistError(.depthLimitExceeded, "value nests deeper than \(maximumDepth) levels") }
        out.append(open)
        guard isEmpty else { return true }
        if pretty { newline(0); newline(depth) }
        out.append(close)
        return false
    }

    private mutating func append(_ value: Plist, depth: Int) throws(PlistError) {
        switch value {
        case .dictionary(let entries):
            guard try begin(UInt8(ascii: "{"), UInt8(ascii: "}"), isEmpty: entries.isEmpty, depth: depth) else { return }
            let keys = entries.keys
            let order = sortedKeys ? PlutilKeyOrder.sortedIndices(of: keys) : Array(keys.indices)
            for (position, index) in order.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(depth + 1) }
                appendString(keys[index].string)
                if pretty { literal(" : ") } else { out.append(UInt8(ascii: ":")) }
                try append(entries.values[index], depth: depth + 1)
            }
            if pretty { newline(depth) }
            out.append(UInt8(ascii: "}"))
        case .array(let elements):
            guard try begin(UInt8(ascii: "["), UInt8(ascii: "]"), isEmpty: elements.isEmpty, depth: depth) else { return }
            for (index, element) in elements.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if pretty { newline(depth + 1) }
                try append(element, depth: depth + 1)
            }
            if pretty { newline(depth) }
            out.append(UInt8(ascii: "]"))
        case .string(let string):
            appendString(string)
        case .integer(let integer):
            out.appendDecimal(integer)
        case .real(let real):
            try appendReal(real)
        case .real32(let real):
            try appendReal(Double(real))
        case .bool(let bool):
            if bool { literal("true") } else { literal("false") }
        case .date:
            throw Self.invalid
        case .data:
            throw Self.invalid
        case .uid:
            throw Self.invalid
        }
    }

    private mutating func appendReal(_ real: Double) throws(PlistError) {
        guard var text = PlistRealFormat.json(real) else { throw Self.invalid }
        text.withUTF8 { bytes in out.append(bytes.baseAddress!, count: bytes.count) }
    }

    /// Exactly plutil's error, so a CLI can print what plutil prints.
    private static var invalid: PlistError { PlistError(.unrepresentable, invalidObjectMessage) }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func appendString(_ string: String) {
        out.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else { continue }
                out.append(bytes.baseAddress! + start, count: index - start)
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
                case 0x08: out.append(UInt8(ascii: "b"))
                case 0x0C: out.append(UInt8(ascii: "f"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    literal("u00")
                    out.append(Self.hexDigits[Int(byte >> 4)])
                    out.append(Self.hexDigits[Int(byte & 15)])
                }
                start = index + 1
            }
            if start < bytes.count {
                out.append(bytes.baseAddress! + start, count: bytes.count - start)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
