import Foundation
import KeyedArchive

// The `archive` workload's classes (Benchmarks' `ArchivedStudent` and its teacher) written by
// hand and as `@Archivable`, and the students made by a fixed generator (not read from the
// workload files, so that this needs nothing but itself).

final class HandTeacher: KeyedCodable {
    static let archivedClassName = "Teacher"
    var name = ""
    init() {}
    func encode(with archiver: KeyedArchiver) { archiver.encode(name, forKey: "name") }
    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
    }
}

/// Benchmarks' `ArchivedStudent`, as written there.
final class HandStudent: KeyedCodable {
    static let archivedClassName = "Student"
    var name = "", number = "", memo = ""
    var age = 0
    var score = 0.0
    var enrolled = Date(timeIntervalSinceReferenceDate: 0)
    var active = false
    var teacher: HandTeacher?

    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(number, forKey: "number")
        archiver.encode(age, forKey: "age")
        archiver.encode(score, forKey: "score")
        archiver.encode(memo, forKey: "memo")
        archiver.encode(teacher, forKey: "teacher")
        archiver.encode(enrolled, forKey: "enrolled")
        archiver.encode(active, forKey: "active")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        number = try unarchiver.decode(String.self, forKey: "number")
        age = try unarchiver.decode(Int.self, forKey: "age")
        score = try unarchiver.decode(Double.self, forKey: "score")
        memo = try unarchiver.decode(String.self, forKey: "memo")
        teacher = try unarchiver.decodeIfPresent(HandTeacher.self, forKey: "teacher")
        enrolled = try unarchiver.decode(Date.self, forKey: "enrolled")
        active = try unarchiver.decode(Bool.self, forKey: "active")
    }
}

@Archivable(className: "Teacher")
final class MacroTeacher {
    var name = ""
}

/// The same student, annotated (the key order is the declaration order).
@Archivable(className: "Student")
final class MacroStudent {
    var name = "", number = ""
    var age = 0
    var score = 0.0
    var memo = ""
    var teacher: MacroTeacher?
    var enrolled = Date(timeIntervalSinceReferenceDate: 0)
    var active = false
}

/// SplitMix64: the same students in every run.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func word() -> String {
        String((0..<(3 + Int(next() % 8))).map { _ in Character(UnicodeScalar(UInt8(97 + next() % 26))) })
    }
}

struct Fields {
    var name = "", number = "", memo = "", teacher = 0
    var age = 0, score = 0.0, enrolled = 0.0, active = false
}

func fields(_ count: Int) -> [Fields] {
    var generator = Generator(state: 42)
    return (0..<count).map { index in
        Fields(name: generator.word() + " " + generator.word(), number: "S\(100_000 + index)",
               memo: (0..<Int(generator.next() % 6)).map { _ in generator.word() }.joined(separator: " "),
               teacher: Int(generator.next() % 20), age: 18 + Int(generator.next() % 10),
               score: Double(generator.next() % 10_000) / 100, enrolled: Double(generator.next() % 400_000_000),
               active: generator.next() % 2 == 0)
    }
}

func handStudents(_ fields: [Fields]) -> [HandStudent] {
    let teachers = (0..<20).map { index in let teacher = HandTeacher(); teacher.name = "Teacher \(index)"; return teacher }
    return fields.map { fields in
        let student = HandStudent()
        student.name = fields.name; student.number = fields.number; student.memo = fields.memo
        student.age = fields.age; student.score = fields.score
        student.enrolled = Date(timeIntervalSinceReferenceDate: fields.enrolled); student.active = fields.active
        student.teacher = teachers[fields.teacher]
        return student
    }
}

func macroStudents(_ fields: [Fields]) -> [MacroStudent] {
    let teachers = (0..<20).map { index in let teacher = MacroTeacher(); teacher.name = "Teacher \(index)"; return teacher }
    return fields.map { fields in
        let student = MacroStudent()
        student.name = fields.name; student.number = fields.number; student.memo = fields.memo
        student.age = fields.age; student.score = fields.score
        student.enrolled = Date(timeIntervalSinceReferenceDate: fields.enrolled); student.active = fields.active
        student.teacher = teachers[fields.teacher]
        return student
    }
}
