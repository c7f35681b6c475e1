import Foundation
import KeyedArchive
import PlistKit
import Testing

@Suite("Secure decoding", .serialized)
struct SecureDecodingTests {
    func envelopeArchive() throws -> Data {
        let envelope = Envelope()
        envelope.note = "hello"
        let intruder = Intruder()
        intruder.payload = "rm -rf"
        envelope.content = intruder
        return try KeyedArchiver.archivedData(withRootObject: envelope)
    }

    @Test func disallowedClassIsRejectedBeforeAnyObjectIsBuilt() throws {
        let data = try envelopeArchive()
        let before = Intruder.built
        do {
            _ = try KeyedUnarchiver.unarchivedObject(ofType: Envelope.self, from: data, allowedClasses: [Envelope.self])
            Issue.record("expected classNotAllowed")
        } catch {
            #expect(error.code == .classNotAllowed)
            #expect(error.message.contains("Intruder"))
        }
        #expect(Intruder.built == before)
    }

    @Test func allowListByNameOnAnUnarchiver() throws {
        let data = try envelopeArchive()
        let unarchiver = try KeyedUnarchiver(forReadingFrom: data)
        unarchiver.allowedClassNames = ["Envelope"]
        #expect(throws: KeyedArchiveError.self) { try unarchiver.decode(Envelope.self, forKey: "root") }
        unarchiver.allowedClassNames = ["Envelope", "Intruder"]
        let envelope = try unarchiver.decode(Envelope.self, forKey: "root")
        #expect(envelope.content?.payload == "rm -rf")
    }

    @Test func allowedClassesDecode() throws {
        let data = try envelopeArchive()
        let envelope = try KeyedUnarchiver.unarchivedObject(ofType: Envelope.self, from: data, allowedClasses: [Envelope.self, Intruder.self])
        #expect(envelope.note == "hello")
        #expect(envelope.content?.payload == "rm -rf")
    }

    @Test func foundationValueClassesAreAlwaysAllowed() throws {
        let data = try KeyedArchiver.archivedData(withRootObject: ["a": [Date(timeIntervalSinceReferenceDate: 1)]] as [String: [Date]])
        let value = try KeyedUnarchiver.unarchivedObject(ofType: [String: [Date]].self, from: data, allowedClasses: [])
        #expect(value == ["a": [Date(timeIntervalSinceReferenceDate: 1)]])
    }
}
