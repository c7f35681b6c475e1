import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// Every kind of malformed binary plist is rejected with its own code and a position, at
/// once, without crashing or allocating what the file cannot justify.
@Suite struct BinaryMalformedTests {
    private func expectError(_ code: PlistError.Code, _ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let value = try Plist(decoding: bytes)
            Issue.record("expected \(code), decoded \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
            #expect(error.location != nil, sourceLocation: sourceLocation)
        }
        // The lazy view finds the same fault when it decodes the whole value.
        do throws(PlistError) {
            let value = try BinaryPlistView(Data(bytes)).root.plist()
            Issue.record("view: expected \(code), decoded \(value)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == code, "view: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// `[1, "a"]`: a valid file to damage.
    private var valid: BinaryBuilder {
        var builder = BinaryBuilder([
            [0xA2, 0x01, 0x02],  // array of 2: refs 1, 2
            [0x10, 0x01],        // int 1
            [0x51, 0x61],        // ASCII "a"
        ])
        builder.top = 0
        return builder
    }

    @Test func validBaselineDecodes() throws {
        #expect(try Plist(decoding: valid.bytes) == [1, "a"])
    }

    @Test func everyTruncationIsAnError() {
        let bytes = valid.bytes
        for length in 0..<bytes.count {
            #expect(throws: PlistError.self) { try Plist(decoding: bytes.prefix(length), format: .binary) }
        }
    }

    @Test func truncatedFileIsTruncated() {
        expectError(.truncated, Array("bplist00".utf8) + [0x08])
    }

    @Test func badHeader() {
        var bytes = valid.bytes
        bytes[0] = UInt8(ascii: "x")
        #expect(throws: PlistError.self) { try Plist(decoding: bytes, format: .binary) }
        do { _ = try Plist(decoding: bytes, format: .binary) } catch { #expect(error.code == .badHeader) }
    }

    @Test func refSizeZeroOrNine() {
        var builder = valid
        builder.refSize = 0
        expectError(.badTrailer, builder.bytes)
        builder.refSize = 9
        expectError(.badTrailer, builder.bytes)
    }

    @Test func offsetSizeZeroOrNine() {
        var builder = valid
        builder.offsetSize = 0
        expectError(.badTrailer, builder.bytes)
        builder.offsetSize = 9
        expectError(.badTrailer, builder.bytes)
    }

    @Test func impossibleTrailerFields() {
        var builder = valid
        builder.countOverride = 0
        expectError(.badTrailer, builder.bytes)
        builder = valid
        builder.top = 3  // only objects 0…2 exist
        expectError(.badTrailer, builder.bytes)
        builder = valid
        builder.tableOffsetOverride = 1 << 40
        expectError(.badTrailer, builder.bytes)
        builder = valid
        builder.countOverride = UInt64.max  // count × offset size overflows
        expectError(.badTrailer, builder.bytes)
        builder = valid
        builder.countOverride = 300  // more objects than 1-byte refs can name
        expectError(.badTrailer, builder.bytes)
    }

    @Test func offsetOutOfRange() {
        var builder = valid
        builder.offsetOverrides[1] = 200  // past the offset table
        expectError(.offsetOutOfRange, builder.bytes)
        builder.offsetOverrides[1] = 3  // inside the header
        expectError(.offsetOutOfRange, builder.bytes)
    }

    @Test func refOutOfRange() {
        var builder = valid
        builder.objects[0] = [0xA2, 0x01, 0x09]  // ref 9 of 3 objects
        expectError(.refOutOfRange, builder.bytes)
    }

    @Test func countOverflowAndHugeCounts() {
        var builder = valid
        // Array whose count is an 8-byte int 2⁶³ + 1: count × ref size overflows.
        builder.objects[0] = [0xAF, 0x13, 0x80, 0, 0, 0, 0, 0, 0, 0x01, 0x01, 0x02]
        expectError(.countTooLarge, builder.bytes)
        // Data of 2⁶⁰ bytes in a file of under 100 bytes.
        builder.objects[0] = [0x4F, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0]
        let bytes = builder.bytes
        #expect(bytes.count < 100)
        expectError(.countTooLarge, bytes)
        // Dictionary of 2⁶⁰ entries, string of 2⁶⁰ UTF-16 units.
        builder.objects[0] = [0xDF, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0]
        expectError(.countTooLarge, builder.bytes)
        builder.objects[0] = [0x6F, 0x13, 0x10, 0, 0, 0, 0, 0, 0, 0]
        expectError(.countTooLarge, builder.bytes)
        // A count whose own marker is not an integer.
        builder.objects[0] = [0xAF, 0x51, 0x61]
        expectError(.countTooLarge, builder.bytes)
    }

    @Test func arrayContainingItself() {
        expectError(.cyclicReference, BinaryBuilder([[0xA1, 0x00]]).bytes)
    }

    @Test func cycleThroughOtherContainers() {
        var builder = BinaryBuilder([
            [0xA1, 0x01],        // 0: [ref 1]
            [0xD1, 0x02, 0x00],  // 1: {ref 2: ref 0}
            [0x51, 0x6B],        // 2: "k"
        ])
        builder.top = 0
        expectError(.cyclicReference, builder.bytes)
    }

    @Test func sharedObjectsAreNotCycles() throws {
        let builder = BinaryBuilder([
            [0xA3, 0x01, 0x01, 0x01],  // [ref 1, ref 1, ref 1]
            [0xA1, 0x02],              // [ref 2]
            [0x10, 0x07],
        ])
        #expect(try Plist(decoding: builder.bytes) == [[7], [7], [7]])
    }

    @Test func dictionaryWithNonStringKey() {
        let builder = BinaryBuilder([
            [0xD1, 0x01, 0x02],  // {ref 1: ref 2}
            [0x10, 0x05],        // key: int 5
            [0x51, 0x76],
        ])
        expectError(.nonStringKey, builder.bytes)
    }

    /// Object `i` is `[ref i+1]`; the last is an empty array.
    private func nested(_ depth: Int) -> [UInt8] {
        var objects: [[UInt8]] = (0..<depth).map { [0xA1] + BinaryBuilder.bigEndian(UInt64($0 + 1), size: 2) }
        objects.append([0xA0])
        var builder = BinaryBuilder(objects)
        builder.refSize = 2
        builder.offsetSize = 2
        return builder.bytes
    }

    @Test func nestingBeyondTheLimit() throws {
        expectError(.depthLimitExceeded, nested(600))
        #expect(throws: Never.self) { try Plist(decoding: nested(500)) }
        var options = PlistReadingOptions()
        options.maximumDepth = 10
        #expect(throws: PlistError.self) { try Plist(decoding: nested(11), options: options) }
    }

    @Test func unknownMarkersAndNull() {
        for marker: UInt8 in [0x0C, 0x24, 0x34, 0x70, 0x90, 0xB0, 0xE0, 0xF0, 0x15] {
            expectError(.unknownObject, BinaryBuilder([[marker, 0, 0, 0, 0, 0, 0, 0, 0]]).bytes)
        }
        expectError(.unsupportedObject, BinaryBuilder([[0x00]]).bytes)
    }

    @Test func sixteenByteIntegers() throws {
        // 2⁶⁴ − 1: high half zero.
        let max: [UInt8] = [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
        #expect(try Plist(decoding: BinaryBuilder([max]).bytes) == .integer(.max))
        // −1 sign-extended to 128 bits.
        let minusOne: [UInt8] = [0x14] + [UInt8](repeating: 0xFF, count: 16)
        #expect(try Plist(decoding: BinaryBuilder([minusOne]).bytes) == -1)
        // 2⁶⁴: would be truncated to 0 by Foundation; here it is an error.
        let tooBig: [UInt8] = [0x14] + BinaryBuilder.bigEndian(1, size: 8) + [UInt8](repeating: 0, count: 8)
        expectError(.invalidInteger, BinaryBuilder([tooBig]).bytes)
    }


    /// Integers of 1 to 8 bytes and reals are read from their marker alone; each width
    /// decodes as before, and one whose payload runs into the offset table is truncated.
    @Test func numbersOfEveryWidth() throws {
        let elements: [[UInt8]] = [
            [0x10, 0xFF],                                          // 255
            [0x11, 0x01, 0x00],                                    // 256
            [0x12, 0x80, 0x00, 0x00, 0x00],                        // 2³¹
            [0x13] + [UInt8](repeating: 0xFF, count: 8),           // −1
            [0x13, 0x80] + [UInt8](repeating: 0, count: 7),        // −2⁶³
            [0x22] + BinaryBuilder.bigEndian(UInt64(Float(1.5).bitPattern), size: 4),
            [0x23] + BinaryBuilder.bigEndian(Double(-0.25).bitPattern, size: 8),
        ]
        let array: [UInt8] = [0xA0 | UInt8(elements.count)] + (1...elements.count).map { UInt8($0) }
        let value = try Plist(decoding: BinaryBuilder([array] + elements).bytes)
        #expect(value == [255, 256, .integer(PlistInteger(Int64(1) << 31)), -1, .integer(PlistInteger(Int64.min)), .real32(1.5), .real(-0.25)])
        for marker: UInt8 in [0x10, 0x11, 0x12, 0x13, 0x22, 0x23] {
            // The marker is the last byte of the object area: its payload would be the offset table.
            expectError(.truncated, BinaryBuilder([[0xA1, 0x01], [marker]]).bytes)
        }
    }
    @Test func invalidStrings() {
        expectError(.invalidString, BinaryBuilder([[0x52, 0x61, 0xE9]]).bytes)           // ASCII with 0xE9
        expectError(.invalidString, BinaryBuilder([[0x61, 0xD8, 0x3D]]).bytes)           // lone high surrogate
        expectError(.invalidString, BinaryBuilder([[0x62, 0xDE, 0x00, 0x00, 0x41]]).bytes) // lone low surrogate
        expectError(.invalidString, BinaryBuilder([[0x62, 0xD8, 0x3D, 0xD8, 0x3D]]).bytes) // high, high
        expectError(.invalidString, BinaryBuilder([[0x62, 0xDE, 0x00, 0xD8, 0x3D]]).bytes) // low, high
        expectError(.invalidString, BinaryBuilder([[0x63, 0xD8, 0x3D, 0xDE, 0x00, 0xDE, 0x00]]).bytes) // pair, low
        expectError(.invalidString, BinaryBuilder([[0x63, 0x00, 0xE9, 0x00, 0x41, 0xD8, 0x3D]]).bytes) // é, A, high at the end
    }

    /// UTF-16 strings of every UTF-8 length transcode exactly: ASCII, two-, three- and
    /// four-byte scalars, and the edges between them.
    @Test func utf16StringsTranscode() throws {
        let text = "A\u{7F}\u{80}é\u{7FF}\u{800}中\u{D7FF}\u{E000}\u{FFFD}\u{FFFF}\u{10000}😀\u{10FFFF}z"
        let units = Array(text.utf16)
        let object: [UInt8] = [0x6F, 0x10, UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try Plist(decoding: BinaryBuilder([object]).bytes) == .string(text))
        // Strings are made from UTF-8 known to be valid, without a second validation: they
        // must be indistinguishable from the standard library's own.
        let plain = "plain ASCII text, longer than fifteen bytes"
        let ascii: [UInt8] = [0x5F, 0x10, UInt8(plain.utf8.count)] + Array(plain.utf8)
        let array: [UInt8] = [0xA2, 0x01, 0x02]
        let read = try Plist(decoding: BinaryBuilder([array, object, ascii]).bytes)
        let strings = try #require(read.array).compactMap(\.string)
        #expect(strings == [text, plain])
        for (decoded, expected) in zip(strings, [text, plain]) {
            #expect(decoded.hashValue == expected.hashValue)
            #expect(Array(decoded.utf8) == Array(expected.utf8))
            #expect(decoded.unicodeScalars.elementsEqual(expected.unicodeScalars))
            #expect(decoded.count == expected.count)
        }
    }

    /// Sets (marker 0xC), which plistlib refuses and Linux plutil crashes on, read as arrays.
    @Test func setsDecodeAsArrays() throws {
        let builder = BinaryBuilder([
            [0xC3, 0x01, 0x02, 0x03],  // set of refs 1, 2, 3
            [0x10, 0x07],
            [0x51, 0x61],
            [0xCF, 0x10, 0x00],        // empty set, count as a following int
        ])
        #expect(try Plist(decoding: builder.bytes) == [7, "a", []])
    }

    @Test func fillBytesBetweenObjectsAreSkipped() throws {
        var builder = BinaryBuilder([[0xA1, 0x01], [0x0F, 0x0F, 0x10, 0x2A]])
        builder.offsetOverrides[1] = 8 + 2 + 2  // object 1 starts after two fill bytes
        #expect(try Plist(decoding: builder.bytes) == [42])
    }

    @Test func exponentialPathsDecodeInLinearTime() throws {
        // Object i is [ref i+1, ref i+1]: 2⁶⁰ paths to the leaf through 61 objects.
        var objects: [[UInt8]] = (0..<60).map { (index: Int) -> [UInt8] in
            let next = UInt8(index + 1)
            return [0xA2, next, next]
        }
        objects.append([0x10, 0x01])
        let clock = ContinuousClock()
        let start = clock.now
        let value = try Plist(decoding: BinaryBuilder(objects).bytes)
        let encoded = try value.encoded(as: .binary)
        #expect(clock.now - start < .seconds(5))
        #expect(encoded.count < 500)
        var depth = 0
        var current = value
        while case .array(let elements) = current { depth += 1; current = elements[1] }
        #expect(depth == 60)
    }

    /// Seeded random damage to valid files: every result is a value or a PlistError.
    @Test func randomCorruptionNeverCrashes() throws {
        let value: Plist = ["name": "x", "list": [1, 2.5, true, "ü🙂", .data(Data(repeating: 7, count: 40))], "n": .integer(.max), "u": .uid(300)]
        let bytes = [UInt8](try value.encoded(as: .binary))
        var generator = SplitMix64(seed: 42)
        for _ in 0..<5_000 {
            var damaged = bytes
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let index = Int(generator.next() % UInt64(damaged.count))
                damaged[index] = UInt8(truncatingIfNeeded: generator.next())
            }
            _ = try? Plist(decoding: damaged, format: .binary)
        }
    }
}

