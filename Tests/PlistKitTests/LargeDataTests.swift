import Foundation
import PlistKit
import Testing

/// Large data values: decoding shares the input's storage (unless told not to), and the
/// binary writer writes them from their own storage and uniques them by length first.
@Suite("Large data")
struct LargeDataTests {
    /// `count` bytes of a fixed pseudo-random pattern, the last one set to `last`.
    static func blob(_ count: Int, seed: UInt64, last: UInt8? = nil) -> Data {
        var state = seed
        var bytes = (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        if let last { bytes[count - 1] = last }
        return Data(bytes)
    }

    /// Whether `data`'s bytes lie inside `input`'s.
    static func lies(_ data: Data, inside input: Data) -> Bool {
        data.withUnsafeBytes { inner in
            input.withUnsafeBytes { outer in
                inner.baseAddress! >= outer.baseAddress! && inner.baseAddress! + inner.count <= outer.baseAddress! + outer.count
            }
        }
    }

    @Test func decodingSharesLargeDataAndCopiesSmallData() throws {
        let value: Plist = ["large": .data(Self.blob(8192, seed: 1)), "small": .data(Self.blob(100, seed: 2))]
        let input = try value.encoded(as: .binary)
        let decoded = try Plist(decoding: input)
        #expect(decoded == value)
        #expect(Self.lies(decoded["large"]!.data!, inside: input))
        #expect(!Self.lies(decoded["small"]!.data!, inside: input))
        // The decoder and the view share it too.
        struct Blobs: Decodable { var large: Data }
        #expect(Self.lies(try PlistDecoder().decode(Blobs.self, from: input).large, inside: input))
        let view = try BinaryPlistView(input)
        #expect(Self.lies(try view.root["large"]!.dataValue!, inside: input))
    }

    @Test func sharedDataOutlivesTheInputAndIsZeroBased() throws {
        var decoded: Plist?
        do {
            let input = try Plist.array([.data(Self.blob(5000, seed: 3))]).encoded(as: .binary)
            decoded = try Plist(decoding: input)
        }
        let data = try #require(decoded?[0]?.data)
        #expect(data.startIndex == 0)
        #expect(data == Self.blob(5000, seed: 3))
    }

    @Test func writingToTheInputLeavesSharedDataAlone() throws {
        var input = try Plist.array([.data(Self.blob(5000, seed: 4))]).encoded(as: .binary)
        let decoded = try Plist(decoding: input)
        input.resetBytes(in: 0..<input.count)
        #expect(decoded[0]?.data == Self.blob(5000, seed: 4))
    }

    @Test func optionOffCopiesEveryDataValue() throws {
        let input = try Plist.array([.data(Self.blob(8192, seed: 5))]).encoded(as: .binary)
        let options = PlistReadingOptions(sharesLargeData: false)
        let decoded = try Plist(decoding: input, options: options)
        #expect(!Self.lies(decoded[0]!.data!, inside: input))
        #expect(!Self.lies(try BinaryPlistView(input, options: options).root[0]!.dataValue!, inside: input))
    }

    @Test func equalLargeBlobsAreOneObject() throws {
        let blob = Self.blob(4096, seed: 6)
        // The same storage twice, an equal copy in other storage, and a blob of the same
        // length that differs only in its last byte.
        let value = Plist.array([.data(blob), .data(blob), .data(Data(Array(blob))), .data(Self.blob(4096, seed: 6, last: ~blob.last!))])
        let bytes = try value.encoded(as: .binary)
        // The root, the blob and the other blob.
        #expect(BinaryWriterSharingTests.objectCount(bytes) == 3)
        #expect(try Plist(decoding: bytes) == value)
        // Foundation reads it back the same (its own writer on Linux keeps all four blobs).
        let foundation = try PropertyListSerialization.propertyList(from: bytes, format: nil) as! [Data]
        #expect(foundation == value.array!.map { $0.data! })
    }

    @Test func manyBlobsOfOneLengthThatDifferLateAreAllKept() throws {
        // More than the hashing threshold of one length, each differing from the others in
        // one byte between the writer's samples (or in its last byte, inside one), then each
        // one again: the second half is all duplicates.
        let template = Self.blob(2048, seed: 7)
        let between = (0..<30).map { index -> Data in
            var blob = template
            blob[100] = UInt8(index)
            return blob
        }
        let blobs = between + (30..<40).map { Self.blob(2048, seed: 7, last: UInt8($0)) }
        let value = Plist.array((blobs + blobs).map(Plist.data))
        let bytes = try value.encoded(as: .binary)
        #expect(BinaryWriterSharingTests.objectCount(bytes) == 41)
        #expect(try Plist(decoding: bytes) == value)
        #expect(bytes == (try BinaryWriterSharingTests.unshared(value).encoded(as: .binary)))
    }

    @Test func largeAndSmallDataMixWithOtherObjects() throws {
        let value: Plist = [
            "records": .array((0..<50).map { ["id": .integer(PlistInteger($0)), "payload": .data(Self.blob(1000 + $0 * 10, seed: UInt64($0)))] }),
            "cover": .data(Self.blob(1 << 20, seed: 99)),
        ]
        let bytes = try value.encoded(as: .binary)
        #expect(try Plist(decoding: bytes) == value)
        let foundation = try PropertyListSerialization.propertyList(from: bytes, format: nil) as! [String: Any]
        #expect((foundation["cover"] as? Data) == value["cover"]?.data)
    }
}
