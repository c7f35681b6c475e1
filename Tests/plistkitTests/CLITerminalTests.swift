import Foundation
import PlistKit
import Testing
import TestSupport

/// Binary plist data is not written to a terminal unless `-f` says so; text formats, files
/// and pipes are unaffected. The terminal is a pseudo-terminal that python3's `pty` opens.
@Suite struct CLITerminalTests {
    /// Runs the program in its arguments with standard output on a pseudo-terminal in raw
    /// mode (so bytes pass unchanged), then prints what it wrote there to standard output,
    /// its standard error to standard error, and exits with its status.
    private static let onTerminal = """
    import os, pty, subprocess, sys, tty
    master, slave = pty.openpty()
    tty.setraw(slave)
    child = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=subprocess.PIPE)
    os.close(slave)
    output = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        output += chunk
    error = child.stderr.read()
    status = child.wait()
    sys.stdout.buffer.write(output)
    sys.stderr.buffer.write(error)
    sys.exit(status)
    """

    static let refusal = "refusing to write binary plist data to a terminal; use -o FILE, redirect standard output, or -f to force"
    static let sample: Plist = ["name": "Ada", "list": [1, 2]]

    private func onTerminal(_ arguments: [String], stdin: Data? = nil, in directory: URL) throws -> CLITests.Run {
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", CLITerminalTests.onTerminal, CLITests.plistkitPath] + arguments,
                                        stdin: stdin, in: directory)
        return CLITests.Run(status: result.status, stdout: result.stdout, stderr: result.stderrText)
    }

    private func scratch() throws -> URL {
        try CLITests.scratch(["f.plist": try CLITerminalTests.sample.encoded(as: .xml)])
    }

    @Test(arguments: [
        ["-convert", "binary1", "-o", "-", "f.plist"],
        ["-convert", "binary1", "-stream", "-o", "-", "f.plist"],
        ["-convert", "binary1", "-"],
        ["-extract", "list", "binary1", "-o", "-", "f.plist"],
        ["-create", "binary1", "-"],
        ["-unarchive", "-convert", "binary1", "f.plist"],
    ])
    func binaryToTerminalIsRefused(_ arguments: [String]) throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        // No input: the refusal comes before any is read.
        let run = try onTerminal(arguments, in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "plistkit: \(CLITerminalTests.refusal)\n")
        #expect(run.stdout.isEmpty)
        #expect(try Data(contentsOf: directory.appendingPathComponent("f.plist")) == CLITerminalTests.sample.encoded(as: .xml))
    }

    /// An edit keeps the input's format, so the refusal comes once the input is read as
    /// binary, reported for that input.
    @Test func editOfBinaryStandardInputIsRefused() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = try CLITerminalTests.sample.encoded(as: .binary)
        let run = try onTerminal(["-insert", "k", "-string", "v", "-"], stdin: binary, in: directory)
        #expect(run.status == 1)
        #expect(run.stderr == "<stdin>: \(CLITerminalTests.refusal)\n")
        #expect(run.stdout.isEmpty)
        let xml = try onTerminal(["-insert", "k", "-string", "v", "-"], stdin: CLITerminalTests.sample.encoded(as: .xml), in: directory)
        #expect(xml.status == 0, "\(xml.stderr)")
        #expect(try Plist(decoding: xml.stdout)["k"] == "v")
    }

    @Test func forceWritesBinaryToTerminal() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try onTerminal(["-convert", "binary1", "-f", "-o", "-", "f.plist"], in: directory)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.starts(with: Array("bplist00".utf8)))
        #expect(try Plist(decoding: run.stdout) == CLITerminalTests.sample)
        let extracted = try onTerminal(["-extract", "list", "binary1", "-o", "-", "-f", "f.plist"], in: directory)
        #expect(extracted.status == 0)
        #expect(try Plist(decoding: extracted.stdout) == [1, 2])
    }

    /// Text formats go to the terminal, and binary output to a file is written as ever.
    @Test func textAndFilesAreUnaffected() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let xml = try onTerminal(["-convert", "xml1", "-o", "-", "f.plist"], in: directory)
        #expect(xml.status == 0 && xml.stderr.isEmpty)
        #expect(try Plist(decoding: xml.stdout) == CLITerminalTests.sample)
        let json = try onTerminal(["-extract", "list", "json", "-o", "-", "f.plist"], in: directory)
        #expect(json.status == 0 && String(decoding: json.stdout, as: UTF8.self) == "[1,2]")
        let inPlace = try onTerminal(["-convert", "binary1", "f.plist"], in: directory)
        #expect(inPlace.status == 0 && inPlace.stdout.isEmpty && inPlace.stderr.isEmpty)
        #expect(try Plist(decoding: Data(contentsOf: directory.appendingPathComponent("f.plist"))) == CLITerminalTests.sample)
    }

    /// Standard output that is a pipe takes binary data without `-f`.
    @Test func pipeIsUnaffected() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "-o", "-", "f.plist"], in: directory)
        #expect(run.status == 0 && run.stderr.isEmpty)
        #expect(try Plist(decoding: run.stdout) == CLITerminalTests.sample)
        let stdin = try CLITests.run(CLITests.plistkitPath, ["-convert", "binary1", "-"], stdin: CLITerminalTests.sample.encoded(as: .xml), in: directory)
        #expect(stdin.status == 0)
        #expect(try Plist(decoding: stdin.stdout) == CLITerminalTests.sample)
    }
}
