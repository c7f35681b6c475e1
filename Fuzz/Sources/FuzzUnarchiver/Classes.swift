import Foundation
import KeyedArchive

/// A graph node as TestVectors/archives/cycle_*.bplist hold them: `next` and `children`
/// may point anywhere, the node itself included.
final class FuzzNode: KeyedCodable {
    static let archivedClassName = "Node"
    var name = ""
    var next: FuzzNode?
    var children: [FuzzNode] = []
    var owner: FuzzPerson?

    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(next, forKey: "next")
        archiver.encode(children, forKey: "children")
        archiver.encode(owner, forKey: "owner")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        next = try unarchiver.decodeIfPresent(FuzzNode.self, forKey: "next")
        children = try unarchiver.decode([FuzzNode].self, forKey: "children")
        owner = try unarchiver.decodeIfPresent(FuzzPerson.self, forKey: "owner")
    }
}

/// The person of TestVectors/archives/person.bplist, with every Foundation value type.
final class FuzzPerson: KeyedCodable {
    static let archivedClassName = "Person"
    var name = ""
    var age = 0
    var height = 0.0
    var member = false
    var photo = Data()
    var tags: [String] = []
    var friend: FuzzPerson?
    var born: Date?
    var id: UUID?
    var home: URL?
    var scores: [String: Int] = [:]
    var kinds: Set<String> = []

    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(age, forKey: "age")
        archiver.encode(height, forKey: "height")
        archiver.encode(member, forKey: "member")
        archiver.encode(photo, forKey: "photo")
        archiver.encode(tags, forKey: "tags")
        archiver.encode(friend, forKey: "friend")
        archiver.encode(born, forKey: "born")
        archiver.encode(id, forKey: "id")
        archiver.encode(home, forKey: "home")
        archiver.encode(scores, forKey: "scores")
        archiver.encode(kinds, forKey: "kinds")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        age = try unarchiver.decode(Int.self, forKey: "age")
        height = try unarchiver.decode(Double.self, forKey: "height")
        member = try unarchiver.decode(Bool.self, forKey: "member")
        photo = try unarchiver.decode(Data.self, forKey: "photo")
        tags = try unarchiver.decode([String].self, forKey: "tags")
        friend = try unarchiver.decodeIfPresent(FuzzPerson.self, forKey: "friend")
        born = try unarchiver.decodeIfPresent(Date.self, forKey: "born")
        id = try unarchiver.decodeIfPresent(UUID.self, forKey: "id")
        home = try unarchiver.decodeIfPresent(URL.self, forKey: "home")
        scores = try unarchiver.decodeIfPresent([String: Int].self, forKey: "scores") ?? [:]
        kinds = try unarchiver.decodeIfPresent(Set<String>.self, forKey: "kinds") ?? []
    }
}

extension FuzzNode {
    /// The node's fields, its neighbours by name: what two decodes of one archive must agree on.
    var fuzzDescription: String {
        "\(name) next: \(next?.name ?? "-") children: \(children.map(\.name)) owner: \(owner?.fuzzDescription ?? "-")"
    }
}

extension FuzzPerson {
    /// The person's fields, its friend by name: what two decodes of one archive must agree on.
    var fuzzDescription: String {
        let values: [String] = [
            name, "\(age)", "\(height.bitPattern)", "\(member)", "\(Array(photo))", "\(tags)", friend?.name ?? "-",
            born.map { "\($0.timeIntervalSinceReferenceDate.bitPattern)" } ?? "-", id?.uuidString ?? "-",
            home?.absoluteString ?? "-", "\(scores.sorted { $0.key < $1.key })", "\(kinds.sorted())",
        ]
        return values.joined(separator: " | ")
    }
}
