import Foundation
import PlistKit
import Testing
import TestSupport

/// OpenStep text through every `plistkit` verb: conversions to the three OpenStep forms,
/// edits that keep a file's form, and the read-only verbs beside plutil.
@Suite struct OpenStepCLITests {
    static let document = Data("""
    // A settings file in OpenStep text.
    { title = Hello; items = (a, "b c", ); blob = <0fbd 7777>; nested = { k = v; "x y" = 'z'; }; }
    """.utf8)


    private func run(_ arguments: [String], in directory: URL) throws -> CLITests.Run {
        try CLITests.run(CLITests.plistkitPath, arguments, in: directory)
    }

    @Test func convertToOpenStepStringsAndGNUstep() throws {
        let xml = try (["name": "Ada", "tags": ["a", "b"]] as Plist).encoded(as: .xml)
        let typed = try (["name": "Ada", "age": 36, "ok": true] as Plist).encoded(as: .binary)
        let strings = try (["hello": "Bonjour", "bye": "Au revoir"] as Plist).encoded(as: .binary)
        let directory = try CLITests.scratch(["a.plist": xml, "typed.plist": typed, "s.plist": strings])
        defer { try? FileManager.default.removeItem(at: directory) }

        #expect(try run(["-convert", "openstep", "a.plist"], in: directory).status == 0)
        let converted = try Data(contentsOf: directory.appendingPathComponent("a.plist"))
        #expect(String(decoding: converted, as: UTF8.self) == "{\n    name = Ada;\n    tags = (\n        a,\n        b\n    );\n}\n")

        let refused = try run(["-convert", "openstep", "-o", "-", "typed.plist"], in: directory)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("typed.plist: the value at key path 'age' is an integer"), "\(refused.stderr)")
        let gnustep = try run(["-convert", "gnustep", "-o", "-", "typed.plist"], in: directory)
        #expect(gnustep.status == 0)
        #expect(try Plist(decoding: gnustep.stdout) == ["name": "Ada", "age": 36, "ok": true])

        let stringsFile = try run(["-convert", "strings", "-e", "strings", "s.plist"], in: directory)
        #expect(stringsFile.status == 0, "\(stringsFile.stderr)")
        let written = try String(contentsOf: directory.appendingPathComponent("s.strings"), encoding: .utf8)
        #expect(written == "\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir\";\n")
        if let plutil = CLITests.plutilPath {
            let printed = try CLITests.run(plutil, ["-p", "s.strings"], in: directory)
            #expect(printed.stdout == (try run(["-p", "s.strings"], in: directory)).stdout)
        }
    }

    @Test func editsKeepTheFileForm() throws {
        let directory = try CLITests.scratch([
            "Localizable.strings": Data("/* greeting */\n\"hello\" = \"Bonjour\";\n".utf8),
            "project.plist": Data("{ name = Tool; list = (a); }".utf8),
            "typed.plist": Data("{ count = <*I1>; }".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(try run(["-insert", "bye", "-string", "Au revoir", "Localizable.strings"], in: directory).status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("Localizable.strings"), encoding: .utf8)
                == "/* greeting */\n\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir\";\n")

        #expect(try run(["-insert", "list.1", "-string", "b", "project.plist"], in: directory).status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("project.plist"), encoding: .utf8)
                == "{ name = Tool; list = (a, b); }")
        let refused = try run(["-insert", "count", "-integer", "2", "project.plist"], in: directory)
        #expect(refused.status == 1 && refused.stderr.contains("'count' is an integer"), "\(refused.stderr)")
        #expect(try run(["-remove", "name", "project.plist"], in: directory).status == 0)
        #expect(try Plist(decoding: Data(contentsOf: directory.appendingPathComponent("project.plist"))) == ["list": ["a", "b"]])

        #expect(try run(["-replace", "count", "-integer", "2", "typed.plist"], in: directory).status == 0)
        #expect(try String(contentsOf: directory.appendingPathComponent("typed.plist"), encoding: .utf8) == "{ count = <*I2>; }")
    }

    @Test func extractTypeLintAndPrint() throws {
        let directory = try CLITests.scratch(["p.plist": OpenStepCLITests.document, "bad.plist": Data("{\n a = b\n}".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(String(decoding: try run(["-extract", "nested.x y", "raw", "p.plist"], in: directory).stdout, as: UTF8.self) == "z\n")
        #expect(String(decoding: try run(["-type", "items", "p.plist"], in: directory).stdout, as: UTF8.self) == "array\n")
        #expect(String(decoding: try run(["-extract", "items", "openstep", "-o", "-", "p.plist"], in: directory).stdout, as: UTF8.self)
                == "(\n    a,\n    \"b c\"\n)\n")
        let lint = try run(["-lint", "p.plist", "bad.plist"], in: directory)
        #expect(lint.status == 1)
        #expect(String(decoding: lint.stdout, as: UTF8.self) == "p.plist: OK\n")
        #expect(lint.stderr == "bad.plist: expected ';' after the value of \"a\", found '}' at 3:1\n")
        if let plutil = CLITests.plutilPath {
            for arguments in [["-p", "p.plist"], ["-lint", "p.plist"], ["-convert", "xml1", "-o", "-", "p.plist"]] {
                let ours = try run(arguments, in: directory)
                let theirs = try CLITests.run(plutil, arguments, in: directory)
                #expect(ours.status == theirs.status)
                if arguments[0] == "-p" {
                    // Data prints as macOS prints it (plutil on Linux drops leading zeros).
                    let lines = { (run: CLITests.Run) in String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").filter { !$0.contains("length =") } }
                    #expect(lines(ours) == lines(theirs))
                } else {
                    #expect(ours.stdout == theirs.stdout)
                }
            }
        }
    }
}
