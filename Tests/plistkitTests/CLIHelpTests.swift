import Foundation
import PlistKit
import Testing
import TestSupport

/// What `-help` says about the flags and behaviours users trip over, and that the tool does
/// what it says.
@Suite struct CLIHelpTests {
    @Test func helpListsTheFlagsAndEdges() throws {
        let run = try CLITests.run(CLITests.plistkitPath, ["-help"])
        #expect(run.status == 0)
        // Lines are wrapped, so compare with runs of white space as one space.
        let help = String(decoding: run.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in [
            "-f write binary plist data to standard output even when it is a terminal",
            "without -o, the result replaces FILE, as plutil does",
            "-float X (a decimal within +-1.8e308, or nan, inf, -inf",
            "only the edited entry is rewritten, so comments and layout stay",
            "-j N work on at most N files at once (default: one per core; -j 1: one after another)",
        ] {
            #expect(help.contains(phrase), "\(phrase)")
        }
    }

    /// `-extract KEYPATH FMT FILE` without `-o` replaces FILE with the extracted value, as
    /// plutil does.
    @Test func extractWithoutOutputReplacesTheFile() throws {
        let directory = try CLITests.scratch(["f.plist": try (["d": ["k": "v"], "n": 1] as Plist).encoded(as: .xml)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-extract", "d", "json", "f.plist"], in: directory)
        #expect(run.status == 0 && run.stdout.isEmpty)
        #expect(try String(contentsOf: directory.appendingPathComponent("f.plist"), encoding: .utf8) == "{\"k\":\"v\"}")
        if let plutil = CLITests.plutilPath {
            let theirs = try CLITests.scratch(["f.plist": try (["d": ["k": "v"], "n": 1] as Plist).encoded(as: .xml)])
            defer { try? FileManager.default.removeItem(at: theirs) }
            #expect(try CLITests.run(plutil, ["-extract", "d", "json", "f.plist"], in: theirs).status == 0)
            #expect(try Plist(decoding: Data(contentsOf: theirs.appendingPathComponent("f.plist"))) == ["k": "v"])
        }
    }
}
