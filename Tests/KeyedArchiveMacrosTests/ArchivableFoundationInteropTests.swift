import Foundation
import PlistKitMacros
import Testing

/// An annotated class hierarchy and its NSCoding twin, which encodes the same keys: each
/// reads the other's archives, binary and XML. (Acyclic graphs: Foundation's unarchiver on
/// Linux overflows its stack on cycles.)
@Suite("@Archivable interop with Foundation")
struct ArchivableFoundationInteropTests {
    /// Two dogs sharing one friend, and a dog without one.
    func macroPack() -> [Dog] {
        let cat = Animal()
        cat.name = "Tom"
        cat.legs = 4
        let rex = Dog(), fido = Dog(), lonely = Dog()
        rex.name = "Rex"
        rex.legs = 4
        rex.breed = "collie"
        rex.tags = ["good", "loud"]
        rex.friend = cat
        fido.name = "Fido"
        fido.legs = 3
        fido.friend = cat
        lonely.name = "Lonely"
        return [rex, fido, lonely]
    }

    func foundationPack() -> [NSDog] {
        let cat = NSAnimal()
        cat.name = "Tom"
        cat.legs = 4
        let rex = NSDog(), fido = NSDog(), lonely = NSDog()
        rex.name = "Rex"
        rex.legs = 4
        rex.breed = "collie"
        rex.tags = ["good", "loud"]
        rex.friend = cat
        fido.name = "Fido"
        fido.legs = 3
        fido.friend = cat
        lonely.name = "Lonely"
        return [rex, fido, lonely]
    }

    @Test(arguments: [PlistFormat.binary, .xml])
    func foundationReadsTheMacrosArchive(format: PlistFormat) throws {
        let data = try KeyedArchiver.archivedData(withRootObject: macroPack(), format: format)
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        unarchiver.setClass(NSDog.self, forClassName: "Dog")
        unarchiver.setClass(NSAnimal.self, forClassName: "Animal")
        let pack = try #require(unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey) as? [NSDog])
        unarchiver.finishDecoding()
        #expect(pack.map(\.name) == ["Rex", "Fido", "Lonely"])
        #expect(pack.map(\.legs) == [4, 3, 0])
        #expect(pack[0].breed == "collie" && pack[0].tags == ["good", "loud"])
        #expect(pack[0].friend?.name == "Tom" && pack[0].friend?.legs == 4)
        #expect(pack[0].friend === pack[1].friend)
        #expect(pack[2].friend == nil)
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.binary, .xml])
    func theMacroReadsFoundationsArchive(format: PropertyListSerialization.PropertyListFormat) throws {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.outputFormat = format
        archiver.encode(foundationPack(), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        // Foundation on Linux names the classes by module (its `setClassName` is not applied).
        let pack = try KeyedUnarchiver.unarchivedObject(
            ofType: [Dog].self, from: archiver.encodedData, allowedClasses: [Dog.self, Animal.self],
            classNames: [foundationName(NSDog.self): Dog.self, foundationName(NSAnimal.self): Animal.self])
        #expect(pack.map(\.name) == ["Rex", "Fido", "Lonely"])
        #expect(pack.map(\.legs) == [4, 3, 0])
        #expect(pack[0].breed == "collie" && pack[0].tags == ["good", "loud"])
        #expect(pack[0].friend?.name == "Tom" && pack[0].friend?.legs == 4)
        #expect(pack[0].friend === pack[1].friend)
        #expect(pack[2].friend == nil)
    }

    /// The two archives hold the same objects, fields and class chains (Foundation's
    /// `$objects` order and number sharing differ, so the bytes do).
    @Test func bothArchivesHoldTheSameTree() throws {
        let ours = try KeyedArchiver.archivedData(withRootObject: macroPack())
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(foundationPack(), forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        let theirs = archiver.encodedData
        let (ourTree, theirTree) = try (normalized(KeyedUnarchiver.plist(fromArchive: ours)), normalized(KeyedUnarchiver.plist(fromArchive: theirs)))
        #expect(ourTree == theirTree, "\(ourTree.plutilDescription)\n\(theirTree.plutilDescription)")
        #expect(try classChains(ours) == classChains(theirs))
    }

    /// The name Foundation on Linux writes for `type`.
    func foundationName(_ type: AnyClass) -> String {
        NSStringFromClass(type)
    }

    /// The twin's class name for a name Foundation wrote.
    func twinName(_ name: String) -> String {
        [foundationName(NSDog.self): "Dog", foundationName(NSAnimal.self): "Animal"][name] ?? name
    }

    /// The tree without the `$uid`/`$ref` numbers, which follow `$objects` order, and with
    /// the twins' class names.
    func normalized(_ plist: Plist) -> Plist {
        switch plist {
        case .string(let name):
            return .string(twinName(name))
        case .dictionary(let dictionary):
            var result: PlistDictionary = [:]
            for (key, value) in dictionary where key.string != "$uid" && key.string != "$ref" {
                result[key] = normalized(value)
            }
            return .dictionary(result)
        case .array(let array):
            return .array(array.map(normalized))
        default:
            return plist
        }
    }

    func classChains(_ data: Data) throws -> Set<[String]> {
        let objects = try #require(try Plist(decoding: data)["$objects"]?.array)
        return Set(objects.compactMap { $0["$classes"]?.array?.compactMap(\.string).map(twinName) }.filter { !$0[0].hasPrefix("NS") })
    }
}

@Archivable(className: "Animal")
class Animal {
    var name = ""
    var legs = 0
}

@Archivable(className: "Dog")
final class Dog: Animal {
    var breed = ""
    var friend: Animal?
    var tags: [String] = []
}

/// `Animal` as an NSCoding class.
class NSAnimal: NSObject, NSCoding {
    var name = ""
    var legs = 0

    override init() {}

    required init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        legs = coder.decodeInteger(forKey: "legs")
    }

    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(legs, forKey: "legs")
    }
}

/// `Dog` as an NSCoding subclass, calling `super` as NSCoding subclasses do.
final class NSDog: NSAnimal {
    var breed = ""
    var friend: NSAnimal?
    var tags: [String] = []

    override init() { super.init() }

    required init?(coder: NSCoder) {
        breed = coder.decodeObject(forKey: "breed") as? String ?? ""
        friend = coder.decodeObject(forKey: "friend") as? NSAnimal
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
        super.init(coder: coder)
    }

    override func encode(with coder: NSCoder) {
        super.encode(with: coder)
        coder.encode(breed, forKey: "breed")
        coder.encode(friend, forKey: "friend")
        coder.encode(tags, forKey: "tags")
    }
}
