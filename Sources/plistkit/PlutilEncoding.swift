import Foundation
import PlistKit

/// The XML and JSON bytes plutil writes.
enum PlutilEncoding {
    /// `-convert xml1`: keys sorted as CF sorts them.
    static func xml(_ value: Plist) throws -> Data {
        try value.encoded(as: .xml, options: PlistWritingOptions(sortedKeys: true))
    }

    /// `-convert json`: compact, keys in the file's order (plutil's own order is whatever its
    /// hash table yields, different on every run); with `-r`, indented with sorted keys.
    static func json(_ value: Plist, readable: Bool) throws -> Data {
        try value.encoded(as: .json, options: readable ? .plutil : .default)
    }
}
