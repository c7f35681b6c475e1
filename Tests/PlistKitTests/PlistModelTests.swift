import Foundation
import OrderedCollections
import Testing
import PlistKit

@Suite struct PlistModelTests {
    @Test func literalsBuildEveryCase() {
        let value: Plist = ["s": "text", "i": -3, "r": 2.5, "b": true, "a": [1, "x"], "d": ["k": false]]
        #expect(value["s"]?.string == "text")
        #expect(value["i"]?.int == -3)
        #expect(value["r"]?.real == 2.5)
        #expect(value["b"]?.bool == true)
        #expect(value["a"]?[1]?.string == "x")
        #expect(value["d"]?["k"]?.bool == false)
        #expect(value["missing"] == nil)
        #expect(value["a"]?[5] == nil)
        #expect(value.dictionary?.keys.elements == ["s", "i", "r", "b", "a", "d"])
    }

    @Test func accessorsReturnNilForOtherCases() {
        let value: Plist = "x"
        #expect(value.int == nil && value.array == nil && value.dictionary == nil && value.data == nil)
        #expect(value.date == nil && value.uid == nil && value.real == nil && value.bool == nil)
        #expect(Plist.uid(4).uid == 4)
        #expect(Plist.data(Data([1])).data == Data([1]))
    }

    @Test func keyPathLookup() {
        let value: Plist = ["a": ["b": [["c": 42]]], "dotted.key": 1]
        #expect(value[keyPath: "a.b.0.c"] == 42)
        #expect(value[keyPath: "a.b.1.c"] == nil)
        #expect(value[keyPath: "a.x"] == nil)
        #expect(value[keyPath: "dotted\\.key"] == 1)
        #expect(Plist.keyPathComponents("a.b\\.c.0") == ["a", "b.c", "0"])
    }

    @Test func integersSpanTheWholeRange() {
        #expect(PlistInteger(decimal: "18446744073709551615") == .max)
        #expect(PlistInteger(decimal: "-9223372036854775808") == .min)
        #expect(PlistInteger(decimal: "18446744073709551616") == nil)
        #expect(PlistInteger(decimal: "-9223372036854775809") == nil)
        #expect(PlistInteger(decimal: "+7") == PlistInteger(7))
        #expect(PlistInteger(decimal: "abc") == nil)
        #expect(PlistInteger.max.int64Value == nil)
        #expect(PlistInteger.max.uint64Value == UInt64.max)
        #expect(PlistInteger(-1).uint64Value == nil)
        #expect(PlistInteger(exactly: UInt64(5)) == PlistInteger(Int64(5)))
        #expect(PlistInteger.min < PlistInteger(0) && PlistInteger(0) < .max)
        #expect(PlistInteger.max.description == "18446744073709551615")
        #expect(PlistInteger(300).exactly(UInt8.self) == nil)
        #expect(PlistInteger(200).exactly(UInt8.self) == 200)
    }

