import Foundation
import PlistKitMacros
import Testing

/// Archives of `@Archivable` types: the bytes of the hand-written conformance, graphs with
/// their identities, class chains, defaults for keys an older archive lacks.
@Suite("@Archivable archives")
struct ArchivableRoundTripTests {
    @Test(arguments: [PlistFormat.binary, .xml])
    func sameBytesAsTheHandWrittenConformance(format: PlistFormat) throws {
        let ada = Person(), bob = Person()
        ada.name = "Ada"
        bob.name = "Bob"
        ada.friends = [bob, ada]
        ada.best = ada
        bob.best = nil
        let handAda = HandPerson(), handBob = HandPerson()
        handAda.name = "Ada"
        handBob.name = "Bob"
        handAda.friends = [handBob, handAda]
        handAda.best = handAda
        let macro = try KeyedArchiver.archivedData(withRootObject: ada, format: format)
        let hand = try KeyedArchiver.archivedData(withRootObject: handAda, format: format)
        #expect(macro == hand)
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Person.self, from: hand, allowedClasses: [Person.self])
        #expect(back.name == "Ada")
        #expect(back.best === back)
        #expect(back.friends[1] === back)
        #expect(back.friends[0].name == "Bob" && back.friends[0].best == nil)
    }
}
func usesPoint() throws -> Data { try KeyedArchiver.archivedData(withRootObject: Point(id: 1)) }
