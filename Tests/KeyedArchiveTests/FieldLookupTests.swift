import Foundation
import KeyedArchive
import PlistKit
import Testing

/// How the archiver lays out an object's fields and how the unarchiver finds them again: the
/// shortcuts (a class's last key layout, fixed Foundation layouts, key signatures kept for
/// the last few objects, scalars read in place, `$class` found by the scan) must give what
/// the plain paths give.
@Suite("Field layout and lookup")
struct FieldLookupTests {
    /// Every kind of field the binary reader has a shortcut for, and some it has not, under
    /// keys of 1 to 14 bytes (one or two signature words), 15 and more, and non-ASCII.
    final class Wide: KeyedCodable, Equatable {
        static let archivedClassName = "Wide"
        var small = 7, medium = -300, large = 70_000, huge = Int.min
        var unsigned = UInt64.max
        var single: Float = 1.5
        var double = -0.0
        var flag = true
        var when = Date(timeIntervalSinceReferenceDate: 123_456.5)
        var short = "abc", fifteen = String(repeating: "x", count: 15), long = String(repeating: "y", count: 300)
        var accented = "crème"
        var empty = ""
        var child: Wide?

        init() {}

        func encode(with archiver: KeyedArchiver) {
            archiver.encode(small, forKey: "s")
            archiver.encode(medium, forKey: "medium")
            archiver.encode(large, forKey: "eightchr")
            archiver.encode(huge, forKey: "nineChars")
            archiver.encode(unsigned, forKey: "fourteen-bytes")
            archiver.encode(single, forKey: "single")
            archiver.encode(double, forKey: "double")
            archiver.encode(flag, forKey: "flag")
            archiver.encode(when, forKey: "when")
            archiver.encode(short, forKey: "short")
            archiver.encode(fifteen, forKey: "fifteen")
            archiver.encode(long, forKey: "aKeyOfFifteenBy")
            archiver.encode(accented, forKey: "clé")
            archiver.encode(empty, forKey: "")
            archiver.encode(child, forKey: "child")
        }

        func decode(from unarchiver: KeyedUnarchiver) throws {
            // Read in another order than written, with the child's fields between.
            child = try unarchiver.decodeIfPresent(Wide.self, forKey: "child")
            empty = try unarchiver.decode(String.self, forKey: "")
            accented = try unarchiver.decode(String.self, forKey: "clé")
            long = try unarchiver.decode(String.self, forKey: "aKeyOfFifteenBy")
            fifteen = try unarchiver.decode(String.self, forKey: "fifteen")
            short = try unarchiver.decode(String.self, forKey: "short")
            when = try unarchiver.decode(Date.self, forKey: "when")
            flag = try unarchiver.decode(Bool.self, forKey: "flag")
            double = try unarchiver.decode(Double.self, forKey: "double")
            single = try unarchiver.decode(Float.self, forKey: "single")
            unsigned = try unarchiver.decode(UInt64.self, forKey: "fourteen-bytes")
            huge = try unarchiver.decode(Int.self, forKey: "nineChars")
            large = try unarchiver.decode(Int.self, forKey: "eightchr")
            medium = try unarchiver.decode(Int.self, forKey: "medium")
            small = try unarchiver.decode(Int.self, forKey: "s")
            #expect(!unarchiver.containsValue(forKey: "fourteen-byteS"))
            #expect(!unarchiver.containsValue(forKey: "nineChar"))
        }

        static func == (lhs: Wide, rhs: Wide) -> Bool {
            lhs.small == rhs.small && lhs.medium == rhs.medium && lhs.large == rhs.large && lhs.huge == rhs.huge
                && lhs.unsigned == rhs.unsigned && lhs.single == rhs.single
                && lhs.double.bitPattern == rhs.double.bitPattern && lhs.flag == rhs.flag && lhs.when == rhs.when
                && lhs.short == rhs.short && lhs.fifteen == rhs.fifteen && lhs.long == rhs.long
                && lhs.accented == rhs.accented && lhs.empty == rhs.empty && lhs.child == rhs.child
        }
    }

    /// A chain of objects six deep, so that each object's lookups after its child's outlast
    /// the few objects whose keys the unarchiver keeps.
    static func chain() -> Wide {
        var head = Wide()
        for depth in 1..<6 {
            let parent = Wide()
            parent.small = depth
            parent.short = "depth \(depth)"
            parent.flag = depth.isMultiple(of: 2)
            parent.when = Date(timeIntervalSinceReferenceDate: Double(depth) * 1_000)
            parent.child = head
            head = parent
        }
        return head
    }

