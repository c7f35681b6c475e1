import Foundation
import OrderedCollections
import PlistKit
import TestSupport

/// A seeded, deterministic generator of random ``Plist`` values for round-trip tests.
///
/// Every case appears: nested dictionaries and arrays (including empty ones and ones past the
/// 15-element count boundary), strings (ASCII, Latin-1, CJK, non-BMP emoji, mixed), integers
/// at every width boundary and above Int64.max, reals with special values and random bit
/// patterns, dates, data, Booleans and UIDs of every width. Values already made are reused
/// now and then, so the same subvalue appears in several places (the writer shares those).
struct RandomPlist {
    struct Options {
        /// Include UIDs. Their widths are limited by `maximumUID`.
        var uids = true
        /// The largest UID made (Foundation reads only UIDs up to UInt32.max).
        var maximumUID = UInt64.max
        /// Make dates only as whole microseconds in years 1 … 9999, which plistlib's
        /// `datetime` holds exactly; otherwise dates are any finite Double.
        var microsecondDates = false
        /// How deep containers may nest.
        var maximumDepth = 5
    }

    private var random: SplitMix64
    private let options: Options
    /// Values made so far that may be reused as shared subvalues.
    private var pool: [Plist] = []

    init(seed: UInt64, options: Options = Options()) {
        random = SplitMix64(seed: seed)
        self.options = options
    }

    /// The next number of the shared seeded generator.
    mutating func next() -> UInt64 { random.next() }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }

    /// A random value: a container at the top more often than not.
    mutating func value(depth: Int = 0) -> Plist {
        if !pool.isEmpty, below(10) == 0 {
            return pick(pool)
        }
        let containerWeight = depth < options.maximumDepth ? 4 : 0
        let roll = below(containerWeight + 9)
        let made: Plist
        switch roll {
        case 0: made = .string(string())
        case 1: made = .integer(integer())
        case 2: made = .real(real())
        case 3: made = .bool(below(2) == 0)
        case 4: made = .date(date())
        case 5: made = .data(data())
        case 6: made = options.uids ? .uid(uid()) : .string(string())
        case 7: made = .integer(PlistInteger(Int64(below(300)) - 20))
        case 8: made = .string(pick(["", "key", "name", "😀", "value"]))
        case 9, 10: made = .array((0..<count()).map { _ in value(depth: depth + 1) })
        default:
            var entries = PlistDictionary()
            for _ in 0..<count() {
                entries[PlistKey(string())] = value(depth: depth + 1)
            }
            made = .dictionary(entries)
        }
        if pool.count < 64 { pool.append(made) } else { pool[below(64)] = made }
        return made
    }

    /// An element count: mostly small, sometimes across the 15 boundary, rarely past 255.
    private mutating func count() -> Int {
        switch below(20) {
        case 0: 0
        case 1: 14 + below(4)
        case 2: below(60) == 0 ? 250 + below(20) : below(30)
        default: below(6)
        }
    }

    mutating func string() -> String {
        let alphabets: [[UnicodeScalar]] = [
            Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-./".unicodeScalars),
            Array("àáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿß".unicodeScalars),
            Array("日本語中文한국어ΩμέγαПривет".unicodeScalars),
            Array("😀😎🎉🚀𝄞𐍈🀄\u{10FFFF}\u{1F9D1}".unicodeScalars),
            Array("\u{0}\u{7F}\u{FEFF}\u{FFFD}\u{2028}\t\n".unicodeScalars),
        ]
        let length = below(8) == 0 ? 14 + below(260) : below(12)
        var scalars = String.UnicodeScalarView()
        // Mostly one alphabet (often pure ASCII), sometimes a mixture.
        let mixed = below(3) == 0
        var alphabet = below(2) == 0 ? alphabets[0] : pick(alphabets)
        for _ in 0..<length {
            if mixed { alphabet = pick(alphabets) }
            scalars.append(pick(alphabet))
        }
        return String(scalars)
    }

    mutating func integer() -> PlistInteger {
        let boundaries: [Int64] = [0, 1, -1, 127, 128, 255, 256, 65535, 65536, 0xFFFF_FFFF, 0x1_0000_0000,
                                   Int64.max, Int64.min, Int64.min + 1, -128, -129, -65536, Int64(Int32.min)]
        switch below(6) {
        case 0: return PlistInteger(pick(boundaries))
        case 1: return PlistInteger(UInt64(Int64.max) + 1 + next() % UInt64(Int64.max))  // 16-byte ints
        case 2: return PlistInteger(pick([UInt64.max, UInt64(Int64.max) + 1, UInt64.max - 1]))
        case 3: return PlistInteger(Int64(bitPattern: next()))
        default: return PlistInteger(Int64(bitPattern: next()) >> Int64(below(64)))
        }
    }

    mutating func real() -> Double {
        let specials: [Double] = [0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNormalMagnitude,
                                  .greatestFiniteMagnitude, 1, -1, 0.1, 1e-300, 1e300, .pi]
        switch below(4) {
        case 0: return pick(specials)
        case 1: return Double(bitPattern: next())  // any bits, NaN payloads included
        default: return Double(Int64(bitPattern: next()) >> 20) / 1024
        }
    }

    mutating func date() -> Date {
        if options.microsecondDates {
            // Year 1 … 9999 is about −63.1e9 … +252.4e9 seconds from 2001.
            let microseconds: Int64
            switch below(3) {
            case 0: microseconds = Int64(below(2_000_000_000)) * 1_000_000 - 1_000_000_000_000_000
            case 1: microseconds = Int64(bitPattern: next() % 300_000_000_000_000_000) - 60_000_000_000_000_000
            default: microseconds = Int64(below(1_000_000_000)) - 500_000_000
            }
            return Date(timeIntervalSinceReferenceDate: Double(microseconds) / 1e6)
        }
        switch below(3) {
        case 0: return Date(timeIntervalSinceReferenceDate: pick([0, -978_307_200, 1e-7, -1e15, 63_113_904_000, -0.0]))
        case 1: return Date(timeIntervalSinceReferenceDate: Double(Int64(bitPattern: next()) >> 24) / 7)
        default: return Date(timeIntervalSinceReferenceDate: Double(below(2_000_000_000)) - 1e9)
        }
    }

    mutating func data() -> Data {
        let length = below(10) == 0 ? below(3000) : below(20)
        var bytes = [UInt8]()
        bytes.reserveCapacity(length)
        for _ in 0..<length { bytes.append(UInt8(truncatingIfNeeded: next())) }
        return Data(bytes)
    }

    mutating func uid() -> UInt64 {
        let bound = options.maximumUID
        let raw: UInt64
        switch below(4) {
        case 0: raw = next() & 0xFF
        case 1: raw = next() & 0xFFFF
        case 2: raw = next() & 0xFFFF_FFFF
        default: raw = next()
        }
        return bound == .max ? raw : raw % (bound + 1)
    }
}
