import Foundation
import Testing
import TestSupport
import PlistKit

/// plutil's key order, computed natively, against Foundation's locale-aware comparison
/// (what plutil sorts with) on keys short enough not to crash it.
@Suite struct PlutilKeyOrderTests {
    /// Foundation's order: `compare` with plutil's options in the root locale. Only safe for
    /// keys under about 128 UTF-16 units (longer ones can kill the process on Linux).
    static func foundationPrecedes(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive, .forcedOrdering], range: nil, locale: Locale(identifier: "")) == .orderedAscending
    }


    /// ASCII letters, digits, punctuation and symbols, space, accented Latin (precomposed and
    /// with combining marks), Greek, CJK, emoji and a few letters whose case folding is
    /// special.
    static let alphabet: [String] = {
        var pieces = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        pieces += ["a", "e", "i", "o", "s", "A", "E", "I", "O", "S", "0", "1", "9", "0", "1"]
        pieces += ["á", "à", "ä", "Ä", "é", "É", "ê", "ñ", "Ñ", "ø", "Å", "ç", "ß", "ẞ", "ı", "İ", "œ", "Œ", "ǅ", "ﬀ", "ſ"]
        pieces += ["\u{301}", "\u{300}", "\u{308}", "\u{327}", "\u{323}", "\u{302}"]
        pieces += ["α", "Α", "ω", "Ω", "ς", "σ", "Σ", "ά", "ΐ"]
        pieces += ["中", "日", "本", "語", "한", "ア", "ｱ", "Ａ", "①"]
        pieces += ["😀", "🎉", "👍", "𝒜", "\u{200D}", "\u{FFFD}", "\u{00A0}", "—", "«", "»", "€", "½"]
        return pieces
    }()

    static func randomKeys(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix64(seed: seed)
        var keys: [String] = []
        while keys.count < count {
            let length = Int.random(in: 0...12, using: &generator)
            var key = ""
            for _ in 0..<length { key += alphabet.randomElement(using: &generator)! }
            // Some keys share a prefix with an earlier one, so the walk gets past the start.
            if let earlier = keys.randomElement(using: &generator), Bool.random(using: &generator) {
                key = String(earlier.prefix(Int.random(in: 0...earlier.count, using: &generator))) + key
            }
            if key.utf16.count < 60 { keys.append(key) }
        }
        return keys
    }

    /// Seeds 1 to 3 by default, 1 to 8 in the full run (`TestTools.fullRun`).
    @Test(arguments: TestTools.scaled([1 as UInt64, 2, 3], full: [1, 2, 3, 4, 5, 6, 7, 8]))
    func randomKeysSortAsFoundationSortsThem(seed: UInt64) {
        let keys = Self.randomKeys(count: 1500, seed: seed)
        let ours = PlutilKeyOrder.sorted(keys.map { PlistKey($0) })
        let theirs = keys.sorted(by: Self.foundationPrecedes)
        let oursText = ours.map { $0.string }
        #expect(oursText.elementsEqual(theirs) { $0.unicodeScalars.elementsEqual($1.unicodeScalars) })
        // Every pair as well, so a difference is shown on the two keys that cause it.
        var mismatches: [String] = []
        for (index, a) in keys.prefix(300).enumerated() {
            for b in keys.prefix(300).dropFirst(index + 1) {
                let mine = PlutilKeyOrder.areInIncreasingOrder(a, b), foundation = Self.foundationPrecedes(a, b)
                if mine != foundation, mismatches.count < 10 { mismatches.append("\(a.debugDescription) < \(b.debugDescription): ours \(mine)") }
                let mineBack = PlutilKeyOrder.areInIncreasingOrder(b, a), foundationBack = Self.foundationPrecedes(b, a)
                if mineBack != foundationBack, mismatches.count < 10 { mismatches.append("\(b.debugDescription) < \(a.debugDescription): ours \(mineBack)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Keys of 65 to 120 UTF-16 units: past 64 units CF compares the rests run by run
    /// instead of whole. Below 128 units no run can overflow CF's buffer, so Foundation
    /// still answers.
    @Test(arguments: [11 as UInt64, 12, 13, 14])
    func longerKeysSortAsFoundationSortsThem(seed: UInt64) {
        var generator = SplitMix64(seed: seed)
        let stems = Self.randomKeys(count: 60, seed: seed)
        var keys: [String] = []
        while keys.count < 400 {
            var key = stems.randomElement(using: &generator)!
            while key.utf16.count < 65 {
                key += [" ", "a", "A", "b", "é", "1", "-", "x", "X", "ß", "\u{301}"].randomElement(using: &generator)!
                if Bool.random(using: &generator) { key += stems.randomElement(using: &generator)! }
            }
            if key.utf16.count <= 120 { keys.append(key) }
        }
        let ours = PlutilKeyOrder.sorted(keys.map { PlistKey($0) }).map { $0.string }
        let theirs = keys.sorted(by: Self.foundationPrecedes)
        #expect(ours.elementsEqual(theirs) { $0.unicodeScalars.elementsEqual($1.unicodeScalars) })
    }

    /// A hand-picked list in the order plutil gives it: punctuation and symbols before
    /// digits before letters, numbers by value, case and accents after base letters.
    static let knownOrder = [
        "_", "-", ",", ";", ":", "!", "?", ".", "'", "\"", "(", ")", "[", "{", "@", "*", "/", "\\", "&", "#", "%", "`", "^", "+",
        "<", "=", ">", "|", "~", "😀", "$", "0", "00", "1", "2", "10", "a", "A", "a\u{301}", "ä", "Ä", "a b", "a_b", "a-b",
        "a.b", "a9", "a09", "a009", "a10", "ab", "aB", "Ab", "ab ", "ae", "b", "B", "ǅ", "e", "E", "é", "ê", "é9", "é10",
        "f", "ff", "ﬀ", "i", "I", "İ", "ı", "ss", "ß", "x1y", "x01y", "x1z", "z", "Z", "ω", "Ω", "中", "日本", "\u{FFFD}",
    ]

    @Test func knownOrderHolds() {
        let shuffled = Self.knownOrder.reversed().map { PlistKey($0) }
        #expect(PlutilKeyOrder.sorted(shuffled).map(\.string) == Self.knownOrder)
        #expect(Self.knownOrder.sorted(by: Self.foundationPrecedes) == Self.knownOrder)
    }

    /// Keys over 128 UTF-16 units that differ only in case killed Foundation's comparison
    /// (and so `plutil -p`); they sort like short ones: lowercase first.
    @Test func longKeysDifferingInCaseSort() throws {
        let lower = "x" + String(repeating: "a", count: 127) + " " + String(repeating: "a", count: 65)
        let upper = "X" + String(repeating: "a", count: 127) + " " + String(repeating: "a", count: 65)
        #expect(PlutilKeyOrder.sorted([PlistKey(upper), PlistKey(lower)]).map(\.string) == [lower, upper])
        #expect(PlutilKeyOrder.areInIncreasingOrder(lower, upper))
        #expect(!PlutilKeyOrder.areInIncreasingOrder(upper, lower))
        // Short versions of the same shape, where Foundation can answer, agree.
        let shortLower = "x" + String(repeating: "a", count: 20) + " " + String(repeating: "a", count: 10)
        let shortUpper = "X" + String(repeating: "a", count: 20) + " " + String(repeating: "a", count: 10)
        #expect(Self.foundationPrecedes(shortLower, shortUpper) && PlutilKeyOrder.areInIncreasingOrder(shortLower, shortUpper))

        // The JSON writer sorts them without dying.
        let value: Plist = .dictionary([PlistKey(upper): 2, PlistKey(lower): 1, "b": 3])
        let json = String(decoding: try value.encoded(as: .json, options: .plutil), as: UTF8.self)
        let lowerAt = try #require(json.range(of: lower)), upperAt = try #require(json.range(of: upper))
        #expect(lowerAt.lowerBound < upperAt.lowerBound)
        #expect(try #require(json.range(of: "\"b\"")).lowerBound < lowerAt.lowerBound)
        // Long keys with many case-differing runs and accents, in both orders.
        let many = (0..<40).map { index in
            PlistKey((index % 2 == 0 ? "Ab" : "aB") + String(repeating: "é a", count: 50 + index % 5) + "\(index)")
        }
        let sorted = PlutilKeyOrder.sorted(many)
        #expect(Set(sorted) == Set(many))
        #expect(PlutilKeyOrder.sorted(sorted) == sorted)
    }

    /// 100,000 keys (20,000 by default, outside the full run) sort in reasonable time (plutil's
    /// order is consulted on every `-p`, `-convert json -r` and literal conversion).
    @Test func manyKeysSortQuickly() {
        let count = TestTools.scaled(20_000, full: 100_000)
        let keys = (0..<count).map { PlistKey("key_\($0 * 7919 % 100_003)_\($0 % 3 == 0 ? "Name" : "name")") }
        let clock = ContinuousClock()
        var sorted: [PlistKey] = []
        let elapsed = clock.measure { sorted = PlutilKeyOrder.sorted(keys) }
        #expect(sorted.count == keys.count)
        #expect(elapsed < .seconds(60), "\(elapsed)")  // 100,000 keys, debug build, shared machine: about 11 s here; release about 0.3 s
        for (a, b) in zip(sorted.prefix(2000), sorted.prefix(2000).dropFirst()) {
            #expect(PlutilKeyOrder.areInIncreasingOrder(a.string, b.string))
        }
    }
}
