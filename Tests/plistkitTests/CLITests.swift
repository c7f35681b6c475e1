import Foundation
import Testing
import PlistKit
import TestSupport

/// Runs `plistkit` and the toolchain's `plutil` side by side and compares what they print,
/// write and return.
@Suite struct CLITests {
    struct Run: Equatable {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    static let plistkitPath = TestTools.plistkit
    static let plutilPath = TestTools.plutil

    static func run(_ executable: String, _ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        let result = try Subprocess.run(executable, arguments, stdin: stdin, in: directory)
        return Run(status: result.status, stdout: result.stdout, stderr: result.stderrText)
    }

    /// A scratch directory holding the given files.
    static func scratch(_ files: [String: Data]) throws -> URL {
        try TestTools.scratch(files)
    }

    static let sample: Plist = [
        "name": "Ada", "age": 36, "score": 0.1, "big": .integer(.max), "neg": -5, "ok": true,
        "when": .date(Date(timeIntervalSinceReferenceDate: 600_000_000)),
        "tags": ["a", "é", "🙂"], "nested": ["B": 1, "a": 2, "10": 3, "9": 4],
    ]

    @Test func lintMatchesPlutil() throws {
        let plutil = try #require(CLITests.plutilPath)
        let directory = try CLITests.scratch(["good.plist": try CLITests.sample.encoded(as: .binary), "bad.plist": Data([UInt8]("bplist00".utf8) + [0xD0, 0xFF, 0x00, 0x01])])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, ["-lint", "good.plist"], in: directory)
        let theirs = try CLITests.run(plutil, ["-lint", "good.plist"], in: directory)
        #expect(ours == theirs)
        #expect(ours.stdout == Data("good.plist: OK\n".utf8))
        let silent = try CLITests.run(CLITests.plistkitPath, ["-lint", "-s", "good.plist"], in: directory)
        #expect(silent.status == 0 && silent.stdout.isEmpty)
        let bad = try CLITests.run(CLITests.plistkitPath, ["-lint", "good.plist", "bad.plist"], in: directory)
        let badPlutil = try CLITests.run(plutil, ["-lint", "good.plist", "bad.plist"], in: directory)
        #expect(bad.status == 1 && badPlutil.status == 1)
        #expect(bad.stdout == badPlutil.stdout)
        #expect(bad.stderr.hasPrefix("bad.plist: "))
        #expect(bad.stderr.contains("offset"))
    }

    @Test func usageErrorsMatchPlutil() throws {
        let plutil = try #require(CLITests.plutilPath)
        let commandLines = [
            [], ["-lint"], ["-convert"], ["-convert", "nope", "x"], ["-p", "-x", "f"], ["-lint", "-o", "a", "f"],
            ["-o"], ["-lint", "-o"], ["-convert", "json", "-e"], ["-extract"], ["-extract", "k"], ["-type"],
            ["-insert"], ["-replace", "k"], ["-remove"], ["-create"], ["-type", "k", "-expect"], ["-x"],
        ]
        for arguments in commandLines {
            var ours = try CLITests.run(CLITests.plistkitPath, arguments)
            let theirs = try CLITests.run(plutil, arguments)
            // Our messages say what the option needs (PlutilDifferences.usageMessages).
            ours.stderr = PlutilDifferences.asPlutilWrites(usage: ours.stderr)
            #expect(ours == theirs, "\(arguments)")
        }
    }

    @Test func printMatchesPlutilWhereNoDataOrUID() throws {
        let plutil = try #require(CLITests.plutilPath)
        let directory = try CLITests.scratch(["s.plist": try CLITests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, ["-p", "s.plist"], in: directory)
        let theirs = try CLITests.run(plutil, ["-p", "s.plist"], in: directory)
        #expect(ours.status == 0)
        #expect(String(decoding: ours.stdout, as: UTF8.self) == String(decoding: theirs.stdout, as: UTF8.self))
    }

    /// plutil on Linux prints data bytes without zero padding (and skips odd bytes of long
    /// data) and UIDs as memory addresses; plistkit prints what macOS prints.
    @Test func printFixesPlutilDataAndUIDOutput() throws {
        let value: Plist = ["d": .data(Data([1, 2, 3])), "long": .data(Data(0..<40)), "u": .uid(7)]
        let directory = try CLITests.scratch(["v.plist": try value.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, ["-p", "v.plist"], in: directory)
        #expect(String(decoding: ours.stdout, as: UTF8.self) == """
        {
          "d" => {length = 3, bytes = 0x010203}
          "long" => {length = 40, bytes = 0x000102030405060708090a0b0c0d0e0f... 2021222324252627}
          "u" => <CFKeyedArchiverUID>{value = 7}
        }

        """)
        if let plutil = CLITests.plutilPath {
            let theirs = try CLITests.run(plutil, ["-p", "v.plist"], in: directory)
            #expect(String(decoding: theirs.stdout, as: UTF8.self).contains("0x123}"))  // the Linux bug
        }
    }

    /// Linux plutil crashes on binary sets (marker 0xC); plistkit prints them as arrays.
    @Test func printReadsBinarySets() throws {
        let set = BinaryBuilder([[0xC2, 0x01, 0x02], [0x10, 0x07], [0x51, 0x61]]).bytes
        let directory = try CLITests.scratch(["set.plist": Data(set)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let ours = try CLITests.run(CLITests.plistkitPath, ["-p", "set.plist"], in: directory)
        #expect(ours.status == 0)
        #expect(String(decoding: ours.stdout, as: UTF8.self) == "[\n  0 => 7\n  1 => \"a\"\n]\n")
    }

    @Test func convertToBinaryIsReadBackByPlutilAndUs() throws {
        let plutil = try #require(CLITests.plutilPath)
        let directory = try CLITests.scratch(["in.plist": try CLITests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let converted = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "-o", "out.plist", "in.plist"], in: directory)
        #expect(converted.status == 0 && converted.stdout.isEmpty && converted.stderr.isEmpty)
        let ours = try Data(contentsOf: directory.appendingPathComponent("out.plist"))
        #expect(try Plist(decoding: ours) == CLITests.sample)
        let lint = try CLITests.run(plutil, ["-lint", "out.plist"], in: directory)
        #expect(lint.status == 0)
        let printed = try CLITests.run(plutil, ["-p", "out.plist"], in: directory)
        let reference = try CLITests.run(plutil, ["-p", "in.plist"], in: directory)
        #expect(printed.stdout == reference.stdout)
        // To standard output, and in place.
        let toStdout = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "-o", "-", "in.plist"], in: directory)
        #expect(toStdout.stdout == ours)
        let inPlace = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "in.plist"], in: directory)
        #expect(inPlace.status == 0)
        #expect(try Data(contentsOf: directory.appendingPathComponent("in.plist")) == ours)
    }

    @Test func standardInputAndExtension() throws {
        let directory = try CLITests.scratch(["a.xml": try CLITests.sample.encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let lint = try CLITests.run(CLITests.plistkitPath, ["-lint", "-"], stdin: try CLITests.sample.encoded(as: .binary))
        #expect(lint.stdout == Data("<stdin>: OK\n".utf8))
        let converted = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "-e", "bplist", "a.xml"], in: directory)
        #expect(converted.status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("a.bplist").path))
    }

    @Test func failedConversionLeavesTheFileAlone() throws {
        let original = Data("bplist00 not really".utf8)
        let directory = try CLITests.scratch(["broken.plist": original])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "broken.plist"], in: directory)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("broken.plist: "))
        #expect(try Data(contentsOf: directory.appendingPathComponent("broken.plist")) == original)
    }
}
