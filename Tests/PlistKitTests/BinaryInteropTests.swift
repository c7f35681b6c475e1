import Foundation
import PlistKit
import TestSupport
import Testing

/// Python's plistlib as an oracle: files are read by `TestVectors/scripts/canonical.py`, which
/// prints the canonical dump of plistlib's reading, one line per file.
enum Plistlib {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let script = Canonical.vectorsDirectory.appendingPathComponent("scripts/canonical.py")

    /// plistlib's reading of each of `files`, in order; a file plistlib rejects gives a failure.
    static func read(_ files: [Data]) throws -> [Result<Plist, Failure>] {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("plistkit-plistlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String] = []
        for (index, file) in files.enumerated() {
            let url = directory.appendingPathComponent("\(index).bplist")
            try file.write(to: url)
            paths.append(url.path)
        }
        let result = try Subprocess.run("/usr/bin/env", ["python3", script.path] + paths, timeout: 600)
        guard result.status == 0, !result.signaled else {
            throw Failure(description: "python3 canonical.py exited with \(result.status): \(result.stderrText)")
        }
        let output = result.stdout
        let lines = output.split(separator: UInt8(ascii: "\n"))
        guard lines.count == files.count else {
            throw Failure(description: "python3 printed \(lines.count) lines for \(files.count) files")
        }
        return lines.map { line in
            do {
                let json = try JSONSerialization.jsonObject(with: Data(line))
                if let object = json as? [String: Any], let error = object["error"] as? String {
                    return .failure(Failure(description: "plistlib: \(error)"))
                }
                return .success(try Canonical.plist(from: json))
            } catch {
                return .failure(Failure(description: "bad dump: \(error)"))
            }
        }
    }

    /// True when plistlib can hold `value` exactly: its dates are `datetime`s of whole
    /// microseconds in years 1 … 9999, so other dates come back rounded or not at all.
    static func canHold(_ value: Plist) -> Bool {
        switch value {
        case .date(let date):
            let seconds = date.timeIntervalSinceReferenceDate
            guard seconds.isFinite, seconds > -63_113_904_000, seconds < 252_423_993_600 else { return false }
            let microseconds = (seconds * 1e6).rounded()
            return Double(Int64(microseconds)) / 1e6 == seconds
        case .array(let elements): return elements.allSatisfy(canHold)
        case .dictionary(let entries): return entries.values.allSatisfy(canHold)
        default: return true
        }
    }
}

/// The object count in the trailer of a binary plist.
func binaryObjectCount(_ bytes: Data) -> Int {
    bytes.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
}

/// The object reference size in the trailer of a binary plist.
func binaryRefSize(_ bytes: Data) -> Int {
    Int(bytes[bytes.endIndex - 25])
}

/// The offset-table entry size in the trailer of a binary plist.
func binaryOffsetSize(_ bytes: Data) -> Int {
    Int(bytes[bytes.endIndex - 26])
}

/// Why CF (Foundation's binary reader, `__CFBinaryPlistGetTopLevelInfo`) would reject the
/// trailer of `bytes`, or nil when it accepts it. CF demands that the object count fits the
/// reference size (`count < 2^(8·refSize)`, not just the largest index) and that the offset of
/// the offset table fits the offset size (not just the largest object offset). plistlib's
/// writer and CF's own follow the same rules.
func cfTrailerProblem(_ bytes: Data) -> String? {
    let refSize = binaryRefSize(bytes), offsetSize = binaryOffsetSize(bytes)
    let count = UInt64(binaryObjectCount(bytes))
    let tableOffset = bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    if refSize < 8, count >= UInt64(1) << UInt64(8 * refSize) {
        return "\(count) objects with \(refSize)-byte object references"
    }
    if offsetSize < 8, tableOffset >= UInt64(1) << UInt64(8 * offsetSize) {
        return "offset table at \(tableOffset) with \(offsetSize)-byte offsets"
    }
    return nil
}

@Suite("Binary interoperability")
struct BinaryInteropTests {
    /// Values that Foundation can read back from a PlistKit file: every vector except those
    /// holding a UID above UInt32.max (CF's reader keeps UIDs as 32-bit numbers and rejects
    /// the file).
    static let foundationReadable = BinaryVector.all.filter { vector in
        (try? vector.expected()).map(FoundationBridge.canRead) ?? true
    }

    @Test(arguments: foundationReadable)
    func foundationReadsWhatWeWrite(_ vector: BinaryVector) throws {
        let value = try vector.expected()
        let bytes = try value.encoded(as: .binary)
        let read = try FoundationBridge.read(bytes)
        #expect(Canonical.identical(read, value), "Foundation read our encoding of \(vector.file) differently")
    }

    @Test func foundationRejectsWideUIDs() throws {
        // Why the vectors with 8-byte UIDs are skipped above: not our bug, CF's limit.
        let bytes = try Plist.uid(UInt64(UInt32.max) + 1).encoded(as: .binary)
        #expect(throws: (any Error).self) { try FoundationBridge.read(bytes) }
        #expect(try FoundationBridge.read(Plist.uid(UInt64(UInt32.max)).encoded(as: .binary)) == .uid(UInt64(UInt32.max)))
    }

