import Foundation
import PlistKitMacros
import Testing

/// Archives of `@Archivable` types: the bytes of the hand-written conformance, graphs with
/// their identities, class chains, defaults for keys an older archive lacks.
@Suite("@Archivable archives")
struct ArchivableRoundTripTests {
    @Test(arguments: [PlistFormat.binary, .xml])
    func sameBytesAsTheHandWrittenConformance(format: PlistFormat) throws {
        let ada = Person(), bob = Person()
        ada.name = "Ada"
        bob.name = "Bob"
        ada.friends = [bob, ada]
        ada.best = ada
        bob.best = nil
        let handAda = HandPerson(), handBob = HandPerson()
        handAda.name = "Ada"
        handBob.name = "Bob"
        handAda.friends = [handBob, handAda]
        handAda.best = handAda
        let macro = try KeyedArchiver.archivedData(withRootObject: ada, format: format)
        let hand = try KeyedArchiver.archivedData(withRootObject: handAda, format: format)
        #expect(macro == hand)
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Person.self, from: hand, allowedClasses: [Person.self])
        #expect(back.name == "Ada")
        #expect(back.best === back)
        #expect(back.friends[1] === back)
        #expect(back.friends[0].name == "Bob" && back.friends[0].best == nil)
    }

    /// The root object's fields and its `$classes`, read back as a plain tree.
    func rootTree(_ data: Data) throws -> [String: Plist] {
        let tree = try KeyedUnarchiver.plist(fromArchive: data)
        return try #require(tree["root"]?.dictionary).reduce(into: [:]) { $0[$1.key.string] = $1.value }
    }

    func classes(_ data: Data) throws -> [[String]] {
        let archive = try Plist(decoding: data)
        let objects = try #require(archive["$objects"]?.array)
        return objects.compactMap { $0["$classes"]?.array?.compactMap(\.string) }
    }

    @Test func everyKindOfField() throws {
        let ada = Student()
        ada.name = "Ada"
        ada.age = 36
        ada.gpa = 3.9
        ada.ratio = 0.5
        ada.enrolled = true
        ada.photo = Data([1, 2, 3])
        ada.scores = [1, -2, 1 << 40]
        ada.grades = ["math": 4]
        ada.tags = ["engines"]
        ada.birthday = Date(timeIntervalSinceReferenceDate: 1_000)
        ada.homepage = URL(string: "https://example.com/ada")
        ada.big = .max
        ada.small = -8
        ada.motto = "analytical"
        ada.cache = [9]
        ada.title = nil
        let charles = Student()
        charles.name = "Charles"
        charles.mentor = ada
        ada.friends = [charles]
        let data = try KeyedArchiver.archivedData(withRootObject: ada)
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Student.self, from: data, allowedClasses: [Student.self])
        #expect(back.name == "Ada" && back.age == 36 && back.gpa == 3.9 && back.ratio == 0.5 && back.enrolled)
        #expect(back.photo == Data([1, 2, 3]) && back.scores == [1, -2, 1 << 40] && back.grades == ["math": 4])
        #expect(back.tags == ["engines"] && back.birthday == Date(timeIntervalSinceReferenceDate: 1_000))
        #expect(back.homepage == URL(string: "https://example.com/ada") && back.big == .max && back.small == -8)
        #expect(back.nickname == nil && back.title == nil)
        #expect(back.motto == "analytical")
        // Not archived: decoding leaves the initial value.
        #expect(back.cache == [1, 2, 3])
        // The weak back-pointer is the very object decoded as the root.
        #expect(back.friends.count == 1 && back.friends[0].mentor === back)
        let fields = try rootTree(data)
        #expect(fields["NS.motto"] == "analytical" && fields["motto"] == nil && fields["cache"] == nil)
        // nil is written as $null, as Foundation's NSKeyedArchiver writes a nil object.
        #expect(fields.keys.contains("title") && fields.keys.contains("nickname"))
    }

    @Test func subclassesArchiveEveryLevelAndTheChain() throws {
        let grad = GradStudent()
        grad.name = "Grace"
        grad.thesis = "compilers"
        let advisor = Student()
        advisor.name = "Howard"
        grad.advisor = advisor
        let phd = PhDStudent()
        phd.name = "Barbara"
        phd.year = 5
        phd.defended = true
        phd.friends = [grad]
        let data = try KeyedArchiver.archivedData(withRootObject: phd, format: .xml)
        #expect(try classes(data).contains(["PhDStudent", "GradStudentBase", "Student", "NSObject"]))
        #expect(try classes(data).contains(["GradStudent", "Student", "NSObject"]))
        #expect(try classes(data).contains(["Student", "NSObject"]))
        let fields = try rootTree(data)
        #expect(fields["name"] == "Barbara" && fields["year"] == 5 && fields["defended"] == true)

        // Decoded as the base class, each object comes back as its own class.
        let back = try KeyedUnarchiver.unarchivedObject(
            ofType: Student.self, from: data,
            allowedClasses: [Student.self, GradStudent.self, GradStudentBase.self, PhDStudent.self])
        let backPhD = try #require(back as? PhDStudent)
        #expect(backPhD.name == "Barbara" && backPhD.year == 5 && backPhD.defended)
        let backGrad = try #require(backPhD.friends.first as? GradStudent)
        #expect(backGrad.name == "Grace" && backGrad.thesis == "compilers" && backGrad.advisor?.name == "Howard")
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func graphsKeepTheirIdentities(format: PlistFormat) throws {
        let root = Node("root"), left = Node("left"), right = Node("right")
        root.children = [left, right, left]
        left.parent = root
        right.parent = root
        left.next = right
        right.next = right
        let data = try KeyedArchiver.archivedData(withRootObject: root, format: format)
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Node.self, from: data, allowedClasses: [Node.self])
        #expect(back.children.map(\.name) == ["left", "right", "left"])
        #expect(back.children[0] === back.children[2])
        #expect(back.children[0].parent === back && back.children[1].parent === back)
        #expect(back.children[0].next === back.children[1])
        #expect(back.children[1].next === back.children[1])
    }

    @Test func secureDecodingStillChecksClasses() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: [Node("n")])
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: [Node].self, from: data, allowedClasses: [Node.self]).count == 1)
        #expect {
            try KeyedUnarchiver.unarchivedObject(ofType: [Node].self, from: data, allowedClasses: [Person.self])
        } throws: { ($0 as? KeyedArchiveError)?.code == .classNotAllowed }
    }

    @Test func keysMissingFromAnOlderArchiveKeepTheirInitialValues() throws {
        let old = EvolvingV1()
        old.kept = "v1"
        let data = try KeyedArchiver.archivedData(withRootObject: old)
        let newer = try KeyedUnarchiver.unarchivedObject(ofType: EvolvingV2.self, from: data)
        #expect(newer.kept == "v1" && newer.added == 42 && newer.addedList == ["default"])
        #expect(newer.addedOptional == "fallback")

        // Written by the newer version, a nil stays nil.
        let current = EvolvingV2()
        current.addedOptional = nil
        current.added = 7
        let again = try KeyedUnarchiver.unarchivedObject(
            ofType: EvolvingV2.self, from: try KeyedArchiver.archivedData(withRootObject: current))
        #expect(again.addedOptional == nil && again.added == 7)
    }

    @Test func aKeyOfTheWrongTypeStillThrows() throws {
        let archiver = KeyedArchiver()
        archiver.encode("forty-two", forKey: "added")
        let unarchiver = try KeyedUnarchiver(forReadingFrom: try archiver.finishEncoding())
        #expect(try unarchiver.decode(forKey: "absent", default: 5) == 5)
        #expect {
            try unarchiver.decode(forKey: "added", default: 5)
        } throws: { ($0 as? KeyedArchiveError)?.code == .typeMismatch }
    }

    @Test func structsRoundTripAndKeepTheirMemberwiseInitializer() throws {
        let point = Point(id: 7, x: 1.5, y: -2, label: nil, note: "n")
        let data = try KeyedArchiver.archivedData(withRootObject: [point, Point(id: 8)])
        let back = try KeyedUnarchiver.unarchivedObject(ofType: [Point].self, from: data)
        #expect(back == [point, Point(id: 8)])

        // An archive without x, y and label: the initial values; without id: an error.
        let archiver = KeyedArchiver()
        archiver.encode(OnlyID(id: 3), forKey: "root")
        let partial = try archiver.finishEncoding()
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: Point.self, from: partial) == Point(id: 3))
        let noID = KeyedArchiver()
        noID.encode(EvolvingPointWithoutID(), forKey: "root")
        #expect {
            try KeyedUnarchiver.unarchivedObject(ofType: Point.self, from: try noID.finishEncoding())
        } throws: { ($0 as? KeyedArchiveError)?.code == .missingKey }
    }

    @Test func moduleQualifiedNameIsFoundationsName() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: Qualified())
        #expect(try classes(data) == [["KeyedArchiveMacrosTests.Qualified", "NSObject"]])
        #expect(Qualified.archivedClassName == NSStringFromClass(Qualified.self))
    }
}

/// A `Point` as an older version wrote it: only its id.
@Archivable(className: "Point")
struct OnlyID: KeyedValueCodable {
    var id = 0
}

/// A `Point` without the id it needs.
@Archivable(className: "Point")
struct EvolvingPointWithoutID: KeyedValueCodable {
    var x = 1.0
}
