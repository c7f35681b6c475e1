import Foundation
import OrderedCollections
import PlistKit

/// The benchmark workloads (described in `Benchmarks/README.md`), generated deterministically.
///
/// Every workload is a pure function of its name and size: the same bytes on every machine
/// and every run, so that PlistKit, Foundation, libplist and plistlib read the same files.
public enum Workload: String, CaseIterable, Sendable {
    /// An array of 100,000 student records (dictionaries of eight mixed fields).
    case records
    /// The `records` shape at twice the count, for the growth check.
    case records2x = "records-2x"
    /// A preferences-like document: dictionaries nested six levels deep.
    case config
    /// 256 dictionaries, each holding 64 KiB of random bytes.
    case blobs
    /// 100,000 non-ASCII strings (CJK, accented Latin, emoji), 5–60 characters each.
    case unicode
    /// 1,000,000 mixed integers and reals.
    case numbers
    /// An NSKeyedArchiver archive (binary only) of the `records` students as objects, their
    /// teachers shared; see ``ArchiveWorkload``.
    case archive
    /// A task tracker's app state: about 20,000 model values nested four to six deep (see
    /// ``AppState``), written by Foundation's `PropertyListEncoder`, plus an NSKeyedArchiver
    /// archive of the same state as objects (see ``AppStateArchive``).
    case appState = "app-state"
    /// The `app-state` shape at twice the size, for the growth check.
    case appState2x = "app-state-2x"
    /// 10,000 separate Info.plist-sized documents (1–4 KB as XML), stored in one pack file
    /// per format; see ``SmallDocs``.
    case smallDocs = "small-docs"

    /// The number of records in `records`; `records-2x` holds twice as many.
    public static let recordCount = 100_000

    /// True for the workloads of the ``AppState`` model.
    public var isAppState: Bool { self == .appState || self == .appState2x }

    /// True for workloads of many separate documents, stored in pack files
    /// (``WorkloadFiles/packURL(_:_:)``) rather than as one plist per format.
    public var isPack: Bool { self == .smallDocs }

    /// True when the workload has an NSKeyedArchiver file (``WorkloadFiles/archiveURL(_:)``).
    public var hasArchive: Bool { self == .archive || isAppState }

    /// The workload as a value. For `archive`, the records the archive is made from; for the
    /// app-state workloads, the tree Foundation's `PropertyListEncoder` writes for the model.
    public func generate() -> Plist {
        switch self {
        case .appState, .appState2x:
            // Made by Foundation and read back, as the workload files are.
            try! Plist(decoding: PropertyListEncoder().encode(AppState.model(for: self)))
        case .records, .archive: Self.records(count: Self.recordCount)
        case .records2x: Self.records(count: 2 * Self.recordCount)
        case .config: Self.config()
        case .blobs: Self.blobs()
        case .unicode: Self.unicode()
        case .numbers: Self.numbers()
        case .smallDocs: .array(SmallDocs.documents())
        }
    }

    // MARK: records

    static let teachers = [
        "Ada Lovelace", "Alan Turing", "Grace Hopper", "Edsger Dijkstra", "Donald Knuth",
        "Barbara Liskov", "Niklaus Wirth", "John McCarthy", "Frances Allen", "Tony Hoare",
        "Leslie Lamport", "Ken Thompson", "Dennis Ritchie", "Margaret Hamilton", "Robin Milner",
        "Radia Perlman", "Butler Lampson", "Adele Goldberg", "Alan Kay", "Jean Sammet",
    ]

    static let words = [
        "quiet", "student", "library", "science", "project", "river", "garden", "number",
        "keeps", "notes", "about", "every", "lesson", "and", "the", "late", "early", "bright",
        "paper", "review", "exam", "music", "sports", "club", "member", "tutor", "weekly",
    ]

    /// `count` student records: `name`, `number`, `age`, `score`, `memo`, `teacher`,
    /// `enrolled`, `active`, in that order.
    public static func records(count: Int) -> Plist {
        var rng = SplitMix64(seed: 0x5EED_0001)
        var array: [Plist] = []
        array.reserveCapacity(count)
        let lower = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        for index in 0..<count {
            let nameLength = 6 + rng.below(9)
            var name = [UInt8]()
            name.append(lower[rng.below(26)] - 32)
            for _ in 1..<nameLength { name.append(lower[rng.below(26)]) }
            var memo = ""
            while memo.utf8.count < 34 {
                if !memo.isEmpty { memo += " " }
                memo += words[rng.below(words.count)]
            }
            // Whole seconds: XML dates carry no fraction, so every format round-trips exactly.
            let enrolled = Date(timeIntervalSinceReferenceDate: Double(600_000_000 + rng.below(200_000_000)))
            let record: PlistDictionary = [
                "name": .string(String(decoding: name, as: UTF8.self)),
                "number": .string("SA1" + String(index % 100_000).leftPadded(to: 5)),
                "age": .integer(PlistInteger(18 + rng.below(50))),
                "score": .real(Double(rng.below(10_000_000)) / 100_000),
                "memo": .string(memo),
                "teacher": .string(teachers[rng.below(teachers.count)]),
                "enrolled": .date(enrolled),
                "active": .bool(rng.below(4) != 0),
            ]
            array.append(.dictionary(record))
        }
        return .array(array)
    }

