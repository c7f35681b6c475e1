import Foundation
import PlistKit

/// `-extract KEYPATH raw`: a scalar as plain text, a dictionary's keys one per line, an
/// array's count.
enum RawWriter {
    static func raw(_ value: Plist, keyPath: String) throws -> String {
        switch value {
        case .bool(let bool): return bool ? "true" : "false"
        case .integer(let integer): return integer.description
        case .real(let real): return String(format: "%f", real)
        case .real32(let real): return String(format: "%f", Double(real))
        case .string(let string): return string
        case .date(let date):
            guard let text = PlutilDateText.iso8601(date) else {
                throw PlistError(.unrepresentable, "Value at \(keyPath) is a date (\(date.timeIntervalSinceReferenceDate) seconds from 2001) that cannot be written in ISO 8601")
            }
            return text
        case .data(let data): return data.base64EncodedString()
        case .array(let elements): return "\(elements.count)"
        case .dictionary(let entries): return PlutilKeyOrder.sorted(entries.keys).map(\.string).joined(separator: "\n")
        case .uid:
            throw PlistError(.unrepresentable, "Value at \(keyPath) is a uid type and cannot be extracted in raw format")
        }
    }
}
