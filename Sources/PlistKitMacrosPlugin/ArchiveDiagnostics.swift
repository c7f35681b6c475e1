import SwiftDiagnostics
import SwiftSyntax

/// The errors `@Archivable` reports, each naming the property or argument concerned.
enum ArchiveDiagnostic: DiagnosticMessage {
    case notAClassOrStruct
    case enumConformsByHand
    case structNeedsConformance
    case badClassName
    case badKey(property: String)
    case tuplePattern
    case letInClass(property: String)
    case letWithInitialValue(property: String)
    case needsInitialValue(property: String)
    case ignoredNeedsInitialValue(property: String)
    case unarchivableType(property: String, type: String)
    case duplicateKey(key: String, first: String, second: String)

    var message: String {
        switch self {
        case .notAClassOrStruct:
            "@Archivable applies to a class (KeyedCodable) or a struct (KeyedValueCodable)"
        case .enumConformsByHand:
            "@Archivable applies to a class or a struct; an enum with raw values states ': KeyedRawValueArchivable', one with associated values conforms to KeyedInlineCodable (fields of its holder) or KeyedValueCodable (an object of its own) by hand"
        case .structNeedsConformance:
            "an @Archivable struct states its conformance: add ': KeyedValueCodable'"
        case .badClassName:
            "className must be a string literal, .typeName, .moduleQualified or .named(\"…\")"
        case .badKey(let property):
            "@ArchiveKey of '\(property)' must be one plain string literal"
        case .tuplePattern:
            "@Archivable cannot archive a tuple pattern; declare each property on its own"
        case .letInClass(let property):
            "'let' property '\(property)' cannot be decoded: a class is decoded after init() has made it, so its archived properties must be 'var'"
        case .letWithInitialValue(let property):
            "'let' property '\(property)' has an initial value, so init(from:) cannot set it"
        case .needsInitialValue(let property):
            "property '\(property)' needs an initial value: the unarchiver makes the object with init() before decoding its fields"
        case .ignoredNeedsInitialValue(let property):
            "@ArchiveIgnored property '\(property)' needs an initial value: decoding does not set it"
        case .unarchivableType(let property, let type):
            "property '\(property)' has type '\(type)', which a keyed archive cannot hold"
        case .duplicateKey(let key, let first, let second):
            "properties '\(first)' and '\(second)' are both archived under the key \"\(key)\""
        }
    }

    var diagnosticID: MessageID {
        MessageID(domain: "PlistKitMacros.Archivable", id: "\(self)".prefix { $0 != "(" }.description)
    }

    var severity: DiagnosticSeverity { .error }
}

/// A fix-it's title.
struct ArchiveFixIt: FixItMessage {
    let message: String

    var fixItID: MessageID {
        MessageID(domain: "PlistKitMacros.Archivable", id: message)
    }
}

extension ArchiveFixIt {
    /// `let` → `var`.
    static func makeVar(_ variable: VariableDeclSyntax) -> FixIt {
        FixIt(message: ArchiveFixIt(message: "change 'let' to 'var'"), changes: [
            .replace(oldNode: Syntax(variable.bindingSpecifier),
                     newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var)))),
        ])
    }

    /// Adds `KeyedValueCodable` to a struct's inheritance clause.
    static func addValueConformance(_ type: StructDeclSyntax) -> FixIt {
        var newType = type
        let conformance = InheritedTypeSyntax(type: IdentifierTypeSyntax(name: .identifier("KeyedValueCodable")))
        if var clause = type.inheritanceClause, let last = clause.inheritedTypes.last {
            // `: Equatable {` becomes `: Equatable, KeyedValueCodable {`.
            clause.inheritedTypes = InheritedTypeListSyntax(Array(clause.inheritedTypes.dropLast()) + [
                last.with(\.type.trailingTrivia, []).with(\.trailingComma, .commaToken(trailingTrivia: .space)),
                conformance.with(\.trailingTrivia, last.trailingTrivia),
            ])
            newType.inheritanceClause = clause
        } else {
            newType.name.trailingTrivia = []
            newType.inheritanceClause = InheritanceClauseSyntax(
                colon: .colonToken(trailingTrivia: .space),
                inheritedTypes: [conformance.with(\.trailingTrivia, type.name.trailingTrivia)])
        }
        return FixIt(message: ArchiveFixIt(message: "add ': KeyedValueCodable'"), changes: [
            .replace(oldNode: Syntax(type), newNode: Syntax(newType)),
        ])
    }

    /// Puts `@ArchiveIgnored` before the declaration.
    static func ignore(_ variable: VariableDeclSyntax) -> FixIt {
        let attribute = AttributeSyntax(
            attributeName: IdentifierTypeSyntax(name: .identifier("ArchiveIgnored")),
            trailingTrivia: .space)
        // The attribute goes first, taking over the declaration's leading trivia (indentation).
        var newDeclaration = variable.with(\.leadingTrivia, [])
        newDeclaration.attributes.append(.attribute(attribute))
        newDeclaration.leadingTrivia = variable.leadingTrivia
        return FixIt(message: ArchiveFixIt(message: "add @ArchiveIgnored"), changes: [
            .replace(oldNode: Syntax(variable), newNode: Syntax(newDeclaration)),
        ])
    }

    /// Adds ` = value` after the binding's type.
    static func initialValue(_ binding: PatternBindingSyntax, _ value: String) -> FixIt {
        let initializer = InitializerClauseSyntax(
            equal: .equalToken(leadingTrivia: .space, trailingTrivia: .space),
            value: ExprSyntax(stringLiteral: value))
        let typeAnnotation = binding.typeAnnotation.map { $0.with(\.trailingTrivia, []) }
        let newBinding = binding.with(\.typeAnnotation, typeAnnotation)
            .with(\.initializer, initializer)
            .with(\.trailingTrivia, binding.trailingTrivia)
        return FixIt(message: ArchiveFixIt(message: "add '= \(value)'"), changes: [
            .replace(oldNode: Syntax(binding), newNode: Syntax(newBinding)),
        ])
    }
}
