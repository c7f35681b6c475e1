import Foundation
import KeyedArchive
import PlistKit
import Testing

/// A minimal archive around `objects`, with `$top.root` = UID `root`.
func archive(_ objects: [Plist], root: UInt64 = 1, archiver: String = "NSKeyedArchiver", version: Int = 100000) -> Plist {
    [
        "$archiver": .string(archiver),
        "$version": .integer(PlistInteger(version)),
        "$top": ["root": .uid(root)],
        "$objects": .array(objects),
    ]
}

let nodeClass: Plist = ["$classname": "Node", "$classes": ["Node", "NSObject"]]

/// A node object: `{ $class: UID(classUID), name: UID(nameUID), next: …, children: … }`.
func node(classUID: UInt64, name: UInt64, next: UInt64 = 0, children: UInt64? = nil) -> Plist {
    if let children {
        return ["$class": .uid(classUID), "name": .uid(name), "next": .uid(next), "children": .uid(children)]
    }
    return ["$class": .uid(classUID), "name": .uid(name), "next": .uid(next)]
}

func decodeError(_ archive: Plist, as type: (some KeyedArchivable).Type = Node.self) -> KeyedArchiveError? {
    do {
        _ = try KeyedUnarchiver(archive: archive).decode(type, forKey: "root")
        return nil
    } catch {
        return error
    }
}

@Suite("Malformed keyed archives")
struct MalformedArchiveTests {
    @Test func wellFormedBaseline() throws {
        // Node "n" with an empty children array: decodes, so each variant below fails for its own reason.
        let good = archive([
            "$null", node(classUID: 2, name: 3, children: 4), nodeClass, "n",
            ["$class": .uid(5), "NS.objects": []], ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
        ])
        let decoded = try KeyedUnarchiver(archive: good).decode(Node.self, forKey: "root")
        #expect(decoded.name == "n")
    }

    @Test func notAPropertyList() {
        do {
            _ = try KeyedUnarchiver(forReadingFrom: Data("bplist00 garbage".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notAPropertyList)
        }
    }

    @Test func wrongArchiver() {
        do {
            _ = try KeyedUnarchiver(archive: archive(["$null", "x"], archiver: "NSArchiver"))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notAnArchive)
            #expect(error.message.contains("NSArchiver"))
        }
    }

    @Test func wrongVersionAndMissingParts() {
        for bad: Plist in [
            archive(["$null", "x"], version: 99),
            ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": [:]],
            ["not", "a", "dictionary"],
        ] {
            do {
                _ = try KeyedUnarchiver(archive: bad)
                Issue.record("expected an error for \(bad)")
            } catch {
                #expect(error.code == .notAnArchive)
            }
        }
    }

    @Test func uidOutOfRange() {
        for bad in [
            archive(["$null", "x"], root: 2),
            archive(["$null", node(classUID: 2, name: 99), nodeClass]),
            archive(["$null", node(classUID: 7, name: 0), nodeClass]),
        ] {
            do {
                _ = try KeyedUnarchiver(archive: bad)
                Issue.record("expected an error")
            } catch {
                #expect(error.code == .uidOutOfRange)
            }
        }
    }

    @Test func classMissing() {
        let bad = archive(["$null", ["name": .uid(2)], "n"])
        #expect(decodeError(bad)?.code == .badClass)
        #expect(decodeError(bad)?.message.contains("no $class") == true)
    }

