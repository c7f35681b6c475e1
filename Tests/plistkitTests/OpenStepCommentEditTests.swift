import Foundation
import PlistKit
import Testing
import TestSupport

/// `-insert`, `-replace` and `-remove` on `.strings` and OpenStep files change only the entry
/// they edit: comments, blank lines and layout elsewhere stay.
@Suite struct OpenStepCommentEditTests {
    static let commented = """
    /* Localizable.strings
       Sample */

    /* Greeting on the first screen */
    "hello" = "Bonjour";

    // Farewell
    "bye" = "Au revoir"; // short

    /* Title */
    "title" = "Titre";

    """

    static let project = """
    // Project settings
    {
        name = Tool; /* the product */
        list = (
            a, // first
            b
        );
        nested = {
            // inner note
            k = v;
        };
    }

    """

    /// Runs each edit in turn on one file and returns the file's text after each.
    private func edits(_ text: String, name: String = "Localizable.strings", _ commands: [[String]]) throws -> [String] {
        let directory = try CLITests.scratch([name: Data(text.utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        var texts: [String] = []
        for command in commands {
            let run = try CLITests.run(CLITests.plistkitPath, command + [name], in: directory)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(command): \(run.stderr)")
            texts.append(try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8))
        }
        return texts
    }

    @Test func stringsFileKeepsItsComments() throws {
        let texts = try edits(OpenStepCommentEditTests.commented, [
            ["-insert", "thanks", "-string", "Merci"],
            ["-replace", "hello", "-string", "Salut \"toi\""],
            ["-remove", "bye"],
        ])
        #expect(texts[0] == OpenStepCommentEditTests.commented + "\"thanks\" = \"Merci\";\n")
        #expect(texts[1] == texts[0].replacingOccurrences(of: "\"Bonjour\"", with: "\"Salut \\\"toi\\\"\""))
        #expect(texts[2] == """
        /* Localizable.strings
           Sample */

        /* Greeting on the first screen */
        "hello" = "Salut \\"toi\\"";

        /* Title */
        "title" = "Titre";
        "thanks" = "Merci";

        """)
        let directory = try CLITests.scratch(["L.strings": Data(texts[2].utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let printed = try CLITests.run(CLITests.plistkitPath, ["-p", "L.strings"], in: directory)
        #expect(String(decoding: printed.stdout, as: UTF8.self) == """
        {
          "hello" => "Salut "toi""
          "thanks" => "Merci"
          "title" => "Titre"
        }

        """)
    }

    @Test func stringsFileWithoutComments() throws {
        let original = "\"a\" = \"1\";\n\"b\" = \"2\";\n"
        let texts = try edits(original, [
            ["-insert", "c", "-string", "3"],
            ["-replace", "a", "-string", "one"],
            ["-remove", "b"],
            ["-remove", "a"],
        ])
        #expect(texts == [
            "\"a\" = \"1\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n",
            "\"a\" = \"one\";\n\"b\" = \"2\";\n\"c\" = \"3\";\n",
            "\"a\" = \"one\";\n\"c\" = \"3\";\n",
            "\"c\" = \"3\";\n",
        ])
    }

    /// A `.strings` file that is only a header comment (as Xcode creates one) gets its
    /// first entry below the comment.
    @Test func firstEntryGoesBelowAHeaderComment() throws {
        let texts = try edits("/* Localizable.strings */\n", [["-insert", "hello", "-string", "Bonjour"]])
        #expect(texts == ["/* Localizable.strings */\n\"hello\" = \"Bonjour\";\n"])
    }

    @Test func openStepKeepsCommentsAndLayout() throws {
        let texts = try edits(OpenStepCommentEditTests.project, name: "project.plist", [
            ["-insert", "list.1", "-string", "x"],
            ["-insert", "list", "-string", "y z", "-append"],
            ["-insert", "nested.k2", "-array"],
            ["-remove", "name"],
            ["-replace", "nested.k", "-dictionary"],
            ["-remove", "list.0"],
        ])
        #expect(texts.last == """
        // Project settings
        {
            list = (
                x,
                b,
                "y z"
            );
            nested = {
                // inner note
                k = {};
                k2 = ();
            };
        }

        """)
        #expect(texts[2].contains("        a, // first\n        x,\n        b,\n        \"y z\"\n    );"))
    }

    /// Text the in-place edit cannot follow (CF's recovery from an unfinished array element)
    /// is written anew; when that drops comments, the tool says so.
    @Test func rewriteThatDropsCommentsWarns() throws {
        let directory = try CLITests.scratch(["r.plist": Data("// note\n{ a = (x, { b ); }".utf8)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try CLITests.run(CLITests.plistkitPath, ["-insert", "a.1", "-string", "z", "r.plist"], in: directory)
        #expect(run.status == 0)
        #expect(run.stderr == "r.plist: warning: the edit rewrote the whole file, which dropped its comments\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("r.plist"), encoding: .utf8)
                == "{\n    a = (\n        x,\n        z\n    );\n}\n")
    }

    /// A file without comments keeps its one-line layout.
    @Test func inlineOpenStepStaysInline() throws {
        let texts = try edits("{ name = Tool; list = (a); }", name: "p.plist", [
            ["-insert", "list.1", "-string", "b"],
            ["-insert", "flag", "-string", "YES"],
            ["-remove", "name"],
            ["-remove", "list.0"],
        ])
        #expect(texts == [
            "{ name = Tool; list = (a, b); }",
            "{ name = Tool; list = (a, b); flag = YES; }",
            "{ list = (a, b); flag = YES; }",
            "{ list = (b); flag = YES; }",
        ])
    }
}
