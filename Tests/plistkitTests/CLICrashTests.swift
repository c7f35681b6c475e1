import Foundation
import Testing
import PlistKit
import TestSupport

/// Every plistkit verb over every file in `TestVectors/`: a verb may refuse a file (exit
/// status 1) but never crash (a signal, or any other status).
@Suite struct CLICrashTests {
    struct Outcome {
        var signaled: Bool
        var status: Int32
        var stderr: String
        var crashed: Bool { signaled || status > 1 }
    }

    static func run(_ arguments: [String], in directory: URL) throws -> Outcome {
        let result = try Subprocess.run(CLITests.plistkitPath, arguments, in: directory, discardOutput: true)
        return Outcome(signaled: result.signaled, status: result.status,
                       stderr: String(decoding: result.stderr.prefix(2000), as: UTF8.self))
    }

    /// The verbs that read a file and write nothing back to it (conversions go to stdout).
    static let verbs: [[String]] = [
        ["-lint"], ["-p"], ["-unarchive"],
        ["-convert", "xml1", "-o", "-"], ["-convert", "binary1", "-o", "-"],
        ["-convert", "json", "-o", "-"], ["-convert", "json", "-r", "-o", "-"],
        ["-convert", "swift", "-o", "-"], ["-convert", "objc", "-o", "-"],
    ]

    /// Key paths into the file's root: its first and last dictionary key (dots escaped) or
    /// array index, where plistkit can read it.
    static func keyPaths(_ file: String) -> [String] {
        guard let data = try? Data(contentsOf: TestVectorFiles.directory.appendingPathComponent(file)),
              let value = try? Plist(decoding: data) else { return [] }
        switch value {
        case .dictionary(let entries):
            let keys = [entries.keys.first, entries.keys.last].compactMap { $0?.string }
            return Array(Set(keys)).sorted().map { $0.replacingOccurrences(of: ".", with: "\\.") }
        case .array(let elements):
            return elements.isEmpty ? [] : Array(Set(["0", "\(elements.count - 1)"])).sorted()
        default:
            return []
        }
    }

    /// Each verb over every vector file in one process (every verb takes many files and goes
    /// on after a file it refuses), so the corpus costs a launch per verb rather than one per
    /// verb and file. When that process crashes, each file is run alone to name the one that
    /// crashes it.
    @Test(arguments: CLICrashTests.verbs)
    func noVerbCrashesOnAnyFile(_ verb: [String]) throws {
        let directory = TestVectorFiles.directory
        let files = CLIParityTests.files
        #expect(files.count > 300)
        let all = try CLICrashTests.run(verb + files, in: directory)
        guard all.crashed else { return }
        var culprits = 0
        for file in files {
            let outcome = try CLICrashTests.run(verb + [file], in: directory)
            if outcome.crashed {
                culprits += 1
                Issue.record("plistkit \((verb + [file]).joined(separator: " ")): status \(outcome.status)\(outcome.signaled ? " (signal)" : "") \(outcome.stderr)")
            }
        }
        #expect(culprits > 0, "plistkit \(verb.joined(separator: " ")) crashed on all the files together but on none alone: status \(all.status)\(all.signaled ? " (signal)" : "") \(all.stderr)")
    }

    /// The files whose key paths are extracted: every file in the full run, by default every
    /// eighth of each folder (`-extract` and `-type` take one key path, so these runs are one
    /// process per file and key path: about 14 a file).
    static let extractFiles = TestTools.sample(CLIParityTests.files, every: 8)

    @Test(arguments: extractFiles)
    func extractAndTypeDoNotCrash(_ file: String) throws {
        let directory = TestVectorFiles.directory
        var runs: [[String]] = []
        for path in CLICrashTests.keyPaths(file) {
            for format in ["raw", "xml1", "binary1", "json", "swift", "objc"] {
                runs.append(["-extract", path, format, "-o", "-", file])
            }
            runs.append(["-type", path, file])
        }
        for arguments in runs {
            let outcome = try CLICrashTests.run(arguments, in: directory)
            #expect(!outcome.crashed, "plistkit \(arguments.joined(separator: " ")): status \(outcome.status)\(outcome.signaled ? " (signal)" : "") \(outcome.stderr)")
        }
    }

    /// The regression vectors are there, and the two inputs that used to crash now print.
    @Test func regressionVectorsPrint() throws {
        let directory = TestVectorFiles.directory
        #expect(CLIParityTests.files.contains("binary/regressions/nan_date.bplist"))
        #expect(CLIParityTests.files.contains("binary/regressions/long_case_keys.bplist"))
        let date = try CLITests.run(CLITests.plistkitPath, ["-p", "binary/regressions/nan_date.bplist"], in: directory)
        #expect(date.status == 0)
        #expect(String(decoding: date.stdout, as: UTF8.self) == "<description unavailable>\n")
        let keys = try CLITests.run(CLITests.plistkitPath, ["-p", "binary/regressions/long_case_keys.bplist"], in: directory)
        #expect(keys.status == 0)
        let lines = String(decoding: keys.stdout, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 4 && lines[1].hasPrefix("  \"xaaa") && lines[2].hasPrefix("  \"Xaaa"))
        for format in ["swift", "objc", "json"] {
            let run = try CLITests.run(CLITests.plistkitPath, ["-convert", format, "-r", "-o", "-", "binary/regressions/long_case_keys.bplist"], in: directory)
            #expect(run.status == 0, "\(format): \(run.stderr)")
        }
    }
}
