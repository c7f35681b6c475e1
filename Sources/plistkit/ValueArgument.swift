import Foundation
import PlistKit

/// The `-TYPE VALUE` pair of `-insert` and `-replace`.
enum ValueArgument {
    /// Reads the value that follows `type` (`-bool`, `-integer`, …) of `verb` (`-insert` or
    /// `-replace`) from `arguments`.
    ///
    /// Unlike plutil, a malformed number, date or document is an error rather than a silent
    /// 0 or NO.
    static func parse(type: String, for verb: String, from arguments: inout [String]) throws -> Plist {
        func next() throws -> String {
            guard let value = arguments.popFirst() else {
                throw UsageError("option \(verb) needs a value after \(type)")
            }
            return value
        }
        switch type {
        case "-bool":
            let text = try next().lowercased()
            return .bool(text == "yes" || text == "true")
        case "-integer":
            let text = try next()
            guard let integer = PlistInteger(decimal: text.trimmingCharacters(in: .whitespaces)) else {
                throw UsageError("Invalid integer value '\(text)': expected a decimal integer in -9223372036854775808...18446744073709551615.")
            }
            return .integer(integer)
        case "-float":
            let text = try next()
            let real: Double?
            do {
                real = try Plist.real(fromText: text.trimmingCharacters(in: .whitespaces))
            } catch {
                throw UsageError("Invalid float value '\(text)': it does not fit a 64-bit real (magnitude at most \(Double.greatestFiniteMagnitude)).")
            }
            guard let real else { throw UsageError("Invalid float value '\(text)'.") }
            return .real(real)
        case "-string":
            return .string(try next())
        case "-date":
            let text = try next()
            let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><date>\(text)</date></plist>"
            guard let value = try? Plist(decoding: Array(document.utf8), format: .xml), case .date = value else {
                throw UsageError("Invalid date value '\(text)': expected the XML plist form, e.g. 2024-01-31T12:00:00Z.")
            }
            return value
        case "-data":
            let text = try next()
            guard let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw UsageError("Invalid base64 data in argument")
            }
            return .data(data)
        case "-xml", "-json":
            let text = try next()
            let format: PlistFormat = type == "-xml" ? .xml : .json
            do {
                return try Plist(decoding: Array(text.utf8), format: format)
            } catch {
                throw UsageError("Unable to parse \(format == .xml ? "xml property list" : "JSON"): \(error)")
            }
        case "-dictionary":
            return .dictionary([:])
        case "-array":
            return .array([])
        default:
            throw UsageError("Unknown insert or replace type \(type)")
        }
    }
}
