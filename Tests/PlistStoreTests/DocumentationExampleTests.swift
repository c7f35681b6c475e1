import Foundation
import PlistKit
import PlistStore
import Testing

// The code of PersistingAppData.md (PlistStore.docc), kept compiling and passing here, in a
// sandbox container under a temporary root instead of the XDG directories.
@Suite struct DocumentationExampleTests {
    struct Settings: Codable, Equatable {
        var theme = "light"
        var fontSize = 12
    }

    @Test func persistingAppData() throws {
        try withTemporaryDirectory { root in
            let container = try AppContainer.sandbox(identifier: "com.example.Notes", root: root + "/container")
            let documents = try container.path(for: .documents)
            #expect(mode(of: documents) == 0o700)
            let file = try container.path(forFile: "students.plist", in: .documents)

            let students: Plist = [["name": "Ada", "age": 36], ["name": "Alan", "age": 41]]
            try PropertyListFile.write(students, to: file)
            let loaded = try PropertyListFile.read(from: file)
            #expect(loaded == students)

            try container.save(Settings(), named: "settings.plist", in: .applicationSupport)
            let settings = try container.load(Settings.self, named: "settings.plist", in: .applicationSupport)
            #expect(settings == Settings())

            let defaults = try Preferences(container: container)
            defaults.register(defaults: ["fontSize": 12])
            defaults.set("Ada", forKey: "name")
            let size = defaults.integer(forKey: "fontSize")
            #expect(size == 12)
            try defaults.set(encoded: Settings(), forKey: "settings")
            try defaults.synchronize()
            #expect(try defaults.decoded(Settings.self, forKey: "settings") == Settings())
        }
    }
}
