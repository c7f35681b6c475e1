import Foundation
import Testing
import PlistKit
import TestSupport

/// `-stream`: `-lint` and `-convert` through events give the values (and errors) of the
/// whole-value path, keys in the document's order.
@Suite struct CLIStreamingTests {
    static let record: Plist = [
        "name": "Ada", "age": 36, "score": 0.25, "big": .integer(.max), "tags": ["é", "🙂"],
        "when": .date(Date(timeIntervalSinceReferenceDate: 600_000_000)), "ok": true,
        "zeta": ["b": 1, "a": [1, 2, ["deep": "x"]]],
    ]
    static let document = Plist.array(Array(repeating: record, count: 50) + [["empty": [:], "list": []]])

    @Test(arguments: [("xml1", PlistFormat.xml), ("binary1", .binary), ("json", .json)])
    func convertGivesTheWholeValuePathsValue(_ name: String, _ format: PlistFormat) throws {
        let value: Plist = format == .json ? Self.jsonSafe : Self.document
        for input in [PlistFormat.binary, .xml] {
            let directory = try TestTools.scratch(["in.plist": try value.encoded(as: input)])
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try Subprocess.run(TestTools.plistkit, ["-convert", name, "-stream", "-o", "out", "in.plist"], in: directory)
            #expect(run.status == 0, "\(run.stderrText)")
            let output = try Data(contentsOf: directory.appendingPathComponent("out"))
            #expect(PlistFormat.detect(output) == format)
            #expect(try Plist(decoding: output) == value, "\(input) → \(name)")
        }
    }

    @Test func streamedXMLKeepsKeyOrderAndIsOtherwiseThePlainPathsBytes() throws {
        let value: Plist = ["b": 1, "a": ["y": true, "x": false]]
        let directory = try TestTools.scratch(["in.plist": try value.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Subprocess.run(TestTools.plistkit, ["-convert", "xml1", "-stream", "-o", "-", "in.plist"], in: directory)
        #expect(run.status == 0)
        #expect(run.stdout == (try value.encoded(as: .xml)))
    }

    @Test func readableJSONAndStandardInput() throws {
        let directory = try TestTools.scratch([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try Subprocess.run(TestTools.plistkit, ["-convert", "json", "-r", "-stream", "-o", "-", "-"], stdin: try Self.jsonSafe.encoded(as: .binary), in: directory)
        #expect(run.status == 0)
        #expect(run.stdout == (try Self.jsonSafe.encoded(as: .json, options: PlistWritingOptions(humanReadable: true))))
    }

    @Test func lintAndConvertReportErrorsAndLeaveFilesAlone() throws {
        var truncated = try Self.document.encoded(as: .xml)
        truncated.removeLast(40)
        let directory = try TestTools.scratch(["bad.plist": truncated, "good.plist": try Self.document.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let lint = try Subprocess.run(TestTools.plistkit, ["-lint", "-stream", "good.plist", "bad.plist"], in: directory)
        #expect(lint.status == 1)
        #expect(lint.stdout == Data("good.plist: OK\n".utf8))
        #expect(lint.stderrText.hasPrefix("bad.plist: "))
        let wholeValue = try Subprocess.run(TestTools.plistkit, ["-lint", "-no-stream", "good.plist", "bad.plist"], in: directory)
        #expect(wholeValue.status == 1)
        #expect(wholeValue.stdout == lint.stdout)
        #expect(wholeValue.stderrText.hasPrefix("bad.plist: "))
        // In place: the broken file stays as it was.
        let convert = try Subprocess.run(TestTools.plistkit, ["-convert", "binary1", "-stream", "bad.plist"], in: directory)
        #expect(convert.status == 1)
        #expect(try Data(contentsOf: directory.appendingPathComponent("bad.plist")) == truncated)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["bad.plist", "good.plist"])
    }

    /// The document without what JSON cannot hold (dates).
    static let jsonSafe: Plist = .array(document.array!.map { element in
        guard var entries = element.dictionary else { return element }
        entries.removeValue(forKey: "when")
        return .dictionary(entries)
    })
}
