import Foundation
import KeyedArchive
import PlistKit

// The `archive` workload: the `records` students as objects, their teachers shared objects
// (20 of them), written by Foundation's NSKeyedArchiver as the real-world baseline would.
// Two twins of the same classes: `FoundationStudent` (NSCoding) and `ArchivedStudent`
// (PlistKit's KeyedCodable); the unarchivers map the class names in the file to them.

/// A teacher, shared by many students (NSCoding).
public final class FoundationTeacher: NSObject, NSCoding {
    public var name: String
    public init(name: String) { self.name = name }
    public func encode(with coder: NSCoder) { coder.encode(name, forKey: "name") }
    public init?(coder: NSCoder) { name = coder.decodeObject(forKey: "name") as? String ?? "" }
}

/// One `records` entry as an NSCoding object.
public final class FoundationStudent: NSObject, NSCoding {
    public var name = "", number = "", memo = ""
    public var age = 0
    public var score = 0.0
    public var enrolled = Date(timeIntervalSinceReferenceDate: 0)
    public var active = false
    public var teacher: FoundationTeacher?

    public override init() {}

    public func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(number, forKey: "number")
        coder.encode(age, forKey: "age")
        coder.encode(score, forKey: "score")
        coder.encode(memo, forKey: "memo")
        coder.encode(teacher, forKey: "teacher")
        coder.encode(enrolled, forKey: "enrolled")
        coder.encode(active, forKey: "active")
    }

    public init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        number = coder.decodeObject(forKey: "number") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        score = coder.decodeDouble(forKey: "score")
        memo = coder.decodeObject(forKey: "memo") as? String ?? ""
        teacher = coder.decodeObject(forKey: "teacher") as? FoundationTeacher
        enrolled = coder.decodeObject(forKey: "enrolled") as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
        active = coder.decodeBool(forKey: "active")
    }
}

/// A teacher, shared by many students (PlistKit's KeyedCodable).
public final class ArchivedTeacher: KeyedCodable {
    public static let archivedClassName = "Teacher"
    public var name = ""
    public init() {}
    public func encode(with archiver: KeyedArchiver) { archiver.encode(name, forKey: "name") }
    public func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
    }
}

/// One `records` entry as a KeyedCodable object.
public final class ArchivedStudent: KeyedCodable {
    public static let archivedClassName = "Student"
    public var name = "", number = "", memo = ""
    public var age = 0
    public var score = 0.0
    public var enrolled = Date(timeIntervalSinceReferenceDate: 0)
    public var active = false
    public var teacher: ArchivedTeacher?

    public init() {}

    public func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(number, forKey: "number")
        archiver.encode(age, forKey: "age")
        archiver.encode(score, forKey: "score")
        archiver.encode(memo, forKey: "memo")
        archiver.encode(teacher, forKey: "teacher")
        archiver.encode(enrolled, forKey: "enrolled")
        archiver.encode(active, forKey: "active")
    }

    public func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        number = try unarchiver.decode(String.self, forKey: "number")
        age = try unarchiver.decode(Int.self, forKey: "age")
        score = try unarchiver.decode(Double.self, forKey: "score")
        memo = try unarchiver.decode(String.self, forKey: "memo")
        teacher = try unarchiver.decodeIfPresent(ArchivedTeacher.self, forKey: "teacher")
        enrolled = try unarchiver.decode(Date.self, forKey: "enrolled")
        active = try unarchiver.decode(Bool.self, forKey: "active")
    }
}

public enum ArchiveWorkload {
    /// The class names in the NSKeyedArchiver file, mapped to PlistKit's classes.
    public static let classNames: [String: any KeyedCodable.Type] = [
        "Student": ArchivedStudent.self, "Teacher": ArchivedTeacher.self,
        NSStringFromClass(FoundationStudent.self): ArchivedStudent.self,
        NSStringFromClass(FoundationTeacher.self): ArchivedTeacher.self,
    ]

    /// Fields of one record dictionary, in `records` order.
    struct Fields {
        var name = "", number = "", memo = "", teacher = ""
        var age = 0
        var score = 0.0
        var enrolled = Date(timeIntervalSinceReferenceDate: 0)
        var active = false

        init(_ value: Plist) {
            guard case .dictionary(let dict) = value else { return }
            if case .string(let s)? = dict["name"] { name = s }
            if case .string(let s)? = dict["number"] { number = s }
            if case .string(let s)? = dict["memo"] { memo = s }
            if case .string(let s)? = dict["teacher"] { teacher = s }
            if case .integer(let i)? = dict["age"] { age = i.intValue ?? 0 }
            if case .real(let d)? = dict["score"] { score = d }
            if case .date(let d)? = dict["enrolled"] { enrolled = d }
            if case .bool(let b)? = dict["active"] { active = b }
        }
    }

    static func fields(_ records: Plist) -> [Fields] {
        guard case .array(let array) = records else { return [] }
        return array.map(Fields.init)
    }

    /// The records as NSCoding objects, one teacher object per distinct name.
    public static func foundationStudents(_ records: Plist) -> [FoundationStudent] {
        var teachers: [String: FoundationTeacher] = [:]
        return fields(records).map { fields in
            let student = FoundationStudent()
            student.name = fields.name; student.number = fields.number; student.memo = fields.memo
            student.age = fields.age; student.score = fields.score
            student.enrolled = fields.enrolled; student.active = fields.active
            if let teacher = teachers[fields.teacher] {
                student.teacher = teacher
            } else {
                let teacher = FoundationTeacher(name: fields.teacher)
                teachers[fields.teacher] = teacher
                student.teacher = teacher
            }
            return student
        }
    }

    /// The records as KeyedCodable objects, one teacher object per distinct name.
    public static func archivedStudents(_ records: Plist) -> [ArchivedStudent] {
        var teachers: [String: ArchivedTeacher] = [:]
        return fields(records).map { fields in
            let student = ArchivedStudent()
            student.name = fields.name; student.number = fields.number; student.memo = fields.memo
            student.age = fields.age; student.score = fields.score
            student.enrolled = fields.enrolled; student.active = fields.active
            if let teacher = teachers[fields.teacher] {
                student.teacher = teacher
            } else {
                let teacher = ArchivedTeacher()
                teacher.name = fields.teacher
                teachers[fields.teacher] = teacher
                student.teacher = teacher
            }
            return student
        }
    }

    /// Archives with Foundation's NSKeyedArchiver (binary), under the names "Student"/"Teacher".
    public static func foundationArchive(_ students: [FoundationStudent]) -> Data {
        // swift-corelibs-foundation writes the module-qualified Swift names
        // ("BenchmarkWorkloads.FoundationStudent") whatever setClassName says.
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(students as NSArray, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    /// Unarchives with Foundation's NSKeyedUnarchiver.
    public static func foundationUnarchive(_ data: Data) throws -> [FoundationStudent] {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        let root = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
        unarchiver.finishDecoding()
        guard let students = root as? [FoundationStudent] else {
            throw CocoaError(.coderReadCorrupt)
        }
        return students
    }

    /// Unarchives with PlistKit's KeyedUnarchiver.
    public static func plistKitUnarchive(_ data: Data) throws -> [ArchivedStudent] {
        try KeyedUnarchiver.unarchivedObject(ofType: [ArchivedStudent].self, from: data, classNames: classNames)
    }

    /// Archives with PlistKit's KeyedArchiver (binary).
    public static func plistKitArchive(_ students: [ArchivedStudent]) throws -> Data {
        try KeyedArchiver.archivedData(withRootObject: students, format: .binary)
    }
}
