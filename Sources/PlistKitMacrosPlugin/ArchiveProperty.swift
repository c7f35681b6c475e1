import SwiftSyntax

/// One stored property of an `@Archivable` type, as the expansion reads it.
struct ArchiveProperty {
    /// The declaration (for diagnostics and fix-its).
    let declaration: VariableDeclSyntax
    /// The binding of this property within the declaration (`var x = 0, y = 0` has two).
    let binding: PatternBindingSyntax
    /// The name as written, backticks included: what the expansion refers to.
    let name: String
    /// The archive key: `@ArchiveKey`'s argument, else the name without backticks.
    let key: String
    /// The written type, the one a later binding of the same declaration gives
    /// (`var x, y: Double`) or a literal initial value's; nil when the compiler infers it
    /// from another initial value.
    let type: TypeSyntax?
    /// The initial value.
    let initialValue: ExprSyntax?
    /// Declared with `let`.
    let isLet: Bool
    /// Marked `@ArchiveIgnored`.
    let isIgnored: Bool

    /// The wrapped type when the written type is an optional (`T?`, `T!`, `Optional<T>`).
    var optionalWrapped: TypeSyntax? {
        type.flatMap(StoredProperty.optionalWrapped)
    }

    /// An optional `var` spelled `T?` or `T!` without an initial value starts as nil, as if
    /// it had one (`Optional<T>` spelled out does not).
    var hasInitialValue: Bool {
        initialValue != nil || (!isLet && (type?.is(OptionalTypeSyntax.self) == true
            || type?.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) == true))
    }

    /// True when the initial value is the literal `nil`.
    var startsAsNil: Bool {
        initialValue == nil || initialValue!.is(NilLiteralExprSyntax.self)
    }
}

extension ArchiveProperty {
    /// The stored instance properties of a type, in declaration order (the shared
    /// ``StoredProperties`` analysis; a property whose type it cannot name is kept, its type
    /// left to inference), and the tuple patterns it could not analyse.
    static func storedProperties(of members: MemberBlockItemListSyntax) -> (properties: [ArchiveProperty], tuplePatterns: [PatternBindingSyntax]) {
        let (analysed, problems) = StoredProperties.analyse(members)
        var untyped: [StoredProperty] = []
        var tuplePatterns: [PatternBindingSyntax] = []
        for problem in problems {
            switch problem {
            case .destructuringPattern(let binding): tuplePatterns.append(binding)
            case .missingType(let property): untyped.append(property)
            }
        }
        let properties = (analysed + untyped).map { property in
            ArchiveProperty(
                declaration: property.declaration, binding: property.binding, name: property.name,
                key: property.stringArgument(ofAttribute: "ArchiveKey") ?? property.bareName,
                type: property.type, initialValue: property.initializer?.trimmed, isLet: property.isLet,
                isIgnored: property.attribute(named: "ArchiveIgnored") != nil)
        }
        // Declaration order, as the analysis gives it, with the untyped ones in their places.
        return (properties.sorted { $0.binding.position < $1.binding.position }, tuplePatterns)
    }

    /// The text of an `@ArchiveKey` argument that is a plain string literal.
    static func keyLiteral(of attribute: AttributeSyntax) -> String? {
        guard case .argumentList(let arguments) = attribute.arguments, arguments.count == 1,
              let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self)
        else { return nil }
        var text = ""
        for segment in literal.segments {
            // Escapes would need decoding; a key is plain text.
            guard case .stringSegment(let part) = segment, !part.content.text.contains("\\") else { return nil }
            text += part.content.text
        }
        return text
    }
}
