import Foundation
import Testing
@testable import PlistKit

/// The same model values through Foundation's coders and PlistKit's: the trees they write
/// are equal, and what either writes, the other reads back to the value.
@Suite struct CodableParityTests {
    /// True once `Plist(decoding:)` reads XML (the XML reader lands separately).
    static let readsXML: Bool = {
        (try? Plist(decoding: Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><array/></plist>".utf8))) != nil
    }()

    /// True once `Plist.encoded(as: .xml)` works.
    static let writesXML: Bool = {
        (try? Plist.array([]).encoded(as: .xml)) != nil
    }()

    /// Encodes `value` with both encoders in `format`; returns (Foundation's, ours).
    private func encodeBoth<T: Codable>(_ value: T, _ format: PlistFormat) throws -> (foundation: Data, ours: Data) {
        let foundation = PropertyListEncoder()
        foundation.outputFormat = format == .xml ? .xml : .binary
        let ours = PlistEncoder()
        ours.outputFormat = format
        return (try foundation.encode(value), try ours.encode(value))
    }

    /// The whole parity check for binary: equal trees, and every encoder/decoder pairing
    /// round-trips the value.
    private func checkBinary<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (foundation, ours) = try encodeBoth(value, .binary)
        #expect(try Plist(decoding: ours) == Plist(decoding: foundation), "trees differ", sourceLocation: sourceLocation)
        #expect(try PlistDecoder().decode(T.self, from: ours) == value, "ours → ours", sourceLocation: sourceLocation)
        #expect(try PlistDecoder().decode(T.self, from: foundation) == value, "Foundation → ours", sourceLocation: sourceLocation)
        #expect(try PropertyListDecoder().decode(T.self, from: ours) == value, "ours → Foundation", sourceLocation: sourceLocation)
        // The tree itself decodes too.
        #expect(try PlistDecoder().decode(T.self, from: Plist(decoding: foundation)) == value, "tree → ours", sourceLocation: sourceLocation)
        #expect(try PlistEncoder().encodeToPlist(value) == Plist(decoding: foundation), "encodeToPlist", sourceLocation: sourceLocation)
    }

    @Test func scalars() throws {
        try checkBinary(CodableScalars.sample)
        try checkBinary(CodableScalars.minimums)
        try checkBinary(CodableScalars.maximums)
    }

    @Test func foundationTypes() throws {
        try checkBinary(CodableFoundationTypes.sample)
    }

    @Test func optionals() throws {
        try checkBinary(CodableOptionals.sample)
    }

    @Test func collections() throws {
        try checkBinary(CodableCollections.sample)
    }

    @Test func enums() throws {
        try checkBinary([CodableShape.circle(radius: 1), .rectangle(2, 3), .point, .labeled("x", sides: 5)])
        try checkBinary([CodableRawEnum.first, .second])
        try checkBinary([CodableTree.sample])
    }

    @Test func inheritance() throws {
        try checkBinary([CodableDog(name: "Rex", breed: "collie")])
        try checkBinary(["animal": CodableAnimal(name: "Ant", legs: 6)])
    }

    @Test func handWrittenContainers() throws {
        try checkBinary(CodableHandWritten.sample)
    }

    @Test func records() throws {
        try checkBinary((0..<200).map(CodableRecord.make))
    }

    @Test func everything() throws {
        try checkBinary(CodableEverything.sample)
    }

    /// The sample with whole-second dates, which XML stores exactly.
    static var wholeSeconds: CodableEverything {
        var value = CodableEverything.sample
        value.foundation.date = Date(timeIntervalSinceReferenceDate: 123_456_789)
        return value
    }

    /// Foundation's XML output reads back through PlistDecoder (needs the XML reader).
    @Test(.enabled(if: readsXML)) func foundationXMLDecodes() throws {
        let foundation = PropertyListEncoder()
        foundation.outputFormat = .xml
        let xml = try foundation.encode(Self.wholeSeconds)
        var format = PlistFormat.binary
        #expect(try PlistDecoder().decode(CodableEverything.self, from: xml, format: &format) == Self.wholeSeconds)
        #expect(format == .xml)
    }

    /// Our XML output reads back through Foundation and through us (needs the XML writer).
    @Test(.enabled(if: writesXML && readsXML)) func ourXMLDecodes() throws {
        let (foundation, ours) = try encodeBoth(Self.wholeSeconds, .xml)
        #expect(try PropertyListDecoder().decode(CodableEverything.self, from: ours) == Self.wholeSeconds)
        #expect(try PlistDecoder().decode(CodableEverything.self, from: ours) == Self.wholeSeconds)
        #expect(try Plist(decoding: ours) == Plist(decoding: foundation))
    }

    @Test func formatIsReported() throws {
        var format = PlistFormat.xml
        _ = try PlistDecoder().decode([Int].self, from: PlistEncoder().encode([1]), format: &format)
        #expect(format == .binary)
    }

    /// The trees Foundation writes for the types the issue asks about, checked literally so
    /// that a change on either side is noticed.
    @Test func foundationTreeShapes() throws {
        func tree<T: Encodable>(_ value: T) throws -> Plist {
            try Plist(decoding: PropertyListEncoder().encode(value))
        }
        #expect(try tree([Date(timeIntervalSinceReferenceDate: 5)]) == .array([.date(Date(timeIntervalSinceReferenceDate: 5))]))
        #expect(try tree([Data([1])]) == .array([.data(Data([1]))]))
        #expect(try tree([URL(string: "https://a.b/")!]) == [["relative": "https://a.b/"]])
        #expect(try tree([URL(string: "c", relativeTo: URL(string: "https://a.b/")!)!]) == [["relative": "c", "base": ["relative": "https://a.b/"]]])
        #expect(try tree([UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!]) == ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        #expect(try tree([Float(1.5)]) == [1.5])
        #expect(try tree([1, nil] as [Int?]) == [1, "$null"])
        #expect(try tree([1: "a"]) == ["1": "a"])
        #expect(try tree([true: "a"]) == [true, "a"])
        #expect(try tree([CodableShape.labeled("n", sides: 3)]) == [["labeled": ["_0": "n", "sides": 3]]])
        #expect(try tree([CodableShape.point]) == [["point": [:]]])
        #expect(try tree(CodableDog(name: "d", breed: "b")) == ["breed": "b", "super": ["name": "d", "legs": 4]])
        // Top-level scalars are refused by both.
        #expect(throws: EncodingError.self) { try PropertyListEncoder().encode(5) }
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(5) }
        #expect(throws: EncodingError.self) { try PlistEncoder().encode(Optional<Int>.none) }
    }

