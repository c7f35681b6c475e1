// Writes the keyed-archive test vectors: TestVectors/archives/*.{bplist,xml}.
//
// Not part of the root package. `generate_archives.sh` compiles this one file with
//     swiftc -module-name ArchiveVectors main.swift
// (so the custom class is archived as "ArchiveVectors.Person", as an app's class would be)
// and runs `ArchiveVectors TESTVECTORS_DIR "MADE_BY" > entries.jsonl` with
// SWIFT_DETERMINISTIC_HASHING=1.
//
// Every archive is written by Foundation's `NSKeyedArchiver` (swift-corelibs-foundation). For
// acyclic archives the expected value is Foundation's own reading: the file is read back with
// `NSKeyedUnarchiver` and the result dumped canonically (see `canonical`). Cyclic archives are
// never read back here: NSKeyedUnarchiver on Linux recurses through `decodeObject(forKey:)`
// until the stack overflows on a two-object cycle. Their expected value is stated by
// construction and the MANIFEST entry says so ("expected_by": "construction").
//
// What Foundation on Linux writes (and what the vectors therefore show):
// - NSMutableString, NSMutableArray, NSMutableDictionary and NSMutableData are written as
//   their immutable classes (a bare string, NSArray, NSDictionary, bare data): Linux's
//   `classForKeyedArchiver` maps them so. Apple's Darwin archiver keeps the mutable class
//   names (and `NS.string` / `NS.data` fields); KeyedUnarchiver reads both shapes.
// - NSOrderedSet is written as `NS.object.0`, `NS.object.1`, …; NSSet and NSArray as `NS.objects`.
// - NSNumber as a bare integer, real or Boolean; NSDate as `NS.time`; NSUUID as
//   `NS.uuidbytes`; NSURL as `NS.base` ($null) + `NS.relative` (the absolute string, even for
//   relative URLs); NSNull as an object with no fields.
// - Objects are shared by identity (the same instance is written once); small NSNumbers are
//   cached, so equal small integers share one entry.

import Foundation

final class Person: NSObject, NSCoding {
    var name: String
    var age: Int
    var height: Double
    var member: Bool
    var photo: Data
    var tags: [String]
    var friend: Person?

    init(name: String, age: Int, height: Double, member: Bool, photo: Data, tags: [String], friend: Person? = nil) {
        self.name = name
        self.age = age
        self.height = height
        self.member = member
        self.photo = photo
        self.tags = tags
        self.friend = friend
    }

    required init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        height = coder.decodeDouble(forKey: "height")
        member = coder.decodeBool(forKey: "member")
        photo = coder.decodeObject(forKey: "photo") as? Data ?? Data()
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
        friend = coder.decodeObject(forKey: "friend") as? Person
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(age, forKey: "age")
        coder.encode(height, forKey: "height")
        coder.encode(member, forKey: "member")
        coder.encode(photo, forKey: "photo")
        coder.encode(tags, forKey: "tags")
        coder.encode(friend, forKey: "friend")
    }
}

/// A graph node for the cyclic vectors (archived only, never unarchived here).
final class Node: NSObject, NSCoding {
    var name: String
    var next: Node?
    var children: [Node] = []

    init(_ name: String) { self.name = name }
    required init?(coder: NSCoder) { fatalError("never unarchived by Foundation") }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(next, forKey: "next")
        coder.encode(children, forKey: "children")
    }
}

// MARK: - Canonical dump (the same shape Tests/KeyedArchiveTests builds from KeyedUnarchiver)

struct DumpError: Error, CustomStringConvertible {
    let description: String
}

func bitsHex(_ bits: UInt64) -> String {
    let text = String(bits, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
}

func jsonText(_ value: Any) -> String {
    String(data: try! JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]), encoding: .utf8)!
}

func canonical(_ value: Any?) throws -> Any {
    guard let value else { return ["null": true] }
    if value is NSNull { return ["null": true] }
    if type(of: value) == Bool.self, let bool = value as? Bool { return ["bool": bool] }
    switch value {
    case let person as Person:
        return ["object": "Person", "fields": [
            "name": ["string": person.name],
            "age": ["integer": String(person.age)],
            "height": ["real": bitsHex(person.height.bitPattern)],
            "member": ["bool": person.member],
            "photo": ["data": person.photo.base64EncodedString()],
            "tags": try canonical(person.tags),
            "friend": try canonical(person.friend),
        ] as [String: Any]]
    case let string as String:
        return ["string": string]
    case let data as Data:
        return ["data": data.base64EncodedString()]
    case let date as Date:
        return ["date": bitsHex(date.timeIntervalSinceReferenceDate.bitPattern)]
    case let uuid as UUID:
        return ["uuid": uuid.uuidString]
    case let url as URL:
        return ["url": url.absoluteString]
    case let ordered as NSOrderedSet:
        return ["array": try ordered.array.map(canonical)]
    case let set as NSSet:
        return ["set": try set.allObjects.map(canonical).sorted { jsonText($0) < jsonText($1) }]
    case let array as [Any]:
        return ["array": try array.map(canonical)]
    case let dictionary as [String: Any]:
        return ["dict": try dictionary.keys.sorted().map { key in [key, try canonical(dictionary[key]!)] as [Any] }]
    case let number as NSNumber:
        switch String(cString: number.objCType) {
        case "c", "B":
            return ["bool": number.boolValue]
        case "d", "f":
            return ["real": bitsHex(number.doubleValue.bitPattern)]
        case "Q":
            return ["integer": String(number.uint64Value)]
        default:
            return ["integer": String(number.int64Value)]
        }
    default:
        throw DumpError(description: "no canonical form for \(type(of: value)): \(value)")
    }
}

