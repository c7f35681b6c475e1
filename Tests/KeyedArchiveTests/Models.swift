import Foundation
import KeyedArchive

/// A tree node: parent ↔ child cycles and self references.
final class Node: KeyedCodable {
    static let archivedClassName = "Node"
    var name = ""
    var parent: Node?
    var children: [Node] = []
    var next: Node?

    init() {}
    init(_ name: String) { self.name = name }

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(parent, forKey: "parent")
        archiver.encode(children, forKey: "children")
        archiver.encode(next, forKey: "next")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        parent = try unarchiver.decodeIfPresent(Node.self, forKey: "parent")
        children = try unarchiver.decode([Node].self, forKey: "children")
        next = try unarchiver.decodeIfPresent(Node.self, forKey: "next")
    }
}

/// Every kind of field a KeyedCodable can encode.
class Student: KeyedCodable {
    class var archivedClassName: String { "Student" }
    class var archivedClassHierarchy: [String] { ["Student", "NSObject"] }
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
    var id = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var homepage: URL?
    var big: UInt64 = 0
    var friends: [Student] = []
    var best: Student?

    required init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(age, forKey: "age")
        archiver.encode(gpa, forKey: "gpa")
        archiver.encode(ratio, forKey: "ratio")
        archiver.encode(enrolled, forKey: "enrolled")
        archiver.encode(photo, forKey: "photo")
        archiver.encode(nickname, forKey: "nickname")
        archiver.encode(scores, forKey: "scores")
        archiver.encode(grades, forKey: "grades")
        archiver.encode(tags, forKey: "tags")
        archiver.encode(birthday, forKey: "birthday")
        archiver.encode(id, forKey: "id")
        archiver.encode(homepage, forKey: "homepage")
        archiver.encode(big, forKey: "big")
        archiver.encode(friends, forKey: "friends")
        archiver.encode(best, forKey: "best")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        age = try unarchiver.decode(Int.self, forKey: "age")
        gpa = try unarchiver.decode(Double.self, forKey: "gpa")
        ratio = try unarchiver.decode(Float.self, forKey: "ratio")
        enrolled = try unarchiver.decode(Bool.self, forKey: "enrolled")
        photo = try unarchiver.decode(Data.self, forKey: "photo")
        nickname = try unarchiver.decodeIfPresent(String.self, forKey: "nickname")
        scores = try unarchiver.decode([Int].self, forKey: "scores")
        grades = try unarchiver.decode([String: Double].self, forKey: "grades")
        tags = try unarchiver.decode(Set<String>.self, forKey: "tags")
        birthday = try unarchiver.decode(Date.self, forKey: "birthday")
        id = try unarchiver.decode(UUID.self, forKey: "id")
        homepage = try unarchiver.decodeIfPresent(URL.self, forKey: "homepage")
        big = try unarchiver.decode(UInt64.self, forKey: "big")
        friends = try unarchiver.decode([Student].self, forKey: "friends")
        best = try unarchiver.decodeIfPresent(Student.self, forKey: "best")
    }
}

/// A subclass, archived with its superclass chain.
final class GradStudent: Student {
    override class var archivedClassName: String { "GradStudent" }
    override class var archivedClassHierarchy: [String] { ["GradStudent", "Student", "NSObject"] }
    var thesis = ""

    required init() {}

    override func encode(with archiver: KeyedArchiver) {
        super.encode(with: archiver)
        archiver.encode(thesis, forKey: "thesis")
    }

    override func decode(from unarchiver: KeyedUnarchiver) throws {
        try super.decode(from: unarchiver)
        thesis = try unarchiver.decode(String.self, forKey: "thesis")
    }
}

/// A class the secure-decoding tests do not allow.
final class Intruder: KeyedCodable {
    static let archivedClassName = "Intruder"
    nonisolated(unsafe) static var built = 0
    var payload = ""
    init() { Intruder.built += 1 }
    func encode(with archiver: KeyedArchiver) { archiver.encode(payload, forKey: "payload") }
    func decode(from unarchiver: KeyedUnarchiver) throws { payload = try unarchiver.decode(String.self, forKey: "payload") }
}

/// Holds an intruder.
final class Envelope: KeyedCodable {
    static let archivedClassName = "Envelope"
    var content: Intruder?
    var note = ""
    init() {}
    func encode(with archiver: KeyedArchiver) {
        archiver.encode(note, forKey: "note")
        archiver.encode(content, forKey: "content")
    }
    func decode(from unarchiver: KeyedUnarchiver) throws {
        note = try unarchiver.decode(String.self, forKey: "note")
        content = try unarchiver.decodeIfPresent(Intruder.self, forKey: "content")
    }
}

func makeStudent(_ name: String = "Ada") -> Student {
    let student = Student()
    student.name = name
    student.age = 21
    student.gpa = 3.75
    student.ratio = 0.5
    student.enrolled = true
    student.photo = Data([0, 1, 2, 255])
    student.nickname = nil
    student.scores = [90, -3, 1 << 40]
    student.grades = ["math": 4.0, "art": 3.5]
    student.tags = ["a", "b"]
    student.birthday = Date(timeIntervalSinceReferenceDate: 123_456.5)
    student.id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
    student.homepage = URL(string: "https://example.com/ada?x=1")
    student.big = UInt64.max
    return student
}
