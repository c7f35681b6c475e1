import Foundation
import PlistKit
import Testing

/// ``OpenStepDocument``: edits that rewrite only the entry they change.
@Suite struct OpenStepDocumentTests {
    private func document(_ text: String) throws -> OpenStepDocument {
        try OpenStepDocument(Array(text.utf8))
    }

    private func text(_ document: OpenStepDocument) -> String {
        String(decoding: document.text, as: UTF8.self)
    }

    @Test func duplicateKeysAndShorthandEntries() throws {
        var edited = try document("{ a = 1; a = 2; b; }")
        #expect(edited.value == ["a": "2", "b": "b"])
        try edited.set("x", atKeyPath: "a", mode: .replace)
        #expect(text(edited) == "{ a = 1; a = x; b; }")
        try edited.set("y", atKeyPath: "b", mode: .replace)
        #expect(text(edited) == "{ a = 1; a = x; b = y; }")
        try edited.remove(atKeyPath: "a")
        #expect(text(edited) == "{ b = y; }")
        #expect(edited.value == ["b": "y"])
        #expect(!edited.droppedComments && !edited.hasComments)
    }

    @Test func lineEndingsAndIndentationFollowTheText() throws {
        var edited = try document("{\r\n\tlist = (\r\n\t\ta\r\n\t);\r\n}\r\n")
        try edited.set(["k": "v"], atKeyPath: "list", mode: .append)
        try edited.set("n", atKeyPath: "new", mode: .insert)
        #expect(text(edited) == "{\r\n\tlist = (\r\n\t\ta,\r\n\t\t{\r\n\t\t    k = v;\r\n\t\t}\r\n\t);\r\n\tnew = n;\r\n}\r\n")
    }

    @Test func commentsAreFoundAndKept() throws {
        var edited = try document("{ a = \"// not a comment\"; b = x/y; }")
        #expect(!edited.hasComments)
        edited = try document("/* head */ { a = 1; /* about b */ b = 2; }")
        #expect(edited.hasComments)
        try edited.remove(atKeyPath: "a")
        #expect(text(edited) == "/* head */ { /* about b */ b = 2; }")
        edited = try document("// about a\na = 1;\nb = 2;\n")
        try edited.remove(atKeyPath: "a")
        #expect(text(edited) == "b = 2;\n")
        #expect(!edited.hasComments && !edited.droppedComments)
    }

    /// Text whose layout the in-place edit cannot follow (CF's recovery from an unfinished
    /// array element) is written anew, and the document says the comments went with it.
    @Test func rewriteReportsDroppedComments() throws {
        var edited = try document("// note\n{ a = (x, { b ); }")
        #expect(edited.value == ["a": ["x"]])
        try edited.set("z", atKeyPath: "a.1", mode: .insert)
        #expect(edited.droppedComments)
        #expect(text(edited) == "{\n    a = (\n        x,\n        z\n    );\n}\n")
    }

    @Test func errorsAreTheValuesErrors() throws {
        var strings = try document("/* c */\n\"a\" = \"1\";\n")
        #expect(strings.writingOptions.stringsFile)
        #expect(throws: PlistError.self) { try strings.set(1, atKeyPath: "b", mode: .insert) }
        #expect(throws: PlistError.self) { try strings.set("2", atKeyPath: "a", mode: .insert) }
        #expect(throws: PlistError.self) { try strings.remove(atKeyPath: "missing") }
        #expect(text(strings) == "/* c */\n\"a\" = \"1\";\n")
    }

    /// UTF-16 text (as `.strings` files often are) is edited as UTF-8.
    @Test func utf16IsEditedAsUTF8() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "\"a\" = \"é\";\n".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        var edited = try OpenStepDocument(bytes)
        try edited.set("ü", atKeyPath: "b", mode: .insert)
        #expect(text(edited) == "\"a\" = \"é\";\n\"b\" = \"ü\";\n")
    }
}
