import Foundation
import Testing
@testable import PlistKit

/// `PlistEncoder` writes binary without a tree: each container goes into the writer's table
/// when it is finished. The file must be the one the tree's writer makes, up to the order of
/// its objects: the same value, as Foundation reads it, and the same objects (as many, and
/// as many bytes), including when the encode drops containers it had already written.
@Suite struct CodableBinaryStagingTests {
    /// The file written without a tree, checked against the tree's and against Foundation.
    private func expectSameFile<T: Encodable>(_ value: T, sortedKeys: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let encoder = PlistEncoder()
        if sortedKeys { encoder.outputFormatting = .sortedKeys }
        let staged = try encoder.encode(value)
        let tree = try encoder.encodeToPlist(value)
        let fromTree = try tree.encoded(as: .binary)
        #expect(try Plist(decoding: staged) == tree, sourceLocation: sourceLocation)
        #expect(staged.count == fromTree.count, sourceLocation: sourceLocation)
        #expect(try objectCount(staged) == objectCount(fromTree), sourceLocation: sourceLocation)
        // Foundation's reader is the oracle for the file itself: it reads the same value from
        // both (compared through its XML writer, which sorts keys).
        let foundation = try PropertyListSerialization.propertyList(from: staged, format: nil)
        let foundationFromTree = try PropertyListSerialization.propertyList(from: fromTree, format: nil)
        #expect(try PropertyListSerialization.data(fromPropertyList: foundation, format: .xml, options: 0) == PropertyListSerialization.data(fromPropertyList: foundationFromTree, format: .xml, options: 0), sourceLocation: sourceLocation)
    }

