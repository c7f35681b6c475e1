import PlistKitMacrosPlugin
import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// What `@Archivable` expands to for each shape of type, and the errors it reports.
@Suite("@Archivable expansion")
struct ArchivableExpansionTests {
    /// A type without the conformance (a root class, a struct).
    static let rootSpecs = [
        "Archivable": MacroSpec(type: ArchivableMacro.self, conformances: ["KeyedCodable"]),
        "ArchiveKey": MacroSpec(type: ArchiveFieldMarkerMacro.self),
        "ArchiveIgnored": MacroSpec(type: ArchiveFieldMarkerMacro.self),
    ]
    /// A class that inherits the conformance from its superclass.
    static let subclassSpecs = [
        "Archivable": MacroSpec(type: ArchivableMacro.self, conformances: []),
        "ArchiveKey": MacroSpec(type: ArchiveFieldMarkerMacro.self),
        "ArchiveIgnored": MacroSpec(type: ArchiveFieldMarkerMacro.self),
    ]

    func expect(
        _ source: String, _ expanded: String, diagnostics: [DiagnosticSpec] = [], subclass: Bool = false,
        applyFixIts: [String]? = nil, fixedSource: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        assertMacroExpansion(
            source, expandedSource: expanded, diagnostics: diagnostics,
            macroSpecs: subclass ? Self.subclassSpecs : Self.rootSpecs,
            applyFixIts: applyFixIts, fixedSource: fixedSource,
            failureHandler: { failure in
                Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
            })
    }

    // MARK: Shapes

    @Test func finalClass() {
        expect("""
            @Archivable
            final class Person {
                var name = ""
                var friends: [Person] = []
                var best: Person?
            }
            """, """
            final class Person {
                var name = ""
                var friends: [Person] = []
                var best: Person?

                static var archivedClassName: String {
                    "Person"
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.name, forKey: "name")
                    archiver.encode(self.friends, forKey: "friends")
                    archiver.encode(self.best, forKey: "best")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.name = try unarchiver.decode(String.self, forKey: "name", default: self.name)
                    self.friends = try unarchiver.decode([Person].self, forKey: "friends", default: self.friends)
                    self.best = try unarchiver.decodeIfPresent(Person.self, forKey: "best")
                }
            }

            extension Person: KeyedCodable {

            }
            """)
    }

    @Test func everyKindOfProperty() {
        expect("""
            @Archivable
            final class Item {
                var count: Int
                var title: String? = "untitled"
                weak var owner: Item?
                var note: Optional<String>
                var x = 0.0, y, z: Double
                @ArchiveKey("NS.string") var text = ""
                @ArchiveIgnored var cache: [Int] = []
                var computed: Int { count * 2 }
                var observed = 1 { didSet { } }
                var stamp = Date()
                static var shared = 0
                init() { count = 0; y = 0; z = 0 }
            }
            """, """
            final class Item {
                var count: Int
                var title: String? = "untitled"
                weak var owner: Item?
                var note: Optional<String>
                var x = 0.0, y, z: Double
                var text = ""
                var cache: [Int] = []
                var computed: Int { count * 2 }
                var observed = 1 { didSet { } }
                var stamp = Date()
                static var shared = 0
                init() { count = 0; y = 0; z = 0 }

                static var archivedClassName: String {
                    "Item"
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.count, forKey: "count")
                    archiver.encode(self.title, forKey: "title")
                    archiver.encode(self.owner, forKey: "owner")
                    archiver.encode(self.note, forKey: "note")
                    archiver.encode(self.x, forKey: "x")
                    archiver.encode(self.y, forKey: "y")
                    archiver.encode(self.z, forKey: "z")
                    archiver.encode(self.text, forKey: "NS.string")
                    archiver.encode(self.observed, forKey: "observed")
                    archiver.encode(self.stamp, forKey: "stamp")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.count = try unarchiver.decode(Int.self, forKey: "count")
                    if unarchiver.containsValue(forKey: "title") {
                        self.title = try unarchiver.decodeIfPresent(String.self, forKey: "title")
                    }
                    self.owner = try unarchiver.decodeIfPresent(Item.self, forKey: "owner")
                    self.note = try unarchiver.decodeIfPresent(String.self, forKey: "note")
                    self.x = try unarchiver.decode(Double.self, forKey: "x", default: self.x)
                    self.y = try unarchiver.decode(Double.self, forKey: "y")
                    self.z = try unarchiver.decode(Double.self, forKey: "z")
                    self.text = try unarchiver.decode(String.self, forKey: "NS.string", default: self.text)
                    self.observed = try unarchiver.decode(Int.self, forKey: "observed", default: self.observed)
                    self.stamp = try unarchiver.decode(forKey: "stamp", default: self.stamp)
                }
            }

            extension Item: KeyedCodable {

            }
            """)
    }