// MARK: - Vectors

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write("usage: ArchiveVectors TESTVECTORS_DIR MADE_BY\n".data(using: .utf8)!)
    exit(2)
}
let directory = URL(fileURLWithPath: arguments[1]).appendingPathComponent("archives")
let madeBy = arguments[2]
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

func archive(_ root: Any, format: PropertyListSerialization.PropertyListFormat) -> Data {
    let archiver = NSKeyedArchiver(requiringSecureCoding: false)
    archiver.outputFormat = format
    archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
    archiver.finishEncoding()
    return archiver.encodedData
}

func emit(_ entry: [String: Any]) {
    print(jsonText(entry))
}

/// Writes an acyclic vector; the expected value is NSKeyedUnarchiver's reading of the file.
func vector(_ name: String, _ root: Any, format: PropertyListSerialization.PropertyListFormat = .binary, notes: String) throws {
    let file = name + (format == .xml ? ".xml" : ".bplist")
    let data = archive(root, format: format)
    try data.write(to: directory.appendingPathComponent(file))
    let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
    unarchiver.requiresSecureCoding = false
    let reading = unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    emit(["file": "archives/" + file, "made_by": madeBy, "expected_by": "NSKeyedUnarchiver", "expected": try canonical(reading), "notes": notes])
}

/// Writes a cyclic vector, with its expected shape stated by construction.
func cyclicVector(_ name: String, _ root: Any, expected: Any, notes: String) throws {
    let file = name + ".bplist"
    try archive(root, format: .binary).write(to: directory.appendingPathComponent(file))
    emit(["file": "archives/" + file, "made_by": madeBy, "expected_by": "construction", "expected": expected, "notes": notes])
}

let everyFoundationClass: [String: Any] = [
    "string": "héllo wörld ☃",
    "mutableString": NSMutableString(string: "mutable"),
    "int": 42,
    "negative": -7,
    "large": NSNumber(value: Int64.max),
    "unsigned": NSNumber(value: UInt64.max),
    "real": 2.5,
    "true": true,
    "false": false,
    "array": [1, "two", 3.0] as [Any],
    "mutableArray": NSMutableArray(array: ["m", 1]),
    "set": NSSet(array: ["x", "y"]),
    "orderedSet": NSOrderedSet(array: ["b", "a", "c"]),
    "data": Data([0, 1, 2, 254, 255]),
    "mutableData": NSMutableData(bytes: [9, 8, 7] as [UInt8], length: 3),
    "date": Date(timeIntervalSinceReferenceDate: 600_000_000.25),
    "uuid": UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
    "url": URL(string: "https://example.com/a/b?q=1")!,
    "relativeURL": URL(string: "c/d.txt", relativeTo: URL(string: "file:///base/dir/")!)!,
    "null": NSNull(),
    "mutableDictionary": NSMutableDictionary(dictionary: ["k": "v", "n": 1]),
    "nested": ["inner": [["deep": [1, 2]]]] as [String: Any],
    "empty": [String: Any](),
    "emptyArray": [Any](),
]
try vector("foundation_values", everyFoundationClass, notes: "every Foundation class KeyedUnarchiver maps, in a dictionary")
try vector("foundation_values", everyFoundationClass, format: .xml, notes: "the same, as XML")
try vector("string_root", "just a string", notes: "a bare string as root")
try vector("array_root", [1, 2, 3, "four"] as [Any], notes: "an NSArray as root")

let ada = Person(name: "Ada", age: 36, height: 1.65, member: true, photo: Data([1, 2, 3]), tags: ["math", "engines"])
let bob = Person(name: "Bob", age: 41, height: 1.8, member: false, photo: Data(), tags: [], friend: ada)
try vector("person", bob, notes: "a custom NSCoding class, archived as ArchiveVectors.Person, with a nested Person")
try vector("shared_person", [ada, ada, bob] as [Any], notes: "one Person referenced three times (twice directly, once as Bob's friend): archived once")

let parent = Node("parent")
let child = Node("child")
parent.children = [child]
child.next = parent
try cyclicVector("cycle_parent_child", parent, expected: [
    "root": "parent", "children": ["child"], "child.next": "parent (the root instance)",
], notes: "parent ↔ child cycle written by NSKeyedArchiver; NSKeyedUnarchiver on Linux overflows the stack reading it")
let loop = Node("loop")
loop.next = loop
loop.children = [loop]
try cyclicVector("cycle_self", loop, expected: [
    "root": "loop", "next": "the root instance", "children": ["the root instance"],
], notes: "a node whose next and only child are itself")
