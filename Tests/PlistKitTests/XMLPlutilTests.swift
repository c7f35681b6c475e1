import Foundation
import PlistKit
import TestSupport
import Testing

/// The toolchain's `plutil`, run as a subprocess.
enum Plutil {
    static let path: String? = {
        var candidates = ["/opt/swift/usr/bin/plutil"]
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append("\(directory)/plutil")
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static var available: Bool { path != nil }

    struct Result {
        let status: Int32
        let stdout: Data
        let stderr: String
    }

    static func run(_ arguments: [String]) throws -> Result {
        let result = try Subprocess.run(try #require(path), arguments)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderrText)
    }

    /// Every property-list file under TestVectors: binary, XML and JSON vectors and examples.
    static let vectorFiles: [String] = {
        let root = Canonical.vectorsDirectory
        let paths = (try? FileManager.default.subpathsOfDirectory(atPath: root.path)) ?? []
        return paths.filter { path in
            !path.hasPrefix("scripts/") && !path.hasSuffix("MANIFEST.json")
                && [".bplist", ".plist", ".json"].contains { path.hasSuffix($0) }
        }.sorted()
    }()

    /// The files the plutil comparisons run on: every vector file in the full run
    /// (`PLISTKIT_FULL_TESTS=1`); by default every fourth of each folder, and every file with
    /// a known difference from plutil (so each exception is still checked).
    static let sampledFiles = TestTools.sample(vectorFiles, every: 4) { file in
        plutilRefusesToRead[file] != nil || PlutilDifferences.plutilFailsOn[file] != nil
            || PlutilDifferences.plutilReadsDifferently[file] != nil || plutilWritesDifferentXML[file] != nil
            || plutilAcceptsMalformed.contains(file)
    }
}

extension Plist {
    /// True when the value holds a UID anywhere.
    var containsUID: Bool {
        switch self {
        case .uid: true
        case .array(let elements): elements.contains { $0.containsUID }
        case .dictionary(let entries): entries.values.contains { $0.containsUID }
        default: false
        }
    }
}

/// Documents that plutil's XML reader refuses although they are valid property lists: CF's
/// parser rejects comments and processing instructions inside text, and `CF$UID` dictionaries
/// in XML on Linux; its old-style parser rejects GNUstep's typed values.
let plutilRefusesToRead: [String: String] = [
    "xml/hand/comments_and_pis.plist": "plutil rejects comments and processing instructions inside <key> and <string> text",
    "xml/hand/cf_uid.plist": "plutil on Linux rejects CF$UID dictionaries (it has no UID type to read them into)",
    "xml/hand/self_closing.plist": "plutil rejects an empty <data/> element ('Encountered empty <data>')",
    "openstep/gnustep/typed_values.plist": "CF refuses GNUstep's typed values (<*I42>, <*BY>, <[base64]> …)",
    "openstep/gnustep/typed_array.plist": "CF refuses GNUstep's typed values (<*I1>, <*R-0.25>, <*BN>)",
    "fuzz/FuzzEvents/doctype_identifier_holds_gt.plist": "CF's XML parser takes the '>' inside a DOCTYPE's quoted identifier for the DOCTYPE's end ('Unexpected character'); libxml2 and PlistKit read it",
]

/// Inputs whose XML from plutil differs from ours although its JSON does not.
let plutilWritesDifferentXML: [String: String] = [
    "json/plutil/plistlib_integers.json": "plutil's JSON reader turns -9223372036854775807 and -9223372036854775808 into reals",
    "json/plutil/foundation_integers.json": "plutil's JSON reader turns -9223372036854775807 and -9223372036854775808 into reals",
]

/// Malformed documents plutil reads anyway; we reject them, with the reason in the manifest.
let plutilAcceptsMalformed: Set<String> = [
    "xml/malformed/date_month_13.plist",        // plutil rolls month 13 over into the next year
    "xml/malformed/data_bad_character.plist",   // plutil skips bytes that are not base64
    "openstep/malformed/deep_513.plist",        // CF's depth check admits 513 levels; our limit is 512
    "xml/malformed/data_one_character.plist",   // plutil drops a dangling base64 character
    "xml/malformed/two_keys.plist",             // plutil keeps the second key
    "xml/malformed/key_in_array.plist",         // plutil reads <key> in an array as a string
    "xml/malformed/two_roots.plist",            // plutil ignores what follows the root element
]

@Suite("XML writer against plutil", .enabled(if: Plutil.available, "needs the toolchain's plutil"))
struct XMLPlutilTests {
    @Test func vectorsExist() {
        #expect(Plutil.vectorFiles.count > 100)
        #expect(Plutil.vectorFiles.contains { $0.hasPrefix("binary/") } || !FileManager.default.fileExists(atPath: Canonical.vectorsDirectory.appendingPathComponent("binary").path))
    }

    /// Every file under TestVectors (a sample by default: `Plutil.sampledFiles`) converted by
    /// `plutil -convert xml1` and by PlistKit (keys sorted): the bytes must be identical. Files
    /// plutil refuses are skipped only after checking that plutil does fail, for a reason we
    /// know.
    @Test(arguments: Plutil.sampledFiles)
    func sameBytesAsPlutil(_ file: String) throws {
        let url = Canonical.vectorsDirectory.appendingPathComponent(file)
        let plutil = try Plutil.run(["-convert", "xml1", "-o", "-", url.path])
        let input = try Data(contentsOf: url)
        let ours = Result { try Plist(decoding: input) }
        if let reason = PlutilDifferences.plutilFailsOn[file], case .success(let value) = ours,
           case .failure(let error) = Result(catching: { try value.encoded(as: .xml) }) {
            // plutil writes a date it cannot read back; we refuse with a reason.
            #expect((error as? PlistError)?.code == .unrepresentable, "\(reason)")
            return
        }

        guard plutil.status == 0 else {
            // plutil refuses: say why, and check that the reason holds.
            switch ours {
            case .failure:
                return  // a malformed vector: both refuse
            case .success(let value) where value.containsUID:
                // plutil on Linux cannot write UIDs ("Dictionaries are required to have string
                // keys"); we write CF$UID dictionaries, as macOS does.
                #expect(plutil.stderr.contains("string keys") || plutil.stderr.contains("Invalid"), "\(plutil.stderr)")
                let xml = String(decoding: try value.encoded(as: .xml), as: UTF8.self)
                #expect(xml.contains("<key>CF$UID</key>"))
            case .success:
                #expect(plutilRefusesToRead[file] != nil, "plutil refuses \(file) (\(plutil.stderr)) but we read it")
            }
            return
        }
        let value: Plist
        switch ours {
        case .success(let read):
            value = read
        case .failure(let error):
            #expect(plutilAcceptsMalformed.contains(file), "plutil reads \(file) but we fail: \(error)")
            return
        }
        let sorted: Data = try value.encoded(as: .xml, options: PlistWritingOptions(sortedKeys: true))
        let bytes: Data = PlutilDifferences.asPlutilWrites(xml: sorted)
        if let reason = PlutilDifferences.plutilReadsDifferently[file] ?? plutilWritesDifferentXML[file] {
            #expect(bytes != plutil.stdout, "known difference gone: \(reason)")
            return
        }
        if bytes != plutil.stdout {
            let ourText = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let theirText = String(decoding: plutil.stdout, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(ourText.count, theirText.count)).first { ourText[$0] != theirText[$0] } ?? min(ourText.count, theirText.count)
            Issue.record("""
                \(file): bytes differ from plutil at line \(line + 1)
                  ours:   \(line < ourText.count ? String(ourText[line]).debugDescription : "<end>")
                  plutil: \(line < theirText.count ? String(theirText[line]).debugDescription : "<end>")
                """)
        }
    }
}
