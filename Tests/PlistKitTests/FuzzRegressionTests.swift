import Foundation
import PlistKit
import Testing
import TestSupport

/// One entry of `TestVectors/fuzz/MANIFEST.json`: an input a fuzz target in `Fuzz/` found,
/// in the folder named for the target, and what its reader must do with it now.
struct FuzzFinding: Sendable, CustomTestStringConvertible {
    /// The path below `TestVectors/fuzz/`, `<target>/<name>`.
    let file: String
    /// `"reads"`, or the `PlistError.Code` name the reader must throw.
    let expected: String

    var testDescription: String { file }
    var target: String { String(file.prefix { $0 != "/" }) }
    var url: URL { TestVectorFiles.directory.appendingPathComponent("fuzz").appendingPathComponent(file) }

    static let manifest = TestVectorFiles.directory.appendingPathComponent("fuzz/MANIFEST.json")

    static let all: [FuzzFinding] = {
        guard let data = try? Data(contentsOf: manifest),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["vectors"] as? [[String: Any]]
        else { return [] }
        return entries.map { FuzzFinding(file: $0["file"] as? String ?? "?", expected: $0["expected"] as? String ?? "?") }
    }()
}

/// Replays every fuzz finding through the reader of the target that found it: the reader
/// throws the expected `PlistError`, or reads the file and the value round-trips (through
/// binary exactly, and through OpenStep in its own form for the OpenStep reader). Leaks and
/// memory errors need the sanitizers: `Fuzz/README.md` says how to replay a file through the
/// fuzz target itself.
@Suite struct FuzzRegressionTests {
    @Test func manifestListsEveryFile() throws {
        let directory = TestVectorFiles.directory.appendingPathComponent("fuzz")
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.lastPathComponent != "MANIFEST.json", !url.hasDirectoryPath,
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files.append(String(url.path.dropFirst(directory.path.count + 1)))
        }
        #expect(files.sorted() == FuzzFinding.all.map(\.file).sorted())
        #expect(!FuzzFinding.all.isEmpty)
    }

    @Test(arguments: FuzzFinding.all)
    func replays(_ finding: FuzzFinding) throws {
        let bytes = try Data(contentsOf: finding.url)
        let outcome = Result { () throws(PlistError) -> Plist in try read(bytes, as: finding.target) }
        switch (outcome, finding.expected) {
        case (.success(let value), "reads"):
            let binary = try value.encoded(as: .binary)
            #expect(try Plist(decoding: binary, format: .binary) == value)
            if finding.target == "FuzzOpenStep" { try checkOpenStepForm(bytes) }
        case (.success, let code):
            Issue.record("read the file; expected error \(code)")
        case (.failure(let error), let code):
            #expect(error.code.name == code, "\(error)")
        }
    }

    /// The reader the fuzz target `target` drives.
    private func read(_ bytes: Data, as target: String) throws(PlistError) -> Plist {
        switch target {
        case "FuzzBinary", "FuzzBinaryView": try Plist(decoding: bytes, format: .binary)
        case "FuzzXML": try Plist(decoding: bytes, format: .xml)
        case "FuzzJSON": try Plist(decoding: bytes, format: .json)
        case "FuzzOpenStep": try Plist.decodedOpenStep(bytes).value
        case "FuzzEvents": try readEvents(bytes)
        default: try Plist(decoding: bytes)
        }
    }

    /// The value `PlistEventReader` assembles from the events, which then end.
    private func readEvents(_ bytes: Data) throws(PlistError) -> Plist {
        let reader = try PlistEventReader(bytes)
        guard let value = try reader.readValue(), try reader.next() == nil else {
            throw PlistError(.structure, "the events are not one value")
        }
        return value
    }

    /// The OpenStep reader's writing options write the value back in its own form, and
    /// reading that gives the same value and the same options.
    private func checkOpenStepForm(_ bytes: Data) throws {
        let (value, form) = try Plist.decodedOpenStep(bytes)
        let written = try value.encoded(as: .openStep, options: form)
        let (back, backForm) = try Plist.decodedOpenStep(written)
        #expect(back == value)
        #expect(backForm.stringsFile == form.stringsFile)
    }
}