    /// The object count in a `bplist00` trailer.
    private func objectCount(_ file: Data) throws -> UInt64 {
        let trailer = file.suffix(32)
        return trailer.dropFirst(8).prefix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test func modelValues() throws {
        try expectSameFile(CodableEverything.sample)
        try expectSameFile((0..<300).map { CodableRecord.make($0 % 40) })
        try expectSameFile(["a": [[1, 2], [1, 2], []], "b": [[]], "c": [[2, 1]]])
        try expectSameFile(CodableEverything.sample, sortedKeys: true)
    }

    @Test func largeDataAndTopLevelData() throws {
        let blob = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try expectSameFile(["one": blob, "two": blob, "three": Data(blob.prefix(2000))])
        let encoder = PlistEncoder()
        #expect(try Plist(decoding: encoder.encode(blob)) == .data(blob))
    }

    /// A nested container written, then replaced under the same key: in the table, not in
    /// the file.
    struct Replaced: Encodable {
        struct Inner: Encodable { var a: Int; var b: String }
        enum Keys: String, CodingKey { case x, y }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Inner(a: 1, b: "only in the dropped value"), forKey: .x)
            try container.encode([Inner(a: 2, b: "dropped too")], forKey: .y)
            try container.encode(Inner(a: 3, b: "kept"), forKey: .x)
            try container.encode(5, forKey: .y)
        }
    }

    /// An element whose encode fails after writing a nested container; the parent catches
    /// the error and goes on.
    struct Failing: Encodable {
        struct Failure: Error {}
        struct Half: Encodable {
            enum Keys: String, CodingKey { case done, fails }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(["written before the error": [9, 9, 9]], forKey: .done)
                throw Failure()
            }
        }
        enum Keys: String, CodingKey { case tried, after }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            _ = try? container.encode(Half(), forKey: .tried)
            try container.encode("after", forKey: .after)
        }
    }

    /// The top is equal to a container dropped earlier, which the uniquing hands back.
    struct TopEqualToDropped: Encodable {
        struct Box: Encodable { var x: Int }
        enum Keys: String, CodingKey { case x }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Box(x: 5), forKey: .x)
            try container.encode(5, forKey: .x)
        }
    }

    @Test func droppedContainersAreLeftOut() throws {
        try expectSameFile(Replaced())
        try expectSameFile([Replaced(), Replaced()])
        try expectSameFile(TopEqualToDropped())
        #expect(try Plist(decoding: PlistEncoder().encode(TopEqualToDropped())) == ["x": 5])
        // The caught error leaves `tried` as the staging had it (the tree path keeps the same),
        // and the half-written dictionary out of the file unless something reaches it.
        try expectSameFile(Failing())
        try expectSameFile([Failing(), Failing()])
    }

    /// Dictionaries keyed by values, with keys of their own each time (not shared), next to
    /// records that share theirs, and a type whose key set changes every time.
    @Test func keysSharedAndNot() throws {
        let byName = Dictionary(uniqueKeysWithValues: (0..<200).map { ("name \($0)", [$0, $0 % 3]) })
        try expectSameFile(["names": byName])
        try expectSameFile((0..<50).map { index in Dictionary(uniqueKeysWithValues: (0...index % 6).map { ("k\($0 + index % 4)", $0) }) })
    }

    /// Too deep for the writer: the same error as the tree's writer gives, after the encode.
    @Test func depthLimit() throws {
        var value: CodableTree = .leaf(1)
        for _ in 0..<200 { value = .node([value]) }
        for format in [PlistFormat.binary, .xml] {
            let encoder = PlistEncoder()
            encoder.outputFormat = format
            #expect {
                try encoder.encode(value)
            } throws: { error in
                guard case EncodingError.invalidValue(_, let context) = error else { return false }
                return (context.underlyingError as? PlistError)?.code == .depthLimitExceeded
            }
        }
        // Not too deep (three containers a level: a dictionary for the case, one for its
        // values, the array) is written.
        var nested: CodableTree = .leaf(1)
        for _ in 0..<160 { nested = .node([nested]) }
        try expectSameFile(nested)
    }

    /// Real UIDs staged beside written containers are written as UIDs, whatever their value
    /// (0 and the containers' own indexes included): the stand-in of a written container is a
    /// ``StagedObject``, which no value is. Driven through the sink as `PlistEncoder` drives it
    /// (Codable has no UID type to encode).
    @Test func realUIDsBesideStagedChildren() throws {
        let sink = BinaryEncodingSink()
        let uids: [Plist] = [.uid(0), .uid(1), .uid(2), .uid(3), .uid(UInt64(UInt32.max))]
        let leaf = sink.array(uids + ["leaf"], depth: 2)
        let keys: [PlistKey] = ["zero", "leaf", "one", "again", "n"]
        let record = sink.dictionary(keys: keys, sharedKeys: false, values: [.uid(0), leaf, .uid(1), leaf, 1], depth: 1)
        let file = try sink.file(top: sink.array([record, .uid(2), leaf, .uid(0)], depth: 0))

        let leafValue: Plist = .array(uids + ["leaf"])
        let expected: Plist = [["zero": .uid(0), "leaf": leafValue, "one": .uid(1), "again": leafValue, "n": 1], .uid(2), leafValue, .uid(0)]
        #expect(try Plist(decoding: file) == expected)
        // The same objects as the tree's writer makes, and Foundation and
        // plistlib read the same value.
        let fromTree = try expected.encoded(as: .binary)
        #expect(file.count == fromTree.count)
        #expect(try objectCount(file) == objectCount(fromTree))
        #expect(try FoundationBridge.read(file) == expected)
        #expect(try Plistlib.read([file]).first?.get() == expected)
        if Plutil.available {
            // The toolchain's plutil cannot write UIDs as XML on Linux; it lints the file.
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("staged-uids-\(UUID().uuidString).bplist")
            try file.write(to: path)
            defer { try? FileManager.default.removeItem(at: path) }
            #expect(try Plutil.run(["-lint", path.path]).status == 0)
        }
    }

    /// A written container's stand-in is never a value the writer would write otherwise.
    @Test func standInsAreNoValues() {
        for index: UInt32 in [0, 1, 77, .max] {
            let standIn = StagedObject(index: index).standIn
            #expect(StagedObject(standIn: standIn)?.index == index)
            #expect(standIn != .uid(UInt64(index)) && standIn != .integer(PlistInteger(UInt64(index))))
        }
        for value: Plist in [.uid(0), .uid(5), .integer(0), .integer(5), .integer(.max), .integer(.min), "x"] {
            #expect(StagedObject(standIn: value) == nil)
        }
    }
}