    // MARK: config

    static let configKeys = [
        "CFBundleIdentifier", "CFBundleName", "CFBundleVersion", "Enabled", "Priority",
        "Timeout", "Threshold", "Created", "Modified", "Checksum", "Tags", "Description",
        "Path", "Retries", "Ratio", "Visible", "Owner", "Group", "Mode", "Label",
    ]

    /// A preferences / Info.plist-like document, nested six levels deep; the same keys recur
    /// at every level.
    public static func config() -> Plist {
        var rng = SplitMix64(seed: 0x5EED_0002)
        func level(_ depth: Int) -> Plist {
            var dict = PlistDictionary()
            for key in configKeys.prefix(14) {
                dict[PlistKey(key)] = scalar(for: key, &rng)
            }
            if depth < 6 {
                for child in 0..<(depth < 4 ? 4 : 3) {
                    dict[PlistKey("Section\(child)")] = level(depth + 1)
                }
            }
            return .dictionary(dict)
        }
        return level(1)
    }

    static func scalar(for key: String, _ rng: inout SplitMix64) -> Plist {
        switch key {
        case "Enabled", "Visible": return .bool(rng.below(2) == 0)
        case "Priority", "Retries", "Mode": return .integer(PlistInteger(rng.below(1000)))
        case "Timeout", "Threshold", "Ratio": return .real(Double(rng.below(1_000_000)) / 1000)
        case "Created", "Modified":
            return .date(Date(timeIntervalSinceReferenceDate: Double(rng.below(800_000_000))))
        case "Checksum": return .data(Data((0..<20).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        case "Tags": return .array((0..<4).map { _ in .string(words[rng.below(words.count)]) })
        default:
            return .string("com.example." + words[rng.below(words.count)] + "." + String(rng.below(10_000)))
        }
    }

    // MARK: blobs

    /// 256 dictionaries `{id, payload}`, each payload 64 KiB of random bytes.
    public static func blobs() -> Plist {
        var rng = SplitMix64(seed: 0x5EED_0003)
        return .array((0..<256).map { index in
            var payload = Data(count: 64 * 1024)
            payload.withUnsafeMutableBytes { buffer in
                let words = buffer.bindMemory(to: UInt64.self)
                for i in words.indices { words[i] = rng.next() }
            }
            return .dictionary(["id": .integer(PlistInteger(index)), "payload": .data(payload)])
        })
    }

    // MARK: unicode

    /// 100,000 strings of 5–60 characters, each drawn from CJK ideographs, accented Latin
    /// letters and emoji (with a few ASCII spaces and letters between).
    public static func unicode() -> Plist {
        var rng = SplitMix64(seed: 0x5EED_0004)
        var array: [Plist] = []
        array.reserveCapacity(100_000)
        for _ in 0..<100_000 {
            let length = 5 + rng.below(56)
            var scalars = String.UnicodeScalarView()
            for position in 0..<length {
                let value: UInt32
                switch rng.below(10) {
                case 0...3: value = 0x4E00 + UInt32(rng.below(0x5000))       // CJK
                case 4...6: value = 0x00C0 + UInt32(rng.below(0x3F))         // Latin-1 accented
                case 7: value = 0x1F600 + UInt32(rng.below(0x50))             // emoji
                case 8: value = 0x0100 + UInt32(rng.below(0x80))              // Latin Extended-A
                default: value = position == 0 ? 0x00E9 : (rng.below(2) == 0 ? 0x20 : 0x61 + UInt32(rng.below(26)))
                }
                scalars.append(Unicode.Scalar(value)!)
            }
            array.append(.string(String(scalars)))
        }
        return .array(array)
    }

    // MARK: numbers

    /// 1,000,000 numbers: small and large integers (negative ones, some beyond 2³²) and reals
    /// of widely varying magnitude.
    public static func numbers() -> Plist {
        var rng = SplitMix64(seed: 0x5EED_0005)
        var array: [Plist] = []
        array.reserveCapacity(1_000_000)
        for _ in 0..<1_000_000 {
            let bits = rng.next()
            switch bits % 6 {
            case 0: array.append(.integer(PlistInteger(Int64(rng.below(256)))))
            case 1: array.append(.integer(PlistInteger(-Int64(rng.below(1_000_000)))))
            case 2: array.append(.integer(PlistInteger(Int64(bitPattern: rng.next() >> 1) | (1 << 33))))
            case 3: array.append(.integer(PlistInteger(-Int64(rng.next() >> 20))))
            case 4: array.append(.real(Double(rng.below(1_000_000)) / 64))
            default:
                let mantissa = Double(rng.next() >> 11) / Double(1 << 53)
                let exponent = Double(Int(rng.below(40)) - 20)
                array.append(.real((rng.below(2) == 0 ? 1 : -1) * mantissa * pow(10, exponent)))
            }
        }
        return .array(array)
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
