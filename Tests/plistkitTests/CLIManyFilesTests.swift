import Foundation
import PlistKit
import Testing
import TestSupport

/// Many files on one command line, worked on concurrently (`-j`): what the process prints,
/// writes and returns is byte for byte the one-file-at-a-time run's, and plutil's where
/// plutil is the oracle.
@Suite struct CLIManyFilesTests {
    /// 48 files in every input format, every seventh one broken, named `f00.plist` …
    static let files: [String: Data] = {
        var files: [String: Data] = [:]
        for index in 0..<48 {
            let format: PlistFormat = [.binary, .xml, .json, .openStep][index % 4]
            // OpenStep text holds strings only.
            let text = format == .openStep
            let value: Plist = [
                "name": .string("document \(index)"), "index": text ? .string("\(index)") : .integer(PlistInteger(index)),
                "ok": text ? "YES" : .bool(index % 2 == 0), "tags": .array((0..<(index % 5)).map { .string("tag\($0)") }),
                "nested": ["depth": text ? "1" : 1, "label": .string(String(repeating: "é", count: index % 4))],
            ]
            var bytes = try! value.encoded(as: format)
            if index % 7 == 3 { bytes = format == .binary ? bytes.prefix(bytes.count / 2) : Data("{ \"name\" = ".utf8) + bytes }
            files[String(format: "f%02d.plist", index)] = bytes
        }
        return files
    }()

    /// The files in argument order, with a missing file and a directory among them.
    static let arguments: [String] = {
        var names = files.keys.sorted()
        names.insert("missing.plist", at: 10)
        names.insert("folder", at: 20)
        return names
    }()

    /// One run: what it printed on each stream, both streams as one (`2>&1`), its exit status
    /// and every file in its directory afterwards.
    struct Outcome: Equatable {
        var status: Int32
        var stdout: Data
        var stderr: String
        var combined: Data
        var directory: [String: Data]
    }

