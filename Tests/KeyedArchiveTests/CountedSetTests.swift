import Foundation
import KeyedArchive
import PlistKit
import Testing

/// NSCountedSet keeps its counts both ways with Foundation's NSKeyedArchiver.
@Suite("Counted sets")
struct CountedSetTests {
    static func foundationArchive() throws -> Data {
        let set = NSCountedSet(array: ["a", "b", "a", "c", "a", "b"])
        return try NSKeyedArchiver.archivedData(withRootObject: set, requiringSecureCoding: false)
    }

    @Test func foundationsCountedSetDecodesWithCounts() throws {
        let counted = try KeyedUnarchiver.unarchivedObject(ofType: KeyedCountedSet<String>.self, from: try Self.foundationArchive(), allowedClasses: [])
        #expect(counted.count(for: "a") == 3)
        #expect(counted.count(for: "b") == 2)
        #expect(counted.count(for: "c") == 1)
        #expect(counted.count(for: "d") == 0)
        #expect(Set(counted) == ["a", "b", "c"])
        // As a plain set: each element once (secure decoding allows NSCountedSet).
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: Set<String>.self, from: try Self.foundationArchive(), allowedClasses: []) == ["a", "b", "c"])
    }

    @Test func foundationReadsOurCountedSet() throws {
        var counted: KeyedCountedSet<String> = ["x", "y", "x"]
        counted.add("z")
        counted.add("x")
        let data = try KeyedArchiver.archivedData(withRootObject: counted)
        let read = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NSCountedSet)
        #expect(read.count(for: "x") == 3)
        #expect(read.count(for: "y") == 1)
        #expect(read.count(for: "z") == 1)
        #expect(read.count == 3)
        // And it reads back the same, in the same order, with the same bytes when written again.
        let back = try KeyedUnarchiver.unarchivedObject(ofType: KeyedCountedSet<String>.self, from: data, allowedClasses: [])
        #expect(back == counted)
        #expect(try KeyedArchiver.archivedData(withRootObject: back) == data)
    }

    @Test func genericUnarchiveShowsTheCounts() throws {
        let tree = try KeyedUnarchiver.plist(fromArchive: try Self.foundationArchive())
        let root = try #require(tree["root"]?.dictionary)
        #expect(root["$classname"] == "NSCountedSet")
        #expect(root["NS.count"] == 3)
        var counts: [String: Int] = [:]
        for index in 0..<3 {
            let element = try #require(root[PlistKey("NS.object\(index)")]?.string)
            counts[element] = root[PlistKey("NS.count\(index)")]?.int
        }
        #expect(counts == ["a": 3, "b": 2, "c": 1])
    }

    @Test func malformedCountsAreErrors() throws {
        var archive = try Plist(decoding: try Self.foundationArchive())
        guard case .dictionary(var top) = archive, case .array(var objects)? = top["$objects"] else {
            Issue.record("not an archive"); return
        }
        let index = try #require(objects.firstIndex { $0["NS.count"] != nil })
        guard case .dictionary(var fields) = objects[index] else { return }
        fields["NS.count1"] = .integer(-4)
        objects[index] = .dictionary(fields)
        top["$objects"] = .array(objects)
        archive = .dictionary(top)
        let error = #expect(throws: KeyedArchiveError.self) {
            try KeyedUnarchiver.unarchivedObject(ofType: KeyedCountedSet<String>.self, from: try archive.encoded(as: .binary), allowedClasses: [])
        }
        #expect(error?.code == .typeMismatch)
    }
}
