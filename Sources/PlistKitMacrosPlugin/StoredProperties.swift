import SwiftDiagnostics
import SwiftSyntax

/// One stored instance property of the type a macro is attached to: what a synthesized
/// initializer, decoder or encoder needs to know about it.
struct StoredProperty {
    /// The property's name as Swift spells it in an expression (backticks kept where the name
    /// is a keyword, so it can be written back into code).
    let name: String
    /// The name without backticks: the key Codable would use for it.
    let bareName: String
    /// The declared type, or the type of a literal default when none is written; `nil` when
    /// neither says it (see ``StoredPropertyProblem/missingType``).
    let type: TypeSyntax?
    /// The initial value, if the declaration has one.
    let initializer: ExprSyntax?
    /// `let` rather than `var`.
    let isLet: Bool
    /// The declaration the property came from (its attributes, modifiers and other bindings).
    let declaration: VariableDeclSyntax
    /// The binding inside ``declaration`` that declares this property.
    let binding: PatternBindingSyntax

    /// The attributes written on the declaration (shared by every binding of a
    /// `var a, b: Int`).
    var attributes: AttributeListSyntax { declaration.attributes }

    /// Whether the declaration binds more than one name (`var a, b: Int`).
    var sharesDeclaration: Bool { declaration.bindings.count > 1 }

    /// Whether the type is `Optional` (`T?`, `T!`, `Optional<T>`, `Swift.Optional<T>`): what
    /// Codable's synthesis writes with `encodeIfPresent` and reads with `decodeIfPresent`.
    var isOptional: Bool { wrappedType != nil }

    /// The `T` of an optional type, `nil` when the type is not optional.
    var wrappedType: TypeSyntax? { type.flatMap(StoredProperty.optionalWrapped) }

    /// The first attribute named `name` (`@name` or `@name(…)`, with or without a module
    /// prefix), if the declaration carries one.
    func attribute(named name: String) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let written = attribute.attributeName.trimmedDescription
            if written == name || written.hasSuffix("." + name) { return attribute }
        }
        return nil
    }

    /// The single string-literal argument of `@name("…")`, if the attribute is written so.
    func stringArgument(ofAttribute name: String) -> String? {
        guard let attribute = attribute(named: name),
            case .argumentList(let arguments) = attribute.arguments,
            arguments.count == 1,
            let literal = arguments.first?.expression.as(StringLiteralExprSyntax.self),
            literal.segments.count == 1,
            case .stringSegment(let segment) = literal.segments.first
        else { return nil }
        return segment.content.text
    }

    /// The wrapped type of `T?`, `T!`, `Optional<T>` or `Swift.Optional<T>`.
    static func optionalWrapped(_ type: TypeSyntax) -> TypeSyntax? {
        if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
        if let implicit = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return implicit.wrappedType
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return optionalWrapped(attributed.baseType)
        }
        let generic: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Optional" {
            generic = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self),
            member.name.text == "Optional", member.baseType.trimmedDescription == "Swift"
        {
            generic = member.genericArgumentClause
        } else {
            generic = nil
        }
        guard let arguments = generic?.arguments, arguments.count == 1,
            case .type(let wrapped) = arguments.first?.argument
        else { return nil }
        return wrapped
    }
}

/// A declaration among a type's members that looks like a stored property but cannot be
/// analysed as one; each macro decides what to say about it.
enum StoredPropertyProblem {
    /// A pattern other than a plain name (`var (a, b) = (1, 2)`).
    case destructuringPattern(PatternBindingSyntax)
    /// A stored property with neither a type annotation nor a literal default (`var a = f()`):
    /// a macro sees syntax only and cannot name its type.
    case missingType(StoredProperty)
}

/// The analysis of a type's stored instance properties, shared by the macros in this plugin.
///
/// Static and `class` properties, computed properties (a getter, or accessors without
/// `willSet`/`didSet`) and members of nested types are skipped; stored properties come in
/// declaration order, the order Swift's synthesized `Codable` conformance uses.
enum StoredProperties {
    /// The stored instance properties declared in `members`, in declaration order, and the
    /// declarations that could not be analysed.
    static func analyse(_ members: MemberBlockItemListSyntax) -> (
        properties: [StoredProperty], problems: [StoredPropertyProblem]
    ) {
        var properties: [StoredProperty] = []
        var problems: [StoredPropertyProblem] = []
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !isStatic(variable)
            else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() {
                if isComputed(binding) { continue }
                guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                    problems.append(.destructuringPattern(binding))
                    continue
                }
                let name = identifier.identifier.trimmedDescription
                let property = StoredProperty(
                    name: name,
                    bareName: name.trimmingBackticks,
                    type: declaredType(of: bindings, at: index)
                        ?? binding.initializer.flatMap { literalType(of: $0.value) },
                    initializer: binding.initializer?.value,
                    isLet: isLet,
                    declaration: variable,
                    binding: binding
                )
                if property.type == nil {
                    problems.append(.missingType(property))
                } else {
                    properties.append(property)
                }
            }
        }
        return (properties, problems)
    }

    /// Whether the declaration is `static` or `class`.
    static func isStatic(_ variable: VariableDeclSyntax) -> Bool {
        variable.modifiers.contains { modifier in
            modifier.name.tokenKind == .keyword(.static) || modifier.name.tokenKind == .keyword(.class)
        }
    }

    /// Whether the binding is computed: a bare getter body, or an accessor block with any
    /// accessor other than the observers `willSet`/`didSet`.
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return false }
        switch block.accessors {
        case .getter: return true
        case .accessors(let accessors):
            return accessors.contains { accessor in
                let kind = accessor.accessorSpecifier.tokenKind
                return kind != .keyword(.willSet) && kind != .keyword(.didSet)
            }
        }
    }

    /// The binding's type annotation, or, in `var a, b: Int`, the annotation of the next
    /// binding that has one (Swift gives `a` the type `Int`) — unless a binding between them
    /// has an initializer, which ends the shared annotation's reach.
    static func declaredType(of bindings: [PatternBindingSyntax], at index: Int) -> TypeSyntax? {
        for binding in bindings[index...] {
            if let type = binding.typeAnnotation?.type { return type.trimmed }
            if binding.initializer != nil { return nil }
        }
        return nil
    }

    /// The type Swift gives a literal default with no annotation: `Int`, `Double`, `String`,
    /// `Bool`; `nil` for any other expression.
    static func literalType(of expression: ExprSyntax) -> TypeSyntax? {
        var expression = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self),
            prefix.operator.text == "-"
        {
            expression = prefix.expression
        }
        switch expression.kind {
        case .integerLiteralExpr: return "Int"
        case .floatLiteralExpr: return "Double"
        case .booleanLiteralExpr: return "Bool"
        case .stringLiteralExpr, .simpleStringLiteralExpr: return "String"
        default: return nil
        }
    }
}

extension String {
    /// The name without the backticks that let a keyword be used as an identifier.
    var trimmingBackticks: String {
        guard count >= 2, hasPrefix("`"), hasSuffix("`") else { return self }
        return String(dropFirst().dropLast())
    }
}
