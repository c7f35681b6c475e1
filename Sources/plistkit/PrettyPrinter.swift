import Foundation
import PlistKit

/// The layout of `plutil -p`: `"key" => value` lines, two spaces per level, dictionary keys
/// in plutil's order (``PlutilKeyOrder``), dates as plutil prints them (``PlutilDateText``).
///
/// Where plutil on Linux is wrong, this prints what plutil on macOS prints: data bytes as
/// two hex digits each (`{length = 3, bytes = 0x010203}`; over 24 bytes, the first 16 and
/// the last 8), and UIDs by value (`<CFKeyedArchiverUID>{value = 7}`) rather than an address.
enum PrettyPrinter {
    static func describe(_ value: Plist) -> String {
        var output = ""
        append(value, indent: 2, to: &output)
        return output
    }

    private static func append(_ value: Plist, indent: Int, to output: inout String) {
        switch value {
        case .dictionary(let entries):
            output += "{\n"
            for key in PlutilKeyOrder.sorted(entries.keys) {
                output += String(repeating: " ", count: indent) + "\"\(key.string)\" => "
                append(entries[key]!, indent: indent + 2, to: &output)
            }
            output += String(repeating: " ", count: indent - 2) + "}\n"
        case .array(let elements):
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += String(repeating: " ", count: indent) + "\(index) => "
                append(element, indent: indent + 2, to: &output)
            }
            output += String(repeating: " ", count: indent - 2) + "]\n"
        case .string(let string):
            output += "\"\(string)\"\n"
        case .integer(let integer):
            output += "\(integer)\n"
        case .real(let real):
            output += real.isNaN ? "nan\n" : "\(real)\n"
        case .real32(let real):
            output += real.isNaN ? "nan\n" : "\(real)\n"
        case .bool(let bool):
            output += "\(bool)\n"
        case .date(let date):
            output += PlutilDateText.description(date) + "\n"
        case .data(let data):
            output += "{length = \(data.count), bytes = 0x"
            if data.count > 24 {
                output += hex(data.prefix(16)) + "... " + hex(data.suffix(8))
            } else {
                output += hex(data)
            }
            output += "}\n"
        case .uid(let uid):
            output += "<CFKeyedArchiverUID>{value = \(uid)}\n"
        }
    }

    private static func hex(_ bytes: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
