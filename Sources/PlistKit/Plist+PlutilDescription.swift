#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Plist {
    /// The value laid out as `plutil -p` prints it for a person to read.
    ///
    /// Each dictionary entry is a `"key" => value` line and each array element an
    /// `index => value` line, indented two spaces per level; collections open with `{` or `[`
    /// and close on a line of their own. Dictionary keys come in plutil's order
    /// (``PlutilKeyOrder``), whatever order the dictionary keeps, and dates read as
    /// ``PlutilDateText/description(_:)`` gives them. Strings are quoted but not escaped, as
    /// plutil shows them. The text ends with a newline.
    ///
    /// Where `plutil` on Linux differs from `plutil` on macOS, this follows macOS: data shows
    /// two hex digits per byte (`{length = 3, bytes = 0x010203}`; past 24 bytes, the first 16
    /// and the last 8 around `...`), and a UID shows its value
    /// (`<CFKeyedArchiverUID>{value = 7}`) rather than a memory address.
    ///
    /// ```swift
    /// let value: Plist = ["name": "Ada", "tags": ["a", "b"]]
    /// print(value.plutilDescription, terminator: "")
    /// // {
    /// //   "name" => "Ada"
    /// //   "tags" => [
    /// //     0 => "a"
    /// //     1 => "b"
    /// //   ]
    /// // }
    /// ```
    ///
    /// `plistkit -p` prints exactly this text.
    ///
    /// - Complexity: O(*n* log *n*) in the number of keys of the largest dictionary, for the
    ///   sorting, plus O(*n*) in the size of the value.
    public var plutilDescription: String {
        var output = ""
        PlutilLayout.append(self, indent: 2, to: &output)
        return output
    }
}

/// The writer behind ``Plist/plutilDescription``.
enum PlutilLayout {
    static func append(_ value: Plist, indent: Int, to output: inout String) {
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
