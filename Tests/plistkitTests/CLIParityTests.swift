import Foundation
import Testing
import PlistKit
import TestSupport

/// `plistkit` and the toolchain's `plutil` on every file in `TestVectors/` (in the full run,
/// `PLISTKIT_FULL_TESTS=1`; by default on a sample of each folder and every known
/// difference): the same exit status, the same bytes on standard output, except for the
/// differences listed here, each of which is a place where plutil on Linux is wrong or where
/// the two readers deliberately differ (see docs/CommandLine.md, "Where plistkit differs from plutil").
@Suite struct CLIParityTests {
    /// Every vector file (MANIFESTs and generator scripts aside), relative to the repository.
    static let files: [String] = {
        let root = TestVectorFiles.directory
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            guard !relative.hasPrefix("scripts/"), url.lastPathComponent != "MANIFEST.json",
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            files.append(relative)
        }
        return files.sorted()
    }()

    /// The files compared with plutil: every vector but the fuzz findings (`fuzz/`), which are
    /// mutated inputs with no meaning plutil could be held to; `FuzzRegressionTests` replays
    /// them, and `CLICrashTests` runs every verb over them.
    static let parityFiles = files.filter { !$0.hasPrefix("fuzz/") }

    /// Files both tools read, but whose `-p` or `-convert xml1` output differs by design.
    static let outputDifferences: [String: String] = [
        // The model keeps reals as Double; plutil prints a 4-byte real with Float's digits.
        "binary/foundation/reals_float32.bplist": "4-byte reals print as Double",
        // XML requires CR LF inside text to read as LF (libxml2 does); CF keeps the CR.
        "xml/hand/crlf_and_whitespace.plist": "XML line-end normalisation",
        // Base64 without its padding: plistkit decodes every complete byte, CF drops the
        // last incomplete group ("YWJjZA" is "abcd" here, "abc" in plutil).
        "xml/hand/data_unpadded.plist": "unpadded base64 decoded in full",
        // A CF$UID dictionary whose value is not a UID (-1, "1", extra keys) stays a
        // dictionary here; CF turns `CF$UID = -1` into UID 4294967295.
        "xml/hand/cf_uid.plist": "invalid CF$UID dictionaries kept as dictionaries",
    ]

    /// Files plutil rejects and plistkit reads.
    static func plistkitReadsMore(_ file: String) -> Bool {
        file.hasPrefix("json/")  // plutil's -lint and -p never try JSON
            || file.hasPrefix("openstep/gnustep/")  // GNUstep's typed values, which CF refuses
            || [
                "binary/plistlib/uids.bplist",          // plutil rejects 8-byte UIDs
                "xml/hand/comments_and_pis.plist",      // comments before the root element
                "xml/hand/self_closing.plist",          // <string/>, <dict/> …
            ].contains(file)
    }

    /// Files plutil reads and plistkit rejects: input that is not well-formed XML or not a
    /// valid plist, which CF's lenient parser lets through.
    static let plistkitRejects: [String: String] = [
        "xml/malformed/data_bad_character.plist": "non-base64 character in <data>",
        "xml/malformed/data_one_character.plist": "a lone base64 character",
        "xml/malformed/date_month_13.plist": "month 13",
        "xml/malformed/key_in_array.plist": "<key> inside <array>",
        "xml/malformed/two_roots.plist": "two root values",
        "openstep/malformed/deep_513.plist": "513 nested arrays: CF's depth check admits one level past its 512",
    ]

    private func bothRun(_ arguments: [String]) throws -> (ours: CLITests.Run, theirs: CLITests.Run) {
        let plutil = try #require(CLITests.plutilPath)
        let directory = TestVectorFiles.directory
        return (try CLITests.run(CLITests.plistkitPath, arguments, in: directory),
                try CLITests.run(plutil, arguments, in: directory))
    }

    /// The value as plistkit reads it, when it does.
    private func value(_ file: String) -> Plist? {
        try? Plist(decoding: Data(contentsOf: TestVectorFiles.directory.appendingPathComponent(file)))
    }

    /// The files `lint` runs on: every parity file in the full run, by default every fourth
    /// of each folder and every file with a known difference (`TestTools.sample`).
    static let lintFiles = TestTools.sample(parityFiles, every: 4) { file in
        plistkitReadsMore(file) || plistkitRejects[file] != nil
    }

    @Test(arguments: lintFiles)
    func lint(_ file: String) throws {
        let (ours, theirs) = try bothRun(["-lint", file])
        if file.hasPrefix("json/") {
            // plutil's -lint tries the plist formats only: it rejects JSON, except documents
            // such as `{}` that also parse as OpenStep text.
            #expect(ours.status == 0, "\(ours.stderr)")
        } else if CLIParityTests.plistkitReadsMore(file) {
            #expect(theirs.status == 1 && ours.status == 0, "\(ours.stderr)")
        } else if CLIParityTests.plistkitRejects[file] != nil {
            #expect(theirs.status == 0 && ours.status == 1)
            #expect(ours.stderr.hasPrefix("\(file): "))
        } else {
            #expect(ours.status == theirs.status, "\(ours.stderr) | \(theirs.stderr)")
            #expect(ours.stdout == theirs.stdout)
            if ours.status != 0 {
                // Same verdict on broken files; plistkit's reason names a position.
                #expect(ours.stderr.hasPrefix("\(file): "))
                #expect(ours.stderr.contains(" at "), "\(ours.stderr)")
            }
        }
    }

    /// The files both tools read.
    static let commonFiles = parityFiles.filter { file in
        !plistkitReadsMore(file) && plistkitRejects[file] == nil && outputDifferences[file] == nil
            && PlutilDifferences.plutilFailsOn[file] == nil
            && !file.hasPrefix("xml/malformed/") && !file.hasPrefix("xml/security/")
    }

    /// The files the output tests run on: every common file in the full run, by default every
    /// fourth of each folder and every file plutil reads differently.
    static let outputFiles = TestTools.sample(commonFiles, every: 4) { file in
        PlutilDifferences.plutilReadsDifferently[file] != nil
    }

    @Test(arguments: outputFiles)
    func print(_ file: String) throws {
        let (ours, theirs) = try bothRun(["-p", file])
        if PlutilDifferences.plutilReadsDifferently[file] != nil {
            #expect(ours.status == 0 && theirs.status == 0 && ours.stdout != theirs.stdout)
            return
        }
        #expect(ours.status == theirs.status)
        guard ours.status == 0 else { return }
        // Lines with data or UIDs differ by design (plutil on Linux prints them wrongly);
        // every other line must match, and those lines must have macOS's form.
        func comparable(_ run: CLITests.Run) -> [Substring] {
            String(decoding: run.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("{length = ") && !$0.contains("KeyedArchiverUID") }
        }
        #expect(comparable(ours) == comparable(theirs))
        let text = String(decoding: ours.stdout, as: UTF8.self)
        for line in text.split(separator: "\n") where line.contains("{length = ") {
            #expect(line.wholeMatch(of: /.*\{length = \d+, bytes = 0x([0-9a-f]{2})*(\.\.\. ([0-9a-f]{2}){8})?\}/) != nil, "\(line)")
        }
        for line in text.split(separator: "\n") where line.contains("KeyedArchiverUID") {
            #expect(line.hasSuffix("<CFKeyedArchiverUID>{value = \(line.split(separator: "= ").last!.dropLast())}"), "\(line)")
        }
    }

    @Test(arguments: outputFiles)
    func convertXML(_ file: String) throws {
        let (ours, theirs) = try bothRun(["-convert", "xml1", "-o", "-", file])
        if PlutilDifferences.plutilReadsDifferently[file] != nil {
            #expect(ours.status == 0 && theirs.status == 0 && ours.stdout != theirs.stdout)
            return
        }
        let holdsUIDs = value(file).map(CLIParityTests.containsUID) ?? false
        if holdsUIDs {
            // plutil on Linux: "Dictionaries are required to have string keys"; plistkit writes
            // CF$UID dictionaries as macOS does, and reads them back as UIDs.
            // (XML dates hold whole seconds, so the values are compared as -p prints them.)
            #expect(theirs.status == 1 && ours.status == 0)
            let original = try #require(value(file))
            #expect(try Plist(decoding: ours.stdout).plutilDescription == original.plutilDescription)
        } else {
            #expect(ours.status == theirs.status)
            #expect(PlutilDifferences.asPlutilWrites(xml: ours.stdout) == theirs.stdout)
        }
    }

    @Test(arguments: outputFiles)
    func convertReadableJSON(_ file: String) throws {
        let (ours, theirs) = try bothRun(["-convert", "json", "-r", "-o", "-", file])
        if PlutilDifferences.plutilReadsDifferently[file] != nil {
            #expect(ours.status == 0 && theirs.status == 0 && ours.stdout != theirs.stdout)
            return
        }
        #expect(ours.status == theirs.status, "\(ours.stderr) | \(theirs.stderr)")
        #expect(PlutilDifferences.asPlutilWrites(json: ours.stdout) == theirs.stdout)
    }

    @Test(arguments: outputFiles)
    func convertBinary(_ file: String) throws {
        let (ours, theirs) = try bothRun(["-convert", "binary1", "-o", "-", file])
        if PlutilDifferences.plutilReadsDifferently[file] != nil {
            #expect(ours.status == 0 && theirs.status == 0 && ours.stdout != theirs.stdout)
            return
        }
        let holdsUIDs = value(file).map(CLIParityTests.containsUID) ?? false
        if holdsUIDs && theirs.status != 0 {
            #expect(ours.status == 0)
        } else {
            #expect(ours.status == theirs.status)
        }
        guard ours.status == 0, theirs.status == 0 else { return }
        #expect(try Plist(decoding: ours.stdout) == Plist(decoding: theirs.stdout))
        // What plistkit writes is never larger than what plutil writes.
        #expect(ours.stdout.count <= theirs.stdout.count)
    }

    static func containsUID(_ value: Plist) -> Bool {
        switch value {
        case .uid: true
        case .array(let elements): elements.contains(where: containsUID)
        case .dictionary(let entries): entries.values.contains(where: containsUID)
        default: false
        }
    }
}
