import Foundation
import PlistKit
import Testing

/// True when `a` and `b` are identical (see `Canonical.identical`) and, beyond that, every
/// string and key holds the same Unicode scalars: Swift's `==` on strings is canonical
/// equivalence, under which "é" and "e\u{301}" are equal although a file stores them apart.
func identicalScalars(_ a: Plist, _ b: Plist) -> Bool {
    guard Canonical.identical(a, b) else { return false }
    return sameScalars(a, b)
}

private func sameScalars(_ a: Plist, _ b: Plist) -> Bool {
    switch (a, b) {
    case let (.string(x), .string(y)):
        return x.unicodeScalars.elementsEqual(y.unicodeScalars)
    case let (.array(x), .array(y)):
        return zip(x, y).allSatisfy(sameScalars)
    case let (.dictionary(x), .dictionary(y)):
        // Order-independent, as `Canonical.identical` is.
        return x.allSatisfy { key, value in
            guard let index = y.index(forKey: key) else { return false }
            return y.keys[index].string.unicodeScalars.elementsEqual(key.string.unicodeScalars) && sameScalars(value, y.values[index])
        }
    default:
        return true
    }
}

@Suite("Binary round trips")
struct BinaryRoundTripTests {
    /// Seeds spread over the runs; each gives one value.
    static let seeds: [UInt64] = Array(1...400)

    @Test(arguments: [0, 1, 2, 3])
    func ourWriterToOurReader(_ batch: Int) throws {
        for seed in BinaryRoundTripTests.seeds where seed % 4 == UInt64(batch) {
            var generator = RandomPlist(seed: seed)
            let value = generator.value()
            let bytes = try value.encoded(as: .binary)
            let read = try Plist(decoding: bytes)
            #expect(identicalScalars(read, value), "seed \(seed) changed on the way through")
            #expect(sameKeyOrder(read, value), "seed \(seed) changed key order")
            // Writing what we read gives the same bytes.
            #expect(try read.encoded(as: .binary) == bytes, "seed \(seed) re-encoded to other bytes")
        }
    }

    @Test func ourWriterToFoundationsReader() throws {
        // UIDs are limited to 32 bits: Foundation's binary reader rejects wider ones.
        var options = RandomPlist.Options()
        options.maximumUID = UInt64(UInt32.max)
        for seed in BinaryRoundTripTests.seeds.prefix(200) {
            var generator = RandomPlist(seed: seed ^ 0xF0F0, options: options)
            let value = generator.value()
            let bytes = try value.encoded(as: .binary)
            let read = try FoundationBridge.read(bytes)
            #expect(Canonical.identical(read, value), "seed \(seed): Foundation read another value")
        }
    }

    @Test func ourWriterToPlistlibsReader() throws {
        // plistlib's dates are whole-microsecond `datetime`s in years 1 … 9999.
        var options = RandomPlist.Options()
        options.microsecondDates = true
        var values: [Plist] = []
        for seed in BinaryRoundTripTests.seeds.prefix(150) {
            var generator = RandomPlist(seed: seed ^ 0x0F0F, options: options)
            values.append(generator.value())
        }
        #expect(values.allSatisfy(Plistlib.canHold))
        let results = try Plistlib.read(values.map { try $0.encoded(as: .binary) })
        for (index, (value, result)) in zip(values, results).enumerated() {
            switch result {
            case .success(let read):
                #expect(identicalScalars(read, value), "value \(index): plistlib read another value")
                #expect(sameKeyOrder(read, value), "value \(index): plistlib saw another key order")
            case .failure(let failure):
                Issue.record("value \(index): \(failure)")
            }
        }
    }

    @Test func foundationWriterToOurReader() throws {
        // The other direction for random values: Foundation writes what it can hold (no UIDs,
        // no key order), we read it back.
        var options = RandomPlist.Options()
        options.uids = false
        for seed in BinaryRoundTripTests.seeds.prefix(100) {
            var generator = RandomPlist(seed: seed ^ 0xABCD, options: options)
            let value = generator.value()
            let bytes = try value.encoded(as: .binary)
            let foundationValue = try PropertyListSerialization.propertyList(from: bytes, options: [], format: nil)
            let foundationBytes = try PropertyListSerialization.data(fromPropertyList: foundationValue, format: .binary, options: 0)
            #expect(Canonical.identical(try Plist(decoding: foundationBytes), value), "seed \(seed)")
        }
    }

    @Test func canonicallyEquivalentKeysStayDistinct() throws {
        // plistlib writes a dictionary whose keys differ only in normalization ("é" and
        // "e\u{301}"; these are its exact bytes); plistlib reads two entries, and so do we:
        // keys compare by exact Unicode scalars.
        let bytes = Data([
            0x62, 0x70, 0x6C, 0x69, 0x73, 0x74, 0x30, 0x30,  // bplist00
            0xD2, 0x01, 0x02, 0x03, 0x04,                    // 8: dict of 2, keys 1 2, values 3 4
            0x61, 0x00, 0xE9,                                // 13: "\u{E9}" (UTF-16)
            0x62, 0x00, 0x65, 0x03, 0x01,                    // 16: "e\u{301}" (UTF-16)
            0x10, 0x01, 0x10, 0x02,                          // 21: 1, 2
            0x08, 0x0D, 0x10, 0x15, 0x17,                    // 25: offset table
            0, 0, 0, 0, 0, 0, 1, 1,                          // trailer: offset size 1, ref size 1
            0, 0, 0, 0, 0, 0, 0, 5,                          // 5 objects
            0, 0, 0, 0, 0, 0, 0, 0,                          // top object 0
            0, 0, 0, 0, 0, 0, 0, 25,                         // offset table at 25
        ])
        let read = try Plist(decoding: bytes)
        guard case .dictionary(let entries) = read else { Issue.record("not a dictionary"); return }
        #expect(entries.count == 2)
        #expect(entries.keys.map { Array($0.string.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(entries[PlistKey("\u{E9}")] == 1 && entries[PlistKey("e\u{301}")] == 2)
    }

    @Test func generatorIsDeterministicAndCoversEveryCase() {
        var first = RandomPlist(seed: 42)
        var second = RandomPlist(seed: 42)
        #expect((0..<20).map { _ in first.value() } == (0..<20).map { _ in second.value() })

        var kinds = Set<String>()
        var sawLargeInteger = false, sawNonBMP = false, sawBigContainer = false
        func visit(_ value: Plist) {
            switch value {
            case .dictionary(let entries):
                kinds.insert("dictionary")
                sawBigContainer = sawBigContainer || entries.count > 15
                entries.keys.forEach { visit(.string($0.string)) }
                entries.values.forEach(visit)
            case .array(let elements):
                kinds.insert("array")
                sawBigContainer = sawBigContainer || elements.count > 15
                elements.forEach(visit)
            case .string(let string):
                kinds.insert("string")
                sawNonBMP = sawNonBMP || string.unicodeScalars.contains { $0.value > 0xFFFF }
            case .integer(let integer):
                kinds.insert("integer")
                sawLargeInteger = sawLargeInteger || integer.int64Value == nil
            case .real, .real32: kinds.insert("real")
            case .bool: kinds.insert("bool")
            case .date: kinds.insert("date")
            case .data: kinds.insert("data")
            case .uid: kinds.insert("uid")
            }
        }
        for seed in BinaryRoundTripTests.seeds.prefix(100) {
            var generator = RandomPlist(seed: seed)
            visit(generator.value())
        }
        #expect(kinds.count == 9)
        #expect(sawLargeInteger && sawNonBMP && sawBigContainer)
    }
}
