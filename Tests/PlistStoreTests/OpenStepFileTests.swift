import Foundation
import PlistKit
import PlistStore
import Testing

/// Old-style text files in the stores: `PropertyListFile` reads and writes OpenStep text and
/// `.strings` files, and `Preferences` opens a domain file in NeXT/GNUstep defaults syntax.
@Suite struct OpenStepFileTests {
    @Test func propertyListFileReadsAndWritesOpenStep() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/Localizable.strings"
            let value: Plist = ["hello": "Bonjour", "bye": "Au revoir"]
            try PropertyListFile.write(value, to: path, format: .openStep, options: PlistWritingOptions(stringsFile: true))
            #expect(String(decoding: contents(of: path) ?? [], as: UTF8.self) == "\"hello\" = \"Bonjour\";\n\"bye\" = \"Au revoir\";\n")
            #expect(try PropertyListFile.read(from: path) == value)

            let text = directory + "/settings.plist"
            try Data("{ name = Ada; tags = (a, b); blob = <00ff>; }".utf8).write(to: URL(fileURLWithPath: text))
            #expect(try PropertyListFile.read(from: text) == ["name": "Ada", "tags": ["a", "b"], "blob": .data(Data([0, 0xFF]))])

            let error = #expect(throws: PlistStoreError.self) {
                try PropertyListFile.write(["n": 1], to: directory + "/n.plist", format: .openStep)
            }
            #expect(error?.code == .coding)
        }
    }

    @Test func preferencesReadAnOldStyleDomain() throws {
        try withTemporaryDirectory { directory in
            // A GNUstep defaults domain: OpenStep text, scalars as strings or typed values.
            let domain = "org.gnustep.Example"
            try Data("""
            {
                NSLanguages = (English, French);
                WindowTitle = "Hello, world";
                Count = <*I3>;
                Enabled = <*BY>;
            }
            """.utf8).write(to: URL(fileURLWithPath: directory + "/" + domain + ".plist"))
            let preferences = try Preferences(domain: domain, directory: directory)
            #expect(preferences.array(forKey: "NSLanguages") == ["English", "French"])
            #expect(preferences.string(forKey: "WindowTitle") == "Hello, world")
            #expect(preferences.integer(forKey: "Count") == 3)
            #expect(preferences.bool(forKey: "Enabled"))
            preferences.set("Bonjour", forKey: "WindowTitle")
            try preferences.synchronize()
            let reopened = try Preferences(domain: domain, directory: directory)
            #expect(reopened.string(forKey: "WindowTitle") == "Bonjour")
            #expect(reopened.array(forKey: "NSLanguages") == ["English", "French"])
        }
    }
}
