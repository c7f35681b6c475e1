import Foundation
import OrderedCollections
import PlistKit
import Testing

/// The binary writer's shortcuts for storage that values share (key references of
/// dictionaries with the same keys' storage, shared arrays and dictionaries) and its batched
/// scalar lookups must write exactly what flattening every path afresh writes.
@Suite("Binary writer sharing")
struct BinaryWriterSharingTests {
    /// `value` rebuilt with fresh storage for every array, dictionary and key list.
    static func unshared(_ value: Plist) -> Plist {
        switch value {
        case .array(let elements):
            return .array(elements.map(unshared))
        case .dictionary(let entries):
            return .dictionary(OrderedDictionary(uniqueKeysWithValues: zip(entries.keys.map { $0 }, entries.values.map(unshared))))
        default:
            return value
        }
    }

    /// The object count in a `bplist00` file's trailer.
    static func objectCount(_ bytes: Data) -> Int {
        bytes.suffix(24).prefix(8).reduce(0) { $0 << 8 | Int($1) }
    }

    @Test func dictionariesSharingKeysWriteAsFreshOnes() throws {
        // Twelve key sets (more than the cache holds), each shared by copies whose values
        // differ, interleaved so that sets keep evicting one another.
        let templates: [PlistDictionary] = (0..<12).map { set in
            PlistDictionary(uniqueKeysWithValues: (0..<(set % 4 + 1)).map { (PlistKey("key\(set)-\($0)"), Plist.integer(PlistInteger(set))) })
        }
        var records: [Plist] = []
        for round in 0..<5 {
            for (set, template) in templates.enumerated() {
                var copy = template
                copy.values[0] = .string("round \(round) set \(set)")
                records.append(.dictionary(copy))
            }
        }
        let shared = Plist.array(records)
        let bytes = try shared.encoded(as: .binary)
        #expect(bytes == (try BinaryWriterSharingTests.unshared(shared).encoded(as: .binary)))
        #expect(identicalScalars(try Plist(decoding: bytes), shared))
    }

    @Test func sharedContainersWriteAsFreshOnes() throws {
        let leaf = Plist.array([1, 2, "three"])
        let branch = Plist.dictionary(["leaf": leaf, "again": leaf, "n": 4])
        let shared = Plist.array([branch, leaf, branch, .array([branch, leaf])])
        let bytes = try shared.encoded(as: .binary)
        #expect(bytes == (try BinaryWriterSharingTests.unshared(shared).encoded(as: .binary)))
        // 1, 2, "three", the leaf, "leaf", "again", "n", 4, the branch, the inner array, the root.
        #expect(BinaryWriterSharingTests.objectCount(bytes) == 11)
    }

    @Test func scalarBatchesDropDuplicatesInAndAcrossBatches() throws {
        // More scalars than one batch holds, repeating within a batch, across batches and
        // across the containers between them.
        var elements: [Plist] = []
        for index in 0..<40 {
            elements.append(.integer(PlistInteger(index % 7)))
            elements.append(.string("s\(index % 5)"))
            if index % 9 == 0 { elements.append(.array([.integer(PlistInteger(index % 7)), "s0"])) }
            elements.append(.real(index % 2 == 0 ? 0.0 : -0.0))
        }
        let value = Plist.array(elements)
        let bytes = try value.encoded(as: .binary)
        #expect(identicalScalars(try Plist(decoding: bytes), value))
        // 7 integers, 5 strings, 2 reals (0.0 and -0.0 differ), 5 inner arrays, the root.
        #expect(BinaryWriterSharingTests.objectCount(bytes) == 20)
    }

    @Test func utf16StringsAreTranscodedExactly() throws {
        // Two-, three- and four-byte UTF-8 sequences; the last is a surrogate pair in UTF-16.
        let string = "a\u{E9}\u{4E2D}\u{1F600}"
        let bytes = try Plist.string(string).encoded(as: .binary)
        let object: [UInt8] = [0x65, 0x00, 0x61, 0x00, 0xE9, 0x4E, 0x2D, 0xD8, 0x3D, 0xDE, 0x00]
        #expect(Array(bytes.dropFirst(8).prefix(object.count)) == object)
        #expect(try Plist(decoding: bytes) == .string(string))
    }

