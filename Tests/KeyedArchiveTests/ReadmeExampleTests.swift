import Foundation
import KeyedArchive
import PlistKit
import Testing

// The README's KeyedCodable example, kept compiling and passing here.

final class Person: KeyedCodable {
    static let archivedClassName = "Person"
    var name = ""
    var friends: [Person] = []
    var best: Person?            // may point back: cycles are fine

    init() {}
    func encode(with archiver: KeyedArchiver) {
        archiver.encode(name, forKey: "name")
        archiver.encode(friends, forKey: "friends")
        archiver.encode(best, forKey: "best")
    }
    func decode(from unarchiver: KeyedUnarchiver) throws {
        name = try unarchiver.decode(String.self, forKey: "name")
        friends = try unarchiver.decode([Person].self, forKey: "friends")
        best = try unarchiver.decodeIfPresent(Person.self, forKey: "best")
    }
}

@Test func readmeExample() throws {
    let ada = Person(), bob = Person()
    ada.name = "Ada"; bob.name = "Bob"
    ada.friends = [bob]; bob.best = ada                  // a cycle
    let data = try KeyedArchiver.archivedData(withRootObject: ada)             // binary; format: .xml for XML
    let back = try KeyedUnarchiver.unarchivedObject(ofType: Person.self, from: data,
                                                    allowedClasses: [Person.self])
    #expect(back.friends[0].best === back)

    let tree = try KeyedUnarchiver.plist(fromArchive: data)
    #expect(tree == ["root": ["$classname": "Person", "$uid": 1, "name": "Ada",
                              "friends": [["$classname": "Person", "name": "Bob", "friends": [], "best": ["$ref": 1]]],
                              "best": "$null"]])
}
