import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Archives in the shapes Apple's Darwin NSKeyedArchiver writes, which Foundation on Linux
/// does not (it writes mutable classes as their immutable ones): hand-built, one object each.
@Suite("Apple (Darwin) archive shapes")
struct AppleShapeTests {
    static func classDescription(_ hierarchy: [String]) -> Plist {
        ["$classname": .string(hierarchy[0]), "$classes": .array(hierarchy.map(Plist.string))]
    }

    /// `{ $top: {root: UID 1}, $objects: [$null, root fields + $class UID 2, class, extra…] }`.
    static func archive(_ fields: [String: Plist], _ hierarchy: [String], extra: [Plist] = []) -> Plist {
        var object = fields
        object["$class"] = .uid(2)
        return [
            "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
            "$objects": .array(["$null", .dictionary(PlistDictionary(uniqueKeysWithValues: object.sorted { $0.key < $1.key }.map { (PlistKey($0.key), $0.value) })), classDescription(hierarchy)] + extra),
        ]
    }

    @Test func mutableStringAndData() throws {
        let string = Self.archive(["NS.string": "mutable text"], ["NSMutableString", "NSString", "NSObject"])
        #expect(try KeyedUnarchiver(archive: string).decode(String.self, forKey: "root") == "mutable text")
        #expect(try KeyedUnarchiver.plist(fromArchive: string) == ["root": "mutable text"])
        let data = Self.archive(["NS.data": .data(Data([1, 2]))], ["NSMutableData", "NSData", "NSObject"])
        #expect(try KeyedUnarchiver(archive: data).decode(Data.self, forKey: "root") == Data([1, 2]))
        #expect(try KeyedUnarchiver(archive: data).decodeObject(forKey: "root") as? Data == Data([1, 2]))
        let bytes = Self.archive(["NS.bytes": .data(Data([3]))], ["NSData", "NSObject"])
        #expect(try KeyedUnarchiver(archive: bytes).decode(Data.self, forKey: "root") == Data([3]))
    }

    @Test func mutableCollectionsAndOrderedSetWithObjectsArray() throws {
        let array = Self.archive(["NS.objects": [.uid(3), .uid(4)]], ["NSMutableArray", "NSArray", "NSObject"], extra: ["a", 7])
        #expect((try KeyedUnarchiver(archive: array).decodeObject(forKey: "root") as? [Any?])?.count == 2)
        #expect(try KeyedUnarchiver.plist(fromArchive: array) == ["root": ["a", 7]])
        let ordered = Self.archive(["NS.objects": [.uid(3), .uid(4)]], ["NSMutableOrderedSet", "NSOrderedSet", "NSObject"], extra: ["x", "y"])
        #expect(try KeyedUnarchiver(archive: ordered).decode(KeyedOrderedSet<String>.self, forKey: "root").elements == ["x", "y"])
        let dictionary = Self.archive(["NS.keys": [.uid(3)], "NS.objects": [.uid(4)]], ["NSMutableDictionary", "NSDictionary", "NSObject"], extra: ["k", 1.5])
        #expect(try KeyedUnarchiver(archive: dictionary).decode([String: Double].self, forKey: "root") == ["k": 1.5])
        let set = Self.archive(["NS.objects": [.uid(3)]], ["NSMutableSet", "NSSet", "NSObject"], extra: [5])
        #expect(try KeyedUnarchiver(archive: set).decode(Set<Int>.self, forKey: "root") == [5])
    }

    @Test func relativeURLWithBase() throws {
        // Darwin keeps the base: NS.base → an NSURL, NS.relative → the relative string.
        let url = Self.archive(["NS.base": .uid(3), "NS.relative": .uid(4)], ["NSURL", "NSObject"], extra: [
            ["$class": .uid(2), "NS.base": .uid(0), "NS.relative": .uid(5)], "c/d.txt", "file:///base/dir/",
        ])
        let decoded = try KeyedUnarchiver(archive: url).decode(URL.self, forKey: "root")
        #expect(decoded.absoluteString == "file:///base/dir/c/d.txt")
        #expect(decoded.relativeString == "c/d.txt")
    }
}
