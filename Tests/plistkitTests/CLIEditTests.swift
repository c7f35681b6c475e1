import Foundation
import Testing
import PlistKit
import TestSupport

/// The editing, extracting and literal verbs, side by side with plutil.
@Suite struct CLIEditTests {
    static let sample: Plist = [
        "name": "Ada", "age": 36, "score": 1.5, "ok": true, "big": .integer(.max), "neg": -3,
        "list": [1, "two", ["k": false]], "empty": [:], "none": [], "nested": ["inner": ["x": 1]],
    ]

    /// Runs the same edit with both tools on copies of one file and compares the results
    /// (as `plutil -p` prints them), the output and the exit status.
    private func compareEdit(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let plutil = try #require(CLITests.plutilPath)
        let bytes = try CLIEditTests.sample.encoded(as: .binary)
        let directory = try CLITests.scratch(["ours.plist": bytes, "theirs.plist": bytes])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, arguments + ["ours.plist"], in: directory)
        let theirs = try CLITests.run(plutil, arguments + ["theirs.plist"], in: directory)
        #expect(ours.status == theirs.status, "\(arguments)", sourceLocation: sourceLocation)
        #expect(ours.stdout == theirs.stdout, "\(arguments)", sourceLocation: sourceLocation)
        #expect(ours.stderr.replacingOccurrences(of: "ours.plist", with: "F") == theirs.stderr.replacingOccurrences(of: "theirs.plist", with: "F"), "\(arguments)", sourceLocation: sourceLocation)
        let printedOurs = try CLITests.run(plutil, ["-p", "ours.plist"], in: directory)
        let printedTheirs = try CLITests.run(plutil, ["-p", "theirs.plist"], in: directory)
        #expect(printedOurs.stdout == printedTheirs.stdout, "\(arguments)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ["-insert", "added", "-string", "hello"],
        ["-insert", "n", "-integer", "-42"],
        ["-insert", "f", "-float", "2.25"],
        ["-insert", "b", "-bool", "YES"],
        ["-insert", "b", "-bool", "nope"],
        ["-insert", "d", "-data", "AQID"],
        ["-insert", "dict", "-dictionary"],
        ["-insert", "arr", "-array"],
        ["-insert", "list.1", "-string", "inserted"],
        ["-insert", "list.3", "-integer", "9"],
        ["-insert", "list.7", "-integer", "9"],
        ["-insert", "list", "-string", "x", "-append"],
        ["-insert", "name", "-string", "x", "-append"],
        ["-insert", "name", "-string", "dup"],
        ["-insert", "missing.key", "-string", "x"],
        ["-insert", "nested.inner.y", "-integer", "2"],
        ["-replace", "name", "-string", "Grace"],
        ["-replace", "fresh", "-integer", "1"],
        ["-replace", "nested.inner", "-array"],
        ["-remove", "name"],
        ["-remove", "list.0"],
        ["-remove", "list.2.k"],
        ["-remove", "absent"],
        ["-remove", "list.9"],
    ])
    func editMatchesPlutil(_ arguments: [String]) throws {
        try compareEdit(arguments)
    }

    /// plutil -replace on an array index inserts (a bug); plistkit replaces the element.
    @Test func replaceAtArrayIndexReplaces() throws {
        let directory = try CLITests.scratch(["f.plist": try CLIEditTests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-replace", "list.0", "-string", "first", "f.plist"], in: directory)
        #expect(run.status == 0)
        let edited = try Plist(decoding: Data(contentsOf: directory.appendingPathComponent("f.plist")))
        #expect(edited["list"] == ["first", "two", ["k": false]])
    }

    /// plutil stores an unparsable -integer as 0; plistkit refuses it.
    @Test func malformedIntegerIsRefused() throws {
        let directory = try CLITests.scratch(["f.plist": try CLIEditTests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-insert", "n", "-integer", "abc", "f.plist"], in: directory)
        #expect(run.status == 1)
        #expect(try Data(contentsOf: directory.appendingPathComponent("f.plist")) == CLIEditTests.sample.encoded(as: .binary))
        let huge = try CLITests.run(CLITests.plistkitPath, ["-insert", "n", "-integer", "18446744073709551615", "-o", "-", "f.plist"], in: directory)
        #expect(try Plist(decoding: huge.stdout)["n"] == .integer(.max))
    }

    @Test(arguments: [
        ["-extract", "name", "raw"], ["-extract", "age", "raw"], ["-extract", "score", "raw"],
        ["-extract", "ok", "raw"], ["-extract", "big", "raw"], ["-extract", "neg", "raw"],
        ["-extract", "list", "raw"], ["-extract", "nested", "raw"], ["-extract", "list.2.k", "raw"],
        ["-extract", "name", "raw", "-n"], ["-extract", "nope", "raw"], ["-extract", "name", "raw", "-expect", "string"],
        ["-extract", "name", "raw", "-expect", "integer"], ["-extract", "ok", "raw", "-expect", "float"],
        ["-extract", "list", "binary1", "-o", "-"],
        ["-type", "name"], ["-type", "list"], ["-type", "ok"], ["-type", "score"], ["-type", "empty"],
        ["-type", "nope"], ["-type", "age", "-expect", "integer"], ["-type", "age", "-expect", "string"], ["-type", "age", "-n"],
        ["-convert", "swift", "-o", "-"], ["-convert", "objc", "-o", "-"],
        ["-extract", "nested", "swift", "-o", "-"], ["-extract", "list", "objc", "-o", "-"],
    ])
    func outputMatchesPlutil(_ arguments: [String]) throws {
        let plutil = try #require(CLITests.plutilPath)
        let directory = try CLITests.scratch(["f.plist": try CLIEditTests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, arguments + ["f.plist"], in: directory)
        let theirs = try CLITests.run(plutil, arguments + ["f.plist"], in: directory)
        #expect(ours.status == theirs.status)
        #expect(ours.stderr == theirs.stderr)
        if arguments.contains("binary1") {
            #expect(try Plist(decoding: ours.stdout) == Plist(decoding: theirs.stdout))
        } else {
            // plutil writes an empty Swift dictionary as `[\n    ]`, an empty array literal;
            // plistkit writes `[:]`.
            let expected = String(decoding: theirs.stdout, as: UTF8.self)
                .replacingOccurrences(of: "\"empty\" : [\n    ],", with: "\"empty\" : [:],")
            #expect(String(decoding: ours.stdout, as: UTF8.self) == expected)
        }
    }

    @Test func objcWithHeaderWritesBothFiles() throws {
        let plutil = try #require(CLITests.plutilPath)
        let bytes = try CLIEditTests.sample.encoded(as: .binary)
        let ours = try CLITests.scratch(["my-list.plist": bytes])
        let theirs = try CLITests.scratch(["my-list.plist": bytes])
        defer {
            try? FileManager.default.removeItem(at: ours)
            try? FileManager.default.removeItem(at: theirs)
        }
        #expect(try CLITests.run(CLITests.plistkitPath, ["-convert", "objc", "-header", "my-list.plist"], in: ours).status == 0)
        #expect(try CLITests.run(plutil, ["-convert", "objc", "-header", "my-list.plist"], in: theirs).status == 0)
        for name in ["my-list.m", "my-list.h"] {
            let a = try Data(contentsOf: ours.appendingPathComponent(name))
            let b = try Data(contentsOf: theirs.appendingPathComponent(name))
            #expect(a == b, "\(name)")
        }
    }

    @Test func createMatchesPlutil() throws {
        let plutil = try #require(CLITests.plutilPath)
        for format in ["binary1", "swift", "objc"] {
            let ours = try CLITests.run(CLITests.plistkitPath, ["-create", format, "-"])
            let theirs = try CLITests.run(plutil, ["-create", format, "-"])
            #expect(ours.status == 0)
            if format == "binary1" {
                #expect(try Plist(decoding: ours.stdout) == [:])
            } else {
                // plutil prints fixed text for these; plistkit prints the literal of an empty dictionary.
                #expect(!ours.stdout.isEmpty && !theirs.stdout.isEmpty)
            }
        }
    }
}