    @Test func overridableClassWithItsOwnName() {
        expect("""
            @Archivable(className: "MYStudent")
            public class Student {
                public var name = ""
            }
            """, """
            public class Student {
                public var name = ""

                public class var archivedClassName: String {
                    "MYStudent"
                }

                public class var archivedClassHierarchy: [String] {
                    ["MYStudent", "NSObject"]
                }

                public required init() {
                }

                public func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.name, forKey: "name")
                }

                public func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.name = try unarchiver.decode(String.self, forKey: "name", default: self.name)
                }
            }

            extension Student: KeyedCodable {

            }
            """)
    }

    @Test func subclassExtendsItsSuperclass() {
        expect("""
            @Archivable
            final class GradStudent: Student {
                var thesis = ""
            }
            """, """
            final class GradStudent: Student {
                var thesis = ""

                override class var archivedClassName: String {
                    "GradStudent"
                }

                override class var archivedClassHierarchy: [String] {
                    ["GradStudent"] + super.archivedClassHierarchy
                }

                required init() {
                    super.init()
                }

                override func encode(with archiver: KeyedArchiver) {
                    super.encode(with: archiver)
                    archiver.encode(self.thesis, forKey: "thesis")
                }

                override func decode(from unarchiver: KeyedUnarchiver) throws {
                    try super.decode(from: unarchiver)
                    self.thesis = try unarchiver.decode(String.self, forKey: "thesis", default: self.thesis)
                }
            }
            """, subclass: true)
    }

    @Test func moduleQualifiedName() {
        expect("""
            @Archivable(className: .moduleQualified)
            final class Person {
                var name = ""
            }
            """, """
            final class Person {
                var name = ""

                static var archivedClassName: String {
                    String(reflecting: Person.self)
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.name, forKey: "name")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.name = try unarchiver.decode(String.self, forKey: "name", default: self.name)
                }
            }

            extension Person: KeyedCodable {

            }
            """)
    }

    @Test func subclassOfNSObject() {
        expect("""
            @Archivable
            class Legacy: NSObject {
                var name = ""
            }
            """, """
            class Legacy: NSObject {
                var name = ""

                class var archivedClassName: String {
                    "Legacy"
                }

                class var archivedClassHierarchy: [String] {
                    ["Legacy", "NSObject"]
                }

                required override init() {
                    super.init()
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.name, forKey: "name")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.name = try unarchiver.decode(String.self, forKey: "name", default: self.name)
                }
            }

            extension Legacy: KeyedCodable {

            }
            """)
    }

    @Test func firstInheritedTypeMayBeAnUnannotatedClass() {
        expect("""
            @Archivable
            final class Circle: Shape, Hashable {
                var radius = 1.0
            }
            """, """
            final class Circle: Shape, Hashable {
                var radius = 1.0

                static var archivedClassName: String {
                    "Circle"
                }

                private static func archivableSuperclassCheck() {
                    ArchivableSuperclassCheck.check(Shape.self)
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.radius, forKey: "radius")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.radius = try unarchiver.decode(Double.self, forKey: "radius", default: self.radius)
                }
            }

            extension Circle: KeyedCodable {

            }
            """)
    }

    @Test func structure() {
        expect("""
            @Archivable
            public struct Point: KeyedValueCodable {
                public let id: Int
                public var x = 0.0
                public var label: String? = "origin"
                public var note: String?
            }
            """, """
            public struct Point: KeyedValueCodable {
                public let id: Int
                public var x = 0.0
                public var label: String? = "origin"
                public var note: String?
            }

            extension Point {
                public static var archivedClassName: String {
                    "Point"
                }
                public func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.id, forKey: "id")
                    archiver.encode(self.x, forKey: "x")
                    archiver.encode(self.label, forKey: "label")
                    archiver.encode(self.note, forKey: "note")
                }
                public init(from unarchiver: KeyedUnarchiver) throws {
                    self.id = try unarchiver.decode(Int.self, forKey: "id")
                    self.x = try unarchiver.decode(Double.self, forKey: "x", default: 0.0)
                    self.label = try unarchiver.containsValue(forKey: "label") ? unarchiver.decodeIfPresent(String.self, forKey: "label") : "origin"
                    self.note = try unarchiver.decodeIfPresent(String.self, forKey: "note")
                }
            }
            """)
    }

