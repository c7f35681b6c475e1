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
/// dictionary or an array; unlike plutil's "Invalid object in plist for JSON format", the
/// error names the value's type and key path (see ``JSONWriteFailure``).
struct JSONWriter: ~Copyable {
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
        var writer = JSONWriter(options: options)
        do throws(JSONWriteFailure) {
            switch value {
            case .dictionary, .array: break
            default: throw JSONWriteFailure(reason: .rootNotContainer(value))
            }
            try writer.append(value, depth: 0)
        } catch {
            throw error.plistError
        }
        return writer.finish()
    }

    /// The text written, handed over without a copy.
    private consuming func finish() -> Data {
        out.data()
    }

    private mutating func append(_ value: Plist, depth: Int) throws(JSONWriteFailure) {
        switch value {
        case .dictionary(let entries):
            try open(dictionary: true, isEmpty: entries.isEmpty, depth: depth)
            guard !entries.isEmpty else { return }
            let keys = entries.keys
            let order = sortedKeys ? PlutilKeyOrder.sortedIndices(of: keys) : Array(keys.indices)
            for (position, index) in order.enumerated() {
                out.appendJSONSeparator(position: position, depth: depth, pretty: pretty)
                out.appendJSONKey(keys[index].string, pretty: pretty)
                do {
                    try append(entries.values[index], depth: depth + 1)
                } catch {
                    throw error.inside(keys[index].string)
                }
            }
            out.appendJSONClose(dictionary: true, depth: depth, pretty: pretty)
        case .array(let elements):
            try open(dictionary: false, isEmpty: elements.isEmpty, depth: depth)
            guard !elements.isEmpty else { return }
            for (position, element) in elements.enumerated() {
                out.appendJSONSeparator(position: position, depth: depth, pretty: pretty)
                do {
                    try append(element, depth: depth + 1)
                } catch {
                    throw error.inside(String(position))
                }
            }
            out.appendJSONClose(dictionary: false, depth: depth, pretty: pretty)
        default:
            try out.appendJSONScalar(value)
        }
    }

    /// Opens a container, within the depth limit.
    private mutating func open(dictionary: Bool, isEmpty: Bool, depth: Int) throws(JSONWriteFailure) {
        do {
            try out.appendJSONOpen(dictionary: dictionary, isEmpty: isEmpty, depth: depth, maximumDepth: maximumDepth, pretty: pretty)
        } catch {
            throw JSONWriteFailure(reason: .other(error))
        }
    }
}
