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
    /// The written type, or the one a later binding of the same declaration gives
    /// (`var x, y: Double`); nil when the type is inferred from the initial value.
    let type: TypeSyntax?
    /// The initial value.
    let initialValue: ExprSyntax?
    /// Declared with `let`.
    let isLet: Bool
    /// Marked `@ArchiveIgnored`.
    let isIgnored: Bool

    /// The wrapped type when the written type is an optional (`T?`, `T!`, `Optional<T>`).
    var optionalWrapped: TypeSyntax? {
        guard let type else { return nil }
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return unwrapped.wrappedType }
        if let named = type.as(IdentifierTypeSyntax.self), named.name.text == "Optional",
           let arguments = named.genericArgumentClause?.arguments, arguments.count == 1,
           case .type(let wrapped) = arguments.first!.argument {
            return wrapped
        }
        return nil
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
    /// The stored instance properties of a type, in declaration order; computed, `static`
    /// and `class` properties are not among them.
    static func storedProperties(of members: MemberBlockItemListSyntax) -> [ArchiveProperty] {
        var properties: [ArchiveProperty] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) })
            else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let key = archiveKey(of: variable)
            let isIgnored = variable.attributes.contains { attributeName($0) == "ArchiveIgnored" }
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                guard isStored(binding), let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let name = pattern.identifier.text
                // `var x, y: Double`: the type is written on the last binding it applies to.
                let type = binding.typeAnnotation?.type ?? (binding.initializer == nil
                    ? bindings[(index + 1)...].lazy.compactMap { $0.initializer == nil ? $0.typeAnnotation?.type : nil }.first
                    : nil)
                properties.append(ArchiveProperty(
                    declaration: variable, binding: binding, name: name,
                    key: key ?? name.trimmingBackticks, type: type?.trimmed,
                    initialValue: binding.initializer?.value.trimmed, isLet: isLet, isIgnored: isIgnored))
            }
        }
        return properties
    }

    /// True for a binding with storage: no accessors, or only observers.
    private static func isStored(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil:
            return true
        case .getter:
            return false
        case .accessors(let accessors):
            return accessors.allSatisfy {
                [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind)
            }
        }
    }

    /// `@ArchiveKey("…")`'s string, when the declaration has one.
    static func archiveKey(of variable: VariableDeclSyntax) -> String? {
        for case .attribute(let attribute) in variable.attributes where attributeName(.attribute(attribute)) == "ArchiveKey" {
            return keyLiteral(of: attribute)
        }
        return nil
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

    static func attributeName(_ element: AttributeListSyntax.Element) -> String? {
        guard case .attribute(let attribute) = element else { return nil }
        return attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text
            ?? attribute.attributeName.as(MemberTypeSyntax.self)?.name.text
    }
}

extension String {
    /// The identifier without the backticks that let it be a keyword (`` `default` ``).
    var trimmingBackticks: String {
        hasPrefix("`") && hasSuffix("`") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
