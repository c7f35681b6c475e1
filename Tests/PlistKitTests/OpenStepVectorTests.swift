import Foundation
import PlistKit
import Testing
import TestSupport

/// `TestVectors/openstep/`: OpenStep text and `.strings` files, each read by PlistKit and
/// compared with what Foundation's `PropertyListSerialization` (CF's old-style parser) read
/// when the vectors were made, with Foundation and plutil read again now, and written back.
@Suite("OpenStep test vectors")
struct OpenStepVectorTests {
    static let vectors = TextVector.load("openstep/MANIFEST.json")
    static let readable = vectors.filter { $0.error == nil }
    /// The vectors CF reads (GNUstep's typed values aside).
    static let readByFoundation = readable.filter { $0.madeBy.hasPrefix("Foundation") }

    @Test func manifestIsComplete() throws {
        #expect(OpenStepVectorTests.vectors.count > 60)
        let listed = Set(OpenStepVectorTests.vectors.map(\.file))
        let root = Canonical.vectorsDirectory.appendingPathComponent("openstep")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { !$0.hasSuffix("MANIFEST.json") && !$0.hasSuffix("/") }
            .filter { (try? root.appendingPathComponent($0).resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { "openstep/" + $0 }
        #expect(Set(files) == listed)
        #expect(OpenStepVectorTests.vectors.allSatisfy { ($0.expectedObject == nil) != ($0.error == nil) })
    }

    /// Our reading equals the oracle's (Foundation's at generation time, the author's for
    /// GNUstep's typed values); malformed files fail with the expected code and a position.
    @Test(arguments: vectors)
    func vector(_ vector: TextVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        if vector.error != nil {
            vector.expectRefused(bytes, as: nil, firstColumn: 1)
            return
        }
        let expected = try #require(try vector.expected())
        let (value, format) = try Plist.decodedWithFormat(bytes)
        #expect(format == .openStep)
        #expect(Canonical.identical(value, expected), "read \(value)\nexpected \(expected)")
    }

    /// Foundation, run now, reads every file the way we do.
    @Test(arguments: readByFoundation)
    func matchesFoundationNow(_ vector: TextVector) throws {
        let bytes = try Data(contentsOf: vector.url)
        #expect(Canonical.identical(try Plist(decoding: bytes), try FoundationBridge.read(bytes)))
    }

    /// plutil's XML conversion of each file, read back through our XML reader, is our value.
    @Test(.enabled(if: TestTools.plutil != nil), arguments: readByFoundation)
    func matchesPlutilXML(_ vector: TextVector) throws {
        let plutil = try Subprocess.run(TestTools.plutil!, ["-convert", "xml1", "-o", "-", vector.url.path])
        #expect(plutil.status == 0, "\(plutil.stderrText)")
        let theirs = try Plist(decoding: plutil.stdout, format: .xml)
        #expect(Canonical.identical(try Plist(decoding: try Data(contentsOf: vector.url)), theirs))
    }

    /// Written as OpenStep text (typed values where the file had them), each value reads back
    /// identically through our reader, and through Foundation where CF can read it; the
    /// `.strings` files also round-trip in the `.strings` form.
    @Test(arguments: readable)
    func roundTrip(_ vector: TextVector) throws {
        let (value, writing) = try Plist.decodedOpenStep(try Data(contentsOf: vector.url))
        let plain = try value.encoded(as: .openStep, options: PlistWritingOptions(gnustepTypedValues: writing.gnustepTypedValues))
        #expect(Canonical.identical(try Plist(decoding: plain), value), "\(String(decoding: plain.prefix(400), as: UTF8.self))")
        if writing.stringsFile {
            let strings = try value.encoded(as: .openStep, options: writing)
            #expect(Canonical.identical(try Plist(decoding: strings), value))
            #expect(Canonical.identical(try FoundationBridge.read(strings), value))
        }
        if !writing.gnustepTypedValues {
            #expect(Canonical.identical(try FoundationBridge.read(plain), value))
        }
    }
}
