import Foundation
import Testing
import PlistKit
import TestSupport

/// What `plistkit` prints for each kind of input a person can hand it by mistake: every
/// message says what is wrong with their file or command line, in their words, with the
/// offset or line:column where there is one.
@Suite struct CLIErrorMessageTests {
    /// One mistake: the files in a scratch directory, the command line, and the whole of
    /// standard error (exit status 1, nothing on standard output).
    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: Data] = [:]
        var directories: [String] = []
        var arguments: [String]
        var stderr: String
        var testDescription: String { name }
    }

    static let sample: Plist = ["name": "Ada", "list": [1, 2], "when": .date(Date(timeIntervalSinceReferenceDate: 0))]
    static let binary = try! sample.encoded(as: .binary)
    static let xml = try! sample.encoded(as: .xml, options: .plutil)

    static let rows: [Row] = [
        Row(name: "random bytes that start like a word",
            files: ["r.plist": Data([0x61, 0x62, 0x9F, 0x01, 0xFF, 0x00])], arguments: ["-lint", "r.plist"],
            stderr: #"r.plist: no property-list format matches: the input is not text (it is not valid UTF-8 here), but a binary plist starts with "bplist00", XML with "<?xml" or "<plist", JSON with "{" or "[", and OpenStep text is UTF-8 or UTF-16 text at 1:3"#),
        Row(name: "random bytes that start like nothing",
            files: ["r.plist": Data([0x8F, 0x01, 0x02, 0x03])], arguments: ["-lint", "r.plist"],
            stderr: #"r.plist: no property-list format matches: the input starts with byte 0x8F, but a binary plist starts with "bplist00", XML with "<?xml" or "<plist", JSON with "{" or "[", and OpenStep text is UTF-8 or UTF-16 text at offset 0"#),
        Row(name: "empty file", files: ["e.plist": Data()], arguments: ["-p", "e.plist"],
            stderr: "e.plist: the input is empty (0 bytes), so it holds no property list at offset 0"),
        Row(name: "binary cut inside its header", files: ["b.plist": binary.prefix(5)], arguments: ["-lint", "b.plist"],
            stderr: "b.plist: the file is truncated: it ends after 5 bytes, inside the 8-byte binary plist header at offset 5"),
        Row(name: "binary cut before its trailer", files: ["b.plist": binary.prefix(30)], arguments: ["-lint", "b.plist"],
            stderr: "b.plist: the file is truncated: it ends after 30 bytes, before its 32-byte trailer (a binary plist has at least 41 bytes) at offset 30"),
        Row(name: "binary cut after its trailer would start", files: ["b.plist": binary.prefix(binary.count - 1)], arguments: ["-lint", "b.plist"],
            stderr: "b.plist: the file is truncated or its trailer is damaged: the trailer at offset \(binary.count - 33) does not describe a file of \(binary.count - 1) bytes (its offset size is 0, not 1…8) at offset \(binary.count - 27)"),
        Row(name: "XML cut inside a string", files: ["x.plist": xml.prefix(upTo: xml.range(of: Data("a</string>".utf8))!.lowerBound)],
            arguments: ["-lint", "x.plist"],
            stderr: "x.plist: the document ends before <string> (opened on line 11), <dict> (line 4) and <plist> (line 3) are closed at 11:12"),
        Row(name: "XML cut inside its declaration", files: ["x.plist": xml.prefix(12)], arguments: ["-lint", "x.plist"],
            stderr: "x.plist: the document ends before its root element <plist> is complete at 1:13"),
        Row(name: "XML cut to its first bytes", files: ["x.plist": xml.prefix(3)], arguments: ["-lint", "x.plist"],
            stderr: "x.plist: the document ends before its root element <plist> is complete at 1:4"),
        Row(name: "a directory", directories: ["folder"], arguments: ["-lint", "folder"],
            stderr: "folder: it is a directory, not a file"),
        Row(name: "a missing file", arguments: ["-p", "missing.plist"],
            stderr: "missing.plist: no such file"),
        Row(name: "a value JSON cannot hold", files: ["s.plist": binary], arguments: ["-convert", "json", "-o", "-", "s.plist"],
            stderr: "s.plist: cannot write a date at key path 'when' as JSON: JSON has no dates"),
        Row(name: "an unknown option", arguments: ["-lint", "-x", "f"],
            stderr: "unrecognized option: -x (plistkit -help lists the verbs and options)"),
        Row(name: "an unknown verb", arguments: ["-frobnicate"],
            stderr: "unrecognized option: -frobnicate (plistkit -help lists the verbs and options)"),
        Row(name: "-o alone", arguments: ["-o"],
            stderr: "option -o needs an argument (a path, or - for standard output)"),
        Row(name: "-o at the end", arguments: ["-convert", "xml1", "f", "-o"],
            stderr: "option -o needs an argument (a path, or - for standard output)"),
        Row(name: "-e at the end", arguments: ["-convert", "xml1", "f", "-e"],
            stderr: "option -e needs an argument (a file name extension, such as xml)"),
        Row(name: "-convert alone", arguments: ["-convert"],
            stderr: "option -convert needs an argument (a format: xml1, binary1, json, swift, objc, openstep, gnustep or strings)"),
        Row(name: "-create alone", arguments: ["-create"],
            stderr: "option -create needs an argument (a format: xml1, binary1, json, swift, objc, openstep, gnustep or strings)"),
        Row(name: "-extract without a format", arguments: ["-extract", "name"],
            stderr: "option -extract needs two arguments (a key path, then a format: xml1, binary1, json, swift, objc, openstep, gnustep, strings or raw)"),
        Row(name: "-expect alone", arguments: ["-extract", "name", "raw", "-expect"],
            stderr: "option -expect needs an argument (a type: bool, integer, float, string, date, data, dictionary or array)"),
        Row(name: "-type alone", arguments: ["-type"],
            stderr: "option -type needs an argument (a key path)"),
        Row(name: "-remove alone", arguments: ["-remove"],
            stderr: "option -remove needs an argument (a key path)"),
        Row(name: "-insert alone", arguments: ["-insert"],
            stderr: "option -insert needs a key path, a type and a value (such as -insert name -string Ada)"),
        Row(name: "-replace without a value", arguments: ["-replace", "name", "-string"],
            stderr: "option -replace needs a value after -string"),
        Row(name: "-unarchive -convert alone", arguments: ["-unarchive", "-convert"],
            stderr: "option -convert needs an argument (a format: xml1, binary1, json, swift, objc, openstep, gnustep or strings)"),
        Row(name: "-j at the end", arguments: ["-lint", "f", "-j"],
            stderr: "option -j needs an argument (the number of files to work on at once, 1 or more)"),
        Row(name: "-j 0", files: ["s.plist": binary], arguments: ["-lint", "-j", "0", "s.plist"],
            stderr: "option -j needs the number of files to work on at once, 1 or more, not '0'"),
        Row(name: "-j with a word", files: ["s.plist": binary], arguments: ["-convert", "xml1", "-j", "x", "s.plist"],
            stderr: "option -j needs the number of files to work on at once, 1 or more, not 'x'"),
        Row(name: "-j negative", files: ["s.plist": binary], arguments: ["-p", "-j", "-2", "s.plist"],
            stderr: "option -j needs the number of files to work on at once, 1 or more, not '-2'"),
    ]

    @Test(arguments: rows)
    func messageNamesTheMistake(_ row: Row) throws {
        let directory = try TestTools.scratch(row.files)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in row.directories {
            try FileManager.default.createDirectory(at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let result = try Subprocess.run(TestTools.plistkit, row.arguments, in: directory)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrText == row.stderr + "\n")
    }

    /// A file the process may not open. Root reads any file whatever its mode, so as root
    /// plistkit runs as `nobody` (through `setpriv`), for whom the mode does apply.
    @Test func unreadableFileSaysPermissionDenied() throws {
        let directory = try TestTools.scratch(["locked.plist": CLIErrorMessageTests.binary])
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: directory.appendingPathComponent("locked.plist").path)
        let result: SubprocessResult
        if geteuid() == 0 {
            let setpriv = "/usr/bin/setpriv"
            try #require(FileManager.default.isExecutableFile(atPath: setpriv), "running as root without setpriv: no user to whom the mode applies")
            result = try Subprocess.run(setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", TestTools.plistkit, "-lint", "locked.plist"], in: directory)
        } else {
            result = try Subprocess.run(TestTools.plistkit, ["-lint", "locked.plist"], in: directory)
        }
        #expect(result.status == 1)
        #expect(result.stderrText == "locked.plist: permission denied: this user may not read the file\n")
    }

    /// A command line may start with a common option, as plutil's may: the verb is `-lint`.
    @Test func commonOptionFirstLints() throws {
        let directory = try TestTools.scratch(["s.plist": CLIErrorMessageTests.binary])
        defer { try? FileManager.default.removeItem(at: directory) }
        let silent = try Subprocess.run(TestTools.plistkit, ["-s", "s.plist"], in: directory)
        #expect(silent.status == 0 && silent.stdout.isEmpty && silent.stderr.isEmpty)
        let output = try Subprocess.run(TestTools.plistkit, ["-o", "x", "s.plist"], in: directory)
        #expect(output.stderrText == "-o is not used with -lint.\n")
    }
}
