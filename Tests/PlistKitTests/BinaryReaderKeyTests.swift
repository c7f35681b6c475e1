import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// Dictionary keys as the binary reader reads them: short ASCII keys made inline, longer
/// ones through the thread's key cache, and repeats found by two-word prints. Every answer
/// is checked against plistlib's reading of the same rules (a repeated key keeps its first
/// position and its last value) and against Foundation where Foundation reads the file.
@Suite struct BinaryReaderKeyTests {
    /// A dictionary object whose keys are ASCII string objects `keys` and whose values are
    /// the integers 0, 1, … in that order, as a file.
    private func dictionaryFile(_ keys: [String]) -> [UInt8] {
        var objects: [[UInt8]] = []
        let count = keys.count
        var dictionary: [UInt8] = count < 15 ? [0xD0 | UInt8(count)] : [0xDF, 0x10, UInt8(count)]
        dictionary += (1...count).map { UInt8($0) } + (1...count).map { UInt8(count + $0) }
        objects.append(dictionary)
        for key in keys {
            let utf8 = Array(key.utf8)
            objects.append((utf8.count < 15 ? [0x50 | UInt8(utf8.count)] : [0x5F, 0x10, UInt8(utf8.count)]) + utf8)
        }
        for value in 0..<count { objects.append([0x10, UInt8(value)]) }
        var builder = BinaryBuilder(objects)
        builder.offsetSize = 2
        return builder.bytes
    }

    /// plistlib's reading of a dictionary file: its items, as Python prints them.
    private func plistlibItems(_ bytes: [UInt8]) throws -> String {
        let script = "import plistlib, sys; print(list(plistlib.loads(sys.stdin.buffer.read()).items()))"
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", script], stdin: Data(bytes))
        return String(decoding: result.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Keys of every length around the inline limit (15 bytes) and the cache's (16 … 64).
    private static let lengths = [1, 8, 14, 15, 16, 17, 24, 63, 64, 65, 100]

    @Test func keysOfEveryLengthReadBackExactly() throws {
        let keys = Self.lengths.map { length in String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) }) + "" }
        // Twice in a row on one thread: the second read finds the long keys in the cache.
        for _ in 0..<2 {
            let value = try Plist(decoding: dictionaryFile(keys))
            guard case .dictionary(let entries) = value else { Issue.record("not a dictionary: \(value)"); return }
            #expect(entries.keys.map(\.string) == keys)
            #expect(entries.values.map(\.integer) == keys.indices.map { .init($0) })
        }
    }

    @Test func manyDocumentsThroughTheCacheGiveTheirOwnKeys() throws {
        // More distinct long keys than the cache has slots, in documents read one after
        // another: every key that lands on a taken slot replaces it, and none is confused.
        for document in 0..<40 {
            let keys = (0..<20).map { "ExampleLongKeyName_\(document)_\($0 % 7)_\($0)" }
            let value = try Plist(decoding: dictionaryFile(keys))
            guard case .dictionary(let entries) = value else { Issue.record("not a dictionary"); return }
            #expect(entries.keys.map(\.string) == keys, "document \(document)")
            // The same keys again, in another order.
            let reversed = Array(keys.reversed())
            guard case .dictionary(let again) = try Plist(decoding: dictionaryFile(reversed)) else { return }
            #expect(again.keys.map(\.string) == reversed)
        }
    }

    @Test func repeatedKeysKeepTheFirstPositionAndTheLastValue() throws {
        // Equal keys stored as different objects (a writer that does not unique strings).
        for key in ["k", "CFBundleIdentifier", "NSAppTransportSecurityExceptionDomains"] {
            let value = try Plist(decoding: dictionaryFile([key, "other", key, "last"]))
            #expect(value == .dictionary([PlistKey(key): 2, "other": 1, "last": 3]))
            #expect(try plistlibItems(dictionaryFile([key, "other", key, "last"])) == "[('\(key)', 2), ('other', 1), ('last', 3)]")
        }
    }

    @Test func keysWithEqualEndsAreDistinct() throws {
        // The same length and the same first and last eight bytes: the prints agree and the
        // keys are compared in full.
        let keys = ["PrefixABCD_1_SuffixWXYZ", "PrefixABCD_2_SuffixWXYZ", "PrefixABCD_3_SuffixWXYZ"]
        let value = try Plist(decoding: dictionaryFile(keys))
        guard case .dictionary(let entries) = value else { Issue.record("not a dictionary"); return }
        #expect(entries.keys.map(\.string) == keys)
    }

    @Test func aUTF16KeyEqualToAnASCIIKeyIsARepeat() throws {
        // "CFBundleIdentifier" once as ASCII, once as UTF-16: one key, as CF and plistlib read it.
        let key = "CFBundleIdentifier"
        let utf16: [UInt8] = [0x6F, 0x10, UInt8(key.utf16.count)] + key.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let builder = BinaryBuilder([
            [0xD2, 1, 2, 3, 4],
            [0x5F, 0x10, UInt8(key.utf8.count)] + Array(key.utf8),
            utf16,
            [0x10, 7],
            [0x10, 9],
        ])
        #expect(try Plist(decoding: builder.bytes) == .dictionary([PlistKey(key): 9]))
    }

    @Test func aLongKeyWithAHighByteIsAnError() {
        for length in [20, 64, 80] {
            var bytes = Array(repeating: UInt8(ascii: "k"), count: length)
            bytes[length / 2] = 0xC3
            let builder = BinaryBuilder([[0xD1, 1, 2], [0x5F, 0x10, UInt8(length)] + bytes, [0x10, 1]])
            do {
                let value = try Plist(decoding: builder.bytes)
                Issue.record("decoded \(value)")
            } catch {
                #expect(error.code == .invalidString)
                // The position of the byte: header, dictionary (3 bytes), marker and count.
                #expect(error.location == .offset(8 + 3 + 3 + length / 2))
            }
        }
    }

    @Test func aNonStringKeyIsAnErrorWhateverItsShape() {
        for key: [UInt8] in [[0x10, 1], [0x08], [0x23, 0, 0, 0, 0, 0, 0, 0, 0], [0xA0]] {
            let builder = BinaryBuilder([[0xD1, 1, 2], key, [0x10, 1]])
            #expect(throws: PlistError.self) { try Plist(decoding: builder.bytes) }
            do { _ = try Plist(decoding: builder.bytes) } catch { #expect(error.code == .nonStringKey) }
        }
    }

    @Test func threadsReadTheirOwnKeys() async throws {
        // Each task reads documents whose long keys differ from every other task's; the
        // thread caches must give each its own.
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<6 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<200 {
                        let keys = (0..<5).map { "TaskSpecificKey_\(task)_\(round % 13)_\($0)" }
                        guard case .dictionary(let entries)? = try? Plist(decoding: dictionaryFile(keys)),
                              entries.keys.map(\.string) == keys else { mismatches += 1; continue }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