    // MARK: Diagnostics

    @Test func letInAClass() {
        expect("""
            @Archivable
            final class Person {
                let name = ""
            }
            """, """
            final class Person {
                let name = ""
            }
            """, diagnostics: [
            .init(message: "'let' property 'name' cannot be decoded: a class is decoded after init() has made it, so its archived properties must be 'var'", line: 3, column: 5, fixIts: [.init(message: "change 'let' to 'var'"), .init(message: "add @ArchiveIgnored")]),
        ], applyFixIts: ["change 'let' to 'var'"], fixedSource: """
            @Archivable
            final class Person {
                var name = ""
            }
            """)
    }

    @Test func letWithAValueInAStruct() {
        expect("""
            @Archivable
            struct Point: KeyedValueCodable {
                let origin = 0
            }
            """, """
            struct Point: KeyedValueCodable {
                let origin = 0
            }
            """, diagnostics: [
            .init(message: "'let' property 'origin' has an initial value, so init(from:) cannot set it", line: 3, column: 5, fixIts: [.init(message: "change 'let' to 'var'"), .init(message: "add @ArchiveIgnored")]),
        ], applyFixIts: ["add @ArchiveIgnored"], fixedSource: """
            @Archivable
            struct Point: KeyedValueCodable {
                @ArchiveIgnored let origin = 0
            }
            """)
    }

