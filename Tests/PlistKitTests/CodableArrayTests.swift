import Foundation
import Testing
@testable import PlistKit

/// Arrays decode through PlistDecoder's own loop (`PlistDecodableArray`), not
/// `Array.init(from:)`: the same values, errors and coding paths as Foundation, in every
/// container and format, and a type cache that answers right however many types it meets.
@Suite struct CodableArrayTests {
    struct Inner: Codable, Equatable { var a: Int }
    struct Outer: Codable, Equatable {
        var items: [Inner]
        var grid: [[Int]]
        var named: [String: [Inner]]
        var maybe: [Inner]?
        var holes: [Int?]
    }

    static let value = Outer(
        items: [Inner(a: 1), Inner(a: 2)],
        grid: [[1, 2], [], [3]],
        named: ["x": [Inner(a: 3)], "y": []],
        maybe: nil,
        holes: [1, nil, 3])

    @Test(arguments: [PlistFormat.binary, .xml])
    func nestedArraysMatchFoundation(format: PlistFormat) throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .binary ? .binary : .xml
        let bytes = try encoder.encode([Self.value, Self.value])
        let ours = try PlistDecoder().decode([Outer].self, from: bytes)
        #expect(ours == [Self.value, Self.value])
        #expect(ours == (try PropertyListDecoder().decode([Outer].self, from: bytes)))
        // Through the tree source too.
        #expect(try PlistDecoder().decode([Outer].self, from: Plist(decoding: bytes)) == ours)
        // Empty arrays, top level and nested.
        #expect(try PlistDecoder().decode([[Inner]].self, from: encoder.encode([[Inner]]())) == [])
        #expect(try PlistDecoder().decode([[Inner]].self, from: encoder.encode([[Inner](), []])) == [[], []])
    }

    /// An element that fails, deep in arrays of arrays and of structs: the same case and
    /// coding path as Foundation, with the element's offset.
    @Test func errorsInsideArraysMatchFoundation() throws {
        let cases: [(Plist, String)] = [
            ([["items": [["a": 1], ["a": "x"]], "grid": [], "named": [:], "holes": []]], "Index 0.items.Index 1.a"),
            ([["items": [], "grid": [[1], [2, "x"]], "named": [:], "holes": []]], "Index 0.grid.Index 1.Index 1"),
            ([["items": [], "grid": [], "named": ["k": [["b": 1]]], "holes": []]], "Index 0.named.k.Index 0"),
            ([["items": [], "grid": [], "named": [:], "holes": [1, "x"]]], "Index 0.holes.Index 1"),
            ([["items": ["a"], "grid": [], "named": [:], "holes": []]], "Index 0.items.Index 0"),
            ([["items": [:], "grid": [], "named": [:], "holes": []]], "Index 0.items"),
        ]
        for (value, path) in cases {
            let bytes = try value.encoded(as: .binary)
            var theirs = "decoded", ours = "decoded"
            do { _ = try PropertyListDecoder().decode([Outer].self, from: bytes) } catch { theirs = CodableErrorTests.summary(error) }
            do {
                _ = try PlistDecoder().decode([Outer].self, from: bytes)
            } catch {
                ours = CodableErrorTests.summary(error)
            }
            #expect(ours == theirs)
            #expect(ours.hasSuffix("@ \(path)"), "\(ours)")
        }
    }

    @Test func arraysCountTowardTheDepthLimit() throws {
        let bytes = try Plist.array([[[[1]]]]).encoded(as: .binary)
        let decoder = PlistDecoder()
        decoder.readingOptions.maximumDepth = 3
        do {
            _ = try decoder.decode([[[[Int]]]].self, from: bytes)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect((context.underlyingError as? PlistError)?.code == .depthLimitExceeded)
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "Index 0", "Index 0"])
        }
        decoder.readingOptions.maximumDepth = 4
        #expect(try decoder.decode([[[[Int]]]].self, from: bytes) == [[[[1]]]])
    }

    /// More types than the cache has slots, met in turn and again: each answer stays right.
    @Test func typeCacheAnswersRightPastItsSize() {
        var types: [(Any.Type, Bool)] = []
        func collect<T>(_ type: T.Type, depth: Int) {
            types.append(([T].self, true))
            types.append((Optional<T>.self, false))
            types.append((Set<Int>.self, false))
            if depth > 0 { collect([T].self, depth: depth - 1) }
        }
        collect(Int.self, depth: 60)
        collect(String.self, depth: 60)
        collect(Inner.self, depth: 60)
        #expect(types.count > 300)
        var cache = ArrayTypeCache()
        for _ in 0..<3 {
            for (type, isArray) in types {
                #expect((cache.arrayType(of: type) != nil) == isArray, "\(type)")
            }
        }
        // A hot pair and a cold type in turn, repeatedly.
        for _ in 0..<100 {
            #expect(cache.arrayType(of: [Inner].self) != nil)
            #expect(cache.arrayType(of: Inner.self) == nil)
            #expect(cache.arrayType(of: [String: Int].self) == nil)
        }
    }
}