    @Test func everyFieldKindReadsBackInPlaceAndFromTheTree() throws {
        let root = Self.chain()
        for format in [PlistFormat.binary, .xml] {
            let data = try KeyedArchiver.archivedData(withRootObject: root, format: format)
            let decoded = try KeyedUnarchiver.unarchivedObject(ofType: Wide.self, from: data, allowedClasses: [Wide.self])
            #expect(decoded == root, "\(format)")
            let tree = try KeyedUnarchiver(archive: Plist(decoding: data)).decode(Wide.self, forKey: KeyedArchiver.rootKey)
            #expect(tree == root, "\(format), from the tree")
        }
    }

    /// An object that writes other keys on different calls.
    final class Varying: KeyedCodable {
        static let archivedClassName = "Varying"
        let keys: [String]
        init(_ keys: [String]) { self.keys = keys }
        init() { keys = [] }
        func encode(with archiver: KeyedArchiver) {
            for (position, key) in keys.enumerated() { archiver.encode(position, forKey: key) }
        }
        func decode(from unarchiver: KeyedUnarchiver) throws {}
    }

    /// Objects of one class share the last one's key layout only when they write the same
    /// keys: fewer keys, other orders and repeated keys each come out as written, a repeated
    /// key keeping its first place and its last value.
    @Test func objectsOfOneClassWithOtherKeys() throws {
        let written: [[String]] = [["a", "b", "c"], ["a", "b", "c"], ["a", "c"], ["b", "a"], ["a", "b", "a"], ["a", "b", "c", "d"], ["a", "b", "c"]]
        let archiver = KeyedArchiver()
        archiver.encode(written.map(Varying.init), forKey: "root")
        let objects = try #require(archiver.finishedArchive()["$objects"]?.array)
        let varying = objects.compactMap(\.dictionary).filter { $0.count > 1 && $0["NS.objects"] == nil && $0["$classes"] == nil }
        let firstPlaces = written.map { keys in
            var seen = Set<String>()
            return ["$class"] + keys.filter { seen.insert($0).inserted }
        }
        #expect(varying.map { $0.keys.map(\.string) } == firstPlaces)
        // Integers are written in place: the repeated key holds the last one written.
        #expect(varying[4]["a"] == .integer(2))
        #expect(varying[3]["a"] == .integer(1))
    }

    /// Dates, UUIDs and NSNull are written with one shared key array each and the class
    /// description Foundation names, and read back, by PlistKit and by Foundation.
    @Test func fixedFoundationObjects() throws {
        let dates = [Date(timeIntervalSinceReferenceDate: 0), Date(timeIntervalSinceReferenceDate: -1.25)]
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let nothing: [String?] = ["x", nil]
        let archiver = KeyedArchiver()
        archiver.encode(dates, forKey: "dates")
        archiver.encode(uuid, forKey: "uuid")
        archiver.encode(nothing, forKey: "nothing")
        let archive = archiver.finishedArchive()
        let objects = try #require(archive["$objects"]?.array)
        func classNames(of object: Plist) -> Plist? {
            guard case .uid(let uid) = object.dictionary?["$class"] else { return nil }
            return objects[Int(uid)]["$classes"]
        }
        let dateObjects = objects.filter { $0.dictionary?["NS.time"] != nil }
        #expect(dateObjects.map { $0.dictionary?.keys.map(\.string) } == [["$class", "NS.time"], ["$class", "NS.time"]])
        #expect(dateObjects.map { $0["NS.time"] } == [.real(0), .real(-1.25)])
        #expect(dateObjects.allSatisfy { classNames(of: $0) == ["NSDate", "NSObject"] })
        let uuidObject = try #require(objects.first { $0.dictionary?["NS.uuidbytes"] != nil })
        #expect(uuidObject.dictionary?.keys.map(\.string) == ["$class", "NS.uuidbytes"])
        #expect(classNames(of: uuidObject) == ["NSUUID", "NSObject"])
        let nullObject = try #require(objects.first { classNames(of: $0) == ["NSNull", "NSObject"] })
        #expect(nullObject.dictionary?.keys.map(\.string) == ["$class"])

        let binary = try archive.encoded(as: .binary)
        let unarchiver = try KeyedUnarchiver(forReadingFrom: binary)
        #expect(try unarchiver.decode([Date].self, forKey: "dates") == dates)
        #expect(try unarchiver.decode(UUID.self, forKey: "uuid") == uuid)
        #expect(try unarchiver.decode([String?].self, forKey: "nothing") == nothing)
        let foundation = try NSKeyedUnarchiver(forReadingFrom: binary)
        foundation.requiresSecureCoding = false
        #expect(foundation.decodeObject(forKey: "dates") as? [Date] == dates)
        #expect((foundation.decodeObject(forKey: "uuid") as? NSUUID).map { $0 as UUID } == uuid)
        let foundationNothing = foundation.decodeObject(forKey: "nothing") as? [Any]
        #expect(foundationNothing?.first as? String == "x")
        #expect(foundationNothing?.last is NSNull)
    }

