import Foundation
import PlistKitMacros

/// README's person, annotated.
@Archivable
final class Person {
    var name = ""
    var friends: [Person] = []
    var best: Person?
}

/// The same person written by hand, as README showed it before the macro.
final class HandPerson: KeyedCodable {
    static let archivedClassName = "Person"
    var name = ""
    var friends: [HandPerson] = []
    var best: HandPerson?
    init() {}
    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(friends, forKey: "friends")
        archiver.encode(best, forKey: "best")
    }
    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        friends = try unarchiver.decode([HandPerson].self, forKey: "friends")
        best = try unarchiver.decodeIfPresent(HandPerson.self, forKey: "best")
    }
}

/// Every kind of field, inferred and written types, a renamed and an ignored one.
@Archivable(className: "Student")
class Student {
    var name = ""
    var age = 0
    var gpa = 0.0
    var ratio: Float = 0
    var enrolled = false
    var photo = Data()
    var nickname: String?
    var scores: [Int] = []
    var grades: [String: Double] = [:]
    var tags: Set<String> = []
    var birthday = Date(timeIntervalSinceReferenceDate: 0)
    var homepage: URL?
    var big: UInt64 = 0
    var small: Int8 = 0
    var friends: [Student] = []
    weak var mentor: Student?
    @ArchiveKey("NS.motto") var motto = "carpe diem"
    @ArchiveIgnored var cache = [1, 2, 3]
    var title: String? = "Dr."
}

/// A subclass: its fields after its superclass's, `$classes` through both.
@Archivable(className: "GradStudent")
final class GradStudent: Student {
    var thesis = ""
    var advisor: Student?
}

/// Three levels.
@Archivable
final class PhDStudent: GradStudentBase {
    var defended = false
}

@Archivable
class GradStudentBase: Student {
    var year = 1
}

/// A tree: parent ↔ child cycles, a weak back-pointer, self references.
@Archivable
final class Node {
    var name = ""
    weak var parent: Node?
    var children: [Node] = []
    var next: Node?

    init(_ name: String) { self.name = name }
    init() {}
}

/// A value type: memberwise init kept, defaults for keys missing, a `let` without a value.
@Archivable
struct Point: Equatable, KeyedValueCodable {
    let id: Int
    var x = 0.0, y = 0.0
    var label: String? = "origin"
    var note: String?
}

/// Foundation's name for a class of module KeyedArchiveMacrosTests.
@Archivable(className: .moduleQualified)
final class Qualified {
    var value = 0
}

/// The fields an older version of a class had: no `added`, no `addedOptional`.
@Archivable(className: "Evolving")
final class EvolvingV1 {
    var kept = ""
}

/// The newer version: the fields it added keep their initial values on old archives.
@Archivable(className: "Evolving")
final class EvolvingV2 {
    var kept = ""
    var added = 42
    var addedList: [String] = ["default"]
    var addedOptional: String? = "fallback"
}
