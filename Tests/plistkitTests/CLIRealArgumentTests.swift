import Foundation
import PlistKit
import Testing
import TestSupport

/// `-insert`/`-replace … -float VALUE`: decimals that do not fit a 64-bit real are refused as
/// out-of-range integers are; `nan` and `inf` spelled out are kept.
@Suite struct CLIRealArgumentTests {
    private static let original = Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>\n".utf8)

    private func insert(_ text: String) throws -> (run: CLITests.Run, file: Data) {
        let directory = try CLITests.scratch(["f.plist": CLIRealArgumentTests.original])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-insert", "x", "-float", text, "f.plist"], in: directory)
        return (run, try Data(contentsOf: directory.appendingPathComponent("f.plist")))
    }

    @Test(arguments: ["1e400", "-1e400", "1.8e308", "-179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531306693213430012945380541530843011412.0e100"])
    func outOfRangeIsRefused(_ text: String) throws {
        let (run, file) = try insert(text)
        #expect(run.status == 1)
        #expect(run.stderr == "Invalid float value '\(text)': it does not fit a 64-bit real (magnitude at most 1.7976931348623157e+308).\n")
        #expect(file == CLIRealArgumentTests.original)
    }

    @Test(arguments: [
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude), ("-2.5", -2.5), ("1e-400", 0),
        ("inf", .infinity), ("-Infinity", -.infinity), ("+INF", .infinity),
    ])
    func inRangeAndNamedValuesAreStored(_ text: String, _ expected: Double) throws {
        let (run, file) = try insert(text)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Plist(decoding: file)["x"] == .real(expected))
    }

    @Test func nanIsStored() throws {
        let (run, file) = try insert("nan")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try Plist(decoding: file)["x"]?.real?.isNaN == true)
    }

    @Test(arguments: ["x", "", "1e", "0x1p3", "infinite", "nan(1)"])
    func malformedIsRefused(_ text: String) throws {
        let (run, file) = try insert(text)
        #expect(run.status == 1)
        #expect(run.stderr == "Invalid float value '\(text)'.\n")
        #expect(file == CLIRealArgumentTests.original)
    }

    /// The same check through `-replace`, and through the library's parser.
    @Test func replaceRefusesAndLibraryThrows() throws {
        let directory = try CLITests.scratch(["f.plist": try (["x": 1.5] as Plist).encoded(as: .binary)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-replace", "x", "-float", "1e309", "f.plist"], in: directory)
        #expect(run.status == 1 && run.stderr.hasPrefix("Invalid float value '1e309': it does not fit"))
        #expect(throws: PlistError.self) { try Plist.real(fromText: "1e309") }
        #expect(try Plist.real(fromText: "abc") == nil)
        #expect(try Plist.real(fromText: "-0.0")?.sign == .minus)
    }
}
