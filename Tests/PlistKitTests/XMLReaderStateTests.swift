#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Testing
@testable import PlistKit

/// What the XML reader keeps from one document to the next on a thread (the scanner's element
/// stack and the builder's container stack, `GrowableTable`s; the builder's value and key
/// stacks, `MoveStack`s) and how it tells a wide document from its first bytes.
@Suite struct XMLReaderStateTests {
    /// The encoding rule spelled out with arrays: what `XMLTranscoder.Encoding.of` must agree
    /// with.
    private func expectedEncoding(_ head: [UInt8]) -> (XMLTranscoder.Encoding, Int)? {
        let bytes = Array(head.prefix(4))
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return (.utf32(bigEndian: true), 4) }
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return (.utf32(bigEndian: false), 4) }
        if bytes.starts(with: [0xFE, 0xFF]) { return (.utf16(bigEndian: true), 2) }
        if bytes.starts(with: [0xFF, 0xFE]) { return (.utf16(bigEndian: false), 2) }
        guard bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) else { return nil }
        return (.utf16(bigEndian: bytes[0] == 0), 0)
    }

    @Test func encodingFromTheFirstBytesFollowsTheRuleForEveryShortHead() {
        let alphabet: [UInt8] = [0x00, 0xFE, 0xFF, 0x3C, 0x3F]
        var heads: [[UInt8]] = [[]]
        var checked = 0
        for _ in 1...5 {
            heads = heads.flatMap { head in alphabet.map { head + [$0] } }
            for head in heads {
                let found = XMLTranscoder.Encoding.of(head)
                let expected = expectedEncoding(head)
                #expect(found?.encoding == expected?.0 && found?.markLength == expected?.1, "head \(head)")
                checked += 1
            }
        }
        #expect(checked == 5 + 25 + 125 + 625 + 3_125)
        #expect(XMLTranscoder.Encoding.of([UInt8]()) == nil)
        #expect(XMLTranscoder.Encoding.of([0x00]) == nil)
    }

    @Test func wideDocumentsOfEveryEncodingRead() throws {
        let text = #"<?xml version="1.0"?><plist version="1.0"><dict><key>é</key><string>𝄞</string></dict></plist>"#
        let expected: Plist = ["é": "𝄞"]
        let encodings: [(String.Encoding, [UInt8])] = [
            (.utf16BigEndian, [0xFE, 0xFF]), (.utf16LittleEndian, [0xFF, 0xFE]),
            (.utf32BigEndian, [0x00, 0x00, 0xFE, 0xFF]), (.utf32LittleEndian, [0xFF, 0xFE, 0x00, 0x00]),
        ]
        for (encoding, mark) in encodings {
            let body = try #require(text.data(using: encoding))
            #expect(try Plist(decoding: Data(mark) + body) == expected, "\(encoding)")
        }
        // UTF-16 without a mark, told by the zero byte of `<`.
        for encoding in [String.Encoding.utf16BigEndian, .utf16LittleEndian] {
            #expect(try Plist(decoding: try #require(text.data(using: encoding))) == expected, "\(encoding)")
        }
    }

    /// A document nested deeper than the stacks a reader keeps for the next one (their memory
    /// is given back), then small ones on the same thread, read to the right values; so do
    /// documents that fail half-way between them.
    @Test func documentsAfterADeepOneReadFromAFreshState() throws {
        let depth = 6_000
        let options = PlistReadingOptions(maximumDepth: depth + 1)
        let deep = "<plist>" + String(repeating: "<array>", count: depth) + "<string>bottom</string>"
            + String(repeating: "</array>", count: depth) + "</plist>"
        let small = #"<plist><dict><key>a</key><array><integer>1</integer><true/></array><key>b</key><dict/></dict></plist>"#
        let broken = "<plist><dict><key>a</key><array><integer>1</integer>"
        let expectedSmall: Plist = ["a": [1, true], "b": [:]]
        for _ in 0..<3 {
            var value = try Plist(decoding: Data(deep.utf8), options: options)
            var levels = 0
            while case .array(let elements) = value {
                #expect(elements.count == 1)
                value = elements[0]
                levels += 1
            }
            #expect(levels == depth)
            #expect(value == "bottom")
            #expect(try Plist(decoding: Data(small.utf8)) == expectedSmall)
            #expect(throws: PlistError.self) { try Plist(decoding: Data(broken.utf8)) }
            #expect(try Plist(decoding: Data(small.utf8)) == expectedSmall)
        }
    }

    @Test func growableTablePopsAndGivesMemoryBack() {
        let table = GrowableTable<Int>(capacity: 4)
        for value in 0..<100 { table.append(value) }
        #expect(table.count == 100 && table.capacity >= 100)
        #expect(table.removeLast() == 99)
        #expect(table.removeLast() == 98)
        table[0] = -1
        #expect(table[0] == -1 && table.count == 98)
        table.removeAll(keepingCapacityUpTo: 256)
        #expect(table.count == 0 && table.capacity >= 100)
        for value in 0..<100 { table.append(value) }
        table.removeAll(keepingCapacityUpTo: 16)
        #expect(table.count == 0 && table.capacity == 16)
        for value in 0..<40 { table.append(value * 2) }
        #expect((0..<40).allSatisfy { table[$0] == $0 * 2 })
    }

    /// Counts its instances, so the test sees every element destroyed exactly once.
    private final class Tracked {
        nonisolated(unsafe) static var alive = 0
        let value: Int
        init(_ value: Int) {
            self.value = value
            Tracked.alive += 1
        }
        deinit { Tracked.alive -= 1 }
    }

    @Test func moveStackMovesEveryElementOutOnceAndDestroysTheRest() {
        do {
            let stack = MoveStack<Tracked>(capacity: 2)
            for value in 0..<1_000 { stack.append(Tracked(value)) }
            #expect(stack.count == 1_000 && Tracked.alive == 1_000)
            let tail: [Tracked] = stack.takeTail(from: 600)
            #expect(tail.map(\.value) == Array(600..<1_000) && stack.count == 600)
            let contiguous: ContiguousArray<Tracked> = stack.takeTail(from: 590)
            #expect(contiguous.map(\.value) == Array(590..<600))
            let empty: [Tracked] = stack.takeTail(from: stack.count)
            #expect(empty.isEmpty && Tracked.alive == 1_000)
            #expect(stack.removeLast().value == 589)
            #expect(Tracked.alive == 999)
            stack.removeTail(from: 500)
            #expect(stack.count == 500 && Tracked.alive == 910)
            var replacement = Tracked(-1)
            stack.withTail(from: 499) { tail in swap(&replacement, &tail[0]) }
            #expect(stack[499].value == -1 && replacement.value == 499)
            #expect(stack[0].value == 0)
        }
        // The stack, the tails and the swapped-out element are gone: so is every element.
        #expect(Tracked.alive == 0)
    }
}
