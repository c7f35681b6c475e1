import Foundation
import KeyedArchive
import PlistKit
import Testing

// The code of KeyedArchivesAndKeyedCodable.md (KeyedArchive.docc), kept compiling and
// passing here; `Person` is the README's class, declared in ReadmeExampleTests.swift.
@Suite struct DocumentationExampleTests {
    @Test func archiveAndUnarchive() throws {
        let ada = Person()
        ada.name = "Ada"
        ada.best = ada

        let data = try KeyedArchiver.archivedData(withRootObject: ada)
        let xml = try KeyedArchiver.archivedData(withRootObject: ada, format: .xml)
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Person.self, from: data,
                                                        allowedClasses: [Person.self])
        #expect(back.best === back)
        #expect(try KeyedUnarchiver.unarchivedObject(ofType: Person.self, from: xml).name == "Ada")
    }

    /// An archive naming the class `MyApp.Person`, as Foundation on Linux writes it.
    @Test func foundationClassNames() throws {
        let ada = Person()
        ada.name = "Ada"
        let archiver = KeyedArchiver()
        archiver.setClassName("MyApp.Person", for: Person.self)
        archiver.encode(ada, forKey: KeyedArchiver.rootKey)
        let data = try archiver.finishEncoding()

        let person = try KeyedUnarchiver.unarchivedObject(
            ofType: Person.self, from: data,
            classNames: ["MyApp.Person": Person.self])
        #expect(person.name == "Ada")
    }
}