    /// Both decoders read top-level scalars (which other tools write).
    @Test func topLevelScalarsDecode() throws {
        for value: Plist in [5, "s", true, 2.5, .date(Date(timeIntervalSinceReferenceDate: 1)), .data(Data([9]))] {
            let bytes = try value.encoded(as: .binary)
            switch value {
            case .integer: #expect(try PlistDecoder().decode(Int.self, from: bytes) == PropertyListDecoder().decode(Int.self, from: bytes))
            case .string: #expect(try PlistDecoder().decode(String.self, from: bytes) == PropertyListDecoder().decode(String.self, from: bytes))
            case .bool: #expect(try PlistDecoder().decode(Bool.self, from: bytes) == PropertyListDecoder().decode(Bool.self, from: bytes))
            case .real: #expect(try PlistDecoder().decode(Double.self, from: bytes) == PropertyListDecoder().decode(Double.self, from: bytes))
            case .date: #expect(try PlistDecoder().decode(Date.self, from: bytes) == PropertyListDecoder().decode(Date.self, from: bytes))
            case .data: #expect(try PlistDecoder().decode(Data.self, from: bytes) == PropertyListDecoder().decode(Data.self, from: bytes))
            default: break
            }
        }
    }

    /// userInfo reaches the types, and renaming the coders is the only change a program
    /// needs: this generic function is instantiated with both pairs.
    @Test func sameProgramBothCoders() throws {
        let key = CodingUserInfoKey(rawValue: "scale")!
        struct Scaled: Codable, Equatable {
            var value: Int
            init(value: Int) { self.value = value }
            init(from decoder: any Decoder) throws {
                value = try decoder.singleValueContainer().decode(Int.self) * (decoder.userInfo[CodingUserInfoKey(rawValue: "scale")!] as! Int)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value * (encoder.userInfo[CodingUserInfoKey(rawValue: "scale")!] as! Int))
            }
        }
        let foundationEncoder = PropertyListEncoder()
        foundationEncoder.userInfo[key] = 10
        foundationEncoder.outputFormat = .binary
        let foundationDecoder = PropertyListDecoder()
        foundationDecoder.userInfo[key] = 3
        let ourEncoder = PlistEncoder()
        ourEncoder.userInfo[key] = 10
        ourEncoder.outputFormat = .binary
        let ourDecoder = PlistDecoder()
        ourDecoder.userInfo[key] = 3
        let theirs = try foundationDecoder.decode([Scaled].self, from: foundationEncoder.encode([Scaled(value: 2)]))
        let ours = try ourDecoder.decode([Scaled].self, from: ourEncoder.encode([Scaled(value: 2)]))
        #expect(theirs == [Scaled(value: 60)])
        #expect(ours == theirs)
    }
}
