import Foundation
import KeyedArchive
import PlistKit

/// `TestVectors/`, found from this file's path.
let vectorsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("TestVectors")

/// One entry of `TestVectors/archives/MANIFEST.json`.
struct ArchiveVector: Sendable, CustomStringConvertible {
    let file: String
    let expectedBy: String
    /// The expected canonical value as compact, key-sorted JSON.
    let expectedJSON: String
    var description: String { file }

    var data: Data {
        get throws { try Data(contentsOf: vectorsDirectory.appendingPathComponent(file)) }
    }

    static let all: [ArchiveVector] = {
        let url = vectorsDirectory.appendingPathComponent("archives/MANIFEST.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["vectors"] as? [[String: Any]]
        else { return [] }
        return entries.compactMap { entry in
            guard let file = entry["file"] as? String, let by = entry["expected_by"] as? String,
                  let expected = entry["expected"]
            else { return nil }
            return ArchiveVector(file: file, expectedBy: by, expectedJSON: canonicalJSON(expected))
        }
    }()

    static func named(_ name: String) -> ArchiveVector? {
        all.first { $0.file == "archives/" + name }
    }
}

func canonicalJSON(_ value: Any) -> String {
    String(decoding: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

func bitsHex(_ bits: UInt64) -> String {
    let text = String(bits, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
}

/// Unwraps an `Any` that holds an optional (at any depth) into a plain `Any?`.
func flattened(_ value: Any?) -> Any? {
    guard let value else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    return flattened(mirror.children.first?.value)
}

/// The person class of the generator (`ArchiveVectors.Person`, an NSCoding class there).
final class VectorPerson: KeyedCodable {
    static let archivedClassName = "Person"
    var name = ""
    var age = 0
    var height = 0.0
    var member = false
    var photo = Data()
    var tags: [String] = []
    var friend: VectorPerson?

    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(age, forKey: "age")
        archiver.encode(height, forKey: "height")
        archiver.encode(member, forKey: "member")
        archiver.encode(photo, forKey: "photo")
        archiver.encode(tags, forKey: "tags")
        archiver.encode(friend, forKey: "friend")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        age = try unarchiver.decode(Int.self, forKey: "age")
        height = try unarchiver.decode(Double.self, forKey: "height")
        member = try unarchiver.decode(Bool.self, forKey: "member")
        photo = try unarchiver.decode(Data.self, forKey: "photo")
        tags = try unarchiver.decode([String].self, forKey: "tags")
        friend = try unarchiver.decodeIfPresent(VectorPerson.self, forKey: "friend")
    }
}

/// The generator's cyclic node class (`ArchiveVectors.Node`).
final class VectorNode: KeyedCodable {
    static let archivedClassName = "Node"
    var name = ""
    var next: VectorNode?
    var children: [VectorNode] = []

    init() {}

    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(next, forKey: "next")
        archiver.encode(children, forKey: "children")
    }

    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        next = try unarchiver.decodeIfPresent(VectorNode.self, forKey: "next")
        children = try unarchiver.decode([VectorNode].self, forKey: "children")
    }
}

/// The canonical dump (the generator's `canonical`) of what KeyedUnarchiver decoded.
func canonical(_ value: Any?) throws -> Any {
    guard let value = flattened(value) else { return ["null": true] }
    if type(of: value) == Bool.self, let bool = value as? Bool { return ["bool": bool] }
    switch value {
    case let person as VectorPerson:
        return ["object": "Person", "fields": [
            "name": ["string": person.name],
            "age": ["integer": String(person.age)],
            "height": ["real": bitsHex(person.height.bitPattern)],
            "member": ["bool": person.member],
            "photo": ["data": person.photo.base64EncodedString()],
            "tags": try canonical(person.tags),
            "friend": try canonical(person.friend),
        ] as [String: Any]]
    case let string as String: return ["string": string]
    case let int as Int: return ["integer": String(int)]
    case let uint as UInt64: return ["integer": String(uint)]
    case let double as Double: return ["real": bitsHex(double.bitPattern)]
    case let data as Data: return ["data": data.base64EncodedString()]
    case let date as Date: return ["date": bitsHex(date.timeIntervalSinceReferenceDate.bitPattern)]
    case let uuid as UUID: return ["uuid": uuid.uuidString]
    case let url as URL: return ["url": url.absoluteString]
    case let set as Set<AnyHashable>:
        return ["set": try set.map { try canonical($0.base) }.sorted { canonicalJSON($0) < canonicalJSON($1) }]
    case let array as [Any?]: return ["array": try array.map(canonical)]
    case let array as [Any]: return ["array": try array.map(canonical)]
    case let dictionary as [AnyHashable: Any]:
        let keys = dictionary.keys.compactMap { $0.base as? String }.sorted()
        return ["dict": try keys.map { key in [key, try canonical(dictionary[AnyHashable(key)]!)] as [Any] }]
    default:
        throw KeyedArchiveError(.typeMismatch, "no canonical form for \(type(of: value))")
    }
}