    @Test func equalityTreatsNaNAsEqualAndIgnoresDictionaryOrder() {
        #expect(Plist.real(.nan) == Plist.real(.nan))
        #expect(Plist.real(0.0) == Plist.real(-0.0))
        let a: Plist = ["x": 1, "y": 2]
        let b: Plist = ["y": 2, "x": 1]
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Plist.integer(1) != Plist.real(1))
        #expect(Plist.integer(1) != Plist.bool(true))
    }

    @Test func formatDetection() {
        #expect(PlistFormat.detect(Array("bplist00".utf8)) == .binary)
        #expect(PlistFormat.detect(Array("<?xml version=\"1.0\"?><plist/>".utf8)) == .xml)
        #expect(PlistFormat.detect([0xEF, 0xBB, 0xBF] + Array("<?xml".utf8)) == .xml)
        #expect(PlistFormat.detect([0xFE, 0xFF] + "<?xml".utf8.flatMap { [0, $0] }) == .xml)
        #expect(PlistFormat.detect([0xFF, 0xFE] + "<?xml".utf8.flatMap { [$0, 0] }) == .xml)
        #expect(PlistFormat.detect(Array("  {\"a\": 1}".utf8)) == .json)
        #expect(PlistFormat.detect(Array("[1, 2]".utf8)) == .json)
        #expect(PlistFormat.detect(Array("{ a = 1; }".utf8)) == .openStep)
        #expect(PlistFormat.detect(Array("(a, b)".utf8)) == .openStep)
        #expect(PlistFormat.detect([UInt8]()) == nil)
    }

    /// Openings each format is told by, cut-off files, and white space; the same whether
    /// the bytes are contiguous or not (read once into a head either way).
    @Test func formatDetectionOfOpeningsAndCutFiles() {
        let cases: [([UInt8], PlistFormat?)] = [
            (Array("bp".utf8), .binary),
            (Array("bplist0".utf8) + Array(repeating: 0x41, count: 600), .binary),
            (Array("b".utf8), .openStep),
            (Array("bplisx".utf8), .openStep),
            (Array("<?x".utf8), .xml),
            (Array(" \n\t<!DOC".utf8), .xml),
            (Array("<".utf8), .xml),
            (Array("<abc>".utf8), .openStep),
            (Array("<?xml".utf8) + Array(repeating: 0x20, count: 600), .xml),
            ([0xFF, 0xFE, 0x00, 0x00] + "<?xml".utf8.flatMap { [$0, 0, 0, 0] }, .xml),
            ([0x00] + Array("<plist".utf8).flatMap { [$0, 0] }, .xml),
            (Array(" \r\n\t ".utf8), .openStep),
            ([0xEF, 0xBB, 0xBF, 0x20], .openStep),
            ([0xE2, 0x80, 0xA8] + Array("{a=1;}".utf8), .openStep),
            (Array("{}".utf8), .json),
            (Array("{ \"a\\\"b\" : 1 }".utf8), .json),
            (Array("{\"a\" = 1;}".utf8), .openStep),
            (Array("// comment\n{a=1;}".utf8), .openStep),
            ([0x00, 0x7B, 0x00, 0x7D], .openStep),
            ([0x01, 0x02, 0x03], nil),
        ]
        for (bytes, format) in cases {
            #expect(PlistFormat.detect(bytes) == format, "\(bytes.prefix(12))")
            #expect(PlistFormat.detect(bytes.lazy.map { $0 }) == format, "\(bytes.prefix(12)), not contiguous")
        }
    }

    @Test func emptyAndUnknownInputAreTypedErrors() {
        #expect(throws: PlistError.self) { try Plist(decoding: [UInt8]()) }
        do { _ = try Plist(decoding: [UInt8]()) } catch { #expect(error.code == .unknownFormat) }
        #expect(throws: PlistError.self) { try Plist(decoding: [0x00, 0x01]) }
    }

    @Test func writerRefusesValuesDeeperThanTheReaderAccepts() {
        var value: Plist = []
        for _ in 0..<600 { value = [value] }
        #expect(throws: PlistError.self) { try value.encoded(as: .binary) }
    }

    @Test func binaryRoundTripKeepsKeyOrder() throws {
        let value: Plist = ["zeta": 1, "alpha": 2, "mid": ["b": 1, "a": 2]]
        let decoded = try Plist(decoding: value.encoded(as: .binary))
        #expect(decoded.dictionary?.keys.elements == ["zeta", "alpha", "mid"])
        #expect(decoded["mid"]?.dictionary?.keys.elements == ["b", "a"])
    }

    @Test func writerUniquesAndUsesSmallestWidths() throws {
        let record: Plist = ["name": "x", "n": 1]
        let value = Plist.array(Array(repeating: record, count: 1000) + (0..<1000).map { .array([.integer(PlistInteger($0))]) })
        let bytes = [UInt8](try value.encoded(as: .binary))
        let trailer = bytes.suffix(32)
        let objectCount = trailer.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | Int($1) }
        // The top array, one record, "name", "x", "n", the ints 0…999 (1 is shared with the
        // record) and 1,000 distinct one-element arrays.
        #expect(objectCount == 1 + 1 + 3 + 1000 + 1000)
        #expect(trailer[trailer.startIndex + 7] == 2)  // refs: 2 bytes for 2,005 objects
        let decoded = try Plist(decoding: bytes)
        #expect(decoded == value)
    }

    @Test func atomicFileReplacesContentsAndKeepsMode() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plistkit-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("file.plist").path
        try AtomicFile.write(Array("old".utf8), to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        try AtomicFile.write(Array("new contents".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new contents")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.plist"])
        #expect(throws: PlistError.self) { try AtomicFile.write([1], to: directory.path + "/missing/dir/file") }

        // Written in pieces through the descriptor; a body that throws leaves the file alone.
        try AtomicFile.write(to: path) { (descriptor, _) throws(PlistError) in
            for piece in ["one ", "two ", "three"] {
                _ = piece.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one two three")
        #expect(throws: PlistError.self) {
            try AtomicFile.write(to: path) { (descriptor, _) throws(PlistError) in
                _ = write(descriptor, "partial", 7)
                throw PlistError(.io, "stopped half-way")
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one two three")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["file.plist"])
    }
}
