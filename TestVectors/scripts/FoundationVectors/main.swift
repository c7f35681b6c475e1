// Writes the Foundation binary vectors: TestVectors/binary/foundation/*.bplist.
//
// Not part of the root package. `generate.sh` compiles this one file with `swiftc` and runs
//     FoundationVectors TESTVECTORS_DIR "TOOLCHAIN" > entries.jsonl
// with SWIFT_DETERMINISTIC_HASHING=1, so dictionaries are written in the same order every run.
//
// Each vector is written with `PropertyListSerialization.data(fromPropertyList:format: .binary,
// options: 0)` (one with `NSKeyedArchiver`), then the file is read back with
// `PropertyListSerialization.propertyList(from:options:format:)`; the canonical dump of that
// reading (see Tests/PlistKitTests/Support/Canonical.swift) is the expected value. One JSON
// line per vector goes to standard output: {"file", "made_by", "expected"}.
//
// What Foundation on Linux (swift-corelibs-foundation, Swift 6.3) can and cannot write:
// - Integers −2⁶³ … 2⁶⁴−1: an `NSNumber(value: UInt64)` above Int64.max is written as a
//   16-byte int (marker 0x14) and read back as an unsigned NSNumber (objCType "Q").
// - Reals as 8-byte doubles, and `Float` values as 4-byte reals (marker 0x22), which no other
//   oracle here writes. -0.0, NaN and ±infinity survive.
// - Dates: any Double, including sub-microsecond and distantPast/distantFuture.
// - UIDs: PropertyListSerialization has no public UID type, so plain plists cannot hold one.
//   NSKeyedArchiver does write UIDs (keyed_archive_*.bplist); with a few hundred objects they
//   take 1 and 2 bytes. 4- and 8-byte UIDs would need an archive of > 65,536 objects, too big
//   for the vector budget; plistlib's uids.bplist covers those widths. Foundation's reading
//   gives private `_NSKeyedArchiverUID` objects; their number is taken with `Mirror` (the
//   stored property `value`), which is Foundation's own reading, not a reconstruction.
// - Dictionaries are unordered `[String: Any]`: the written key order is Swift's hash order,
//   so the dump lists keys sorted and the tests do not check key order for these vectors.
// - The writer shares objects by identity, not by value: the same NSString or NSNumber
//   instance is written once (small integers seem to come from a cache, so repeated ints are
//   shared), but each bridged Swift String, Double, Date and Data and every container is
//   written once per occurrence. plistlib and CF on Darwin unique scalars by value.

import Foundation

// MARK: - Canonical dump of Foundation's reading

struct DumpError: Error, CustomStringConvertible {
    let description: String
}

