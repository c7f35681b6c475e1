import Testing

/// What `@PlistCodable` writes for every shape it supports.
@Suite struct PlistCodableExpansionTests {
    @Test func structWithDefaultsOptionalsAndSkippedMembers() {
        assertExpansion(
            """
            @PlistCodable
            struct Person {
                var name: String
                var age: Int = 0
                var email: String?
                var tags: [String]
                static let shared = 1
                var computed: Int { 1 }
                var observed = 2.5 { didSet {} }
            }
            """,
            expandedSource: """
                struct Person {
                    var name: String
                    var age: Int = 0
                    var email: String?
                    var tags: [String]
                    static let shared = 1
                    var computed: Int { 1 }
                    var observed = 2.5 { didSet {} }
                }

                extension Person: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["name", "age", "email", "tags", "observed"])

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decode(String.self, field: 0)
                        let _1 = try fields.decodeIfPresent(Int.self, field: 1) ?? 0
                        let _2 = try fields.decodeIfPresent(String.self, field: 2)
                        let _3 = try fields.decode([String].self, field: 3)
                        let _4 = try fields.decodeIfPresent(Double.self, field: 4) ?? 2.5
                        self.name = _0
                        self.age = _1
                        self.email = _2
                        self.tags = _3
                        self.observed = _4
                    }

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.name, field: 0)
                        try fields.encode(self.age, field: 1)
                        try fields.encodeIfPresent(self.email, field: 2)
                        try fields.encode(self.tags, field: 3)
                        try fields.encode(self.observed, field: 4)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func publicStructWithEveryOptionalSpellingAndKeywordName() {
        assertExpansion(
            """
            @PlistCodable
            public struct Flags {
                var a: Optional<Int>
                var b: Swift.Optional<[String: Int]>
                var c: Bool? = true
                var `default`: Int
            }
            """,
            expandedSource: """
                public struct Flags {
                    var a: Optional<Int>
                    var b: Swift.Optional<[String: Int]>
                    var c: Bool? = true
                    var `default`: Int
                }

                extension Flags: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["a", "b", "c", "default"])

                    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decodeIfPresent(Int.self, field: 0)
                        let _1 = try fields.decodeIfPresent([String: Int].self, field: 1)
                        let _2 = try fields.decodeIfPresent(Bool.self, field: 2)
                        let _3 = try fields.decode(Int.self, field: 3)
                        self.a = _0
                        self.b = _1
                        self.c = _2
                        self.`default` = _3
                    }

                    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encodeIfPresent(self.a, field: 0)
                        try fields.encodeIfPresent(self.b, field: 1)
                        try fields.encodeIfPresent(self.c, field: 2)
                        try fields.encode(self.`default`, field: 3)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func declaredCodingKeysGiveKeysTheirOrderAndLeaveOutOthers() {
        assertExpansion(
            """
            @PlistCodable
            struct Renamed {
                var a = 1
                var b = 2
                var c: Int
                enum CodingKeys: String, CodingKey {
                    case c, a = "AA"
                }
            }
            """,
            expandedSource: """
                struct Renamed {
                    var a = 1
                    var b = 2
                    var c: Int
                    enum CodingKeys: String, CodingKey {
                        case c, a = "AA"
                    }
                }

                extension Renamed: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["c", "AA"])

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decode(Int.self, field: 0)
                        let _1 = try fields.decodeIfPresent(Int.self, field: 1) ?? 1
                        self.c = _0
                        self.a = _1
                    }

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.c, field: 0)
                        try fields.encode(self.a, field: 1)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func finalClassWithRenameIgnoreAndSharedDeclaration() {
        assertExpansion(
            """
            @PlistCodable
            public final class Box {
                var a, b: Int
                @PlistKey("see") var c = "x"
                @PlistIgnored var cache: [Int] = []
                @PlistIgnored var note: String?
            }
            """,
            expandedSource: """
                public final class Box {
                    var a, b: Int
                    var c = "x"
                    var cache: [Int] = []
                    var note: String?

                    enum CodingKeys: String, CodingKey {
                        case a
                        case b
                        case c = "see"
                    }

                    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decode(Int.self, field: 0)
                        let _1 = try fields.decode(Int.self, field: 1)
                        let _2 = try fields.decodeIfPresent(String.self, field: 2) ?? "x"
                        self.a = _0
                        self.b = _1
                        self.c = _2
                    }
                }

                extension Box: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["a", "b", "see"])

                    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.a, field: 0)
                        try fields.encode(self.b, field: 1)
                        try fields.encode(self.c, field: 2)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    /// A final subclass gets the same members as any final class (its initializer calls the
    /// superclass's `init()` implicitly, as synthesized `Codable` does), and a property of a
    /// Codable-only type the same calls as any other: the field coders' overloads pick the path.
    @Test func finalSubclassWithACodableOnlyProperty() {
        assertExpansion(
            """
            @PlistCodable
            final class Dog: Animal {
                var name: String
                var collar: LegacyTag?
            }
            """,
            expandedSource: """
                final class Dog: Animal {
                    var name: String
                    var collar: LegacyTag?

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decode(String.self, field: 0)
                        let _1 = try fields.decodeIfPresent(LegacyTag.self, field: 1)
                        self.name = _0
                        self.collar = _1
                    }
                }

                extension Dog: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["name", "collar"])

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.name, field: 0)
                        try fields.encodeIfPresent(self.collar, field: 1)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func genericStructConformsWhereItsParametersDo() {
        assertExpansion(
            """
            @PlistCodable
            struct Pair<A, B> {
                var a: A
                var b: B?
            }
            """,
            expandedSource: """
                struct Pair<A, B> {
                    var a: A
                    var b: B?
                }

                extension Pair {
                    static var plistFields: PlistFields {
                        PlistFields(["a", "b"])
                    }
                }

                extension Pair: PlistDecodable where A: PlistDecodable, B: PlistDecodable {
                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        let _0 = try fields.decode(A.self, field: 0)
                        let _1 = try fields.decodeIfPresent(B.self, field: 1)
                        self.a = _0
                        self.b = _1
                    }
                }

                extension Pair: PlistEncodable where A: PlistEncodable, B: PlistEncodable {
                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.a, field: 0)
                        try fields.encodeIfPresent(self.b, field: 1)
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func rawValueEnumGetsTheLibrarysConformance() {
        assertExpansion(
            """
            @PlistCodable
            enum Mood: String {
                case happy, sad
            }
            """,
            expandedSource: """
                enum Mood: String {
                    case happy, sad
                }

                extension Mood: PlistDecodable, PlistEncodable {
                }
                """
        )
    }

    @Test func enumWithAssociatedValuesInCodablesShape() {
        assertExpansion(
            """
            @PlistCodable
            enum Shape {
                case circle(radius: Double)
                case point(Double, Double?)
                case empty
            }
            """,
            expandedSource: """
                enum Shape {
                    case circle(radius: Double)
                    case point(Double, Double?)
                    case empty
                }

                extension Shape: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["circle", "point", "empty"])

                    enum PlistCaseFields {
                        static let circle = PlistFields(["radius"])
                        static let point = PlistFields(["_0", "_1"])
                    }

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        switch try fields.decodeCaseField(of: Self.self) {
                        case 0:
                            var payload = try fields.decodeNestedFields(Self.PlistCaseFields.circle, field: 0)
                            self = .circle(radius: try payload.decode(Double.self, field: 0))
                        case 1:
                            var payload = try fields.decodeNestedFields(Self.PlistCaseFields.point, field: 1)
                            self = .point(try payload.decode(Double.self, field: 0), try payload.decodeIfPresent(Double.self, field: 1))
                        default:
                            _ = try fields.decodeNestedFields(PlistFields.none, field: 2)
                            self = .empty
                        }
                    }

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        switch self {
                        case .circle(let v0):
                            var payload = fields.encodeNestedFields(Self.PlistCaseFields.circle, field: 0)
                            try payload.encode(v0, field: 0)
                            fields.end(payload, field: 0)
                        case .point(let v0, let v1):
                            var payload = fields.encodeNestedFields(Self.PlistCaseFields.point, field: 1)
                            try payload.encode(v0, field: 0)
                            try payload.encodeIfPresent(v1, field: 1)
                            fields.end(payload, field: 1)
                        case .empty:
                            let payload = fields.encodeNestedFields(PlistFields.none, field: 2)
                            fields.end(payload, field: 2)
                        }
                        encoder.end(fields)
                    }
                }
                """
        )
    }

    @Test func enumCodingKeysRenameCasesAndPayloadKeys() {
        assertExpansion(
            """
            @PlistCodable
            enum Command {
                case move(x: Int)
                case stop
                enum CodingKeys: String, CodingKey {
                    case move = "MOVE", stop
                }
                enum MoveCodingKeys: String, CodingKey {
                    case x = "dx"
                }
            }
            """,
            expandedSource: """
                enum Command {
                    case move(x: Int)
                    case stop
                    enum CodingKeys: String, CodingKey {
                        case move = "MOVE", stop
                    }
                    enum MoveCodingKeys: String, CodingKey {
                        case x = "dx"
                    }
                }

                extension Command: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["MOVE", "stop"])

                    enum PlistCaseFields {
                        static let move = PlistFields(["dx"])
                    }

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        switch try fields.decodeCaseField(of: Self.self) {
                        case 0:
                            var payload = try fields.decodeNestedFields(Self.PlistCaseFields.move, field: 0)
                            self = .move(x: try payload.decode(Int.self, field: 0))
                        default:
                            _ = try fields.decodeNestedFields(PlistFields.none, field: 1)
                            self = .stop
                        }
                    }

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        switch self {
                        case .move(let v0):
                            var payload = fields.encodeNestedFields(Self.PlistCaseFields.move, field: 0)
                            try payload.encode(v0, field: 0)
                            fields.end(payload, field: 0)
                        case .stop:
                            let payload = fields.encodeNestedFields(PlistFields.none, field: 1)
                            fields.end(payload, field: 1)
                        }
                        encoder.end(fields)
                    }
                }
                """
        )
    }
    @Test func enumWithIntRawTypeAndNoWrittenValues() {
        assertExpansion(
            """
            @PlistCodable
            package enum Level: Int {
                case low, high
            }
            """,
            expandedSource: """
                package enum Level: Int {
                    case low, high
                }

                extension Level: PlistDecodable, PlistEncodable {
                }
                """
        )
    }

    @Test func genericEnumTablesAreComputed() {
        assertExpansion(
            """
            @PlistCodable
            public enum Either<L, R> {
                case left(L)
                case right(value: R)
            }
            """,
            expandedSource: """
                public enum Either<L, R> {
                    case left(L)
                    case right(value: R)
                }

                extension Either {
                    static var plistFields: PlistFields {
                        PlistFields(["left", "right"])
                    }

                    enum PlistCaseFields {
                        static var left: PlistFields {
                            PlistFields(["_0"])
                        }
                        static var right: PlistFields {
                            PlistFields(["value"])
                        }
                    }
                }

                extension Either: PlistDecodable where L: PlistDecodable, R: PlistDecodable {
                    public init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        var fields = try decoder.decodeFields(Self.plistFields)
                        switch try fields.decodeCaseField(of: Self.self) {
                        case 0:
                            var payload = try fields.decodeNestedFields(Self.PlistCaseFields.left, field: 0)
                            self = .left(try payload.decode(L.self, field: 0))
                        default:
                            var payload = try fields.decodeNestedFields(Self.PlistCaseFields.right, field: 1)
                            self = .right(value: try payload.decode(R.self, field: 0))
                        }
                    }
                }

                extension Either: PlistEncodable where L: PlistEncodable, R: PlistEncodable {
                    public func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        switch self {
                        case .left(let v0):
                            var payload = fields.encodeNestedFields(Self.PlistCaseFields.left, field: 0)
                            try payload.encode(v0, field: 0)
                            fields.end(payload, field: 0)
                        case .right(let v0):
                            var payload = fields.encodeNestedFields(Self.PlistCaseFields.right, field: 1)
                            try payload.encode(v0, field: 0)
                            fields.end(payload, field: 1)
                        }
                        encoder.end(fields)
                    }
                }
                """
        )
    }
}
