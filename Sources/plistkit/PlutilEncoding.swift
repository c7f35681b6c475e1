import Foundation
import PlistKit

/// The XML and JSON bytes plutil writes: dictionary keys sorted as plutil sorts them.
enum PlutilEncoding {
    static func xml(_ value: Plist) throws -> Data {
        try value.encoded(as: .xml)
    }

    static func json(_ value: Plist, readable: Bool) throws -> Data {
        try value.encoded(as: .json)
    }
}
