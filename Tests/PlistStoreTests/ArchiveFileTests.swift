import Foundation
import KeyedArchive
import PlistKit
import PlistStore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A Student class as an iOS app would write it, archived with `archiveRootObject:toFile:`.
final class ArchivedStudent: KeyedCodable {
    static let archivedClassName = "Student"
    var name = ""
    var age = 0
    var friends: [ArchivedStudent] = []
    var best: ArchivedStudent?

    init() {}
    init(_ name: String, age: Int) {
        self.name = name
        self.age = age
    }

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(age, forKey: "age")
        archiver.encode(friends, forKey: "friends")
        archiver.encode(best, forKey: "best")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        age = try unarchiver.decode(Int.self, forKey: "age")
        friends = try unarchiver.decode([ArchivedStudent].self, forKey: "friends")
        best = try unarchiver.decodeIfPresent(ArchivedStudent.self, forKey: "best")
    }
}

@Suite struct ArchiveFileTests {
    @Test func archiveRootObjectToFileAndBack() throws {
        try withTemporaryDirectory { directory in
            let ada = ArchivedStudent("Ada", age: 36)
            let alan = ArchivedStudent("Alan", age: 41)
            ada.friends = [alan]
            alan.best = ada  // a cycle
            let path = directory + "/students.archive"
            try ArchiveFile.archiveRootObject(ada, toFile: path)
            #expect(contents(of: path)?.starts(with: Array("bplist00".utf8)) == true)
            let loaded = try ArchiveFile.unarchiveObject(ofType: ArchivedStudent.self, fromFile: path)
            #expect(loaded.name == "Ada" && loaded.age == 36)
            #expect(loaded.friends.first?.name == "Alan")
            #expect(loaded.friends.first?.best === loaded)

            // Replacing keeps the file's permissions.
            chmod(path, 0o600)
            try ArchiveFile.archiveRootObject(alan, toFile: path, format: .xml)
            #expect(mode(of: path) == 0o600)
            #expect(try ArchiveFile.unarchiveObject(ofType: ArchivedStudent.self, fromFile: path).name == "Alan")
        }
    }

    @Test func archiveByNameInAContainer() throws {
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory)
            let path = try container.archiveRootObject(ArchivedStudent("Grace", age: 85), named: "student.archive")
            #expect(path == directory + "/Documents/student.archive")
            let loaded = try container.unarchiveObject(ofType: ArchivedStudent.self, named: "student.archive", allowedClasses: [ArchivedStudent.self])
            #expect(loaded.name == "Grace")
        }
    }

    @Test func errorsNameTheFileAndTheCause() throws {
        try withTemporaryDirectory { directory in
            #expect { try ArchiveFile.unarchiveObject(ofType: ArchivedStudent.self, fromFile: directory + "/none") } throws: { ($0 as? PlistStoreError)?.code == .notFound }
            let path = directory + "/plain.plist"
            try PropertyListFile.write(["not": "an archive"], to: path)
            #expect {
                try ArchiveFile.unarchiveObject(ofType: ArchivedStudent.self, fromFile: path)
            } throws: { error in
                guard let error = error as? PlistStoreError else { return false }
                return error.code == .coding && error.path == path && error.underlying is KeyedArchiveError
            }
        }
    }

    @Test func propertyListFilesRoundTripInEveryWritableFormat() throws {
        try withTemporaryDirectory { directory in
            let value: Plist = ["name": "Ada", "scores": [1, 2, 3], "when": .date(Date(timeIntervalSinceReferenceDate: 0))]
            let path = directory + "/student.plist"
            try PropertyListFile.write(value, to: path)
            #expect(try PropertyListFile.read(from: path) == value)
            #expect { try PropertyListFile.write(value, to: path, format: .json) } throws: { ($0 as? PlistStoreError)?.code == .coding }
            #expect(try PropertyListFile.read(from: path) == value, "a failed write leaves the old file")
        }
    }
}

/// A Codable model, saved as an app would save its students.plist.
struct Course: Codable, Equatable {
    var title: String
    var credits: Int
    var students: [String]
    var starts: Date
}

@Suite struct CodableFileTests {
    let course = Course(title: "Storage", credits: 3, students: ["Ada", "Alan"], starts: Date(timeIntervalSinceReferenceDate: 86_400))

    @Test func saveAndLoadACodableRoot() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/course.plist"
            try ArchiveFile.save(course, toFile: path)
            #expect(contents(of: path)?.starts(with: Array("bplist00".utf8)) == true)
            #expect(try ArchiveFile.load(Course.self, fromFile: path) == course)
            try ArchiveFile.save(course, toFile: path, format: .xml)
            #expect(contents(of: path)?.starts(with: Array("<?xml".utf8)) == true)
            #expect(try ArchiveFile.load(Course.self, fromFile: path) == course)
            // A lone scalar is not a property-list file; the old file stays.
            #expect { try ArchiveFile.save(42, toFile: path) } throws: { ($0 as? PlistStoreError)?.code == .coding }
            #expect(try ArchiveFile.load(Course.self, fromFile: path) == course)
            #expect { try ArchiveFile.load([String].self, fromFile: path) } throws: { ($0 as? PlistStoreError)?.code == .coding }
        }
    }

    @Test func saveAndLoadByNameInAContainer() throws {
        try withTemporaryDirectory { directory in
            let container = try AppContainer.sandbox(identifier: "app", root: directory)
            let path = try container.save(course, named: "course.plist", in: .applicationSupport)
            #expect(path == directory + "/Library/Application Support/course.plist")
            #expect(try container.load(Course.self, named: "course.plist", in: .applicationSupport) == course)
        }
    }

    @Test func codablePreferences() throws {
        try withTemporaryDirectory { directory in
            let preferences = try Preferences(domain: "d", directory: directory)
            try preferences.set(encoded: course, forKey: "course")
            try preferences.set(encoded: [1.5, 2.5], forKey: "weights")
            try preferences.synchronize()
            let reopened = try Preferences(domain: "d", directory: directory)
            #expect(try reopened.decoded(Course.self, forKey: "course") == course)
            #expect(try reopened.decoded([Double].self, forKey: "weights") == [1.5, 2.5])
            #expect(try reopened.decoded(Course.self, forKey: "missing") == nil)
            #expect(reopened.dictionary(forKey: "course")?["title"] == "Storage", "stored as a plain dictionary")
            #expect { try reopened.decoded(Course.self, forKey: "weights") } throws: { ($0 as? PlistStoreError)?.code == .coding }
        }
    }
}