    @Test func plistlibReadsWhatWeWrite() throws {
        // Vectors with dates plistlib cannot hold exactly (Foundation's sub-microsecond and
        // out-of-range dates) are left out: plistlib would round or reject them.
        let vectors = try BinaryVector.all.filter { Plistlib.canHold(try $0.expected()) }
        #expect(vectors.count >= 60)
        let values = try vectors.map { try $0.expected() }
        let results = try Plistlib.read(values.map { try $0.encoded(as: .binary) })
        for ((vector, value), result) in zip(zip(vectors, values), results) {
            switch result {
            case .success(let read):
                #expect(Canonical.identical(read, value), "plistlib read our encoding of \(vector.file) differently")
                #expect(sameKeyOrder(read, value) || !vector.keepsKeyOrder, "plistlib saw another key order in \(vector.file)")
            case .failure(let failure):
                Issue.record("plistlib could not read our encoding of \(vector.file): \(failure)")
            }
        }
    }

    /// plistlib uniques scalars by value and shares containers only when they are the same
    /// Python object; we unique both, so our file must never be larger than plistlib's.
    @Test(arguments: BinaryVector.all.filter { $0.madeBy.hasPrefix("plistlib") })
    func notLargerThanPlistlib(_ vector: BinaryVector) throws {
        let theirs = try Data(contentsOf: vector.url)
        let ours = try vector.expected().encoded(as: .binary)
        #expect(ours.count <= theirs.count, "\(vector.file): ours \(ours.count) bytes, plistlib's \(theirs.count)")
        #expect(binaryObjectCount(ours) <= binaryObjectCount(theirs))
        #expect(binaryRefSize(ours) <= binaryRefSize(theirs))
    }

    @Test func identicalDictionariesAreWrittenOnce() throws {
        let element: [String: Any] = ["name": "same", "count": 1, "ratio": 0.5, "tags": ["a", "b"]]
        let foundation = try PropertyListSerialization.data(
            fromPropertyList: [[String: Any]](repeating: element, count: 10_000), format: .binary, options: 0)
        let value = try FoundationBridge.read(foundation)
        let ours = try value.encoded(as: .binary)
        let ourCount = binaryObjectCount(ours)
        let theirCount = binaryObjectCount(foundation)
        // Ours: the array, one dictionary, its four keys, four values and the two tag strings.
        #expect(ourCount <= 16, "we wrote \(ourCount) objects")
        #expect(theirCount >= 10_000, "Foundation wrote \(theirCount) objects")
        #expect(ours.count * 10 < foundation.count)
        #expect(try Plist(decoding: ours) == value)
    }

    @Test func referenceSizesWidenAtTheBoundaries() throws {
        // CF's rule, which plistlib's writer follows too: the object count must fit the
        // reference size, so 255 objects take 1-byte references and 256 take 2. Beyond
        // 65,535 objects references take 3 bytes, as in swift-foundation's writer (CF and
        // plistlib round up to 4); Foundation reads them.
        func sized(_ count: Int) throws -> Data {
            try Plist.array((0..<count - 1).map { .integer(PlistInteger($0)) }).encoded(as: .binary)
        }
        #expect(try binaryRefSize(sized(255)) == 1)
        #expect(try binaryRefSize(sized(257)) == 2)
        #expect(try binaryRefSize(sized(65_535)) == 2)
        #expect(try binaryRefSize(sized(65_537)) == 3)
        let wide = try sized(65_537)
        #expect(try FoundationBridge.read(wide) == Plist(decoding: wide))
        #expect(try Plistlib.read([wide]).first.map { try $0.get() } == Plist(decoding: wide))
        // Offsets past 64 KiB take 3 bytes as well.
        let long = try Plist.array([.data(Data(repeating: 1, count: 70_000)), "after"]).encoded(as: .binary)
        #expect(binaryOffsetSize(long) == 3)
        #expect(try FoundationBridge.read(long) == Plist(decoding: long))
        #expect(try Plistlib.read([long]).first.map { try $0.get() } == Plist(decoding: long))
    }

    @Test func trailerSizesSatisfyCF() throws {
        // CF rejects a file whose object count does not fit a reference, or whose offset
        // table position does not fit an offset entry ("The data is not in the correct
        // format"): the writer sizes both for those, not for the largest index and offset.
        let cases: [(String, Plist)] = [
            ("256 objects", .array((0..<255).map { .integer(PlistInteger($0)) })),
            ("65,536 objects", .array((0..<65_535).map { .integer(PlistInteger($0)) })),
            ("one 300-byte data object", .data(Data(repeating: 7, count: 300))),
            ("one 70,000-byte data object", .data(Data(repeating: 7, count: 70_000))),
        ]
        for (name, value) in cases {
            let bytes = try value.encoded(as: .binary)
            #expect(cfTrailerProblem(bytes) == nil, "\(name): \(cfTrailerProblem(bytes) ?? "")")
            #expect(throws: Never.self, "\(name): Foundation rejects our file") { try FoundationBridge.read(bytes) }
        }
    }
}