func bitsHex(_ bits: UInt64) -> String {
    let text = String(bits, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
}

func dump(_ value: Any) throws -> Any {
    // Foundation on Linux reads booleans as Swift `Bool`; numbers come as NSNumber, which also
    // casts to Bool, so the dynamic type decides.
    if type(of: value) == Bool.self, let bool = value as? Bool {
        return ["bool": bool]
    }
    switch value {
    case let string as String:
        return ["string": string]
    case let data as Data:
        return ["data": data.base64EncodedString()]
    case let date as Date:
        return ["date": bitsHex(date.timeIntervalSinceReferenceDate.bitPattern)]
    case let array as [Any]:
        return ["array": try array.map(dump)]
    case let dictionary as [String: Any]:
        return ["dict": try dictionary.keys.sorted().map { key in [key, try dump(dictionary[key]!)] as [Any] }]
    case let number as NSNumber:
        switch String(cString: number.objCType) {
        case "d", "f":
            return ["real": bitsHex(number.doubleValue.bitPattern)]
        case "Q":
            return ["integer": String(number.uint64Value)]
        case "q", "l", "i", "s":
            return ["integer": String(number.int64Value)]
        case let other:
            throw DumpError(description: "NSNumber with objCType \(other): \(number)")
        }
    default:
        if String(describing: type(of: value)).contains("KeyedArchiverUID"),
           let uid = Mirror(reflecting: value).children.first(where: { $0.label == "value" })?.value {
            return ["uid": "\(uid)"]
        }
        throw DumpError(description: "no canonical form for \(type(of: value)): \(value)")
    }
}

// MARK: - Deterministic bytes

/// SplitMix64: a tiny seeded generator, stable across platforms and Swift versions.
struct SplitMix64 {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func pseudoRandomData(count: Int, seed: UInt64) -> Data {
    var generator = SplitMix64(state: seed)
    var bytes = [UInt8]()
    bytes.reserveCapacity(count + 8)
    while bytes.count < count {
        withUnsafeBytes(of: generator.next().bigEndian) { bytes.append(contentsOf: $0) }
    }
    return Data(bytes.prefix(count))
}

// MARK: - The vectors

func date(_ seconds: Double) -> Date { Date(timeIntervalSinceReferenceDate: seconds) }

func vectors() -> [(String, Any)] {
    var list: [(String, Any)] = []

    list.append(("empty_dict", [String: Any]()))
    list.append(("empty_array", [Any]()))
    list.append(("empty_string", ""))
    list.append(("empty_data", Data()))
    list.append(("empties", ["dict": [String: Any](), "array": [Any](), "string": "", "data": Data()] as [String: Any]))

    list.append(("integers", [
        0, 1, -1, 14, 15, 16, 127, 128, 255, 256, 65535, 65536,
        Int(Int32.max), Int(Int32.max) + 1, Int(UInt32.max), Int(UInt32.max) + 1, 1 << 53, Int.max,
        -2, -128, -129, -255, -256, -32768, -65536, Int(Int32.min), -(1 << 32), Int.min + 1, Int.min,
        UInt8(200), Int16(-3), UInt16(65535), UInt32(4_000_000_000), Int64(-5),
    ] as [Any]))
    list.append(("integers_16byte", [
        NSNumber(value: UInt64(1) << 63), NSNumber(value: (UInt64(1) << 63) + 1),
        NSNumber(value: UInt64.max - 1), NSNumber(value: UInt64.max), NSNumber(value: UInt64(12_345_678_901_234_567_890)),
    ] as [Any]))
    list.append(("int64_min", NSNumber(value: Int64.min)))
    list.append(("int64_max", NSNumber(value: Int64.max)))
    list.append(("uint64_max", NSNumber(value: UInt64.max)))

    list.append(("reals", [
        0.0, -0.0, 1.0, -1.0, 0.5, 1.5, -2.25, 0.1, Double.pi, 1e100, -1e-100,
        Double.infinity, -Double.infinity, Double.nan,
        Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude, Double.leastNormalMagnitude,
        Double.leastNormalMagnitude.nextDown, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        9_007_199_254_740_992.0, 1e-300, 1e300,
    ] as [Any]))
    list.append(("real_negative_zero", -0.0))
    list.append(("real_nan", Double.nan))
    list.append(("real_infinity", -Double.infinity))
    list.append(("reals_float32", [
        Float(1.5), Float.pi, Float(-0.0), Float.infinity, -Float.infinity, Float.nan,
        Float.leastNonzeroMagnitude, Float.greatestFiniteMagnitude, Float(0.1),
    ] as [Any]))

    list.append(("bools", [true, false, 1, 0, 1.0, 0.0, ["t": true, "f": false] as [String: Any]] as [Any]))

    list.append(("dates", [
        date(0), date(1e-6), date(-1e-6), date(1e-7), date(0.5), date(-0.5),
        date(-978_307_200),            // 1970-01-01
        date(-978_307_200.000001),     // just before 1970
        date(-1_009_843_200),          // 1969
        date(-3_187_296_000),          // 1900
        date(-63_113_904_000),         // year 1
        date(1e15), date(-1e15),
        date(730_000_000.123456789),
        Date.distantPast, Date.distantFuture,
        date(Double.leastNonzeroMagnitude),
    ] as [Any]))
    list.append(("date_before_1970", date(-1_600_000_000.25)))

    list.append(("data", [
        Data([0]), Data(repeating: 0xFF, count: 14), Data(repeating: 1, count: 15),
        Data((0...255).map { UInt8($0) }), pseudoRandomData(count: 300, seed: 1),
    ] as [Any]))
    list.append(("data_100kb", pseudoRandomData(count: 100_000, seed: 2)))

    list.append(("strings", [
        "a", "hello, world", "\u{0}", "\u{7F}",
        String(repeating: "x", count: 14), String(repeating: "x", count: 15), String(repeating: "x", count: 16),
        String(repeating: "x", count: 255), String(repeating: "x", count: 256),
        "é", "naïve café", "Ωμέγα", "日本語のテキスト", "\u{2028}\u{FEFF}\u{FFFF}",
        "\u{1F600}", "a😀b", "👨‍👩‍👧‍👦", "\u{10FFFF}", "𝄞 clef",
        "mixed ASCII then ü and 😀 and back to ASCII",
        String(repeating: "é", count: 15), String(repeating: "😀", count: 8), String(repeating: "é", count: 300),
        "\u{FEFF}starts with a byte order mark", "\u{FEFF}",
    ] as [Any]))
    list.append(("string_emoji", "\u{1F600}"))

    list.append(("array_15", Array(100..<115)))
    list.append(("array_16", Array(100..<116)))
    list.append(("array_256", (0..<256).map { "s\($0)" }))
    list.append(("array_300", (0..<300).map { $0 * 3 }))
    list.append(("dict_15", Dictionary(uniqueKeysWithValues: (0..<15).map { (String(format: "k%02d", $0), $0) })))
    list.append(("dict_16", Dictionary(uniqueKeysWithValues: (0..<16).map { (String(format: "k%02d", $0), $0) })))
    list.append(("dict_300", Dictionary(uniqueKeysWithValues: (0..<300).map { ("key\($0)", "value\($0)") })))

    // 1,000 distinct ints give 2-byte object references. 4-byte references (> 65,535 objects)
    // are left to plistlib's refs_4byte.bplist: a Foundation twin would cost another 1.5 MB
    // of the TestVectors budget (its manifest dump alone is ~0.9 MB).
    list.append(("refs_2byte", Array(-500..<500)))

    var deep: Any = "bottom"
    for level in 0..<100 {
        deep = level % 2 == 1 ? [deep] as [Any] : ["level\(level)": deep] as [String: Any]
    }
    list.append(("nested_deep", deep))
    list.append(("nested_mixed", [
        "a": [1, [2, [3, ["b": [4.5, ["c": "d"] as [String: Any]] as [Any]] as [String: Any]] as [Any]] as [Any]] as [Any],
        "e": ["f": ["g": ["h": [Any](), "i": [String: Any]()] as [String: Any]]],
        "j": [[Any](), [[Any]()], [[[Any]()]]] as [Any],
    ] as [String: Any]))

    let shared: [Any] = ["shared", 42, ["inner": "shared"] as [String: Any]]
    list.append(("shared", [
        "first": shared, "second": shared, "third": [shared, shared],
        "names": [String](repeating: "repeat", count: 20), "repeat": "repeat",
    ] as [String: Any]))

    list.append(("kitchen_sink", [
        "name": "PlistKit", "version": 3, "ratio": 0.75, "enabled": true,
        "created": date(702_450_428.09), "blob": Data([0xDE, 0xAD, 0xBE, 0xEF]),
        "tags": ["binary", "xml", "json"], "owner": ["name": "Zoë", "id": 12] as [String: Any],
        "big": NSNumber(value: UInt64.max), "small": NSNumber(value: Int64.min), "single": Float(0.25),
    ] as [String: Any]))
    return list
}

// MARK: - Main

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: FoundationVectors TESTVECTORS_DIR TOOLCHAIN\n".utf8))
    exit(2)
}
let vectorsDirectory = URL(fileURLWithPath: arguments[1])
let madeBy = arguments[2]
let outputDirectory = vectorsDirectory.appendingPathComponent("binary/foundation")
let fileManager = FileManager.default
try fileManager.createDirectory(at: outputDirectory, withIntermediateDirectories: true)
for name in try fileManager.contentsOfDirectory(atPath: outputDirectory.path) where name.hasSuffix(".bplist") {
    try fileManager.removeItem(at: outputDirectory.appendingPathComponent(name))
}

var files: [(name: String, data: Data, writer: String)] = []
for (name, value) in vectors() {
    files.append((name, try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0), "PropertyListSerialization"))
}
// NSKeyedArchiver is the only Foundation writer of UIDs. 300 distinct strings make UIDs
// beyond 255, so both 1- and 2-byte UIDs appear.
files.append(("keyed_archive_small", NSKeyedArchiver.archivedData(withRootObject: ["k": "v", "n": 1] as NSDictionary), "NSKeyedArchiver"))
files.append(("keyed_archive_uids", NSKeyedArchiver.archivedData(withRootObject: (0..<300).map { "item\($0)" } as NSArray), "NSKeyedArchiver"))

var output = ""
for (name, data, writer) in files {
    let url = outputDirectory.appendingPathComponent("\(name).bplist")
    try data.write(to: url)
    let reading = try PropertyListSerialization.propertyList(from: try Data(contentsOf: url), options: [], format: nil)
    let entry: [String: Any] = ["file": "binary/foundation/\(name).bplist", "made_by": "Foundation \(writer) (\(madeBy))", "expected": try dump(reading)]
    let json = try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys])
    output += String(decoding: json, as: UTF8.self) + "\n"
}
FileHandle.standardOutput.write(Data(output.utf8))
