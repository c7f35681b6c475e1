import Foundation
import KeyedArchive
import PlistKit
import Testing

/// Archives written by Foundation's NSKeyedArchiver (TestVectors/archives) read by
/// KeyedUnarchiver, and archives KeyedArchiver writes read by Foundation's NSKeyedUnarchiver.
@Suite("Keyed archive interop with Foundation")
struct FoundationInteropTests {
    /// NSKeyedArchiver stores equal numbers once and `true == 1.0`, so a real 1.0 archived
    /// after a `true` comes back as the Boolean: reals read it as 1, the value of the NSNumber
    /// Foundation decodes (its `decodeDouble(forKey:)` gives 0 here).
    @Test func realStoredAsTheEqualBoolean() throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(NSNumber(value: true), forKey: "flag")
        archiver.encode(NSNumber(value: 1.0), forKey: "estimate")
        archiver.encode(NSNumber(value: 0.0), forKey: "none")
        archiver.finishEncoding()
        let data = archiver.encodedData
        let foundation = try NSKeyedUnarchiver(forReadingFrom: data)
        foundation.requiresSecureCoding = false
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        let theirs = try #require(foundation.decodeObject(forKey: "estimate") as? NSNumber)
        #expect(try unarchiver.decode(Double.self, forKey: "estimate") == theirs.doubleValue)
        #expect(try unarchiver.decode(Float.self, forKey: "estimate") == 1)
        let none = try #require(foundation.decodeObject(forKey: "none") as? NSNumber)
        #expect(try unarchiver.decode(Double.self, forKey: "none") == none.doubleValue)
        #expect(try unarchiver.decode(Bool.self, forKey: "flag"))
    }

    @Test func manifestIsComplete() throws {
        let vectors = ArchiveVector.all
        #expect(vectors.count >= 8)
        for vector in vectors {
            #expect(FileManager.default.fileExists(atPath: vectorsDirectory.appendingPathComponent(vector.file).path), "\(vector.file)")
        }
    }

    /// Every acyclic vector decodes (dynamically, by class) to what NSKeyedUnarchiver read.
    @Test(arguments: ArchiveVector.all.filter { $0.expectedBy == "NSKeyedUnarchiver" })
    func foundationArchiveDecodesToFoundationsReading(vector: ArchiveVector) throws {
        let unarchiver = try KeyedUnarchiver(forReadingFrom: try vector.data)
        unarchiver.setClass(VectorPerson.self, forClassName: "ArchiveVectors.Person")
        let value = try unarchiver.decodeObject(forKey: "root")
        #expect(canonicalJSON(try canonical(value)) == vector.expectedJSON)
    }

    @Test func foundationValuesDecodeTyped() throws {
        let vector = try #require(ArchiveVector.named("foundation_values.bplist"))
        let unarchiver = try KeyedUnarchiver(forReadingFrom: try vector.data)
        let any = try #require(try unarchiver.decodeObject(forKey: "root") as? [AnyHashable: Any])
        #expect(any["uuid"] as? UUID == UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        #expect(any["relativeURL"] as? URL == URL(string: "file:///base/dir/c/d.txt"))
        #expect(any["unsigned"] as? UInt64 == UInt64.max)
        #expect(any["set"] as? Set<AnyHashable> == ["x", "y"])
        #expect(any["keys that are not there"] == nil)
        #expect(any.keys.contains("null") && flattened(any["null"]!) == nil)
    }

    @Test func classNameMappingReadsAnAppsClass() throws {
        let vector = try #require(ArchiveVector.named("person.bplist"))
        let bob = try KeyedUnarchiver.unarchivedObject(
            ofType: VectorPerson.self, from: try vector.data,
            allowedClasses: [VectorPerson.self], classNames: ["ArchiveVectors.Person": VectorPerson.self])
        #expect(bob.name == "Bob")
        #expect(bob.age == 41)
        #expect(bob.height == 1.8)
        #expect(!bob.member)
        #expect(bob.friend?.name == "Ada")
        #expect(bob.friend?.tags == ["math", "engines"])
        #expect(bob.friend?.photo == Data([1, 2, 3]))
    }

    @Test func sharedObjectFromFoundationIsOneInstance() throws {
        let vector = try #require(ArchiveVector.named("shared_person.bplist"))
        let people = try KeyedUnarchiver.unarchivedObject(
            ofType: [VectorPerson].self, from: try vector.data,
            classNames: ["ArchiveVectors.Person": VectorPerson.self])
        #expect(people.count == 3)
        #expect(people[0] === people[1])
        #expect(people[2].friend === people[0])
    }

    /// Cycles written by Foundation's archiver, which Foundation's own unarchiver cannot read
    /// on Linux (stack overflow), decode here.
    @Test func foundationParentChildCycle() throws {
        let vector = try #require(ArchiveVector.named("cycle_parent_child.bplist"))
        let parent = try KeyedUnarchiver.unarchivedObject(
            ofType: VectorNode.self, from: try vector.data, classNames: ["ArchiveVectors.Node": VectorNode.self])
        #expect(parent.name == "parent")
        #expect(parent.children.map(\.name) == ["child"])
        #expect(parent.children.first?.next === parent)
    }

    @Test func foundationSelfCycle() throws {
        let vector = try #require(ArchiveVector.named("cycle_self.bplist"))
        let loop = try KeyedUnarchiver.unarchivedObject(
            ofType: VectorNode.self, from: try vector.data, classNames: ["ArchiveVectors.Node": VectorNode.self])
        #expect(loop.name == "loop")
        #expect(loop.next === loop)
        #expect(loop.children.count == 1 && loop.children[0] === loop)
    }

    // MARK: Ours → Foundation

    /// Archives `value` under `root` with KeyedArchiver and reads it with NSKeyedUnarchiver.
    func foundationReading(_ value: some KeyedArchivable, format: PlistFormat = .binary, classes: [String: AnyClass] = [:]) throws -> Any? {
        let data = try KeyedArchiver.archivedData(withRootObject: value, format: format)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        for entry in classes { unarchiver.setClass(entry.value, forClassName: entry.key) }
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func foundationReadsOurScalarsAndCollections(format: PlistFormat) throws {
        #expect(try foundationReading("héllo ☃", format: format) as? String == "héllo ☃")
        #expect(try foundationReading(42, format: format) as? Int == 42)
        #expect(try foundationReading(UInt64.max, format: format) as? UInt64 == UInt64.max)
        #expect(try foundationReading(2.5, format: format) as? Double == 2.5)
        #expect(try foundationReading(true, format: format) as? Bool == true)
        #expect(try foundationReading(Data([1, 2, 3]), format: format) as? Data == Data([1, 2, 3]))
        #expect(try foundationReading(["a", "b"], format: format) as? [String] == ["a", "b"])
        #expect(try foundationReading(["k": [1, 2]] as [String: [Int]], format: format) as? [String: [Int]] == ["k": [1, 2]])
        #expect(try foundationReading(Set(["x", "y"]), format: format) as? Set<String> == ["x", "y"])
    }

    @Test func foundationReadsOurFoundationClasses() throws {
        let date = Date(timeIntervalSinceReferenceDate: 600_000_000.25)
        #expect(try foundationReading(date) as? Date == date)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(try foundationReading(uuid) as? UUID == uuid)
        let url = URL(string: "https://example.com/a?b=c")!
        #expect(try foundationReading(url) as? URL == url)
        let relative = URL(string: "c/d.txt", relativeTo: URL(string: "file:///base/dir/")!)!
        #expect((try foundationReading(relative) as? URL)?.absoluteString == "file:///base/dir/c/d.txt")
        let ordered = try foundationReading(KeyedOrderedSet(["b", "a", "c"])) as? NSOrderedSet
        #expect(ordered?.array as? [String] == ["b", "a", "c"])
        let withNull = try foundationReading(["x", nil] as [String?]) as? [Any]
        #expect(withNull?.count == 2)
        #expect(withNull?.last is NSNull)
    }

    @Test func foundationReadsOurObjectsWithSharing() throws {
        let ada = VectorPerson()
        ada.name = "Ada"
        ada.age = 36
        ada.height = 1.65
        ada.member = true
        ada.photo = Data([1, 2, 3])
        ada.tags = ["math"]
        let bob = VectorPerson()
        bob.name = "Bob"
        bob.friend = ada
        let people = try foundationReading([ada, bob, ada], classes: ["Person": FoundationPerson.self]) as? [FoundationPerson]
        let read = try #require(people)
        #expect(read.map(\.name) == ["Ada", "Bob", "Ada"])
        #expect(read[0] === read[2])
        #expect(read[1].friend === read[0])
        #expect(read[0].age == 36 && read[0].height == 1.65 && read[0].member)
        #expect(read[0].photo == Data([1, 2, 3]) && read[0].tags == ["math"])
    }

    /// What Foundation writes, we read; what we write back, Foundation reads the same.
    @Test func foundationArchiveRoundTripsThroughUs() throws {
        let vector = try #require(ArchiveVector.named("person.bplist"))
        let bob = try KeyedUnarchiver.unarchivedObject(
            ofType: VectorPerson.self, from: try vector.data, classNames: ["ArchiveVectors.Person": VectorPerson.self])
        let again = try foundationReading(bob, classes: ["Person": FoundationPerson.self]) as? FoundationPerson
        #expect(again?.name == "Bob")
        #expect(again?.friend?.name == "Ada")
    }
}

/// The NSCoding twin of ``VectorPerson`` that Foundation builds from our archives.
final class FoundationPerson: NSObject, NSCoding {
    var name: String
    var age: Int
    var height: Double
    var member: Bool
    var photo: Data
    var tags: [String]
    var friend: FoundationPerson?

    required init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? "?"
        age = coder.decodeInteger(forKey: "age")
        height = coder.decodeDouble(forKey: "height")
        member = coder.decodeBool(forKey: "member")
        photo = coder.decodeObject(forKey: "photo") as? Data ?? Data()
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
        friend = coder.decodeObject(forKey: "friend") as? FoundationPerson
    }

    func encode(with coder: NSCoder) {}
}
