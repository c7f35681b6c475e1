import Foundation
import KeyedArchive
import PlistKit
import Testing

/// A class that keeps the default (bare) archived class name.
final class Plain: KeyedCodable {
    var value = 0
    init() {}
    func encode(with archiver: KeyedArchiver) { archiver.encode(value, forKey: "value") }
    func decode(from unarchiver: KeyedUnarchiver) throws { value = try unarchiver.decode(Int.self, forKey: "value") }
}

@Suite("Archiver options")
struct ArchiverOptionsTests {
    @Test func rootKeyIsFoundations() throws {
        #expect(KeyedArchiver.rootKey == "root")
        let archive = try Plist(decoding: KeyedArchiver.archivedData(withRootObject: "x"))
        #expect(archive["$top"]?[KeyedArchiver.rootKey] != nil)
    }

    @Test func moduleQualifiedNamesAsFoundationWritesThem() throws {
        let plain = Plain()
        plain.value = 7
        let archiver = KeyedArchiver()
        archiver.writesModuleQualifiedClassNames = true
        archiver.encode(plain, forKey: KeyedArchiver.rootKey)
        let data = try archiver.finishEncoding()
        let tree = try KeyedUnarchiver.plist(fromArchive: data)
        #expect(tree["root"]?["$classname"] == "KeyedArchiveTests.Plain")
        // Reading maps the module-qualified name back to the class, as for Foundation's archives.
        let back = try KeyedUnarchiver.unarchivedObject(ofType: Plain.self, from: data, allowedClasses: [Plain.self])
        #expect(back.value == 7)
        // Names set on the archiver win.
        let named = KeyedArchiver()
        named.writesModuleQualifiedClassNames = true
        named.setClassName("Custom", for: Node.self)
        named.encode(Node("n"), forKey: KeyedArchiver.rootKey)
        #expect(try KeyedUnarchiver.plist(fromArchive: named.finishEncoding())["root"]?["$classname"] == "Custom")
        // Off by default.
        #expect(try KeyedUnarchiver.plist(fromArchive: KeyedArchiver.archivedData(withRootObject: plain))["root"]?["$classname"] == "Plain")
    }

    @Test func plistErrorIsTheCause() throws {
        let error = #expect(throws: KeyedArchiveError.self) { try KeyedUnarchiver(forReadingFrom: Data("bplist00garbage".utf8)) }
        #expect(error?.code == .notAPropertyList)
        #expect(error?.cause?.code == .badTrailer || error?.cause?.code == .truncated)
    }
}