    /// What `read` makes of `archive`, read in place (as binary) and from the tree: the one
    /// outcome when both agree, both otherwise. An error comes out as `describe` says.
    static func inPlaceAndFromTree(
        _ archive: Plist, describe: (any Error) -> String = { "\($0)" }, _ read: (KeyedUnarchiver) throws -> String
    ) throws -> String {
        func outcome(_ make: () throws -> KeyedUnarchiver) -> String {
            do { return try read(make()) } catch { return describe(error) }
        }
        let binary = try archive.encoded(as: .binary)
        let inPlace = outcome { try KeyedUnarchiver(forReadingFrom: binary) }
        let tree = outcome { try KeyedUnarchiver(archive: archive) }
        return inPlace == tree ? inPlace : "in place \(inPlace), tree \(tree)"
    }

    /// An NSUUID's bytes are read in place when they are 16 bytes of data in the object, and
    /// through the value otherwise (a reference to a data object); anything else is a type
    /// mismatch, in place and from the tree alike.
    @Test func uuidBytesInPlaceAndOtherwise() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        let bytes = withUnsafeBytes(of: uuid.uuid) { Data($0) }
        let uuidClass: Plist = ["$classname": "NSUUID", "$classes": ["NSUUID", "NSObject"]]
        func outcome(_ uuidBytes: Plist, extra: [Plist] = []) throws -> String {
            let archive = archive(["$null", ["$class": .uid(2), "NS.uuidbytes": uuidBytes], uuidClass] + extra)
            return try Self.inPlaceAndFromTree(archive, describe: { "\(($0 as? KeyedArchiveError)?.code ?? .typeMismatch)" }) {
                try $0.decode(UUID.self, forKey: "root").uuidString
            }
        }
        #expect(try outcome(.data(bytes)) == uuid.uuidString)
        #expect(try outcome(.uid(3), extra: [.data(bytes)]) == uuid.uuidString)
        #expect(try outcome(.data(bytes.prefix(15))) == "\(PlistError.Code.typeMismatch)")
        #expect(try outcome(.data(bytes + [0])) == "\(PlistError.Code.typeMismatch)")
        #expect(try outcome(.string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")) == "\(PlistError.Code.typeMismatch)")
    }

    /// `$class` where the in-place scan does not note its entry (a dictionary with a key
    /// that is not a short ASCII string), after other keys, and missing, decodes as from
    /// the tree.
    @Test func classFoundAnywhereInTheKeys() throws {
        func outcome(_ archive: Plist) throws -> String {
            try Self.inPlaceAndFromTree(archive) { try $0.decode(Node.self, forKey: "root").name }
        }
        let children: [Plist] = [["$class": .uid(5), "NS.objects": []], ["$classname": "NSArray", "$classes": ["NSArray", "NSObject"]]]
        let last: Plist = .dictionary(PlistDictionary(uniqueKeysWithValues: [("name", .uid(3)), ("children", .uid(4)), ("$class", .uid(2))]))
        let withWideKey: Plist = ["naïve": 1, "name": .uid(3), "children": .uid(4), "$class": .uid(2), "aKeyLongerThanFifteenBytes": 2]
        #expect(try outcome(archive(["$null", last, nodeClass, "last"] + children)) == "last")
        #expect(try outcome(archive(["$null", withWideKey, nodeClass, "wide"] + children)) == "wide")
        #expect(try outcome(archive(["$null", ["name": .uid(2)], "none"])) == #"$top key "root": object #1 has no $class"#)
    }
}
