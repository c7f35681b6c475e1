import Foundation
import KeyedArchive
import PlistKit
import Testing

@Suite("Keyed archive round trips and object identity")
struct KeyedArchiveRoundTripTests {
    @Test(arguments: [PlistFormat.binary, .xml])
    func everyFieldKindRoundTrips(format: PlistFormat) throws {
        let original = makeStudent()
        let data = try KeyedArchiver.archivedData(withRootObject: original, format: format)
        #expect(PlistFormat.detect(data) == format)
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data)
        #expect(copy.name == "Ada")
        #expect(copy.age == 21)
        #expect(copy.gpa == 3.75)
        #expect(copy.ratio == 0.5)
        #expect(copy.enrolled)
        #expect(copy.photo == Data([0, 1, 2, 255]))
        #expect(copy.nickname == nil)
        #expect(copy.scores == [90, -3, 1 << 40])
        #expect(copy.grades == ["math": 4.0, "art": 3.5])
        #expect(copy.tags == ["a", "b"])
        #expect(copy.birthday == original.birthday)
        #expect(copy.id == original.id)
        #expect(copy.homepage == original.homepage)
        #expect(copy.big == UInt64.max)
    }

    @Test func archiveHasAppleHeader() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: makeStudent())
        let archive = try Plist(decoding: data)
        #expect(archive["$archiver"]?.string == "NSKeyedArchiver")
        #expect(archive["$version"]?.int == 100000)
        #expect(archive["$objects"]?[0]?.string == "$null")
        #expect(archive["$top"]?["root"]?.uid == 1)
        let root = try #require(archive["$objects"]?[1])
        let classRef = try #require(root["$class"]?.uid)
        #expect(archive["$objects"]?[Int(classRef)]?["$classname"]?.string == "Student")
        #expect(archive["$objects"]?[Int(classRef)]?["$classes"] == ["Student", "NSObject"])
    }

    @Test func sharedObjectIsArchivedOnceAndDecodedAsOneInstance() throws {
        let shared = makeStudent("Shared")
        let root = makeStudent("Root")
        root.friends = [shared, shared]
        root.best = shared
        let data = try KeyedArchiver.archivedData(withRootObject: root)
        let objects = try #require(try Plist(decoding: data)["$objects"]?.array)
        #expect(objects.filter { $0.string == "Shared" }.count == 1)
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data)
        #expect(copy.friends.count == 2)
        #expect(copy.friends[0] === copy.friends[1])
        #expect(copy.best === copy.friends[0])
        #expect(copy.best?.name == "Shared")
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func parentChildCycle(format: PlistFormat) throws {
        let parent = Node("parent")
        let child = Node("child")
        parent.children = [child]
        child.parent = parent
        let data = try KeyedArchiver.archivedData(withRootObject: parent, format: format)
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Node.self, from: data)
        #expect(copy.name == "parent")
        #expect(copy.children.count == 1)
        #expect(copy.children[0].name == "child")
        #expect(copy.children[0].parent === copy)
    }

    @Test func nodePointingToItself() throws {
        let node = Node("loop")
        node.next = node
        node.parent = node
        node.children = [node, node]
        let data = try KeyedArchiver.archivedData(withRootObject: node)
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Node.self, from: data)
        #expect(copy.next === copy)
        #expect(copy.parent === copy)
        #expect(copy.children.allSatisfy { $0 === copy })
    }

    @Test func deepLinkedListDoesNotOverflowTheStack() throws {
        let head = Node("0")
        var tail = head
        for index in 1..<20_000 {
            let node = Node(String(index))
            tail.next = node
            tail = node
        }
        tail.next = head // and close the ring
        let data = try KeyedArchiver.archivedData(withRootObject: head)
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Node.self, from: data)
        var node = copy
        var names: [String] = []
        for _ in 0..<20_000 {
            names.append(node.name)
            node = try #require(node.next)
        }
        // (`map(\.description)`: `map(String.init)` took the type checker most of a second.)
        let expected: [String] = (0..<20_000).map(\.description)
        #expect(names == expected)
        #expect(node === copy)
    }

    @Test func subclassDecodesThroughSuperclassType() throws {
        let grad = GradStudent()
        grad.name = "Grace"
        grad.thesis = "Compilers"
        let root = makeStudent()
        root.best = grad
        let data = try KeyedArchiver.archivedData(withRootObject: root)
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        unarchiver.setClass(GradStudent.self, forClassName: "GradStudent")
        let copy = try unarchiver.decode(Student.self, forKey: "root")
        let best = try #require(copy.best as? GradStudent)
        #expect(best.thesis == "Compilers")
        #expect(best.name == "Grace")

        // Without the mapping, the superclass named in $classes is used.
        let plain = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data)
        #expect(plain.best.map { type(of: $0) == Student.self } == true)
        #expect(plain.best?.name == "Grace")
    }

    @Test func classNameMappingBothWays() throws {
        let archiver = KeyedArchiver()
        archiver.setClassName("MyApp.Student", for: Student.self)
        archiver.encode(makeStudent(), forKey: "root")
        let data = try archiver.finishEncoding()
        let archive = try Plist(decoding: data)
        #expect(archive["$objects"]?.array?.contains { $0["$classname"]?.string == "MyApp.Student" } == true)

        #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data)
        }
        let copy = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data,
                                                        classNames: ["MyApp.Student": Student.self])
        #expect(copy.name == "Ada")
    }

    @Test func missingKeyAndWrongTypeAreTyped() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: makeStudent())
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        do {
            _ = try unarchiver.decode(Student.self, forKey: "nope")
            Issue.record("expected missingKey")
        } catch {
            #expect(error.code == .missingKey)
        }
        do {
            _ = try unarchiver.decode(String.self, forKey: "root")
            Issue.record("expected typeMismatch")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.message.contains("Student"))
        }
        do {
            _ = try unarchiver.decode([Int].self, forKey: "root")
            Issue.record("expected typeMismatch")
        } catch {
            #expect(error.code == .typeMismatch)
        }
    }

    @Test func wrongFieldTypeNamesTheObjectAndKey() throws {
        let archiver = KeyedArchiver()
        let node = Node("x")
        archiver.encode(node, forKey: "root")
        var archive = archiver.finishedArchive()
        // Make Node.name an integer.
        guard case .dictionary(var top) = archive, case .array(var objects) = top["$objects"]!,
              case .dictionary(var fields) = objects[1] else { Issue.record("shape"); return }
        fields["name"] = .integer(5)
        objects[1] = .dictionary(fields)
        top["$objects"] = .array(objects)
        archive = .dictionary(top)
        let unarchiver = try KeyedUnarchiver(archive: archive)
        do {
            _ = try unarchiver.decode(Node.self, forKey: "root")
            Issue.record("expected typeMismatch")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.message.contains("\"name\""))
            #expect(error.message.contains("Node"))
        }
    }

    @Test func topLevelValuesAndDecodeObject() throws {
        let archiver = KeyedArchiver()
        archiver.encode(["a": [1, 2], "b": [3]] as [String: [Int]], forKey: "dict")
        archiver.encode(42, forKey: "answer")
        archiver.encode(KeyedOrderedSet(["x", "y", "x"]), forKey: "ordered")
        archiver.encode([nil, "z"] as [String?], forKey: "optionals")
        let data = try archiver.finishEncoding()
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        #expect(try unarchiver.decode([String: [Int]].self, forKey: "dict") == ["a": [1, 2], "b": [3]])
        #expect(try unarchiver.decode(Int.self, forKey: "answer") == 42)
        #expect(try unarchiver.decode(KeyedOrderedSet<String>.self, forKey: "ordered").elements == ["x", "y"])
        #expect(try unarchiver.decode([String?].self, forKey: "optionals") == [nil, "z"])
        let any = try unarchiver.decodeObject(forKey: "dict") as? [AnyHashable: Any]
        #expect((any?["a"] as? [Any?])?.compactMap { $0 as? Int } == [1, 2])
    }
}

@Suite("Keyed archive string fidelity")
struct KeyedArchiveStringTests {
    @Test func canonicallyEquivalentStringsStayDistinct() throws {
        let composed = "\u{E9}"
        let decomposed = "e\u{301}"
        let data = try KeyedArchiver.archivedData(withRootObject: [composed, decomposed, composed])
        let back = try KeyedUnarchiver.unarchivedObject(ofType: [String].self, from: data)
        #expect(back.map { Array($0.unicodeScalars) } == [composed, decomposed, composed].map { Array($0.unicodeScalars) })
        let objects = try #require(try Plist(decoding: data)["$objects"]?.array)
        #expect(objects.count == 5) // $null, the array, its class, two strings
    }
}