    /// Runs `executable` with `arguments` in a fresh copy of the files, twice: with the
    /// streams apart, and with standard error sent to standard output.
    static func outcome(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> Outcome {
        func fresh() throws -> URL {
            let directory = try TestTools.scratch(files)
            try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder"), withIntermediateDirectories: true)
            return directory
        }
        let directory = try fresh(), combinedDirectory = try fresh()
        defer {
            try? FileManager.default.removeItem(at: directory)
            try? FileManager.default.removeItem(at: combinedDirectory)
        }
        let apart = try Subprocess.run(executable, arguments, stdin: stdin, in: directory)
        let script = "exec \"$0\" \"$@\" 2>&1"
        let combined = try Subprocess.run("/bin/sh", ["-c", script, executable] + arguments, stdin: stdin, in: combinedDirectory)
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) where name != "folder" {
            contents[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return Outcome(status: apart.status, stdout: apart.stdout, stderr: apart.stderrText, combined: combined.stdout, directory: contents)
    }

    static let verbs: [[String]] = [
        ["-lint"], ["-lint", "-s"], ["-p"], ["-convert", "xml1", "-o", "-"], ["-convert", "binary1", "-e", "bplist"],
        ["-convert", "json", "-r"], ["-convert", "swift"], ["-extract", "name", "raw"], ["-extract", "nested", "json", "-o", "-"],
        ["-type", "tags"], ["-insert", "added", "-string", "x"], ["-replace", "name", "-string", "renamed"], ["-remove", "tags"],
    ]

    @Test(arguments: verbs)
    func concurrentRunIsTheSerialRun(_ verb: [String]) throws {
        let serial = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + ["-j", "1"] + CLIManyFilesTests.arguments)
        let concurrent = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + ["-j", "4"] + CLIManyFilesTests.arguments)
        let byDefault = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + CLIManyFilesTests.arguments)
        #expect(serial.status == 1)
        // Every broken file, the missing one and the folder fail, each on a line of its own.
        #expect(serial.stderr.split(separator: "\n").count == 9, "\(serial.stderr)")
        #expect(concurrent == serial)
        #expect(byDefault == serial)
    }

    /// Many more files than jobs (1,000 arguments at `-j 2` give each task a run of 31
    /// consecutive files, `Tool.runLength`): the output is still the serial run's, every
    /// failure in its place.
    @Test(arguments: [["-lint"], ["-p"]])
    func runsOfFilesKeepArgumentOrder(_ verb: [String]) throws {
        let arguments = Array(repeating: CLIManyFilesTests.arguments, count: 20).flatMap { $0 }
        let serial = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + ["-j", "1"] + arguments)
        let concurrent = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + ["-j", "2"] + arguments)
        #expect(serial.status == 1)
        #expect(serial.stderr.split(separator: "\n").count == 9 * 20)
        #expect(concurrent == serial)
    }

    /// plutil on the same files: the same lines on standard output, the same exit status, and
    /// the failing files reported in the same order (plutil's reasons are its own).
    @Test(arguments: [["-lint"], ["-p"], ["-extract", "name", "raw"], ["-type", "tags"]])
    func concurrentRunMatchesPlutil(_ verb: [String]) throws {
        let plutil = try #require(TestTools.plutil)
        // plutil on Linux reads no JSON, and OpenStep numbers as strings: the binary and
        // XML files only (the first two of every four).
        let arguments = CLIManyFilesTests.arguments.filter { name in
            guard name.hasPrefix("f"), let index = Int(name.dropFirst().prefix(2)) else { return true }
            return index % 4 < 2
        }
        let ours = try CLIManyFilesTests.outcome(TestTools.plistkit, verb + ["-j", "4"] + arguments)
        let theirs = try CLIManyFilesTests.outcome(plutil, verb + arguments)
        func failingFiles(_ stderr: String) -> [Substring] {
            stderr.split(separator: "\n").map { $0.prefix { $0 != ":" } }
        }
        #expect(ours.status == theirs.status)
        #expect(ours.stdout == theirs.stdout)
        #expect(failingFiles(ours.stderr) == failingFiles(theirs.stderr))
        #expect(!failingFiles(ours.stderr).isEmpty)
    }

    /// Standard input among the files is read once, in its place.
    @Test func standardInputAmongFiles() throws {
        let input = try (["from": "stdin"] as Plist).encoded(as: .xml)
        let arguments = ["-p", "f00.plist", "-", "f01.plist"]
        let serial = try CLIManyFilesTests.outcome(TestTools.plistkit, arguments + ["-j", "1"], stdin: input)
        let concurrent = try CLIManyFilesTests.outcome(TestTools.plistkit, arguments + ["-j", "4"], stdin: input)
        #expect(concurrent == serial)
        #expect(String(decoding: serial.stdout, as: UTF8.self).contains("\"from\" => \"stdin\""))
    }

    /// Files whose jobs touch each other run in argument order whatever `-j` says: all
    /// converted to one `-o` file (the last one wins, as with plutil), and one file edited
    /// twice (both edits land).
    @Test func filesThatTouchEachOtherRunInOrder() throws {
        let outputs = try ["1", "4"].map { jobs in
            try CLIManyFilesTests.outcome(TestTools.plistkit, ["-convert", "xml1", "-j", jobs, "-o", "all.xml", "f00.plist", "f01.plist", "f02.plist", "f05.plist"])
        }
        #expect(outputs[0] == outputs[1])
        let last = try Plist(decoding: CLIManyFilesTests.files["f05.plist"]!)
        #expect(try Plist(decoding: try #require(outputs[1].directory["all.xml"])) == last)

        let edits = try CLIManyFilesTests.outcome(TestTools.plistkit, ["-insert", "tags", "-string", "new", "-append", "-j", "4", "f05.plist", "./f05.plist", "f05.plist"])
        #expect(edits.status == 0)
        let edited = try Plist(decoding: try #require(edits.directory["f05.plist"]))
        #expect(edited["tags"] == ["new", "new", "new"])
    }
}
