import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// Binary plists' UTF-16BE strings made into `String`s by PlistKit's one-pass transcoder,
/// against the standard library's own UTF-16 decoding, and unpaired surrogates reported at
/// the unit where they stand.
@Suite struct UTF16TranscodingTests {
    /// The big-endian bytes of `units`.
    private func bigEndian(_ units: [UInt16]) -> [UInt8] {
        units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    private func transcode(_ units: [UInt16]) throws(UTF8Strings.UnpairedSurrogate) -> String {
        let bytes = bigEndian(units)
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(UTF8Strings.UnpairedSurrogate) in try UTF8Strings.make(utf16BigEndian: raw, count: units.count) }
        }
        return try result.get()
    }

    /// Scalars of every UTF-8 length, ASCII runs of every length around the four-unit step,
    /// and pairs at the start, the middle and the end.
    @Test func randomStringsMatchTheStandardLibrary() throws {
        let pieces: [String] = ["a", "Zz", "abcd", "abcdefg", " ", "é", "ß", "ÿ", "Ā", "ő", "中", "文字", "ひらがな", "😀", "👩‍💻", "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFFF}", "\u{10000}", "\u{10FFFF}", "\u{0}"]
        var generator = SplitMix64(seed: 36)
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 24)
            let string = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let made = try transcode(Array(string.utf16))
            #expect(Array(made.utf8) == Array(string.utf8), "\(string.debugDescription)")
            #expect(made.utf8.count == string.utf8.count)
        }
    }

    @Test func emptyAndASCIIOnly() throws {
        #expect(try transcode([]) == "")
        for length in 0..<40 {
            let string = String(repeating: "x", count: length) + (length % 3 == 0 ? "" : "y")
            let made = try transcode(Array(string.utf16))
            #expect(made == string)
            #expect(made.utf8.count == string.utf8.count)
        }
    }

    @Test func unpairedSurrogatesAreReportedWhereTheyStand() {
        let cases: [(units: [UInt16], index: Int)] = [
            ([0xD83D], 0),                          // high at the end
            ([0x61, 0x62, 0x63, 0x64, 0xD83D], 4),  // after a run of four ASCII units
            ([0xDE00, 0x41], 0),                    // low first
            ([0x41, 0xD83D, 0x41], 1),              // high followed by no low
            ([0xD83D, 0xDE00, 0xDE00], 2),          // a pair, then a lone low
            ([0x4E2D, 0xD83D, 0xD83D, 0xDE00], 1),  // high followed by another high
        ]
        for (units, index) in cases {
            do {
                let string = try transcode(units)
                Issue.record("\(units) decoded as \(string.debugDescription)")
            } catch {
                #expect(error.index == index, "\(units)")
            }
        }
    }

    @Test func aBinaryFileWithALoneSurrogateNamesItsOffset() {
        // A UTF-16 string of three units, the second a lone high surrogate: the offset is the
        // header (8), the marker (1) and one unit (2).
        let builder = BinaryBuilder([[0x63, 0x00, 0x41, 0xD8, 0x3D, 0x00, 0x42]])
        do {
            let value = try Plist(decoding: builder.bytes)
            Issue.record("decoded \(value)")
        } catch {
            #expect(error.code == .invalidString)
            #expect(error.location == .offset(11))
        }
    }
}