    /// A file of 65,536 objects or more, for which the writer frees its uniquing tables before
    /// laying the file out: every value is still written once (equal strings, numbers and
    /// dictionaries share one object), and the file reads back equal, here and in Foundation.
    @Test func largeFileKeepsItsSharing() throws {
        let rows: [Plist] = (0..<40_000).map { row in
            ["id": .integer(PlistInteger(row)), "name": .string("name \(row)"), "group": .string("group \(row % 10)"), "flag": .bool(row.isMultiple(of: 2))]
        }
        let value: Plist = .array(rows + rows.prefix(100))
        let bytes = try value.encoded(as: .binary)
        // The array, 40,000 dictionaries, 4 keys, 40,000 integers, 40,000 names, 10 groups
        // and 2 Booleans; the 100 repeated rows are the same dictionaries.
        #expect(Self.objectCount(bytes) == 1 + 40_000 + 4 + 40_000 + 40_000 + 10 + 2)
        #expect(try Plist(decoding: bytes) == value)
        let foundation = try PropertyListSerialization.propertyList(from: bytes, format: nil) as? [[String: Any]]
        #expect(foundation?.count == 40_100)
        #expect(foundation?[40_099]["name"] as? String == "name 99")
    }

    /// `body`'s result, run on a thread of its own (which starts with no writer tables kept).
    static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: Result<T, any Error>?
        let thread = Thread {
            result = Result { try body() }
            done.signal()
        }
        thread.start()
        done.wait()
        return try result!.get()
    }

    /// Round `round` of the documents ``writesAfterOthersOnTheSameThreadMatchAFreshWriter()``
    /// writes: the same key storage, shared containers and scalars each time, one value changed.
    static func document(_ round: Int) -> Plist {
        let keys = PlistDictionary(uniqueKeysWithValues: (0..<6).map { (PlistKey("k\($0)"), Plist.integer(PlistInteger($0))) })
        let shared = Plist.array([1, "two", 3.0])
        var copy = keys
        copy.values[round % 6] = .string("round \(round)")
        return .dictionary(["entries": .array([.dictionary(copy), .dictionary(keys), shared, shared]), "n": .integer(PlistInteger(round)), "blob": .data(Data(repeating: UInt8(round), count: 2_000))])
    }

    @Test func writesAfterOthersOnTheSameThreadMatchAFreshWriter() throws {
        // The tables a thread keeps between writes must forget everything, also after a
        // large document (whose tables are not kept) and a write that throws.
        let fresh = try (0..<4).map { round in try BinaryWriterSharingTests.onNewThread { try BinaryWriterSharingTests.document(round).encoded(as: .binary) } }
        let (reused, deepThrew) = try BinaryWriterSharingTests.onNewThread { () throws -> ([Data], Bool) in
            let large = Plist.array((0..<20_000).map { .string("item \($0)") })
            var deep = Plist.array([])
            for _ in 0..<600 { deep = .array([deep]) }
            var files: [Data] = []
            var deepThrew = false
            for round in 0..<4 {
                files.append(try BinaryWriterSharingTests.document(round).encoded(as: .binary))
                if round == 1 { _ = try large.encoded(as: .binary) }
                if round == 2 {
                    do { _ = try deep.encoded(as: .binary) } catch let error as PlistError { deepThrew = error.code == .depthLimitExceeded }
                }
            }
            return (files, deepThrew)
        }
        #expect(deepThrew)
        #expect(reused == fresh)
        for (round, file) in reused.enumerated() {
            #expect(identicalScalars(try Plist(decoding: file), BinaryWriterSharingTests.document(round)))
        }
    }
}
