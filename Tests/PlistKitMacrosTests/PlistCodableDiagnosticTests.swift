import SwiftSyntaxMacrosGenericTestSupport
import Testing

/// Every diagnostic `@PlistCodable` gives: the message names the property, the position is
/// the property's name, and the fix-it, where there is one, applies.
@Suite struct PlistCodableDiagnosticTests {
    @Test func protocolsAndActorsAreRefused() {
        assertExpansion(
            """
            @PlistCodable
            protocol Named {}
            """,
            expandedSource: """
                protocol Named {}
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistCodable applies to a struct, a final class or an enum, not to a protocol", line: 2, column: 1)
            ]
        )
        assertExpansion(
            """
            @PlistCodable
            actor Counter {
                var n = 0
            }
            """,
            expandedSource: """
                actor Counter {
                    var n = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistCodable applies to a struct, a final class or an enum, not to an actor", line: 2, column: 1)
            ]
        )
    }

    @Test func nonFinalClassGetsAFixItToMakeItFinal() {
        assertExpansion(
            """
            @PlistCodable
            class Node {
                var name = ""
            }
            """,
            expandedSource: """
                class Node {
                    var name = ""
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@PlistCodable applies to final classes only: a subclass of 'Node' could not decode its own properties",
                    line: 2, column: 1, fixIts: [FixItSpec(message: "make the class final")]
                )
            ],
            applyFixIts: ["make the class final"],
            fixedSource: """
                @PlistCodable
                final class Node {
                    var name = ""
                }
                """
        )
    }

    @Test func genericClassIsRefused() {
        assertExpansion(
            """
            @PlistCodable
            final class Holder<T> {
                var value: T?
            }
            """,
            expandedSource: """
                final class Holder<T> {
                    var value: T?
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@PlistCodable does not support the generic class 'Holder'; use a generic struct or a non-generic final class",
                    line: 2, column: 13
                )
            ]
        )
    }

    @Test func letWithAnInitialValueWarnsAndOffersVar() {
        assertExpansion(
            """
            @PlistCodable
            struct Version {
                let major = 1
            }
            """,
            expandedSource: """
                struct Version {
                    let major = 1
                }

                extension Version: PlistDecodable, PlistEncodable {
                    static let plistFields = PlistFields(["major"])

                    init(plist decoder: inout some PlistValueDecoder) throws(DecodingError) {
                        _ = try decoder.decodeFields(Self.plistFields)
                    }

                    func encode(plist encoder: inout some PlistValueEncoder) throws(EncodingError) {
                        var fields = encoder.encodeFields(Self.plistFields)
                        try fields.encode(self.major, field: 0)
                        encoder.end(fields)
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'major' is a 'let' with an initial value: it is encoded but never decoded (as Codable does)",
                    line: 3, column: 9, severity: .warning, fixIts: [FixItSpec(message: "make the property a 'var'")]
                )
            ],
            applyFixIts: ["make the property a 'var'"],
            fixedSource: """
                @PlistCodable
                struct Version {
                    var major = 1
                }
                """
        )
    }

    @Test func ignoredPropertyNeedsADefault() {
        assertExpansion(
            """
            @PlistCodable
            struct Cache {
                @PlistIgnored var hits: Int
            }
            """,
            expandedSource: """
                struct Cache {
                    var hits: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistIgnored property 'hits' needs a default value to take when decoded", line: 3, column: 23)
            ]
        )
    }

    @Test func propertyWhoseTypeCannotBeSeenNeedsAnAnnotation() {
        assertExpansion(
            """
            @PlistCodable
            struct Settings {
                var limits = makeLimits()
            }
            """,
            expandedSource: """
                struct Settings {
                    var limits = makeLimits()
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'limits' needs a type annotation: @PlistCodable cannot infer the type of a default value that is not a literal",
                    line: 3, column: 9
                )
            ]
        )
    }

    @Test func destructuringAndLazyPropertiesAreRefused() {
        assertExpansion(
            """
            @PlistCodable
            struct Odd {
                var (x, y) = (1, 2)
                lazy var z: Int = 3
            }
            """,
            expandedSource: """
                struct Odd {
                    var (x, y) = (1, 2)
                    lazy var z: Int = 3
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@PlistCodable cannot code the destructuring declaration '(x, y)'; declare each property on its own",
                    line: 3, column: 9
                ),
                DiagnosticSpec(message: "@PlistCodable cannot code the lazy property 'z'; mark it @PlistIgnored", line: 4, column: 14),
            ]
        )
    }

    @Test func keyAttributeProblems() {
        assertExpansion(
            """
            @PlistCodable
            struct Keys {
                @PlistKey(name) var a: Int
                @PlistKey("a") var b: Int
            }
            """,
            expandedSource: """
                struct Keys {
                    var a: Int
                    var b: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistKey on 'a' takes one string literal, the key", line: 3, column: 5),
                DiagnosticSpec(message: "'a' and 'b' are both coded under the key \"a\"", line: 4, column: 24),
            ]
        )
        assertExpansion(
            """
            @PlistCodable
            struct Both {
                @PlistKey("A") var a: Int
                enum CodingKeys: String, CodingKey {
                    case a
                }
            }
            """,
            expandedSource: """
                struct Both {
                    var a: Int
                    enum CodingKeys: String, CodingKey {
                        case a
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistKey on 'a' conflicts with the declared CodingKeys; rename the key there", line: 3, column: 5)
            ]
        )
    }

    @Test func codingKeysThatDoNotMatchTheProperties() {
        assertExpansion(
            """
            @PlistCodable
            struct Partial {
                var kept: Int
                var dropped: Int
                enum CodingKeys: String, CodingKey {
                    case kept, extra
                }
            }
            """,
            expandedSource: """
                struct Partial {
                    var kept: Int
                    var dropped: Int
                    enum CodingKeys: String, CodingKey {
                        case kept, extra
                    }
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "CodingKeys case 'extra' names no stored property", line: 6, column: 20),
                DiagnosticSpec(
                    message: "'dropped' is not in CodingKeys and has no default value to take when decoded", line: 4, column: 9
                ),
            ]
        )
    }

    @Test func enumWithoutCasesIsRefused() {
        assertExpansion(
            """
            @PlistCodable
            enum Nothing {}
            """,
            expandedSource: """
                enum Nothing {}
                """,
            diagnostics: [
                DiagnosticSpec(message: "@PlistCodable cannot decode 'Nothing', an enum without cases", line: 2, column: 6)
            ]
        )
    }
}
