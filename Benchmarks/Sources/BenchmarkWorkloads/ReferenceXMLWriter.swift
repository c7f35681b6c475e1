import Foundation
import PlistKit

/// A plain XML property-list writer for the workload files, laid out as Foundation writes
/// them (tab indentation, the Apple DOCTYPE).
///
/// The generator uses its own writer rather than the codec being measured, so that the files
/// every implementation reads do not depend on the code under test.
public enum ReferenceXMLWriter {
    public static func write(_ value: Plist) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(1 << 20)
        out += Array("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """.utf8)
        element(value, depth: 0, into: &out)
        out += Array("</plist>\n".utf8)
        return Data(out)
    }

    static func indent(_ depth: Int, _ out: inout [UInt8]) {
        for _ in 0..<depth { out.append(0x09) }
    }

    static func text(_ string: String, _ out: inout [UInt8]) {
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "&"): out += Array("&amp;".utf8)
            case UInt8(ascii: "<"): out += Array("&lt;".utf8)
            case UInt8(ascii: ">"): out += Array("&gt;".utf8)
            default: out.append(byte)
            }
        }
    }

    static func line(_ depth: Int, _ tag: String, _ body: String, _ out: inout [UInt8]) {
        indent(depth, &out)
        out += Array("<\(tag)>".utf8)
        text(body, &out)
        out += Array("</\(tag)>\n".utf8)
    }

    static func element(_ value: Plist, depth: Int, into out: inout [UInt8]) {
        switch value {
        case .dictionary(let dict):
            indent(depth, &out)
            if dict.isEmpty { out += Array("<dict/>\n".utf8); return }
            out += Array("<dict>\n".utf8)
            for (key, child) in dict {
                line(depth + 1, "key", key.string, &out)
                element(child, depth: depth + 1, into: &out)
            }
            indent(depth, &out)
            out += Array("</dict>\n".utf8)
        case .array(let array):
            indent(depth, &out)
            if array.isEmpty { out += Array("<array/>\n".utf8); return }
            out += Array("<array>\n".utf8)
            for child in array { element(child, depth: depth + 1, into: &out) }
            indent(depth, &out)
            out += Array("</array>\n".utf8)
        case .string(let string):
            line(depth, "string", string, &out)
        case .integer(let integer):
            line(depth, "integer", integer.description, &out)
        case .real(let real):
            line(depth, "real", real.description, &out)
        case .real32(let real):
            line(depth, "real", Double(real).description, &out)
        case .bool(let flag):
            indent(depth, &out)
            out += Array((flag ? "<true/>\n" : "<false/>\n").utf8)
        case .date(let date):
            line(depth, "date", iso8601(date), &out)
        case .data(let data):
            indent(depth, &out)
            out += Array("<data>\n".utf8)
            let encoded = Array(data.base64EncodedString().utf8)
            var start = 0
            while start < encoded.count {
                let end = min(start + 68, encoded.count)
                indent(depth, &out)
                out += encoded[start..<end]
                out.append(0x0A)
                start = end
            }
            indent(depth, &out)
            out += Array("</data>\n".utf8)
        case .uid(let uid):
            indent(depth, &out)
            out += Array("<dict>\n".utf8)
            line(depth + 1, "key", "CF$UID", &out)
            line(depth + 1, "integer", String(uid), &out)
            indent(depth, &out)
            out += Array("</dict>\n".utf8)
        }
    }

    /// `YYYY-MM-DDThh:mm:ssZ` in UTC, whole seconds, as XML plists store dates.
    static func iso8601(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var rest = seconds % 86_400
        if rest < 0 { rest += 86_400; days -= 1 }
        // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(rest / 3600)):\(two(rest % 3600 / 60)):\(two(rest % 60))Z"
    }
}
