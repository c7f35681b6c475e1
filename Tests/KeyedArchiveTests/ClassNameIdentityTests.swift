import Foundation
import KeyedArchive
import PlistKit
import Testing

/// The archiver's cache of recent class descriptions compares class names by their bits
/// (storage or inline bytes); it must keep the names it remembers, or a name made anew for
/// each call, once freed, could leave its storage to another class's name of the same length.
@Suite struct ClassNameIdentityTests {
    /// A copy of `name` in storage of its own (not a literal's, not inline).
    static func fresh(_ name: String) -> String {
        String(decoding: Array(name.utf8), as: UTF8.self)
    }

    /// A fieldless class whose hierarchy is made anew on every call.
    class Fresh: KeyedCodable {
        class var name: String { "Fresh" }
        class var archivedClassName: String { name }
        class var archivedClassHierarchy: [String] { [ClassNameIdentityTests.fresh(name)] }
        required init() {}
        func encode(with archiver: KeyedArchiver) {}
        func decode(from unarchiver: KeyedUnarchiver) throws {}
    }

    final class First: Fresh {
        override class var name: String { "LongClassNameNumberOne" }
    }

    /// Archived under the same name as ``First``: the archiver finds the name by its text.
    final class SameName: Fresh {
        override class var name: String { "LongClassNameNumberOne" }
    }

    final class Second: Fresh {
        override class var name: String { "LongClassNameNumberTwo" }
    }

    final class Holder: KeyedCodable {
        init() {}
        func encode(with archiver: KeyedArchiver) {
            archiver.encode(First(), forKey: "first")
            archiver.encode(SameName(), forKey: "sameName")
            archiver.encode(Second(), forKey: "second")
        }
        func decode(from unarchiver: KeyedUnarchiver) throws {}
    }

    @Test func classesKeepTheirOwnDescriptions() throws {
        for _ in 0..<20 {
            let data = try KeyedArchiver.archivedData(withRootObject: Holder())
            let archive = try Plist(decoding: data)
            let objects = try #require(archive["$objects"]?.array)
            func className(_ key: String) -> String? {
                guard case .uid(let uid)? = objects[1][PlistKey(key)], case .uid(let classUID)? = objects[Int(uid)]["$class"] else { return nil }
                return objects[Int(classUID)]["$classname"]?.string
            }
            #expect(className("first") == "LongClassNameNumberOne")
            #expect(className("sameName") == "LongClassNameNumberOne")
            #expect(className("second") == "LongClassNameNumberTwo")
        }
    }
}
