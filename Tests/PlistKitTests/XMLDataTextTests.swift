import Foundation
import PlistKit
import Testing

/// `<data>` text as the XML writer lays it out (base64 lines whose length and indent depend
/// on the depth), against Foundation's writer, and OpenStep's `<[…]>` data read back.
@Suite struct XMLDataTextTests {
    /// Bytes of every length up to 100 and a few long ones, with no pattern a table lookup
    /// could get right by accident.
    static let samples: [Data] = {
        var state: UInt64 = 0xDA7A
        return (Array(0...100) + [255, 256, 257, 1000, 4097]).map { length in
            Data((0..<length).map { _ -> UInt8 in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 33)
            })
        }
    }()

    /// The data, `depth` arrays deep, in PlistKit's value and in Foundation's.
    static func nested(_ data: Data, depth: Int) -> (Plist, Any) {
        var value = Plist.data(data)
        var object: Any = data
        for _ in 0..<depth {
            value = .array([value])
            object = [object]
        }
        return (value, object)
    }

    /// Every length at every depth up to 10 (the line length stops shrinking at 8 tabs) is
    /// written byte for byte as Foundation writes it.
    @Test(arguments: 0...10)
    func dataLinesMatchFoundation(depth: Int) throws {
        for data in Self.samples {
            let (value, object) = Self.nested(data, depth: depth)
            let expected = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
            let written = try value.encoded(as: .xml)
            #expect(written == expected, "\(data.count) bytes at depth \(depth)")
            #expect(try Plist(decoding: written) == value, "\(data.count) bytes at depth \(depth)")
        }
    }

    /// OpenStep text's `<[…]>` data decodes to the bytes, whatever the length.
    @Test func openStepDataReadsBack() throws {
        for data in Self.samples {
            let text = "{ d = <[\(data.base64EncodedString())]>; }"
            #expect(try Plist(decoding: Data(text.utf8), format: .openStep) == .dictionary(["d": .data(data)]), "\(data.count) bytes")
        }
        #expect(throws: PlistError.self) { try Plist(decoding: Data("{ d = <[AAECA]>; }".utf8), format: .openStep) }
    }
}
