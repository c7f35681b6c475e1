import Foundation
import Testing
import TestSupport
@testable import PlistKit

/// The coders read and write `UUID` themselves rather than through its `Codable`
/// conformance (which formats and parses with `snprintf` and `sscanf`); Foundation is the
/// oracle for the text, for every verdict on odd input, and for the errors.
@Suite struct UUIDCodingTests {
    private func randomUUIDs(_ count: Int) -> [UUID] {
        var generator = SplitMix64(seed: 0x5EED_0000_0000_0016)
        return (0..<count).map { _ in
            var bytes = [UInt8](repeating: 0, count: 16)
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
            return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                               bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        }
    }

    @Test func textIsFoundationsBothWays() {
        let edges = [UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)),
                     UUID(uuid: (255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255))]
        for uuid in randomUUIDs(500) + edges {
            #expect(UUIDText.string(uuid) == uuid.uuidString)
            var buffer = ByteBuffer(capacity: 64)
            UUIDText.append(uuid, to: &buffer)
            #expect(String(decoding: buffer.bytes, as: UTF8.self) == uuid.uuidString)
            #expect(UUIDText.uuid(uuid.uuidString) == uuid)
            #expect(UUIDText.uuid(uuid.uuidString.lowercased()) == uuid)
        }
    }

    /// Every character of a UUID's text replaced by bytes on either side of the digit and
    /// letter ranges, a hyphen, a digit and a non-ASCII letter: Foundation's verdict each time.
    @Test func everyCharacterReplaced() {
        let valid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        for position in valid.indices {
            for replacement in ["G", "g", "/", ":", "@", "`", " ", "é", "-", "0", "f"] {
                let text = valid.replacingCharacters(in: position...position, with: replacement)
                #expect(UUIDText.uuid(text) == UUID(uuidString: text), "\(text)")
            }
        }
    }

    /// Strings the fast parser refuses get `UUID(uuidString:)`'s verdict, whatever it is.
    @Test func oddInputGetsFoundationsVerdict() {
        let valid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let odd = [
            "", valid.lowercased(), "{\(valid)}", valid.replacingOccurrences(of: "-", with: ""),
            " " + valid, String(valid.dropLast()), valid + "A", "+" + valid.dropFirst(),
            "E621E1F8-+36C-495A-93FC-0C247A3E6E5F", "0x21E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "E621E1F8_C36C-495A-93FC-0C247A3E6E5F", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "É621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5\u{0}",
        ]
        for text in odd {
            #expect(UUIDText.uuid(text) == UUID(uuidString: text), "\(text)")
        }
    }

    struct Tagged: Codable, Equatable {
        var id: UUID
        var others: [UUID]
        var named: [String: UUID]
    }

    @Test func encodesAsFoundationDoes() throws {
        let uuids = randomUUIDs(6)
        let value = Tagged(id: uuids[0], others: Array(uuids[1...3]), named: ["a": uuids[4], "b": uuids[5]])
        let theirs = PropertyListEncoder()
        theirs.outputFormat = .xml
        let ours = PlistEncoder()
        ours.outputFormat = .xml
        ours.outputFormatting = .sortedKeys
        #expect(try ours.encode(value) == theirs.encode(value))
        for format in [PlistFormat.binary, .xml] {
            ours.outputFormat = format
            #expect(try PlistDecoder().decode(Tagged.self, from: ours.encode(value)) == value)
            #expect(try PropertyListDecoder().decode(Tagged.self, from: ours.encode(value)) == value)
        }
        #expect(try PlistEncoder().encodeToPlist(uuids[0]) == .string(uuids[0].uuidString))
    }

    /// A string that is no UUID: `dataCorrupted` at the same path with Foundation's words.
    @Test func badTextFailsAsInFoundation() throws {
        let tree: Plist = ["id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "others": ["not a uuid"], "named": [:]]
        for format in [PlistFormat.binary, .xml] {
            let data = try tree.encoded(as: format)
            var foundationError: DecodingError?
            do { _ = try PropertyListDecoder().decode(Tagged.self, from: data) } catch let error as DecodingError { foundationError = error }
            var ourError: DecodingError?
            do { _ = try PlistDecoder().decode(Tagged.self, from: data) } catch let error as DecodingError { ourError = error }
            guard case .dataCorrupted(let theirs)? = foundationError, case .dataCorrupted(let ours)? = ourError else {
                Issue.record("expected dataCorrupted from both, got \(String(describing: foundationError)) and \(String(describing: ourError))")
                continue
            }
            #expect(ours.codingPath.map(\.stringValue) == theirs.codingPath.map(\.stringValue))
            #expect(ours.debugDescription == theirs.debugDescription)
        }
    }
}
