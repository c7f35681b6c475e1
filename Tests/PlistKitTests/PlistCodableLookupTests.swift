import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// The format-specialized decoders' field lookup (binary keys compared in place, XML keys
/// matched in the table's order) against the Codable path, in the shapes that leave the fast
/// path: keys in another order, unknown and absent keys, repeated keys, UTF-16 and non-string
/// keys, many keys, records of one type with different layouts.
@Suite struct PlistCodableLookupTests {
    /// The value or the error summary, through Codable and through `PlistDecodable`.
    func expectSame<T: Codable & PlistDecodable & Equatable>(_ type: T.Type, _ bytes: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        var codable = "decoded", model = "decoded"
        var codableValue: T?, modelValue: T?
        do { codableValue = try PlistCodableTests.codableDecode(type, bytes) } catch { codable = CodableErrorTests.summary(error) }
        do { modelValue = try PlistCodableTests.modelDecode(type, bytes) } catch { model = CodableErrorTests.summary(error) }
        #expect(model == codable, sourceLocation: sourceLocation)
        #expect(modelValue == codableValue, sourceLocation: sourceLocation)
    }

    func expectSame<T: Codable & PlistDecodable & Equatable>(_ type: T.Type, _ value: Plist, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for format in [PlistFormat.binary, .xml] {
            expectSame(type, try value.encoded(as: format), sourceLocation: sourceLocation)
        }
    }

    @Test func keysInAnyOrderAndShape() throws {
        try expectSame(ModelLeaf.self, ["weight": 2.5, "name": "n"])
        try expectSame(ModelLeaf.self, ["other": 1, "name": "n"])
        try expectSame(ModelLeaf.self, ["name": "n", "other": 1, "weight": 1.0])
        try expectSame(ModelLeaf.self, ["weight": 1.0])
        try expectSame([ModelLeaf].self, [["name": "a"], ["name": "b", "weight": 1.0], ["weight": 2.0, "name": "c"], ["name": "d"], ["x": 1, "name": "e"]])
        var many: [(PlistKey, Plist)] = (0..<40).map { (PlistKey("key\($0)"), .integer(PlistInteger(Int64($0)))) }
        many.append((PlistKey("name"), "n"))
        try expectSame(ModelLeaf.self, .dictionary(PlistDictionary(uniqueKeysWithValues: many)))
        try expectSame([ModelNode].self, [["label": "a", "children": [["label": "b", "children": []]]], ["children": [], "label": "c"]])
    }

    @Test func repeatedKeysTakeTheLastValue() {
        // {"name": "a", "name": "b"}
        let binary = BinaryBuilder([[0xD2, 1, 1, 2, 3], [0x54] + Array("name".utf8), [0x51, 0x61], [0x51, 0x62]])
        expectSame(ModelLeaf.self, Data(binary.bytes))
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>name</key><string>a</string><key>weight</key><real>1</real><key>name</key><string>b</string></dict></plist>
        """
        expectSame(ModelLeaf.self, Data(xml.utf8))
    }

    @Test func utf16AndNonStringKeys() {
        // {"name" (UTF-16): "a"}
        let utf16 = BinaryBuilder([[0xD1, 1, 2], [0x64, 0, 0x6E, 0, 0x61, 0, 0x6D, 0, 0x65], [0x51, 0x61]])
        expectSame(ModelLeaf.self, Data(utf16.bytes))
        // {1: "a"}
        let integer = BinaryBuilder([[0xD1, 1, 2], [0x10, 1], [0x51, 0x61]])
        expectSame(ModelLeaf.self, Data(integer.bytes))
        // Two records sharing their key objects, the second's value missing from the table.
        let shared = BinaryBuilder([[0xA2, 1, 2], [0xD1, 3, 4], [0xD1, 3, 5], [0x54] + Array("name".utf8), [0x51, 0x61], [0x10, 7]])
        expectSame([ModelLeaf].self, Data(shared.bytes))
    }
}
