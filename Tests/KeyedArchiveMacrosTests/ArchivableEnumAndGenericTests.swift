import Foundation
import PlistKitMacros
import Testing

/// Enums in `@Archivable` types, as the hand-written conformance writes them, and generic
/// classes named by specialization.
@Suite("@Archivable enums and generic classes")
struct ArchivableEnumAndGenericTests {
    private func chores() -> (Chore, HandChore) {
        let macro = Chore(), hand = HandChore()
        macro.title = "ship"; hand.title = "ship"
        macro.role = .owner; hand.role = .owner
        macro.priority = .high; hand.priority = .high
        macro.weight = .heavy; hand.weight = .heavy
        let since = Date(timeIntervalSinceReferenceDate: 700_000_000)
        macro.status = .blocked(reason: "review", since: since); hand.status = .blocked(reason: "review", since: since)
        macro.backup = .member; hand.backup = .member
        macro.roles = [.owner, .member]; hand.roles = [.owner, .member]
        macro.byPriority = ["a": .low]; hand.byPriority = ["a": .low]
        return (macro, hand)
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func enumsAsNSCodingWritesThem(format: PlistFormat) throws {
        let (macro, hand) = chores()
        let data = try KeyedArchiver.archivedData(withRootObject: macro, format: format)
        #expect(data == (try KeyedArchiver.archivedData(withRootObject: hand, format: format)))
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Chore.self, from: data)
        #expect(back.role == .owner && back.priority == .high && back.weight == .heavy && back.backup == .member)
        #expect(back.status == macro.status && back.roles == [.owner, .member] && back.byPriority == ["a": .low])
    }

    @Test func rawValuesOfNSCodersInPlaceTypesAreInPlace() throws {
        let (macro, _) = chores()
        let tree = try KeyedUnarchiver.plist(fromArchive: KeyedArchiver.archivedData(withRootObject: macro))
        let root = try #require(tree["root"])
        #expect(root["priority"] == 3)
        #expect(root["weight"] == 2.0)
        #expect(root["role"] == "owner")
        #expect(root["status"] == "blocked" && root["blockedReason"] == "review")
    }

    @Test func unknownRawValueAndUnknownInlineCaseThrow() throws {
        let archiver = KeyedArchiver()
        archiver.encode("nobody", forKey: "role")
        archiver.encode("lost", forKey: "status")
        let unarchiver = try KeyedUnarchiver(forReadingFrom: try archiver.finishEncoding())
        #expect { try unarchiver.decode(Role.self, forKey: "role") } throws: { ($0 as? KeyedArchiveError)?.code == .typeMismatch }
        #expect { try unarchiver.decode(Status.self, forKey: "status") } throws: { ($0 as? KeyedArchiveError)?.code == .typeMismatch }
        #expect(try unarchiver.decode(Status.self, forKey: "absent", default: .todo) == .todo)
    }

    @Test func inlineAndRawValuesInAStruct() throws {
        let settings = ChoreSettings(defaultRole: .owner, status: .todo)
        let data = try KeyedArchiver.archivedData(withRootObject: [settings, ChoreSettings(defaultRole: .member)])
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: [ChoreSettings].self, from: data)
            == [settings, ChoreSettings(defaultRole: .member)])
        // An archive without the status: the initial value.
        let archiver = KeyedArchiver()
        archiver.encode(OnlyRole(defaultRole: .member), forKey: "root")
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: ChoreSettings.self, from: try archiver.finishEncoding())
            == ChoreSettings(defaultRole: .member, status: .inProgress(progress: 0.5)))
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func genericClassesAreNamedBySpecialization(format: PlistFormat) throws {
        #expect(Box<Int>.archivedClassName == "Box<Int>")
        #expect(Box<[String]>.archivedClassName == "Box<Array<String>>")
        let boxes = Boxes()
        boxes.numbers.items = [1, 2]
        boxes.numbers.first = 1
        boxes.names.items = ["a"]
        boxes.more = boxes.numbers
        let data = try KeyedArchiver.archivedData(withRootObject: boxes, format: format)
        let archive = try Plist(decoding: data)
        let names = try #require(archive["$objects"]?.array).compactMap { $0["$classname"]?.string }
        #expect(Set(names) == ["Boxes", "Box<Int>", "Box<String>", "NSArray"])
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Boxes.self, from: data)
        #expect(back.numbers.items == [1, 2] && back.numbers.first == 1 && back.names.items == ["a"] && back.names.first == nil)
        #expect(back.more === back.numbers)
        // A Box<String> is not read as a Box<Int>.
        let strings = try KeyedArchiver.archivedData(withRootObject: boxes.names, format: format)
        #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver.unarchivedObject(ofType: Box<Int>.self, from: strings) }
    }
}

/// A `Settings` as an older version wrote it: no status.
@Archivable(className: "Settings")
struct OnlyRole: KeyedValueCodable {
    var defaultRole: Role
}
