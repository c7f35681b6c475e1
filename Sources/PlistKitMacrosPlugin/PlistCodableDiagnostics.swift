import SwiftDiagnostics
import SwiftSyntax

/// What `@PlistCodable` says about a declaration it cannot synthesize for, or synthesizes for
/// with a surprise; each message names the property or case it is about.
enum PlistCodableDiagnostic: DiagnosticMessage {
    case unsupportedDeclaration(kind: String)
    case nonFinalClass(name: String)
    case genericClass(name: String)
    case letWithInitialValue(property: String)
    case ignoredWithoutDefault(property: String)
    case missingType(property: String)
    case destructuringPattern(pattern: String)
    case lazyProperty(property: String)
    case keyArgumentNotLiteral(property: String)
    case keyWithCodingKeys(property: String)
    case notInCodingKeysWithoutDefault(property: String)
    case codingKeyWithoutProperty(key: String)
    case duplicateKey(key: String, first: String, second: String)
    case enumWithoutCases(name: String)

    var message: String {
        switch self {
        case .unsupportedDeclaration(let kind):
            "@PlistCodable applies to a struct, a final class or an enum, not to \(kind)"
        case .nonFinalClass(let name):
            "@PlistCodable applies to final classes only: a subclass of '\(name)' could not decode its own properties"
        case .genericClass(let name):
            "@PlistCodable does not support the generic class '\(name)'; use a generic struct or a non-generic final class"
        case .letWithInitialValue(let property):
            "'\(property)' is a 'let' with an initial value: it is encoded but never decoded (as Codable does)"
        case .ignoredWithoutDefault(let property):
            "@PlistIgnored property '\(property)' needs a default value to take when decoded"
        case .missingType(let property):
            "'\(property)' needs a type annotation: @PlistCodable cannot infer the type of a default value that is not a literal"
        case .destructuringPattern(let pattern):
            "@PlistCodable cannot code the destructuring declaration '\(pattern)'; declare each property on its own"
        case .lazyProperty(let property):
            "@PlistCodable cannot code the lazy property '\(property)'; mark it @PlistIgnored"
        case .keyArgumentNotLiteral(let property):
            "@PlistKey on '\(property)' takes one string literal, the key"
        case .keyWithCodingKeys(let property):
            "@PlistKey on '\(property)' conflicts with the declared CodingKeys; rename the key there"
        case .notInCodingKeysWithoutDefault(let property):
            "'\(property)' is not in CodingKeys and has no default value to take when decoded"
        case .codingKeyWithoutProperty(let key):
            "CodingKeys case '\(key)' names no stored property"
        case .duplicateKey(let key, let first, let second):
            "'\(first)' and '\(second)' are both coded under the key \"\(key)\""
        case .enumWithoutCases(let name):
            "@PlistCodable cannot decode '\(name)', an enum without cases"
        }
    }

    var diagnosticID: MessageID {
        let id: String =
            switch self {
            case .unsupportedDeclaration: "unsupportedDeclaration"
            case .nonFinalClass: "nonFinalClass"
            case .genericClass: "genericClass"
            case .letWithInitialValue: "letWithInitialValue"
            case .ignoredWithoutDefault: "ignoredWithoutDefault"
            case .missingType: "missingType"
            case .destructuringPattern: "destructuringPattern"
            case .lazyProperty: "lazyProperty"
            case .keyArgumentNotLiteral: "keyArgumentNotLiteral"
            case .keyWithCodingKeys: "keyWithCodingKeys"
            case .notInCodingKeysWithoutDefault: "notInCodingKeysWithoutDefault"
            case .codingKeyWithoutProperty: "codingKeyWithoutProperty"
            case .duplicateKey: "duplicateKey"
            case .enumWithoutCases: "enumWithoutCases"
            }
        return MessageID(domain: "PlistKitMacros", id: id)
    }

    var severity: DiagnosticSeverity {
        if case .letWithInitialValue = self { return .warning }
        return .error
    }
}

/// The fix-its `@PlistCodable` offers.
enum PlistCodableFixIt: FixItMessage {
    case makeFinal
    case makeVar

    var message: String {
        switch self {
        case .makeFinal: "make the class final"
        case .makeVar: "make the property a 'var'"
        }
    }

    var fixItID: MessageID {
        switch self {
        case .makeFinal: MessageID(domain: "PlistKitMacros", id: "makeFinal")
        case .makeVar: MessageID(domain: "PlistKitMacros", id: "makeVar")
        }
    }
}
