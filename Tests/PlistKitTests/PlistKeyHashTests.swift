import Foundation
import Testing
@testable import PlistKit

/// The hash a key files under in a hash table (`PlistKey._rawHashValue(seed:)`): equal keys
/// alike whatever their string's storage, every byte and the length telling keys apart, the
/// table's seed changing it, and tables of many keys spreading them over their buckets.
@Suite struct PlistKeyHashTests {
    /// Text of `length` bytes, ASCII, different at each position.
    private func text(_ length: Int, salt: Int = 0) -> String {
        String(decoding: (0..<length).map { UInt8(33 + ($0 * 7 + salt) % 90) }, as: UTF8.self)
    }

    /// The same text held as a small string, a native one, one taken out of a larger string
    /// and one read back from an `NSString`.
    private func storages(of text: String) -> [String] {
        let padded = "<<" + text + ">>"
        let inner = padded.dropFirst(2).dropLast(2)
        var native = text
        native.reserveCapacity(64)  // moves even a short text into storage of its own
        return [text, native, String(inner), String(NSString(string: text))]
    }

    @Test func equalKeysHashAlikeInEveryStorage() {
        for length in 0...70 {
            let forms = storages(of: text(length)).map { PlistKey($0) }
            for seed in [0, 1, -1, 0x5EED, Int.max] {
                let hashes = Set(forms.map { $0._rawHashValue(seed: seed) })
                #expect(hashes.count == 1, "length \(length), seed \(seed)")
            }
            #expect(Set(forms.map { $0.hashValue }).count == 1, "length \(length)")
        }
    }

    @Test func everyByteAndTheLengthCount() {
        for length in 1...70 {
            let base = Array(text(length).utf8)
            let hash = PlistKey(String(decoding: base, as: UTF8.self))._rawHashValue(seed: 7)
            for position in base.indices {
                for bit in [0, 3, 6] {
                    var changed = base
                    changed[position] ^= 1 << bit
                    let other = PlistKey(String(decoding: changed, as: UTF8.self))._rawHashValue(seed: 7)
                    #expect(other != hash, "length \(length), byte \(position), bit \(bit)")
                }
            }
            // A NUL more at the end: the same bytes read as the shorter key's, then one more.
            let longer = PlistKey(String(decoding: base + [0], as: UTF8.self))._rawHashValue(seed: 7)
            #expect(longer != hash, "length \(length) and a NUL")
        }
        #expect(PlistKey("")._rawHashValue(seed: 7) != PlistKey("\u{0}")._rawHashValue(seed: 7))
    }

    @Test func theSeedChangesTheHash() {
        for key in [PlistKey(""), "CFBundleIdentifier", PlistKey(text(40))] {
            #expect(Set((0..<1000).map { key._rawHashValue(seed: $0) }).count == 1000, "\(key)")
        }
    }

    @Test func manyKeysSpreadOverTheBuckets() {
        // 100,000 keys in 2^17 buckets (by the hash's low bits, as a table picks them): a
        // uniform hash leaves m·(1 − e^(−n/m)) buckets taken, within a fraction of a percent.
        let bucketBits = 17
        let families: [(String, (Int) -> String)] = [
            ("numbered", { "key\($0)" }),
            ("long, numbered last", { "CFBundleDocumentTypes.LSItemContentTypes.\($0)" }),
            ("long, numbered first", { "\($0).NSAppTransportSecurity.NSExceptionDomains" }),
            ("eight-byte words", { String(format: "%016x", $0 &* 0x1_0000_0001) }),
        ]
        let count = 100_000
        let buckets = Double(1 << bucketBits)
        let expected = buckets * (1 - exp(-Double(count) / buckets))
        for (name, key) in families {
            for seed in [0, 0x7F3A_5000] {
                var taken = Set<Int>()
                for index in 0..<count {
                    taken.insert(PlistKey(key(index))._rawHashValue(seed: seed) & (1 << bucketBits - 1))
                }
                #expect(Double(taken.count) > expected * 0.99, "\(name), seed \(seed): \(taken.count) of \(Int(expected))")
            }
        }
    }

    @Test func tablesOfKeysFindEveryKey() {
        // Canonically equivalent keys are different keys, here as everywhere in PlistKit.
        let keys = (0..<5000).map { PlistKey("key.\($0)") } + ["é", "e\u{301}", "", "\u{0}"]
        var table: [PlistKey: Int] = [:]
        var ordered = PlistDictionary()
        for (index, key) in keys.enumerated() {
            table[key] = index
            ordered[key] = .integer(PlistInteger(index))
        }
        #expect(table.count == keys.count)
        #expect(ordered.count == keys.count)
        for (index, key) in keys.enumerated() {
            // Looked up through a key made anew from the same bytes.
            #expect(table[PlistKey(String(decoding: Array(key.string.utf8), as: UTF8.self))] == index)
            #expect(ordered[key] == .integer(PlistInteger(index)))
        }
    }
}
