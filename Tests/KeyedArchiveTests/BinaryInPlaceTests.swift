import Foundation
import KeyedArchive
import PlistKit
import Testing

/// A binary archive is read in place (without a `Plist` tree) when it passes the in-place
/// scan, and through the `Plist` path otherwise; either way the outcome must be the one the
/// `Plist` path gives.
@Suite("Binary archives read in place")
struct BinaryInPlaceTests {
    /// The outcome of decoding `root` as a `Node`: its name and its children's, or the error.
    private static func outcome(_ unarchiver: () throws(KeyedArchiveError) -> KeyedUnarchiver) -> String {
        do {
            let node = try unarchiver().decode(Node.self, forKey: "root")
            return "\(node.name) \(node.children.map(\.name)) next: \(node.next?.name ?? "-")"
        } catch {
            return "\(error.code): \(error.message)"
        }
    }

    /// Decodes `archive` from its binary encoding and from the tree, expecting the same;
    /// returns the outcome.
    @discardableResult
    private static func expectSameOutcome(_ archive: Plist, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let binary = try archive.encoded(as: .binary)
        let inPlace = outcome { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: binary) }
        let tree = outcome { () throws(KeyedArchiveError) in try KeyedUnarchiver(archive: archive) }
        #expect(inPlace == tree, sourceLocation: sourceLocation)
        return inPlace
    }

    @Test func wellFormedAndMalformedArchivesDecodeAsFromTheTree() throws {
        let arrayClass: Plist = ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]
        let cases: [Plist] = [
            // Well formed: a node with two children, one shared as `next`.
            archive([
                "$null", node(classUID: 2, name: 3, next: 6, children: 4), nodeClass, "root",
                ["$class": .uid(5), "NS.objects": [.uid(6), .uid(8)]], arrayClass,
                node(classUID: 2, name: 7, children: 10), "a", node(classUID: 2, name: 9, children: 10), "b",
                ["$class": .uid(5), "NS.objects": []],
            ]),
            // A field missing, a UID out of range (in an object, in $top), a $class that is
            // not a UID or not a class description, an object that is its own class.
            archive(["$null", node(classUID: 2, name: 3), nodeClass, "n"]),
            archive(["$null", node(classUID: 2, name: 99), nodeClass]),
            archive(["$null", "x"], root: 2),
            archive(["$null", ["$class": "Node", "name": .uid(0)]]),
            archive(["$null", node(classUID: 2, name: 0), "Node"]),
            archive(["$null", node(classUID: 1, name: 0)]),
            archive(["$null", node(classUID: 2, name: 0), ["$classname": "Node", "$classes": [.uid(2), "NSObject"]]]),
            // Not keyed archives.
            archive(["$null", "x"], archiver: "NSArchiver"),
            archive(["$null", "x"], version: 99),
            ["$archiver": "NSKeyedArchiver", "$version": 100000, "$objects": ["$null"]],
            ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": [:], "$objects": []],
            ["not", "a", "dictionary"],
            // An unknown class, and a string where an object should be.
            archive(["$null", ["$class": .uid(2)], ["$classname": "Mystery", "$classes": ["Mystery", "NSObject"]]]),
            archive(["$null", "just a string"]),
        ]
        #expect(try Self.expectSameOutcome(cases[0]) == #"root ["a", "b"] next: a"#)
        for archive in cases.dropFirst() {
            #expect(try Self.expectSameOutcome(archive).contains(": "))
        }
    }

    @Test func truncatedBinaryArchiveIsNotAPropertyList() throws {
        let binary = try KeyedArchiver.archivedData(withRootObject: Node("n"), format: .binary)
        do {
            _ = try KeyedUnarchiver(forReadingFrom: binary.prefix(binary.count - 40))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .notAPropertyList)
        }
    }

    /// Keys that are not short ASCII strings: UTF-16 (non-ASCII text) and ASCII of 15 bytes
    /// or more, whose count follows the marker.
    final class OddKeys: KeyedCodable {
        static let archivedClassName = "OddKeys"
        var accented = ""
        var long = 0
        init() {}
        func encode(with archiver: KeyedArchiver) {
            archiver.encode(accented, forKey: "naïve")
            archiver.encode(long, forKey: "aFieldNameLongerThanFifteenBytes")
        }
        func decode(from unarchiver: KeyedUnarchiver) throws {
            accented = try unarchiver.decode(String.self, forKey: "naïve")
            long = try unarchiver.decode(Int.self, forKey: "aFieldNameLongerThanFifteenBytes")
            #expect(unarchiver.containsValue(forKey: "naïve"))
            #expect(!unarchiver.containsValue(forKey: "nai\u{308}ve"))
            #expect(Set(unarchiver.allKeys) == ["naïve", "aFieldNameLongerThanFifteenBytes"])
        }
    }

    @Test func keysThatAreNotShortASCIIStrings() throws {
        let value = OddKeys()
        value.accented = "é"
        value.long = 42
        for format in [PlistFormat.binary, .xml] {
            let data = try KeyedArchiver.archivedData(withRootObject: value, format: format)
            let decoded = try KeyedUnarchiver.unarchivedObject(ofType: OddKeys.self, from: data, allowedClasses: [OddKeys.self])
            #expect(decoded.accented == "é")
            #expect(decoded.long == 42)
        }
    }

    /// Every byte of a binary archive changed in turn (its high bit flipped, zeroed, set to
    /// 0xFF): read in place, each decodes to what the `Plist` path gives, or fails with the
    /// same code (`notAPropertyList` where the bytes no longer parse). The scan's inlined
    /// checks of strings, UIDs and fixed-size scalars must reject what the table rejects.
    @Test func everyChangedByteDecodesAsFromTheTree() throws {
        let root = Node("root")
        root.children = [Node("a"), Node("bé")]
        root.next = root.children[0]
        let binary = try KeyedArchiver.archivedData(withRootObject: root, format: .binary)
        func brief(_ unarchiver: () throws(KeyedArchiveError) -> KeyedUnarchiver) -> String {
            let text = Self.outcome(unarchiver)
            return text.split(separator: ":").first.map(String.init) ?? text
        }
        for position in binary.indices {
            for change in [{ (byte: UInt8) in byte ^ 0x80 }, { _ in 0 }, { _ in 0xFF }] {
                var bytes = binary
                bytes[position] = change(binary[position])
                let inPlace = brief { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: bytes) }
                let tree: String
                do {
                    let plist = try Plist(decoding: bytes)
                    tree = brief { () throws(KeyedArchiveError) in try KeyedUnarchiver(archive: plist) }
                } catch {
                    tree = "\(KeyedArchiveError.Code.notAPropertyList)"
                }
                #expect(inPlace == tree, "byte \(position) set to \(bytes[position])")
            }
        }
    }

    /// The unarchiver reads the caller's bytes (a `Data`, a slice of one, an array), not a
    /// copy: a change the caller makes to its own value afterwards does not reach them, and
    /// reads outside any top-level decode (a type's `unarchive(from:in:)` called directly)
    /// borrow the bytes for themselves.
    @Test func readsTheCallersBytesInPlace() throws {
        let objects: [Plist] = [
            "$null", node(classUID: 2, name: 3, next: 6, children: 4), nodeClass, "root",
            ["$class": .uid(5), "NS.objects": [.uid(6)]], ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]],
            node(classUID: 2, name: 7, children: 8), "a", ["$class": .uid(5), "NS.objects": []],
        ]
        var binary = try archive(objects).encoded(as: .binary)
        let padded = Data([0xAA, 0xBB]) + binary
        let inputs: [(String, () throws(KeyedArchiveError) -> KeyedUnarchiver)] = [
            ("data", { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: binary) }),
            ("slice", { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: padded[2...]) }),
            ("array", { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: [UInt8](binary)) }),
            ("array slice", { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: [UInt8](padded)[2...]) }),
        ]
        for (name, make) in inputs {
            let unarchiver = try make()
            #expect(try String.unarchive(from: .uid(7), in: unarchiver) == "a", "\(name)")
            #expect(Self.outcome { unarchiver } == "root [\"a\"] next: a", "\(name)")
        }
        let unarchiver = try KeyedUnarchiver(forReadingFrom: binary)
        binary.resetBytes(in: 0..<binary.count)
        #expect(try String.unarchive(from: .uid(3), in: unarchiver) == "root")
        #expect(Self.outcome { unarchiver } == "root [\"a\"] next: a")
    }

    @Test func genericUnarchiveIsTheSameFromBinaryAndTree() throws {
        let root = Node("root")
        let child = Node("child")
        root.children = [child, child]
        child.parent = root
        let binary = try KeyedArchiver.archivedData(withRootObject: root, format: .binary)
        let tree = try Plist(decoding: binary)
        #expect(try KeyedUnarchiver.plist(fromArchive: binary) == KeyedUnarchiver.plist(fromArchive: tree))
    }
}