    @Test func classNotAUIDOrNotADescription() throws {
        let notUID = archive(["$null", ["$class": "Node", "name": .uid(0)]])
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver(archive: notUID) }
        let pointsAtString = archive(["$null", node(classUID: 2, name: 0), "Node"])
        do {
            _ = try KeyedUnarchiver(archive: pointsAtString)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .badClass)
        }
    }

    @Test func cyclicClasses() {
        // An object that is its own class, two objects naming each other as class, and a
        // $classes list that refers back to the class description instead of naming classes.
        let cases: [Plist] = [
            archive(["$null", node(classUID: 1, name: 0)]),
            archive(["$null", node(classUID: 2, name: 0), node(classUID: 1, name: 0)]),
            archive(["$null", node(classUID: 2, name: 0), ["$classname": "Node", "$classes": [.uid(2), "NSObject"]]]),
        ]
        for bad in cases {
            do {
                _ = try KeyedUnarchiver(archive: bad)
                Issue.record("expected an error for \(bad)")
            } catch {
                #expect(error.code == .badClass)
            }
        }
    }

    @Test func unknownClassAndWrongType() {
        let other = archive(["$null", ["$class": .uid(2)], ["$classname": "Mystery", "$classes": ["Mystery", "NSObject"]]])
        #expect(decodeError(other)?.code == .unknownClass)
        let string = archive(["$null", "just a string"])
        #expect(decodeError(string)?.code == .typeMismatch)
        let null = archive(["$null"], root: 0)
        #expect(decodeError(null)?.code == .typeMismatch)
        #expect(decodeError(null, as: Int.self)?.code == .typeMismatch)
    }

    @Test func arrayContainingItselfIsACycleErrorForValuesButMarkedInTheGenericTree() throws {
        let arrayClass: Plist = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        let bad = archive(["$null", ["$class": .uid(2), "NS.objects": [.uid(1)]], arrayClass])
        let unarchiver = try KeyedUnarchiver(archive: bad)
        do {
            _ = try unarchiver.decodeObject(forKey: "root")
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .cyclicReference)
        }
        let tree = try KeyedUnarchiver.plist(fromArchive: bad)
        #expect(tree == ["root": ["$classname": "NSArray", "$uid": 1, "NS.objects": [["$ref": 1]]]])
    }

    @Test func exponentialSharingIsNotExpanded() throws {
        // Each array holds the next one twice: 2^40 leaves if expanded naively.
        let arrayClass: Plist = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        var objects: [Plist] = ["$null", arrayClass]
        for level in 0..<40 {
            let next = UInt64(objects.count + 1)
            objects.append(level == 39 ? "leaf" : ["$class": .uid(1), "NS.objects": [.uid(next), .uid(next)]])
        }
        let tree = try KeyedUnarchiver.plist(fromArchive: archive(objects, root: 2))
        let encoded = try tree.encoded(as: .binary)
        #expect(encoded.count < 20_000)
    }
}

@Suite("Hostile sharing")
struct HostileSharingTests {
    @Test func nestedSharedCollectionsDecodeOnce() throws {
        // Level k is an NSArray holding level k+1 eight times; 12 levels would be 8^12 ≈ 7·10¹⁰
        // leaves if each reference were decoded again.
        let arrayClass: Plist = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        var objects: [Plist] = ["$null", arrayClass]
        let levels = 12
        for level in 0..<levels {
            let next = UInt64(objects.count + 1)
            objects.append(level == levels - 1 ? 1 : ["$class": .uid(1), "NS.objects": .array(Array(repeating: .uid(next), count: 8))])
        }
        let unarchiver = try KeyedUnarchiver(archive: archive(objects, root: 2))
        // Typed: [[[[[[[[[[[Int]]]]]]]]]]] — eleven array levels around the leaf.
        typealias L1 = [Int]; typealias L2 = [L1]; typealias L3 = [L2]; typealias L4 = [L3]
        typealias L5 = [L4]; typealias L6 = [L5]; typealias L7 = [L6]; typealias L8 = [L7]
        typealias L9 = [L8]; typealias L10 = [L9]; typealias L11 = [L10]
        let value = try unarchiver.decode(L11.self, forKey: "root")
        #expect(value.count == 8)
        #expect(value[7][7][7][7][7][7][7][7][7][7] == [1, 1, 1, 1, 1, 1, 1, 1])
    }
}

@Suite("Deep nesting")
struct DeepNestingTests {
    /// NSArrays nested `levels` deep: object k holds object k+1.
    func nestedArrays(_ levels: Int) -> Plist {
        let arrayClass: Plist = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        var objects: [Plist] = ["$null", arrayClass]
        for level in 0..<levels {
            let next = UInt64(objects.count + 1)
            objects.append(level == levels - 1 ? "leaf" : ["$class": .uid(1), "NS.objects": [.uid(next)]])
        }
        return archive(objects, root: 2)
    }

    @Test func dynamicDecodingStopsAtTheDepthLimit() throws {
        let unarchiver = try KeyedUnarchiver(archive: nestedArrays(5_000))
        do {
            _ = try unarchiver.decodeObject(forKey: "root")
            Issue.record("expected depthLimitExceeded")
        } catch {
            #expect(error.code == .depthLimitExceeded)
        }
        let shallow = try KeyedUnarchiver(archive: nestedArrays(400))
        #expect(try shallow.decodeObject(forKey: "root") != nil)
    }

    @Test func genericUnarchiveStopsAtTheDepthLimit() throws {
        do {
            _ = try KeyedUnarchiver.plist(fromArchive: nestedArrays(5_000))
            Issue.record("expected depthLimitExceeded")
        } catch {
            #expect(error.code == .depthLimitExceeded)
        }
        let tree = try KeyedUnarchiver.plist(fromArchive: nestedArrays(400))
        _ = try tree.encoded(as: .binary)
    }
}
