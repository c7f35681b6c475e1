import Foundation
import KeyedArchive
import PlistKit
import Testing

/// How an object's fields become its dictionary in `$objects`: in the order encoded, a key
/// encoded twice keeping its first place and last value, objects of one class with other
/// field sets each getting their own keys. Foundation's `NSKeyedUnarchiver` reads the result.
@Suite struct ArchiveFieldTests {
    final class Shape: NSObject, KeyedCodable, NSCoding {
        static let archivedClassName = "Shape"
        static var supportsSecureCoding: Bool { false }
        var name = ""
        var sides: Int?

        override init() {}
        init(_ name: String, sides: Int?) {
            self.name = name
            self.sides = sides
        }

        func encode(with archiver: KeyedArchiver) {
            archiver.encode("draft", forKey: "name")
            if let sides { archiver.encode(sides, forKey: "sides") }
            archiver.encode(name, forKey: "name")
        }

        func decode(from unarchiver: KeyedUnarchiver) throws {
            name = try unarchiver.decode(String.self, forKey: "name")
            sides = try unarchiver.decodeIfPresent(Int.self, forKey: "sides")
        }

        func encode(with coder: NSCoder) {}
        init?(coder: NSCoder) {
            name = coder.decodeObject(forKey: "name") as? String ?? ""
            sides = coder.containsValue(forKey: "sides") ? coder.decodeInteger(forKey: "sides") : nil
        }
    }

    @Test func fieldsInOrderWithRepeatedKeysAndChangingSets() throws {
        let shapes = [Shape("square", sides: 4), Shape("circle", sides: nil), Shape("triangle", sides: 3)]
        let archiver = KeyedArchiver()
        archiver.encode(shapes, forKey: KeyedArchiver.rootKey)
        let archive = archiver.finishedArchive()
        let objects = try #require(archive["$objects"]?.array)
        let dictionaries = objects.compactMap(\.dictionary).filter { $0["name"] != nil }
        #expect(dictionaries.map { $0.keys.map(\.string) } == [["$class", "name", "sides"], ["$class", "name"], ["$class", "name", "sides"]])

        let data = try archiver.finishEncoding()
        let ours = try KeyedUnarchiver.unarchivedObject(ofType: [Shape].self, from: data)
        #expect(ours.map(\.name) == ["square", "circle", "triangle"])
        #expect(ours.map(\.sides) == [4, nil, 3])

        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(Shape.self, forClassName: "Shape")
        let theirs = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [Shape])
        #expect(theirs.map(\.name) == ["square", "circle", "triangle"])
        #expect(theirs.map(\.sides) == [4, nil, 3])
    }
}
