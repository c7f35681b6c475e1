import Foundation
import Testing
import TestSupport
@_spi(Internals) @testable import PlistKit

/// Strings of up to 15 ASCII bytes are made inline by ``SmallASCIIString``: each must be the
/// very value the standard library makes of the same bytes, and the binary readers must
/// read every length the same as before, faults included.
@Suite struct SmallASCIIStringTests {
    /// Every printable ASCII byte and a few control characters, at every position.
    private static let alphabet: [UInt8] = Array(0x20...0x7E) + [0x00, 0x09, 0x0A, 0x0D, 0x7F]

    @Test func theFormIsThisPlatformsOwn() {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        #expect(SmallASCIIString.isAvailable)
        #endif
    }

    @Test(.enabled(if: SmallASCIIString.isAvailable)) func madeStringsAreTheStandardLibrarysOwn() throws {
        for count in 0...SmallASCIIString.capacity {
            for shift in stride(from: 0, to: Self.alphabet.count, by: 7) {
                let bytes = (0..<count).map { Self.alphabet[($0 + shift) % Self.alphabet.count] }
                let expected = String(decoding: bytes, as: UTF8.self)
                // `make` reads 16 bytes; those past `count`, not ASCII here, must be left out.
                let padded = bytes + [UInt8](repeating: 0xFF, count: 16 - count)
                var made = try #require(ByteView.with(padded) { SmallASCIIString.make($0, at: 0, count: count) })
                #expect(StringBits(made) == StringBits(expected))
                #expect(made == expected)
                #expect(made.hashValue == expected.hashValue)
                #expect(Array(made.utf8) == bytes)
                #expect(made.count == expected.count)
                // A value the caller then changes grows into storage of its own, as any other.
                made += "é and more than fifteen bytes"
                #expect(made == expected + "é and more than fifteen bytes")
            }
        }
    }

    @Test(.enabled(if: SmallASCIIString.isAvailable)) func aByteThatIsNotASCIIMakesNothing() {
        for count in 1...SmallASCIIString.capacity {
            for bad in 0..<count {
                var bytes = [UInt8](repeating: 0x61, count: 16)
                bytes[bad] = 0x80
                #expect(ByteView.with(bytes) { SmallASCIIString.make($0, at: 0, count: count) } == nil)
            }
        }
    }

    /// Every length around the inline limit, through the plain reader, the lazy view and
    /// `PlistDecoder`, from files Foundation wrote.
    @Test func binaryReadersReadEveryLength() throws {
        let strings = (0...24).map { count in String(decoding: (0..<count).map { Self.alphabet[($0 * 5 + count) % Self.alphabet.count] }, as: UTF8.self) }
        let bytes = try PropertyListSerialization.data(fromPropertyList: strings, format: .binary, options: 0)
        #expect(try Plist(decoding: bytes) == Plist.array(strings.map { .string($0) }))
        #expect(try PlistDecoder().decode([String].self, from: bytes) == strings)
        let view = try BinaryPlistView(bytes)
        #expect(try view.root.plist() == Plist.array(strings.map { .string($0) }))
    }

    /// A byte above 0x7F in a short ASCII string object is still reported where it is.
    @Test func nonASCIIByteInAShortStringIsReported() {
        for count in 1...SmallASCIIString.capacity {
            for bad in [0, count - 1] {
                var payload = [UInt8](repeating: 0x61, count: count)
                payload[bad] = 0xE9
                // 15 bytes take the long form: marker 0x5F, then the count as an integer.
                let header: [UInt8] = count < 15 ? [0x50 | UInt8(count)] : [0x5F, 0x10, UInt8(count)]
                let bytes = BinaryBuilder([header + payload]).bytes
                do {
                    let value = try Plist(decoding: bytes)
                    Issue.record("decoded \(value)")
                } catch {
                    #expect(error.code == .invalidString)
                    #expect(error.location == .offset(8 + header.count + bad), "\(error)")
                }
                #expect(throws: DecodingError.self) { try PlistDecoder().decode(String.self, from: Data(bytes)) }
            }
        }
    }
}
