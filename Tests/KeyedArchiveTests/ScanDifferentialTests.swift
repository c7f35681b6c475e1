import Foundation
@testable import KeyedArchive
import PlistKit
import TestSupport
import Testing

/// The in-place read of a binary archive (`BinaryArchive.scan`, then class resolution in
/// `ArchiveTable(binary:)`) must reject at least everything the `Plist` path rejects: its reads
/// trust what the scan checked. The two do not share their checks, so this compares them on
/// archives changed at random (seeded, so a failure repeats): whenever the in-place read
/// accepts the bytes, `Plist(decoding:)` and the tree's table accept them too, and the root
/// object decodes the same from both (or fails with the same code).
@Suite("In-place scan against the Plist path")
struct ScanDifferentialTests {
    /// A graph with every kind of field (strings in ASCII and not, integers of every width,
    /// reals, dates, data, optionals, arrays, dictionaries, sets, shared objects and a cycle).
    private static func students() throws -> Data {
        let ada = makeStudent("Ada")
        let other = makeStudent("Bé Ünïcode, a name of more than fifteen bytes")
        ada.friends = [other, makeStudent("Cy")]
        ada.best = other
        other.best = ada
        return try KeyedArchiver.archivedData(withRootObject: ada, format: .binary)
    }

    /// Nodes that point at each other (parent ↔ child, `next`).
    private static func nodes() throws -> Data {
        let root = Node("root")
        root.children = [Node("a"), Node("bé"), Node("c")]
        for child in root.children { child.parent = root }
        root.next = root.children[1]
        root.children[2].next = root
        return try KeyedArchiver.archivedData(withRootObject: root, format: .binary)
    }

    private static func describe(_ student: Student) -> String {
        "\(student.name) \(student.age) \(student.gpa) \(student.ratio) \(student.enrolled) \(student.photo) \(student.nickname ?? "-") "
            + "\(student.scores) \(student.grades.sorted { $0.key < $1.key }) \(student.tags.sorted()) \(student.birthday.timeIntervalSinceReferenceDate) "
            + "\(student.id) \(student.homepage?.absoluteString ?? "-") \(student.big) \(student.friends.map(\.name)) \(student.best?.name ?? "-")"
    }

    private static func describe(_ node: Node) -> String {
        "\(node.name) \(node.children.map(\.name)) \(node.children.map { $0.parent?.name ?? "-" }) \(node.next?.name ?? "-")"
    }

    /// The root object decoded by `unarchiver`, described, or the error's code.
    private static func outcome(isStudent: Bool, _ unarchiver: () throws(KeyedArchiveError) -> KeyedUnarchiver) -> String {
        do throws(KeyedArchiveError) {
            let unarchiver = try unarchiver()
            return isStudent ? describe(try unarchiver.decode(Student.self, forKey: "root")) : describe(try unarchiver.decode(Node.self, forKey: "root"))
        } catch {
            return "\(error.code)"
        }
    }

    /// One to four changes: bits flipped, bytes set to small values (counts, references,
    /// UIDs), to random ones, or runs copied from elsewhere in the file.
    private static func mutate(_ bytes: inout Data, _ random: inout SplitMix64) {
        for _ in 0...Int.random(in: 0...3, using: &random) {
            let position = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0...3, using: &random) {
            case 0: bytes[position] ^= 1 << UInt8.random(in: 0...7, using: &random)
            case 1: bytes[position] = UInt8.random(in: 0...15, using: &random)
            case 2: bytes[position] = UInt8.random(in: 0...255, using: &random)
            default:
                let length = Int.random(in: 1...8, using: &random)
                let source = Int.random(in: 0...(bytes.count - length), using: &random)
                let target = min(position, bytes.count - length)
                bytes.replaceSubrange(target..<(target + length), with: bytes[source..<(source + length)])
            }
        }
    }

    @Test(arguments: [true, false])
    func inPlaceAcceptsOnlyWhatTheTreeAccepts(students: Bool) throws {
        let archive = students ? try Self.students() : try Self.nodes()
        var random = SplitMix64(seed: students ? 0x5CA9_0001 : 0x5CA9_0002)
        var inPlaceAccepted = 0
        var treeRejected = 0
        for round in 0..<2000 {
            var bytes = archive
            Self.mutate(&bytes, &random)
            let plist = try? Plist(decoding: bytes)
            let treeAccepts = plist.map { (try? ArchiveTable($0)) != nil } ?? false
            if ArchiveTable(binary: bytes) != nil {
                inPlaceAccepted += 1
                #expect(treeAccepts, "round \(round): read in place, but the Plist path rejects it")
            }
            if !treeAccepts { treeRejected += 1 }
            let inPlace = Self.outcome(isStudent: students) { () throws(KeyedArchiveError) in try KeyedUnarchiver(forReadingFrom: bytes) }
            let tree = plist.map { plist in Self.outcome(isStudent: students) { () throws(KeyedArchiveError) in try KeyedUnarchiver(archive: plist) } }
                ?? "\(KeyedArchiveError.Code.notAPropertyList)"
            #expect(inPlace == tree, "round \(round)")
        }
        // The changes reach both sides of the question.
        #expect(inPlaceAccepted > 20)
        #expect(treeRejected > 20)
    }
}