    @Test func missingInitialValue() {
        expect("""
            @Archivable
            final class Person {
                var name: String
                var age: Int
                var friend: Person
            }
            """, """
            final class Person {
                var name: String
                var age: Int
                var friend: Person
            }
            """, diagnostics: [
            .init(message: "property 'name' needs an initial value: the unarchiver makes the object with init() before decoding its fields", line: 3, column: 9, fixIts: [.init(message: #"add '= ""'"#)]),
            .init(message: "property 'age' needs an initial value: the unarchiver makes the object with init() before decoding its fields", line: 4, column: 9, fixIts: [.init(message: "add '= 0'")]),
            .init(message: "property 'friend' needs an initial value: the unarchiver makes the object with init() before decoding its fields", line: 5, column: 9),
        ], applyFixIts: [#"add '= ""'"#, "add '= 0'"], fixedSource: """
            @Archivable
            final class Person {
                var name: String = ""
                var age: Int = 0
                var friend: Person
            }
            """)
    }

    @Test func ignoredWithoutAValue() {
        expect("""
            @Archivable
            struct Point: KeyedValueCodable {
                @ArchiveIgnored var cache: [Int]
            }
            """, """
            struct Point: KeyedValueCodable {
                var cache: [Int]
            }
            """, diagnostics: [
            .init(message: "@ArchiveIgnored property 'cache' needs an initial value: decoding does not set it", line: 3, column: 25, fixIts: [.init(message: "add '= []'")]),
        ])
    }

    @Test func unarchivableTypes() {
        expect("""
            @Archivable
            final class Button {
                var action: () -> Void = {}
                var pair: (Int, Int) = (0, 0)
                var anything: [Any] = []
                var shape: (any Shape)?
                var initial: Character = "a"
            }
            """, """
            final class Button {
                var action: () -> Void = {}
                var pair: (Int, Int) = (0, 0)
                var anything: [Any] = []
                var shape: (any Shape)?
                var initial: Character = "a"
            }
            """, diagnostics: [
            .init(message: "property 'action' has type '() -> Void', which a keyed archive cannot hold", line: 3, column: 9, fixIts: [.init(message: "add @ArchiveIgnored")]),
            .init(message: "property 'pair' has type '(Int, Int)', which a keyed archive cannot hold", line: 4, column: 9, fixIts: [.init(message: "add @ArchiveIgnored")]),
            .init(message: "property 'anything' has type 'Any', which a keyed archive cannot hold", line: 5, column: 9, fixIts: [.init(message: "add @ArchiveIgnored")]),
            .init(message: "property 'shape' has type 'any Shape', which a keyed archive cannot hold", line: 6, column: 9, fixIts: [.init(message: "add @ArchiveIgnored")]),
            .init(message: "property 'initial' has type 'Character', which a keyed archive cannot hold", line: 7, column: 9, fixIts: [.init(message: "add @ArchiveIgnored")]),
        ], applyFixIts: ["add @ArchiveIgnored"], fixedSource: """
            @Archivable
            final class Button {
                @ArchiveIgnored var action: () -> Void = {}
                @ArchiveIgnored var pair: (Int, Int) = (0, 0)
                @ArchiveIgnored var anything: [Any] = []
                @ArchiveIgnored var shape: (any Shape)?
                @ArchiveIgnored var initial: Character = "a"
            }
            """)
    }

    @Test func duplicateKey() {
        expect("""
            @Archivable
            final class Person {
                var name = ""
                @ArchiveKey("name") var nickname = ""
            }
            """, """
            final class Person {
                var name = ""
                var nickname = ""
            }
            """, diagnostics: [
            .init(message: #"properties 'name' and 'nickname' are both archived under the key "name""#, line: 4, column: 29),
        ])
    }

    @Test func structWithoutTheConformance() {
        expect("""
            @Archivable
            struct Point: Equatable {
                var x = 0.0
            }
            """, """
            struct Point: Equatable {
                var x = 0.0
            }
            """, diagnostics: [
            .init(message: "an @Archivable struct states its conformance: add ': KeyedValueCodable'", line: 2, column: 8, fixIts: [.init(message: "add ': KeyedValueCodable'")]),
        ], applyFixIts: ["add ': KeyedValueCodable'"], fixedSource: """
            @Archivable
            struct Point: Equatable, KeyedValueCodable {
                var x = 0.0
            }
            """)
    }

    @Test func badArguments() {
        expect("""
            @Archivable(className: "\\(name)")
            final class Person {
                @ArchiveKey(key) var name = ""
                var (a, b) = (0, 0)
            }
            """, """
            final class Person {
                var name = ""
                var (a, b) = (0, 0)
            }
            """, diagnostics: [
            .init(message: #"className must be a string literal, .typeName, .moduleQualified or .named("…")"#, line: 1, column: 24),
            .init(message: "@Archivable cannot archive a tuple pattern; declare each property on its own", line: 4, column: 9),
            .init(message: "@ArchiveKey of 'name' must be one plain string literal", line: 3, column: 5),
        ])
    }

    @Test func notAClassOrStruct() {
        expect("""
            @Archivable
            enum Mode {
                case on, off
            }
            """, """
            enum Mode {
                case on, off
            }
            """, diagnostics: [
            .init(message: "@Archivable applies to a class or a struct; an enum with raw values states ': KeyedRawValueArchivable', one with associated values conforms to KeyedInlineCodable (fields of its holder) or KeyedValueCodable (an object of its own) by hand", line: 1, column: 1),
        ])
        expect("""
            @Archivable
            actor Counter {
                var count = 0
            }
            """, """
            actor Counter {
                var count = 0
            }
            """, diagnostics: [
            .init(message: "@Archivable applies to a class (KeyedCodable) or a struct (KeyedValueCodable)", line: 1, column: 1),
        ])
    }

    @Test func genericFinalClassKeepsItsArgumentsInItsName() {
        // No literal: the protocol's default, `String(describing: Self.self)`, names each
        // specialization apart (`Box<Int>`, `Box<String>`), so both can share an archive.
        expect("""
            @Archivable
            final class Box<T: KeyedArchivable> {
                var items: [T] = []
            }
            """, """
            final class Box<T: KeyedArchivable> {
                var items: [T] = []

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.items, forKey: "items")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.items = try unarchiver.decode([T].self, forKey: "items", default: self.items)
                }
            }

            extension Box: KeyedCodable {

            }
            """)
        expect("""
            @Archivable
            class Node<Value: KeyedArchivable> {
                var value: Value?
            }
            """, """
            class Node<Value: KeyedArchivable> {
                var value: Value?

                class var archivedClassName: String {
                    String(describing: Node.self)
                }

                class var archivedClassHierarchy: [String] {
                    [String(describing: Node.self), "NSObject"]
                }

                required init() {
                }

                func encode(with archiver: KeyedArchiver) {
                    archiver.encode(self.value, forKey: "value")
                }

                func decode(from unarchiver: KeyedUnarchiver) throws {
                    self.value = try unarchiver.decodeIfPresent(Value.self, forKey: "value")
                }
            }

            extension Node: KeyedCodable {

            }
            """)
    }
}
