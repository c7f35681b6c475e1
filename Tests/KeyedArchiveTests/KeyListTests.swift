import Foundation
import KeyedArchive
import PlistKit
import Testing
import TestSupport

/// The in-place reader of binary archives notes each distinct list of keys once (where its
/// `$class` is, that no key repeats) and looks fields up in it; dictionaries whose keys it
/// does not keep are searched in the file. Either way an archive must decode as from the tree.
@Suite("Key lists of binary archives")
struct KeyListTests {
    /// One string field, under a key the test chooses.
    final class Labelled: KeyedCodable {
        static let archivedClassName = "Labelled"
        var label = ""
        init() {}
        func encode(with archiver: KeyedArchiver) { archiver.encode(label, forKey: "label") }
        func decode(from unarchiver: KeyedUnarchiver) throws { label = try unarchiver.decode(String.self, forKey: "label") }
    }

    /// An archive of one `Labelled` whose dictionary holds `label` twice, the second time
    /// as `secondKey` (a whole ASCII string object): the values "first", then "second".
    static func repeatedLabel(secondKey: [UInt8]) -> [UInt8] {
        func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }
        var builder = BinaryBuilder([
            [0xD4, 1, 2, 3, 4, 5, 6, 7, 8],
            ascii("$archiver"), ascii("$version"), ascii("$top"), ascii("$objects"),
            [0x5F, 0x10, 0x0F] + Array("NSKeyedArchiver".utf8),
            [0x12, 0x00, 0x01, 0x86, 0xA0],
            [0xD1, 9, 10],
            [0xA5, 11, 12, 13, 14, 15],
            ascii("root"), [0x80, 0x01], ascii("$null"),
            [0xD3, 16, 17, 18, 19, 20, 21],
            [0xD2, 22, 23, 24, 25],
            ascii("first"), ascii("second"),
            ascii("$class"), ascii("label"), secondKey,
            [0x80, 0x02], [0x80, 0x03], [0x80, 0x04],
            ascii("$classname"), ascii("$classes"), ascii("Labelled"), [0xA2, 24, 26], ascii("NSObject"),
        ])
        builder.offsetSize = 2
        return builder.bytes
    }

    /// A key repeated under another marker (its count written after it, as a writer may for
    /// any string) is still a repeat: the archive is read as the tree reads it, which keeps
    /// the last value.
    @Test func repeatedKeyUnderAnotherMarker() throws {
        for secondKey: [UInt8] in [[0x55] + Array("label".utf8), [0x5F, 0x10, 0x05] + Array("label".utf8)] {
            let bytes = Data(Self.repeatedLabel(secondKey: secondKey))
            let tree = try KeyedUnarchiver(archive: Plist(decoding: bytes)).decode(Labelled.self, forKey: "root")
            let inPlace = try KeyedUnarchiver(forReadingFrom: bytes).decode(Labelled.self, forKey: "root")
            #expect(tree.label == "second")
            #expect(inPlace.label == tree.label, "\(secondKey)")
        }
    }

    /// Forty fields: more keys than a list holds.
    final class ManyFields: KeyedCodable {
        static let archivedClassName = "ManyFields"
        var values = (0..<40).map { $0 * 3 }
        init() {}
        func encode(with archiver: KeyedArchiver) {
            for (field, value) in values.enumerated() { archiver.encode(value, forKey: "k\(field)") }
        }
        func decode(from unarchiver: KeyedUnarchiver) throws {
            values = try (0..<40).reversed().map { try unarchiver.decode(Int.self, forKey: "k\($0)") }.reversed()
            #expect(!unarchiver.containsValue(forKey: "k40"))
        }
    }

    @Test func objectWithMoreKeysThanAList() throws {
        let object = ManyFields()
        object.values[39] = -1
        let binary = try KeyedArchiver.archivedData(withRootObject: object, format: .binary)
        let inPlace = try KeyedUnarchiver.unarchivedObject(ofType: ManyFields.self, from: binary, allowedClasses: [ManyFields.self])
        #expect(inPlace.values == object.values)
    }

    /// A field under a key of its own: every object's keys are a list of their own.
    final class OwnKey: KeyedCodable {
        static let archivedClassName = "OwnKey"
        var number = 0
        init() {}
        init(_ number: Int) { self.number = number }
        func encode(with archiver: KeyedArchiver) {
            archiver.encode(number, forKey: "n")
            archiver.encode(-number, forKey: "k\(number)")
        }
        func decode(from unarchiver: KeyedUnarchiver) throws {
            number = try unarchiver.decode(Int.self, forKey: "n")
            #expect(try unarchiver.decode(Int.self, forKey: "k\(number)") == -number)
            #expect(!unarchiver.containsValue(forKey: "k\(number + 1)"))
        }
    }

    /// More distinct key lists than are kept (65,534): the objects past the limit are
    /// searched in the file, and every object reads back.
    @Test func moreListsThanAreKept() throws {
        let objects = (0..<70_000).map(OwnKey.init)
        let binary = try KeyedArchiver.archivedData(withRootObject: objects, format: .binary)
        let decoded = try KeyedUnarchiver.unarchivedObject(ofType: [OwnKey].self, from: binary, allowedClasses: [OwnKey.self])
        #expect(decoded.map(\.number) == objects.map(\.number))
    }
}
