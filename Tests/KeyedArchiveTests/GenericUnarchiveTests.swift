import Foundation
import KeyedArchive
import PlistKit
import Testing

@Suite("Generic unarchive to a Plist tree")
struct GenericUnarchiveTests {
    @Test func foundationValuesBecomePlainValues() throws {
        let vector = try #require(ArchiveVector.named("foundation_values.bplist"))
        let tree = try KeyedUnarchiver.plist(fromArchive: try vector.data)
        let root = try #require(tree["root"])
        #expect(root["string"] == "héllo wörld ☃")
        #expect(root["mutableString"] == "mutable")
        #expect(root["int"] == 42)
        #expect(root["unsigned"] == .integer(PlistInteger(UInt64.max)))
        #expect(root["array"] == [1, "two", 3.0])
        #expect(root["orderedSet"] == ["b", "a", "c"])
        #expect(root["mutableDictionary"] == ["k": "v", "n": 1])
        #expect(root["data"] == .data(Data([0, 1, 2, 254, 255])))
        #expect(root["date"] == .date(Date(timeIntervalSinceReferenceDate: 600_000_000.25)))
        #expect(root["uuid"]?["$classname"] == "NSUUID")
        #expect(root["uuid"]?["NS.uuidbytes"]?.data?.count == 16)
        #expect(root["url"]?["$classname"] == "NSURL")
        #expect(root["url"]?["NS.relative"] == "https://example.com/a/b?q=1")
        #expect(root["null"] == ["$classname": "NSNull"])
        #expect(root["empty"] == [:])
        #expect(root["nested"] == ["inner": [["deep": [1, 2]]]])
    }

    /// An unregistered subclass of NSString, NSData or NSDate (superclasses in `$classes`, as
    /// Apple's archiver writes them). Foundation's `decodeObject(forKey:)` refuses it ("Invalid
    /// class", checked on Linux), and so does PlistKit's, naming the class; the generic form
    /// keeps its class name and fields rather than pass it off as a plain value. A typed read
    /// (`decode(String.self, forKey:)`) asks for the family and takes it.
    @Test func unregisteredSubclassesOfFoundationValues() throws {
        let archive: Plist = [
            "$archiver": "NSKeyedArchiver", "$version": 100000,
            "$top": ["string": .uid(1), "data": .uid(3), "date": .uid(5)],
            "$objects": [
                "$null",
                ["$class": .uid(2), "NS.string": "subclassed"],
                ["$classname": "MyString", "$classes": ["MyString", "NSString", "NSObject"]],
                ["$class": .uid(4), "NS.data": .data(Data([7, 8]))],
                ["$classname": "MyData", "$classes": ["MyData", "NSMutableData", "NSData", "NSObject"]],
                ["$class": .uid(6), "NS.time": 10.5],
                ["$classname": "MyDate", "$classes": ["MyDate", "NSDate", "NSObject"]],
            ],
        ]
        let data = try archive.encoded(as: .binary)
        // Read in place from the binary file, and from the tree.
        for unarchiver in [try KeyedUnarchiver(forReadingFrom: data), try KeyedUnarchiver(archive: archive)] {
            for key in ["string", "data", "date"] {
                let error = #expect(throws: KeyedArchiveError.self) { try unarchiver.decodeObject(forKey: key) }
                #expect(error?.code == .unknownClass)
                #expect(error?.description.contains("My") == true)
            }
            #expect(try unarchiver.decode(String.self, forKey: "string") == "subclassed")
            #expect(try unarchiver.decode(Data.self, forKey: "data") == Data([7, 8]))
            #expect(try unarchiver.decode(Date.self, forKey: "date") == Date(timeIntervalSinceReferenceDate: 10.5))
        }
        let tree = try KeyedUnarchiver.plist(fromArchive: data)
        #expect(tree["string"] == ["$classname": "MyString", "NS.string": "subclassed"])
        #expect(tree["data"] == ["$classname": "MyData", "NS.data": .data(Data([7, 8]))])
        #expect(tree["date"] == ["$classname": "MyDate", "NS.time": 10.5])
    }

    @Test func objectWithoutClassIsRefused() throws {
        // `$classy` instead of `$class`: the root refers to a dictionary that is no object.
        let archive: Plist = [
            "$archiver": "NSKeyedArchiver", "$version": 100000, "$top": ["root": .uid(1)],
            "$objects": ["$null", ["$classy": .uid(2), "name": "x"], ["$classname": "Thing", "$classes": ["Thing", "NSObject"]]],
        ]
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.plist(fromArchive: try archive.encoded(as: .binary)) }
        #expect(error?.code == .badClass)
        #expect(error?.description.contains("without $class") == true)
    }

    @Test func customObjectsKeepClassNameAndFields() throws {
        let vector = try #require(ArchiveVector.named("person.bplist"))
        let tree = try KeyedUnarchiver.plist(fromArchive: try vector.data)
        let bob = try #require(tree["root"])
        #expect(bob["$classname"] == "ArchiveVectors.Person")
        #expect(bob["name"] == "Bob")
        #expect(bob["age"] == 41)
        #expect(bob["friend"]?["name"] == "Ada")
        #expect(bob["friend"]?["friend"] == "$null")
        #expect(bob.dictionary?.keys.first == "$classname")
    }

    @Test func sharedObjectsAreMarked() throws {
        let vector = try #require(ArchiveVector.named("shared_person.bplist"))
        let tree = try KeyedUnarchiver.plist(fromArchive: try vector.data)
        let people = try #require(tree["root"]?.array)
        let uid = try #require(people[0]["$uid"]?.int)
        #expect(people[0]["name"] == "Ada")
        #expect(people[1] == ["$ref": .integer(PlistInteger(uid))])
        #expect(people[2]["friend"] == ["$ref": .integer(PlistInteger(uid))])
        #expect(people[2]["$uid"] == nil)
    }

    @Test func cyclesAreMarkedNotExpanded() throws {
        let vector = try #require(ArchiveVector.named("cycle_parent_child.bplist"))
        let tree = try KeyedUnarchiver.plist(fromArchive: try vector.data)
        let parent = try #require(tree["root"])
        let uid = try #require(parent["$uid"]?.int)
        #expect(parent["name"] == "parent")
        #expect(parent["children"]?[0]?["name"] == "child")
        #expect(parent["children"]?[0]?["next"] == ["$ref": .integer(PlistInteger(uid))])
        // The tree is a plain plist: it encodes.
        _ = try tree.encoded(as: .binary)

        let selfVector = try #require(ArchiveVector.named("cycle_self.bplist"))
        let loop = try #require(try KeyedUnarchiver.plist(fromArchive: try selfVector.data)["root"])
        let loopUID = try #require(loop["$uid"]?.int)
        #expect(loop["next"] == ["$ref": .integer(PlistInteger(loopUID))])
        #expect(loop["children"] == [["$ref": .integer(PlistInteger(loopUID))]])
    }

    @Test func ourArchivesToo() throws {
        let node = Node("a")
        node.next = node
        let tree = try KeyedUnarchiver.plist(fromArchive: try KeyedArchiver.archivedData(withRootObject: node, format: .xml))
        #expect(tree == ["root": ["$classname": "Node", "$uid": 1, "name": "a", "parent": "$null", "children": [], "next": ["$ref": 1]]])
    }
}
